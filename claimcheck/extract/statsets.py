"""Summary statistics read from tables: the groups of cells that give statistics of one
distribution (min, mean, median, percentiles, max), by column (a header row "Min Avg p50
p99 Max" over value rows) or by row (first cells "p50", "p99", "max" and a value column).
Read once per document; A007 checks their order."""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.ingest.tables import marker_offset
from claimcheck.models import Cell, Document, Row
from claimcheck.units import canonical_unit, convert, dimensionality

_STAT_RE = lazyre.compile(
    r"^(?:(min|minimum|lowest)|(max|maximum|highest|peak)|(mean|avg|average)|(median)"
    r"|p\s?(\d{1,2}(?:\.\d+)?)|(\d{1,2}(?:\.\d+)?)\s?(?:%|th)(?: percentile)?"
    r"|(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th) percentile)$",
    re.IGNORECASE,
)
_VALUE_RE = lazyre.compile(r"^[~≈]?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([a-zA-Zµ/]*)$")


def stat_key(label: str) -> tuple[str, float] | None:
    """("pct", 50.0) for "p50"/"50%"/"median", ("min", 0), ("max", 100), ("mean", -1)."""
    m = _STAT_RE.match(_without_unit(label.strip().strip("*:").strip()))
    if not m:
        return None
    if m.group(1):
        return ("min", 0.0)
    if m.group(2):
        return ("max", 100.0)
    if m.group(3):
        return ("mean", -1.0)
    if m.group(4):
        return ("pct", 50.0)
    pct = float(m.group(5) or m.group(6) or m.group(7))
    return ("pct", pct) if 0 < pct < 100 else None


def _without_unit(label: str) -> str:
    """ "min (ms)" / "p99 [µs]" -> "min": a header may carry the column's unit."""
    for opener, closer in (("(", ")"), ("[", "]")):
        if label.endswith(closer) and opener in label:
            return label[: label.rindex(opener)].strip().strip("*:").strip()
    return label


def cell_value(cell: Cell) -> tuple[float, str] | None:
    """A cell's number in base units when it has a time/size unit, else as written."""
    m = _VALUE_RE.match(cell.text.strip())
    if not m:
        return None
    value = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    unit = canonical_unit(m.group(3)) if m.group(3) else ""
    if m.group(3) and unit is None:
        return None
    if unit and dimensionality(unit) not in ("", "?"):
        base = "second" if dimensionality(unit) == dimensionality("second") else unit
        try:
            return convert(value, unit, base), cell.text.strip()
        except Exception:  # noqa: BLE001 - a unit that does not convert: not a statistic
            return None
    return value, cell.text.strip()


# (statistic key, value in base units, its cell, the statistic's label)
Stat = tuple[tuple[str, float], float, Cell, str]


@dataclass(slots=True)
class StatGroup:
    """The statistics one row (read by columns) or one column (read by rows) gives."""

    stats: list[Stat]
    where: str  # for a message: ' in row "label"', or ""


@dataclass(slots=True)
class StatTable:
    """The statistic groups of one table (of two rows or more)."""

    block: int  # index into ``doc.blocks``
    by_columns: list[StatGroup]
    by_rows: list[StatGroup]


def stat_tables(doc: Document) -> list[StatTable]:
    """The statistic groups of every table of ``doc`` with two rows or more."""
    out = []
    for i, block in enumerate(doc.blocks):
        table = block.table
        if table is not None and len(table.rows) >= 2:
            out.append(StatTable(i, _by_columns(table.rows), _by_rows(table.rows)))
    return out


def _by_columns(rows: list[Row]) -> list[StatGroup]:
    groups: list[StatGroup] = []
    header_idx = None
    keys: dict[int, tuple[str, float]] = {}
    for i, row in enumerate(rows):
        found = {j: stat_key(c.text) for j, c in enumerate(row.cells)}
        found = {j: k for j, k in found.items() if k}
        if len(found) >= 2:
            header_idx, keys, labels = i, found, [c.text.strip() for c in row.cells]
            continue
        if header_idx is None or not keys:
            continue
        stats = []
        # a leading marker the header does not name ("x", "+" of ministat) shifts no value
        cells = row.cells[marker_offset(rows[header_idx].cells, row.cells) :]
        for j, key in keys.items():
            if j < len(cells):
                cv = cell_value(cells[j])
                if cv:
                    stats.append((key, cv[0], cells[j], labels[j]))
        label = next((c.text for c in row.cells if c.text and cell_value(c) is None), "")
        groups.append(StatGroup(stats, f" in row {label!r}" if label else ""))
    return groups


def _by_rows(rows: list[Row]) -> list[StatGroup]:
    columns: dict[int, list] = {}
    for row in rows:
        if not row.cells:
            continue
        key = stat_key(row.cells[0].text)
        if not key:
            continue
        for j, cell in enumerate(row.cells[1:], start=1):
            cv = cell_value(cell)
            if cv:
                columns.setdefault(j, []).append((key, cv[0], cell, row.cells[0].text.strip()))
    return [StatGroup(stats, "") for stats in columns.values()
            if len({s[0] for s in stats}) == len(stats)]  # fmt: skip
