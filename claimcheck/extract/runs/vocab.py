"""The word lists of ``vocab.toml``: which words make a figure a run's length, a timeout, a
load generator. Each list is read once and kept as a matcher of words and phrases."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

# A word of a phrase as the lists spell it: letters and digits; "_" and "-" join words.
WORD_RE = re.compile(r"[a-z0-9]+")


@cache
def _lists() -> dict[str, dict[str, str]]:
    text = resources.files("claimcheck.extract.runs").joinpath("vocab.toml").read_text()
    data = tomllib.loads(text)
    out: dict[str, dict[str, str]] = {}
    for group, tables in data.items():
        for name, entries in tables.items():
            out[f"{group}.{name}"] = dict(entries)
    return out


class WordList:
    """One list of words and phrases ("cach*" takes any ending, "steady state" any gap of
    spaces, hyphens or underscores)."""

    def __init__(self, entries: list[str]) -> None:
        self.words: set[str] = set()
        self.stems: tuple[str, ...] = ()
        self.phrases: list[tuple[tuple[str, ...], bool]] = []  # words, last one is a stem
        stems = []
        for entry in entries:
            parts = WORD_RE.findall(entry.lower())
            stem = entry.endswith("*")
            if len(parts) > 1:
                self.phrases.append((tuple(parts), stem))
            elif parts and stem:
                stems.append(parts[0])
            elif parts:
                self.words.add(parts[0])
        self.stems = tuple(stems)

    def word(self, w: str) -> bool:
        """Is the single lower-case word ``w`` on the list?"""
        return w in self.words or (bool(self.stems) and w.startswith(self.stems))

    def at(self, words: list[str], i: int) -> int:
        """How many of ``words`` from index ``i`` one entry covers (0: none)."""
        for parts, stem in self.phrases:
            n = len(parts)
            if i + n <= len(words) and all(
                words[i + k] == parts[k]
                or (stem and k == n - 1 and words[i + k].startswith(parts[k]))
                for k in range(n)
            ):
                return n
        return 1 if self.word(words[i]) else 0

    def any_in(self, words: list[str]) -> bool:
        """Does any entry occur in the word sequence?"""
        return any(self.at(words, i) for i in range(len(words)))

    def last_in(self, words: list[str]) -> int:
        """Index of the last word an entry starts at, -1 when none does."""
        for i in range(len(words) - 1, -1, -1):
            if self.at(words, i):
                return i
        return -1


@cache
def word_list(name: str) -> WordList:
    """The list ``name`` of vocab.toml ("duration.run", "generator.noun", ...)."""
    return WordList(list(_lists().get(name, {})))


def words_of(text: str) -> list[str]:
    """The lower-case words of a text, as the lists are matched against them."""
    return WORD_RE.findall(text.lower())


@cache
def pattern(name: str) -> re.Pattern[str]:
    """A case-insensitive pattern matching any entry of the list ``name`` as whole words
    (a stem takes any ending; the words of a phrase may be joined by spaces, hyphens or
    underscores). A list with no entries matches nothing."""
    alts = []
    for entry in sorted(_lists().get(name, {}), key=len, reverse=True):
        parts = WORD_RE.findall(entry.lower())
        if not parts:
            continue
        body = r"[ \t_-]+".join(re.escape(p) for p in parts)
        alts.append(body + (r"[a-z0-9]*" if entry.endswith("*") else ""))
    if not alts:
        return re.compile(r"(?!)")
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(alts) + r")(?![a-z0-9])", re.IGNORECASE)
