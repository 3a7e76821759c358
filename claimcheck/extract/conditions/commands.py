"""Conditions from load-tool command lines (wrk, wrk2, ab, h2load, autocannon, hey, vegeta,
oha, bombardier, k6, locust) and from k6 / JMeter configuration text."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from claimcheck import lazyre
from claimcheck.extract import tooltable
from claimcheck.extract.conditions.base import Ctx, RawCondition, parse_duration, to_int
from claimcheck.extract.conditions.tls import is_cipher, norm_tls_version
from claimcheck.extract.tooltable import Tool

TOKEN_RE = lazyre.compile(r"(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"])+")
SEPARATORS = {"&&", "||", ";", "|"}

CONNECTION_CLOSE_RE = lazyre.compile(r"connection:[ \t]*close", re.IGNORECASE)


def command_segments(text: str, depth: int = 0) -> list[list[tuple[int, int, str]]]:
    """Command segments: (start, end, token) lists split at && || ; | and unescaped line
    ends; a quoted script handed to a shell (``sh -c 'echo ... | vegeta attack -rate=50'``)
    adds the segments of its own commands."""
    segments: list[list[tuple[int, int, str]]] = [[]]
    inner: list[list[tuple[int, int, str]]] = []
    prev_end, prev_tok, last_word = 0, "", ""
    for m in TOKEN_RE.finditer(text):
        tok = m.group(0)
        if (
            depth == 0
            and last_word == "-c"
            and len(tok) > 2
            and tok[0] in "'\""
            and tok[-1] == tok[0]
        ):
            inner += [[(a + m.start() + 1, b + m.start() + 1, t) for a, b, t in seg]
                      for seg in command_segments(tok[1:-1], 1)]  # fmt: skip
        if "\n" in text[prev_end : m.start()] and prev_tok != "\\":
            segments.append([])
        prev_end, prev_tok = m.end(), tok
        last_word = tok if tok != "\\" else last_word
        if tok in SEPARATORS:
            segments.append([])
        elif tok != "\\":
            segments[-1].append((m.start(), m.end(), tok))
    found = [s for s in segments if s]
    return sorted(found + inner, key=lambda seg: seg[0][0]) if inner else found


def _tool(tok: str) -> Tool | None:
    return tooltable.tool_of(tok)


# any command word of the tool table: a text without one holds no invocation
TOOL_WORD_RE = lazyre.compile(
    r"(?<![\w.-])(?:" + "|".join(re.escape(w) for w in tooltable.command_words()) + r")(?![\w-])",
    re.IGNORECASE,
)


def command_conditions(text: str) -> list[RawCondition]:
    """Conditions from every tool invocation in ``text`` (local offsets). What the tool
    does by default counts only for a run of it: the tool as the command word (after
    "sudo", "time", "$", variable settings), with an option or a target."""
    if not TOOL_WORD_RE.search(text):
        return []
    ctx = Ctx(text)
    out: list[RawCondition] = []
    for segment in command_segments(text):
        idx = next((i for i, (_, _, t) in enumerate(segment) if _tool(t)), None)
        if idx is not None:
            lead = segment[0][2] in tooltable.LAUNCHERS or all(
                t in tooltable.PREFIX or ("=" in t and not t.startswith("-"))
                for _, _, t in segment[:idx]
            )
            found = _invocation(ctx, segment[idx:])
            out += found if lead else [c for c in found if not c.origin]
    return out


# a host to send load to: "10.0.0.2", "peer:8080", "server.example.net"
HOST_RE = lazyre.compile(
    r"(?<![\w.-])(?:[\w.-]++:\d{2,5}+(?:/\S*+)?+|\d{1,3}+(?:\.\d{1,3}+){3}+"
    r"|[a-z][\w-]*+(?:\.[\w-]++)++)"
)


def _target(tok: str) -> bool:
    """A URL or host a command line sends its load to."""
    t = tok.strip("'\"")
    return "://" in t or t.startswith(("localhost", "127.", "[")) or bool(HOST_RE.fullmatch(t))


def _invocation(ctx: Ctx, toks: list[tuple[int, int, str]]) -> list[RawCondition]:
    s0, e0, tok0 = toks[0]
    tool = _tool(tok0)
    if tool is None:
        return []
    generator = {"name": tool.label, "version": None, "limit": None}
    out = [ctx.make("traffic_generator", generator, s0, e0)]
    state: dict[str, Any] = {"keepalive": False, "stages": [], "options": 0, "given": set(),
                             "real": False}  # fmt: skip
    i = 1
    while i < len(toks):
        start, end, tok = toks[i]
        i += 1
        if not tok.startswith("-") or tok in ("-", "--"):
            state["real"] = state["real"] or _target(tok)
            continue
        opt, eq, value = tok.partition("=")
        param = tool.option(opt)
        if param is None and not eq and len(tok) > 2 and tok[1] != "-":
            opt, value, eq = tok[:2], tok[2:], "attached"  # "-c200", "-d60s"
            param = tool.option(opt)
            if param is None or param == "" or param in tooltable.MEANINGFUL_FLAGS:
                continue
        if param is None:
            continue
        state["options"] += 1
        state["real"] = True
        state["given"].add(param)
        if param == "" or param in tooltable.MEANINGFUL_FLAGS:
            if param == "keepalive":
                state["keepalive"] = True
                out.append(ctx.make("profile", "keep-alive", start, end))
            elif param == "no_keepalive":
                out.append(ctx.make("requests_per_connection", 1, start, end, negated=True))
            continue
        if not eq:
            if i >= len(toks):
                continue
            end, value = toks[i][1], toks[i][2]
            i += 1
        out += _option(ctx, tool, param, value.strip("'\""), start, end, state)
    if not tool.runs and not state["real"]:
        return []  # "ping" in a sentence of a code comment: a word, not a run of the tool
    if state["stages"]:
        out += _stages(ctx, state["stages"])
    return out + _by_default(ctx, tool, out, state, s0, e0)


# Parameters whose default is a test condition (threads, streams or a pipelining depth of
# one are not: they set nothing a reader needs).
_DEFAULTED = ("duration", "connections", "clients", "vus", "rate", "interval", "size", "calls",
              "mode")  # fmt: skip
_LOAD_PARAMS = ("connections", "clients", "vus")


def _by_default(
    ctx: Ctx, tool: Tool, found: list[RawCondition], state: dict[str, Any], s0: int, e0: int
) -> list[RawCondition]:
    """What the tool does about what the command leaves out (its documented defaults) and
    what it fixes by itself (its protocol, connection reuse, objects), at the tool's name,
    marked with origin "default"; an option that says otherwise wins (ab -k, wrk -H
    "Connection: close", hey -disable-keepalive)."""
    given = state["given"]
    stated = {c.name for c in found}
    out: list[RawCondition] = []
    if not state["real"]:
        return out  # "cd wrk2", "./plot.sh wrk": the tool's name, not a run of it
    if "server" in given:
        given = given | set(_DEFAULTED)  # "iperf3 -s" waits for a client: no run of its own
    for param, value in tool.defaults.items():
        if param not in _DEFAULTED or param in given:
            continue
        if tool.runs and param != "mode":
            continue  # an HTTP load tool's run says its parameters (runconditions.py)
        if param in _LOAD_PARAMS and given & set(_LOAD_PARAMS):
            continue
        out += _option(ctx, tool, param, str(value), s0, e0, state)
    implied = dict(tool.implies)
    if "requests_per_connection" in stated:
        implied.pop("requests_per_connection", None)
    if implied.get("requests_per_connection") == 1 and state["keepalive"]:
        implied.pop("requests_per_connection")  # ab -k keeps its connections
    for name in ("object_size", "processing_layer"):
        if name in stated or any(c.name == name for c in out):
            implied.pop(name, None)  # netperf -t TCP_RR fixes its own size
    out += [ctx.make(name, value, s0, e0) for name, value in implied.items()]
    return [replace(c, origin="default") for c in out]


_LOAD_KINDS = {"connections": "connections", "clients": "clients", "vus": "vus",
               "streams": "streams"}  # fmt: skip


def _option(
    ctx: Ctx, tool: Tool, param: str, value: str, start: int, end: int, state: dict
) -> list[RawCondition]:
    n = to_int(value)
    if param == "streams" and tool.runs:
        return [ctx.make("pipelining", n, start, end)] if n else []  # h2load -m: per connection
    if param in _LOAD_KINDS and n:
        return [ctx.make("load_setting", {"kind": _LOAD_KINDS[param], "value": n}, start, end)]
    if param == "duration":
        seconds = parse_duration(value)
        return [ctx.make("duration", seconds, start, end)] if seconds else []
    if param == "pipelining" and n:
        return [ctx.make("pipelining", n, start, end)]
    if param in ("rate", "rate_per_worker", "interval"):
        rate = _rate(value)
        if param == "interval":
            rate = 1.0 / rate if rate else None  # ping -i 0.001: a thousand probes a second
        if rate is None:
            return []
        setting = {"kind": "rate", "value": rate, "unit": "RPS"}
        if param == "rate_per_worker":
            setting["per_worker"] = True
        return [ctx.make("load_setting", setting, start, end)]
    if param == "calls" and n:
        return [ctx.make("requests_per_connection", n, start, end)]
    if param == "size" and n is not None:
        return [ctx.make("object_size", n, start, end)]
    if param == "mode":
        return [ctx.make(name, v, start, end) for name, v in tool.mode(value).items()]
    if param == "header" and CONNECTION_CLOSE_RE.search(value):
        return [ctx.make("requests_per_connection", 1, start, end)]
    if param == "cipher" and is_cipher(value):
        return [ctx.make("cipher", value.upper(), start, end)]
    if param == "tls_version":
        m = re.fullmatch(r"(TLS|SSL)v?(\d(?:\.\d)?)", value, re.IGNORECASE)
        v = norm_tls_version(m.group(1), m.group(2)) if m else None
        return [ctx.make("tls_version", v, start, end)] if v else []
    if param == "keepalive_bool":
        if value.lower() in ("false", "0", "no"):
            return [ctx.make("requests_per_connection", 1, start, end, negated=True)]
        return [ctx.make("profile", "keep-alive", start, end)]
    if param == "stage":
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
