"""Cheap literal gates in front of regular expressions the checks run sentence by sentence.

Most cue patterns need a word that most sentences lack ("licen", "request", "offload").
:func:`claimcheck.regexlit.needed` reads, from the parsed pattern, lower-case strings one
of which every match contains; a sentence whose lower-cased text has none of them cannot
match, and a substring test costs a fraction of a case-insensitive regex search. The
gate is only used on ASCII text; non-ASCII text simply runs the regex.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck.lazyre import flags_of
from claimcheck.regexlit import gate


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
        key = (pattern.pattern, flags_of(pattern))  # reading .flags would compile a lazy one
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
