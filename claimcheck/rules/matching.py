"""Declarative rules: evaluate a rule's ``match`` expression over each subject's facts.

The environment an expression sees, by subject:

- ``measurement``: ``measurement`` (its fields plus ``quantity``, a pint value),
  ``scope`` (condition name -> value in scope, the most specific scope winning),
  ``device`` (the device's fields plus its device-scoped conditions), ``test``;
- ``condition``: ``condition``, ``device``;
- ``claim``: ``claim``;
- ``device``: ``device``;
- ``document``: ``document`` (path, devices, sponsor, condition names present);
- ``provenance``: ``provenance`` (relation, who, how, stated, entity, declined), one subject
  per document, at its most telling statement.

Every subject also sees ``document``. Functions over the whole report:
``any_device(name, value)``, ``differs_across_devices(name)``,
``is_tested_vendor(org)``, ``contains_any(text, [words])``, ``has_condition(name)``,
``largest(x)`` (the largest number of a list, or ``x`` itself), ``num(x)`` (``x`` if it
is a number, else null).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.rules.expr import Expression, compile_expression
from claimcheck.rules.expr_eval import stored_value
from claimcheck.rules.prefilter import Guard, guard
from claimcheck.rules.registry import Hit
from claimcheck.rules.spec import RuleSpec
from claimcheck.units import DeferredQuantity, canonical_unit, quantity, resolved

FUNCTIONS = (
    "any_device",
    "differs_across_devices",
    "is_tested_vendor",
    "contains_any",
    "has_condition",
    "largest",
    "num",
)
_PLACEHOLDER = lazyre.compile(r"\{([^{}]+)\}")


@cache
def _compiled(text: str, source: str, line: int, column: int) -> Expression:
    return compile_expression(
        text, source=source, line=line, column=column, known_functions=set(FUNCTIONS)
    )


def compile_rule(spec: RuleSpec) -> tuple[Expression, list[tuple[str, Expression | None]]]:
    """The rule's match expression and its message template, compiled (errors name the file)."""
    match = _compiled(spec.match or "false", spec.path, spec.match_line, spec.match_column)
    parts: list[tuple[str, Expression | None]] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(spec.message):
        parts.append((spec.message[pos : m.start()], None))
        parts.append(("", _compiled(m.group(1), f"{spec.path} (message)", 1, m.start(1) + 1)))
        pos = m.end()
    parts.append((spec.message[pos:], None))
    return match, parts


def _cap(value: Any) -> Any:
    """A ``{value, unit}`` condition (a licence cap) as a quantity built when first read."""
    if isinstance(value, dict) and "value" in value and "unit" in value:
        return DeferredQuantity(float(value["value"]), canonical_unit(str(value["unit"])) or "")
    return value


class _MeasurementFields(dict):
    """A measurement's fields where ``quantity`` (a pint value) is built on first read.

    Most runs never read it, and building it is what would load pint.
    """

    def __missing__(self, key: str) -> Any:
        if key != "quantity":
            raise KeyError(key)
        value = self["quantity"] = quantity(self["value"], self["unit"])
        return value

    def get(self, key: str, default: Any = None) -> Any:
        """The field, building ``quantity`` when it is asked for."""
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return key == "quantity" or super().__contains__(key)


_PLAIN = (str, int, float, bool)


class Environments:
    """What a rule's ``match`` expression sees for each subject of one document, derived from
    its fact store (built once per store: :func:`environments`)."""

    def __init__(self, facts: FactStore) -> None:
        extraction = facts.extraction
        self.doc = facts.doc
        self.extraction = extraction
        self.graph = facts.graph
        self.device_conditions: dict[str, dict[str, Any]] = {}
        for c in extraction.conditions:
            if not c.device or c.hedged or c.name in self.device_conditions.get(c.device, ()):
                continue  # the first stated value of a name wins
            value = _value(c)
            if value is not None:
                self.device_conditions.setdefault(c.device, {})[c.name] = value
        self.devices = {d.id: d for d in extraction.devices}
        self._subjects: dict[str, list[tuple[Any, dict[str, Any]]]] = {}
        # environments shared by every subject with the same key (read-only once built)
        self._device_envs: dict[str, dict[str, Any]] = {}
        self._test_envs: dict[str, dict[str, Any]] = {}
        self._scopes: dict[tuple[str | None, str | None, str | None], dict[str, Any]] = {}
        self._groups: dict[tuple[str, tuple[str, ...]], dict[str, list[int]]] = {}
        self.tests = {t.id: t for t in extraction.tests}
        self._device_cores: tuple[set[str], set[str]] | None = None  # names, their first words
        self._values: dict[int, tuple[Any, Any]] = {}  # id(condition) -> (condition, value)
        # answers of the document-wide functions: asked once per subject, the same each time
        self._answers: dict[tuple[Any, ...], bool] = {}
        names = sorted({c.name for c in extraction.conditions if not c.hedged})
        sponsor = getattr(extraction.provenance, "sponsor", None)
        self.document = {"path": extraction.path, "devices": len(extraction.devices),
                         "conditions": names, "sponsor": sponsor}  # fmt: skip
        self.functions = {
            "any_device": self.any_device,
            "differs_across_devices": self.differs_across_devices,
            "is_tested_vendor": self.is_tested_vendor,
            "contains_any": contains_any,
            "has_condition": lambda name: name in names,
            "largest": largest,
            "num": num,
        }

    def device_env(self, device_id: str | None) -> dict[str, Any] | None:
        """A device's fields plus its device-scoped conditions (built once per device and
        shared by its subjects: read-only)."""
        if device_id is None:
            return None
        env = self._device_envs.get(device_id)
        if env is None:
            d = self.devices.get(device_id)
            env = d.model_dump() if d else {"id": device_id}
            env.update(self.device_conditions.get(device_id, {}))
            self._device_envs[device_id] = env
        return env

    def test_env(self, test_id: str | None) -> dict[str, Any] | None:
        """A test's fields (built once per test, read-only), or None for an unknown test."""
        if test_id not in self.tests:
            return None
        env = self._test_envs.get(test_id)  # type: ignore[arg-type]
        if env is None:
            env = self._test_envs[test_id] = self.tests[test_id].model_dump()  # type: ignore[index]
        return env

    def scope_env(self, m: Any) -> dict[str, Any]:
        """Condition name -> value in scope for a figure, once per (section, test, device)."""
        key = (m.section, m.test, m.device)
        scope = self._scopes.get(key)
        if scope is None:
            values = {n: self._value(cs[0]) for n, cs in self.graph.conditions_for(m).items()
                      if not _ambiguous(cs[0])}  # fmt: skip
            scope = {n: v for n, v in values.items() if v is not None}
            self._scopes[key] = scope
        return scope

    def _value(self, c: Any) -> Any:
        """``_value(c)``, once per condition (many scopes share a condition)."""
        found = self._values.get(id(c))
        if found is None or found[0] is not c:
            found = self._values[id(c)] = (c, _value(c))
        return found[1]

    def _answer(self, key: tuple[Any, ...], compute: Any) -> bool:
        """``compute()``, once per ``key`` (a pass over the devices each time otherwise); keys
        of plain values only (a list, or a quantity equal to others in other units, is asked
        afresh)."""
        if not all(k is None or type(k) in _PLAIN for k in key[1:] if not isinstance(k, type)):
            return compute()
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = compute()
        return found

    def any_device(self, name: str, value: Any = None) -> bool:
        """Some device has condition ``name`` (equal to ``value`` when given)."""
        return self._answer(
            ("any_device", name, type(value), value),
            lambda: any(
                name in c and (value is None or resolved(c[name]) == value)
                for c in self.device_conditions.values()
            ),
        )

    def differs_across_devices(self, name: str) -> bool:
        """Devices have different values of condition ``name``, or only some devices have one."""

        def differs() -> bool:
            values = [repr(resolved(c[name])) for c in self.device_conditions.values() if name in c]
            return len(set(values)) > 1 or (0 < len(values) < len(self.devices))

        return self._answer(("differs_across_devices", name), differs)

    def is_tested_vendor(self, org: Any) -> bool:
        """``org`` names the vendor of a tested device (or the device itself).

        "Ardent Networks" matches a device "Ardent RQ-7000": corporate suffixes are
        dropped and the organisation's first word is compared with each name's first word.
        """
        if not isinstance(org, str):
            return False
        core = _core_name(org)
        if not core:
            return False
        if self._device_cores is None:  # the devices' names, reduced once per document
            names: set[str] = set()
            for d in self.devices.values():
                for name in (d.vendor or "", d.family or "", *d.aliases):
                    other = _core_name(name)
                    if other:
                        names.add(other)
            self._device_cores = (names, {n.split()[0] for n in names})
        names, firsts = self._device_cores
        return core in names or core.split()[0] in firsts

    def subjects(self, kind: str) -> list[tuple[Any, dict[str, Any]]]:
        """(fact, environment) for every subject of a kind, built once per document."""
        if kind not in self._subjects:
            self._subjects[kind] = list(self._build_subjects(kind))
        return self._subjects[kind]

    def candidates(self, kind: str, need: Guard) -> list[tuple[Any, dict[str, Any]]]:
        """The subjects of a kind whose string fields have the values a guard needs, in
        subject order (all subjects when the guard is empty)."""
        subjects = self.subjects(kind)
        if not need:
            return subjects
        chosen: set[int] | None = None
        for path, values in need.items():
            groups = self._group(kind, path)
            found = {i for v in values for i in groups.get(v, ())}
            chosen = found if chosen is None else chosen & found
        return [subjects[i] for i in sorted(chosen or ())]

    def _group(self, kind: str, path: tuple[str, ...]) -> dict[str, list[int]]:
        """Positions of the subjects of a kind by the string value of one field."""
        key = (kind, path)
        groups = self._groups.get(key)
        if groups is None:
            groups = {}
            for i, (_, env) in enumerate(self.subjects(kind)):
                value = stored_value(env, path)  # only strings are grouped: builds no quantity
                if type(value) is str:
                    groups.setdefault(value, []).append(i)
            self._groups[key] = groups
        return groups

    def _build_subjects(self, kind: str) -> Iterator[tuple[Any, dict[str, Any]]]:
        ex = self.extraction
        base = {"document": self.document}
        if kind == "measurement":
            for m in ex.measurements:
                scope = self.scope_env(m)
                if m.conditions:  # a table cell's own conditions (its column's object size)
                    scope = {**scope, **_cell_conditions(m.conditions)}
                env = {**base, "measurement": _MeasurementFields(m.model_dump()),
                       "scope": scope, "device": self.device_env(m.device),
                       "test": self.test_env(m.test)}  # fmt: skip
                yield m, env
        elif kind == "condition":
            seen: set[tuple[Any, ...]] = set()  # a condition restated is one cause
            for c in ex.conditions:
                key = (c.name, c.device, c.test, c.scope, repr(c.value))
                if not c.hedged and key not in seen:
                    seen.add(key)
                    yield c, {**base, "condition": {**c.model_dump(), "value": _cap(c.value)},
                              "device": self.device_env(c.device)}  # fmt: skip
        elif kind == "claim":
            for c in ex.claims:
                yield c, {**base, "claim": c.model_dump()}
        elif kind == "device":
            for d in ex.devices:
                env = self.device_env(d.id)
                yield (d.mentions[0] if d.mentions else d), {**base, "device": env}
        elif kind == "document":
            yield None, base
        elif kind == "provenance":
            found = provenance_env(ex.provenance)
            if found is not None:
                yield found[0], {**base, "provenance": found[1]}


_CLAUSE = {"sponsor": "the report was paid for by", "author": "the report was written by",
           "publisher": "the report was published by", "tester": "the tests were run by"}  # fmt: skip


def provenance_env(prov: Any) -> tuple[Any, dict[str, Any]] | None:
    """(the most telling statement, the fields a rule sees) of a provenance fact: relation,
    who (the organisation or project), how (the construction), quote (the words that say
    it), clause ("the report was paid for by"), entity (the tested device or project it
    makes), declined ("; X declined to take part" or "")."""
    statement = getattr(prov, "statement", None)
    if statement is None:
        return None
    seen: set[str] = set()
    said = []
    for c in prov.competitors:
        if c.name != statement.org and c.name not in seen:
            seen.add(c.name)
            said.append(f"{c.name} {'declined' if c.status == 'declined' else 'was not invited'}")
    others = f"; {', '.join(said)} to take part" if said else ""
    who = statement.org or statement.name
    if statement.project and statement.org:
        team = statement.name.lower().startswith("the ")
        who = statement.name if team else f"the {statement.org} project"
    quote = _quote(statement)
    return statement, {
        "relation": prov.relation,
        "who": who,
        "name": statement.name,
        "how": statement.how,
        "quote": quote,
        "role": statement.role,
        "clause": _CLAUSE.get(statement.role, "the report was written by"),
        "entity": statement.entity,
        "device": statement.device,
        "line": statement.line,
        "declined": others,
    }


def _quote(statement: Any) -> str:
    """The words of a statement, at most 80 characters."""
    text = str(getattr(statement, "words", "") or getattr(statement, "name", ""))
    return text if len(text) <= 80 else text[:77] + "..."


_SUFFIXES = lazyre.compile(
    r"\b(?:networks?|systems?|inc|ltd|llc|corp|corporation|technologies|technology|software|"
    r"group|gmbh|co|company)\b\.?",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _core_name(name: str) -> str:
    """An organisation or product name without corporate suffixes, lower-cased."""
    words = _SUFFIXES.sub(" ", name).replace(",", " ").split()
    words = [w for w in words if len(w) > 1 or w.isdigit()]
    return " ".join(words).lower()


def _ambiguous(c: Any) -> bool:
    """A list of values set for the whole document ("1, 10, 100 depending on the test")
    does not say which applies to one figure."""
    return isinstance(c.value, list) and c.scope.split(":")[0] in ("document", "section")


def _value(c: Any) -> Any:
    """A condition's value as rules see it: a negated yes/no keeps its (already negated)
    value ("without pipelining" is False); other negated values ("no OneConnect") are
    unknown (None); license caps become pint quantities."""
    if getattr(c, "negated", False):
        return c.value if isinstance(c.value, bool) else None
    return _cap(c.value)


def num(value: Any) -> Any:
    """A number, or null for anything else (true/false, text, lists): safe in comparisons."""
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def largest(value: Any) -> Any:
    """The largest number of a list, or the value itself ("1, 10, 100" -> 100; 10 -> 10)."""
    if isinstance(value, list):
        nums = [v for v in value if isinstance(v, int | float) and not isinstance(v, bool)]
        return max(nums) if nums else None
    return value


def contains_any(text: Any, words: Any) -> bool:
    """``text`` contains any of ``words`` (case-insensitive)."""
    if not isinstance(text, str) or not isinstance(words, list):
        return False
    low = text.lower()
    return any(isinstance(w, str) and w.lower() in low for w in words)


def _cell_conditions(conditions: dict[str, str]) -> dict[str, Any]:
    """A cell's conditions as the scope holds them: numbers as numbers."""
    out: dict[str, Any] = {}
    for name, value in conditions.items():
        try:
            number = float(value)
        except ValueError:
            out[name] = value
        else:
            out[name] = int(number) if number.is_integer() else number
    return out


def run_match_rule(spec: RuleSpec, facts: Environments) -> Iterator[Hit]:
    """Hits of a declarative rule: one per subject whose match expression holds."""
    match, message = compile_rule(spec)
    tables_done: set[tuple[Any, ...]] = set()  # one finding per table and test: one cause
    for fact, env in facts.candidates(spec.subject, _guard(match)):
        table = getattr(fact, "table", None) if spec.subject == "measurement" else None
        if table is not None and (table, fact.test) in tables_done:
            continue
        if not match.evaluate(env, facts.functions):
            continue
        if table is not None:
            tables_done.add((table, fact.test))
        text = "".join(
            lit if expr is None else _show(expr.evaluate(env, facts.functions))
            for lit, expr in message
        )
        start = getattr(fact, "start", 0) if fact is not None else 0
        end = getattr(fact, "end", start) if fact is not None else 0
        yield Hit(start, max(end, start), text)


@cache
def _guard(match: Expression) -> Guard:
    return guard(match.tree)


def _show(value: Any) -> str:
    if value is None:
        return "?"
    if isinstance(value, float):
        return f"{value:,.4g}"
    if isinstance(value, dict) and "value" in value:
        return f"{value['value']} {value.get('unit', '')}".strip()
    if hasattr(value, "magnitude") and hasattr(value, "units"):
        return f"{value.magnitude:,.4g} {value.units:~}"
    return str(value)


def environments(facts: FactStore) -> Environments:
    """The expression environments of a document, built once per fact store."""
    return facts.cached(Environments, lambda: Environments(facts))
