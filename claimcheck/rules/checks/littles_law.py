"""A006: throughput, mean latency and connections that cannot all be true.

In a closed loop each connection has at most ``depth`` requests outstanding,
so throughput x mean latency (requests in flight, Little's law) cannot exceed
connections x pipelining depth.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from claimcheck import lazyre, regexlit
from claimcheck.models import Block, Document, Extraction
from claimcheck.rules.registry import Hit, check
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
_TIME = {"ms": "millisecond", "us": "microsecond", "µs": "microsecond", "s": "second"}


def _number(text: str | None) -> float | None:
    return float(text.replace(",", "")) if text else None


def _groups(doc: Document) -> Iterator[tuple[Block, str]]:
    """Each tool-output block with the block before it (its command), and each paragraph."""
    for i, block in enumerate(doc.blocks):
        if block.kind == "table" and block.table and block.table.kind == "tool_output":
            prev = doc.blocks[i - 1].text if i else ""
            yield block, prev + "\n" + doc.text[block.start : block.end]
        elif block.kind in ("paragraph", "list_item", "code"):
            yield block, doc.text[block.start : block.end]


@check("littles_law")
def littles_law(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Requests in flight (rate x mean latency) above connections x pipelining depth."""
    for block, text in _groups(doc):
        rate_m = regexlit.search(RATE_RE, text)  # most blocks state no rate: skip the rest
        if not rate_m:
            continue
        mean_m = MEAN_RE.search(text)
        conn_m = CONN_RE.search(text) if mean_m else None
        if not (mean_m and conn_m):
            continue
        rate = _number(rate_m.group(1) or rate_m.group(3))
        groups = mean_m.groups()
        value, unit = next((groups[i], groups[i + 1]) for i in (0, 2, 4) if groups[i])
        latency = convert(float(value), _TIME[unit.lower()], "second")
        conns = _number(conn_m.group(1) or conn_m.group(2))
        pipe_m = PIPE_RE.search(text)
        depth = _number(pipe_m.group(1)) if pipe_m else 1.0
        if not rate or not conns or not depth:
            continue
        in_flight = rate * latency
        limit = conns * depth
        if in_flight <= limit * 1.05:
            continue
        need = math.ceil(in_flight / conns)
        msg = (f"{rate:,.0f} req/s at a {value} {unit} mean latency means {in_flight:,.0f} requests "
               f"in flight, but {conns:,.0f} connections x depth {depth:g} allow at most {limit:,.0f}; "
               f"possible only with pipelining depth >= {need} (was the test pipelined?)")  # fmt: skip
        at = block.start + max(
            0, doc.text.find(rate_m.group(0).strip(), block.start, block.end) - block.start
        )
        yield Hit(at, at + len(rate_m.group(0).strip()), msg, {
            "throughput": rate, "mean_latency_s": latency, "connections": conns,
            "in_flight": round(in_flight, 1), "pipelining_depth_needed": need})  # fmt: skip
