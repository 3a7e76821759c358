"""Text around a fact: the sentence it sits in, the block, nearby words."""

from __future__ import annotations

from bisect import bisect_right

from claimcheck.models import Block, Document


def block_at(doc: Document, offset: int) -> Block | None:
    """The block that contains a source offset."""
    starts = [b.start for b in doc.blocks]
    i = bisect_right(starts, offset) - 1
    if i >= 0 and doc.blocks[i].start <= offset < doc.blocks[i].end:
        return doc.blocks[i]
    return None


def sentence_around(doc: Document, start: int, end: int) -> str:
    """The sentence (within its block) that holds the span, with line breaks as spaces."""
    block = block_at(doc, start)
    if block is None:
        return doc.text[max(0, start - 120) : end + 120].replace("\n", " ")
    text, s, e = block.text, start - block.start, end - block.start
    left = max(text.rfind(". ", 0, s), text.rfind("; ", 0, s))
    right_candidates = [i for i in (text.find(". ", e), text.find("; ", e)) if i >= 0]
    right = min(right_candidates) if right_candidates else len(text)
    return text[left + 1 if left >= 0 else 0 : right + 1]


def window(
    doc: Document, start: int, end: int, before: int = 40, after: int = 40
) -> tuple[str, str]:
    """Lower-cased text just before and just after a span, within its block."""
    block = block_at(doc, start)
    lo = block.start if block else 0
    hi = block.end if block else len(doc.text)
    pre = doc.text[max(lo, start - before) : start].replace("\n", " ").lower()
    post = doc.text[end : min(hi, end + after)].replace("\n", " ").lower()
    return pre, post
