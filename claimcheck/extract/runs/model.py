"""The ``Run`` fact: one load-tool run (or a statement of its parameters) and its results.

Every value keeps its span in the source, so a rule can point at the flag, the output
line or the table cell it read. Offsets are into ``Document.text``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Sources of a run fact, from the most to the least literal.
SOURCES = ("command", "output", "table", "prose")
PARAMS = ("connections", "threads", "streams", "pipelining", "duration", "rate", "requests")


@dataclass(slots=True)
class Value:
    """A number read from the source: value in base units (s, req/s, B/s, count), its text."""

    value: float
    unit: str
    start: int
    end: int
    text: str
    default: bool = False  # the tool's default, not written in the source


@dataclass(slots=True)
class RunRow:
    """A table row that reports a result of the run: its label and the figures read."""

    label: str
    line: int
    start: int
    end: int
    device: str | None = None
    rps: Value | None = None
    latency_mean: Value | None = None
    errors: Value | None = None
    rps_head: str = ""  # the head of the rate column ("Requests/sec", "Req/Sec Avg")
    # the other latency statistics the row gives: "max", "stdev", "p50", "p99_9" -> value
    latency: dict[str, Value] = field(default_factory=dict)


@dataclass(slots=True)
class Run:
    """One tool run: parameters (with the tool's defaults), results, errors and links.

    ``source`` says where it was read: a command line, the tool's printed summary, a
    parameter table or a sentence ("wrk with 200 connections and 8 threads").
    """

    tool: str | None
    source: str
    start: int
    end: int
    line: int = 0
    section: str | None = None
    command: str | None = None
    target: str | None = None
    connections: Value | None = None
    threads: Value | None = None
    streams: Value | None = None  # h2load -m: concurrent streams per client
    pipelining: Value | None = None  # requests sent without waiting, per connection
    pipelined: bool = False  # pipelined, depth unknown (a wrk pipeline script)
    duration: Value | None = None
    rate: Value | None = None  # a target (open-loop) request rate
    timeout: Value | None = None  # the tool's request timeout (wrk --timeout), when set
    requests: Value | None = None  # requests asked for (-n)
    keepalive: bool | None = None
    warmup: bool = False  # a warm-up or priming run, not the measured one
    results: dict[str, Value] = field(default_factory=dict)
    errors: dict[str, Value] = field(default_factory=dict)
    total_requests: Value | None = None
    object_size: Value | None = None  # response body bytes the tool printed (ab, hey)
    device: str | None = None  # the entity the run measured
    rows: list[RunRow] = field(default_factory=list)

    def param(self, name: str) -> Value | None:
        """The parameter ``name`` (one of PARAMS), or None."""
        return getattr(self, name) if name in PARAMS else None

    def error_count(self) -> float:
        """Failed, timed-out and non-2xx responses the run logged (kinds that overlap, such as
        h2load's "failed" and its parts, are not added twice: the largest is taken)."""
        if not self.errors:
            return 0.0
        parts = sum(v.value for k, v in self.errors.items() if k != "failed")
        failed = self.errors["failed"].value if "failed" in self.errors else 0.0
        return max(parts, failed)

    def depth(self) -> float:
        """Requests one connection may have outstanding: pipelining depth x streams."""
        depth = self.pipelining.value if self.pipelining else 1.0
        streams = self.streams.value if self.streams else 1.0
        return max(depth, 1.0) * max(streams, 1.0)
