"""Conditions from load-tool configuration text: k6 ``options`` (vus, duration, stages,
scenarios, thresholds) and JMeter thread-group properties."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from claimcheck import lazyre
from claimcheck.extract.conditions.base import Ctx, RawCondition, parse_duration

_Q = r"['\"`]"
K6_MARK_RE = lazyre.compile(r"\bk6/[\w-]+|\bexport[ \t]+(?:const|let|var)[ \t]+options\b")
VUS_RE = lazyre.compile(r"\b(?P<k>vus|maxVUs|preAllocatedVUs)[ \t]*:[ \t]*(?P<n>\d{1,7})\b")
DURATION_RE = lazyre.compile(rf"\bduration[ \t]*:[ \t]*{_Q}(?P<d>[^'\"`\n]{{1,20}}){_Q}")
# k6 options, scenarios or thresholds: the only text the option patterns below apply to.
K6_CONFIG_RE = lazyre.compile(
    r"\bk6/[\w-]+|\b(?:options|scenarios|stages|thresholds|executor|vus|maxVUs|preAllocatedVUs)"
    r"[ \t]*[:=]"
)
STAGES_RE = lazyre.compile(r"\bstages[ \t]*:[ \t]*\[")
TARGET_RE = lazyre.compile(r"\btarget[ \t]*:[ \t]*(?P<n>\d{1,7})\b")
RATE_RE = lazyre.compile(r"\brate[ \t]*:[ \t]*(?P<n>\d{1,9}(?:\.\d+)?)\b")
TIME_UNIT_RE = lazyre.compile(rf"\btimeUnit[ \t]*:[ \t]*{_Q}(?P<u>[^'\"`\n]{{1,10}}){_Q}")
PCT_THRESHOLD_RE = lazyre.compile(
    r"\bp\((?P<p>\d{1,2}(?:\.\d{1,3})?)\)[ \t]*<=?[ \t]*\d+(?:\.\d+)?"
)
STAT_THRESHOLD_RE = lazyre.compile(r"(?<![\w(])(?P<s>avg|med|max)[ \t]*<=?[ \t]*\d+(?:\.\d+)?")
FAILED_RE = lazyre.compile(rf"\bhttp_req_failed{_Q}?[ \t]*:[ \t]*\[[ \t]*{_Q}(?P<r>rate[ \t]*<=?[ \t]*"
                       rf"[\d.]+){_Q}")  # fmt: skip
JMETER_RE = lazyre.compile(
    r"ThreadGroup\.(?P<k>num_threads|duration)\"[^>]{0,40}>[ \t]*(?P<n>\d{1,9})[ \t]*<"
)
_CONFIG_WORDS = ("vus", "duration", "stages", "rate", "p(", "avg", "med", "max", "k6/", "export",
                 "threadgroup")  # fmt: skip
_STATS = {"avg": "mean", "med": "p50", "max": "max"}


def config_conditions(text: str) -> list[RawCondition]:
    """k6 and JMeter settings in configuration text (local offsets)."""
    ctx = Ctx(text)
    out: list[RawCondition] = []
    if not ctx.has(_CONFIG_WORDS):
        return out
    out += _jmeter(ctx)
    if not K6_CONFIG_RE.search(text):
        return out  # "Success rate: 100%" in tool output is no k6 option
    marks = list(K6_MARK_RE.finditer(text))
    if marks:
        tg = {"name": "Grafana k6", "version": None, "limit": None}
        out.append(ctx.make("traffic_generator", tg, marks[0].start(), marks[0].end()))
    stage_spans = []
    closes = [m.start() for m in re.finditer(r"\]", text)] if "stages" in text else []
    for m in STAGES_RE.finditer(text):
        j = bisect_left(closes, m.end())
        close = closes[j] if j < len(closes) else -1
        if close < 0 or close - m.end() > 5000:
            continue
        stage_spans.append((m.start(), close + 1))
        body = text[m.end() : close]
        total = sum(parse_duration(d.group("d")) or 0.0 for d in DURATION_RE.finditer(body))
        targets = [int(t.group("n")) for t in TARGET_RE.finditer(body)]
        if total:
            out.append(ctx.make("duration", total, m.start(), close + 1))
        if targets:
            setting = {"kind": "vus", "value": max(targets)}
            out.append(ctx.make("load_setting", setting, m.start(), close + 1))

    stage_starts = [s for s, _ in stage_spans]

    def in_stages(pos: int) -> bool:
        i = bisect_right(stage_starts, pos)
        return bool(i) and pos < stage_spans[i - 1][1]

    for m in VUS_RE.finditer(text):
        setting = {"kind": "vus", "value": int(m.group("n"))}
        out.append(ctx.make("load_setting", setting, m.start(), m.end()))
    for m in DURATION_RE.finditer(text):
        seconds = parse_duration(m.group("d"))
        if seconds and not in_stages(m.start()):
            out.append(ctx.make("duration", seconds, m.start(), m.end()))
    for m in RATE_RE.finditer(text):
        unit = TIME_UNIT_RE.search(text, m.end(), m.end() + 200)
        u = unit.group("u").strip() if unit else "1s"
        per = parse_duration(u if u[:1].isdigit() else "1" + u)
        if per:
            setting = {"kind": "rate", "value": float(m.group("n")) / per, "unit": "RPS"}
            out.append(ctx.make("load_setting", setting, m.start(), m.end()))
    for m in PCT_THRESHOLD_RE.finditer(text):
        p = m.group("p")
        out.append(ctx.make("latency_statistic", f"p{p}", m.start(), m.start() + len(p) + 3))
        out.append(ctx.make("failure_criteria", re.sub(r"\s+", "", m.group(0)), m.start(), m.end()))
    for m in STAT_THRESHOLD_RE.finditer(text):
        if "http_req_duration" in text[max(0, m.start() - 120) : m.start()]:
            out.append(ctx.make("latency_statistic", _STATS[m.group("s")], m.start(), m.end()))
    for m in FAILED_RE.finditer(text):
        rule = "http_req_failed " + re.sub(r"\s+", "", m.group("r"))
        out.append(ctx.make("failure_criteria", rule, m.start(), m.end()))
    return out


def _jmeter(ctx: Ctx) -> list[RawCondition]:
    out = []
    for m in ctx.finditer(JMETER_RE):
        n = int(m.group("n"))
        if m.group("k") == "num_threads":
            out.append(ctx.make("load_setting", {"kind": "vus", "value": n}, m.start(), m.end()))
        else:
            out.append(ctx.make("duration", float(n), m.start(), m.end()))
    return out
