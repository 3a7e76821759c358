"""Load conditions: load settings (SimUsers, clients, CPU or rate targets), concurrency,
license caps and the errors seen under load."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.base import (
    INT,
    NUM,
    NUM_LIST,
    Ctx,
    RawCondition,
    clean,
    gated,
    int_list,
    one_or_list,
    to_int,
)
from claimcheck.units import convert, is_bit_rate

_I = re.IGNORECASE
_W = r"[ \t]+"

# --- load_setting ---------------------------------------------------------------------------

_SIMUSERS = r"(?:simulated[ \t]+users|sim[ \t]?users)"
SIMUSERS_RES = [
    lazyre.compile(rf"\b{_SIMUSERS}\b(?:[ \t]*(?:[:=]|(?:setting|settings|set|count|of|to|at|was|were"
               rf"|is|are)\b)){{0,3}}[ \t]*(?P<list>{NUM_LIST})", _I),
    lazyre.compile(rf"(?<![\w.])(?P<list>{INT}(?:(?:[ \t]*,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or)"
               rf"[ \t]+){INT}){{0,15}}){_W}{_SIMUSERS}\b", _I),
]  # fmt: skip
PER_DEVICE_RE = lazyre.compile(
    r"\bdepend(?:s|ing)?[ \t]+on[ \t]+(?:the[ \t]+)?(?:DUT|device|platform|appliance|product)"
    r"|\bper[ \t]+(?:DUT|device|platform)\b|\bfor[ \t]+(?:each|different)[ \t]+"
    r"(?:DUT|device|platform)s?\b|\bdifferent[ \t]+for[ \t]+different\b",
    _I,
)
COUNT_LOAD_RES = [
    (lazyre.compile(rf"(?<![\w.])(?P<list>{INT}){_W}(?:simulated{_W}|virtual{_W}|emulated{_W})?"
                rf"clients\b", _I), "clients"),
    (lazyre.compile(rf"(?<![\w.])(?P<list>{INT}){_W}(?:virtual{_W}users|VUs?)\b", _I), "vus"),
    (lazyre.compile(rf"\bVUs?[ \t]*[:=][ \t]*(?P<list>{INT})", _I), "vus"),
    (lazyre.compile(rf"(?<![\w-])(?:-c|--connections(?=[ \t=]))[ \t=]?(?P<list>{INT})\b"), "connections"),
]  # fmt: skip
_SETTING = (
    r"\b(?:throttled|scaled(?:[ \t]+back|[ \t]+down)?|held|kept|capped|limited|loaded|fixed"
    r"|maintained|targeted|target|offered[ \t]+(?:load|rate)|constant[ \t]+rate)\b"
)
CPU_TARGET_RE = lazyre.compile(
    rf"{_SETTING}[^.;]{{0,50}}?(?:CPU[^.;%]{{0,35}}?(?P<a>\d+(?:\.\d+)?)[ \t]?%"
    rf"|(?P<b>\d+(?:\.\d+)?)[ \t]?%[ \t]+(?:of[ \t]+)?CPU)",
    _I,
)
# An offered-rate setting: fewer verbs than for CPU ("kept 9 Gbps" is a result, not a setting).
RATE_TARGET_RE = lazyre.compile(
    r"\b(?:throttled|scaled[ \t]+(?:back|down)|capped|rate[ \t-]limited|limited[ \t]+to|targeted"
    r"|target|offered[ \t]+(?:load|rate)|(?:constant|fixed)[ \t]+rate)\b",
    _I,
)
_RATE_UNITS = {"RPS", "CPS", "TPS", "request / second", "(request) / second",
               "(connection) / second", "(transaction) / second"}  # fmt: skip


# What each pattern of load_setting needs: SimUsers, "-c 100", a CPU percentage next to
# "CPU", an offered-rate verb; a count before clients or VUs.
LOAD_SETTING_GATE = lazyre.compile(
    r"simulated[ \t]+users|sim[ \t]?users|vus?[ \t]*[:=]|-c[ \t=]?\d|--connections[ \t=]?\d"
    r"|cpu[^.;%]{0,35}?\d[\d.]*[ \t]?%|throttled|scaled[ \t]+(?:back|down)|capped"
    r"|rate[ \t-]limited|limited[ \t]+to|target|offered[ \t]+(?:load|rate)|constant[ \t]+rate"
    r"|fixed[ \t]+rate"
)
LOAD_COUNT_GATE = lazyre.compile(
    r"\d(?:[ \t]+(?:(?:simulated|virtual|emulated)[ \t]+)?clients|[ \t]+(?:virtual[ \t]+users"
    r"|vus?\b)|[ \t]?%[ \t]+(?:of[ \t]+)?cpu)"
)


@gated(LOAD_SETTING_GATE, LOAD_COUNT_GATE)
def load_setting(ctx: Ctx) -> list[RawCondition]:
    """SimUsers, clients, VUs, a CPU target or an offered-rate target."""
    out = []
    for rx in SIMUSERS_RES:
        for m in ctx.finditer(rx):
            value = one_or_list(int_list(m.group("list")))
            if value is None:
                continue
            setting = {"kind": "simusers", "value": value}
            s0, s1 = ctx.sentence(m.start())
            if PER_DEVICE_RE.search(ctx.text, m.start(), min(s1, m.end() + 100)):
                setting["per_device"] = True
            neg = ctx.negated(m.start(), m.end())  # "tests were not run at 4096 SimUsers"
            out.append(ctx.make("load_setting", setting, m.start(), m.end(), negated=neg))
    for rx, kind in COUNT_LOAD_RES:
        for m in ctx.finditer(rx):
            n = to_int(m.group("list"))
            if n:
                out.append(ctx.make("load_setting", {"kind": kind, "value": n}, m.start(), m.end()))
    for m in ctx.finditer(CPU_TARGET_RE):
        v = float(m.group("a") or m.group("b"))
        out.append(ctx.make("load_setting", {"kind": "cpu_target", "value": v}, m.start(), m.end()))
    for m in ctx.finditer(RATE_TARGET_RE):
        _, s1 = ctx.sentence(m.start())
        for q in ctx.quantities_in(m.end(), min(s1, m.end() + 50)):
            if q.unit and (is_bit_rate(q.unit) or q.unit in _RATE_UNITS):
                setting = {"kind": "rate", "value": q.value, "unit": q.unit}
                out.append(ctx.make("load_setting", setting, m.start(), q.end))
                break
    return out


# --- concurrency ------------------------------------------------------------------------------

_RANGE = rf"(?P<lo>{NUM})(?:{_W}?(?:to|-|–){_W}?|{_W}and{_W})(?P<hi>{NUM})"
_CONC_NOUN = r"(?:connections|users|clients|sessions|streams|requests)(?:/\w+)?"
_CONC_ADJ = r"(?:simultaneous|concurrent|parallel|open)"
CONCURRENCY_RES = [
    lazyre.compile(rf"(?<![\w.])(?:(?:from|between){_W})?{_RANGE}{_W}{_CONC_ADJ}{_W}{_CONC_NOUN}\b", _I),
    lazyre.compile(rf"\b{_CONC_ADJ}{_W}{_CONC_NOUN}{_W}(?:(?:from|between){_W})?{_RANGE}\b", _I),
    lazyre.compile(rf"\b(?:at|with|using|under|for|load{_W}of|levels?{_W}of)[ \t]+(?P<list>{NUM_LIST})"
               rf"{_W}(?:{_CONC_ADJ}{_W})?(?:connections|users)\b", _I),
    lazyre.compile(rf"\b(?:opened|opens|open|held|holds|hold|kept|keeps|maintained|maintains)[ \t]+"
               rf"(?P<list>{INT}){_W}(?:{_CONC_ADJ}{_W}|persistent{_W})?connections\b", _I),
    lazyre.compile(rf"\b(?:concurrency|concurrency{_W}level|parallelism)[ \t]*+(?:of|[:=]|was|set{_W}to)?"
               rf"[ \t]*+(?P<list>{INT})", _I),
]  # fmt: skip


CONCURRENCY_WORDS = (
    "simultaneous", "concurrent", "parallel", "open", "users", "clients", "connections",
    "concurrency"
)  # fmt: skip


@gated(*CONCURRENCY_WORDS)
def concurrency(ctx: Ctx) -> list[RawCondition]:
    """Simultaneous connections or users: an int, [low, high] or a list."""
    out = []
    for rx in CONCURRENCY_RES:
        for m in ctx.finditer(rx):
            groups = m.groupdict()
            if groups.get("lo"):
                lo, hi = to_int(groups["lo"]), to_int(groups["hi"])
                value = [lo, hi] if lo is not None and hi is not None else None
            else:
                value = one_or_list(int_list(groups["list"]))
            if value:
                out.append(ctx.make("concurrency", value, m.start(), m.end()))
    return out


# --- license_cap ------------------------------------------------------------------------------

_LIC = r"licen[cs](?:e|ed|ing)"
LICENSE_TRIGGERS = [
    lazyre.compile(rf"\blicen[cs]ed{_W}(?:for|at|to)(?:{_W}up{_W}to)?{_W}", _I),
    lazyre.compile(
        rf"\b{_LIC}{_W}(?:throughput{_W})?(?:limit|level|cap|tier)s?(?:{_W}of)?{_W}", _I
    ),
    lazyre.compile(r"\bPAYG[\w-]{0,30}(?:[ \t]+[A-Za-z][\w-]{0,30}){0,3}[ \t-]{0,3}(?=\d)", _I),
]
# Matched right after a rate (the look-behind: a blank run is tried from its start only).
RATE_THEN_LICENSE_RE = lazyre.compile(
    rf"(?<![ \t])(?:{_W}(?:throughput|bandwidth))?{_W}{_LIC}\b", _I
)
_LICENSE_HINT_RE = lazyre.compile(r"licen[cs]", _I)
NETSCALER_LICENSE_RE = lazyre.compile(r"\bCNS_V(?P<mbps>\d{2,6})(?:_[A-Za-z0-9]+)*(?:\.lic)?\b")


def cap_value(value: float, unit: str) -> dict | None:
    """{"value": Gbps, "unit": "Gbps"} from a bit rate, or None."""
    try:
        return {"value": round(convert(value, unit, "Gbps"), 6), "unit": "Gbps"}
    except Exception:
        return None


LICENSE_CAP_WORDS = ("licen", "payg", "cns_v")


@gated(*LICENSE_CAP_WORDS)
def license_cap(ctx: Ctx) -> list[RawCondition]:
    """A licensed rate: "licensed for 8 Gbps", "8 Gbps license", "CNS_V10000" (10 Gbps)."""
    out = []
    for rx in LICENSE_TRIGGERS:
        for m in ctx.finditer(rx):
            for q in ctx.quantities_in(m.end(), m.end() + 3):
                if q.unit and is_bit_rate(q.unit) and (cap := cap_value(q.value, q.unit)):
                    out.append(ctx.make("license_cap", cap, m.start(), q.end))
    for q in ctx.quantities_where(_LICENSE_HINT_RE):
        if q.unit and is_bit_rate(q.unit):
            m = RATE_THEN_LICENSE_RE.match(ctx.text, q.end)
            if m and (cap := cap_value(q.value, q.unit)):
                out.append(ctx.make("license_cap", cap, q.start, m.end()))
    for m in ctx.finditer(NETSCALER_LICENSE_RE):
        cap = cap_value(float(m.group("mbps")), "Mbps")
        if cap:
            out.append(ctx.make("license_cap", cap, m.start(), m.end()))
    return out


# --- errors ---------------------------------------------------------------------------------

_VAGUE = (
    r"dozens[ \t]+to[ \t]+hundreds[ \t]+of|hundreds[ \t]+to[ \t]+thousands[ \t]+of"
    r"|(?:dozens|hundreds|thousands)[ \t]+of|a[ \t]+(?:small|large|significant)[ \t]+number[ \t]+of"
    r"|a[ \t]+number[ \t]+of|a[ \t]+handful[ \t]+of|a[ \t]+few|several|some|many|numerous"
    r"|occasional|sporadic"
)
ERROR_KINDS = [
    (
        r"time-?outs?|timed[ \t-]out[ \t]+(?:requests|connections)"
        r"|(?:requests|transactions|connections)[ \t]+timed[ \t-]out",
        "timeouts",
    ),
    (r"connection[ \t-]closed(?:[ \t]+errors?)?|connection[ \t]+resets?", "connection_closed"),
    (r"non-2xx(?:[ \t]+(?:or[ \t]+3xx[ \t]+)?responses?)?", "non_2xx"),
    # "12 failed requests" and "12 requests failed"
    (
        r"failures|failed[ \t]+(?:requests|transactions|connections)"
        r"|(?:requests|transactions|connections)[ \t]+failed",
        "failures",
    ),
    (
        r"(?:(?:socket|HTTP|read|write|connect|connection)[ \t]+)?errors?|error[ \t]+responses",
        "errors",
    ),
]
_KIND_RES = [(lazyre.compile(p, _I), k) for p, k in ERROR_KINDS]
ERRORS_RE = lazyre.compile(
    rf"(?<![\w.,-])(?P<n>{NUM}|{_VAGUE}){_W}(?P<kind>"
    + "|".join(f"(?:{p})" for p, _ in ERROR_KINDS)
    + r")(?![\w-])",
    _I,
)
WRK_SOCKET_RE = lazyre.compile(r"\bSocket errors:[ \t]*connect[ \t]+(\d+),[ \t]*read[ \t]+(\d+),"
                           r"[ \t]*write[ \t]+(\d+),[ \t]*timeout[ \t]+(\d+)")  # fmt: skip
WRK_NON2XX_RE = lazyre.compile(r"\bNon-2xx or 3xx responses:[ \t]*(\d+)")


ERRORS_WORDS = ("timeout", "time-out", "timed", "closed", "reset", "2xx", "fail", "error")


@gated(*ERRORS_WORDS)
def errors(ctx: Ctx) -> list[RawCondition]:
    """Errors seen: {"count": int or None, "kind": ..., "text": ...}."""
    out = []
    for m in ctx.finditer(ERRORS_RE):
        kind = next((k for rx, k in _KIND_RES if rx.fullmatch(m.group("kind"))), "errors")
        count = to_int(m.group("n"))
        value = {"count": count, "kind": kind, "text": clean(m.group(0))}
        out.append(ctx.make("errors", value, m.start(), m.end()))
    for m in ctx.finditer(WRK_SOCKET_RE):
        c, r, w, t = (int(g) for g in m.groups())
        value = {"count": t, "kind": "timeouts", "text": m.group(0)}
        out.append(ctx.make("errors", value, m.start(), m.end()))
        if c + r + w:
            value = {"count": c + r + w, "kind": "errors", "text": m.group(0)}
            out.append(ctx.make("errors", value, m.start(), m.end()))
    for m in ctx.finditer(WRK_NON2XX_RE):
        value = {"count": int(m.group(1)), "kind": "non_2xx", "text": m.group(0)}
        out.append(ctx.make("errors", value, m.start(), m.end()))
    return out


DETECTORS = [load_setting, concurrency, license_cap, errors]
