"""Required literals of a regular expression: lower-case ASCII strings one of which every
match contains. An ASCII text whose lower case holds none of them cannot match, and a
few substring tests cost far less than a (mostly case-insensitive) regex scan.

The set is read off the parsed pattern (``re._parser``). Each part of a sequence gives
the finite set of strings it matches, when that is small (literals, classes of literal
characters, optional or alternative exact parts, multiplied out up to :data:`CAP`
strings), and the best set any of its matches must contain; an alternation needs one of
its branches' sets, a repeat with a minimum of one its item's. Anything else (``\\w``,
ranges, back references) is unknown. The best set is the one whose shortest string is
longest, then the smaller one; a set with a string shorter than :data:`MIN_LITERAL` is
no gate (it would pass on nearly every text).

:func:`leads` reads the strings every match starts with in the same way (the exact
parts before the first inexact one, or an inexact first item's own start): a pattern is
then tried only where one of them starts (:mod:`claimcheck.extract.cuescan`).

Only ASCII text may be gated: there a case-insensitive literal matches exactly its two
ASCII cases, so lower-casing both sides is exact. (Unicode case folding lets ``s`` match
"ſ" and ``k`` the Kelvin sign; a pattern character outside ASCII that matches an ASCII
character is unknown, and one that matches none means no ASCII text can match.)
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from claimcheck import lazyre

CAP = 64  # alternatives kept for one exact part ("(?:a|an|the)[ -]" is 6)
MIN_LITERAL = 2
Strings = frozenset[str]


def needed(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Lower-case ASCII strings one of which every match of ``pattern`` in ASCII text
    contains: () when it cannot match ASCII text at all, None when no useful set is known
    (the pattern cannot be gated). Only the VERBOSE flag changes the answer."""
    try:
        parsed = _parser.parse(pattern, flags)
    except Exception:  # an unusual construct: no gate, never a wrong one
        return None
    exact, best = _seq(list(parsed))
    chosen = _better(best, _usable(exact))
    if chosen is None or _score(chosen)[0] < MIN_LITERAL:
        return None
    # a string that contains another of the set adds nothing: the shorter one is enough
    return tuple(sorted(w for w in chosen if not any(o != w and o in w for o in chosen)))


def _score(strings: Strings) -> tuple[int, int]:
    if not strings:
        return (1 << 30, 0)  # impossible: the strongest gate there is
    return (min(len(s) for s in strings), -len(strings))


def _usable(strings: Strings | None) -> Strings | None:
    return strings if strings is not None and "" not in strings else None


def _better(a: Strings | None, b: Strings | None) -> Strings | None:
    if a is None:
        return b
    if b is None:
        return a
    return a if _score(a) >= _score(b) else b


def _ascii_forms(ch: str) -> Strings | None:
    """The ASCII characters a pattern character can match (lower-cased), case-insensitively
    or not; None for a character outside ASCII that some ASCII character matches."""
    if ch.isascii():
        return frozenset({ch.lower()})
    rx = re.compile(re.escape(ch), re.IGNORECASE)
    if any(rx.fullmatch(chr(i)) for i in range(128)):
        return None  # e.g. the Kelvin sign matches "k": unknown, never gated on
    return frozenset()  # "±": nothing in ASCII text matches it


def _seq(items: list[tuple[Any, Any]]) -> tuple[Strings | None, Strings | None]:
    """(exact, best) of a sequence: the finite set of strings it matches when known, and the
    most selective set of strings one of which each of its matches contains."""
    cur: Strings = frozenset({""})
    best: Strings | None = None
    whole_exact = True
    for op, av in items:
        exact, inner = _item(op, av)
        if exact is not None and len(cur) * len(exact) <= CAP:
            cur = frozenset(a + b for a in cur for b in exact)
            continue
        whole_exact = False
        best = _better(best, _usable(cur))
        best = _better(best, inner)
        cur = exact if exact is not None and len(exact) <= CAP else frozenset({""})
    best = _better(best, _usable(cur))
    return (cur if whole_exact else None), best


def _item(op: Any, av: Any) -> tuple[Strings | None, Strings | None]:
    """(exact, best) of one parsed item."""
    if op is C.LITERAL:
        return _ascii_forms(chr(av)), None
    if op is C.IN:
        chars: set[str] = set()
        for sub_op, sub_av in av:
            forms = _ascii_forms(chr(sub_av)) if sub_op is C.LITERAL else None
            if forms is None:
                return None, None
            chars |= forms
        return frozenset(chars), None
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return frozenset({""}), None  # zero width: the match holds nothing of it
    inner = _group(op, av)
    if inner is not None:
        return _seq(inner)
    if op is C.BRANCH:
        parts = [_seq(list(branch)) for branch in av[1]]
        exacts = [e for e, _ in parts]
        exact: Strings | None = None
        if all(e is not None for e in exacts):
            union = frozenset().union(*exacts)  # type: ignore[arg-type]
            exact = union if len(union) <= CAP else None
        needs = [_better(b, _usable(e)) for e, b in parts]
        ok = all(n is not None for n in needs)
        best = frozenset().union(*needs) if ok else None  # type: ignore[arg-type]
        return exact, best
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        lo, hi, sub = av
        exact, best = _seq(list(sub))
        if lo == 0 and hi == 1 and exact is not None:
            return exact | {""}, None
        if lo >= 1:
            return None, _better(best, _usable(exact))
        return None, None
    return None, None  # any character, a class, a back reference: nothing known


def leads(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Lower-case ASCII strings one of which every match of ``pattern`` in ASCII text
    starts with (zero-width assertions before them aside): the positions where one of
    them starts are the only places a match can begin, so the pattern can be tried there
    alone (``pattern.match`` at each). () when it cannot match ASCII text, None when no
    such set is known (or its shortest string is shorter than :data:`MIN_LITERAL`)."""
    try:
        parsed = _parser.parse(pattern, flags)
    except Exception:
        return None
    found = _lead(list(parsed))
    if found is None or (found and min(len(s) for s in found) < MIN_LITERAL):
        return None
    # a string that starts with another of the set adds nothing: the shorter one is enough
    return tuple(sorted(w for w in found if not any(o != w and w.startswith(o) for o in found)))


def _lead(items: list[tuple[Any, Any]]) -> Strings | None:
    """The strings every match of a sequence starts with, or None."""
    cur: Strings = frozenset({""})
    for op, av in items:
        exact, _ = _item(op, av)
        if exact is not None and len(cur) * len(exact) <= CAP:
            cur = frozenset(a + b for a in cur for b in exact)
            continue
        if cur == {""}:  # nothing fixed before it: the item's own start is the sequence's
            return _lead_item(op, av)
        break
    return cur if "" not in cur else None


def _lead_item(op: Any, av: Any) -> Strings | None:
    inner = _group(op, av)
    if inner is not None:
        return _lead(inner)
    if op is C.BRANCH:
        parts = [_lead(list(branch)) for branch in av[1]]
        if any(p is None for p in parts):
            return None
        return frozenset().union(*parts)  # type: ignore[arg-type]
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and av[0] >= 1:
        return _lead(list(av[2]))
    return None


def _group(op: Any, av: Any) -> list[tuple[Any, Any]] | None:
    """The items inside a group (capturing or not, atomic), or None for any other item."""
    if op is C.SUBPATTERN:
        return list(av[-1])
    if op is C.ATOMIC_GROUP:
        return list(av)
    return None


# -- gates: a pattern behind its required literals ------------------------------------------


class Gate:
    """A pattern with its literal gate: ``search`` gives the pattern's own answer."""

    __slots__ = ("pattern", "words")

    def __init__(self, pattern: Any) -> None:
        self.pattern = pattern
        self.words = required(pattern.pattern, lazyre.flags_of(pattern))

    def possible(self, text: str, low: str | None = None) -> bool:
        """False only when the pattern cannot match ``text`` (``low``: its lower case)."""
        words = self.words
        if words is None or not text.isascii():
            return True
        if low is None:
            low = text.lower()
        for w in words:  # noqa: SIM110 - a loop, not any(genexpr): asked ~100,000 times per MB
            if w in low:
                return True
        return False

    def search(self, text: str, low: str | None = None) -> re.Match[str] | None:
        """``pattern.search(text)``, skipped when the gate shows it cannot match."""
        return self.pattern.search(text) if self.possible(text, low) else None


_GATES: dict[tuple[str, int], Gate] = {}
# id(pattern) -> (pattern, its Gate): the pattern is held so that its id is not reused;
# asked per block and sentence, the (source, flags) key cost more than the gate saved
_BY_ID: dict[int, tuple[Any, Gate]] = {}
MAX_BY_ID = 4096


def gate(pattern: Any) -> Gate:
    """The Gate of a compiled (or lazily compiled) pattern, built once per process; a lazy
    pattern is not compiled for it."""
    found = _BY_ID.get(id(pattern))
    if found is not None and found[0] is pattern:
        return found[1]
    key = (pattern.pattern, lazyre.flags_of(pattern))
    g = _GATES.get(key)
    if g is None:
        g = _GATES[key] = Gate(pattern)
    if len(_BY_ID) >= MAX_BY_ID:
        _BY_ID.clear()  # patterns built at run time must not pile up in a long process
    _BY_ID[id(pattern)] = (pattern, g)
    return g


def search(pattern: Any, text: str, low: str | None = None) -> re.Match[str] | None:
    """``pattern.search(text)`` behind its literal gate."""
    return gate(pattern).search(text, low)


# -- the table of the package's own patterns -------------------------------------------------
# Parsing a pattern costs about as much as compiling it; a short report reaches a few
# hundred of claimcheck's patterns, so their answers are read from a table built from the
# code (``python -m claimcheck.regexlit``; ``make regex-table``). A pattern missing from
# the table (changed since) is analysed when first asked for: slower, never wrong.

TABLE = Path(__file__).with_name("regexlit.json")
_table: list[dict[str, dict[str, list[str] | None]]] = []


@functools.cache
def required(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """:func:`needed`, from the table for claimcheck's own patterns, memoised."""
    return _from_table("literals", needed, pattern, flags)


@functools.cache
def leading(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """:func:`leads`, from the table for claimcheck's own patterns, memoised."""
    return _from_table("leading", leads, pattern, flags)


def _from_table(part: str, analyse: Any, pattern: str, flags: int) -> tuple[str, ...] | None:
    found = _tabled(part).get(table_key(pattern, flags), False)
    if found is False:  # not one of the table's patterns (or changed since)
        return analyse(pattern, flags)
    return tuple(found) if found is not None else None


def _tabled(part: str) -> dict[str, list[str] | None]:
    if not _table:
        _table.append(_load())
    return _table[0].get(part, {})


def table_literals() -> set[str]:
    """Every string of the table (required and leading sets): the cue literals of
    claimcheck's own patterns (:mod:`claimcheck.extract.cuescan` finds them all at once)."""
    return {
        w for part in ("literals", "leading") for ws in _tabled(part).values() for w in ws or ()
    }


def table_key(pattern: str, flags: int) -> str:
    """A pattern's key in the table: a digest of its text and VERBOSE flag (the only flag
    that changes how the text parses)."""
    import hashlib  # here: start-up imports only what the run uses

    verbose = "x" if flags & re.VERBOSE else "-"
    return hashlib.sha1((verbose + pattern).encode("utf-8", "surrogatepass")).hexdigest()[:20]


def _load() -> dict[str, dict[str, list[str] | None]]:
    import json

    try:
        loaded = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def package_patterns(package: str = "claimcheck") -> list[tuple[str, int]]:
    """(pattern, flags) of every module-level pattern of a package of claimcheck: alone,
    or inside lists, tuples and dict values, compiled or lazy. Run it in a fresh process
    (as ``python -m claimcheck.regexlit`` does): caches filled at run time hold patterns too."""
    import importlib
    import pkgutil

    root = importlib.import_module(package)

    found: dict[tuple[str, int], None] = {}

    def collect(value: Any, depth: int = 0) -> None:
        if isinstance(value, lazyre.LazyPattern) and isinstance(value.pattern, str):
            found[(value.pattern, value.source_flags)] = None
        elif isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            found[(value.pattern, value.flags)] = None
        elif depth < 3 and isinstance(value, list | tuple | set | frozenset):
            for item in value:
                collect(item, depth + 1)
        elif depth < 3 and isinstance(value, dict):
            for item in value.values():
                collect(item, depth + 1)

    within = pkgutil.walk_packages(getattr(root, "__path__", []), package + ".")
    modules = [package, *(info.name for info in within)]
    for name in modules:
        if name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(name)).values():
            collect(value)
    return sorted(found)


def build_table(analyse: Any = None) -> dict[str, list[str] | None]:
    """The table of :func:`package_patterns`: key -> the literals (``analyse``, by default
    :func:`needed`), or None (no gate)."""
    analyse = analyse or needed
    out: dict[str, list[str] | None] = {}
    for pattern, flags in package_patterns():
        found = analyse(pattern, flags)
        out[table_key(pattern, flags)] = list(found) if found is not None else None
    return dict(sorted(out.items()))


def build_leading() -> dict[str, list[str] | None]:
    """The leading strings (:func:`leads`) of :func:`package_patterns`, keyed like
    :func:`build_table`."""
    return build_table(leads)


if __name__ == "__main__":
    import json

    tables = {"literals": build_table(), "leading": build_leading()}
    TABLE.write_text(json.dumps(tables, indent=0) + "\n", encoding="utf-8")
