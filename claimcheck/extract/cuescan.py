"""One scan for every cue literal: where in a text each literal of claimcheck's patterns
occurs, found in a single Aho-Corasick pass (pyahocorasick, in C) instead of one
substring test per literal per block and one regex search per pattern per block.

The literals are the table of :mod:`claimcheck.regexlit` (the strings one of which each
match of a pattern contains, and those one of which it starts with), generated from the
patterns, plus word cues registered before the first scan (:func:`register`). They are
lower-case ASCII and are matched like regexlit means them: in the ASCII-lower-cased text,
and only for ASCII text (:meth:`Window.usable`). The scanned text has its line breaks as
spaces (a block's text is its source with line breaks as spaces); a literal holding a line
break is left out, so a pattern needing one is not gated here.

A :class:`Scan` of a text answers, for any window of it (a block, a sentence): does it
hold one of these literals, and where do they start. A pattern whose every match starts
with one of its leading strings is tried only at those positions (:func:`finditer`):
the same matches as ``pattern.finditer``, because no match can start anywhere else.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from typing import Any

from claimcheck import lazyre, regexlit

# Upper case ASCII to lower case and line breaks to spaces: the offsets stay those of the
# text, whatever else it holds (str.lower can change a non-ASCII text's length).
_FLATTEN = {**{c: c + 32 for c in range(65, 91)}, 10: 32}
ANCHORED_MAX = 8  # more candidate starts than this: one search from the first is cheaper


class Literals:
    """The automaton over every cue literal, each with its id."""

    __slots__ = ("automaton", "ids", "lengths", "longest")

    def __init__(self, words: Iterable[str]) -> None:
        import ahocorasick  # here: start-up imports only what the run uses

        ordered = sorted({w for w in words if w and "\n" not in w and "\0" not in w})
        self.ids = {w: i for i, w in enumerate(ordered)}
        self.lengths = [len(w) for w in ordered]
        self.longest = max(self.lengths, default=1)
        self.automaton = ahocorasick.Automaton()
        for i, w in enumerate(ordered):
            self.automaton.add_word(w, i)
        self.automaton.make_automaton()

    def of(self, words: tuple[str, ...] | None) -> frozenset[int] | None:
        """The ids of ``words``; None when one of them is not in the automaton."""
        if words is None:
            return None
        ids = self.ids
        out = []
        for w in words:
            i = ids.get(w)
            if i is None:
                return None
            out.append(i)
        return frozenset(out)


_EXTRA: set[str] = set()
_built: list[Literals] = []
Ids = frozenset[int]
# pattern -> (pattern, ids of its required literals, ids of its leading strings); the
# pattern is held so that its id is not reused (as in regexlit.gate)
_BY_ID: dict[int, tuple[Any, Ids | None, Ids | None]] = {}
_WORDS: dict[tuple[str, ...], Ids | None] = {}
MAX_BY_ID = 4096


def register(words: Iterable[str]) -> None:
    """Add lower-case cue words to the automaton (before the first scan; a word added
    later rebuilds it)."""
    new = {w for w in words if w not in _EXTRA}
    if not new:
        return
    _EXTRA.update(new)
    if _built and any(w not in _built[0].ids for w in new):
        _built.clear()
        _BY_ID.clear()
        _WORDS.clear()


def literals() -> Literals:
    """The automaton, built once per process at first use."""
    if not _built:
        _built.append(Literals(regexlit.table_literals() | _EXTRA))
    return _built[0]


def pattern_ids(rx: Any) -> tuple[Ids | None, Ids | None]:
    """(required, leading) literal ids of a compiled or lazy pattern; None where no set is
    known or one of its strings is not in the automaton (a pattern newer than the table)."""
    found = _BY_ID.get(id(rx))
    if found is not None and found[0] is rx:
        return found[1], found[2]
    lits = literals()
    flags = lazyre.flags_of(rx)
    need = lits.of(regexlit.required(rx.pattern, flags))
    lead = lits.of(regexlit.leading(rx.pattern, flags))
    if len(_BY_ID) >= MAX_BY_ID:
        _BY_ID.clear()
    _BY_ID[id(rx)] = (rx, need, lead)
    return need, lead


def word_ids(words: tuple[str, ...]) -> Ids | None:
    """The ids of lower-case ``words`` (None when one is not in the automaton)."""
    found = _WORDS.get(words, False)
    if found is False:
        found = _WORDS[words] = literals().of(words)
    return found  # type: ignore[return-value]


def flatten(text: str) -> str:
    """``text`` with ASCII upper case lowered and line breaks as spaces, offsets kept
    (other characters may be lowered too: no literal holds them)."""
    low = text.lower()
    if len(low) != len(text):  # a character that lowers to two ("İ")
        low = text.translate(_FLATTEN)
    return low.replace("\n", " ")


class Scan:
    """Every cue literal occurrence in one text, from one pass of the automaton."""

    __slots__ = ("_positions", "ends", "ids", "lits", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lits = literals()
        hits = list(self.lits.automaton.iter(flatten(text)))
        # per occurrence, in order of its last character: that character's index, its id
        self.ends = [e for e, _ in hits]
        self.ids = [i for _, i in hits]
        self._positions: dict[int, list[int]] | None = None

    def positions(self, i: int) -> list[int]:
        """Sorted indexes of the last character of each occurrence of literal ``i``."""
        if self._positions is None:
            by_id: dict[int, list[int]] = {}
            for e, k in zip(self.ends, self.ids, strict=True):
                found = by_id.get(k)
                if found is None:
                    by_id[k] = [e]
                else:
                    found.append(e)
            self._positions = by_id
        return self._positions.get(i, [])

    def window(self, lo: int, hi: int, ascii_text: bool | None = None) -> Window:
        """The occurrences lying wholly inside ``text[lo:hi]``, at offsets from ``lo``."""
        if ascii_text is None:
            ascii_text = self.text[lo:hi].isascii()
        return Window(self, lo, hi, ascii_text)


class Window:
    """The cue literals of one part of a scanned text (a block), at its own offsets:
    which occur (:attr:`present`), where they start (:meth:`starts`), and whether one
    lies in a sub-range (:meth:`has_in`)."""

    __slots__ = ("_present", "_scan", "hi", "lo", "usable")

    def __init__(self, scan: Scan, lo: int, hi: int, ascii_text: bool) -> None:
        self._scan = scan
        self.lo, self.hi = lo, hi
        self.usable = ascii_text  # only ASCII text is gated (see claimcheck.regexlit)
        self._present: set[int] | None = None

    def current(self) -> bool:
        """True while the automaton it was scanned with is the current one (a word
        registered later rebuilds it, with other ids)."""
        return self._scan.lits is literals()

    @property
    def present(self) -> set[int]:
        """The ids of the literals occurring wholly inside the window."""
        found = self._present
        return found if found is not None else self._collect()

    def _collect(self) -> set[int]:
        if self._present is None:
            scan, lo = self._scan, self.lo
            ends, ids = scan.ends, scan.ids
            a, b = bisect_left(ends, lo), bisect_left(ends, self.hi)
            # only an occurrence ending this close to lo can start before it
            sure = min(b, max(a, bisect_left(ends, lo + scan.lits.longest - 1)))
            present = set(ids[sure:b])
            lengths = scan.lits.lengths
            for k in range(a, sure):
                if ends[k] + 1 - lengths[ids[k]] >= lo:
                    present.add(ids[k])
            self._present = present
        return self._present

    def has(self, ids: Ids) -> bool:
        """True when one of the literals ``ids`` occurs in the window."""
        present = self._present
        return not (present if present is not None else self._collect()).isdisjoint(ids)

    def starts(self, ids: Ids) -> list[int]:
        """Sorted distinct offsets in the window where one of the literals ``ids`` starts."""
        present = self._present
        if present is None:
            present = self._collect()
        if present.isdisjoint(ids):
            return []
        found = present.intersection(ids)
        if not found:
            return []
        scan, lo, hi = self._scan, self.lo, self.hi
        lengths = scan.lits.lengths
        out: list[int] = []
        for i in found:
            ends = scan.positions(i)
            back = lengths[i] - 1
            k, stop = bisect_left(ends, lo + back), bisect_left(ends, hi)
            out += [e - back - lo for e in ends[k:stop]]
        if len(found) > 1:
            out = sorted(set(out))
        return out

    def has_in(self, ids: Ids, start: int, end: int) -> bool:
        """True when one of the literals ``ids`` lies wholly inside [start, end) (window
        offsets)."""
        found = self.present.intersection(ids)
        if not found:
            return False
        scan, lo = self._scan, self.lo
        lengths = scan.lits.lengths
        for i in found:
            ends = scan.positions(i)
            k = bisect_left(ends, lo + start + lengths[i] - 1)
            if k < len(ends) and ends[k] < lo + end:
                return True
        return False


def window_of(text: str) -> Window:
    """A text's own window (scanned on its own)."""
    return Scan(text).window(0, len(text), text.isascii())


def finditer(rx: re.Pattern[str], text: str, starts: list[int]) -> Iterator[re.Match[str]]:
    """``rx.finditer(text)`` for a pattern each of whose matches starts at one of
    ``starts`` (sorted): ``rx.match`` at each start not inside the previous match (a
    match holds a leading string, so it is never empty); one search from the first start
    when there are many."""
    if not starts:
        return iter(())
    if len(starts) > ANCHORED_MAX:
        return rx.finditer(text, starts[0])  # lookbehinds still see the text before
    return _anchored(rx, text, starts)


def _anchored(rx: re.Pattern[str], text: str, starts: list[int]) -> Iterator[re.Match[str]]:
    pos = 0
    match = rx.match
    for p in starts:
        if p < pos:
            continue
        m = match(text, p)
        if m is not None:
            yield m
            pos = m.end()


def search(rx: re.Pattern[str], text: str, starts: list[int]) -> re.Match[str] | None:
    """``rx.search(text)`` for a pattern each of whose matches starts at one of ``starts``."""
    if not starts:
        return None
    if len(starts) > ANCHORED_MAX:
        return rx.search(text, starts[0])
    match = rx.match
    for p in starts:
        m = match(text, p)
        if m is not None:
            return m
    return None


def block_windows(text: str, blocks: list[Any]) -> list[Window | None]:
    """One scan of a document's ``text``; per block, its window when the block's text is
    its source span with line breaks as spaces (as ingest makes it), else None."""
    scan = Scan(text)
    all_ascii = text.isascii()
    out: list[Window | None] = []
    for b in blocks:
        t = b.text
        if len(t) != b.end - b.start or text[b.start : b.end].replace("\n", " ") != t:
            out.append(None)  # not its source span: its Ctx scans it alone
            continue
        out.append(Window(scan, b.start, b.end, all_ascii or t.isascii()))
    return out
