"""The prose of one document as rules read it: sentences with their block and hedge flag.

Built from the DocumentIndex (one sentence split for everyone), so "which sentence holds
this offset" is a bisect and "which sentences may this cue match" is a literal gate, never
a scan of the raw text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.docindex import DocumentIndex
from claimcheck.extract.sentences import Sentence
from claimcheck.facts.textgate import Texts
from claimcheck.models import Block, Document

PROSE = ("paragraph", "list_item", "footnote")


class TextIndex:
    """Blocks and sentences of one document with their hedge flags: a sentence is hedged
    when the index reads it as about others' practice (``IndexedSentence.others``)."""

    def __init__(self, doc: Document, index: DocumentIndex) -> None:
        self.doc = doc
        self.block_starts = [b.start for b in doc.blocks]
        entries = index.sentences  # the sentences of every block but code, in order
        self.texts = Texts([s.text for s in entries])
        self.hedge_cues = {i for i, s in enumerate(entries) if s.hedge_cue}
        self.sentences: list[tuple[Sentence, Block, bool]] = []  # sentence, block, hedged
        for sent in entries:
            self.sentences.append((sent.sentence, doc.blocks[sent.block], sent.hedged))
        self.sentence_starts = [t[0].start for t in self.sentences]
        self._says: dict[tuple[Any, int], bool] = {}

    def block_at(self, offset: int) -> Block | None:
        """The block holding a source offset."""
        i = bisect_right(self.block_starts, offset) - 1
        if i >= 0 and self.doc.blocks[i].start <= offset < self.doc.blocks[i].end:
            return self.doc.blocks[i]
        return None

    def sentence_at(self, offset: int) -> tuple[Sentence, Block, bool] | None:
        """(sentence, block, hedged) for the sentence holding a source offset."""
        i = bisect_right(self.sentence_starts, offset) - 1
        if i >= 0 and offset < self.sentences[i][0].end:
            return self.sentences[i]
        return None

    def says(self, pattern: Any, offset: int) -> bool:
        """Does ``pattern`` match the sentence holding ``offset`` (the empty text outside any
        sentence)? Searched once per sentence: many figures share one sentence."""
        i = bisect_right(self.sentence_starts, offset) - 1
        if i < 0 or offset >= self.sentences[i][0].end:
            return pattern.search("") is not None
        key = (pattern, i)
        found = self._says.get(key)
        if found is None:
            found = self._says[key] = pattern.search(self.sentences[i][0].text) is not None
        return found

    def hedge_cue_at(self, offset: int) -> bool:
        """Does the sentence holding ``offset`` hold a hedge cue (an event of the index)?"""
        i = bisect_right(self.sentence_starts, offset) - 1
        return i >= 0 and offset < self.sentences[i][0].end and i in self.hedge_cues

    def hedged(self, offset: int) -> bool:
        """True when the sentence at ``offset`` is about others' practice."""
        found = self.sentence_at(offset)
        return found is not None and found[2]

    def sentence_text(self, offset: int) -> str:
        """The text of the sentence holding a source offset ("" outside any sentence)."""
        found = self.sentence_at(offset)
        return found[0].text if found is not None else ""

    def prose(self, kinds: tuple[str, ...] = PROSE) -> Iterator[tuple[Block, Sentence]]:
        """(block, sentence) for the sentences of blocks of the given kinds."""
        for sent, block, _hedged in self.sentences:
            if block.kind in kinds:
                yield block, sent

    def matches(
        self, pattern: Any, kinds: tuple[str, ...] = PROSE
    ) -> Iterator[tuple[Block, Sentence, re.Match[str]]]:
        """(block, sentence, its first match) for each sentence of the blocks of ``kinds``
        that ``pattern`` matches, in source order; ``pattern`` runs only where it may match."""
        for i, m in self.texts.search(pattern):
            sent, block, _ = self.sentences[i]
            if block.kind in kinds:
                yield block, sent, m


# a sentence end or a blank line: "6.4.1 in campaign B and 2.1.7 in campaign A" has none
_SENTENCE_GAP = lazyre.compile(r"[.!?][ \t\n]|\n[ \t]*+\n")
MAX_SENTENCE_GAP = 300  # characters: two places further apart are not one statement


def one_sentence(text: str, end: int, start: int) -> bool:
    """Do the offsets ``end`` (of one phrase) and ``start`` (of a later one) lie in one
    sentence of ``text``: near, with no sentence end or blank line between? Read on the
    raw text, so adjacent table cells and list lines count as one statement too."""
    gap = text[end:start]
    return 0 <= len(gap) < MAX_SENTENCE_GAP and not _SENTENCE_GAP.search(gap)
