"""Cut a document's lines into segments: headings, paragraphs, list items,
footnotes, tables and code fences, each with its exact source span.

One pass over the lines, deciding at each non-blank line what starts there.
Every look-ahead either consumes the lines it reads or reads a bounded
number of them, so the pass is linear in the input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimcheck.ingest import classify as K
from claimcheck.ingest import tables as T
from claimcheck.ingest.aligned import aligned_run
from claimcheck.ingest.fences import FenceIndex
from claimcheck.ingest.lines import Line
from claimcheck.ingest.tools import detect_tool
from claimcheck.models import BlockKind, Cell, Table

MAX_SETEXT_TITLE = 100
TABLE_NOTE_GAP = 2  # blank lines allowed between a table and its "* note"


@dataclass(slots=True)
class Segment:
    """A block in the making: kind, line range (inclusive) and source span."""

    kind: BlockKind
    first: int
    last: int
    start: int
    end: int
    level: int = 0
    title: str | None = None
    table: Table | None = None


class Segmenter:
    """Splits ``lines`` into :class:`Segment` objects; call :meth:`run` once."""

    def __init__(
        self,
        lines: Sequence[Line],
        headings: dict[int, int] | None = None,
        code: set[int] | None = None,
    ) -> None:
        self.lines = lines
        # known from outside the text (a PDF's fonts): line index -> heading level, and the
        # lines set in a monospaced font (code blocks, tool output)
        self.headings = headings or {}
        self.code = code or set()
        self.fences = FenceIndex(lines)
        self.aligned: dict[int, list[Cell] | None] = {}
        self.out: list[Segment] = []
        self.last_table = -10  # line index where the latest table ended

    def run(self) -> list[Segment]:
        """Segment the whole document."""
        lines, i = self.lines, 0
        while i < len(lines):
            i = self._step(i) if not lines[i].is_blank else i + 1
        return self.out

    def _step(self, i: int) -> int:
        """Emit what starts at non-blank line ``i``; return the next line to look at."""
        line = self.lines[i]
        close = self.fences.closing(i)
        if close is not None:
            return self._fence(i, close)
        level = K.atx_level(line)
        if level:
            return self._emit("heading", i, i, level=level, title=K.atx_title(line))
        if i in self.headings:
            return self._typeset_heading(i)
        if i in self.code:
            return self._typeset_code(i)
        if K.is_comment(line) or K.is_page_footer(line) or K.is_rule(line):
            return i + 1
        count = T.pipe_row_count(self.lines, i)
        if count:
            return self._table(i, i + count, T.pipe_table)
        if T.is_tsv_start(line):
            return self._table(i, T.run_end(self.lines, i + 1, T.is_tsv_more), T.tsv_table)
        count = aligned_run(self.lines, i, self.aligned)
        if count:
            return self._table(i, i + count, lambda rows: T.aligned_table(rows, self.aligned))
        if K.is_footnote(line, i - self.last_table <= TABLE_NOTE_GAP + 1):
            return self._emit("footnote", i, self._paragraph_end(i + 1) - 1)
        if K.list_marker(line):
            return self._list_item(i)
        return self._paragraph(i)

    def _emit(self, kind: BlockKind, first: int, last: int, **extra) -> int:
        start = self.lines[first].content_start
        if kind == "list_item":
            start += K.list_marker(self.lines[first])
        end = self.lines[last].content_end
        self.out.append(Segment(kind, first, last, start, max(start, end), **extra))
        return last + 1

    def _table(self, first: int, stop: int, build) -> int:
        table = build(self.lines[first:stop])
        start = min([self.lines[first].content_start] + [r.start for r in table.rows[:1]])
        end = max([self.lines[stop - 1].content_end] + [r.end for r in table.rows[-1:]])
        self.out.append(Segment("table", first, stop - 1, start, end, table=table))
        self.last_table = stop - 1
        return stop

    def _fence(self, first: int, close: int) -> int:
        return self._code(first, close, self.lines[first + 1 : close])

    def _code(self, first: int, last: int, content: Sequence[Line]) -> int:
        """Code lines ``first``..``last``: a table when they are a known tool's output."""
        tool = detect_tool(content)
        table = T.tool_table(content, tool)
        start, end = self.lines[first].content_start, self.lines[last].content_end
        kind: BlockKind = "table" if tool else "code"
        self.out.append(Segment(kind, first, last, start, end, table=table))
        return last + 1

    def _typeset_heading(self, i: int) -> int:
        """A heading known by its type size: the run of following lines of the same level
        (a title wrapped over two lines) is one heading."""
        level, last = self.headings[i], i
        while self.headings.get(last + 1) == level and not self.lines[last + 1].is_blank:
            last += 1
        title = " ".join(self.lines[k].stripped for k in range(i, last + 1))
        return self._emit("heading", i, last, level=level, title=K.clean_title(title))

    def _typeset_code(self, first: int) -> int:
        """A code block known by its monospaced type: the run of such lines from ``first``
        (blank lines inside it included), read as a fenced block's content is."""
        last, j = first, first + 1
        while j < len(self.lines) and (j in self.code or self.lines[j].is_blank):
            if j in self.code:
                last = j
            j += 1
        return self._code(first, last, self.lines[first : last + 1])

    def _interrupts(self, j: int) -> bool:
        """True when line ``j`` starts something that ends a running paragraph."""
        line = self.lines[j]
        return bool(
            line.is_blank
            or j in self.headings
            or j in self.code
            or K.is_comment(line)
            or self.fences.closing(j) is not None
            or K.atx_level(line)
            or K.is_page_footer(line)
            or K.is_rule(line)
            or T.is_tsv_start(line)
            or T.pipe_row_count(self.lines, j)
            or K.list_marker(line)
            or K.is_footnote(line, after_table=False)
            or aligned_run(self.lines, j, self.aligned)
        )

    def _paragraph_end(self, j: int) -> int:
        """Index of the first line from ``j`` on that does not continue a paragraph."""
        while j < len(self.lines) and not self._interrupts(j):
            j += 1
        return j

    def _paragraph(self, i: int) -> int:
        lines = self.lines
        if i + 1 < len(lines) and len(lines[i].stripped) <= MAX_SETEXT_TITLE:
            level = K.setext_level(lines[i + 1])
            if level:
                title = K.clean_title(lines[i].stripped)
                return self._emit("heading", i, i + 1, level=level, title=title)
        after_blank = i == 0 or lines[i - 1].is_blank
        if (
            after_blank
            and i + 1 < len(lines)
            and not self._interrupts(i + 1)
            and self._titles_paragraph(i)
        ):
            return self._emit("heading", i, i, level=2, title=K.clean_title(lines[i].stripped))
        j = self._paragraph_end(i + 1)
        alone = j == i + 1 and after_blank
        if (
            alone
            and (j == len(lines) or lines[j].is_blank)
            and K.is_caps_heading(lines[i].stripped)
        ):
            return self._emit("heading", i, i, level=2, title=K.clean_title(lines[i].stripped))
        return self._emit("paragraph", i, j - 1)

    def _titles_paragraph(self, i: int) -> bool:
        """Does line ``i`` (after a blank) head the paragraph that starts on the next line?
        A Title Case line above a longer one, or a short sentence-case line above one at
        least twice as long (a narrow column's short first line is not a heading)."""
        line, below = self.lines[i].stripped, self.lines[i + 1].stripped
        if not below[:1].isupper() and not below[:1].isdigit():
            return False  # "Results were / measured ...": one sentence running on
        if K.is_title_line(line):
            return len(below) > len(line)
        return K.is_sentence_case_title(line) and len(below) >= max(40, 2 * len(line))

    def _list_item(self, i: int) -> int:
        """One list item: the marker line, lazy continuation lines, and indented
        lines after a single blank line (a loose item's second paragraph)."""
        lines = self.lines
        indent = lines[i].indent
        last = i
        j = i + 1
        while j < len(lines):
            if not lines[j].is_blank and not self._interrupts(j):
                last = j
                j += 1
                continue
            if (
                lines[j].is_blank
                and j + 1 < len(lines)
                and lines[j + 1].indent > max(indent, 1)
                and not self._interrupts(j + 1)
            ):
                last = j + 1
                j += 2
                continue
            break
        return self._emit("list_item", i, last)
