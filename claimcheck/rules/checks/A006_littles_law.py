"""A006: throughput, mean latency and connections that cannot all be true.

In a closed loop each connection has at most ``depth`` requests outstanding, so throughput x
mean latency (requests in flight, Little's law) cannot exceed connections x pipelining depth.

What a tool prints decides which figures may be set against each other
(:mod:`claimcheck.extract.runs.semantics`):

- observed latency (hey, oha, ab, h2load, k6 ...): the law applies to the rate of the very
  requests the mean covers. hey and oha count errors and timeouts in their rate but not in
  their mean, so a run that logged some is judged on its successful share only, and not at
  all when that share cannot be told.
- wrk's latency is corrected for coordinated omission before it is printed: its mean may
  exceed connections / rate with no pipelining. Such a run is reported only when no
  law-abiding loop gives the printed mean, stdev, max and percentiles
  (:func:`claimcheck.closedloop.corrected_excess_unexplained`); a mean quoted without its max
  is bounded by the most wrk records, its timeout.
- latency timed from each request's intended start (wrk2, vegeta): no bound.
- wrk's per-thread ``Req/Sec`` is never the run's rate.

A run, table or sentence that names no tool takes the tool of the document's other runs
when they all name the same one, else is read as observed.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck.closedloop import (
    TOLERANCE,
    CorrectedRun,
    budget,
    corrected_excess_unexplained,
    in_flight,
)
from claimcheck.extract.runs.semantics import CORRECTED, INTENDED, UNKNOWN, Semantics, semantics
from claimcheck.facts import FactStore
from claimcheck.models import Document
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check


@check("littles_law")
def littles_law(facts: FactStore) -> Iterator[Hit]:
    """Requests in flight (rate x mean latency) above connections x pipelining depth: in each
    run's own output, in the table rows measured under a run, and in a sentence that states
    all three; read by what the run's tool prints (see the module docstring)."""
    shared = _document_semantics(list(facts.runs))
    yield from _run_hits(facts.doc, list(facts.runs), shared)
    yield from _prose_hits(facts, shared)


def _document_semantics(runs: list[Any]) -> Semantics | None:
    """The semantics a run naming no tool takes: those of the tool every other run names,
    UNKNOWN when none names one, None (no reading) when they name tools that differ in
    what their latency is."""
    kinds = {semantics(r.tool) for r in runs if r.tool}
    if not kinds:
        return UNKNOWN
    return kinds.pop() if len(kinds) == 1 else None


@dataclass(frozen=True)
class _Figures:
    """One rate and mean latency to judge, with what the tool printed beside them."""

    rps: Any  # Value
    mean: Any  # Value
    stats: dict[str, float]  # "max", "stdev", "p50" ... in seconds
    left_out: float | None  # requests in the rate but not in the mean (None: unknown kinds)
    total: float | None  # every request the rate counts, when known


def _run_hits(doc: Document, runs: list[Any], shared: Semantics | None) -> Iterator[Hit]:
    measured = [r for r in runs if not r.warmup and r.connections is not None]
    starts = [b.start for b in doc.blocks]
    depths: dict[float, list[float | None]] = {}  # connections -> depths of the runs with them
    for r in measured:
        depths.setdefault(r.connections.value, []).append(None if r.pipelined else r.depth())
    for run in measured:
        sem = semantics(run.tool) if run.tool else shared
        if sem is None or sem.latency == INTENDED:
            continue
        if run.rate is not None and run.source == "command":
            continue  # sent at a set rate: the tool may time from when each request was due
        depth = _depth(run, depths[run.connections.value])
        conns = run.connections.value
        if depth is None or conns <= 0:
            continue  # pipelined to an unknown depth: no bound
        rps, mean = run.results.get("rps"), run.results.get("latency_mean")
        if rps is not None and mean is not None:
            fig = _run_figures(run, sem, rps, mean)
            hit = _judge(fig, conns, depth, run, sem, [])
            if hit is not None:
                yield hit
        by_table: dict[int, list[Any]] = {}
        for row in run.rows:
            if row.rps is not None and row.latency_mean is not None:
                if _per_thread(row.rps_head, run.tool):
                    continue
                by_table.setdefault(bisect_right(starts, row.start), []).append(row)
        for rows in by_table.values():
            over = []
            for row in rows:
                fig = _row_figures(run, sem, row)
                if _verdict(fig, conns, depth, run, sem) is not None:
                    over.append((in_flight(fig.rps.value, fig.mean.value), row, fig))
            if not over:
                continue
            over.sort(key=lambda x: -x[0])
            hit = _judge(over[0][2], conns, depth, run, sem, [r for _, r, _ in over])
            if hit is not None:
                yield hit


def _per_thread(head: str, tool: str | None) -> bool:
    """Is a rate column with this head a per-thread figure (wrk's Thread Stats "Req/Sec
    Avg")? Its words are the rule's data."""
    data = rule_data("A006").get("per_thread", {})
    low = head.lower()
    if any(word in low for word in data.get("words", [])):
        return True
    name = data.get("tool_heads", {}).get(tool or "")
    return bool(name) and name in low and any(s in low for s in data.get("statistics", []))


def _run_figures(run: Any, sem: Semantics, rps: Any, mean: Any) -> _Figures:
    stats = {k[len("latency_"):]: v.value for k, v in run.results.items()
             if k.startswith("latency_") and k != "latency_mean"}  # fmt: skip
    left = sum(v.value for k, v in run.errors.items() if k in sem.left_out)
    total = run.total_requests.value if run.total_requests else None
    success = run.results.get("success_rate")
    if left and success is not None and 0 < success.value <= 1:
        # the tool printed the share its mean covers: the rest is what it left out
        total, left = 1.0, 1.0 - success.value
    if total is None and run.duration is not None:
        total = rps.value * run.duration.value
    return _Figures(rps, mean, stats, left, total)


def _row_figures(run: Any, sem: Semantics, row: Any) -> _Figures:
    stats = {k: v.value for k, v in row.latency.items()}
    left: float | None = 0.0
    if row.errors is not None and row.errors.value > 0:
        # a column of errors of a kind the head does not tell: any of them may be missing from
        # the mean unless the tool times every request it counts
        left = row.errors.value if sem.left_out else 0.0
    total = row.rps.value * run.duration.value if run.duration is not None else None
    return _Figures(row.rps, row.latency_mean, stats, left, total)


def _covered(fig: _Figures) -> float | None:
    """The rate of the requests the mean covers: the printed rate less what errors left out;
    None when errors were left out and their share cannot be told."""
    if not fig.left_out:
        return fig.rps.value
    if not fig.total or fig.total <= 0:
        return None
    return fig.rps.value * max(0.0, 1.0 - fig.left_out / fig.total)


def _verdict(fig: _Figures, conns: float, depth: float, run: Any, sem: Semantics) -> str | None:
    """Why the figures cannot all hold ("" for a plain excess over connections x depth), or
    None when some reading of them fits."""
    rate = _covered(fig)
    if rate is None or rate <= 0:
        return None
    if in_flight(rate, fig.mean.value) <= conns * depth * TOLERANCE:
        return None
    if sem.latency != CORRECTED:
        return ""
    total = fig.total
    per_conn = math.floor(total / conns) if total else None
    if per_conn == 0:
        return ""  # fewer requests than connections: wrk corrects nothing
    # wrk's interval: runtime / floor(requests / connections); the budget counts only the
    # requests its latency statistics recorded
    runtime = total / fig.rps.value if total else None
    interval = runtime / per_conn if runtime and per_conn else conns / fig.rps.value
    cap = run.timeout.value if run.timeout is not None else sem.recorded_max
    top = fig.stats.get("max", cap)
    if top is None:
        return None
    percentiles = {float(k[1:].replace("_", ".")): v for k, v in fig.stats.items()
                   if k.startswith("p") and k[1:].replace("_", "").isdigit()}  # fmt: skip
    printed = CorrectedRun(mean=fig.mean.value, budget_s=budget(conns, depth, rate),
                           interval=interval, max_latency=top, stdev=fig.stats.get("stdev"),
                           percentiles=percentiles,
                           samples=total * rate / fig.rps.value if total else None)  # fmt: skip
    return corrected_excess_unexplained(printed)


def _depth(run: Any, same: list[float | None]) -> float | None:
    """Requests a connection may have outstanding in this run: its own pipelining and
    streams, or those of another measured run of the report with the same connections (a
    sentence restating a command's parameters); None when pipelined to an unknown depth."""
    if run.pipelined or None in same:
        return None
    return max([run.depth(), *(d for d in same if d is not None)])


def _judge(
    fig: _Figures, conns: float, depth: float, run: Any, sem: Semantics, rows: list[Any]
) -> Hit | None:
    why = _verdict(fig, conns, depth, run, sem)
    if why is None:
        return None
    rps, mean = fig.rps, fig.mean
    rate = _covered(fig) or rps.value
    flying = in_flight(rate, mean.value)
    limit = conns * depth
    need = math.ceil(flying / conns)
    where = f"{run.tool} " if run.tool else ""
    label = f"{rows[0].label}: " if rows else ""
    share = "" if rate == rps.value else f" (the {rate:,.2f} req/s its mean covers)"
    msg = (f"{label}{rps.value:,.2f} req/s{share} at a {_ms(mean.value)} mean latency means "
           f"{flying:,.0f} requests in flight, but the {where}run (line {run.line}) has "
           f"{conns:,.0f} connections x depth {depth:g}, at most {limit:,.0f} in flight")  # fmt: skip
    if why:
        msg += f"; the printed latency is corrected for coordinated omission, but {why}"
    else:
        msg += f"; possible only with pipelining depth >= {need} (was the test pipelined?)"
    if len(rows) > 1:
        others = ", ".join(
            f"{r.label} {r.rps.value * r.latency_mean.value:,.0f}" for r in rows[1:6]
        )
        msg += f"; {len(rows) - 1} more rows of this table are over too ({others})"
    return Hit(rps.start, rps.end, msg, {
        "throughput": rps.value, "covered_throughput": round(rate, 2),
        "mean_latency_s": mean.value, "connections": conns, "depth": depth,
        "in_flight": round(flying, 1), "pipelining_depth_needed": need,
        "latency": sem.latency, "rows": len(rows) or 1, "run_line": run.line})  # fmt: skip


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.4g} ms" if seconds < 1 else f"{seconds:,.4g} s"


def _prose_hits(facts: FactStore, shared: Semantics | None) -> Iterator[Hit]:
    if shared is None or shared.latency == INTENDED:
        return
    for load in facts.stated_loads:
        rate, latency, conns, depth = load.rate, load.latency_s, load.connections, load.depth
        flying = in_flight(rate, latency)
        limit = conns * depth
        if flying <= limit * TOLERANCE or conns <= 0:
            continue
        why = ""
        if shared.latency == CORRECTED:
            printed = CorrectedRun(mean=latency, budget_s=budget(conns, depth, rate),
                                   interval=conns / rate,
                                   max_latency=shared.recorded_max or math.inf)  # fmt: skip
            if math.isinf(printed.max_latency):
                continue
            reason = corrected_excess_unexplained(printed)
            if reason is None:
                continue
            why = f"; the document's tool corrects latency for coordinated omission, but {reason}"
        need = math.ceil(flying / conns)
        msg = (f"{rate:,.0f} req/s at a {load.latency} {load.latency_unit} mean latency means "
               f"{flying:,.0f} requests in flight, but {conns:,.0f} connections x depth "
               f"{depth:g} allow at most {limit:,.0f}")  # fmt: skip
        msg += why or (f"; possible only with pipelining depth >= {need} (was the test "
                       f"pipelined?)")  # fmt: skip
        yield Hit(load.start, load.end, msg, {
            "throughput": rate, "mean_latency_s": latency, "connections": conns,
            "in_flight": round(flying, 1), "pipelining_depth_needed": need})  # fmt: skip
