"""Facts read from table cells' own text, once per document; rules decide which count:

- conditions stated inside cells: a "Notes" or "Configuration" column the table reader
  gives no condition type still says "FastHTTP profile" or "SMT off";
- bit rates in a column headed as a baseline, guaranteed or committed rate (a cloud
  instance's baseline bandwidth), with the unit from the cell or the header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from claimcheck import lazyre
from claimcheck.extract.conditions import RawCondition, conditions_in_text
from claimcheck.models import Document
from claimcheck.units import convert, is_bit_rate

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


@dataclass(slots=True)
class BaselineCell:
    """A bit rate in a baseline-bandwidth column: its value in Gbps, its cell and row."""

    gbps: float
    cell_start: int
    cell_end: int
    row_start: int
    row_end: int


BASELINE_HEADER_RE = lazyre.compile(r"\b(?:base(?:line)?|guaranteed|committed)\b", re.I)
_HEADER_UNIT_RE = lazyre.compile(r"\b([GMk]b(?:ps|it/s|/s))\b")
_CELL_RATE_RE = lazyre.compile(r"(\d[\d,]*(?:\.\d+)?)\s*([GMk]b(?:ps|it/s|/s))?")


def baseline_cells(doc: Document) -> list[BaselineCell]:
    """The bit rates of the columns headed "Baseline ...", "Guaranteed ...", "Committed
    ..." in the document's tables (not tool output), table by table, column by column."""
    out = []
    for block in doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        cols = [i for i, h in enumerate(table.header) if BASELINE_HEADER_RE.search(h)]
        for i in cols:
            unit = _HEADER_UNIT_RE.search(table.header[i])
            for row in table.body:
                if i >= len(row.cells):
                    continue
                cell = row.cells[i]
                g = _cell_gbps(cell.text, unit.group(1) if unit else None)
                if g:
                    out.append(BaselineCell(g, cell.start, cell.end, row.start, row.end))
    return out


def _cell_gbps(text: str, header_unit: str | None) -> float | None:
    m = _CELL_RATE_RE.search(text)
    if not m or not (m.group(2) or header_unit):
        return None
    unit = (m.group(2) or header_unit or "").replace("bit/s", "bps").replace("b/s", "bps")
    try:
        value = float(m.group(1).replace(",", ""))
    except ValueError:
        return None
    try:
        return convert(value, unit, "Gbps") if unit and is_bit_rate(unit) else None
    except Exception:  # noqa: BLE001 - an odd unit: not comparable
        return None
