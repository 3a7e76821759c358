"""A006: throughput, mean latency and connections that cannot all be true.

In a closed loop each connection has at most ``depth`` requests outstanding,
so throughput x mean latency (requests in flight, Little's law) cannot exceed
connections x pipelining depth.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Document
from claimcheck.rules.registry import Hit, check
from claimcheck.units import convert


@check("littles_law")
def littles_law(facts: FactStore) -> Iterator[Hit]:
    """Requests in flight (rate x mean latency) above connections x pipelining depth: in each
    run's own output, in the table rows measured under a run, and in a sentence that states
    all three."""
    doc, extraction = facts.doc, facts.extraction
    yield from _run_hits(doc, extraction.runs)
    yield from _prose_hits(facts)


# A run's in-flight requests may exceed connections x depth by this much before it is
# reported: rounding in the printed rate and mean, and ramp-up and tail at the run's ends.
TOLERANCE = 1.05
# Tools that send at a set rate and time each request from when it was due (wrk2 -R,
# vegeta): their latency includes waiting that happened outside the connections.
OPEN_LOOP = {"wrk2", "vegeta"}


def _run_hits(doc: Document, runs: list[Any]) -> Iterator[Hit]:
    measured = [r for r in runs if not r.warmup and r.connections is not None]
    starts = [b.start for b in doc.blocks]
    depths: dict[float, list[float | None]] = {}  # connections -> depths of the runs with them
    for r in measured:
        depths.setdefault(r.connections.value, []).append(None if r.pipelined else r.depth())
    for run in measured:
        if run.tool in OPEN_LOOP or (run.rate is not None and run.source == "command"):
            continue
        depth = _depth(run, depths[run.connections.value])
        if depth is None:
            continue  # pipelined to an unknown depth: no bound
        conns = run.connections.value
        if conns <= 0:
            continue
        rps, mean = run.results.get("rps"), run.results.get("latency_mean")
        if rps is not None and mean is not None:
            hit = _judge(rps, mean, conns, depth, run, [])
            if hit is not None:
                yield hit
        by_table: dict[int, list[Any]] = {}
        for row in run.rows:
            if row.rps is not None and row.latency_mean is not None:
                by_table.setdefault(bisect_right(starts, row.start), []).append(row)
        for rows in by_table.values():
            over = [(row.rps.value * row.latency_mean.value / (conns * depth), row) for row in rows]
            over = [(ratio, row) for ratio, row in over if ratio > TOLERANCE]
            if not over:
                continue
            over.sort(key=lambda x: -x[0])
            worst = over[0][1]
            hit = _judge(worst.rps, worst.latency_mean, conns, depth, run, [r for _, r in over])
            if hit is not None:
                yield hit


def _depth(run: Any, same: list[float | None]) -> float | None:
    """Requests a connection may have outstanding in this run: its own pipelining and
    streams, or those of another measured run of the report with the same connections (a
    sentence restating a command's parameters); None when pipelined to an unknown depth."""
    if run.pipelined or None in same:
        return None
    return max([run.depth(), *(d for d in same if d is not None)])


def _judge(
    rps: Any, mean: Any, conns: float, depth: float, run: Any, rows: list[Any]
) -> Hit | None:
    in_flight = rps.value * mean.value
    limit = conns * depth
    if in_flight <= limit * TOLERANCE:
        return None
    need = math.ceil(in_flight / conns)
    where = f"{run.tool} " if run.tool else ""
    label = f"{rows[0].label}: " if rows else ""
    msg = (f"{label}{rps.value:,.2f} req/s at a {_ms(mean.value)} mean latency means "
           f"{in_flight:,.0f} requests in flight, but the {where}run (line {run.line}) has "
           f"{conns:,.0f} connections x depth {depth:g}, at most {limit:,.0f} in flight; "
           f"possible only with pipelining depth >= {need} (was the test pipelined?)")  # fmt: skip
    if len(rows) > 1:
        others = ", ".join(
            f"{r.label} {r.rps.value * r.latency_mean.value:,.0f}" for r in rows[1:6]
        )
        msg += f"; {len(rows) - 1} more rows of this table are over too ({others})"
    return Hit(rps.start, rps.end, msg, {
        "throughput": rps.value, "mean_latency_s": mean.value, "connections": conns,
        "depth": depth, "in_flight": round(in_flight, 1), "pipelining_depth_needed": need,
        "rows": len(rows) or 1, "run_line": run.line})  # fmt: skip


def _rate(m: Any) -> float | None:
    """A request-rate measurement in requests per second."""
    try:
        return convert(m.value, m.unit, "RPS")
    except Exception:  # noqa: BLE001 - a unit the table cannot convert: not a rate
        return None


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.4g} ms" if seconds < 1 else f"{seconds:,.4g} s"


def _prose_hits(facts: FactStore) -> Iterator[Hit]:
    for load in facts.stated_loads:
        rate, latency, conns, depth = load.rate, load.latency_s, load.connections, load.depth
        in_flight = rate * latency
        limit = conns * depth
        if in_flight <= limit * TOLERANCE:
            continue
        need = math.ceil(in_flight / conns)
        msg = (f"{rate:,.0f} req/s at a {load.latency} {load.latency_unit} mean latency means "
               f"{in_flight:,.0f} requests in flight, but {conns:,.0f} connections x depth "
               f"{depth:g} allow at most {limit:,.0f}; possible only with pipelining depth >= "
               f"{need} (was the test pipelined?)")  # fmt: skip
        yield Hit(load.start, load.end, msg, {
            "throughput": rate, "mean_latency_s": latency, "connections": conns,
            "in_flight": round(in_flight, 1), "pipelining_depth_needed": need})  # fmt: skip
