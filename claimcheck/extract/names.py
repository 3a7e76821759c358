"""The shape of a product name: which words of a phrase can name a system, and where a
name stops.

A report writes a compared system as a short run of name-like words ("Orca-DX 8400",
"nginx", "Quill Edge Gateway") that may carry a version ("v2.1.0", "1.24.0"). The
words around it are the report's own vocabulary: articles, prepositions and the generic
nouns of performance writing ("performance", "results", "benchmark", "throughput").
``clean_name`` cuts a fragment taken from a structural position (a table label, one side
of "X vs Y", a list item) down to the name it holds; ``names_label`` answers whether a
label names a system at all, for modules that type table axes.
"""

from __future__ import annotations

import re

from claimcheck import lazyre

# Generic words of performance writing: never a name on their own, and a name does not
# begin or end with one written in lower case. The list holds the construction "generic
# noun of a report", which has no other form than its words.
_GENERIC_WORDS = (
    "a an the this that these those our your their its his her my we i you they it he she "
    "of on in at to for from by with without under over into onto per via as and or nor "
    "but vs versus against compared comparing comparison than then also only both all "
    "each every any some single multiple several various one two three four five six "
    "seven eight nine ten first second third last new old latest current default same "
    "other another more most less least much many performance benchmark benchmarks "
    "benchmarking result results test tests testing tested report reports review reviews "
    "analysis evaluation summary overview conclusion conclusions introduction appendix "
    "chapter section table figure fig chart graph note notes methodology method methods "
    "setup environment configuration config configurations tuning scenario scenarios "
    "round rounds run runs part step phase key findings finding why how what when where "
    "which who load loads balancing traffic throughput latency speed speeds rate rates "
    "request requests response responses connection connections transaction transactions "
    "session sessions seconds minute minutes hour hours cpu cpus core cores memory ram "
    "thread threads worker workers process processes mean average avg median min max "
    "minimum maximum stdev std deviation percentile p50 p90 p95 p99 total value values "
    "number numbers count error errors failure failures timeout timeouts bucket size "
    "sizes payload object file files body module modules chassis blade blades card cards "
    "is are was were be been being has have had do does did can could will would should "
    "may might must not no yes up down out off here there now today proxy proxies server "
    "servers gateway gateways balancer balancers device devices system systems product "
    "products appliance appliances platform platforms solution solutions framework "
    "frameworks implementation implementations software hardware tool tools vendor "
    "vendors model models version versions release releases unit units dut duts target "
    "targets backend backends upstream upstreams origin client clients service services "
    "machine machines instance instances host hosts node nodes cluster clusters web http "
    "https api tcp udp tls ssl l4 l7 layer contender contenders competitor competitors "
    "candidate candidates participant participants firmware build builds firewall "
    "firewalls switch switches router routers "
)
# Columns computed from the compared systems' figures ("| Metric | A | B | Winner | Improvement |")
_COMPUTED_COLUMNS = "winner improvement difference diff delta ratio change gain speedup notes note"
# Protocols, certificate and key types: conditions of a test, never a system ("HTTP/2: 12,820
# req/s" measures a protocol's run; "RSA" and "EC" are certificate types)
_PROTOCOLS = (
    "http/1.0 http/1.1 http/2 http/3 http1 http2 http3 h1 h2 h2c h3 quic grpc websocket "
    "websockets rsa ec ecc ecdsa ecdhe ecdh dhe aes ipv4 ipv6 tls1.2 tls1.3 mtls amqp mqtt "
    "wsgi asgi cgi fastcgi gzip br brotli zstd deflate"
)
# Parts of the machine a test runs on ("vCPU Sizing", "kernel: soft lockup"): a condition
_MACHINE = "vcpu vcpus kernel"
# What a heading says is shown or done, before the name it is about ("Comparing CPU
# Flamegraphs Cilium vs ..."): never part of a name
_SHOWN = "comparing flamegraph flamegraphs chart charts graphs plot plots histogram histograms"
COMPUTED_COLUMNS = frozenset(_COMPUTED_COLUMNS.split())
# the first part of a compound that describes a set-up rather than names a product:
# "per-core workers", "multi-threaded", "single-process", "non-blocking", "self-hosted"
_PREFIXES = "per multi single non dual quad semi self pre post"
_DESCRIBING_PREFIXES = frozenset(_PREFIXES.split())
GENERIC = (
    frozenset(_GENERIC_WORDS.split(" "))
    | frozenset(f"{_COMPUTED_COLUMNS} {_PROTOCOLS} {_SHOWN} {_MACHINE}".split())
) - {""}

# a word of a name; a name written in Latin letters ends where another script begins
# ("Nginx静态页基准测试" is "Nginx" and a Chinese heading)
_TOKEN = lazyre.compile(r"[A-Za-z0-9](?:[^\W\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]|[.+/'-])*")
_VERSION = lazyre.compile(
    r"(?<![\w.])(?:(?:(?i:v|ver\.?|version|release|r))?+\d++(?:\.\w++)++[\w.+-]*+|[vV]\d[\w.+-]*+)"
)
_BARE_NUMBER = lazyre.compile(r"[\d.,]++[ \t]*+\S{0,3}+")
_NUMBER_WITH_UNIT = lazyre.compile(r"[\d.,]+[ \t]*%?[A-Za-z/]{0,8}")
_POSSESSIVE = lazyre.compile(r"['’]s$")
# where a name ends: punctuation, a dash, "@", an arrow ("Kestrel --> backend": a proxy in
# front of what it forwards to)
_CUT = lazyre.compile(r"[,:;(\[{|]|[ \t][-–—][ \t]|[ \t]@[ \t]|[ \t]?(?:-{1,2}>|=>|→)")
_LINK = lazyre.compile(
    r"<https?://[^>\s]*+>|\]\(https?://[^)\s]*+\)|https?://\S++|\[(?=[^\]\n]{1,60}+\]\(https?://)"
)
# "Pants |release|", "Kestrel {{ site.version }}": the version a rendered page shows
_VERSION_PLACEHOLDER = lazyre.compile(
    r"\|(?:release|version)\||\{\{[ \t]*+[\w.]*(?:release|version)[\w.]*[ \t]*+\}\}"
)
MAX_TOKENS = 6
MAX_CHARS = 48


def is_generic(word: str) -> bool:
    """Is ``word`` one of the generic words of performance writing (any case)? A compound
    that opens with a describing prefix is one too ("per-core", "single-threaded")."""
    low = word.lower().strip(".'")
    return low in GENERIC or low.split("-", 1)[0] in _DESCRIBING_PREFIXES and "-" in low


def _namelike(token: str) -> bool:
    return bool(re.search(r"[A-Za-z]", token)) and not is_generic(token)


def _in_name(token: str, run: list) -> bool:
    """A word can continue a name: a name word, a model number after one, or a
    capitalised generic noun after one ("Harbor Gateway")."""
    if (
        run
        and re.fullmatch(r"[a-z][a-z-]*", token)
        and any(re.search(r"[A-Z0-9]", t) for _, t in run)
    ):
        return False  # "Quillon QG-600 next-generation firewall": the name ends at the model
    if _namelike(token):
        return True
    if not run:
        return False
    return token[:1].isdigit() or token[:1].isupper() and token[1:].islower()


def clean_name(fragment: str, side: str = "left") -> tuple[str, int, str | None] | None:
    """(name, offset of the name in ``fragment``, version) of the name a fragment holds, or
    None. ``side`` says which end of the fragment touches the structural cue: "left" (a
    label, a list item, the right side of "vs") keeps the leading run of name words,
    "right" (the left side of "vs") keeps the trailing run."""
    if not fragment or len(fragment) > 400:
        return None
    text = fragment.replace("*", " ").replace("`", " ").replace("_", " ")
    # a link's address is no part of the name, and the version may follow it ("`Tornado
    # <https://...>`_ 2.0", "[Kestrel](https://...) 1.4"): blanked, offsets kept
    text = _LINK.sub(lambda m: " " * len(m.group()), text)
    if side == "left":
        cut = _CUT.search(text)
        if cut:
            text = text[: cut.start()]
    else:
        last = max(_CUT.finditer(text), key=lambda m: m.start(), default=None)
        if last is not None:
            text = " " * last.end() + text[last.end() :]
    tokens = [
        (m.start(), _POSSESSIVE.sub("", m.group()).rstrip(".'/")) for m in _TOKEN.finditer(text)
    ]
    version = None
    for i, (_, tok) in enumerate(tokens):
        if _VERSION.fullmatch(tok) and (i > 0 or side == "right"):
            version = tok.lstrip("vV")
            tokens = tokens[:i]
            break
    if side == "right":
        while tokens and is_generic(tokens[-1][1]) and tokens[-1][1].islower():
            tokens.pop()
        run: list[tuple[int, str]] = []
        for t in reversed(tokens):
            if not _namelike(t[1]) and not (t[1][:1].isdigit() and not is_generic(t[1])):
                break
            run.insert(0, t)
    else:
        run = []
        for t in tokens:
            if not _in_name(t[1], run):
                break
            run.append(t)
    while run and (is_generic(run[0][1]) or run[0][1].isdigit()):
        run.pop(0)
    while run and is_generic(run[-1][1]) and not run[-1][1][:1].isupper():
        run.pop()
    if not run or len(run) > MAX_TOKENS:
        return None
    if all(t.islower() for _, t in run) and _describes(tokens, run):
        return None
    start, end = run[0][0], run[-1][0] + len(run[-1][1])
    name = text[start:end].strip()
    if len(name) > MAX_CHARS or _NUMBER_WITH_UNIT.fullmatch(name) or _VERSION.fullmatch(name):
        return None
    if not any(_namelike(t) for _, t in run) or not run[0][1][:1].isalnum():
        return None
    if version is None and (held := _VERSION_PLACEHOLDER.search(fragment, start + len(name))):
        version = held.group()  # a docs source's placeholder for the release it documents
    return name, start, version


def _describes(words: list[tuple[int, str]], run: list[tuple[int, str]]) -> bool:
    """A lower-case word that describes rather than names: "the stock proxy", "default
    server" (a bare lower-case name is written without an article or a generic noun)."""
    i, j = words.index(run[0]), words.index(run[-1])
    before = words[i - 1][1].casefold() if i else ""
    after = words[j + 1][1] if j + 1 < len(words) else ""
    return before in ("the", "a", "an", "our", "their", "its") or (
        after.islower() and is_generic(after)
    )


def names_label(label: str) -> bool:
    """Could a table label or header name a system (rather than a metric, a statistic, a
    condition or a number)? For modules that type table axes."""
    return clean_name(label) is not None and not _BARE_NUMBER.fullmatch(label.strip())


def enumeration(text: str) -> list[tuple[str, int]]:
    """The items of "A, B and C" / "A, B, or C" / "A & B" with their offsets in ``text``."""
    out: list[tuple[str, int]] = []
    for m in re.finditer(r"[^,;&]+", text):
        piece, at = m.group(), m.start()
        parts = re.split(r"(\s(?:and|or)\s)", piece)
        pos = at
        for p in parts:
            if p and not re.fullmatch(r"\s(?:and|or)\s", p):
                out.append((p, pos))
            pos += len(p)
    return [(p, o) for p, o in out if p.strip()]


def tokens(name: str) -> list[str]:
    """The words of a name, as written."""
    return [_POSSESSIVE.sub("", t).rstrip(".'/") for t in _TOKEN.findall(name)]
