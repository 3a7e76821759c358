"""Where a table cell sits: the row label and column header of the cell at an offset."""

from __future__ import annotations

from bisect import bisect_right

from claimcheck.models import Document

_STARTS: list = [None, 0, []]  # the last document, its block count, its block starts


def _block_starts(doc: Document) -> list[int]:
    # asked once per table operand: rebuilding the list each time was quadratic
    if _STARTS[0] is not doc or _STARTS[1] != len(doc.blocks):
        _STARTS[:] = [doc, len(doc.blocks), [b.start for b in doc.blocks]]
    return _STARTS[2]


def cell_labels(doc: Document, at: int) -> tuple[str | None, str | None]:
    """(row label, column header) of the table cell holding offset ``at`` (None when the
    offset is in no table cell)."""
    i = bisect_right(_block_starts(doc), at) - 1
    if i < 0 or doc.blocks[i].table is None:
        return None, None
    rows = doc.blocks[i].table.rows
    header = next((r for r in rows if r.is_header), rows[0] if rows else None)
    for row in rows:
        if not row.start <= at < row.end:
            continue
        for k, cell in enumerate(row.cells):
            if cell.start <= at < cell.end:
                label = row.cells[0].text.strip() if row.cells else None
                column = None
                if header is not None and k < len(header.cells) and header is not row:
                    column = header.cells[k].text.strip()
                return label, column
    return None, None
