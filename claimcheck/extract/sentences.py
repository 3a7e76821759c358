"""Split block text into sentences, keeping offsets."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from claimcheck import lazyre

# A sentence ends at . ! ? followed by space(s) and a capital, digit, quote or bullet;
# "vs." "e.g." "approx." "Fig." and decimals do not end one. Group 1 is the gap between
# sentences; the pattern opens with the punctuation (not a look-behind) so the regex
# engine jumps from one . ! ? to the next.
_END = lazyre.compile(r"[.!?]([\"')\]]*[ \t]+)(?=[\"'(\[]?[A-Z0-9*•])")
_ABBREV = lazyre.compile(
    r"(?:\b(?:vs|e\.g|i\.e|approx|Fig|fig|No|no|Inc|Ltd|Corp|etc|cf|al|Mr|Dr|St|ver|Ver|v)\.)$"
)
MAX_SENTENCE = 2000  # characters: longer runs are cut so work per sentence stays bounded


@dataclass(frozen=True)
class Sentence:
    """A sentence: its text and its start offset in the source."""

    text: str
    start: int

    @property
    def end(self) -> int:
        """Source offset just past the sentence."""
        return self.start + len(self.text)


def split(text: str, offset: int = 0) -> list[Sentence]:
    """Sentences of ``text`` (block text with line breaks as spaces), with source offsets."""
    return list(_split(text, offset))


# Several extractors and rules split the same block: the last few blocks' sentences are kept.
@lru_cache(maxsize=256)
def _split(text: str, offset: int) -> tuple[Sentence, ...]:
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
