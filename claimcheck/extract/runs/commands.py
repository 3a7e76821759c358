"""Load-tool command lines as ``Run`` facts, with each tool's documented defaults.

``wrk -t4 -c200 -d60s http://host/`` gives threads 4, connections 200, duration 60 s and
the target; a parameter the command leaves out takes the tool's default (wrk: 2 threads,
10 connections, 10 s), marked ``default=True``.
"""

from __future__ import annotations

from claimcheck.extract import tooltable
from claimcheck.extract.conditions.commands import CONNECTION_CLOSE_RE, command_segments
from claimcheck.extract.runs.model import Run, Value
from claimcheck.extract.runs.values import duration, number

# Run attributes a tool's parameter fills (the table's "clients" and "vus" are the run's
# connections); parameters outside this map set no run attribute.
RUN_PARAM = {"connections": "connections", "clients": "connections", "vus": "connections",
             "threads": "threads", "streams": "streams", "pipelining": "pipelining",
             "duration": "duration", "rate": "rate", "rate_per_worker": "rate_per_worker",
             "requests": "requests", "header": "header", "script": "script",
             "target": "target", "keepalive_bool": "keepalive_bool",
             "timeout": "timeout"}  # fmt: skip
_UNIT = {"connections": "", "threads": "", "streams": "", "pipelining": "", "requests": "",
         "duration": "s", "rate": "req/s"}  # fmt: skip


def tool_of(token: str) -> str | None:
    """The HTTP load tool a command word runs ("/usr/bin/wrk" -> "wrk"), or None."""
    tool = tooltable.tool_of(token)
    return tool.name if tool is not None and tool.runs else None


def command_runs(text: str, offset: int = 0) -> list[Run]:
    """A run for each tool invocation in ``text`` (a fence, an inline code span); offsets in
    the result are ``offset`` + local offsets."""
    runs = []
    for segment in command_segments(text):
        i = 0
        while i < len(segment) and (
            segment[i][2] in tooltable.PREFIX
            or ("=" in segment[i][2] and not segment[i][2].startswith("-"))
        ):
            i += 1
        if i < len(segment) and tool_of(segment[i][2]) and len(segment) > i + 1:
            run = _invocation(segment[i:], text, offset)
            if run is not None:
                runs.append(run)
    return runs


def _invocation(toks: list[tuple[int, int, str]], text: str, offset: int) -> Run | None:
    s0, _, tok0 = toks[0]
    tool = tool_of(tok0) or ""
    entry = tooltable.table()[tool]
    end = toks[-1][1]
    run = Run(tool=tool, source="command", start=offset + s0, end=offset + end,
              command=text[s0:end])  # fmt: skip
    seen_option = False
    i = 1
    while i < len(toks):
        start, stop, tok = toks[i]
        i += 1
        if not tok.startswith("-") or tok in ("-", "--"):
            if run.target is None and _looks_like_target(tok):
                run.target = tok.strip("'\"")
            continue
        seen_option = True
        opt, eq, value = tok.partition("=")
        param = entry.option(opt)
        if param is None and not eq and len(tok) > 2 and tok[1] != "-":
            param = entry.option(tok[:2])
            opt, value, eq = tok[:2], tok[2:], "attached"  # "-c200", "-d60s"
        if param is None:
            continue
        kind = RUN_PARAM.get(param, param)
        if kind == "" or kind in tooltable.MEANINGFUL_FLAGS and not eq:
            if kind == "keepalive":
                run.keepalive = True
            elif kind == "no_keepalive":
                run.keepalive = False
            elif kind == "h1":
                run.results.setdefault("_h1", Value(1, "", offset + start, offset + stop, tok))
            continue
        if not eq:
            if i >= len(toks):
                break
            stop, value = toks[i][1], toks[i][2]
            i += 1
        _set(run, tool, kind, value.strip("'\""), offset + start, offset + stop, text[start:stop])
    if not seen_option and run.target is None:
        return None  # the tool's name alone ("wrk" in a list of tools) is no invocation
    _finish(run, tool)
    return run


def _looks_like_target(tok: str) -> bool:
    t = tok.strip("'\"")
    return "://" in t or t.startswith(("localhost", "127.", "[")) or (":" in t and "/" not in t[:1])


def _set(run: Run, tool: str, kind: str, value: str, start: int, end: int, text: str) -> None:
    if kind == "target":
        run.target = value
        return
    if kind == "header":
        if CONNECTION_CLOSE_RE.search(value):
            run.keepalive = False
        return
    if kind == "script":
        if "pipelin" in value.lower():  # wrk's pipelining example script and its copies
            run.pipelined = True
        return
    if kind == "keepalive_bool":
        run.keepalive = value.lower() not in ("false", "0", "no")
        return
    if kind == "skip":
        return
    if kind in ("duration", "timeout"):
        secs = duration(value, 1.0)
        if secs:
            setattr(run, kind, Value(secs, "s", start, end, text))
        return
    if kind in ("rate", "rate_per_worker"):
        per, _, _ = value.partition("/")
        n = number(per)
        if n:
            run.rate = Value(n, "req/s" if kind == "rate" else "req/s per worker", start, end, text)
        return
    n = number(value)
    if n is not None and n >= 0 and hasattr(run, kind):
        setattr(run, kind, Value(n, _UNIT.get(kind, ""), start, end, text))


def _finish(run: Run, tool: str) -> None:
    """Tool defaults for what the command leaves out; keep-alive and pipelining as the tool
    does them."""
    h1 = run.results.pop("_h1", None)
    if tool == "h2load" and h1 is not None and run.streams is not None:
        run.pipelining, run.streams = run.streams, None  # over HTTP/1.1, -m pipelines
    for name, value in tooltable.table()[tool].defaults.items():
        if name not in _UNIT:
            continue  # a default no run attribute holds (ping's payload size)
        if getattr(run, name) is None and not (name == "streams" and run.pipelining):
            unit = _UNIT.get(name, "")
            setattr(run, name, Value(value, unit, run.start, run.start + len(tool), tool, True))
    if run.keepalive is None:  # ab sends HTTP/1.0 without -k: one request per connection
        run.keepalive = tooltable.table()[tool].implies.get("requests_per_connection") != 1
    if tool == "wrk2" or (tool == "wrk" and run.rate is not None):
        run.tool = "wrk2"
