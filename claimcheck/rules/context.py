"""Text around a fact: the sentence it sits in, the block, nearby words."""

from __future__ import annotations

from bisect import bisect_right

from claimcheck.models import Block, Document

_INDEX: list = [None, []]  # the last document's block starts: checks ask many times per document


def _starts(doc: Document) -> list[int]:
    if _INDEX[0] is not doc:
        _INDEX[0], _INDEX[1] = doc, [b.start for b in doc.blocks]
    return _INDEX[1]


def block_at(doc: Document, offset: int) -> Block | None:
    """The block that contains a source offset."""
    starts = _starts(doc)
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
    # a "sentence" never reaches further than LIMIT characters: tables are one block
    lo, hi = max(0, s - LIMIT), min(len(text), e + LIMIT)
    left = max(text.rfind(". ", lo, s), text.rfind("; ", lo, s))
    right_candidates = [i for i in (text.find(". ", e, hi), text.find("; ", e, hi)) if i >= 0]
    right = min(right_candidates) if right_candidates else hi
    return text[left + 1 if left >= 0 else lo : right + 1]


LIMIT = 300


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


def line_label(doc: Document, offset: int, limit: int = 60) -> str | None:
    """The label of a "Label: value" line holding ``offset`` ("Document Length:" of
    "Document Length:   27 bytes"), or None when the offset is not in such a value: the
    label is what the value is, whatever else the block says."""
    line_start = doc.text.rfind("\n", 0, offset) + 1
    head = doc.text[line_start:offset]
    colon = head.rfind(":")
    if colon <= 0 or colon < len(head) - limit:
        return None
    label = head[:colon].strip(" \t|*-#>")
    value_before = head[colon + 1 :].strip()
    if not label or len(label) > limit or value_before or "://" in head[colon : colon + 3]:
        return None
    return label


def clause_around(doc: Document, start: int, end: int, before: int = 40, after: int = 30) -> str:
    """The words right around a span, cut at the nearest clause punctuation on either side
    (lower case): the phrase a quantity stands in, not its whole sentence."""
    pre, post = window(doc, start, end, before, after)
    cut = max(pre.rfind(ch) for ch in ",;:.()")
    pre = pre[cut + 1 :] if cut >= 0 else pre
    ends = [i for i in (post.find(ch) for ch in ",;:()") if i >= 0]
    dot = post.find(". ")
    ends += [dot] if dot >= 0 else []
    post = post[: min(ends)] if ends else post
    return f"{pre} {post}"


def in_link_target(doc: Document, offset: int) -> bool:
    """Is ``offset`` inside a URL or path (the run of non-blank characters around it holds
    "://" or a "/" before it)? A release there names a file, not what the report ran."""
    text = doc.text
    lo = offset
    while lo > 0 and not text[lo - 1].isspace() and offset - lo < 300:
        lo -= 1
    head = text[lo:offset]
    return "/" in head or "](" in head
