"""Figures of load-tool output and command lines that the run parsers do not keep, read
once per document from code blocks and tool-output tables: failure counts (the condition
extractor's error detector, plus k6's failed-request rate "http_req_failed....: 2.34%"),
the request counts a rate was computed from (ab's "Complete requests:", a ``-n`` flag),
the request rates the output prints, and tool commands aimed at the loopback address."""

from __future__ import annotations

from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.extract.conditions.base import Ctx
from claimcheck.extract.conditions.load import errors as error_detector
from claimcheck.models import Block, Document

# k6 summary: "http_req_failed................: 2.34%  ✓ 123  ✗ 5123".
K6_FAILED_RE = lazyre.compile(r"http_req_failed[.\s]*:\s*(\d+(?:\.\d+)?)\s*%")


@dataclass(slots=True)
class ToolError:
    """A failure count above zero in a tool's output: its source span and text."""

    start: int
    end: int
    text: str


def is_tool_block(block: Block) -> bool:
    """A code block or a table of tool output."""
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("tool_output", "code")
    )


@dataclass(slots=True)
class ToolCount:
    """A request count in tool output or on a tool's command line."""

    start: int  # the number's source span
    end: int
    value: int


@dataclass(slots=True)
class ToolFacts:
    """The tool figures of one document, per tool block (by block index)."""

    errors: dict[int, list[ToolError]]
    request_counts: dict[int, list[ToolCount]]  # "Complete requests:" first, then -n flags
    rates: dict[int, list[float]]  # requests per second as printed, in order
    loopback: list[tuple[int, int]]  # per block, the first tool command aimed at loopback
    compose: list[tuple[int, int]] = field(default_factory=list)  # tools run in a compose service


# ab's "Complete requests:" line, and a -n/--requests flag of ab, hey, h2load or oha.
REQUEST_COUNT_RES = [
    lazyre.compile(r"(?m)^[^\S\n]*Complete requests:\s+(\d+)\s*$"),
    # the gap to "-n" stops at the next tool name: each name starts one scan of its line
    lazyre.compile(
        r"(?<![\w./-])(?:ab|hey|h2load|oha)\b(?:(?!(?<![\w./-])(?:ab|hey|h2load|oha)\b)"
        r"[^\n`])*?\s(?:-n|--requests)[ =]?(\d+)\b"
    ),
]
# Rates printed by the tools: k6 "9633.7/s", wrk "Requests/sec: 38820.12", ab "Requests per
# second: 4120.33", h2load "4120.33 req/s".
# A rate's number is read from the start of its run of digits and commas: a search that
# started on each digit of "1,000,1,000,..." would scan the rest of the run from each.
TOOL_RATE_RE = lazyre.compile(r"(?:Requests/sec:|Requests per second:)\s*(\d[\d,]*(?:\.\d+)?)"
                          r"|(?<![\d,]),*+(\d[\d,]*+(?:\.\d+)?)\s*(?:/s|req/s)\b")  # fmt: skip
# A load tool pointed at the loopback address (a URL, or a host option of the tools that
# take one: "redis-benchmark -h 127.0.0.1") runs on the server's own host.
LOOPBACK_COMMAND_RE = lazyre.compile(
    r"(?<![\w./-])(?:wrk2?|ab|h2load|autocannon|hey|oha|bombardier|k6|vegeta|siege|httperf"
    r"|redis-benchmark|memtier_benchmark)(?![\w-])[^\n`]{0,200}?(?:\bhttps?://|(?<!\S)(?:-h|-s|--host"
    r"|--server)[ =])(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)\b"
)
# A load tool run inside a compose service ("docker compose exec test-runner ... vegeta
# attack") against another service by its name ("http://nginx:80/"): one Docker host.
COMPOSE_EXEC_RE = lazyre.compile(
    r"\bdocker[ \t-]compose[ \t]++(?:-f[ \t]++\S++[ \t]++)?(?:exec|run)\b"
)
COMPOSE_TOOL_RE = lazyre.compile(
    r"(?<![\w./-])(?:wrk2?|ab|h2load|autocannon|hey|oha|bombardier|k6|vegeta|siege|httperf"
    r"|locust|jmeter)(?![\w-])"
)
SERVICE_URL_RE = lazyre.compile(r"\bhttps?://[A-Za-z][\w-]*+(?::\d+)?(?=[/\s'\"]|$)")


def tool_facts(doc: Document) -> ToolFacts:
    """The tool figures of ``doc``."""
    facts = ToolFacts(tool_errors(doc), {}, {}, [])
    text = doc.text
    for bi, block in enumerate(doc.blocks):
        tool = is_tool_block(block)
        if tool:
            facts.request_counts[bi] = _request_counts(text, block.start, block.end)
            facts.rates[bi] = _rates(text, block.start, block.end)
        if tool or block.kind in ("paragraph", "list_item"):
            m = LOOPBACK_COMMAND_RE.search(text, block.start, block.end)
            if m:
                facts.loopback.append((m.start(), m.end()))
        if tool:
            facts.compose.extend(_compose_runs(text, block.start, block.end))
    return facts


def _compose_runs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the commands in [start, end) that run a load tool through ``docker compose
    exec`` or ``run`` against a compose service named in a URL ("http://nginx:80/")."""
    out = []
    for m in COMPOSE_EXEC_RE.finditer(text, start, end):
        stop = m.end()
        while True:  # the command goes on over lines that end in a backslash
            nl = text.find("\n", stop, end)
            if nl < 0:
                stop = end
                break
            if not text[stop:nl].rstrip().endswith("\\"):
                stop = nl
                break
            stop = nl + 1
        if COMPOSE_TOOL_RE.search(text, m.end(), stop) and SERVICE_URL_RE.search(
            text, m.end(), stop
        ):
            out.append((m.start(), stop))
    return out


def _request_counts(text: str, start: int, end: int) -> list[ToolCount]:
    part = text[start:end]
    return [ToolCount(start + m.start(1), start + m.end(1), int(m.group(1)))
            for rx in REQUEST_COUNT_RES for m in rx.finditer(part)]  # fmt: skip


def _rates(text: str, start: int, end: int) -> list[float]:
    out = []
    for m in TOOL_RATE_RE.finditer(text, start, end):
        try:
            out.append(float((m.group(1) or m.group(2)).replace(",", "")))
        except ValueError:
            continue
    return out


def tool_errors(doc: Document) -> dict[int, list[ToolError]]:
    """Per tool block (by index) that counts failures, its counts in source order."""
    out: dict[int, list[ToolError]] = {}
    for bi, block in enumerate(doc.blocks):
        if is_tool_block(block):
            found = _in_output(doc.text[block.start : block.end])
            if found:
                out[bi] = [ToolError(block.start + s, block.start + e, t) for s, e, t in found]
    return out


def _in_output(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each failure count above zero in a tool's output."""
    found = [(r.start, r.end, str(r.value.get("text", ""))) for r in error_detector(Ctx(text))
             if isinstance(r.value.get("count"), int) and r.value["count"] > 0]  # fmt: skip
    found += [(m.start(), m.end(), m.group(0)) for m in K6_FAILED_RE.finditer(text)
              if float(m.group(1)) > 0]  # fmt: skip
    return sorted(found)
