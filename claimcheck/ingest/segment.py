"""Text to Document: lines, blocks and tables, with every offset kept as given."""

from __future__ import annotations

from claimcheck import lazyre
from claimcheck.ingest.assemble import join_broken_paragraphs, to_blocks
from claimcheck.ingest.blocks import Segmenter
from claimcheck.ingest.lines import line_starts, split_lines
from claimcheck.models import Document

_SURROGATE = lazyre.compile("[\ud800-\udfff]")


def segment(
    text: str,
    name: str,
    encoding: str,
    markdown: bool = False,
    headings: dict[int, int] | None = None,
    code: set[int] | None = None,
    rejoin: bool = True,
) -> Document:
    """Segment decoded ``text`` into a :class:`Document` (the readers of every format end here).

    ``markdown`` reads the block structure as Markdown (:mod:`claimcheck.ingest.markdown`);
    otherwise the plain-text rules cut it, with ``headings`` (0-based line -> level) marking
    lines known to be headings and ``code`` lines known to be code from outside the text
    (a PDF's type sizes and monospaced fonts). ``rejoin`` merges a paragraph that ends
    mid-sentence with the next (a page or column break); False where the reader knows
    where its blocks end (HTML). Lone surrogates (from a str given by a caller, or a decoder) would make every output
    format fail to encode: they become U+FFFD, one for one, so offsets stay.
    """
    text = _SURROGATE.sub("\ufffd", text)
    starts = line_starts(text)
    lines = split_lines(text, starts)
    if markdown:
        from claimcheck.ingest.markdown import markdown_segments

        raw = markdown_segments(lines)
    else:
        raw = Segmenter(lines, headings, code).run()
    segments = join_broken_paragraphs(raw, lines, text) if rejoin else list(raw)
    return Document(
        name=name,
        text=text,
        encoding=encoding,
        blocks=to_blocks(segments, text),
        line_starts=starts,
    )
