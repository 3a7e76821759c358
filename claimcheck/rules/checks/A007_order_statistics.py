"""A007: summary statistics of one distribution in an impossible order.

min <= p50 <= p90 <= p99 <= max and min <= mean <= max. The statistics come from the
index's statistic tables (columns headed "Min Avg p50 p99 Max", rows opening "p99":
claimcheck.extract.statsets), from the runs' parsed tool summaries and from sentences
that type their figures (claimcheck.extract.prosestats).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Cell
from claimcheck.rules.registry import Hit, check


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
def order_statistics(facts: FactStore) -> Iterator[Hit]:
    """Min/percentile/mean/max columns or rows out of order; in a tool's printed summary,
    the statistics as the run parser read them by the tool's own column heads."""
    doc, extraction = facts.doc, facts.extraction
    parsed = [r for r in extraction.runs if any(k.startswith("latency_") for k in r.results)]
    starts = [b.start for b in doc.blocks]
    read = {bisect_right(starts, r.end - 1) - 1 for r in parsed}  # blocks holding a parsed run
    for found in facts.index.stat_tables:
        if doc.blocks[found.block].table.kind == "tool_output" and found.block in read:
            continue  # read below, by the tool's column heads rather than cell positions
        yield from _table_check([(g.stats, g.where) for g in found.by_columns])
        yield from _table_check([(g.stats, g.where) for g in found.by_rows])
    for run in parsed:
        yield from _table_check([(_run_stats(run), f" in the {run.tool or 'tool'} output")])
    for group in facts.index.prose_stats:  # "a p50 of X and a p99 of Y" in a sentence
        yield from _table_check([(group.stats, group.where)])


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
