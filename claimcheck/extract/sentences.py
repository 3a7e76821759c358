"""Split block text into sentences, keeping offsets.

Within :func:`shared` (one document's extraction) every text is split once: each reader
(entity seeds, coreference, provenance, run collection, measurements, the index) gets the
sentences the first one computed, and a text split at another offset (a condition context
reads a block from offset 0) is shifted rather than split again. Outside it a small
bounded cache serves repeated calls.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from claimcheck import lazyre

# A sentence ends at . ! ? followed by space(s) and a capital, digit, quote or bullet;
# "vs." "e.g." "approx." "Fig." and decimals do not end one. Group 1 is the gap between
# sentences; the pattern opens with the punctuation (not a look-behind) so the regex
# engine jumps from one . ! ? to the next.
_END = lazyre.compile(r"[.!?]([\"')\]]*[ \t\u00a0]+)(?=[\"'(\[]?[A-Z0-9*•])")
_ABBREV = lazyre.compile(
    r"(?:\b(?:vs|e\.g|i\.e|approx|Fig|fig|No|no|Inc|Ltd|Corp|etc|cf|al|Mr|Dr|St|ver|Ver|v)\.)$"
)
MAX_SENTENCE = 2000  # characters: longer runs are cut so work per sentence stays bounded


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence: its text and its start offset in the source."""

    text: str
    start: int

    @property
    def end(self) -> int:
        """Source offset just past the sentence."""
        return self.start + len(self.text)


class SentenceStore:
    """The sentences of one document's texts, each text split once (see :func:`shared`)."""

    __slots__ = ("_at", "_first", "splits")

    def __init__(self) -> None:
        self._at: dict[tuple[str, int], tuple[Sentence, ...]] = {}
        self._first: dict[str, tuple[int, tuple[Sentence, ...]]] = {}  # text -> first split
        self.splits = 0  # texts actually split (the rest were shifted or looked up)

    def get(self, text: str, offset: int) -> tuple[Sentence, ...]:
        """The sentences of ``text`` placed at ``offset``: as :func:`split` gives them."""
        found = self._at.get((text, offset))
        if found is not None:
            return found
        first = self._first.get(text)
        if first is None:
            self.splits += 1
            found = _split_text(text, offset)
            self._first[text] = (offset, found)
        else:
            shift = offset - first[0]
            found = tuple(Sentence(s.text, s.start + shift) for s in first[1])
        self._at[(text, offset)] = found
        return found


_STORE: ContextVar[SentenceStore | None] = ContextVar("sentence_store", default=None)


@contextmanager
def shared() -> Iterator[SentenceStore]:
    """Within the block, :func:`split` reads one store: a text is split once however many
    extractors ask for its sentences, with no eviction. Reentrant: an inner block reads the
    outer block's store."""
    store = _STORE.get()
    if store is not None:
        yield store
        return
    store = SentenceStore()
    token = _STORE.set(store)
    try:
        yield store
    finally:
        _STORE.reset(token)


def split(text: str, offset: int = 0) -> list[Sentence]:
    """Sentences of ``text`` (block text with line breaks as spaces), with source offsets."""
    store = _STORE.get()
    if store is not None:
        return list(store.get(text, offset))
    return list(_split(text, offset))


# Outside a shared store (rules, callers on their own) the last few texts are kept.
@lru_cache(maxsize=256)
def _split(text: str, offset: int) -> tuple[Sentence, ...]:
    return _split_text(text, offset)


def _split_text(text: str, offset: int) -> tuple[Sentence, ...]:
    out: list[Sentence] = []
    begin = 0
    for m in _END.finditer(text):
        gap = m.start(1)
        if _ABBREV.search(text, max(0, gap - 8), gap):
            continue
        _emit(text, begin, gap, offset, out)
        begin = m.end()
    _emit(text, begin, len(text), offset, out)
    return tuple(out)


def _emit(text: str, begin: int, end: int, offset: int, out: list[Sentence]) -> None:
    while begin < end:
        stop = min(end, begin + MAX_SENTENCE)
        if stop < end:  # cut at a space so a number is not split
            space = text.rfind(" ", begin, stop)
            stop = space if space > begin else stop
        chunk = text[begin:stop]
        lead = len(chunk) - len(chunk.lstrip())
        chunk = chunk.strip()
        if chunk:
            out.append(Sentence(chunk, offset + begin + lead))
        begin = stop
