"""Load-tool command lines as ``Run`` facts, with each tool's documented defaults.

``wrk -t4 -c200 -d60s http://host/`` gives threads 4, connections 200, duration 60 s and
the target; a parameter the command leaves out takes the tool's default (wrk: 2 threads,
10 connections, 10 s), marked ``default=True``.
"""

from __future__ import annotations

from claimcheck.extract.conditions.commands import CONNECTION_CLOSE_RE, command_segments
from claimcheck.extract.runs.model import Run, Value
from claimcheck.extract.runs.values import duration, number

# option -> parameter; None: a flag without a value. "keepalive", "no_keepalive", "h1" and
# "pipeline_script" are flags with a meaning; "header", "script", "target" take a value.
_WRK = {"-c": "connections", "--connections": "connections", "-t": "threads",
        "--threads": "threads", "-d": "duration", "--duration": "duration", "-R": "rate",
        "--rate": "rate", "-s": "script", "--script": "script", "-H": "header",
        "--header": "header", "--timeout": "timeout", "-T": "timeout", "--latency": None, "-L": None,
        "-U": None, "-v": None, "--version": None}  # fmt: skip
OPTIONS: dict[str, dict[str, str | None]] = {
    "wrk": _WRK,
    "wrk2": _WRK,
    "rewrk": {"-c": "connections", "--connections": "connections", "-t": "threads",
              "--threads": "threads", "-d": "duration", "--duration": "duration",
              "-h": "target", "--host": "target", "--pct": None, "--http2": None},
    "ab": {"-n": "requests", "-c": "connections", "-t": "duration", "-k": "keepalive",
           "-H": "header", "-s": "skip", "-p": "skip", "-u": "skip", "-T": "skip", "-Z": "skip",
           "-f": "skip", "-v": "skip", "-C": "skip", "-A": "skip", "-P": "skip", "-X": "skip",
           "-e": "skip", "-g": "skip", "-b": "skip", "-B": "skip", "-m": "skip", "-E": "skip",
           "-l": None, "-r": None, "-d": None, "-S": None, "-q": None, "-i": None, "-w": None},
    "hey": {"-n": "requests", "-c": "connections", "-q": "rate_per_worker", "-z": "duration",
            "-m": "skip", "-H": "header", "-t": "skip", "-A": "skip", "-d": "skip",
            "-D": "skip", "-T": "skip", "-a": "skip", "-x": "skip", "-cpus": "skip",
            "-o": "skip", "-h2": None, "-disable-compression": None,
            "-disable-keepalive": "no_keepalive", "-disable-redirects": None},
    "oha": {"-n": "requests", "-c": "connections", "-z": "duration", "-q": "rate",
            "-H": "header", "-m": "skip", "-p": "pipelining",
            "--disable-keepalive": "no_keepalive", "--http2": None, "--no-tui": None},
    "h2load": {"-n": "requests", "--requests": "requests", "-c": "connections",
               "--clients": "connections", "-m": "streams", "--max-concurrent-streams": "streams",
               "-t": "threads", "--threads": "threads", "-D": "duration", "--duration": "duration",
               "-H": "header", "--header": "header", "--rps": "rate_per_worker", "-r": "skip",
               "--rate": "skip", "-T": "skip", "-N": "skip", "--warm-up-time": "skip",
               "-w": "skip", "-W": "skip", "-d": "skip", "-i": "skip", "-p": "skip",
               "--npn-list": "skip", "--ciphers": "skip", "--h1": "h1", "-v": None},
    "autocannon": {"-c": "connections", "--connections": "connections", "-p": "pipelining",
                   "--pipelining": "pipelining", "-d": "duration", "--duration": "duration",
                   "-a": "requests", "--amount": "requests", "-R": "rate", "--overallRate": "rate",
                   "-r": "skip", "--connectionRate": "skip", "-w": "threads", "--workers": "threads",
                   "-H": "header", "--headers": "header", "-m": "skip", "--method": "skip",
                   "-b": "skip", "--body": "skip", "-t": "skip", "--timeout": "skip",
                   "-i": "skip", "-T": "skip", "-j": None, "--json": None, "-l": None,
                   "--latency": None, "-n": None, "--no-progress": None},
    "bombardier": {"-c": "connections", "--connections": "connections", "-d": "duration",
                   "--duration": "duration", "-n": "requests", "--requests": "requests",
                   "-r": "rate", "--rate": "rate", "-H": "header", "--header": "header",
                   "-m": "skip", "-t": "skip", "--timeout": "skip", "-b": "skip", "-l": None,
                   "--latencies": None, "-k": None, "--http1": None, "--http2": None,
                   "-p": "skip", "--print": "skip", "-o": "skip", "--format": "skip"},
    "vegeta": {"-rate": "rate", "-duration": "duration", "-workers": "skip",
               "-max-workers": "skip", "-connections": "skip", "-keepalive": "keepalive_bool",
               "-targets": "skip", "-output": "skip", "-timeout": "skip", "-header": "header",
               "-body": "skip", "-name": "skip", "-format": "skip", "-http2": None},
    "k6": {"--vus": "connections", "-u": "connections", "--duration": "duration",
           "-d": "duration", "--iterations": "requests", "-i": "requests", "--rps": "rate",
           "--stage": "skip", "-s": "skip", "-e": "skip", "--env": "skip", "-o": "skip",
           "--out": "skip", "-q": None},
    "locust": {"-u": "connections", "--users": "connections", "-r": "skip",
               "--spawn-rate": "skip", "-t": "duration", "--run-time": "duration",
               "-H": "target", "--host": "target", "-f": "skip", "--headless": None,
               "--processes": "skip"},
    "jmeter": {"-n": None, "-t": "skip", "-l": "skip", "-e": None, "-o": "skip", "-j": "skip"},
}  # fmt: skip
# The defaults each tool documents for a parameter left out of the command.
DEFAULTS: dict[str, dict[str, float]] = {
    "wrk": {"connections": 10, "threads": 2, "duration": 10.0},
    "wrk2": {"connections": 10, "threads": 2, "duration": 10.0},
    "ab": {"connections": 1, "requests": 1},
    "hey": {"connections": 50, "requests": 200},
    "oha": {"connections": 50, "requests": 200},
    "h2load": {"connections": 1, "threads": 1, "streams": 1, "requests": 1},
    "autocannon": {"connections": 10, "pipelining": 1, "duration": 10.0},
    "bombardier": {"connections": 125, "duration": 10.0},
    "vegeta": {"rate": 50.0},
    "k6": {"connections": 1, "requests": 1},
}
# Tools whose bare duration is in seconds and whose options may be written Go style.
GO_STYLE = {"hey", "vegeta", "oha"}
ALIASES = {"apachebench": "ab", "ab2": "ab", "ab.exe": "ab", "wrk.exe": "wrk", "k6.exe": "k6",
           "hey.exe": "hey"}  # fmt: skip
# Words that may stand before the tool on its command line.
PREFIX = {"$", "#", ">", "%", "sudo", "time", "nohup", "exec", "command", "run", "npx"}
_UNIT = {"connections": "", "threads": "", "streams": "", "pipelining": "", "requests": "",
         "duration": "s", "rate": "req/s"}  # fmt: skip


def tool_of(token: str) -> str | None:
    """The tool a command word runs ("/usr/bin/wrk" -> "wrk"), or None."""
    if ":" in token or "=" in token or token.startswith("-"):
        return None
    base = token.strip("'\"`").rsplit("/", 1)[-1].lower()
    base = ALIASES.get(base, base)
    return base if base in OPTIONS else None


def command_runs(text: str, offset: int = 0) -> list[Run]:
    """A run for each tool invocation in ``text`` (a fence, an inline code span); offsets in
    the result are ``offset`` + local offsets."""
    runs = []
    for segment in command_segments(text):
        i = 0
        while i < len(segment) and (
            segment[i][2] in PREFIX or ("=" in segment[i][2] and not segment[i][2].startswith("-"))
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
    table = OPTIONS[tool]
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
        if opt not in table and tool in GO_STYLE:
            opt = "-" + opt.lstrip("-")
        if opt not in table and not eq and len(tok) > 2 and tok[1] != "-" and tok[:2] in table:
            opt, value, eq = tok[:2], tok[2:], "attached"  # "-c200", "-d60s"
        if opt not in table:
            continue
        kind = table[opt]
        if kind is None or kind in ("keepalive", "no_keepalive", "h1") and not eq:
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
    for name, value in DEFAULTS.get(tool, {}).items():
        if getattr(run, name) is None and not (name == "streams" and run.pipelining):
            unit = _UNIT.get(name, "")
            setattr(run, name, Value(value, unit, run.start, run.start + len(tool), tool, True))
    if run.keepalive is None:
        run.keepalive = tool not in ("ab",)  # ab sends HTTP/1.0 without -k
    if tool == "wrk2" or (tool == "wrk" and run.rate is not None):
        run.tool = "wrk2"
