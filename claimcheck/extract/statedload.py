"""Loads stated in prose: a paragraph or list item that gives a request rate, a mean
latency and a connection count (and perhaps a pipelining depth) together ("29,400 req/s
at a 12 ms mean over 100 connections"). Tool output, commands and tables are read as runs
(:mod:`claimcheck.extract.runs`); this is the reading of the prose that states all three.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck import lazyre, regexlit
from claimcheck.extract.conditions import conditions_in_text
from claimcheck.models import Block, Document, Measurement
from claimcheck.textkeys import fold, folded
from claimcheck.units import convert

_NUM = r"(?<![\d,.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d,])"
RATE_RE = lazyre.compile(
    rf"(?:requests/sec(?:ond)?|req/s|reqs/sec|rps|requests per second)\s*+[:=]?\s*+({_NUM}(?:\.\d+)?)"
    rf"|({_NUM}(?:\.\d+)?)\s*(?:requests/s(?:ec)?|req/s|reqs/s|rps|requests per second)\b",
    re.IGNORECASE,
)
MEAN_RE = lazyre.compile(
    r"(?:mean|average|avg)[a-z ]{0,20}?(?:latency|response time)?\s*+(?:of|was|is|:|=)?\s*+"
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(ms|us|µs|s)\b"
    r"|(?<![\d.])(\d+(?:\.\d+)?)\s*(ms|us|µs|s)\s+(?:mean|average|avg)\b"
    r"|^[^\S\n]*latency\s+(\d+(?:\.\d+)?)(ms|us|µs|s)\b",
    re.IGNORECASE | re.MULTILINE,
)
CONN_RE = lazyre.compile(
    r"(?:^|\s)(?:-c\s?|--connections[= ]|--concurrency[= ]|-connections[= ])(\d+)\b"
    r"|(?<![\d,.])(\d{1,3}(?:,\d{3})+|\d+)\s+(?:concurrent\s+|open\s+|simultaneous\s+|keep-alive\s+)?"
    r"(?:connections|conns|virtual users|vus|clients)\b",
    re.IGNORECASE,
)
PIPE_RE = lazyre.compile(
    r"(?:-p\s?|--pipelining[= ]|\bpipelin\w*(?: depth)?(?: of)?\s*)(\d+)\b", re.I
)
_TIME = folded({"ms": "millisecond", "us": "microsecond", "µs": "microsecond", "s": "second"})


@dataclass(slots=True)
class StatedLoad:
    """A rate, mean latency and connection count one prose block states together."""

    start: int  # the rate's source span
    end: int
    rate: float  # requests per second
    latency: str  # the mean latency as written: value and unit
    latency_unit: str
    latency_s: float  # in seconds
    connections: float
    depth: float  # pipelining depth (1 when none is stated)


def _number(text: str | None) -> float | None:
    return float(text.replace(",", "")) if text else None


def _prose_blocks(doc: Document) -> Iterator[Block]:
    """Paragraphs and list items: tool output, commands and tables are read as runs."""
    for block in doc.blocks:
        if block.kind in ("paragraph", "list_item"):
            yield block


def _rate(m: Measurement) -> float | None:
    """A request-rate measurement in requests per second."""
    try:
        return convert(m.value, m.unit, "RPS")
    except Exception:  # noqa: BLE001 - a unit the table cannot convert: not a rate
        return None


def _stated_depth(text: str) -> float | None:
    """The pipelining depth a block states in words ("pipelining at depth 16", "16-deep
    pipelining"): 1 when it states none, None when it says the requests were pipelined
    without a depth (no bound can be set)."""
    if "pipelin" not in text.lower():
        return 1.0
    found = [c for c in conditions_in_text(text) if c.name == "pipelining" and not c.hedged]
    depths = [c.value for c in found if not isinstance(c.value, bool) and c.value]
    if depths:
        return float(max(depths))
    return None if any(c.value is True and not c.negated for c in found) else 1.0


def stated_loads(
    doc: Document, measurements: list[Measurement], runs: Iterable[Any] = ()
) -> list[StatedLoad]:
    """Each prose block's stated load, where it gives a rate (a request-rate result read
    from the text, else a "N req/s" figure), a mean latency and connections; and each
    results-table row that gives the three (rows a tool run reports are the run's)."""
    rates = sorted(
        (m for m in measurements if m.metric == "rps" and m.source == "text"
         and m.role == "result" and m.unit),
        key=lambda m: m.start,
    )  # fmt: skip
    starts = [m.start for m in rates]
    out = []
    for block in _prose_blocks(doc):
        text = doc.text[block.start : block.end]
        i = bisect_right(starts, block.start - 1)
        stated = rates[i] if i < len(rates) and rates[i].start < block.end else None
        rate_m = None if stated else regexlit.search(RATE_RE, text)
        if not (stated or rate_m):  # most blocks state no rate: skip the rest
            continue
        mean_m = MEAN_RE.search(text)
        conn_m = CONN_RE.search(text) if mean_m else None
        if not (mean_m and conn_m):
            continue
        # the rate as the quantity reader read it ("29.4 thousand req/s", "29,397 RPS")
        rate = _rate(stated) if stated else _number(rate_m.group(1) or rate_m.group(3))
        groups = mean_m.groups()
        value, unit = next((groups[i], groups[i + 1]) for i in (0, 2, 4) if groups[i])
        latency = convert(float(value), _TIME[fold(unit)], "second")
        conns = _number(conn_m.group(1) or conn_m.group(2))
        pipe_m = PIPE_RE.search(text)
        depth = _number(pipe_m.group(1)) if pipe_m else _stated_depth(text)
        if not rate or not conns or not depth:
            continue  # (depth None: pipelined to a depth the block does not give)
        if stated:
            at, end = stated.start, stated.end
        else:
            lead = len(rate_m.group(0)) - len(rate_m.group(0).lstrip())
            at = block.start + rate_m.start() + lead
            end = at + len(rate_m.group(0).strip())
        out.append(StatedLoad(at, end, rate, value, unit, latency, conns, depth))
    run_lines = {doc.position(r.start)[0] for run in runs for r in getattr(run, "rows", ())}
    out.extend(_table_loads(doc, measurements, run_lines))
    return out


_MEAN = {"mean", "avg", "average"}


def _table_loads(
    doc: Document, measurements: list[Measurement], skip: set[int]
) -> list[StatedLoad]:
    """The rows of results tables that give a request rate and a mean latency measured at
    one stated concurrency ("| Connections | Requests/s | Mean latency (ms) |"), but not
    the rows of a tool run (lines ``skip``) nor rows that count errors (failed requests
    may be left out of the mean)."""
    rows: dict[tuple[int | None, int], list[Measurement]] = {}
    for m in measurements:
        if m.source == "table" and m.conditions.get("concurrency") and m.line not in skip:
            rows.setdefault((m.table, m.line), []).append(m)
    out: list[StatedLoad] = []
    if not rows:
        return out
    lead_ins = _lead_ins(doc)
    starts = [b for b, _ in lead_ins]
    for found in rows.values():
        if any(m.metric == "errors" and m.value for m in found):
            continue
        found = [m for m in found if m.role == "result"]
        rate_m = next((m for m in found if m.metric == "rps" and m.unit), None)
        mean_m = next((m for m in found if m.metric == "latency" and m.statistic in _MEAN), None)
        if rate_m is None or mean_m is None:
            continue
        conns = _number(str(rate_m.conditions.get("concurrency") or ""))
        rate = _rate(rate_m)
        try:
            latency = convert(mean_m.value, mean_m.unit, "second")
        except Exception:  # noqa: BLE001 - not a time unit
            continue
        i = bisect_right(starts, rate_m.start) - 1
        depth = _stated_depth(lead_ins[i][1] if i >= 0 else "")
        if not (rate and conns and latency and depth):
            continue
        value, unit = f"{mean_m.value:g}", _SHORT.get(mean_m.unit, mean_m.unit)
        out.append(StatedLoad(rate_m.start, rate_m.end, rate, value, unit, latency, conns, depth))
    return out


_SHORT = {"millisecond": "ms", "microsecond": "µs", "second": "s"}


def _lead_ins(doc: Document) -> list[tuple[int, str]]:
    """(table start, the paragraph right before it) for each table: what the table's rows
    were measured with."""
    out = []
    previous = ""
    for block in doc.blocks:
        if block.table is not None:
            out.append((block.start, previous))
        elif block.kind in ("paragraph", "list_item"):
            previous = doc.text[block.start : block.end]
    return out
