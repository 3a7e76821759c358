"""Recognise the output of HTTP load tools inside a code fence.

Detection looks for tell-tale strings each tool prints. Lines that merely
run a tool ("$ wrk -t4 -c200 http://x") are not output and are ignored, so
a fence holding only a command stays a plain code block.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from claimcheck import lazyre
from claimcheck.ingest.lines import Line

TOOLS = ("wrk", "k6", "ab", "h2load", "autocannon", "vegeta", "hey")

_COMMAND = lazyre.compile(
    r"^(?:[$#>%][ \t]*+)?(?:sudo[ \t]++)?(?:\S*/)?(?:wrk2?|k6|ab|h2load|autocannon|vegeta|hey)"
    r"(?:[ \t]|$)"
)
_WRK_RUN = lazyre.compile(r"Running \d+(?:\.\d+)?[a-z]{0,3} test @")
_K6_METRIC = lazyre.compile(r"\b(?:vus|vus_max|iterations|http_reqs)\b\.{2,}:")
_AUTOCANNON_HEAD = ("Stat", "2.5%", "50%", "97.5%", "99%")


def _is_wrk(text: str) -> bool:
    return (
        _WRK_RUN.search(text) is not None
        or "Latency Distribution" in text
        or "Requests/sec:" in text
        or "Thread Stats" in text
    )


def _is_k6(text: str) -> bool:
    return "http_req_duration" in text or _K6_METRIC.search(text) is not None


def _is_ab(text: str) -> bool:
    return "This is ApacheBench" in text or (
        "Requests per second:" in text and "Time per request:" in text
    )


def _is_h2load(text: str) -> bool:
    return (
        "h2load" in text
        or "starting benchmark..." in text
        or ("finished in" in text and "req/s" in text)
    )


def _is_autocannon(text: str) -> bool:
    return "autocannon" in text or all(mark in text for mark in _AUTOCANNON_HEAD)


def _is_vegeta(text: str) -> bool:
    return "vegeta" in text or ("[total, rate" in text and "Latencies" in text)


def _is_hey(text: str) -> bool:
    return "Response time histogram" in text or (
        "Requests/sec" in text and "Latency distribution" in text
    )


# Order matters: autocannon and hey print strings that wrk prints too.
_DETECTORS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("autocannon", _is_autocannon),
    ("hey", _is_hey),
    ("k6", _is_k6),
    ("ab", _is_ab),
    ("h2load", _is_h2load),
    ("vegeta", _is_vegeta),
    ("wrk", _is_wrk),
)


def detect_tool(lines: Sequence[Line]) -> str | None:
    """The load tool whose output ``lines`` look like, or None (e.g. a shell command)."""
    output = "\n".join(line.raw for line in lines if not _COMMAND.match(line.stripped))
    if not output.strip():
        return None
    for tool, looks_like in _DETECTORS:
        if looks_like(output):
            return tool
    return None
