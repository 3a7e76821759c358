"""The tests a report runs, and which test each block of the report is about.

A test is named by a layer (L4, L7, SSL) and a metric family: "L4 CPS",
"Layer 7 Requests per Second", "SSL Bulk Encryption", "P95 Latency". Names
come from headings, from the first column of a test-details table, and from
a paragraph's lead label ("L7 CPS: ..."). A block belongs to the test of the
nearest heading above it that names one, until a heading of the same or a
higher level names something else.
"""

from __future__ import annotations

import functools
import re

from claimcheck import lazyre, regexlit
from claimcheck.models import BenchTest, Block, Document

LAYER_RE = lazyre.compile(
    r"\b(?:(L4|layer[ -]?4|layer four)|(L7|layer[ -]?7|layer seven)|(SSL|TLS))\b", re.I
)
METRICS: list[tuple[str, re.Pattern[str]]] = [
    ("ssl_throughput", lazyre.compile(r"\bbulk\b", re.I)),
    ("ssl_tps", lazyre.compile(r"\bTPS\b|transactions per second|handshakes", re.I)),
    ("cps", lazyre.compile(r"\bCPS\b|connections? per second|connection (?:setup )?rate", re.I)),
    ("rps", lazyre.compile(r"\bRPS\b|requests? per second|cookie persistence", re.I)),
    ("concurrent_connections", lazyre.compile(r"\bconcurrent\b|simultaneous connections", re.I)),
    ("compression_throughput", lazyre.compile(r"\bcompression\b", re.I)),
    ("efficiency", lazyre.compile(r"\befficiency\b|per watt", re.I)),
    ("power", lazyre.compile(r"\bpower\b", re.I)),
    ("latency", lazyre.compile(r"\blatency\b|response time|\bdelay\b", re.I)),
    ("cpu", lazyre.compile(r"\bCPU\b", re.I)),
    ("throughput", lazyre.compile(r"\bthroughput\b|\bgoodput\b|\bbandwidth\b", re.I)),
]
# "CPS: every request ...", also in emphasis ("**CPS:** ...", "__CPS__: ...") and after a bullet
LEAD_RE = lazyre.compile(
    r"^\s*+(?:[-*+•][ \t]++)?[*_]{0,2}([A-Z][\w /+-]{1,40}?)(?::[*_]{0,2}|[*_]{1,2}:)\s"
)
HEADER_RE = lazyre.compile(r"^\s*test\b", re.I)
# a lead label that opens with a participle says how a figure was taken, not which test
# it belongs to ("Measured in L4-only mode:", "Tested with 1 KB objects:")
PARTICIPLE_RE = lazyre.compile(r"[A-Z][a-z]{2,}ed\b")
# a paragraph that opens on the test it reports: "In the Layer 7 test, ...", "For our L4
# CPS runs ...", "During the SSL benchmark ..."
OPENING_RE = lazyre.compile(
    r"^\s*+(?:In|For|During)[ \t]++(?:the|our|this)[ \t]++([^,.;:\n]{2,40}?)[ \t]++"
    r"(?:tests?|benchmarks?|runs?)\b"
)


@functools.lru_cache(maxsize=4096)  # headings, labels and column headers recur; pure
def parse_test_name(text: str) -> tuple[str, str | None, str | None] | None:
    """(id, layer, metric) of a test name, or None when the text names no metric."""
    text = re.sub(r"[*_#]", " ", text)
    low = text.lower()  # the literal gates spare a short report most METRICS compiles
    hits = [(m.start(), name) for name, rx in METRICS if (m := regexlit.search(rx, text, low))]
    if not hits:
        return None
    names = {n for _, n in hits}
    # the metric named first is the one measured ("Throughput for Similar CPU Usage");
    # "power efficiency" is efficiency, and "SSL bulk throughput" is bulk
    metric = min(hits)[1]
    for winner, loser in (("efficiency", "power"), ("ssl_throughput", "throughput"),
                          ("ssl_throughput", "power")):  # fmt: skip
        if winner in names and metric == loser:
            metric = winner
    lm = LAYER_RE.search(text)
    layer = None
    if lm:
        layer = "L4" if lm.group(1) else "L7" if lm.group(2) else "SSL"
    if layer == "SSL" and metric == "throughput":
        metric = "ssl_throughput"
    if metric in ("ssl_tps", "ssl_throughput"):
        layer = "SSL"
    low = text.lower()
    if "envelope" in low:
        metric = f"{metric}_envelope"
    if "persistence" in low:
        metric = f"{metric}_persistence"
    return (f"{layer} {metric}" if layer else metric), layer, metric


def _register(tests: dict[str, BenchTest], text: str, line: int) -> str | None:
    parsed = parse_test_name(text)
    if parsed is None:
        return None
    tid, layer, metric = parsed
    if tid not in tests:
        name = re.sub(r"[*_#]", "", text).strip()
        tests[tid] = BenchTest(id=tid, name=name, layer=layer, metric=metric, line=line)
    return tid


def assign_tests(doc: Document) -> tuple[list[BenchTest], list[str | None]]:
    """Every test, and the test id of each block (parallel to ``doc.blocks``)."""
    tests: dict[str, BenchTest] = {}
    per_block: list[str | None] = []
    current: str | None = None
    level_of_current = 0
    for block in doc.blocks:
        line = doc.position(block.start)[0]
        if block.kind == "heading":
            tid = _register(tests, block.text, line)
            level = block.level or 1
            if tid:
                current, level_of_current = tid, level
            elif level <= level_of_current:
                current = None
            per_block.append(current)
            continue
        local = current
        lead = LEAD_RE.match(block.text) if block.kind in ("paragraph", "list_item") else None
        if lead and PARTICIPLE_RE.match(lead.group(1)):
            lead = None  # "Measured in L4-only mode: ...": how, not which test
        if lead:
            first = block.text[: lead.end() + 60]
            local = (
                _register(tests, lead.group(1), line) or _register(tests, first, line) or current
            )
        elif block.kind == "paragraph" and (opening := OPENING_RE.match(block.text)):
            local = _opening_test(tests, opening.group(1), block.text, line) or current
        if block.table is not None:
            _table_tests(doc, block, tests)
        per_block.append(local)
    return list(tests.values()), per_block


def _opening_test(tests: dict[str, BenchTest], name: str, text: str, line: int) -> str | None:
    """The test a paragraph opens on: its name, or a name that gives only a layer ("the
    Layer 7 test") with the metric the first sentence measures."""
    if LAYER_RE.search(name) is None:
        return _register(tests, name, line)
    end = re.search(r"[.;](?:\s|$)", text)
    parsed = parse_test_name(f"{name} {text[: end.start() if end else 200]}")
    return _register(tests, f"{name} {parsed[2]}", line) if parsed else None


def _table_tests(doc: Document, block: Block, tests: dict[str, BenchTest]) -> None:
    header = block.table.header
    if not header or not HEADER_RE.match(header[0]):
        return
    for row in block.table.body:
        if row.cells and row.cells[0].text:
            _register(tests, row.cells[0].text, doc.position(row.start)[0])


def test_of_row(label: str) -> str | None:
    """The test id a test-details table row names ("L4 CPS" -> "L4 cps"; "L4 Envelope" as is)."""
    parsed = parse_test_name(label)
    if parsed:
        return parsed[0]
    label = re.sub(r"[*_#]", "", label).strip()
    return label or None
