"""Recognise table lines and build :class:`Table` rows from them.

Four shapes: tab-separated rows (``tsv``), Markdown pipe tables (``pipe``),
plain-text columns lined up with spaces (``aligned``), and the content of a
code fence (``tool_output``, see :mod:`claimcheck.ingest.tools`). PDF
extraction damages tables, so nothing here insists on equal row widths.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck.ingest import cells as C
from claimcheck.ingest.classify import atx_level, fence_open, list_marker
from claimcheck.ingest.lines import Line
from claimcheck.models import Cell, Row, Table

ALIGN_SLACK = 2  # columns "line up" when starts or ends differ by at most this
MAX_ALIGNED_CELL = 60  # longer pieces are prose, not cells
MAX_ALIGNED_CELLS = 40  # more pieces than this on a line is not a table row
_MID_BORDER = frozenset("├┼┤╞╪╡╟╫╢")


def is_tsv_start(line: Line) -> bool:
    """True when a line has a tab between its first and last characters."""
    return "\t" in line.stripped


def is_tsv_more(line: Line) -> bool:
    """True when a line continues a tab table (any tab, even a leading one)."""
    return not line.is_blank and "\t" in line.raw


def is_separator(line: Line) -> bool:
    """True for a row of dashes between header and body ("---<TAB>---", "----  ----")."""
    text = line.stripped
    return "-" in text and not text.strip("-:=+ \t|")


def is_pipe_separator(line: Line) -> bool:
    """True for the ``|---|:---:|`` row under a pipe table's header."""
    text = line.stripped
    return "|" in text and "-" in text and not text.strip("|:- \t")


def pipe_row_count(lines: Sequence[Line], i: int) -> int:
    """Number of lines of a pipe table whose header row is ``lines[i]``, or 0."""
    if "|" not in lines[i].stripped or i + 1 >= len(lines):
        return 0
    if not is_pipe_separator(lines[i + 1]):
        return 0
    j = i + 2
    while j < len(lines) and "|" in lines[j].stripped:
        j += 1
    return j - i


def tsv_table(lines: Sequence[Line]) -> Table:
    """A ``tsv`` table from consecutive tab-separated lines."""
    return _table("tsv", lines, C.tsv_cells)


def aligned_table(lines: Sequence[Line]) -> Table:
    """An ``aligned`` table from lines whose columns line up."""
    return _table("aligned", lines, C.spaced_cells)


def pipe_table(lines: Sequence[Line]) -> Table:
    """A ``pipe`` table: ``lines[0]`` is the header, ``lines[1]`` the separator."""
    rows = [_row(lines[0], C.pipe_cells(lines[0]), header=True)]
    rows += [_row(line, C.pipe_cells(line)) for line in lines[2:]]
    return Table(kind="pipe", rows=rows)


def tool_table(lines: Sequence[Line], tool: str | None) -> Table:
    """Rows of a fence's content lines; border lines are dropped.

    A row directly above a box-drawing middle border (``├──┼──┤``) is a header.
    """
    rows: list[Row] = []
    for k, line in enumerate(lines):
        cells = C.tool_cells(line)
        if not cells:
            continue
        below = lines[k + 1].stripped if k + 1 < len(lines) else ""
        header = bool(below) and below[0] in _MID_BORDER
        header = header or line.stripped.startswith("Thread Stats")
        rows.append(_row(line, cells, header=header))
    return Table(kind="tool_output", rows=rows, tool=tool)


def _table(kind, lines: Sequence[Line], split) -> Table:
    """Rows split by ``split``; a dash row marks the rows above it as header."""
    rows: list[Row] = []
    separator_at = None
    for line in lines:
        if is_separator(line) and rows and separator_at is None:
            separator_at = len(rows)
            continue
        rows.append(_row(line, split(line)))
    _mark_headers(rows, separator_at)
    return Table(kind=kind, rows=rows)


def _row(line: Line, cells: list[Cell], header: bool = False) -> Row:
    start = min([line.content_start] + [c.start for c in cells[:1]])
    end = max([line.content_end] + [c.end for c in cells[-1:]])
    return Row(cells=cells, start=start, end=max(start, end), is_header=header)


def _mark_headers(rows: list[Row], explicit: int | None) -> None:
    """Mark header rows: above an explicit separator, else by the text/number mix.

    The first row is a header when most of its filled cells are not numbers;
    the next rows (up to three in all, leaving at least one body row) join it
    while they hold no numbers at all, as when PDF extraction wraps a header
    onto a second line ("Device / Power Draw" over "Idle / Full Load").
    """
    if explicit is not None:
        for row in rows[:explicit]:
            row.is_header = True
        return
    texts, numbers = _mix(rows[0]) if rows else (0, 0)
    if texts <= numbers:
        return
    rows[0].is_header = True
    if numbers:
        return
    for row in rows[1 : min(3, len(rows) - 1)]:
        texts, numbers = _mix(row)
        if numbers or not texts:
            break
        row.is_header = True


def _mix(row: Row) -> tuple[int, int]:
    """Counts of (text, numeric) cells in a row, ignoring empty and placeholder cells."""
    texts = numbers = 0
    for cell in row.cells:
        if C.is_null(cell.text):
            continue
        if C.is_numeric(cell.text):
            numbers += 1
        else:
            texts += 1
    return texts, numbers


def aligned_candidate(line: Line) -> list[Cell] | None:
    """Cells of a line that could be an aligned-table row, else None."""
    raw = line.raw
    if line.is_blank or "\t" in raw or "  " not in line.stripped:
        return None
    if atx_level(line) or list_marker(line) or fence_open(line) or "|" in raw:
        return None
    for count, _ in enumerate(C.SPACED.finditer(line.stripped)):
        if count >= MAX_ALIGNED_CELLS:  # stop early: a line of many pieces is not a row
            return None
    cells = C.spaced_cells(line)
    if not 2 <= len(cells) <= MAX_ALIGNED_CELLS:
        return None
    if any(len(c.text) > MAX_ALIGNED_CELL for c in cells):
        return None
    return cells


def aligned_run(lines: Sequence[Line], i: int, cache: dict[int, list[Cell] | None]) -> int:
    """Number of lines from ``lines[i]`` forming an aligned table (0 when under 3).

    Each row must line up with the first row or the row above it: at least
    two of its cells (and at least half) start or end within ``ALIGN_SLACK``
    characters of a cell there. Dash separator rows pass through.
    """
    first = _columns(lines, i, cache)
    if first is None:
        return 0
    previous = first
    j = i + 1
    while j < len(lines):
        cols = _columns(lines, j, cache)
        if cols is None:
            break
        if not is_separator(lines[j]):
            hits = sum(1 for col in cols if _lines_up(col, first) or _lines_up(col, previous))
            if hits < 2 or 2 * hits < len(cols):
                break
            previous = cols
        j += 1
    count = j - i
    return count if count >= 3 else 0


def _columns(lines, j: int, cache) -> list[tuple[int, int]] | None:
    if j not in cache:
        cache[j] = aligned_candidate(lines[j])
    cells = cache[j]
    if cells is None:
        return None
    base = lines[j].start
    return [(c.start - base, c.end - base) for c in cells]


def _lines_up(col: tuple[int, int], anchors: list[tuple[int, int]]) -> bool:
    return any(
        abs(col[0] - a[0]) <= ALIGN_SLACK or abs(col[1] - a[1]) <= ALIGN_SLACK for a in anchors
    )
