"""Recognise table lines and build :class:`Table` rows from them.

Four shapes: tab-separated rows (``tsv``), Markdown pipe tables (``pipe``),
plain-text columns lined up with spaces (``aligned``), and the content of a
code fence (``tool_output``, see :mod:`claimcheck.ingest.tools`). PDF
extraction damages tables, so nothing here insists on equal row widths.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck.ingest import cells as C
from claimcheck.ingest.classify import is_comment
from claimcheck.ingest.lines import Line
from claimcheck.models import Cell, Row, Table

_MID_BORDER = frozenset("├┼┤╞╪╡╟╫╢")


def is_tsv_start(line: Line) -> bool:
    """True when a line has a tab between its first and last characters."""
    return "\t" in line.stripped and line.raw.count("\t") <= C.MAX_CELLS


def is_tsv_more(line: Line) -> bool:
    """True when a line continues a tab table (any tab, even a leading one)."""
    return not line.is_blank and 0 < line.raw.count("\t") <= C.MAX_CELLS


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
    if i + 1 >= len(lines) or not _pipe_row(lines[i]) or not is_pipe_separator(lines[i + 1]):
        return 0
    return run_end(lines, i + 2, _pipe_row) - i


def run_end(lines: Sequence[Line], j: int, more) -> int:
    """First index from ``j`` on where a table run whose lines satisfy ``more``
    ends; comment lines inside the run are passed over, trailing ones are not."""
    end = j
    while j < len(lines):
        if more(lines[j]):
            j = end = j + 1
        elif is_comment(lines[j]):
            j += 1
        else:
            break
    return end


def _pipe_row(line: Line) -> bool:
    return 0 < line.raw.count("|") <= C.MAX_CELLS + 1 and not line.is_blank


def tsv_table(lines: Sequence[Line]) -> Table:
    """A ``tsv`` table from consecutive tab-separated lines."""
    return _table("tsv", lines, C.tsv_cells)


def aligned_table(
    lines: Sequence[Line], known: dict[int, list[Cell] | None] | None = None
) -> Table:
    """An ``aligned`` table from lines whose columns line up.

    ``known`` maps line index to cells already split by :func:`aligned_run`.
    """
    known = known or {}

    def split(line: Line) -> list[Cell]:
        """Cells of ``line``, reusing the split made while detecting the table."""
        cells = known.get(line.index)
        return cells if cells is not None else C.spaced_cells(line)

    return _table("aligned", lines, split)


def pipe_table(lines: Sequence[Line], code_spans: bool = False) -> Table:
    """A ``pipe`` table: ``lines[0]`` is the header, ``lines[1]`` the separator.

    ``code_spans``: a pipe inside inline code does not split a cell (Markdown input).
    """
    rows = [_row(lines[0], C.pipe_cells(lines[0], code_spans), header=True)]
    rows += [
        _row(line, C.pipe_cells(line, code_spans)) for line in lines[2:] if not is_comment(line)
    ]
    return Table(kind="pipe", rows=rows)


def tool_table(lines: Sequence[Line], tool: str | None) -> Table:
    """Rows of a fence's content lines; border lines are dropped.

    A row directly above a box-drawing middle border (``├──┼──┤``) is a header.
    """
    rows: list[Row] = []
    for k, line in enumerate(lines):
        cells = C.tool_cells(line) if not is_comment(line) else []
        if not cells:
            continue
        below = lines[k + 1].stripped if k + 1 < len(lines) else ""
        header = bool(below) and below[0] in _MID_BORDER
        header = header or line.stripped.startswith("Thread Stats")
        rows.append(_row(line, cells, header=header))
    return Table(kind="tool_output" if tool else "code", rows=rows, tool=tool)


def _table(kind, lines: Sequence[Line], split) -> Table:
    """Rows split by ``split``; a dash row marks the rows above it as header."""
    rows: list[Row] = []
    starts: list[int] = []  # each row's line start, for columns lined up by position
    separator_at = None
    for line in lines:
        if is_comment(line):
            continue
        if is_separator(line) and rows and separator_at is None:
            separator_at = len(rows)
            continue
        rows.append(_row(line, split(line)))
        starts.append(line.start)
    if kind == "aligned":
        _fill_gaps(rows, starts)
    _mark_headers(rows, separator_at)
    _name_marker_column(rows, starts if kind == "aligned" else None)
    return Table(kind=kind, rows=rows)


ANCHOR_ROWS = 8  # full-width rows whose cell positions define the columns
_SLACK = 2  # as aligned.ALIGN_SLACK: a cell lines up within two characters


def _fill_gaps(rows: list[Row], starts: list[int]) -> None:
    """Put the cells of a short row of a space-aligned table under their columns.

    Splitting on spaces drops empty cells, so a grouped row whose blank first cell
    continues the group above ("            64 KB   9,120") would slide left. Each cell
    of a short row goes to the column whose cells in the full-width rows it overlaps or
    lines up with; a row whose cells do not each find one column, in order, is left as it is.
    """
    full = max((len(r.cells) for r in rows), default=0)
    anchors = [
        [(c.start - starts[k], c.end - starts[k]) for c in r.cells]
        for k, r in enumerate(rows)
        if len(r.cells) == full
    ][:ANCHOR_ROWS]
    if full < 3 or not anchors:
        return
    for k, row in enumerate(rows):
        if not 0 < len(row.cells) < full:
            continue
        cols = [_column_of(c.start - starts[k], c.end - starts[k], anchors) for c in row.cells]
        if None in cols or any(b <= a for a, b in zip(cols, cols[1:], strict=False)):
            continue
        placed: dict[int, Cell] = dict(zip(cols, row.cells, strict=True))  # type: ignore[arg-type]
        cells = []
        for j in range(full):
            at = min(starts[k] + anchors[0][j][0], row.end)
            cells.append(placed.get(j) or Cell(text="", start=at, end=at))
        row.cells = cells


def _column_of(a: int, b: int, anchors: list[list[tuple[int, int]]]) -> int | None:
    """The one column whose anchor cells overlap ``[a, b)`` or line up with it, or None."""
    found = set()
    for cells in anchors:
        for j, (s, e) in enumerate(cells):
            if max(a, s) < min(b, e) or abs(a - s) <= _SLACK or abs(b - e) <= _SLACK:
                found.add(j)
    return found.pop() if len(found) == 1 else None


def marker_offset(header: Sequence[Cell], cells: Sequence[Cell]) -> int:
    """1 when a row has one cell more than its header and that extra cell leads and is no
    figure: a dataset marker or row label the header does not name ("x", "+", "Quillon"
    under "N  Min  Max"); its values line up with the header one cell to the right."""
    if not header or len(cells) != len(header) + 1:
        return 0
    first = cells[0].text.strip()
    return 1 if first and not C.is_numeric(first) else 0


def _name_marker_column(rows: list[Row], starts: list[int] | None) -> None:
    """Give the header a blank corner when the body rows lead with a cell it does not name.

    Every body row wider than the header must be one cell wider with a leading non-figure
    (see :func:`marker_offset`); for columns lined up by spaces (``starts``: line starts)
    that leading cell must also end before the header's first label begins.
    """
    heads = [k for k, r in enumerate(rows) if r.is_header]
    if not heads:
        return
    head = rows[heads[-1]]
    wider = [k for k, r in enumerate(rows) if not r.is_header and len(r.cells) > len(head.cells)]
    if not wider or any(marker_offset(head.cells, rows[k].cells) != 1 for k in wider):
        return
    if starts is not None:
        first = head.cells[0].start - starts[heads[-1]]
        if any(rows[k].cells[0].end - starts[k] > first for k in wider):
            return
    corner = Cell(text="", start=head.start, end=head.start)
    head.cells = [corner, *head.cells]


def _row(line: Line, cells: list[Cell], header: bool = False) -> Row:
    start = min([line.content_start] + [c.start for c in cells[:1]])
    end = max([line.content_end] + [c.end for c in cells[-1:]])
    return Row(cells=cells, start=start, end=max(start, end), is_header=header)


def _mark_headers(rows: list[Row], explicit: int | None) -> None:
    """Mark header rows: above an explicit separator, else by the text/number mix.

    The first row is a header when most of its filled cells are not numbers.
    Up to two more rows join it when PDF extraction has wrapped the header
    onto a second line ("Device / Power Draw" over "Idle / Full Load"): such
    a row has gaps (empty cells), holds no numbers, and numbers follow below; a
    row whose only text is its first cell is a group label of the body instead.
    """
    if explicit is not None:
        for row in rows[:explicit]:
            row.is_header = True
        return
    mixes = [_mix(row) for row in rows]
    if not mixes or mixes[0][0] <= mixes[0][1]:
        return
    rows[0].is_header = True
    if mixes[0][1]:
        return
    numbers_below = [False] * len(rows)
    for k in range(len(rows) - 2, -1, -1):
        numbers_below[k] = numbers_below[k + 1] or mixes[k + 1][1] > 0
    for k in range(1, min(3, len(rows))):
        texts, numbers = mixes[k]
        gaps = any(not cell.text for cell in rows[k].cells)
        group = rows[k].cells[0].text and not any(c.text for c in rows[k].cells[1:])
        if numbers or not texts or not gaps or not numbers_below[k] or group:
            break  # a label alone ("With TLS") heads the body rows below it, not the columns
        rows[k].is_header = True


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
