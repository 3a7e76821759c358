"""Method conditions: test duration, runs, failure criteria, power method and the latency
statistic (who wrote or paid for a report is the provenance fact, extract/provenance.py)."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.base import NUM, Ctx, RawCondition, clean, gated, to_int
from claimcheck.textkeys import fold
from claimcheck.units import convert

_I = re.IGNORECASE
_W = r"[ \t]+"

# --- duration -------------------------------------------------------------------------------

_TIME_UNITS = {"second", "minute", "hour"}
# How the quantity scanner writes those units: a quantity in one of them needs one of these
# spellings right after a number (digits, or a number word and a gap).
TIME_UNIT_SPELLINGS = ("s", "sec", "secs", "second", "seconds", "min", "mins", "minute",
                       "minutes", "hour", "hours")  # fmt: skip
_GAP = "[ \t\u00a0\u202f]"
TIME_UNIT_RE = lazyre.compile(
    rf"(?:\d{_GAP}?-?{_GAP}?|[A-Za-z](?:{_GAP}-?{_GAP}?|-{_GAP}?))"
    rf"(?:{'|'.join(TIME_UNIT_SPELLINGS)})(?![A-Za-z0-9])"
)
DURATION_AFTER_RE = lazyre.compile(  # matched right after a quantity
    r"(?<![ \t-])[ \t-]*(?:long[ \t]+)?(?:steady[ \t-]state|tests?|runs?|duration|period|window|soak"
    r"|iterations?|intervals?|load[ \t]+tests?|measurement)\b",
    _I,
)
DURATION_BEFORE_WORDS = {"duration", "durations", "lasted", "lasting", "lasts", "last", "ran",
                         "run", "runs", "running", "period", "length", "window", "for",
                         "steady-state", "steady", "soak"}  # fmt: skip
DURATION_HINT_RE = lazyre.compile(
    r"duration|last|ran\b|run|period|length|window|\bfor\b|steady|soak|test|iteration|interval"
    r"|measurement|\bover\b",
    _I,
)
NOT_DURATION_BEFORE = {"delay", "delayed", "timeout", "think", "wait", "waited", "response",
                       "latency", "every", "after", "interval", "idle", "within", "over", "in",
                       "timed"}  # fmt: skip
# "over ten minutes" is a run length; "any transaction over 1 second" is a threshold.
LONG_OVER = 30.0
THRESHOLD_WORDS = {"abort", "aborted", "aborting", "exceeding", "longer", "slower", "took", "takes",
                   "latency", "response", "transaction", "request", "timeout"}  # fmt: skip
NOT_DURATION_AFTER = {"delay", "delays", "timeout", "timeouts", "think", "wait", "latency",
                      "idle", "interval", "intervals", "response", "responses"}  # fmt: skip


@gated(TIME_UNIT_RE)
def duration(ctx: Ctx) -> list[RawCondition]:
    """Test duration in seconds: "60-second steady-state", "ran for five minutes"."""
    out = []
    for q in ctx.quantities_where(DURATION_HINT_RE, TIME_UNIT_RE):
        if q.unit not in _TIME_UNITS or q.multiplier:
            continue
        s0, s1 = ctx.sentence(q.start)
        after = DURATION_AFTER_RE.match(ctx.text, q.end, s1)
        words = re.findall(r"[\w-]+", ctx.text[max(s0, q.start - 60) : q.start].lower())[-6:]
        after_words = re.findall(r"[\w-]+", ctx.text[q.end : min(s1, q.end + 20)].lower())[:1]
        try:
            seconds = convert(q.value, q.unit, "second")
        except Exception:
            continue
        if words[-1:] == ["over"] and seconds >= LONG_OVER and not THRESHOLD_WORDS & set(words):
            words = [*words[:-1], "for"]  # "sent 2,000,000 transactions over ten minutes"
        if NOT_DURATION_BEFORE & set(words[-3:]) or NOT_DURATION_AFTER & set(after_words):
            continue
        if not after and not DURATION_BEFORE_WORDS & set(words):
            continue
        end = (
            after.end()
            if after and fold(after.group(0).strip(" -\t")).startswith("steady")
            else q.end
        )
        out.append(ctx.make("duration", float(seconds), q.start, end))
    return out


# --- runs -----------------------------------------------------------------------------------

_RUN_NOUN = r"(?:runs|iterations|trials|repetitions|passes|attempts|tries)"
RUN_COUNT_RES = [
    lazyre.compile(rf"(?<![\w.,])(?P<n>{NUM})(?:{_W}(?:good|valid|best|consecutive|separate|independent"
               rf"|successful|test|complete|full|identical|clean|repeated|measured|timed)){{0,3}}{_W}{_RUN_NOUN}\b", _I),
    lazyre.compile(rf"\b(?:run|repeated|executed|performed|conducted|ran)(?:{_W}(?:each|every|the)"
               rf"{_W}(?:test|configuration|scenario|run|benchmark))?{_W}(?P<n>{NUM}){_W}times\b", _I),
    lazyre.compile(rf"\b(?:run|repeated|executed|performed|conducted|ran)(?:{_W}(?:each|every|the)"
               rf"{_W}(?:test|configuration|scenario|run|benchmark))?{_W}(?P<n>multiple|several"
               rf"|many){_W}times\b", _I),
]  # fmt: skip
RUN_POLICY_RES = [
    (lazyre.compile(rf"\bbest(?:{_W}overall)?{_W}(?:test{_W})?(?:run|runs|result|results|of)\b", _I), "best"),
    # "the peak run", "the maximum observed over four runs", "we report the highest result"
    (lazyre.compile(rf"\b(?:highest|peak|maximum|top)(?:{_W}(?:observed|measured|single))?{_W}"
                rf"(?:test{_W})?(?:run|runs|over|across)\b|\breport(?:s|ed)?{_W}(?:only{_W})?the{_W}"
                rf"(?:highest|peak|maximum|top){_W}(?:result|value|figure|number)s?\b", _I), "best"),
    # "the peak result out of three attempts", "the fastest of the five runs"
    (lazyre.compile(rf"\b(?:best|highest|peak|maximum|top|fastest)(?:{_W}(?:result|value|figure|number"
                rf"|score|run))?{_W}(?:out{_W}of|of|from|among|across|over){_W}(?:the{_W}|all{_W})?"
                rf"(?:{NUM}{_W})?(?:[a-z]+{_W})?{_RUN_NOUN}\b", _I), "best"),
    # "we kept the highest number", "took the best figure": a choice among results
    (lazyre.compile(rf"\b(?:kept|keep|keeps|took|take|takes|picked|pick|picks|chose|choose|chooses"
                rf"|selected|select|selects|retained|retain|retains){_W}(?:only{_W})?the{_W}(?:single{_W})?"
                rf"(?:highest|best|peak|maximum|top|fastest)\b", _I), "best"),
    (lazyre.compile(rf"\bmedian(?:{_W}of(?:{_W}the)?(?:{_W}{NUM})?{_W}{_RUN_NOUN}|{_W}(?:run|result|value))\b",
                _I), "median"),
    (lazyre.compile(rf"\b(?:average|mean)(?:{_W}of(?:{_W}the)?(?:{_W}{NUM})?{_W}(?:{_RUN_NOUN}|results))\b"
                rf"|\baveraged{_W}(?:over|across){_W}(?:(?:the|{NUM}){_W})?{_RUN_NOUN}\b", _I), "mean"),
    (lazyre.compile(rf"\bbinary{_W}search\b", _I), "binary search"),
]  # fmt: skip


# the verb by which a report says which policy it applies: "we report the mean of ..."
_REPORTS = lazyre.compile(
    r"\b(?:report|reports|reported|give|gives|show|shows|quote|quotes|is|are)(?:[ \t]+the)?[ \t]*+$",
    _I,
)


RUNS_WORDS = (
    "run", "iteration", "trial", "repetition", "pass", "times", "best", "median", "average",
    "mean", "binary", "highest", "peak", "maximum", "top", "attempt", "tries", "fastest"
)  # fmt: skip


@gated(*RUNS_WORDS)
def runs(ctx: Ctx) -> list[RawCondition]:
    """{"count": n or None, "policy": best/median/mean/binary search or None}, one per sentence."""
    pieces: dict[int, list[tuple[int, int, str, object]]] = {}
    for rx in RUN_COUNT_RES:
        for m in ctx.finditer(rx):
            n = to_int(m.group("n"))
            if n is not None and n <= 0:
                continue
            pieces.setdefault(ctx.sentence_index(m.start()), []).append(
                (m.start(), m.end(), "count", n)
            )
    for rx, policy in RUN_POLICY_RES:
        for m in ctx.finditer(rx):
            pieces.setdefault(ctx.sentence_index(m.start()), []).append(
                (
                    m.start(),
                    m.end(),
                    "weak" if policy == "best" and "run" not in fold(m.group(0)) else "policy",
                    policy,
                )
            )
    groups: list[list[tuple[int, int, str, object]]] = []
    last = -2
    for index, found in sorted(pieces.items()):  # adjacent sentences describe one procedure
        if groups and index - last <= 1:
            groups[-1] += found
        else:
            groups.append(list(found))
        last = index
    out = []
    for found in groups:
        found.sort(key=lambda p: p[0])
        count = next((p[3] for p in found if p[2] == "count" and p[3] is not None), None)
        has_count = any(p[2] == "count" for p in found)
        # "the best results" alone is about performance; with runs counted it picks a run,
        # unless the sentences state a policy outright ("the best result came from X (mean
        # of three runs)"); a policy the report says it reports wins over one it names
        # ("picking the best run flatters a product, so we report the mean of five runs")
        strong = [p for p in found if p[2] == "policy"]
        reported = [p for p in strong if _REPORTS.search(ctx.text, max(0, p[0] - 40), p[0])]
        weak = [p for p in found if p[2] == "weak" and has_count]
        policy = next((p[3] for p in reported or strong or weak), None)
        if policy is None and not has_count:
            continue
        start, end = found[0][0], max(p[1] for p in found)
        out.append(ctx.make("runs", {"count": count, "policy": policy}, start, end))
    return out


# --- failure criteria ---------------------------------------------------------------------------

_UNITS_OF_WORK = r"(?:transactions|requests|connections|packets|sessions|responses)"
FAILURE_RES = [
    lazyre.compile(rf"\bwithout(?:{_W}any)?{_W}(?:errors?|failures?|(?:failed|dropped|lost){_W}"
               rf"{_UNITS_OF_WORK}|packet{_W}loss|loss|timeouts?)\b", _I),
    lazyre.compile(rf"\b(?:with{_W})?(?:no|zero){_W}(?:failed|dropped|lost|unsuccessful|errored)"
               rf"{_W}{_UNITS_OF_WORK}\b", _I),
    lazyre.compile(rf"\b(?:with{_W})?(?:no|zero){_W}(?:errors|failures|packet{_W}loss|timeouts)\b", _I),
    lazyre.compile(rf"\babort(?:s|ed|ing)?{_W}(?:any{_W}|all{_W})?(?:transactions?|requests?|connections?)"
               rf"{_W}(?:over|exceeding|longer{_W}than|that{_W}(?:takes?|took|exceeds?|exceeded))"
               rf"[^.;,]{{1,30}}", _I),
    lazyre.compile(rf"\berror{_W}rate{_W}(?:below|under|of{_W}less{_W}than|less{_W}than|<|<=|not{_W}"
               rf"exceeding)[ \t]*\d+(?:\.\d+)?[ \t]*%", _I),
    lazyre.compile(rf"\b(?:until|before){_W}(?:the{_W})?(?:first{_W})?(?:errors?|failures?|timeouts?"
               rf"|packet{_W}loss){_W}(?:appeared|occurred|were{_W}seen|was{_W}seen)\b", _I),
    lazyre.compile(rf"\ball{_W}(?:(?:[\w-]+{_W}){{0,2}}?{_UNITS_OF_WORK}|of{_W}them){_W}(?:were|was|are)"
               rf"{_W}successful\b", _I),
    # "passes only when not a single transaction fails", "none of the requests may fail"
    lazyre.compile(rf"\b(?:not{_W}(?:a{_W}single|one|any|even{_W}one)|no{_W}single|none{_W}of{_W}the)"
               rf"{_W}(?:transactions?|requests?|connections?|sessions?|packets?|responses?){_W}"
               rf"(?:(?:may|can|must|is{_W}allowed{_W}to|was{_W}allowed{_W}to){_W})?(?:fails?|failed"
               rf"|be{_W}(?:lost|dropped)|errors?)\b", _I),
]  # fmt: skip


_FAILED = r"[ \t]+(?:failed|dropped|lost|unsuccessful|errored|errors|failures|packet|timeouts)"
_FIRST = r"[ \t]+(?:the[ \t]+)?(?:first[ \t]+)?(?:error|failure|timeout|packet)"
FAILURE_CRITERIA_GATE = lazyre.compile(
    rf"without[ \t]|no{_FAILED}|zero{_FAILED}|abort|error[ \t]+rate|until{_FIRST}|before{_FIRST}"
    r"|successful|not[ \t]+(?:a[ \t]+single|one|any|even)|no[ \t]+single|none[ \t]+of"
)

# a pass rule that allows no failure at all: "without errors", "no failed transactions",
# "zero loss", "not a single request may fail", "none", "all ... were successful"
ZERO_FAILURE_RE = lazyre.compile(
    r"\bwithout\b|\bno\b|\bzero\b|\bnot[ \t]+(?:a[ \t]+single|one|any)\b|\bnone\b"
    r"|\ball\b[^.;]{0,40}\bsuccessful\b",
    re.I,
)


def demands_zero_failures(rule: str) -> bool:
    """Does a stated pass rule (a ``failure_criteria`` value) allow no failure at all?"""
    return ZERO_FAILURE_RE.search(rule) is not None


@gated(FAILURE_CRITERIA_GATE)
def failure_criteria(ctx: Ctx) -> list[RawCondition]:
    """The pass rule, as written: "without errors", "no failed transactions"."""
    out = []
    for rx in FAILURE_RES:
        for m in ctx.finditer(rx):
            out.append(ctx.make("failure_criteria", clean(m.group(0)), m.start(), m.end()))
    return out


# --- power_method ---------------------------------------------------------------------------

# How a power figure was obtained, three constructions in any wording:
# - "allocated": read from the device's own software, not metered: a management command
#   (a quoted or back-ticked command that names power, a PSU, watts or the environment,
#   in a sentence that calls it a command or CLI), the device's power budget or allocation,
#   or power "reported/shown by" the device, its chassis, firmware, management interface,
#   BMC/IPMI/SNMP or its own sensors;
# - "measured": an external or inline meter, a metered PDU, power measured at the wall;
# - "nameplate": a datasheet, nameplate or PSU rating (in a sentence about power);
# - "module alone": the power of a card or blade without the chassis, supervisor or fans
#   it needs to run (in a sentence about power).
_CMD_QUOTE = (
    r"(?:[\"“'‘`](?=[a-z][\w ./-]{0,40}?\b(?:power|psu|watts?|energy|env\w*|sensors?)\b)"
    r"[a-z][\w ./-]{0,60}?[\"”'’`])"
)
_OWN_SOURCE = (
    r"(?:the|its|their|each)[ \t]+(?:own[ \t]+)?(?:[\w-]+[ \t]+){0,2}?(?:chassis|switch|device"
    r"|appliance|firmware|software|OS|operating[ \t]+system|controller|supervisor|management"
    r"[ \t]+(?:interface|console|module|plane|API|GUI)|BMC|IPMI|SNMP|Redfish|sensors?"
    r"|telemetry|dashboard|CLI|web[ \t]+UI)"
)
POWER_PATTERNS = [
    (lazyre.compile(rf"\ballocated{_W}(?:power|budget)\b|\bpower{_W}(?:allocation|budget)\b|\b(?:is|are|was|were){_W}allocated\b"
                rf"|\b(?:reported|shown|displayed|read|queried|polled|obtained)[ \t]+(?:by|from|via"
                rf"|through|on)[ \t]+{_OWN_SOURCE}\b|\baccording[ \t]+to[ \t]+{_OWN_SOURCE}\b"
                rf"|\b(?:BMC|IPMI|SNMP|Redfish){_W}(?:power{_W})?(?:readings?|counters?|sensors?)\b",
                _I), "allocated"),
    (lazyre.compile(rf"\b(?:external|inline|in-line)?[ \t]*power{_W}(?:meters?|analy[sz]ers?|monitors?)\b"
                rf"|\b(?:external|inline){_W}power{_W}(?:management{_W})?(?:devices?|meters?|monitors?)\b"
                rf"|\bactual{_W}power{_W}(?:consumed|consumption|draw)\b|\bexternally{_W}measured\b"
                rf"|\bmeasured{_W}power\b|\bwatt[ \t-]?meters?\b|\bmetered{_W}PDUs?\b"
                rf"|\bpower{_W}(?:draw|consumption|usage)[^.;]{{0,60}}?\b(?:was|were){_W}measured\b",
                _I), "measured"),
    (lazyre.compile(r"\bname[ \t-]?plate\b|\bTDP\b|\bthermal[ \t]+design[ \t]+power\b", _I),
     "nameplate"),
    (lazyre.compile(rf"\b(?:datasheet|data{_W}sheet|spec{_W}sheet|rated|PSU{_W}rating|power{_W}supply"
                rf"{_W}rating)\b", _I), "nameplate?"),
    # a part without what it needs to run: "the card alone", "the blade only, excluding the
    # chassis", "without the supervisor and fans" (in a sentence about power)
    (lazyre.compile(rf"\b(?:card|blade|module|line{_W}card|service{_W}module)s?{_W}(?:alone|only)\b"
                rf"|\b(?:excluding|excludes|excluded|without|not{_W}including|leaving{_W}out){_W}"
                rf"(?:the{_W}|its{_W})?(?:chassis|supervisor|supervisor{_W}engine|fan{_W}trays?)\b",
                _I), "module alone?"),
]  # fmt: skip
POWER_WORD_RE = lazyre.compile(r"\bpower\b|\bwatt(?:s|age)?\b|\bW\b", _I)
# A quoted command counts only where the sentence calls it one (not a quoted phrase).
POWER_COMMAND_RE = lazyre.compile(_CMD_QUOTE, _I)
COMMAND_WORD_RE = lazyre.compile(
    r"\bcommands?\b|\bCLI\b|\bconsole\b|\bshell\b|\butility\b|\boutput\b|\bquer(?:y|ied)\b", _I
)


POWER_METHOD_WORDS = (
    "power", "allocat", "meter", "measured", "watt", "pdu", "plate", "sheet", "rated", "rating",
    "psu", "ipmi", "snmp", "bmc", "redfish", "energy", "tdp", "alone", "chassis", "supervisor",
    "module", "blade", "card",
)  # fmt: skip


@gated(*POWER_METHOD_WORDS)
def power_method(ctx: Ctx) -> list[RawCondition]:
    """How power was obtained: from the device's own software ("allocated"), measured with
    an external meter, or a nameplate/datasheet rating."""
    out = []
    for rx, method in POWER_PATTERNS:
        for m in ctx.finditer(rx):
            # "datasheet" or "reported by the switch" count only in a sentence about power
            needs_power = method.endswith("?") or method == "allocated"
            if needs_power and not ctx.sentence_has(POWER_WORD_RE, m.start()):
                continue
            out.append(ctx.make("power_method", method.rstrip("?"), m.start(), m.end()))
    for m in ctx.finditer(POWER_COMMAND_RE):
        if ctx.sentence_has(COMMAND_WORD_RE, m.start()) or m.group(0)[0] == "`":
            out.append(ctx.make("power_method", "allocated", m.start(), m.end()))
    return out


# --- latency_statistic --------------------------------------------------------------------------

LATENCY_CONTEXT_RE = lazyre.compile(r"\blaten\w*|\bresponse[ \t]+times?\b|\bdelay\b|\bRTT\b"
                                r"|\bround[ \t-]trip|\bduration\b|\d[ \t]?ms\b", _I)  # fmt: skip
# "1% of the requests took longer than 3.6 s", "5% observed more than 786 ms": the share
# above a time names the percentile below it (p99, p95)
TAIL_SHARE_RE = lazyre.compile(
    r"(?<![\w.])(?P<share>\d{1,2}(?:\.\d{1,3})?)[ \t]?%[ \t]+(?:of[ \t]+(?:the[ \t]+|all[ \t]+)?"
    r"(?:requests?|responses?|calls|transactions|samples)(?:'s?)?(?:[ \t]+latenc\w{0,3})?[ \t]+)?"
    r"(?:(?:was|were|took|observed|had|saw|lasted|needed)[ \t]+)?(?:longer|more|slower|higher"
    r"|greater|above|over)\b",
    _I,
)
PERCENTILE_RES = [
    lazyre.compile(r"(?<![\w.])[Pp](?P<p>\d{2}(?:\.\d{1,3})?)(?!\w|\.\w)"),
    lazyre.compile(r"(?<![\w.])p\((?P<p>\d{1,2}(?:\.\d{1,3})?)\)", _I),
    lazyre.compile(
        r"(?<![\w.])(?P<p>\d{1,2}(?:\.\d{1,3})?)(?:th|st|nd|rd)?[ \t-]+percentile\b", _I
    ),
]
_LAT0 = r"(?:latenc\w{0,10}|response[ \t]+times?|round[ \t-]trip[ \t]+times?|RTT|delay)"
_LAT = rf"(?:[\w-]{{1,30}}[ \t]+)?{_LAT0}"
STAT_WORD_RES = [
    (lazyre.compile(rf"\b(?:average|mean|avg\.?)[ \t]+{_LAT}|\b{_LAT0}[ \t]+(?:was[ \t]+)?averaged\b", _I), "mean"),
    (lazyre.compile(r"\bon[ \t]+average\b", _I), "mean?"),
    (lazyre.compile(rf"\bmedian[ \t]+{_LAT}", _I), "p50"),
    (lazyre.compile(rf"\b(?:max\.?|maximum|worst[ \t-]case|peak)[ \t]+{_LAT}", _I), "max"),
]  # fmt: skip


_LAT_GATE = (
    r"[ \t]+(?:[\w-]{1,30}[ \t]+)?(?:latenc|response[ \t]+time|round[ \t-]trip[ \t]+time|rtt"
    r"|delay)"
)
LATENCY_STATISTIC_GATE = lazyre.compile(
    rf"p\(?\d|percentile|average|mean|avg|median|max\.?{_LAT_GATE}|maximum{_LAT_GATE}|\d[ \t]?%"
    rf"|worst[ \t-]case{_LAT_GATE}|peak{_LAT_GATE}"
)


@gated(LATENCY_STATISTIC_GATE)
def latency_statistic(ctx: Ctx) -> list[RawCondition]:
    """Which latency figure: "p95", "p99.9", "mean", "p50", "max"."""
    out = []
    for i, rx in enumerate(PERCENTILE_RES):
        for m in ctx.finditer(rx):
            p = m.group("p").rstrip("0").rstrip(".") if "." in m.group("p") else m.group("p")
            try:
                ok = 0 < float(p) < 100
            except ValueError:
                ok = False
            if not ok:
                continue
            if i != 1 and not ctx.sentence_has(LATENCY_CONTEXT_RE, m.start()):
                continue
            out.append(ctx.make("latency_statistic", f"p{p}", m.start(), m.end()))
    for m in ctx.finditer(TAIL_SHARE_RE):
        if not ctx.sentence_has(LATENCY_CONTEXT_RE, m.start()):
            continue
        below = round(100 - float(m.group("share")), 3)
        if 50 <= below < 100:
            out.append(ctx.make("latency_statistic", f"p{below:g}", m.start(), m.end()))
    for rx, stat in STAT_WORD_RES:
        for m in ctx.finditer(rx):
            if stat.endswith("?"):
                if not ctx.sentence_has(LATENCY_CONTEXT_RE, m.start()):
                    continue
                stat = stat[:-1]
            out.append(ctx.make("latency_statistic", stat, m.start(), m.end()))
    return out


DETECTORS = [duration, runs, failure_criteria, power_method, latency_statistic]
