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
from claimcheck.textkeys import fold
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
# A value chosen per system under test (the construction, in any wording): a dependence,
# variation or choice word ("depending on", "varied by", "tuned for", "chosen per", "set
# individually for", "specific to") followed by a noun for the tested subject, or a
# "per-<subject>" / "<subject>-specific" / "for each <subject>" modifier. "depending on the
# test" or "per run" name no tested subject and do not count.
_SUBJECT = (
    r"(?:DUT|SUT|device|system|product|vendor|platform|appliance|model|box|unit|target"
    r"|proxy|prox(?:ies)|gateway|(?:load[ \t-]?)?balancer|implementation|contender|candidate"
    r"|solution|ADC|firewall)s?(?:[ \t]+(?:under[ \t]+test|tested|in[ \t]+question))?\b"
)
_CHOSEN = (
    r"depend(?:s|ed|ing)?[ \t]+(?:up)?on|var(?:y|ies|ied|ying)[ \t]+(?:by|with|per|across"
    r"|between)|according[ \t]+to|based[ \t]+(?:up)?on|tailored[ \t]+to|(?:tuned|adjusted"
    r"|calibrated|sized|scaled)[ \t]+(?:to|for|per)|(?:chosen|picked|selected|set|configured)"
    r"[ \t]+(?:(?:individually|separately|differently)[ \t]+(?:for|per)|per)|specific[ \t]+to"
    r"|differ(?:s|ed|ent)?[ \t]+(?:by|for|between|across|per)"
)
PER_DEVICE_RE = lazyre.compile(
    rf"\b(?:{_CHOSEN})[ \t]+(?:(?:the|each|every|which|whichever|a|an)[ \t]+)?(?:tested"
    rf"[ \t]+)?{_SUBJECT}|\bper[ \t-]+{_SUBJECT}|\b{_SUBJECT}[ \t]*-[ \t]*specific\b"
    rf"|\bfor[ \t]+(?:different|individual)[ \t]+(?:tested[ \t]+)?{_SUBJECT}"
    r"|\bdifferent[ \t]+for[ \t]+(?:different|each|every)\b",
    _I,
)
# Several values "for each device" are one per device; one value "for each device" is shared.
FOR_EACH_DEVICE_RE = lazyre.compile(
    rf"\bfor[ \t]+(?:each|every)[ \t]+(?:tested[ \t]+)?{_SUBJECT}", _I
)


def chosen_per_device(ctx: Ctx, start: int, end: int, several: bool) -> bool:
    """Does the sentence around a load setting say it was chosen per device under test?"""
    s0, s1 = ctx.sentence(start)
    lo, hi = s0, min(s1, end + 100)
    return bool(
        PER_DEVICE_RE.search(ctx.text, lo, hi)
        or (several and FOR_EACH_DEVICE_RE.search(ctx.text, start, hi))
    )


COUNT_LOAD_RES = [
    (lazyre.compile(rf"(?<![\w.])(?P<list>{INT}){_W}(?:simulated{_W}|virtual{_W}|emulated{_W})?"
                rf"clients\b", _I), "clients"),
    (lazyre.compile(rf"(?<![\w.])(?P<list>{INT}){_W}(?:virtual{_W}users|VUs?)\b", _I), "vus"),
    (lazyre.compile(rf"\bVUs?[ \t]*[:=][ \t]*(?P<list>{INT})", _I), "vus"),
    (lazyre.compile(rf"(?<![\w-])(?:-c|--connections(?=[ \t=]))[ \t=]?(?P<list>{INT})\b"), "connections"),
    # the load a figure was measured under: "using 16 client connections", "over 64 open
    # connections" (a preposition of means: "held 10,000 connections" is a result)
    (lazyre.compile(rf"\b(?:using|over|across|through|from){_W}(?P<list>{INT}){_W}(?:(?:concurrent|simultaneous"
                rf"|client|open|parallel|persistent|keep-alive){_W})?connections\b", _I), "connections"),
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
    r"|vus?\b)|[ \t]?%[ \t]+(?:of[ \t]+)?cpu|[ \t]+(?:[a-z-]+[ \t]+)?connections)"
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
            if chosen_per_device(ctx, m.start(), m.end(), isinstance(value, list)):
                setting["per_device"] = True
            neg = ctx.negated(m.start(), m.end())  # "tests were not run at 4096 SimUsers"
            out.append(ctx.make("load_setting", setting, m.start(), m.end(), negated=neg))
    for rx, kind in COUNT_LOAD_RES:
        for m in ctx.finditer(rx):
            n = to_int(m.group("list"))
            if n:
                setting = {"kind": kind, "value": n}
                if chosen_per_device(ctx, m.start(), m.end(), False):
                    setting["per_device"] = True
                out.append(ctx.make("load_setting", setting, m.start(), m.end()))
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
    lazyre.compile(rf"(?:\b(?:at|with|using|under|for|load{_W}of|levels?{_W}of)|(?<!\S)@)[ \t]+(?P<list>{NUM_LIST})"
               rf"{_W}(?:{_CONC_ADJ}{_W})?(?:connections|users)\b"
               r"(?![ \t]*+(?:per[ \t]++s(?:ec|econd)?\b|/[ \t]*+s(?:ec|econd)?\b|a[ \t]++second\b))", _I),
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
    # a named licence, edition or tier followed by its rate: "licence: Orbit-Pro 5 Gbps",
    # "Edition ZX-Gold 25Gbps", "subscription: Basic 1 Gbps" (name words start with a
    # capital or a digit, so "the edition reached 9 Gbps" is a result, not a licence)
    lazyre.compile(rf"\b(?i:licen[cs]es?|editions?|subscriptions?)(?:{_W}(?i:file|key|name|level"
               rf"|type|SKU))?[ \t]*+[:=]?[ \t]*+(?:[A-Z0-9][\w.+-]{{0,30}}[ \t]+){{0,3}}?(?=\d)"),
]  # fmt: skip
# Matched right after a rate (the look-behind: a blank run is tried from its start only).
RATE_THEN_LICENSE_RE = lazyre.compile(
    rf"(?<![ \t])(?:{_W}(?:throughput|bandwidth))?{_W}{_LIC}\b", _I
)
_LICENSE_HINT_RE = lazyre.compile(r"licen[cs]", _I)
# A licence identifier (a SKU, key or file name) that encodes its rate, the construction
# licence names share across makers: a segment of an identifier joined by "_" or "-" that is
# a number with a rate suffix ("10G", "200M", "5Gbps") or letters and a bare round number,
# read as Mbps ("V3000", "T25000": 3 and 25 Gbps). Bare numbers must be multiples of 100, so
# serial numbers ("C1234") and years are not read as rates.
LICENSE_ID_RE = lazyre.compile(
    r"(?<![\w.-])[A-Za-z][A-Za-z0-9]{0,15}(?:[_-][A-Za-z0-9]{1,16}){1,8}(?:\.lic)?(?![\w-])"
)
_ID_RATE_RE = lazyre.compile(
    r"(?:(?P<n>\d{1,5})(?P<u>[GM])(?:bps|b)?|[A-Za-z]{1,3}(?P<bare>\d{3,6}))", _I
)


def _id_rate(identifier: str) -> dict | None:
    """The rate a licence identifier encodes (see LICENSE_ID_RE), or None."""
    for seg in re.split(r"[_.-]", identifier):
        m = _ID_RATE_RE.fullmatch(seg)
        if not m:
            continue
        if m.group("bare"):
            mbps = int(m.group("bare"))
            if mbps >= 100 and mbps % 100 == 0:
                return cap_value(float(mbps), "Mbps")
            continue
        return cap_value(float(m.group("n")), "Gbps" if m.group("u").upper() == "G" else "Mbps")
    return None


def identifier_cap(text: str) -> dict | None:
    """The rate the first licence identifier in ``text`` encodes (a licence table cell)."""
    for m in LICENSE_ID_RE.finditer(text):
        if cap := _id_rate(m.group(0)):
            return cap
    return None


def cap_value(value: float, unit: str) -> dict | None:
    """{"value": Gbps, "unit": "Gbps"} from a bit rate, or None."""
    try:
        return {"value": round(convert(value, unit, "Gbps"), 6), "unit": "Gbps"}
    except Exception:
        return None


LICENSE_CAP_WORDS = ("licen", "edition", "subscription", ".lic")


@gated(*LICENSE_CAP_WORDS)
def license_cap(ctx: Ctx) -> list[RawCondition]:
    """A licensed rate: "licensed for 8 Gbps", "8 Gbps license", a named edition with its rate,
    a licence identifier that encodes it ("XR_V10000.lic": 10 Gbps)."""
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
    for m in ctx.finditer(LICENSE_ID_RE):
        lic_file = fold(m.group(0)).endswith(".lic")
        if (lic_file or ctx.sentence_has(_LICENSE_HINT_RE, m.start())) and (
            cap := _id_rate(m.group(0))
        ):
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


# a share of the work lost or failed: "0.3% packet loss", "an error rate of 1.2%", "2% of
# requests failed" (not a tolerance: "a loss tolerance of 0.001%", "below 0.1% loss")
_SHARE = r"(?P<p>\d{1,3}+(?:\.\d{1,6}+)?)[ \t]*+%"
LOSS_RE = lazyre.compile(
    rf"(?<![\w.,-])(?<!below[ \t])(?<!under[ \t])(?<!than[ \t])(?<!to[ \t])(?<!most[ \t])(?<!<[ \t])"
    rf"{_SHARE}[ \t]++(?P<kind>(?:packet[ \t]++|frame[ \t]++)?loss|(?:packet|frame)[ \t]++drops?"
    r"|errors|failures|failed[ \t]++(?:requests|transactions|connections)"
    r"|of[ \t]++(?:the[ \t]++|all[ \t]++)?(?:requests|transactions|connections|packets)[ \t]++"
    r"(?:failed|failing|errored|timed[ \t]out|timing[ \t]out|were[ \t]++(?:lost|dropped)))"
    r"(?![ \t]++(?:tolerance|threshold|budget|limit|allowance|or[ \t]++(?:less|below|lower)))"
    r"|\b(?:error|loss|failure)[ \t]++rate[ \t]++(?:was[ \t]++|of[ \t]++|at[ \t]++|reached[ \t]++)?"
    r"(?P<rate>\d{1,3}+(?:\.\d{1,6}+)?)[ \t]*+%",
    _I,
)

ERRORS_WORDS = ("timeout", "time-out", "timed", "closed", "reset", "2xx", "fail", "error", "loss",
                "drop")  # fmt: skip


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
    for m in ctx.finditer(LOSS_RE):
        percent = float(m.group("p") or m.group("rate"))
        if percent > 0:
            kind = (
                "loss" if "loss" in fold(m.group(0)) or "drop" in fold(m.group(0)) else "failures"
            )
            value = {"count": None, "percent": percent, "kind": kind, "text": clean(m.group(0))}
            out.append(ctx.make("errors", value, m.start(), m.end()))
    for m in ctx.finditer(WRK_NON2XX_RE):
        value = {"count": int(m.group(1)), "kind": "non_2xx", "text": m.group(0)}
        out.append(ctx.make("errors", value, m.start(), m.end()))
    return out


DETECTORS = [load_setting, concurrency, license_cap, errors]
