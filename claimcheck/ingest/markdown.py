"""Markdown to segments: the structure from markdown-it-py, the spans from the source.

Headings, code fences, pipe tables and list items come from the Markdown parse
(:mod:`claimcheck.ingest.mdparse`); every offset is computed here from the
source lines, so a block, row or cell points at the input as given. What the
parse leaves as plain text (paragraphs, indented code, HTML other than a
comment, and lines it did not reach) is cut by the plain-text segmenter, which
knows the text conventions Markdown does not: footnotes, tab and aligned
tables, caps headings. A fence or comment left open by the end of its
container is no fence or comment: its lines are read as text too, as the
plain-text reader does.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck import lazyre
from claimcheck.ingest import tables as T
from claimcheck.ingest.blocks import TABLE_NOTE_GAP, Segment, Segmenter
from claimcheck.ingest.classify import clean_title, closes_fence, fence_open, is_comment
from claimcheck.ingest.lines import Line
from claimcheck.ingest.mdparse import Leaf, leaves
from claimcheck.ingest.tools import detect_tool

MAX_TITLE = 100  # a longer setext "title" is a paragraph with a rule under it
_PREFIX = lazyre.compile(r"[ \t>]*+")  # blockquote markers and indentation
_MARKER = lazyre.compile(r"(?<![ \t>])[ \t>]*+(?:[-*+]|\d{1,9}[.)])[ \t]*+")


class MarkdownSegmenter:
    """Cuts Markdown ``lines`` into :class:`Segment` objects; call :meth:`run` once."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = lines
        self.out: list[Segment] = []
        self.done = 0  # lines before this index are segmented or queued
        self.pending: int | None = None  # first line of the queued text
        self.last_table = -10  # line index where the latest table ended

    def run(self) -> list[Segment]:
        """Segment the whole document."""
        for leaf in leaves(self.lines):
            if leaf.first < self.done:
                continue  # inside a range already read as text
            self._text(self.done, leaf.first)  # lines the parse did not reach
            self._leaf(leaf)
            self.done = max(self.done, leaf.stop)
        self._text(self.done, len(self.lines))
        self._flush()
        return self.out

    def _leaf(self, leaf: Leaf) -> None:
        first, stop = leaf.first, leaf.stop
        if leaf.kind == "heading":
            self._heading(leaf)
        elif leaf.kind == "table":
            self._table(first, stop)
        elif leaf.kind == "fence":
            self._fence(first, stop, leaf.info)
        elif leaf.kind in ("list_item", "star_item"):
            self._item(leaf)
        elif leaf.kind == "hr" or (leaf.kind == "html_block" and self._is_comment(first, stop)):
            self._flush()  # no text, and the end of the text before it
        else:
            self._text(first, stop)

    def _text(self, first: int, stop: int) -> None:
        """Queue lines ``[first, stop)`` for the plain-text rules; text runs next to
        each other are cut together (a tab table whose first line markdown-it reads as
        indented code stays one table)."""
        if self.pending is None:
            self.pending = first
        self.done = max(self.done, stop)

    def _flush(self) -> None:
        """Segment the queued text lines with the plain-text rules."""
        first, stop, lines = self.pending, self.done, self.lines
        self.pending = None
        if first is None:
            return
        while first < stop and (lines[first].is_blank or _only_quote(lines[first])):
            first += 1
        if first >= stop:
            return
        local = [Line(k, ln.start, ln.end, ln.raw) for k, ln in enumerate(lines[first:stop])]
        segmenter = Segmenter(local)
        segmenter.last_table = self.last_table - first
        for seg in segmenter.run():
            seg.first += first
            seg.last += first
            self.out.append(seg)
        if segmenter.last_table >= 0:
            self.last_table = segmenter.last_table + first

    def _emit(self, seg: Segment) -> None:
        """Add a segment the Markdown parse found, after the text queued before it."""
        self._flush()
        self.out.append(seg)

    def _heading(self, leaf: Leaf) -> None:
        title = clean_title(leaf.title)
        lines = self.lines
        if leaf.stop - leaf.first > 2 or len(lines[leaf.first].stripped) > MAX_TITLE:
            self._text(leaf.first, leaf.stop)  # a setext underline under a paragraph
            return
        last = leaf.stop - 1
        start, end = lines[leaf.first].content_start, lines[last].content_end
        self._emit(Segment("heading", leaf.first, last, start, end, level=leaf.level, title=title))

    def _table(self, first: int, stop: int) -> None:
        """A pipe table; it ends before the first line without a pipe (a caption
        right under a table is text, not a row)."""
        rows: list[Line] = []
        for k in range(first, stop):
            line = self.lines[k]
            if "|" not in line.raw and not is_comment(line):
                break
            rows.append(_unprefixed(line))
        while rows and is_comment(rows[-1]):
            rows.pop()
        end = first + len(rows)
        table = T.pipe_table(rows, code_spans=True)
        start = min([rows[0].content_start] + [r.start for r in table.rows[:1]])
        end_at = max([rows[-1].content_end] + [r.end for r in table.rows[-1:]])
        self._emit(Segment("table", first, end - 1, start, end_at, table=table))
        self.last_table = end - 1
        self.done = max(self.done, end)
        if end < stop:
            self._text(end, stop)

    def _fence(self, first: int, stop: int, markup: str) -> None:
        """A closed fence becomes a code block (or tool output); an open one is text."""
        close = stop - 1
        opener = fence_open(_unprefixed(self.lines[first]))
        closer = _unprefixed(self.lines[close])
        if close == first or opener is None or not closes_fence(closer, opener):
            self._text(first, stop)
            return
        content = self.lines[first + 1 : close]
        tool = detect_tool(content)
        table = T.tool_table(content, tool)
        start, end = self.lines[first].content_start, self.lines[close].content_end
        self._emit(Segment("table" if tool else "code", first, close, start, end, table=table))

    def _item(self, leaf: Leaf) -> None:
        """A list item's text, after its marker; a ``*`` item right under a table
        is a note on it (read as text, where it becomes a footnote)."""
        if leaf.kind == "star_item" and leaf.first - self.last_table <= TABLE_NOTE_GAP + 1:
            self._text(leaf.first, leaf.stop)
            return
        line = self.lines[leaf.first]
        match = _MARKER.match(line.raw)
        start = line.start + (match.end() if match else line.indent)
        end = self.lines[leaf.stop - 1].content_end
        self._emit(Segment("list_item", leaf.first, leaf.stop - 1, start, max(start, end)))

    def _is_comment(self, first: int, stop: int) -> bool:
        """True for an HTML comment block that closes ("<!-- ... -->")."""
        return self.lines[first].stripped.startswith("<!--") and self.lines[
            stop - 1
        ].stripped.endswith("-->")


def _only_quote(line: Line) -> bool:
    """True for a line holding only blockquote markers (">", "> >")."""
    return not line.stripped.replace(">", "").strip()


def _unprefixed(line: Line) -> Line:
    """``line`` without its blockquote markers and indentation (same offsets)."""
    if line.raw[:1] not in (" ", "\t", ">"):
        return line
    cut = _PREFIX.match(line.raw).end()
    if not cut:
        return line
    return Line(line.index, line.start + cut, line.end, line.raw[cut:])


def markdown_segments(lines: Sequence[Line]) -> list[Segment]:
    """Segments of a Markdown document's ``lines`` (see the module docstring)."""
    return MarkdownSegmenter(lines).run()
