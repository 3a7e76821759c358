"""What an entity is in the report: a device under test, a tool, a backend or a lab.

Load generators and test equipment (wrk, k6, traffic generators), the servers behind a
proxy (backends, upstreams, a "direct" baseline) and the labs or publishers that ran a
test are named like products, and sit in tables and sentences like them, but they are
never devices under test. The kind is read from the sentences that name the entity:
"X was used to generate the traffic", "two backends, each running X", "X engaged Y",
and from the names of the common load tools (their command names are what the report
writes, in any case).
"""

from __future__ import annotations

from claimcheck import lazyre

DUT, TOOL, BACKEND, LAB = "dut", "tool", "backend", "lab"

# load generators and test equipment, by the name a report writes: a fact with no other form
TOOL_NAMES = frozenset(
    [
        "wrk",
        "wrk2",
        "rewrk",
        "hey",
        "ab",
        "apachebench",
        "h2load",
        "k6",
        "jmeter",
        "locust",
        "gatling",
        "vegeta",
        "autocannon",
        "bombardier",
        "oha",
        "siege",
        "httperf",
        "tsung",
        "iperf",
        "iperf3",
        "netperf",
        "trex",
        "ixia",
        "ixload",
        "ixchariot",
        "breakingpoint",
        "spirent",
        "avalanche",
        "testcenter",
        "grafana",
        "artillery",
        "drill",
        "fortio",
        "nighthawk",
        "wrk-cmm",
        "goose",
    ]
)
_TOOL_CUE = lazyre.compile(
    r"(?i:\b(?:load|traffic|test|request)[ \t-]?generat\w*|\bgenerat\w*[ \t]+(?:[a-z0-9-]+[ \t]+){0,4}?"
    r"(?:traffic|load|requests|connections|transactions|sessions)\b"
    r"|\b(?:traffic|load|requests|transactions)[ \t]+(?:was|were)[ \t]+generated\b"
    r"|\b(?:load|test(?:ing)?|benchmark\w*|stress)[ \t-]"
    r"(?:tool|equipment|client|harness|gear)s?\b|\bused[ \t]+to[ \t]+(?:generate|measure|drive|"
    r"load|simulate|emulate|monitor|send|replay|record)\b"
    r"|\bused[ \t]+for[ \t]+(?:the[ \t]+|all[ \t]+)?(?:[a-z-]+[ \t]+)?(?:tests?|testing|"
    r"measurements?|benchmarks?)\b|\b(?:test|testing)?[ \t]?equipment\b"
    r"|\b(?:traffic|load)[ \t-](?:sources?|drivers?)\b)"
)
# a name followed by the kind of system claimcheck reviews ("the Ickham proxy", "the Orla
# gateway") names that system, whatever drives the load in the same sentence ("appliance"
# is not one: test gear is sold as appliances too)
_DEVICE_HEAD = lazyre.compile(
    r"[ \t]{1,8}+(?i:(?:reverse[ \t]++)?prox(?:y|ies)|gateways?|load[ \t]++balancers?|firewalls?"
    r"|ADCs?|ingress(?:[ \t]++controllers?)?)\b"
)
# "... using (the) X": what a test is run with, not what it tests
_USING_BEFORE = lazyre.compile(r"(?i:\busing[ \t]+(?:the[ \t]+)?)$")
_BACKEND_CUE = lazyre.compile(
    r"(?i:\bback[ -]?ends?\b|\bupstreams?\b|\borigin[ \t]+servers?\b|\bapplication[ \t]+"
    r"servers?\b|\bno[ \t]+proxy\b|\bdirect(?:ly)?\b|\bbaseline\b|\bbehind[ \t]+(?:the|each)\b)"
)
_LAB_SUFFIX = lazyre.compile(
    r"(?i:\b(?:labs?|laboratory|laboratories|institute|university|research|group|consulting|"
    r"partners|associates|testing|test[ \t]house)\.?$)"
)
_LAB_CUE = lazyre.compile(
    r"(?i:\b(?:engaged|commissioned|hired|retained|contracted)[ \t]+$|\b(?:conducted|performed|"
    r"audited|verified)[ \t]+by[ \t]+$)"
)


def kind_of(
    name_words: list[str],
    contexts: list[tuple[str, int, int]],
    strong: bool,
) -> str:
    """The kind of an entity: ``name_words`` are the words of its name, ``contexts`` the
    sentences naming it as (sentence text, mention start, mention end) relative to the
    sentence, ``strong`` whether the report puts it on a compared axis (a table axis, a
    "vs" title or a list of tested systems). A name is a tool's when it starts with a tool's
    name ("wrk2", "k6 v0.49") or is made of tool names ("Spirent Avalanche"): a product
    whose model merely shares a tool's name ("Kestrel K6") is not one."""
    words = [w.lower() for w in name_words]
    if words and (words[0] in TOOL_NAMES or all(w in TOOL_NAMES for w in words)):
        return TOOL
    if any(_LAB_SUFFIX.search(w) for w in name_words[-1:]):
        return LAB
    tool = backend = lab = 0
    for text, start, end in contexts:
        before = text[max(0, start - 40) : start]
        near = text[max(0, start - 60) : end + 60]
        if _LAB_CUE.search(before):
            lab += 1
        if _DEVICE_HEAD.match(text, end):
            continue  # "the Ickham proxy": named as the system, not as what drives the load
        if _TOOL_CUE.search(text[max(0, start - 100) : end + 120]) or _USING_BEFORE.search(before):
            tool += 1
        if _BACKEND_CUE.search(near):
            backend += 1
    if lab and not strong:
        return LAB
    if strong:
        return BACKEND if _label_is_baseline(contexts) else DUT
    if tool and tool * 3 >= len(contexts):
        return TOOL  # named as what drives the load in a third of its sentences
    if backend and backend * 2 >= len(contexts):
        return BACKEND
    return DUT


def _label_is_baseline(contexts: list[tuple[str, int, int]]) -> bool:
    """A table label that says it is the path without the proxy ("echo-server, direct", "backend (no proxy)")."""
    return any(_BASELINE_LABEL.match(text, end) for text, _, end in contexts)


_BASELINE_LABEL = lazyre.compile(r"[ \t,(/-]{0,4}+(?i:direct|no[ \t]proxy|baseline|bare)\b")
