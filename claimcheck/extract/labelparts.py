"""Conditions inside a composite row label: "bench-4c-edge-small" is the 4-core run with
small bodies, "20 req/s, 10 pods" the 20 req/s load on ten pods.

A label is split at ", ", " / ", "-" and "_" into parts; a part is a condition only when the
whole part reads as one: a number glued to a unit word of ``labelparts.toml`` ("4c",
"10 pods", "conc64"), a full condition of the axis vocabulary ("1 KB", "10k RPS"), or a
size word ("small") beside at least one numeric part. Everything else stays the label.
"""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from importlib import resources

from claimcheck import lazyre
from claimcheck.extract import axislabels as L

MAX_PARTS = 8  # a longer "label" is a sentence, not a composite name
_SPLIT = lazyre.compile(r"\s*(?:,|/|;)\s+|\s+[/|]\s+|(?<=\w)[-_](?=\w)")
_GLUED = lazyre.compile(r"([a-z]{0,4})\s?(\d{1,6})\s?([a-z]{0,12})")


@cache
def _vocab() -> dict[str, dict[str, frozenset[str]]]:
    """The condition words by condition name: suffixes, prefixes and words."""
    text = resources.files("claimcheck.extract").joinpath("labelparts.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {
        name: {k: frozenset(w.lower() for w in v) for k, v in table.items()}
        for name, table in data.items()
    }


def _part(part: str) -> tuple[str, str, bool] | None:
    """(condition name, value, numeric) of one label part, or None."""
    low = part.strip().lower()
    if not low or len(low) > 24:
        return None
    found = L.condition_of(low)
    if found is not None and found[0] != "run":
        return found[0], found[1], True
    m = _GLUED.fullmatch(low)
    if m is not None:
        prefix, number, suffix = m.groups()
        for name, words in _vocab().items():
            if prefix and not suffix and prefix in words.get("prefixes", ()):
                return name, number, True
            if suffix and not prefix and suffix in words.get("suffixes", ()):
                return name, number, True
        return None
    for name, words in _vocab().items():
        if low in words.get("words", ()):
            return name, low, False
    return None


@lru_cache(maxsize=4096)
def label_conditions(label: str) -> tuple[tuple[str, str], ...]:
    """The conditions a composite label's parts state, as (name, value) pairs in label
    order; none when the label is one word or no part is a numeric condition."""
    if not label or len(label) > 80:
        return ()
    parts = [p for p in _SPLIT.split(label) if p and p.strip()]
    if not 2 <= len(parts) <= MAX_PARTS:
        return ()
    found = [f for f in (_part(p) for p in parts) if f is not None]
    if not any(numeric for _, _, numeric in found):
        return ()
    seen: dict[str, str] = {}
    for name, value, _ in found:
        seen.setdefault(name, value)
    return tuple(seen.items())
