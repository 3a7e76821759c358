"""Traffic generators named in prose: name, version and any stated generation limit."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from claimcheck import lazyre
from claimcheck.extract import tooltable
from claimcheck.extract.conditions.base import Ctx, RawCondition, gated
from claimcheck.textkeys import fold
from claimcheck.units import is_bit_rate

_I = re.IGNORECASE
_W = r"[ \t]+"


def _spirent(m: re.Match[str]) -> str:
    parts = ["Spirent Avalanche"]
    if m.group("c"):
        parts.append("Commander")
    if m.group("m"):
        parts.append(m.group("m"))
    return " ".join(parts)


def _ixia(m: re.Match[str]) -> str:
    """ "IXIA XT80", "Spirent C50": the vendor and its chassis model as written."""
    return f"{m.group('a')} {m.group('m')}" if m.group("m") else m.group("a")


Namer = str | Callable[[re.Match[str]], str]
# (pattern, canonical name, needs tool context nearby): short words like "ab" or "hey"
# only count next to "tool", "benchmark", "ran", an option or backticks.
GENERATORS: list[tuple[re.Pattern[str], Namer, bool]] = [
    (lazyre.compile(r"\b(?P<a>IXIA|Ixia)(?:[ \t]+(?P<m>X[A-Z]{0,3}\d{1,3}[A-Z]?|PerfectStorm"
                r"|Optixia[ \t]+\w+))?\b"), _ixia, False),
    (lazyre.compile(r"\bIxLoad\b", _I), "IxLoad", False),
    (lazyre.compile(r"\bIxNetwork\b", _I), "IxNetwork", False),
    (lazyre.compile(r"\bIxChariot\b", _I), "IxChariot", False),
    (lazyre.compile(r"\bBreakingPoint\b", _I), "BreakingPoint", False),
    (lazyre.compile(r"\b(?:Keysight[ \t]+)?CyPerf\b", _I), "CyPerf", False),
    (lazyre.compile(rf"\bSpirent{_W}(?:Web{_W})?Avalanche(?:{_W}(?P<c>Commander))?"
                rf"(?:{_W}(?P<m>\d{{3,4}}[A-Z]?)\b)?"), _spirent, False),
    (lazyre.compile(rf"\bSpirent{_W}TestCenter\b", _I), "Spirent TestCenter", False),
    (lazyre.compile(rf"\b(?P<a>Spirent){_W}(?P<m>C\d{{1,3}}|[A-Z]?\d{{3,4}}[A-Z]?)\b"), _ixia, False),
    (lazyre.compile(r"(?<!Spirent )(?<!Web )\bAvalanche(?:[ \t]+(?P<c>Commander))?(?:[ \t]+(?P<m>\d{3,4}"
                r"[A-Z]?)\b)?"), _spirent, False),
    (lazyre.compile(r"\b(?:Grafana[ \t]+)?k6\b"), "Grafana k6", False),
    (lazyre.compile(r"\bwrk2\b"), "wrk2", False),
    (lazyre.compile(r"\bwrk\b"), "wrk", False),
    (lazyre.compile(r"\bh2load\b"), "h2load", False),
    (lazyre.compile(r"\bautocannon\b", _I), "autocannon", False),
    (lazyre.compile(r"\b(?:Apache[ \t]*)?JMeter\b", _I), "JMeter", False),
    (lazyre.compile(r"\bLocust\b"), "Locust", False),
    (lazyre.compile(r"\bGatling\b"), "Gatling", False),
    (lazyre.compile(r"\bApache[ \t]?Bench\b", _I), "ab", False),
    (lazyre.compile(r"\bvegeta\b", _I), "vegeta", False),
    (lazyre.compile(r"\bhttperf\b"), "httperf", False),
    (lazyre.compile(r"\bbombardier\b"), "bombardier", False),
    (lazyre.compile(r"\bTsung\b"), "Tsung", False),
    (lazyre.compile(r"\biperf3?\b", _I), "iperf", False),
    (lazyre.compile(r"\bnetperf\b", _I), "netperf", False),
    (lazyre.compile(r"\bNighthawk\b"), "Nighthawk", False),
    (lazyre.compile(r"\bTRex\b"), "TRex", False),
    (lazyre.compile(r"(?<![\w./-])ab(?![\w/-])"), "ab", True),
    (lazyre.compile(r"(?<![\w./-])hey(?![\w/-])"), "hey", True),
    (lazyre.compile(r"(?<![\w./-])oha(?![\w/-])"), "oha", True),
    (lazyre.compile(r"(?<![\w./-])siege(?![\w/-])"), "Siege", True),
    (lazyre.compile(r"(?<![\w./-])locust(?![\w/-])"), "Locust", True),
]  # fmt: skip
TOOL_CONTEXT_RE = lazyre.compile(
    r"\b(?:tool|benchmark\w*|load[ \t-]?(?:test\w*|generat\w*)|generator|utility|command|CLI"
    r"|ran|run|using|used|with)\b|`|(?<![\w-])-{1,2}[a-zA-Z]",
    _I,
)
VERSION = r"\d+(?:\.\d+)+(?:[-_][A-Za-z0-9]+(?:\.[A-Za-z0-9]+){0,3}){0,2}"
VERSION_NEAR_RE = lazyre.compile(
    rf"(?<![ \t])[ \t]*+(?:\([ \t]*+)?(?:,[ \t]*+)?(?:(?:software[ \t]++)?release|version|ver\.?|v)?[ \t]*+"
    rf"(?<!\d)(?<!\d\.)(?P<v>{VERSION})(?!\w|\.\w)",
    _I,
)
VERSION_FAR_RE = lazyre.compile(
    rf"[^.;()]{{0,50}}?\bsoftware{_W}release{_W}(?P<v>{VERSION})(?!\w|\.\w)", _I
)
# A load generator at its own limit (the construction, in any wording): a limit noun owned
# by a generator noun ("the generator's ceiling", "the tool's maximum", "load-generation
# capacity", "the limit of the test client"), or a possessive limit ("reached its ... limit",
# "hit their capacity") said of a subject that is a generator: a named tool or a generator
# noun earlier in the sentence (checked in traffic_generator, GENERATOR_SUBJECT_RE).
_LIMIT_NOUN = r"(?:limit|maximum|ceiling|capacity)"
_GEN_NOUN = (
    r"(?:(?:traffic|load|request|connection)[ \t-]?)?generat(?:ion|ors?)|tools?|clients?"
    r"|testers?|test[ \t-](?:gear|equipment|client|rig)"
)
LIMIT_RE = lazyre.compile(
    rf"\b(?:{_GEN_NOUN})(?:'s|s')?[ \t-]+(?:side[ \t]+)?{_LIMIT_NOUN}\b"
    rf"|\b{_LIMIT_NOUN}{_W}of{_W}(?:the|its|their|our|a){_W}(?:[\w-]+{_W}){{0,2}}?(?:{_GEN_NOUN})\b"
    rf"|\b(?P<own>(?:reached|reaches|reaching|hit|hits|hitting|at){_W}(?:its|their){_W}"
    rf"(?:[\w()~.,-]+{_W}){{0,6}}?{_LIMIT_NOUN})\b"
    # what the generator can produce at most: "the generator could create at most 500,000
    # connections per second", "our client can drive no more than 9 Gbps" (a capacity: the
    # check compares it with the results)
    rf"|\b(?P<cap>(?:could|can|would|was[ \t]+able[ \t]+to)[ \t]+(?:only[ \t]+)?(?:create|generate"
    rf"|drive|produce|push|offer|open|send|sustain|deliver)[ \t]+(?:at[ \t]+most|up[ \t]+to"
    rf"|no[ \t]+more[ \t]+than|a[ \t]+maximum[ \t]+of))\b",
    _I,
)
GENERATOR_SUBJECT_RE = lazyre.compile(
    rf"\b(?:{_GEN_NOUN}|load[ \t-]?gen\w*|benchmark(?:ing)?[ \t]+(?:tool|client|host|machine))s?\b",
    _I,
)
LIMIT_UNIT_RE = lazyre.compile(r"\b(CPS|RPS|TPS|connections[ \t]+per[ \t]+second|requests[ \t]+per"
                           r"[ \t]+second)\b", _I)  # fmt: skip
_UNIT_NAMES = {"connections per second": "CPS", "requests per second": "RPS"}


def _keywords(namer: Namer) -> tuple[str, ...]:
    """Lower-case words one of which a generator's pattern needs: a cheap gate."""
    if not isinstance(namer, str):
        return _NAMER_WORDS[namer.__name__]
    return _GATE_WORDS.get(namer, (namer.lower().split()[-1],))


_NAMER_WORDS = {"_ixia": ("ixia", "spirent"), "_spirent": ("avalanche",)}
_GATE_WORDS = {"ab": ("ab", "bench"), "Locust": ("locust",), "Siege": ("siege",)}


def _name(namer: Namer, m: re.Match[str]) -> str:
    return namer if isinstance(namer, str) else namer(m)


_GENERATOR_GATES = [
    (rx, namer, ctx_needed, _keywords(namer)) for rx, namer, ctx_needed in GENERATORS
]
# Too common inside other words ("table", "they") to gate on: the tools' own patterns do.
_INSIDE_WORDS = {"ab", "hey", "oha"}
SHORT_TOOL_RE = lazyre.compile(r"(?<![\w./-])(?:ab|hey|oha)(?![\w/-])")
# Any generator's word, or one of a stated generation limit (every alternative of LIMIT_RE
# has one of these): one scan decides whether a text can name a generator at all.
TRAFFIC_GENERATOR_WORDS = (
    *sorted({w for *_, words in _GENERATOR_GATES for w in words} - _INSIDE_WORDS),
    "limit", "maximum", "ceiling", "capacity",
    # a capacity said of a generator noun ("the traffic generator could create at most ...")
    "generator", "generators", "generation", "client", "clients", "tester", "testers",
)  # fmt: skip


@gated(*TRAFFIC_GENERATOR_WORDS, SHORT_TOOL_RE)
def traffic_generator(ctx: Ctx) -> list[RawCondition]:
    """Generators named in prose: {"name", "version", "limit"}."""
    text = ctx.text
    out: list[RawCondition] = []
    mentions: list[tuple[int, int, str]] = []
    covered: set[int] = set()
    for rx, namer, needs_context, words in _GENERATOR_GATES:
        if not ctx.has(words):
            continue
        for m in ctx.finditer(rx):
            if m.start() in covered:
                continue  # inside a name already found
            if needs_context:
                near = text[max(0, m.start() - 30) : m.start()] + " " + text[m.end() : m.end() + 30]
                if not TOOL_CONTEXT_RE.search(near):
                    continue
            name = _name(namer, m)
            end, version = m.end(), None
            _, s1 = ctx.sentence(m.start())
            v = VERSION_NEAR_RE.match(text, m.end(), s1) or VERSION_FAR_RE.match(text, m.end(), s1)
            if v:
                end, version = v.end(), v.group("v")
            mentions.append((m.start(), m.end(), name))
            covered.update(range(m.start(), m.end()))
            value = {"name": name, "version": version, "limit": None}
            out.append(ctx.make("traffic_generator", value, m.start(), end))
    mentions.sort()
    mention_starts = [s for s, _, _ in mentions]
    for m in ctx.finditer(LIMIT_RE):
        limit = _limit(ctx, m)
        if limit is None:
            continue
        value_start, value = limit
        s0, _ = ctx.sentence(m.start())
        i = bisect_left(mention_starts, m.start())
        named = mentions[i - 1][2] if i and mention_starts[i - 1] >= s0 else None
        own = m.group("own") or m.group("cap")
        if own and not (named or GENERATOR_SUBJECT_RE.search(text, s0, m.end())):
            continue  # "the Borealis 7 reached its connection limit": a device's own limit
        if ctx.negated(m.start(), m.end()):
            continue  # "never reached its limit"
        if m.group("cap") and value["value"] is None:
            continue
        tg = {"name": named, "version": None, "limit": value}
        if m.group("cap"):
            tg["capacity"] = True  # what it can produce, not that it was reached
        out.append(ctx.make("traffic_generator", tg, min(value_start, m.start()), m.end()))
    return out


def _limit(ctx: Ctx, m: re.Match[str]) -> tuple[int, dict] | None:
    """The rate near a "generation limit" phrase: {"value", "unit"}; both None when the
    limit is mentioned without a figure ("reached its generation limit")."""
    s0, s1 = ctx.sentence(m.start())
    lo, hi = max(s0, m.start() - 80), min(s1, m.end() + 40)
    qs = [q for q in ctx.quantities_in(lo, hi) if _rate_like(q)]
    if not qs:
        return m.start(), {"value": None, "unit": None}
    inside = [q for q in qs if q.start >= m.start() and q.end <= m.end()]
    before = [q for q in qs if q.end <= m.start()]
    q = inside[0] if inside else before[-1] if before else qs[0]
    u = LIMIT_UNIT_RE.search(ctx.text, lo, hi)
    if u:
        unit = _UNIT_NAMES.get(re.sub(r"\s+", " ", fold(u.group(1))), u.group(1).upper())
    else:
        unit = q.unit or None
    return q.start, {"value": q.value, "unit": unit}


def _rate_like(q) -> bool:  # noqa: ANN001
    """A bare count ("4.5K") or a rate (CPS, Gbps), not a size, time or percentage."""
    if not q.unit:
        return not q.multiplier
    return is_bit_rate(q.unit) or q.unit in ("CPS", "RPS", "TPS", "kCPS") or "/ second" in q.unit


# A test a tool runs by name ("TCP_RR", "TCP_CRR", "TCP_STREAM"): the names and what each
# fixes come from the tool table (tools.toml, [<tool>.modes]), with what the tool fixes.
TEST_MODE_RE = lazyre.compile(r"(?<![\w-])(?:TCP|UDP)_[A-Z]{2,8}+(?![\w-])")


@gated("tcp_", "udp_")
def test_mode(ctx: Ctx) -> list[RawCondition]:
    """The conditions a named tool test fixes: netperf TCP_RR is single-byte requests and
    responses over one persistent connection, TCP_STREAM a bulk stream without objects."""
    out: list[RawCondition] = []
    for m in ctx.finditer(TEST_MODE_RE):
        for tool in tooltable.table().values():
            fixed = tool.mode(m.group(0))
            if not fixed:
                continue
            for name, value in {**tool.implies, **fixed}.items():
                out.append(ctx.make(name, value, m.start(), m.end()))
            break
    return out


DETECTORS = [traffic_generator, test_mode]
