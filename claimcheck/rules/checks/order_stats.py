"""A007: summary statistics of one distribution in an impossible order.

min <= p50 <= p90 <= p99 <= max and min <= mean <= max. Statistics are read
from table columns (header "Min Avg p50 p99 Max") or rows (first cell "p99").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.models import Cell, Document, Extraction, Row
from claimcheck.rules.registry import Hit, check
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
        return convert(value, unit, base), cell.text.strip()
    return value, cell.text.strip()


def _violations(stats: list[tuple[tuple[str, float], float, Cell, str]]) -> Iterator[tuple]:
    """(message, cell, (first label, relation, second label)) for each pair out of order."""
    by = {k: (v, c, label) for k, v, c, label in stats}
    order = sorted((k for k in by if k[0] in ("min", "pct", "max")), key=lambda k: k[1])
    for lo, hi in zip(order, order[1:], strict=False):
        if by[lo][0] > by[hi][0] * (1 + 1e-9):
            yield (f"{by[lo][2]} {by[lo][1].text} is above {by[hi][2]} {by[hi][1].text}",
                   by[hi][1], (by[lo][2], "above", by[hi][2]))  # fmt: skip
    if ("mean", -1.0) in by:
        mean = by[("mean", -1.0)]
        for k in (("min", 0.0), ("max", 100.0)):
            if k in by:
                v = by[k]
                bad = mean[0] < v[0] if k[0] == "min" else mean[0] > v[0] * (1 + 1e-9)
                if bad:
                    rel = "below" if k[0] == "min" else "above"
                    yield (f"{mean[2]} {mean[1].text} is {rel} {v[2]} {v[1].text}", mean[1],
                           (mean[2], rel, v[2]))  # fmt: skip


def _table_check(groups: list[tuple[list, str]]) -> Iterator[Hit]:
    """One finding per pair of statistics out of order in a table or a tool's summary (one
    cause: a mislabelled or swapped column), at its first row, with how many rows show it."""
    found: dict[tuple, list[tuple[str, Cell, str]]] = {}
    for stats, what in groups:
        if len(stats) < 2:
            continue
        for text, cell, pair in _violations(stats):
            found.setdefault(pair, []).append((text, cell, what))
    checked = sum(1 for stats, _ in groups if len(stats) >= 2)
    for (first, rel, second), cases in found.items():
        text, cell, what = cases[0]
        more = (f"; the same in {len(cases)} of {checked} rows"
                if len(cases) > 1 else "")  # fmt: skip
        msg = (f"{text}{what}{more}: one distribution cannot have that order (mislabelled or "
               f"wrong column?)")  # fmt: skip
        yield Hit(cell.start, cell.end, msg,
                  {"order": [first, rel, second], "rows": len(cases)})  # fmt: skip


@check("order_statistics")
def order_statistics(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Min/percentile/mean/max columns or rows out of order; in a tool's printed summary,
    the statistics as the run parser read them by the tool's own column heads."""
    parsed = [r for r in extraction.runs if any(k.startswith("latency_") for k in r.results)]
    starts = [b.start for b in doc.blocks]
    read = {bisect_right(starts, r.end - 1) - 1 for r in parsed}  # blocks holding a parsed run
    for i, block in enumerate(doc.blocks):
        table = block.table
        if table is None or len(table.rows) < 2:
            continue
        if table.kind == "tool_output" and i in read:
            continue  # read below, by the tool's column heads rather than cell positions
        yield from _by_columns(table.rows)
        yield from _by_rows(table.rows)
    for run in parsed:
        yield from _table_check([(_run_stats(run), f" in the {run.tool or 'tool'} output")])


def _run_stats(run: Any) -> list[tuple[tuple[str, float], float, Any, str]]:
    """The latency statistics of a run as (key, seconds, value with its span, name)."""
    fixed = {"min": ("min", 0.0), "max": ("max", 100.0), "mean": ("mean", -1.0)}
    stats = []
    for name, value in run.results.items():
        if not name.startswith("latency_"):
            continue
        stat = name.removeprefix("latency_")
        key = fixed.get(stat)
        if key is None and stat.startswith("p"):
            try:
                key = ("pct", float(stat[1:].replace("_", ".")))
            except ValueError:
                continue
        if key is not None:
            stats.append((key, value.value, value, stat))
    return stats


def _by_columns(rows: list[Row]) -> Iterator[Hit]:
    groups: list[tuple[list, str]] = []
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
        for j, key in keys.items():
            if j < len(row.cells):
                cv = cell_value(row.cells[j])
                if cv:
                    stats.append((key, cv[0], row.cells[j], labels[j]))
        label = next((c.text for c in row.cells if c.text and cell_value(c) is None), "")
        groups.append((stats, f" in row {label!r}" if label else ""))
    yield from _table_check(groups)


def _by_rows(rows: list[Row]) -> Iterator[Hit]:
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
    yield from _table_check(
        [(stats, "") for stats in columns.values() if len({s[0] for s in stats}) == len(stats)]
    )
