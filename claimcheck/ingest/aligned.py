"""Find plain-text tables whose columns are lined up with spaces.

PDF extraction turns many tables into lines like ``alpha   120,000   18.5``.
A run of three or more such lines whose columns line up is a table; prose
with the odd double space is not, because its gaps do not line up.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck.ingest import cells as C
from claimcheck.ingest.classify import atx_level, fence_open, is_comment, list_marker
from claimcheck.ingest.lines import Line
from claimcheck.ingest.tables import is_separator
from claimcheck.models import Cell

ALIGN_SLACK = 2  # columns "line up" when starts or ends differ by at most this
MAX_ALIGNED_CELL = 60  # longer pieces are prose, not cells
MAX_ALIGNED_CELLS = 40  # more pieces than this on a line is not a table row


def aligned_candidate(line: Line) -> list[Cell] | None:
    """Cells of a line that could be an aligned-table row, else None."""
    raw = line.raw
    if line.is_blank or "\t" in raw or "  " not in line.stripped:
        return None
    if atx_level(line) or list_marker(line) or fence_open(line) or "|" in raw or is_comment(line):
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
    """Number of lines from ``lines[i]`` forming an aligned table (0 under 3 rows).

    Each row must line up with the first row or the row above it: at least
    two of its cells (and at least half) start or end within ``ALIGN_SLACK``
    characters of a cell there. Dash separator rows pass through.
    """
    first = _columns(lines, i, cache)
    if first is None:
        return 0
    previous = first
    j = end = i + 1
    rows = 1
    while j < len(lines):
        if is_comment(lines[j]):
            j += 1
            continue
        cols = _columns(lines, j, cache)
        if cols is None:
            break
        if not is_separator(lines[j]):
            hits = sum(1 for col in cols if _lines_up(col, first) or _lines_up(col, previous))
            if hits < 2 or 2 * hits < len(cols):
                break
            previous = cols
        j = end = j + 1
        rows += 1
    return end - i if rows >= 3 else 0


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
