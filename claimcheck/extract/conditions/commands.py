"""Conditions from load-tool command lines (wrk, wrk2, ab, h2load, autocannon, hey, vegeta,
oha, bombardier, k6, locust) and from k6 / JMeter configuration text."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.base import Ctx, RawCondition, parse_duration, to_int
from claimcheck.extract.conditions.tls import is_cipher, norm_tls_version

TOKEN_RE = lazyre.compile(r"(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"])+")
SEPARATORS = {"&&", "||", ";", "|"}

# option -> kind; kinds named "flag:*" take no value.
_WRK = {"-c": "conn", "--connections": "conn", "-d": "dur", "--duration": "dur", "-R": "rate",
        "--rate": "rate", "-H": "header", "--header": "header", "-t": "skip", "--threads": "skip",
        "-s": "skip", "--script": "skip", "--timeout": "skip", "--latency": "flag",
        "-L": "flag", "-U": "flag", "-v": "flag", "--version": "flag"}  # fmt: skip
TOOLS: dict[str, dict[str, str]] = {
    "wrk": _WRK,
    "wrk2": _WRK,
    "ab": {"-n": "skip", "-c": "conn", "-t": "dur", "-k": "flag:keepalive", "-s": "skip",
           "-H": "header", "-p": "skip", "-u": "skip", "-T": "skip", "-Z": "cipher", "-f": "tls",
           "-v": "skip", "-C": "skip", "-A": "skip", "-P": "skip", "-X": "skip", "-e": "skip",
           "-g": "skip", "-b": "skip", "-B": "skip", "-m": "skip", "-E": "skip", "-l": "flag",
           "-r": "flag", "-d": "flag", "-S": "flag", "-q": "flag", "-i": "flag", "-w": "flag"},
    "h2load": {"-n": "skip", "--requests": "skip", "-c": "clients", "--clients": "clients",
               "-m": "pipe", "--max-concurrent-streams": "pipe", "-t": "skip", "--threads": "skip",
               "-D": "dur", "--duration": "dur", "-H": "header", "--header": "header",
               "--ciphers": "cipher", "--rps": "rate", "-r": "skip", "--rate": "skip", "-T": "skip",
               "-N": "skip", "--warm-up-time": "skip", "-w": "skip", "-W": "skip", "-d": "skip",
               "-i": "skip", "-p": "skip", "--npn-list": "skip", "--h1": "flag", "-v": "flag"},
    "autocannon": {"-c": "conn", "--connections": "conn", "-p": "pipe", "--pipelining": "pipe",
                   "-d": "dur", "--duration": "dur", "-a": "skip", "--amount": "skip", "-R": "rate",
                   "--overallRate": "rate", "-r": "skip", "--connectionRate": "skip", "-w": "skip",
                   "--workers": "skip", "-H": "header", "--headers": "header", "-m": "skip",
                   "--method": "skip", "-b": "skip", "--body": "skip", "-t": "skip",
                   "--timeout": "skip", "-i": "skip", "-T": "skip", "-j": "flag", "--json": "flag",
                   "-l": "flag", "--latency": "flag", "-n": "flag", "--no-progress": "flag"},
    "hey": {"-n": "skip", "-c": "clients", "-q": "rate_worker", "-z": "dur", "-m": "skip",
            "-H": "header", "-t": "skip", "-A": "skip", "-d": "skip", "-D": "skip", "-T": "skip",
            "-a": "skip", "-x": "skip", "-cpus": "skip", "-o": "skip", "-h2": "flag",
            "-disable-compression": "flag", "-disable-keepalive": "flag:no_keepalive",
            "-disable-redirects": "flag"},
    "oha": {"-c": "conn", "-n": "skip", "-z": "dur", "-q": "rate", "-H": "header", "-m": "skip",
            "--disable-keepalive": "flag:no_keepalive", "--http2": "flag", "--no-tui": "flag"},
    "bombardier": {"-c": "conn", "--connections": "conn", "-d": "dur", "--duration": "dur",
                   "-n": "skip", "-r": "rate", "--rate": "rate", "-H": "header", "-m": "skip",
                   "-t": "skip", "-b": "skip", "-l": "flag", "--latencies": "flag", "-k": "flag",
                   "--http1": "flag", "--http2": "flag"},
    "vegeta": {"-rate": "rate", "-duration": "dur", "-workers": "skip", "-max-workers": "skip",
               "-connections": "skip", "-keepalive": "keepalive_bool", "-targets": "skip",
               "-output": "skip", "-timeout": "skip", "-header": "header", "-body": "skip",
               "-name": "skip", "-format": "skip", "-http2": "flag"},
    "k6": {"--vus": "vus", "-u": "vus", "--duration": "dur", "-d": "dur", "--iterations": "skip",
           "-i": "skip", "--stage": "stage", "-s": "stage", "--rps": "rate", "-e": "skip",
           "--env": "skip", "-o": "skip", "--out": "skip", "-q": "flag"},
    "locust": {"-u": "vus", "--users": "vus", "-r": "skip", "--spawn-rate": "skip", "-t": "dur",
               "--run-time": "dur", "-H": "skip", "--host": "skip", "-f": "skip",
               "--headless": "flag", "--processes": "skip"},
    "jmeter": {"-n": "flag", "-t": "skip", "-l": "skip", "-e": "flag", "-o": "skip"},
}  # fmt: skip
GO_FLAGS = {"hey", "vegeta"}  # "-rate=50" and "--rate 50" both work
TOOL_NAMES = {"k6": "Grafana k6", "locust": "Locust", "jmeter": "JMeter"}
TOOL_ALIASES = {"apachebench": "ab", "ab2": "ab", "ab.exe": "ab", "wrk.exe": "wrk",
                "k6.exe": "k6"}  # fmt: skip
CONNECTION_CLOSE_RE = lazyre.compile(r"connection:[ \t]*close", re.IGNORECASE)


def command_segments(text: str) -> list[list[tuple[int, int, str]]]:
    """Command segments: (start, end, token) lists split at && || ; | and unescaped line
    ends."""
    segments: list[list[tuple[int, int, str]]] = [[]]
    prev_end, prev_tok = 0, ""
    for m in TOKEN_RE.finditer(text):
        tok = m.group(0)
        if "\n" in text[prev_end : m.start()] and prev_tok != "\\":
            segments.append([])
        prev_end, prev_tok = m.end(), tok
        if tok in SEPARATORS:
            segments.append([])
        elif tok != "\\":
            segments[-1].append((m.start(), m.end(), tok))
    return [s for s in segments if s]


def _tool(tok: str) -> str | None:
    if ":" in tok or "=" in tok or tok.startswith("-"):
        return None
    base = tok.strip("'\"").rsplit("/", 1)[-1].lower()
    base = TOOL_ALIASES.get(base, base)
    return base if base in TOOLS else None


TOOL_WORD_RE = lazyre.compile(r"(?<![\w.-])(?:" + "|".join(sorted(TOOLS, key=lambda s: (-len(s), s)))
                          + r"|apachebench|ab2)(?![\w-])", re.IGNORECASE)  # fmt: skip


def command_conditions(text: str) -> list[RawCondition]:
    """Conditions from every tool invocation in ``text`` (local offsets)."""
    if not TOOL_WORD_RE.search(text):
        return []
    ctx = Ctx(text)
    out: list[RawCondition] = []
    for segment in command_segments(text):
        idx = next((i for i, (_, _, t) in enumerate(segment) if _tool(t)), None)
        if idx is not None:
            out += _invocation(ctx, segment[idx:])
    return out


def _invocation(ctx: Ctx, toks: list[tuple[int, int, str]]) -> list[RawCondition]:
    s0, e0, tok0 = toks[0]
    tool = _tool(tok0) or ""
    table = TOOLS[tool]
    name = TOOL_NAMES.get(tool, tool)
    out = [ctx.make("traffic_generator", {"name": name, "version": None, "limit": None}, s0, e0)]
    state = {"keepalive": False, "stages": []}
    i = 1
    while i < len(toks):
        start, end, tok = toks[i]
        i += 1
        if not tok.startswith("-") or tok in ("-", "--"):
            continue
        opt, eq, value = tok.partition("=")
        kind = table.get(opt)
        if kind is None and tool in GO_FLAGS:
            opt = "-" + opt.lstrip("-")
            kind = table.get(opt)
        if kind is None and not eq and len(tok) > 2 and tok[1] != "-":
            opt, value, eq = tok[:2], tok[2:], "attached"  # "-c200", "-d60s"
            kind = table.get(opt)
            if kind is None or kind.startswith("flag"):
                continue
        if kind is None:
            continue
        if kind.startswith("flag"):
            if kind == "flag:keepalive":
                state["keepalive"] = True
                out.append(ctx.make("profile", "keep-alive", start, end))
            elif kind == "flag:no_keepalive":
                out.append(ctx.make("requests_per_connection", 1, start, end, negated=True))
            continue
        if not eq:
            if i >= len(toks):
                continue
            end, value = toks[i][1], toks[i][2]
            i += 1
        out += _option(ctx, tool, kind, value.strip("'\""), start, end, state)
    if tool == "ab" and not state["keepalive"]:  # ab sends HTTP/1.0: one request per connection
        out.append(ctx.make("requests_per_connection", 1, s0, e0))
    if state["stages"]:
        out += _stages(ctx, state["stages"])
    return out


def _option(
    ctx: Ctx, tool: str, kind: str, value: str, start: int, end: int, state: dict
) -> list[RawCondition]:
    n = to_int(value)
    if kind in ("conn", "clients", "vus") and n:
        kinds = {"conn": "connections", "clients": "clients", "vus": "vus"}
        return [ctx.make("load_setting", {"kind": kinds[kind], "value": n}, start, end)]
    if kind == "dur":
        seconds = parse_duration(value)
        return [ctx.make("duration", seconds, start, end)] if seconds else []
    if kind == "pipe" and n:
        return [ctx.make("pipelining", n, start, end)]
    if kind in ("rate", "rate_worker"):
        rate = _rate(value)
        if rate is None:
            return []
        setting = {"kind": "rate", "value": rate, "unit": "RPS"}
        if kind == "rate_worker":
            setting["per_worker"] = True
        return [ctx.make("load_setting", setting, start, end)]
    if kind == "header" and CONNECTION_CLOSE_RE.search(value):
        return [ctx.make("requests_per_connection", 1, start, end)]
    if kind == "cipher" and is_cipher(value):
        return [ctx.make("cipher", value.upper(), start, end)]
    if kind == "tls":
        m = re.fullmatch(r"(TLS|SSL)v?(\d(?:\.\d)?)", value, re.IGNORECASE)
        v = norm_tls_version(m.group(1), m.group(2)) if m else None
        return [ctx.make("tls_version", v, start, end)] if v else []
    if kind == "keepalive_bool":
        if value.lower() in ("false", "0", "no"):
            return [ctx.make("requests_per_connection", 1, start, end, negated=True)]
        return [ctx.make("profile", "keep-alive", start, end)]
    if kind == "stage":
        state["stages"].append((start, end, value))
    return []


def _rate(value: str) -> float | None:
    """Requests per second from "2000", "50/1s", "100/m"."""
    count, _, per = value.partition("/")
    try:
        n = float(count)
    except ValueError:
        return None
    if not per:
        return n
    seconds = parse_duration(per if per[0].isdigit() else "1" + per)
    return n / seconds if seconds else None


def _stages(ctx: Ctx, stages: list[tuple[int, int, str]]) -> list[RawCondition]:
    total, peak = 0.0, 0
    for _, _, value in stages:
        dur, _, target = value.partition(":")
        total += parse_duration(dur) or 0.0
        peak = max(peak, to_int(target) or 0)
    start, end = stages[0][0], stages[-1][1]
    out = [ctx.make("duration", total, start, end)] if total else []
    if peak:
        out.append(ctx.make("load_setting", {"kind": "vus", "value": peak}, start, end))
    return out
