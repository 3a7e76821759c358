"""Required literals of a regular expression: a set of lower-case strings one of which
every match contains. A text (ASCII, lower-cased) holding none of them cannot match, and
a substring test costs far less than a case-insensitive scan of the text.

The set is read off the parsed pattern (``re._parser``): a literal run is required; a
sequence requires the best set of any of its parts; an alternation requires the union of
its branches' sets; a repeat with a minimum of one requires its item's set. Anything
else (classes, optional parts, back-references) requires nothing known, and a pattern
whose best set has a string shorter than :data:`MIN_LITERAL` gets no set at all (such a
test would pass on nearly every text).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]

MIN_LITERAL = 2
MAX_STRINGS = 24  # more alternatives than this: one scan is cheaper than the tests
_ZERO_WIDTH = {c.AT, c.ASSERT, c.ASSERT_NOT}
_REPEATS = {c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)}

Req = frozenset[str] | None  # None: no literal is known to be required


TABLE = Path(__file__).with_name("literals.json")
_table: list[dict[str, list[str] | None]] = []


@functools.cache
def required(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """Lower-case strings, one of which is in every match of the pattern; or None.

    The extractors' own patterns are looked up in ``literals.json`` (parsing them all
    again would cost about as much as compiling them); others are analysed here."""
    if not _table:
        _table.append(_load())
    key = table_key(pattern, flags)
    if key in _table[0]:
        found = _table[0][key]
        return frozenset(found) if found is not None else None
    return analyse(pattern, flags)


def analyse(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """:func:`required` computed from the parsed pattern (no table)."""
    try:
        found = _sequence(_parser.parse(pattern, flags))
    except Exception:  # an unusual construct: no prefilter, never a wrong one
        return None
    if not found or len(found) > MAX_STRINGS or min(map(len, found)) < MIN_LITERAL:
        return None
    return found


def table_key(pattern: str, flags: int) -> str:
    """The key of a pattern in ``literals.json``: a digest of its text and its VERBOSE flag
    (the only flag that changes how the text parses)."""
    import hashlib  # here: most runs look up a few dozen patterns, once each

    verbose = "x" if flags & re.VERBOSE else "-"
    return hashlib.sha1((verbose + pattern).encode("utf-8")).hexdigest()[:20]


def _load() -> dict[str, list[str] | None]:
    import json

    try:
        return json.loads(TABLE.read_text(encoding="utf-8"))["literals"]
    except (OSError, ValueError, KeyError):
        return {}


def _char(op: int, av: object) -> str | None:
    """The one character (lower case) an item matches, up to case; else None."""
    if op == c.LITERAL:
        ch = chr(av)  # type: ignore[arg-type]
    elif op == c.IN and all(o == c.LITERAL for o, _ in av):  # type: ignore[attr-defined]
        chars = {chr(v).lower() for _, v in av}  # type: ignore[attr-defined]
        if len(chars) != 1:
            return None
        ch = chars.pop()
    else:
        return None
    # outside ASCII, case-insensitive matching and lower() disagree ("ſ" matches "s")
    return ch.lower() if ch.isascii() else None


def _better(a: Req, b: Req) -> Req:
    if a is None:
        return b
    if b is None:
        return a
    ka, kb = (min(map(len, a)), -len(a)), (min(map(len, b)), -len(b))
    return a if ka >= kb else b


def _sequence(items: object) -> Req:
    """The best required set of a sequence of parsed items."""
    best: Req = None
    run = ""
    for op, av in items:  # type: ignore[attr-defined]
        ch = _char(op, av)
        if ch is not None:
            run += ch
            continue
        if op in _ZERO_WIDTH:
            continue  # takes no characters: the literal run goes on
        if run:
            best = _better(best, frozenset([run]))
            run = ""
        best = _better(best, _item(op, av))
    if run:
        best = _better(best, frozenset([run]))
    return best


def _item(op: int, av: object) -> Req:
    if op == c.SUBPATTERN:
        return _sequence(av[-1])  # type: ignore[index]
    if op == c.ATOMIC_GROUP:
        return _sequence(av)
    if op in _REPEATS:
        low, _, item = av  # type: ignore[misc]
        return _sequence(item) if low >= 1 else None
    if op == c.BRANCH:
        out: set[str] = set()
        for branch in av[1]:  # type: ignore[index]
            found = _sequence(branch)
            if not found:
                return None
            out |= found
        return frozenset(out)
    return None
