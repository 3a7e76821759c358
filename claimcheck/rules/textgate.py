"""Cheap literal gates in front of regular expressions the checks run sentence by sentence.

Most cue patterns need a word that most sentences lack ("licen", "request", "offload").
:func:`needed` reads, from the parsed pattern, lower-case strings one of which every
match contains; a sentence whose lower-cased text has none of them cannot match, and a
substring test costs a fraction of a case-insensitive regex search.

The gate is only used on ASCII text: there a case-insensitive literal matches exactly
its two ASCII cases, so lower-casing both sides is exact. (Unicode case folding lets
``s`` match "ſ" and ``k`` the Kelvin sign; non-ASCII text simply runs the regex.)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_CAP = 64  # alternatives kept for one exact part ("(?:a|an|the)[ -]" is 6)
Strings = frozenset[str]


def needed(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Lower-case ASCII strings one of which every match of ``pattern`` in ASCII text
    contains: () when it cannot match ASCII text at all, None when no useful set is known
    (the pattern cannot be gated)."""
    try:
        parsed = _parser.parse(pattern, flags)
    except re.error:
        return None
    exact, best = _seq(list(parsed))
    chosen = _better(best, _usable(exact))
    if chosen is None or _score(chosen)[0] < 2:
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
        if exact is not None and len(cur) * len(exact) <= _CAP:
            cur = frozenset(a + b for a in cur for b in exact)
            continue
        whole_exact = False
        best = _better(best, _usable(cur))
        best = _better(best, inner)
        cur = exact if exact is not None and len(exact) <= _CAP else frozenset({""})
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
    if op is C.SUBPATTERN:
        return _seq(list(av[-1]))
    if op is C.ATOMIC_GROUP:
        return _seq(list(av))
    if op is C.BRANCH:
        parts = [_seq(list(branch)) for branch in av[1]]
        exacts = [e for e, _ in parts]
        exact: Strings | None = None
        if all(e is not None for e in exacts):
            union = frozenset().union(*exacts)  # type: ignore[arg-type]
            exact = union if len(union) <= _CAP else None
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


class Gate:
    """A pattern with its literal gate: ``search`` gives the pattern's own answer."""

    __slots__ = ("pattern", "words")

    def __init__(self, pattern: Any) -> None:
        self.pattern = pattern
        self.words = needed(pattern.pattern, pattern.flags)

    def possible(self, text: str, low: str | None = None) -> bool:
        """False only when the pattern cannot match ``text`` (``low``: its lower case)."""
        words = self.words
        if words is None or not text.isascii():
            return True
        if low is None:
            low = text.lower()
        return any(w in low for w in words)

    def search(self, text: str, low: str | None = None) -> re.Match[str] | None:
        """``pattern.search(text)``, skipped when the gate shows it cannot match."""
        return self.pattern.search(text) if self.possible(text, low) else None


_GATES: dict[tuple[str, int], Gate] = {}


def gate(pattern: Any) -> Gate:
    """The Gate of a compiled (or lazily compiled) pattern, built once per process."""
    key = (pattern.pattern, pattern.flags)
    g = _GATES.get(key)
    if g is None:
        g = _GATES[key] = Gate(pattern)
    return g


def search(pattern: Any, text: str, low: str | None = None) -> re.Match[str] | None:
    """``pattern.search(text)`` behind its literal gate."""
    return gate(pattern).search(text, low)


class Texts:
    """Many short texts (a document's sentences) and, per pattern, which of them it may
    match: each needed string is looked up once in all the texts joined, instead of the
    pattern being run on every text."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        # outside ASCII (or holding the separator) a text is always a candidate
        self._wild = [i for i, t in enumerate(texts) if not t.isascii() or "\0" in t]
        self._starts: list[int] = []
        parts: list[str] = []
        pos = 0
        for t in texts:
            self._starts.append(pos)
            parts.append(t.lower() if t.isascii() and "\0" not in t else "")
            pos += len(parts[-1]) + 1
        self._joined = "\0".join(parts)  # no needed string holds "\0": none spans two texts
        self._found: dict[tuple[str, int], list[int]] = {}
        self._words: dict[str, list[int]] = {}

    def candidates(self, pattern: Any) -> list[int]:
        """Ascending indices of the texts ``pattern`` may match (the others cannot match)."""
        key = (pattern.pattern, pattern.flags)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self._lookup(gate(pattern).words)
        return found

    def any_of(self, *patterns: Any) -> list[int]:
        """Ascending indices of the texts at least one of ``patterns`` may match."""
        if len(patterns) == 1:
            return self.candidates(patterns[0])
        return sorted(set().union(*(self.candidates(p) for p in patterns)))

    def _lookup(self, words: tuple[str, ...] | None) -> list[int]:
        if words is None:
            return list(range(len(self.texts)))
        hits = set(self._wild)
        for w in words:
            hits.update(self._holding(w))
        return sorted(hits)

    def _holding(self, word: str) -> list[int]:
        """Indices of the ASCII texts whose lower case holds ``word`` (looked up once)."""
        found = self._words.get(word)
        if found is None:
            found = self._words[word] = []
            joined, starts, n = self._joined, self._starts, len(self.texts)
            at = joined.find(word)
            while at >= 0:
                i = bisect_right(starts, at) - 1
                found.append(i)
                if i + 1 >= n:
                    break
                at = joined.find(word, starts[i + 1])  # the next text: one hit per text is enough
        return found

    def search(self, pattern: Any) -> Iterator[tuple[int, re.Match[str]]]:
        """(index, match) of ``pattern.search`` on each text where it matches, in order."""
        texts = self.texts
        for i in self.candidates(pattern):
            m = pattern.search(texts[i])
            if m is not None:
                yield i, m
