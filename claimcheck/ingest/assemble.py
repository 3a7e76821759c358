"""Turn segments into :class:`Block` objects: rejoin paragraphs that PDF
extraction split at a page or column break, and give every block its section.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck.ingest.blocks import Segment
from claimcheck.ingest.classify import ends_sentence, is_caption
from claimcheck.ingest.lines import Line, flatten
from claimcheck.models import Block

MAX_JOIN_GAP = 3  # blank lines a sentence may be split across
MIN_JOIN_LENGTH = 60  # shorter unfinished paragraphs are labels, not broken sentences
MIN_FULL_LINE = 40  # a hard-wrapped last line shorter than this ends its paragraph


def join_broken_paragraphs(
    segments: Sequence[Segment], lines: Sequence[Line], text: str
) -> list[Segment]:
    """Merge each unfinished paragraph with the plain paragraph after it.

    "Unfinished" means longer than ``MIN_JOIN_LENGTH`` characters and not
    ending in . ! ? : or ; ; the two may be 1 to ``MAX_JOIN_GAP`` blank lines
    apart, and neither may be a caption. The last line before the break must
    itself be longer than ``MIN_JOIN_LENGTH`` - or, in a hard-wrapped paragraph,
    run to the paragraph's margin while the next paragraph starts in lower
    case - so address blocks and signatures stay apart. The merged span
    covers the blank lines.
    """
    out: list[Segment] = []
    for seg in segments:
        prev = out[-1] if out else None
        if prev is not None and _joinable(prev, seg, lines, text):
            prev.last, prev.end = seg.last, seg.end
            continue
        out.append(seg)
    return out


def _joinable(prev: Segment, seg: Segment, lines: Sequence[Line], text: str) -> bool:
    if prev.kind != "paragraph" or seg.kind != "paragraph":
        return False
    gap = seg.first - prev.last - 1
    if not 1 <= gap <= MAX_JOIN_GAP:
        return False
    if not all(lines[k].is_blank for k in range(prev.last + 1, seg.first)):
        return False  # something was skipped in between (a rule, a page footer)
    if prev.end - prev.start <= MIN_JOIN_LENGTH:
        return False
    head = text[seg.start : min(seg.end, seg.start + 200)]
    if len(lines[prev.last].stripped) <= MIN_JOIN_LENGTH and not (
        head[:1].islower() and _full_last_line(prev, lines)
    ):
        return False
    tail = text[max(prev.start, prev.end - 200) : prev.end]
    return (
        not ends_sentence(tail)
        and not is_caption(head)
        and not is_caption(text[prev.start : min(prev.end, prev.start + 200)])
    )


def _full_last_line(seg: Segment, lines: Sequence[Line]) -> bool:
    """True when a hard-wrapped paragraph's last line runs to its margin, as a
    line cut by a page break does (a finished paragraph ends with a short line)."""
    last = len(lines[seg.last].stripped)
    if seg.last == seg.first or last < MIN_FULL_LINE:
        return False
    longest = max(len(lines[k].stripped) for k in range(max(seg.first, seg.last - 50), seg.last))
    return last >= 0.8 * longest


def to_blocks(segments: Sequence[Segment], text: str) -> list[Block]:
    """Blocks with their text (line breaks as spaces) and nearest heading."""
    blocks: list[Block] = []
    section: str | None = None
    for seg in segments:
        if seg.kind == "heading" and seg.title:
            section = seg.title
        blocks.append(
            Block(
                kind=seg.kind,
                start=seg.start,
                end=seg.end,
                text=flatten(text[seg.start : seg.end]),
                level=seg.level,
                section=section,
                table=seg.table,
            )
        )
    return blocks
