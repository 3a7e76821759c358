"""Required literals (:func:`claimcheck.regexlit.needed`) of the condition extractors'
patterns, read from ``literals.json`` (built by ``_literals_build``): parsing them all at
run time would cost about as much as compiling them."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from claimcheck.regexlit import needed

TABLE = Path(__file__).with_name("literals.json")
_table: list[dict[str, list[str] | None]] = []


@functools.cache
def required(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """:func:`claimcheck.regexlit.needed` of a pattern: looked up in ``literals.json``
    for the extractors' own patterns, analysed here for others."""
    if not _table:
        _table.append(_load())
    key = table_key(pattern, flags)
    if key in _table[0]:
        found = _table[0][key]
        return tuple(found) if found is not None else None
    return needed(pattern, flags)


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
