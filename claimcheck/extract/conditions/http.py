"""HTTP-level conditions: requests per connection, processing layer, the L7 rule,
object sizes, pipelining and how connections are closed."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.base import (
    NUM,
    NUM_LIST,
    Ctx,
    RawCondition,
    gated,
    int_list,
    to_int,
)
from claimcheck.textkeys import fold
from claimcheck.units import convert

_I = re.IGNORECASE
_W = r"[ \t]+"

# --- requests_per_connection ----------------------------------------------------------------

_REQ = r"(?:requests?|reqs?|transactions?|GETs?)"
_CONN_MODS = (
    r"(?:(?:TCP|SSL|TLS|HTTPS?|L7|L4|user|client|keep-alive|persistent|single|/)[ \t]*){0,4}"
)
RPC_RE = lazyre.compile(
    rf"(?<![\w.,-])(?P<n>(?:an?{_W})?single|{NUM}|an?)"
    rf"(?:{_W}(?:encrypted|HTTPS?|HTTP/1\.[01]|L7|application|client|keep-alive|GET|TCP|pipelined))"
    rf"{{0,3}}"
    rf"{_W}{_REQ}(?:{_W}(?:are|were|is|was){_W}sent)?"
    rf"{_W}(?:per|for{_W}each|for{_W}every|on{_W}each|in{_W}each|/){_W}?{_CONN_MODS}"
    rf"(?:connection|session)s?\b",
    _I,
)
RPC_LABEL_RE = lazyre.compile(
    rf"\b{_REQ}{_W}per{_W}(?:(?:TCP|SSL|TLS|HTTP){_W})?(?:connection|session)"
    rf"[ \t]*(?:[:=]|\(|\bof\b|\bwas\b|\bis\b|\bset{_W}to\b|\bwere\b)[ \t]*(?P<list>{NUM_LIST})"
    # "requests per TLS session: 2,600 TPS" labels a result, not a count of requests
    r"(?![\d,.]*+[ \t]*+(?:TPS|RPS|CPS|req/s|requests/s|/s)\b)",
    _I,
)
# "each SSL session carried 100 HTTP requests", "100 requests pipelined over one SSL connection"
CARRIED_RE = lazyre.compile(
    rf"\b(?:each|every|a|one|the|per)(?:{_W}(?:TCP|SSL|TLS|HTTPS?|keep-alive|persistent|client)){{0,2}}"
    rf"{_W}(?:connection|session)s?{_W}(?:carried|carries|carry|handled|handles|served|serves|had"
    rf"|has|sent|sends|made|makes|issued|issues|transported|transports|contained|contains"
    rf"|received|receives|was{_W}used{_W}for|were{_W}used{_W}for)"
    rf"(?:{_W}(?:exactly|only|about|around))?{_W}(?P<n>(?:an?{_W})?single|{NUM}|an?)"
    rf"(?:{_W}(?:encrypted|HTTPS?|GET|application)){{0,2}}{_W}{_REQ}\b",
    _I,
)
# "each TLS connection was kept open for 50 requests", "keeps every TLS connection alive
# for 25 requests"
KEPT_OPEN_RE = lazyre.compile(
    rf"\b(?:each|every|a|one|the)(?:{_W}(?:TCP|SSL|TLS|HTTPS?|client)){{0,2}}{_W}(?:connection|session)s?"
    rf"(?:{_W}(?:was|were|is|are|stayed|remained|stays|remains|kept|held)){{0,2}}{_W}(?:open|alive){_W}for"
    rf"(?:{_W}(?:exactly|only|about|around))?{_W}(?P<n>{NUM})(?:{_W}(?:HTTPS?|GET)){{0,2}}{_W}{_REQ}\b",
    _I,
)
OVER_ONE_RE = lazyre.compile(
    rf"(?<![\w.,-])(?P<n>{NUM})(?:{_W}(?:HTTPS?|GET|encrypted)){{0,2}}{_W}{_REQ}"
    rf"(?:{_W}(?:pipelined|sent|carried|multiplexed))?{_W}over{_W}(?:each|an?{_W}single|one"
    rf"|the{_W}same|a){_W}(?:(?:TCP|SSL|TLS|HTTPS?|keep-alive|persistent){_W})?"
    rf"(?:connection|session)\b",
    _I,
)
NEW_CONN_RE = lazyre.compile(
    rf"\b(?:an?{_W}new|new|one|an?{_W}separate|separate|an?{_W}fresh|an?{_W}single)"
    rf"{_W}(?:(?:TCP|HTTP){_W})?connections?{_W}(?:per|for{_W}each|for{_W}every|with{_W}each"
    rf"|on{_W}every){_W}(?:HTTP{_W})?(?:request|transaction)\b",
    _I,
)
_MORE_THAN_RE = lazyre.compile(r"\b(?:more|fewer|less)[ \t]+than[ \t]+$", _I)
CONN_CLOSE_HDR_RE = lazyre.compile(r"\bConnection:[ \t]*close\b", _I)
KEEPALIVE_RE = lazyre.compile(r"\bkeep[ -]?alives?\b", _I)


REQUESTS_PER_CONNECTION_WORDS = ("connection", "session", "keep-alive", "keepalive", "keep alive")


@gated(*REQUESTS_PER_CONNECTION_WORDS)
def requests_per_connection(ctx: Ctx) -> list[RawCondition]:
    """ "10 HTTP requests per TCP connection", "a new connection per request" (1), labels."""
    out = []
    for m in ctx.finditer(RPC_LABEL_RE):
        values = int_list(m.group("list"))
        if values:
            out.append(ctx.make("requests_per_connection", _one(values), m.start(), m.end()))
    for m in (
        m for rx in (RPC_RE, CARRIED_RE, KEPT_OPEN_RE, OVER_ONE_RE) for m in ctx.finditer(rx)
    ):
        n = to_int(m.group("n"))
        if (
            n is not None
            and n > 0
            and not _MORE_THAN_RE.search(ctx.text, max(0, m.start() - 12), m.start())
        ):
            out.append(ctx.make("requests_per_connection", n, m.start(), m.end()))
    out += ctx.each("requests_per_connection", ((NEW_CONN_RE, 1), (CONN_CLOSE_HDR_RE, 1)), False)
    for m in ctx.finditer(KEEPALIVE_RE):
        if ctx.negated(m.start(), m.end()):  # "keep-alive disabled": one request per connection
            out.append(ctx.make("requests_per_connection", 1, m.start(), m.end(), negated=True))
        else:
            out.append(ctx.make("profile", "keep-alive", m.start(), m.end()))
    return out


def _one(values: list[int]) -> int | list[int]:
    return values[0] if len(values) == 1 else values


# --- processing_layer and l7_decision -------------------------------------------------------

_L4 = r"(?:L4|layer[ \t-]?4)"
_L7 = r"(?:L7|layer[ \t-]?7)"
_TARGET = r"(?:URI|URL|request|requests|headers?|payload|application[ \t-]layer[ \t]+data)"
LAYER_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (lazyre.compile(rf"\b{_L7}{_W}processing[ \t]*+[:=]?[ \t]*+(?P<yn>yes|no)\b", _I), "yn"),
    (lazyre.compile(rf"\bno{_W}{_L7}{_W}(?:processing|inspection)", _I), "L4"),
    # a configuration named for layer 4 ("TurboL4", "Quick-L4", "Edge L4 profile")
    (lazyre.compile(r"\b[A-Z][A-Za-z]{1,20}?-?L4\b|\b[A-Z][A-Za-z]{1,20}+[ \t]L4[ \t]+(?:profile|mode"
                r"|preset|template)s?\b"), "L4"),
    (lazyre.compile(rf"\b{_L4}[ \t]++(?:profile|preset|template)s?\b", _I), "L4"),
    # "with no HTTP parsing", "without L7 inspection" ("no HTTP processing" is said of a
    # baseline without the proxy as often as of the device's mode)
    (lazyre.compile(rf"\b(?:no|without){_W}(?:HTTP|{_L7}|application[ \t-]layer){_W}(?:parsing"
                rf"|inspection)\b", _I), "L4"),
    # forwarding bytes without terminating HTTP: "TCP pass-through", "pass-through mode"
    (lazyre.compile(rf"\b(?:TCP|{_L4})[ \t-]*+pass[ \t-]?through\b|\bpass[ \t-]?through{_W}mode\b",
                _I), "L4"),
    # forwarding that does not read HTTP: "forwards TCP without parsing HTTP"
    (lazyre.compile(rf"\bwithout{_W}(?:parsing|inspecting|reading|decoding|looking{_W}(?:at|into))"
                rf"{_W}(?:the{_W})?(?:HTTP|{_L7}|application[ \t-]layer|requests?|headers?)\b", _I), "L4"),
    (lazyre.compile(rf"\b{_L4}-only\b|\b{_L4}{_W}only{_W}(?:mode|processing|load)|\b{_L4}{_W}mode\b",
                _I), "L4"),
    (lazyre.compile(rf"\bTCP[ \t-]+only{_W}(?:mode|virtual{_W}servers?|VIPs?|listeners?|profiles?|services?)\b", _I), "L4"),
    (lazyre.compile(rf"\b{_L4}{_W}(?:forwarding|switching|load[ \t-]balancing){_W}only\b", _I), "L4"),
    (lazyre.compile(rf"\bonly{_W}(?:[\w-]+{_W}){{0,4}}?{_L4}\b", _I), "L4"),
    (lazyre.compile(rf"\binspect(?:s|ed|ing)?{_W}(?:the{_W}|each{_W}|every{_W}|all{_W})?"
                rf"(?:HTTP{_W}|client{_W})?{_TARGET}\b", _I), "L7"),
    (lazyre.compile(rf"\binspection{_W}of{_W}(?:the{_W})?(?:HTTP{_W})?{_TARGET}\b", _I), "L7"),
    (lazyre.compile(rf"\b(?:every|each){_W}(?:HTTP{_W}|client{_W})?request{_W}(?:is|was|must{_W}be"
                rf"|are|were){_W}inspected\b", _I), "L7"),
    (lazyre.compile(r"\bcontent[ \t-]switching\b|\bHTTP-aware\b", _I), "L7"),
    (lazyre.compile(rf"\bprocess(?:ing|es|ed)?{_W}(?:\w+{_W}){{0,2}}?at{_W}{_L7}\b", _I), "L7"),
    (lazyre.compile(rf"\b(?:intelligent|content[ \t-]based){_W}(?:(?:load[ \t-]balancing|switching"
                rf"|routing){_W})?decision", _I), "L7"),
    (lazyre.compile(rf"\b{_L7}{_W}(?:mode|policy|policies|rules?)\b", _I), "L7"),
]  # fmt: skip

_RULE_SUBJECT = (
    rf"(?:request{_W})?(?:URI|URL|path|Host{_W}header|host{_W}name|User-Agent|cookie|header"
    rf"|file{_W}extension|extension)"
)
L7_RULE_PATTERNS = [
    lazyre.compile(rf"\b{_RULE_SUBJECT}{_W}(?:ends|ending|begins|beginning|starts|starting|contains"
               rf"|containing|matches|matching|equals)\b", _I),
    lazyre.compile(rf"\bbased{_W}on{_W}(?:matching{_W})?(?:string{_W}patterns{_W}in{_W})?(?:the{_W})?"
               rf"(?:HTTP{_W})?(?:request{_W})?(?:URL|URI|host{_W}header|cookie|path)\b", _I),
    lazyre.compile(rf"\b(?:requests?|traffic){_W}for{_W}(?:\w+{_W}){{0,2}}?(?:which{_W}|that{_W})?"
               rf"(?:would{_W}be{_W}|are{_W}|were{_W}|is{_W}|get{_W})?(?:directed|sent|forwarded"
               rf"|routed|steered){_W}to\b", _I),
    lazyre.compile(rf"\b(?:directs?|directed|sends?|routes?|routed|forwards?|forwarded|steers?)"
               rf"{_W}(?:the{_W}|those{_W}|these{_W}|such{_W})?(?:requests?|traffic){_W}to{_W}"
               rf"(?:an?{_W})?(?:different|another|separate|other|second){_W}"
               rf"(?:pool|group|set|server|farm|backend)", _I),
]  # fmt: skip


NAMED_L4_GATE = lazyre.compile(r"[a-z]-?l4\b")  # "TurboL4": the word gate sees no "l4" in it
PROCESSING_LAYER_WORDS = (
    "l4", "l7", "layer", "inspect", "content", "http-aware", "decision", "tcp", "parsing",
    "pass"
)  # fmt: skip


@gated(*PROCESSING_LAYER_WORDS, NAMED_L4_GATE)
def processing_layer(ctx: Ctx) -> list[RawCondition]:
    """L4 or L7 from a configuration named for layer 4 ("TurboL4 profile"), "L4-only mode",
    "inspects the URI", a Yes/No label."""
    out = []
    for rx, value in LAYER_PATTERNS:
        for m in ctx.finditer(rx):
            v = value
            if value == "yn":
                v = "L7" if fold(m.group("yn")) == "yes" else "L4"
            out.append(ctx.make("processing_layer", v, m.start(), m.end()))
    return out


L7_DECISION_WORDS = (
    "uri", "url", "path", "header", "host", "cookie", "extension", "based on", "direct", "sen",
    "forward", "rout", "steer"
)  # fmt: skip


@gated(*L7_DECISION_WORDS)
def l7_decision(ctx: Ctx) -> list[RawCondition]:
    """The content rule, from its subject to the end of its sentence."""
    out = []
    for rx in L7_RULE_PATTERNS:
        for m in ctx.finditer(rx):
            _, s_end = ctx.sentence(m.start())
            end = min(s_end, m.start() + 200)
            while end > m.end() and ctx.text[end - 1] in " .;,":
                end -= 1
            text = re.sub(r"\s+", " ", ctx.text[m.start() : end])
            out.append(RawCondition("l7_decision", text, m.start(), end, ctx.text[m.start() : end]))
    return out


# --- object_size ----------------------------------------------------------------------------

SIZE_CONTEXT_RE = lazyre.compile(
    r"\b(?:files?|objects?|response|responses|size|sizes|sized|payloads?|body|bodies|pages?"
    r"|documents?|resources?|GET|messages?|data|transfers?)\b",
    _I,
)
# A sentence can hold a byte size only if a digit is followed by a byte unit or a "K".
SIZE_HINT_RE = lazyre.compile(r"\d[ \t-]?(?:[km]i?)?b|\dk\b|bytes?\b", _I)
NOT_SIZE_RE = lazyre.compile(r"\b(?:packets?|frames?|MTU|buffers?|memory|RAM|cache|disk|MSS)\b", _I)
_BARE_K_CONTEXT = lazyre.compile(r"\bsizes?\b|\|[ \t-]*(?:files?|bytes?|objects?|responses?)\b", _I)
_BYTE_UNITS = {"byte", "kilobyte", "kibibyte", "megabyte", "mebibyte", "gigabyte", "gibibyte"}
_GROUP_SEP = lazyre.compile(r"[ \t]*(?:[,/;][ \t]*)?(?:(?:and|or)[ \t]+)?", _I)


def _size_bytes(q) -> float | None:  # noqa: ANN001
    if q.unit in _BYTE_UNITS:
        return convert(q.value, q.unit, "byte")
    if not q.unit and q.text[-1:] in "Kk" and not q.multiplier:
        return -q.value  # "512K": bytes only when "size" is right there (sign marks it)
    return None


@gated(re.compile(SIZE_HINT_RE.pattern))  # a sentence without this holds no byte size
def object_size(ctx: Ctx) -> list[RawCondition]:
    """Response/file sizes in bytes: one value, or a list ("128B, 5KB, 16KB")."""
    text = ctx.text
    sizes = []
    for q in ctx.quantities_where(SIZE_HINT_RE):
        b = _size_bytes(q)
        if b is not None and b < 0:  # bare "512K": only right after "size(s) of" or before "file"
            near = text[max(0, q.start - 25) : q.start] + "|" + text[q.end : q.end + 12]
            b = -b if _BARE_K_CONTEXT.search(near) else None
        if b is not None:
            sizes.append((q, b))
    groups: list[list] = []
    for q, b in sizes:
        prev = groups[-1][-1][0] if groups else None
        if prev is not None and _GROUP_SEP.fullmatch(text, prev.end, q.start):
            groups[-1].append((q, b))
        else:
            groups.append([(q, b)])
    out = []
    for group in groups:
        start, end = group[0][0].start, group[-1][0].end
        s0, s1 = ctx.sentence(start)
        before, after = text[max(s0, start - 50) : start], text[end : min(s1, end + 40)]
        if len(group) < 2 and not SIZE_CONTEXT_RE.search(before + " " + after):
            continue  # a list of byte sizes needs no "file size" nearby; one size does
        if NOT_SIZE_RE.search(text[max(s0, start - 20) : start] + " " + text[end : end + 20]):
            continue
        values: list[int] = []
        for q, b in group:
            if q.is_range and q.range_low is not None and q.range_high is not None:
                scale = b / q.value if q.value else 1.0
                values += [round(q.range_low * scale), round(q.range_high * scale)]
            else:
                values.append(round(b))
        value = values[0] if len(values) == 1 else values
        out.append(ctx.make("object_size", value, start, end))
    return out


# --- pipelining and connection close ----------------------------------------------------------

PIPE_DEPTH_RES = [
    lazyre.compile(
        rf"\bpipelin(?:e|ing|ed)(?:{_W}(?:at|with|of))?(?:{_W}a)?{_W}depth[ \t]*(?:of[ \t]+"
        rf"|[:=][ \t]*)?(?P<n>\d+)\b",
        _I,
    ),
    # "16-deep pipelining", "pipelined 16 deep"
    lazyre.compile(
        rf"\b(?P<n>\d+)[ \t-]deep{_W}pipelin|\bpipelined{_W}(?P<n2>\d+)[ \t-]deep\b", _I
    ),
    lazyre.compile(rf"\b(?P<n>\d+){_W}(?:(?:HTTP{_W})?requests{_W})?pipelined\b", _I),
    lazyre.compile(rf"(?<![\w.,-])(?P<n>{NUM}){_W}pipelined{_W}(?:HTTP{_W})?requests\b", _I),
    lazyre.compile(rf"\b(?P<n>\d+){_W}(?:max(?:imum)?{_W})?concurrent{_W}streams\b", _I),
    lazyre.compile(
        rf"\bmax(?:imum)?{_W}concurrent{_W}streams[ \t]*+(?:of|[:=])?[ \t]*+(?P<n>\d+)", _I
    ),
]
# HTTP pipelining is named by "pipelining"/"pipelined" or "HTTP pipeline"; the bare noun
# "pipeline" is a build, CI or data pipeline ("pipeline scripts", "our test pipeline").
PIPE_RE = lazyre.compile(r"\b(?:HTTP[ \t]+pipelin(?:ing|ed|e)|pipelin(?:ing|ed))\b", _I)


PIPELINING_WORDS = ("pipelin", "streams")


@gated(*PIPELINING_WORDS)
def pipelining(ctx: Ctx) -> list[RawCondition]:
    """Pipelining depth (int) or True; "no pipelining" gives False, negated."""
    out = []
    for rx in PIPE_DEPTH_RES:
        for m in ctx.finditer(rx):
            n = to_int(m.group("n") or m.groupdict().get("n2") or "")
            if n:
                out.append(ctx.make("pipelining", n, m.start(), m.end()))
    for m in ctx.finditer(PIPE_RE):
        neg = ctx.negated(m.start(), m.end())
        out.append(ctx.make("pipelining", not neg, m.start(), m.end(), negated=neg))
    return out


CLOSE_PATTERNS = [
    (lazyre.compile(rf"\bgraceful(?:ly)?{_W}(?:TCP{_W})?(?:termination|close|closed|closing|shutdown"
                rf"|teardown|tear-down|disconnect)\b", _I), "FIN"),
    (lazyre.compile(rf"\b(?:closed|closing|close|terminated|terminating)(?:{_W}the)?(?:{_W}TCP)?"
                rf"(?:{_W}connections?)?{_W}(?:gracefully|with{_W}(?:an?{_W})?FIN)\b", _I), "FIN"),
    (lazyre.compile(rf"\bTCP{_W}close\b", _I), "FIN"),
    (lazyre.compile(r"(?<![\w-])FIN(?![\w-]|/ACK)|\bFIN/ACK\b"), "FIN"),
    (lazyre.compile(rf"\breset(?:s|ting)?{_W}(?:the{_W}|each{_W}|every{_W})?(?:TCP{_W})?"
                rf"connections?\b", _I), "RST"),
    (lazyre.compile(rf"\bconnections?{_W}(?:(?:were|was|are|is|being){_W})?reset\b", _I), "RST"),
    (lazyre.compile(r"\bTCP[ \t]+resets?\b|\babortive(?:ly)?[ \t]+clos\w*", _I), "RST"),
    (lazyre.compile(r"(?<![\w-])RST(?![\w-])"), "RST"),
]  # fmt: skip


CONNECTION_CLOSE_WORDS = ("graceful", "fin", "clos", "reset", "rst", "abortive", "terminat")


@gated(*CONNECTION_CLOSE_WORDS)
def connection_close(ctx: Ctx) -> list[RawCondition]:
    """FIN (graceful close) or RST (reset)."""
    return ctx.each("connection_close", CLOSE_PATTERNS)


DETECTORS = [requests_per_connection, processing_layer, l7_decision, object_size, pipelining,
             connection_close]  # fmt: skip
