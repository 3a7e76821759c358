"""Device and test-bed conditions: interfaces, hardware, software version, profile and
where the load generator runs."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import replace
from itertools import accumulate
from string import ascii_letters

from claimcheck import lazyre
from claimcheck.extract.conditions.base import WORDS, Ctx, RawCondition, gated, to_int
from claimcheck.extract.runs.vocab import pattern
from claimcheck.textkeys import fold
from claimcheck.units import in_unit_table

_I = re.IGNORECASE
_W = r"[ \t]+"

# --- interfaces -----------------------------------------------------------------------------

_COUNT = rf"(?P<n>\d{{1,3}}(?![\d.,])|{WORDS}|dual|twin|quad|single)"
# "dual 40 GbE links": two links; "a single 10 GbE link": one
_MULTIPLES = {"dual": 2, "twin": 2, "quad": 4, "single": 1}
_SPEED = r"(?P<s>\d{1,3}(?:\.\d)?)"
_LINK = r"(?P<u>Gbps|Gb/s|Gbit/s|GbE|GigE|Gig|Gigabit|Gb|G|Mbps|Mb/s|MbE)"
_PORT_NOUN = (
    r"(?:ports?|interfaces?|links?|uplinks?|NICs?|adapters?|module|line[ \t]*cards?|connections?)"
)
INTERFACE_RES = [
    lazyre.compile(rf"(?<![\w.]){_COUNT}[ \t]*[x×X*][ \t]*{_SPEED}[ \t]*{_LINK}(?:{_W}Ethernet)?(?![\w/])", _I),
    lazyre.compile(rf"(?<![\w.]){_COUNT}[ \t-]+(?:ports?[ \t]*+,?[ \t]*+)?{_SPEED}[ \t-]?{_LINK}"
               rf"(?P<eth>{_W}Ethernet)?[ \t]*(?:\([\w./-]{{1,30}}\)[ \t]*)?{_PORT_NOUN}\b", _I),
    lazyre.compile(rf"(?<![\w.]){_COUNT}{_W}ports{_W}(?:of{_W})?(?P<u>GigE|GbE|Gigabit(?:{_W}Ethernet)?)\b", _I),
]  # fmt: skip
_ETHERNET_UNITS = {"gbe": "GbE", "gige": "GbE", "gig": "GbE", "gigabit": "GbE", "mbe": "MbE"}


def norm_interfaces(count: int, speed: str, unit: str, ethernet: bool = False) -> str:
    """ "4", "10", "Gbps" -> "4x10Gbps"; "2", "10", "GigE" -> "2x10GbE"."""
    u = fold(unit).split()[0]
    if u in _ETHERNET_UNITS or ethernet:
        name = _ETHERNET_UNITS.get(u, "GbE" if u.startswith("g") else "MbE")
    else:
        name = "Gbps" if u.startswith("g") else "Mbps"
    return f"{count}x{speed}{name}"


# What each of INTERFACE_RES needs: "x 10 G...", "10 G... <port noun>", "ports of G...".
# Gates are written in lower case and searched case-insensitively (see base.gated).
INTERFACES_GATE = lazyre.compile(
    r"[x×*][ \t]*\d{1,3}(?:\.\d)?[ \t]*[gm]|\d[ \t-]?[gm][\w/]*(?:[ \t]+ethernet)?[ \t]*"
    r"(?:\([\w./-]{1,30}\)[ \t]*)?(?:port|interface|link|uplink|nic|adapter|module|line"
    r"|connection)"
)


@gated("ports", INTERFACES_GATE)
def interfaces(ctx: Ctx) -> list[RawCondition]:
    """Port count and speed: "4 x 10 Gbps" -> "4x10Gbps", "two 10 GigE interfaces" -> "2x10GbE"."""
    out = []
    for rx in INTERFACE_RES:
        for m in ctx.finditer(rx):
            n = _MULTIPLES.get(fold(m.group("n"))) or to_int(m.group("n"))
            if not n or n > 512:
                continue
            speed = m.groupdict().get("s") or "1"
            value = norm_interfaces(n, speed, m.group("u"), bool(m.groupdict().get("eth")))
            out.append(ctx.make("interfaces", value, m.start(), m.end()))
    return out


# --- hardware -------------------------------------------------------------------------------

INSTANCE_RES = [
    lazyre.compile(r"(?<![\w.-])(?P<f>[a-z][a-z0-9]{0,4}\d[a-z0-9]{0,4})[.-](?P<s>nano|micro|small"
               r"|medium|large|xlarge|\d{1,2}xlarge|metal)(?![\w-])", _I),
    lazyre.compile(r"(?<![\w-])Standard_[A-Z][A-Za-z0-9]*(?:_v\d+)?(?![\w-])"),
    lazyre.compile(r"(?<![\w-])(?:n1|n2|n2d|n4|e2|c2|c2d|c3|c3d|c4|m1|m2|m3|t2d|t2a|h3|a2|g2)-"
               r"(?:standard|highcpu|highmem|megamem|ultramem)-\d{1,3}(?![\w-])", _I),
]  # fmt: skip
HARDWARE_RES = [
    (lazyre.compile(r"(?<![\w.,])(?P<n>\d{1,4})[ \t]++(?:x[ \t]*+)?vCPUs?\b", _I), "vcpu"),
    (lazyre.compile(rf"(?<![\w.,])(?P<n>\d{{1,4}}|{WORDS})[ \t-](?:(?:physical|CPU|processor|logical)"
                rf"{_W})?cores?\b", _I), "cores"),
    (lazyre.compile(rf"(?<![\w.,])(?P<n>\d{{1,5}})[ \t]?(?:GB|GiB|G){_W}(?:of{_W})?(?:RAM|memory|DRAM"
                rf"|DDR\d?)\b", _I), "memory_gb"),
]  # fmt: skip


HARDWARE_WORDS = (
    "large", "nano", "micro", "small", "medium", "metal", "standard_", "-standard-",
    "-highcpu-", "-highmem-", "megamem", "ultramem", "vcpu", "core", "ram", "memory", "ddr"
)  # fmt: skip


@gated(*HARDWARE_WORDS)
def hardware(ctx: Ctx) -> list[RawCondition]:
    """Instance type, vCPUs, cores and memory, each as a one-key dict."""
    out = []
    for i, rx in enumerate(INSTANCE_RES):
        for m in ctx.finditer(rx):
            if i == 0:
                value = f"{fold(m.group('f'))}.{fold(m.group('s'))}"
            else:
                value = m.group(0) if i == 1 else fold(m.group(0))
            out.append(ctx.make("hardware", {"instance_type": value}, m.start(), m.end()))
    for rx, key in HARDWARE_RES:
        for m in ctx.finditer(rx):
            n = _MULTIPLES.get(fold(m.group("n"))) or to_int(m.group("n"))
            if n:
                out.append(ctx.make("hardware", {key: n}, m.start(), m.end()))
    return out


# --- software_version -------------------------------------------------------------------------

# A dotted release ("11.2.1", "A.1.3", "A5(2.1)"), then any hyphenated suffixes ("-HF1") and a
# build number written after it ("7.2 Build 41.18").
VERSION = (
    r"(?:(?:[A-Z]\.?)?\d+(?:\.\d+)+(?:[-_][A-Za-z0-9]+(?:\.[A-Za-z0-9]+){0,4}){0,3}"
    r"(?:\(\d+(?:\.\d+){0,3}\))?|[A-Z]\d+\(\d+(?:\.\d+){0,3}\))"
    r"(?:[ \t]++[Bb]uild[ \t]++\d+(?:\.\w+){0,4})?"
)
VERSION_RES = [
    lazyre.compile(rf"\b(?:software{_W})?(?:release|version|ver\.?|build|firmware"
               rf"|code{_W}version|software)[ \t]*+:?[ \t]*+[vV]?[ \t]?(?P<v>{VERSION})(?!\w|\.\w)", _I),
    lazyre.compile(rf"(?<![\w.-])[vV][ \t]?(?P<v>{VERSION})(?!\w|\.\w)"),
]  # fmt: skip
# A product's name directly followed by its release: "NGINX 1.25.3", "TMOS 11.4.1", "Envoy v1.28".
# The name is one capitalised word; document parts and protocols are not products, and a
# number followed by a unit ("Xeon 2.4 GHz") is a quantity, not a release.
NAMED_VERSION_RE = lazyre.compile(
    rf"(?<![\w.-])(?P<name>[A-Z][A-Za-z]*+(?:-[A-Za-z]++)?)[ \t]v?(?P<v>{VERSION})(?![\w%/]|\.\w)"
)
_NEXT_WORD_RE = lazyre.compile(r"[ \t]?+([^\s,;:()]{1,12})")
NOT_PRODUCT_NAMES = {
    # parts of a document
    "figure", "fig", "table", "section", "appendix", "chapter", "step", "page", "note",
    "item", "question", "test", "phase", "stage", "round", "run", "case", "scenario", "eq",
    "equation", "level", "tier", "class", "category", "part", "line", "row", "column",
    "version", "release", "build", "revision", "rev", "draft", "issue", "edition",
    # protocols and buses with versions of their own
    "http", "https", "tls", "ssl", "ipv", "rfc", "pcie", "usb", "ddr", "sata", "gen", "sp",
    "snmp", "ssh", "quic", "h", "at", "of", "to", "in", "on", "and", "or", "by", "from",
}  # fmt: skip
NOT_DUT_VERSION_RE = lazyre.compile(r"(?<![\w-])(?:TLS|SSL|HTTP|IPv?)[ \t/]*$", _I)
NOT_DUT_AFTER_RE = lazyre.compile(r"(?<![ \t])[ \t]*(?:TLS|SSL)", _I)  # right after a version


# A keyword or "v", then the start of a version: "1.2", "A.1.2", "T7(1)".
SOFTWARE_VERSION_GATE = lazyre.compile(r"[a-z][ \t]*+:?[ \t]*+v?[ \t]?(?:[a-z]\.?)?\d+[.(]\d")


@gated(SOFTWARE_VERSION_GATE)
def software_version(ctx: Ctx, skip: list[tuple[int, int]] | None = None) -> list[RawCondition]:
    """Versions after "software release", "version", "v": "v11.2.1-HF1" -> "11.2.1-HF1"."""
    found = []
    skip = sorted(skip or [])
    skip_starts = [a for a, _ in skip]
    for rx in (*VERSION_RES, NAMED_VERSION_RE):
        for m in ctx.finditer(rx):
            if rx is NAMED_VERSION_RE and not _names_a_release(ctx, m):
                continue
            s, e = m.span("v")
            i = bisect_right(skip_starts, s)  # spans are short and do not overlap
            if (i and skip[i - 1][1] > s) or (i < len(skip) and skip[i][0] < e):
                continue  # a traffic generator's version
            if NOT_DUT_VERSION_RE.search(ctx.text[max(0, m.start() - 6) : m.start()]):
                continue
            if NOT_DUT_AFTER_RE.match(ctx.text, m.end()):
                continue
            found.append((m.start("v"), -m.end("v"), m, rx is NAMED_VERSION_RE))
    out: list[RawCondition] = []
    reach = -1
    for _start, neg_end, m, named in sorted(found, key=lambda f: (f[0], f[1], not f[3])):
        if -neg_end <= reach:
            continue  # inside a longer release already read ("Build 41.18" of "7.2 Build 41.18")
        reach = -neg_end
        raw = ctx.make("software_version", m.group("v"), m.start(), m.end())
        out.append(replace(raw, owner_named=True) if named else raw)
    return out


def _names_a_release(ctx: Ctx, m: re.Match[str]) -> bool:
    """A capitalised word and a dotted number form a product release, not a document part,
    a protocol version or a quantity with a unit."""
    if fold(m.group("name")) in NOT_PRODUCT_NAMES:
        return False
    after = _NEXT_WORD_RE.match(ctx.text, m.end())
    return after is None or not in_unit_table(after.group(1))


# --- profile --------------------------------------------------------------------------------

# A named configuration profile (the construction, whoever makes the device): a name of
# one or two capitalised, CamelCase or alphanumeric words before "profile(s)", "preset(s)",
# "template(s)" or "mode(s)", with an optional lower-case qualifier between ("Turbo profile", "Edge
# Lite performance profile"); a list of such names before a plural head ("Alpha and Beta
# profiles"); the maker's standard or stock configuration; factory defaults; a fast path
# or an L4-only mode. A two-word name is written as one identifier ("Edge Lite" and
# "EdgeLite" are one profile). The names below describe traffic or tests, not a device's
# configuration.
_PNAME = r"[A-Z][A-Za-z0-9]*+(?:[-+][A-Za-z0-9]++)?"
_PNAME2 = rf"{_PNAME}(?:[ \t]++{_PNAME})?"
_PHEAD = r"(?:[a-z]++[ \t]++)?(?:profile|preset|template|mode)"
PROFILE_PATTERNS = [
    (lazyre.compile(rf"\b(?:standard|stock|vanilla)(?:{_W}(?:HTTP|TCP|configuration|performance))?"
                rf"{_W}(?:profiles?|mode|configuration)\b", _I), "Standard"),
    (lazyre.compile(rf"\bfactory[ \t-]defaults?\b|\bdefault{_W}(?:settings|configuration|config)\b"
                rf"|\bout[ \t-]of[ \t-]the[ \t-]box\b", _I), "factory defaults"),
    (lazyre.compile(r"\bfast[ \t-]?path\b", _I), "fast path"),
    (lazyre.compile(rf"\b(?:TCP|L4|layer[ \t-]?4)[ \t-]only{_W}(?:mode|profile)\b", _I), "L4-only mode"),
    # the protocol the clients sent, where a report gives it per device: "`https` traffic
    # sent to the gateway" (TLS on) against "plain http traffic to a NodePort" (TLS off)
    (lazyre.compile(r"(?<![\w/.-])`?HTTPS`?[ \t]++traffic\b", _I), "TLS on"),
    (lazyre.compile(r"\b(?:(?:plain(?:[ \t-]?text)?|unencrypted|clear[ \t-]?text)[ \t]++)?(?<![\w/.-])`?HTTP`?"
                    r"[ \t]++traffic\b", _I), "TLS off"),
]  # fmt: skip
NAMED_PROFILE_RE = lazyre.compile(rf"\b(?P<name>{_PNAME2})[ \t]++{_PHEAD}s?\b")
PROFILE_LIST_RE = lazyre.compile(
    rf"\b(?P<a>{_PNAME2})(?:[ \t]*+,[ \t]*+(?P<b>{_PNAME2}))?[ \t]*+,?[ \t]*+(?:and|or|&)[ \t]++"
    rf"(?P<c>{_PNAME2})[ \t]++{_PHEAD}s\b"
)
NOT_DEVICE_PROFILES = {
    "Traffic", "Test", "Load", "Workload", "Power", "Latency", "Performance", "Security", "User",
    "Client", "Server", "Request", "Response", "Object", "File", "Usage", "Risk", "Thermal",
    "The", "This", "That", "Each", "Every", "Same", "A", "An", "Our",
    "Their", "Its", "Connection", "HTTP", "TCP", "SSL", "TLS", "Real", "Mix", "Mixed", "Both",
    "With", "Using", "Two", "All", "Either", "Neither", "And", "Or", "No",
    # closed-class words that start a sentence before "profile" ("Under this profile")
    "Under", "In", "On", "For", "At", "By", "From", "Into", "Within", "Without", "Across",
    "Per", "Via", "As", "Of", "To", "These", "Those", "Which", "What", "Whose", "Any", "Some",
    "One", "Another", "Other", "Such", "His", "Her", "My", "Your", "New", "Given",
    "Different", "Own", "Second", "First", "Third", "Last",
}  # fmt: skip
# A maker's default configuration named like a profile ("Standard and Turbo profiles").
DEFAULT_PROFILE_NAMES = {"Standard": "Standard", "Stock": "Standard", "Vanilla": "Standard",
                         "Default": "factory defaults"}  # fmt: skip


def profile_name(written: str) -> str | None:
    """A profile name as one identifier ("Edge Lite" -> "EdgeLite"), leading words that
    are not names dropped ("The Turbo" -> "Turbo"); None when no name is left."""
    words = written.split()
    while words and words[0] in NOT_DEVICE_PROFILES:
        words.pop(0)
    if not words:
        return None
    if len(words) == 1 and words[0] in DEFAULT_PROFILE_NAMES:
        return DEFAULT_PROFILE_NAMES[words[0]]
    return "".join(words)


THREADING_RE = lazyre.compile(
    rf"\b(?P<t>SMT|HT|hyper-?threading)\b(?:[ \t]*\((?:HT|SMT)\))?(?:{_W}[\w-]+){{0,3}}?{_W}"
    rf"(?P<state>enabled|disabled|on|off)\b",
    _I,
)


PROFILE_GATE = lazyre.compile(
    r"standard[ \t]+|stock[ \t]+|vanilla[ \t]+|factory[ \t-]default|default[ \t]+(?:settings"
    r"|configuration|config)|out[ \t-]of[ \t-]the[ \t-]box|fast[ \t-]?path|only[ \t]+(?:mode"
    r"|profile)|profile|preset|template|smt|hyper|https?[ \t`]"
)


@gated(PROFILE_GATE, re.compile(r"\bht\b"))
def profile(ctx: Ctx) -> list[RawCondition]:
    """Named configuration profiles (see NAMED_PROFILE_RE), the standard configuration,
    factory defaults, fast-path or L4-only modes, SMT/HT on or off."""
    out = ctx.each("profile", PROFILE_PATTERNS)
    # the named profiles' spans by start, with the furthest end so far: "does a span
    # overlap this match?" is one bisection (the spans of several patterns may overlap)
    taken = sorted((c.start, c.end) for c in out)
    starts = [a for a, _ in taken]
    reach = list(accumulate((b for _, b in taken), max))
    listed: set[int] = set()
    for m in ctx.finditer(PROFILE_LIST_RE):
        for g in ("a", "b", "c"):
            name = profile_name(m.group(g)) if m.group(g) else None
            if name:
                neg = ctx.negated(m.start(g), m.end(g))
                out.append(ctx.make("profile", name, m.start(g), m.end(g), negated=neg))
                listed.add(m.start(g))
    for m in ctx.finditer(NAMED_PROFILE_RE):
        name = profile_name(m.group("name"))
        i = bisect_left(starts, m.end())  # the spans that start before the match ends
        if name is None or m.start("name") in listed or (i and reach[i - 1] > m.start()):
            continue
        neg = ctx.negated(m.start(), m.end())
        out.append(ctx.make("profile", name, m.start(), m.end(), negated=neg))
    for m in ctx.finditer(THREADING_RE):
        t = "SMT" if m.group("t").upper() == "SMT" else "HT"
        state = "enabled" if fold(m.group("state")) in ("enabled", "on") else "disabled"
        out.append(ctx.make("profile", f"{t} {state}", m.start(), m.end()))
    return out


# --- client_placement -----------------------------------------------------------------------

_HOST = (
    r"(?:host|machine|server|VM|box|laptop|node|computer|instance|workstation|desktop|PC|Mac"
    r"(?:Book)?|physical[ \t]+(?:host|machine|server))"
)
# The cues of a shared host: a loopback address or word, "on the same machine", "all ...
# on one host", "co-located with". Each says the load generator shares the device's host only
# in a sentence that names the generator (or takes in every part of the test bed); see
# client_placement.
SAME_HOST_RES = [
    lazyre.compile(r"\b(?:localhost|loopback)\b|(?<![\d.])127\.0\.0\.1(?![\d.])", _I),
    lazyre.compile(rf"\b(?:on|from|in|within|share|sharing){_W}(?:the{_W})?same{_W}{_HOST}\b", _I),
    lazyre.compile(rf"\ball[ \t]++(?:\w+[ \t]++){{0,2}}?(?:ran|run|running|were|was|are|lived)?[ \t]*+"
               rf"(?:on|in){_W}(?:one|a{_W}single|the{_W}same){_W}{_HOST}\b", _I),
    lazyre.compile(rf"\bco-?located{_W}(?:on|with)\b", _I),
    # "the load generator, the proxy and the backend share an 8-core workstation"
    lazyre.compile(rf"\bshare[sd]?{_W}(?:one|a|an|a{_W}single){_W}(?:[\w-]+{_W}){{0,2}}?{_HOST}\b", _I),
    # one host that runs both parts: "one 4-core VM that ran both the load generator and
    # the proxy", "a single server hosting both wrk and the gateway"
    lazyre.compile(rf"\b(?:one|a{_W}single|the{_W}same|a|an){_W}(?:[\w-]+{_W}){{0,2}}?{_HOST}{_W}"
               rf"(?:(?:that|which){_W})?(?:ran|runs|running|hosted|hosts|hosting|carried|carries)"
               rf"{_W}both\b", _I),
    # a compose stack runs its services on one Docker host (vocab: placement.compose)
    lazyre.compile(r"\bdocker[ \t-]?compose\b|\bcompose[ \t]+(?:file|stack|project)\b", _I),
]  # fmt: skip
_LOOPBACK, _ALL_ON_ONE, _COMPOSE = 0, 2, 6
SEPARATE_RES = [
    lazyre.compile(rf"\bseparate{_W}(?:(?:client|load[ \t-]generat\w+|physical|dedicated|test){_W})?"
               rf"{_HOST}s?\b", _I),
    lazyre.compile(rf"\b(?:two|2|separate|different){_W}(?:directly[ \t-]connected|dedicated|physical"
               rf"|bare[ \t-]metal){_W}(?:machines|hosts|servers|computers)\b", _I),
    lazyre.compile(rf"\bdedicated{_W}(?:client|load[ \t-]generat\w+|test){_W}{_HOST}s?\b", _I),
    lazyre.compile(rf"\b(?:different|another|other){_W}{_HOST}\b", _I),
]  # fmt: skip
CLIENT_CONTEXT_RE = lazyre.compile(r"client|load|generat|tool|traffic|benchmark|wrk|k6|\bab\b|driver"
                               r"|tester|test[ \t]+machine", _I)  # fmt: skip
SERVICES_RE = lazyre.compile(r"\b(?:services?|containers?)\b", _I)


_HOST_GATE = (
    r"[ \t]+(?:host|machine|server|vm|box|laptop|node|computer|instance|physical"
    r"|workstation|desktop|pc|mac)"
)
CLIENT_PLACEMENT_GATE = lazyre.compile(
    r"localhost|loopback|127\.0\.0\.1|co-?located|separate|dedicated|physical|bare[ \t-]metal"
    rf"|directly[ \t-]connected|same{_HOST_GATE}|one{_HOST_GATE}|single{_HOST_GATE}"
    rf"|different{_HOST_GATE}|other{_HOST_GATE}|compose|share|both"
)


@gated(CLIENT_PLACEMENT_GATE)
def client_placement(ctx: Ctx) -> list[RawCondition]:
    """Where the load generator runs relative to the system under test. A shared host is
    the generator's only in a sentence that names the generator ("wrk and the proxy run on
    the same server", "clients and server on one box") or takes in the whole test bed
    ("everything ran on one VM"): "proxy servers on the same host" or "the upstream ran on
    the proxy's host" place other parts, a loopback address may be a backend's."""
    out = []
    for i, rx in enumerate(SAME_HOST_RES):
        for m in ctx.finditer(rx):
            if not _places_generator(ctx, m, i):
                continue
            out.append(ctx.make("client_placement", "same_host", m.start(), m.end()))
    for i, rx in enumerate(SEPARATE_RES):
        for m in ctx.finditer(rx):
            if i == 1 or ctx.sentence_has(CLIENT_CONTEXT_RE, m.start()):
                out.append(ctx.make("client_placement", "separate", m.start(), m.end()))
    return out


def _places_generator(ctx: Ctx, m: re.Match[str], kind: int) -> bool:
    """Does the shared-host cue ``m`` (of SAME_HOST_RES[kind]) place the load generator? The
    part it places is the nearest one named before it in its sentence (its subject), else
    the first one after it ("from the same machine as the client")."""
    s0, s1 = ctx.sentence(m.start())
    text = ctx.text
    placed = _placed_part(text, s0, s1, m.start(), m.end())
    if kind == _COMPOSE:
        # "three services in the docker-compose: the testing tool, the proxy and the backend"
        return placed == "generator" and SERVICES_RE.search(text, s0, s1) is not None
    if placed == "tier":
        return False  # "the upstream ran on the same host", "the backend at 127.0.0.1"
    if kind == _LOOPBACK and (
        re.search(r"(?:^|\s)-[a-zA-Z]\s*$|//$", text[max(s0, m.start() - 4) : m.start()])
        or text.count("`", s0, m.start()) % 2
    ):
        return False  # "-b 127.0.0.1", a URL, inline code: an address, read as a run's target
    if placed == "generator":
        return True
    # "everything ran on the same VM", "all services ran on one laptop"
    return kind == _ALL_ON_ONE or pattern("placement.universal").search(text, s0, s1) is not None


def _placed_part(text: str, s0: int, s1: int, start: int, end: int) -> str | None:
    """ "generator" or "tier" (a backend, upstream, database): the part of the test bed named
    nearest before [start, end) in the sentence [s0, s1), else first after it; None when the
    sentence names neither. A generator named earlier in the same subject, with no verb
    between ("the load generator, the proxy and the backend share one box"), is placed too."""
    parts = [(g.start(), "generator") for g in pattern("generator.noun").finditer(text, s0, s1)
             if not _not_generator(text, g.end(), s1)]  # fmt: skip
    parts += [(t.start(), "tier") for t in pattern("placement.other_tier").finditer(text, s0, s1)]
    before = sorted(p for p in parts if p[0] < start)
    if before:
        generators = [p for p, kind in before if kind == "generator"]
        if before[-1][1] == "tier" and generators:
            between = text[generators[-1] : start]
            if not pattern("placement.verb").search(between) and not re.search(r"[;:]", between):
                return "generator"
        return before[-1][1]
    after = [p for p in parts if p[0] >= end]
    return min(after)[1] if after else None


def _not_generator(text: str, end: int, limit: int) -> bool:
    """A generator noun followed by a word that makes it something else ("client
    certificate", "client requests", "consumer-grade")."""
    rest = text[end : min(limit, end + 30)].lstrip(" \t_-")
    word = rest[: len(rest) - len(rest.lstrip(ascii_letters))]
    return bool(word) and pattern("generator.not_after").fullmatch(word) is not None


DETECTORS = [interfaces, hardware, profile, client_placement]
