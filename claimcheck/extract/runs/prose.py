"""Run parameters stated in words: sentences ("wrk with 4 threads and 100 connections",
"Settings: 150 connections, 6 threads, 45 s for each proxy"), parameter tables
("| Threads | 8 |") and error counts a sentence gives for a run ("wrk counted 222 socket
timeouts and 3,686 non-2xx responses")."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.runs.model import Run, Value
from claimcheck.extract.runs.values import count, duration, seconds
from claimcheck.textkeys import fold

_I = re.IGNORECASE
_N = r"(?<![\w.,])(\d{1,3}(?:,\d{3})++|\d++)"
TOOL_WORD_RE = lazyre.compile(
    r"(?<![\w./-])(wrk2?|rewrk|h2load|autocannon|bombardier|vegeta|k6|jmeter|locust|hey|oha"
    r"|ab|apachebench)(?![\w/-])",
    _I,
)
CONNECTIONS_RE = lazyre.compile(
    rf"{_N}[ \t]*+(?:concurrent[ \t]++|simultaneous[ \t]++|open[ \t]++|keep-alive[ \t]++|parallel[ \t]++"
    r"|persistent[ \t]++)?(?:connections|conns|clients|virtual[ \t]++users|VUs)\b"
    r"(?![ \t]*+(?:per[ \t]++s(?:ec|econd)?\b|/[ \t]*+s(?:ec|econd)?\b|a[ \t]++second\b))"  # a rate
    rf"|\bconcurrency[ \t]++(?:of|level(?:[ \t]++of)?)[ \t]++{_N}",
    _I,
)
THREADS_RE = lazyre.compile(rf"{_N}[ \t]*+(?:worker[ \t]++)?threads\b", _I)
# "16 pipelined requests", "pipelining depth of 16", "pipelining at depth 16", "with a
# pipeline depth of 16", "16-deep pipelining", "pipelined 16 deep"
PIPELINE_RE = lazyre.compile(
    rf"{_N}[ \t]*+pipelined[ \t]++requests|\bpipelin(?:e|ing|ed)(?:[ \t]++(?:at|with|of))?"
    rf"(?:[ \t]++a)?[ \t]++(?:depth|factor)(?:[ \t]++of)?[ \t]++{_N}"
    rf"|{_N}[ \t-]deep[ \t]++pipelin|\bpipelined[ \t]++{_N}[ \t-]deep\b",
    _I,
)
DURATION_RE = lazyre.compile(
    r"\bfor[ \t]++(\d++(?:\.\d++)?)[ \t]*+(s|secs?|seconds?|min|minutes?)\b"
    r"|(?<![\w.])(\d++(?:\.\d++)?)[ \t]*+(s|secs?|seconds?|min|minutes?)[ \t]++(?:per|each|runs?|test)\b"
    r"|(?<![\w.])(\d++(?:\.\d++)?)-(second|minute)[ \t]++(?:run|test)",
    _I,
)
CPU_NEAR_RE = lazyre.compile(
    r"\b(?:cores?|CPUs?|vCPUs?|processors?|hyper-?threads?)[ \t]*+[/,]?[ \t]*+$", _I
)
CAPACITY_RE = lazyre.compile(
    r"\b(?:up[ \t]++to|supports?|maximum|capacity|limit(?:ed)?|rated[ \t]++for|handles?)\b", _I
)
WARMUP_RE = lazyre.compile(r"\bwarm(?:s|ed|ing)?[ \t-]*+(?:up)?\b|\bprim(?:e|es|ed|ing)\b", _I)
# Error counts of a run, in words.
ERRORS_RE = lazyre.compile(
    rf"{_N}[ \t]*+(?:socket[ \t]++|request[ \t]++|connection[ \t]++)?(?:time-?outs|timed[ \t-]out)"
    rf"|{_N}[ \t]*+(?:responses?[ \t]++)?(?:non-2xx|with[ \t]++(?:a[ \t]++)?status(?:[ \t]++code)?"
    r"[ \t]++other[ \t]++than[ \t]++2xx)"
    rf"|{_N}[ \t]*+(?:connect(?:ion)?|read|write|socket)?[ \t]*+errors\b"
    rf"|{_N}[ \t]*+failed[ \t]++requests",
    _I,
)
_ERROR_KINDS = ("timeout", "non_2xx", "errors", "failed")

PARAM_KEYS = {
    "connections": "connections", "concurrent connections": "connections",
    "concurrency": "connections", "clients": "connections", "virtual users": "connections",
    "vus": "connections", "users": "connections", "threads": "threads",
    "duration": "duration", "test duration": "duration", "run duration": "duration",
    "pipelining": "pipelining", "pipelining depth": "pipelining", "pipeline depth": "pipelining",
}  # fmt: skip


def sentence_run(text: str, start: int) -> Run | None:
    """A run statement in one sentence or list item: connections, threads, pipelining and
    duration stated in words. Needs connections, or a tool named with another parameter;
    "8 threads" right after a CPU count ("4 cores / 8 threads") is hardware, not a tool
    setting."""
    tool_m = TOOL_WORD_RE.search(text)
    if tool_m is None and (CAPACITY_RE.search(text) or not CONNECTIONS_RE.search(text)):
        # "supports up to 10,000 concurrent connections": a capacity, not a run; and with
        # neither a tool nor connections no parameter makes a run (most sentences)
        return None
    run = Run(tool=fold(tool_m.group(1)) if tool_m else None, source="prose", start=start,
              end=start + len(text))  # fmt: skip
    if m := CONNECTIONS_RE.search(text):
        g = 1 if m.group(1) else 2
        run.connections = Value(
            float(count(m.group(g)) or 0), "", start + m.start(g), start + m.end(g), m.group(0)
        )
    for m in THREADS_RE.finditer(text):
        if CPU_NEAR_RE.search(text, max(0, m.start() - 20), m.start()):
            continue
        run.threads = Value(
            float(count(m.group(1)) or 0), "", start + m.start(1), start + m.end(1), m.group(0)
        )
        break
    if m := PIPELINE_RE.search(text):
        g = next(i for i in range(1, 5) if m.group(i))
        run.pipelining = Value(
            float(count(m.group(g)) or 0), "", start + m.start(g), start + m.end(g), m.group(0)
        )
    if m := DURATION_RE.search(text):
        g = next(i for i in (1, 3, 5) if m.group(i))
        secs = seconds(f"{m.group(g)} {m.group(g + 1)}")
        if secs:
            run.duration = Value(secs, "s", start + m.start(g), start + m.end(g + 1), m.group(0))
    params = [p for p in (run.connections, run.threads, run.pipelining, run.duration) if p]
    # a warm-up stated before the parameters is what they describe ("warmed up with 10
    # connections"); one stated after them is a further step ("200 connections, 15 s warm-up")
    first = min((p.start for p in params), default=start + len(text))
    run.warmup = WARMUP_RE.search(text, 0, max(0, first - start)) is not None
    if run.connections is None and not (run.tool and params):
        return None
    if run.connections is None and run.threads is None and run.pipelining is None:
        return None
    return run


def sentence_errors(text: str, start: int) -> dict[str, Value]:
    """Error counts a sentence gives ("222 socket timeouts", "3,686 responses with a status
    other than 2xx or 3xx", "512 errors"), by kind."""
    out: dict[str, Value] = {}
    for m in ERRORS_RE.finditer(text):
        g = next(i for i in range(1, 5) if m.group(i))
        n = count(m.group(g))
        if not n:
            continue
        kind = _ERROR_KINDS[g - 1]
        out.setdefault(kind, Value(float(n), "", start + m.start(), start + m.end(), m.group(0)))
    return out


def table_run(rows: list[list[tuple[str, int, int]]], start: int, end: int) -> Run | None:
    """A parameter table (a key column and a value column: "Connections | 200", "Threads |
    8", "Duration | 60 s") as a run statement, when it names two parameters or more."""
    run = Run(tool=None, source="table", start=start, end=end)
    found = 0
    for cells in rows:
        if len(cells) < 2:
            continue
        key = re.sub(r"[^a-z ]+", "", fold(cells[0][0])).strip()
        name = PARAM_KEYS.get(key)
        if name is None or getattr(run, name) is not None:
            continue
        text, s, e = cells[1]
        if name == "duration":
            secs = seconds(text) or duration(text.replace(" ", ""), 1.0)
            if not secs:
                continue
            value = Value(secs, "s", s, e, text)
        else:
            n = count(text) if re.fullmatch(r"[\d,.]+[kK]?", text.strip()) else None
            if n is None:
                continue
            value = Value(float(n), "", s, e, text)
        setattr(run, name, value)
        found += 1
    return run if found >= 2 else None
