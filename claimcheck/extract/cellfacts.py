"""Conditions stated inside table cells, read from every cell's own text: a "Notes" or
"Configuration" column the table reader gives no condition type still says "FastHTTP
profile" or "SMT off". Read once per document; rules decide which of them count."""

from __future__ import annotations

from dataclasses import dataclass, replace

from claimcheck.extract.conditions import RawCondition, conditions_in_text
from claimcheck.models import Document

MIN_CELL = 6  # characters: a shorter cell ("yes", "4", "n/a") states no setting
CELL_NAMES = ("profile",)  # the condition names kept (what rules ask of cells)


@dataclass(slots=True)
class CellCondition:
    """A condition found in a table cell's text, with the cell and row it sits in."""

    condition: RawCondition  # spans in the source
    cell_start: int
    cell_end: int
    row_start: int
    row_end: int


def cell_conditions(doc: Document) -> list[CellCondition]:
    """Conditions (of :data:`CELL_NAMES`, not hedged, not negated) in the cells of the
    document's results tables (not tool output), in source order of their cells."""
    found: list[CellCondition] = []
    by_text: dict[str, list[RawCondition]] = {}  # tables repeat cell texts row after row
    for block in doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        for row in table.rows:
            for cell in row.cells:
                if len(cell.text) < MIN_CELL:
                    continue
                if cell.text not in by_text:
                    by_text[cell.text] = [
                        c for c in conditions_in_text(cell.text)
                        if c.name in CELL_NAMES and not c.hedged and not c.negated
                    ]  # fmt: skip
                for c in by_text[cell.text]:
                    shifted = replace(c, start=c.start + cell.start, end=c.end + cell.start)
                    found.append(CellCondition(shifted, cell.start, cell.end, row.start, row.end))
    found.sort(key=lambda f: f.cell_start)  # stable: a cell's conditions keep their order
    return found
