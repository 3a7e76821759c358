"""C003 methodology-contradiction: the report breaks its own stated method (run parameters
stated with two values, failures despite a zero-failure criterion, an admitted deviation,
a profile claimed and contradicted).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.extract.runs.query import parameter_conflicts
from claimcheck.facts import FactStore
from claimcheck.models import Condition
from claimcheck.rules.registry import Hit, check


@check("methodology_contradiction")
def methodology_contradiction(facts: FactStore) -> Iterator[Hit]:
    """A zero-failure criterion beside counted failures; a profile said to be used for all
    tests and a different one of the same kind elsewhere."""
    yield from _failures_despite_criteria(facts)
    yield from _profile_contradiction(facts)
    yield from _admitted_deviation(facts)
    yield from _run_parameter_conflicts(facts)


def _run_parameter_conflicts(facts: FactStore) -> Iterator[Hit]:
    """A run parameter (threads, connections, duration, pipelining) stated with two values
    for the same test: at the later of the two definitive statements, listing every one."""
    doc, extraction = facts.doc, facts.extraction
    for c in parameter_conflicts(extraction.runs):
        value, _run = c.second
        listed = "; ".join(
            f"{_param_text(v)} in the {_SOURCE_NAMES[r.source]}{' of ' + r.tool if r.tool else ''} (line "
            f"{doc.position(v.start)[0]})"
            for v, r in sorted(c.stated, key=lambda p: p[0].start)
        )
        yield Hit(value.start, value.end,
                  f"the report states the test's {c.name} as {_param_text(c.first[0])} and as "
                  f"{_param_text(value)}: {listed}", {"parameter": c.name,
                  "values": sorted({v.value for v, _ in c.stated})})  # fmt: skip


_SOURCE_NAMES = {"command": "command", "output": "tool output", "table": "parameter table",
                 "prose": "text"}  # fmt: skip


def _param_text(value: Any) -> str:
    return f"{value.value:g} s" if value.unit == "s" else f"{value.value:g}"


def _admitted_deviation(facts: FactStore) -> Iterator[Hit]:
    """A sentence that itself says a test departed from the report's own method ("while
    section 1.2 requires the reference policy for every test")."""
    for s in facts.admitted_deviations:
        if facts.hedged(s.start):
            continue
        msg = (
            f'the report says this test departed from its own method ("{s.text[:120]}"); '
            f"its result is not valid under the stated method"
        )
        yield Hit(s.start, s.end, msg, {"sentence": s.text})


def _failures_despite_criteria(facts: FactStore) -> Iterator[Hit]:
    """Criteria indexed by test (a criterion for test T, or for no test, governs errors
    counted in T; errors counted outside any test meet the first criterion)."""
    doc, extraction = facts.doc, facts.extraction
    first_any: Condition | None = None
    first_untested: Condition | None = None
    by_test: dict[str, Condition] = {}
    for c in facts.zero_failure_criteria:
        first_any = first_any or c
        if c.test:
            by_test.setdefault(c.test, c)
        else:
            first_untested = first_untested or c
    if first_any is None:
        return
    names = {d.id: d.name for d in extraction.devices}
    index = facts.text
    grouped: dict[int, tuple[Condition, Condition, list[str]]] = {}  # one finding per sentence
    for e in facts.stated("errors"):
        value = e.value if isinstance(e.value, dict) else {}
        count, percent = value.get("count"), value.get("percent")
        if isinstance(percent, int | float) and not isinstance(percent, bool) and percent > 0:
            amount = f"{percent:g}%"  # a share lost or failed: "0.3% packet loss"
        elif isinstance(count, int | float) and not isinstance(count, bool) and count > 0:
            amount = f"{count:,g}"
        else:
            continue
        if e.test:
            found = [c for c in (by_test.get(e.test), first_untested) if c is not None]
            crit = min(found, key=lambda c: c.start) if found else None
        else:
            crit = first_any
        if crit is None:
            continue
        what = str(value.get("kind") or "errors").replace("_", " ")
        device = names.get(e.device or "", e.device)
        located = index.sentence_at(e.start)
        key = located[0].start if located is not None else e.start
        entry = grouped.setdefault(key, (e, crit, []))
        entry[2].append(f"{amount} {what}{f' for {device}' if device else ''}")
    for e, crit, counts in grouped.values():
        line = doc.position(crit.start)[0]
        msg = (f'the method requires "{crit.value}" (line {line}), but the results report '
               f"{', '.join(counts)}; either the criterion was not applied or the figure is not "
               f"valid under it")  # fmt: skip
        yield Hit(e.start, e.end, msg, {"criterion": crit.value, "counts": counts})


def _profile_kind(value: str) -> str | None:
    """The kind of a profile value: a device runs one of each kind at a time. SMT or HT on
    or off is one kind; a named configuration (a profile, preset or template, the standard
    configuration, factory defaults) another; descriptions of a mode ("fast path", "L4-only
    mode") name no one configuration and have no kind."""
    low = value.lower()
    if low.startswith(("smt ", "ht ")):
        return low.split()[0]
    if low in ("fast path", "l4-only mode"):
        return None
    return "configuration"


def _profile_contradiction(facts: FactStore) -> Iterator[Hit]:
    doc = facts.doc
    index = facts.text
    profiles = [c for c in facts.stated("profile")
                if not c.negated and isinstance(c.value, str)]  # fmt: skip
    in_sentence: dict[int, set[str]] = {}  # profiles named per sentence
    for c in profiles:
        found = index.sentence_at(c.start)
        if found is not None:
            in_sentence.setdefault(found[0].start, set()).add(c.value.lower())
    universal: dict[str, Condition] = {}
    for c in profiles:
        found = index.sentence_at(c.start)
        if found is None or len(in_sentence[found[0].start]) != 1:
            continue  # "FastL4 for L4 tests and FastHTTP for L7" is not one profile throughout
        if facts.says_throughout(c.start):
            universal.setdefault(c.device or "*", c)
    if not universal:
        return
    reported: set[tuple[str, str]] = set()
    for c in profiles:
        claim = universal.get(c.device or "*") or universal.get("*")
        if claim is None or claim is c or claim.value.lower() == c.value.lower():
            continue
        kind = _profile_kind(claim.value)
        if kind is None or kind != _profile_kind(c.value):
            continue
        if index.block_at(c.start) is index.block_at(claim.start):
            continue  # both named in one passage: a comparison, not a contradiction
        key = (c.device or "*", c.value.lower())
        if key in reported:
            continue
        reported.add(key)
        line = doc.position(claim.start)[0]
        msg = (
            f"the report says the {claim.value} profile was used throughout (line {line}), "
            f"but here the {c.value} profile is used"
        )
        yield Hit(c.start, c.end, msg, {"stated": claim.value, "found": c.value})
