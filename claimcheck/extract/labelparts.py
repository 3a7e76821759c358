"""Conditions inside a composite row label: "bench-4c-edge-small" is the 4-core run with
small bodies, "20 req/s, 10 pods" the 20 req/s load on ten pods.

A label is split at ", ", " / ", "-" and "_" into parts; a part is a condition only when the
whole part reads as one: a number glued to a unit word of ``tablewords.toml`` ("4c",
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
# one separator character with lookarounds: linear however many spaces a label holds
_SPLIT = lazyre.compile(r"[,;](?=[ \t])|(?<=[ \t])[/|](?=[ \t])|(?<=\w)[-_](?=\w)")
_GLUED = lazyre.compile(r"([a-z]{0,4})\s?(\d{1,6})\s?([a-z]{0,12})")


@cache
def table_words() -> dict:
    """The data of ``tablewords.toml``: condition words of label parts, cell annotations."""
    text = resources.files("claimcheck.extract").joinpath("tablewords.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def _vocab() -> dict[str, dict[str, frozenset[str]]]:
    """The condition words by condition name: suffixes, prefixes and words."""
    return {
        name: {k: frozenset(w.lower() for w in v) for k, v in table.items()}
        for name, table in table_words()["conditions"].items()
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
    parts = [p.strip() for p in _SPLIT.split(label) if p and p.strip()]
    if not 2 <= len(parts) <= MAX_PARTS:
        return ()
    found = [f for f in (_part(p) for p in parts) if f is not None]
    if not any(numeric for _, _, numeric in found):
        return ()
    seen: dict[str, str] = {}
    for name, value, _ in found:
        seen.setdefault(name, value)
    return tuple(seen.items())


@cache
def _annotations() -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(words before a figure, words after one), each with the qualifier it gives, the
    longest first so "approx." is tried before "approx"."""
    data = table_words()["annotations"]
    before = [(w, "about") for w in data["about_before"]]
    after = [(w, "estimated") for w in data["estimated_after"]]
    after += [(w, "about") for w in data["about_after"]]

    def longest_first(pairs: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(pairs, key=lambda p: -len(p[0])))

    return longest_first(before), longest_first(after)


def cell_annotation(text: str) -> tuple[str, str | None]:
    """A cell's figure without an approximation or estimate note, and the qualifier the
    note gives ("~41,000" -> ("41,000", "about"); "38,500 (est.)" -> ("38,500",
    "estimated")); the text unchanged and None when it carries no such note."""
    body = text.strip()
    if not body or len(body) > 60:
        return text, None
    low = body.lower()
    before, after = _annotations()
    for word, qualifier in after:
        for wrapped in (f"({word})", f"[{word}]", word):
            if low.endswith(wrapped) and len(low) > len(wrapped):
                rest = body[: len(body) - len(wrapped)].rstrip(" ,*")
                # "38,500 (est.)", "-37% (est)", "1.5× (est)": a figure, then its note
                figure_end = rest and (rest[-1].isalnum() or rest[-1] in "%×")
                if figure_end and (wrapped[0] in "([" or body[len(rest)] == " "):
                    return rest, qualifier
    for word, qualifier in before:
        if low.startswith(word) and len(low) > len(word):
            rest = body[len(word) :].lstrip()
            if rest[:1].isdigit() and (not word[-1].isalpha() or body[len(word)] == " "):
                return rest, qualifier
    return text, None


_FIRST_WORD = lazyre.compile(r"[a-z][a-z0-9]*")


def is_protocol(label: str) -> bool:
    """A label that names a protocol ("HTTP/2", "TLS 1.3", "gRPC streaming"): a test."""
    m = _FIRST_WORD.match(label.strip().lower())
    if m is None:
        return False
    words = frozenset(table_words()["protocols"]["words"])
    return m.group(0) in words or m.group(0).rstrip("0123456789") in words


def is_total(label: str) -> bool:
    """A row label that names the sum of the rows ("Total", "All members", "Overall")."""
    first = label.strip().lower().split(" ", 1)[0].strip("*:_")
    return first in frozenset(table_words()["totals"]["words"])
