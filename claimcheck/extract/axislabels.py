"""Type one table axis label: a metric (with its unit), a statistic, a test condition, a
run, a computed column, an entity, or a label-column header that says what its labels are.

A label is read by the words and units it is made of, never by a list of products: a
header that names no metric, statistic, condition or computation and reads as a name is
an entity candidate, and :mod:`claimcheck.extract.grid` decides from the whole table
whether such labels are the products compared. Labels are short; each is cut to
``MAX_LABEL`` characters before any pattern runs on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from claimcheck import lazyre
from claimcheck.textkeys import fold
from claimcheck.units import canonical_unit, dimensionality

MAX_LABEL = 80

AXIS_ENTITY = "entity"
AXIS_METRIC = "metric"
AXIS_STATISTIC = "statistic"
AXIS_CONDITION = "condition"
AXIS_RUN = "run"
AXIS_COMPUTED = "computed"
AXIS_ATTRIBUTE = "attribute"  # a per-entity description: version, language, router, notes
AXIS_UNKNOWN = "unknown"


@dataclass(slots=True)
class Label:
    """What one axis label says. ``kind`` is one of the AXIS_* names; a label may name a
    metric and a statistic at once ("p99 latency (ms)")."""

    text: str
    kind: str = AXIS_UNKNOWN
    metric: str | None = None
    unit: str = ""
    statistic: str | None = None
    condition: tuple[str, str] | None = None  # (name, value as written)
    setting: bool = False  # a metric the test imposed (offered load, target rate)
    header_of: str | None = None  # for a label-column header: what its labels are
    notes: list[str] = field(default_factory=list)  # footnote markers found on it


_I = re.IGNORECASE
# -- statistics -------------------------------------------------------------------------------
_STAT = lazyre.compile(
    r"(?<![\w.])(?:(p|percentile[ ]?|tp)(\d{1,2}(?:\.\d{1,3})?)(?:th)?(?:[ ]?percentile)?"
    r"|(\d{1,2}(?:\.\d{1,3})?)(?:th|%)[ ]?(?:percentile|pct|%ile)"
    r"|(mean|avg|average|median|min|minimum|max|maximum|std[ .]?dev|stdev|std|sd|sigma|σ|"
    r"best|worst|peak))(?![\w])",
    _I,
)
_STAT_NAMES = {"avg": "mean", "average": "mean", "mean": "mean", "median": "p50",
               "minimum": "min", "min": "min", "maximum": "max", "max": "max", "peak": "max",
               "stdev": "stdev", "std": "stdev", "sd": "stdev", "sigma": "stdev", "σ": "stdev",
               "best": "best", "worst": "worst"}  # fmt: skip

# -- metrics: words of a header that name the metric family -----------------------------------
_METRICS = (
    ("efficiency", lazyre.compile(r"(?:/|\bper[ ])(?:watt|w)\b", _I)),
    ("ssl_tps", lazyre.compile(r"\b(?:ssl|tls)[ ]?(?:tps|transactions|handshakes)|handshakes?[ ]?(?:/|per)[ ]?s", _I)),
    ("cps", lazyre.compile(r"\bcps\b|\bconn(?:ection)?s?[ ]?(?:/|per)[ ]?s(?:ec(?:ond)?)?\b|connections per second|new connections", _I)),
    ("rps", lazyre.compile(r"\b(?:rps|qps|tps)\b|\breq(?:uest)?s?[ ]?(?:/|per)[ ]?s(?:ec(?:ond)?)?\b|requests per second|\breq(?:uest)?s?/sec|\btrans(?:actions)?[ ]?(?:/|per)[ ]?s", _I)),
    ("latency", lazyre.compile(r"latency|response[ -]time|\brtt\b|delay|\bttfb\b", _I)),
    ("throughput", lazyre.compile(r"throughput|bandwidth|goodput|transfer(?:[ ]?rate|/s)?|\b[kmgt]?bps\b|\b[kmgt]i?b/s(?:ec)?\b|\b[kmgt]bit/s\b", _I)),
    ("cpu", lazyre.compile(r"\bcpu\b|utili[sz]ation|\bcores?[ ]in[ ]use\b|\bcores?[ ]used\b|\bload[ ]avg", _I)),
    ("memory", lazyre.compile(r"\bmem(?:ory)?\b|\brss\b|\bheap\b|\bram[ ]used\b", _I)),
    ("errors", lazyre.compile(r"\berrors?\b|\bfail(?:ed|ures?)\b|\btimeouts?\b|\bnon-?2xx\b", _I)),
    ("power", lazyre.compile(r"\bpower\b|\bwatts?\b|\(w\)|\bdraw\b", _I)),
    ("concurrent_connections", lazyre.compile(r"\bconcurrent[ ]connections\b|\bmax(?:imum)?[ ]connections\b|\bconnection[ ]capacity\b", _I)),
    ("requests", lazyre.compile(r"^(?:total[ ])?requests(?:[ ]completed|[ ]served)?$|^completed$", _I)),
)  # fmt: skip
_UNIT_IN = lazyre.compile(
    r"[(\[]([^()\[\]]{1,12})[)\]]|(?<![\w/])((?:[kmgtµu]?s|ms|µs|us|ns|[kmgt]?bps|[kmgt]i?b/s|[kmgt]i?b|"
    r"req/s(?:ec)?|requests/s(?:ec)?|rps|cps|tps|qps|%|w|watts?|milliseconds|microseconds|seconds))(?![\w/])",
    _I,
)
UNIT_ALIASES = {"rps": "RPS", "qps": "RPS", "req/s": "RPS", "req/sec": "RPS",
                 "requests/s": "RPS", "requests/sec": "RPS", "cps": "CPS", "tps": "TPS",
                 "%": "percent", "w": "watt", "watt": "watt", "watts": "watt", "us": "µs",
                 "sec": "s", "secs": "s", "seconds": "s"}  # fmt: skip
FAMILY_UNIT = {"rps": "RPS", "cps": "CPS", "ssl_tps": "TPS", "cpu": "percent", "power": "watt"}

# -- conditions: a size, a number of connections, CPUs or threads, an offered load, a test ----
_SIZE = lazyre.compile(
    r"(\d{1,6}(?:\.\d{1,3})?)[ ]?(b|bytes?|kb|kib|k|mb|mib|gb|kilobytes?|megabytes?)"
    r"(?:[ ](?:files?|objects?|responses?|bodies|body|payloads?|pages?|messages?))?",
    _I,
)
_CONCURRENCY = lazyre.compile(
    r"(?:c[ ]?=[ ]?|-c[ ]?|concurrency[ ]?:?[ ]?)(\d{1,7})|(\d[\d,]{0,8})[ ]?(?:concurrent[ ]?)?"
    r"(?:connections?|conns?|clients?|users?|vus|virtual[ ]users|streams?|sessions?)"
    r"(?:[ ]concurrent)?",
    _I,
)
_CPUS = lazyre.compile(r"(\d{1,4})[ ]?(?:v?cpus?|cores?|workers?|vcores?|threads?|procs?)", _I)
_LOAD = lazyre.compile(
    r"(?:at[ ])?(\d[\d,.]{0,9}[ ]?[km]?)[ ]?(?:rps|qps|req(?:uest)?s?/s(?:ec)?|requests per second|"
    r"cps|tps)(?:[ ](?:load|offered|target))?|idle|no[ ]load|(?:peak|full|half|light|heavy)[ ]load",
    _I,
)
_RUN = lazyre.compile(
    r"(?:run|trial|iteration|round|pass|attempt)[ ]?#?[ ]?(\d{1,3})|(\d{1,3})(?:st|nd|rd|th)[ ]run",
    _I,
)
_COMPUTED = lazyre.compile(
    r"\b(?:diff(?:erence)?|delta|improvement|gain|change|speed-?up|slow-?down|ratio|relative|"
    r"faster|slower|better|worse|advantage|overhead|increase|decrease|vs\.?|versus|compared)\b"
    r"|^[x×%]$|^\(?%\)?$|\bx[ ]?(?:factor|times)\b|^times$",
    _I,
)
_ATTRIBUTE = lazyre.compile(
    r"^(?:version|ver\.?|release|build|language|lang|runtime|router|notes?|comments?|remarks?|"
    r"license|licence|type|kind|category|mode|config(?:uration)?|image|os|platform|"
    r"written[ ]in|image[ ]size(?:[ ]\(\w+\))?|url|link|website|homepage|round-?robin)$",
    _I,
)

# -- headers of a label column ----------------------------------------------------------------
_ENTITY_HEADER = lazyre.compile(
    r"^(?:device|product|model|dut|system|appliance|platform|solution|proxy|reverse[ ]proxy|"
    r"server|web[ ]server|load[ ]balancer|lb|adc|firewall|gateway|api[ ]gateway|framework|"
    r"library|implementation|software|contender|competitor|vendor|name|engine|runtime|"
    r"mesh|service[ ]mesh|ingress(?:[ ]controller)?|controller|target|stack|router|"
    r"vendor/device|balancer|application|app|tool|project)s?$",
    _I,
)
_CONDITION_HEADER = (
    ("object_size", lazyre.compile(r"^(?:(?:object|file|response|body|payload|page|message|request)[ ])?sizes?(?:[ ]\(\w+\))?$|^payload$|^object$|^file$", _I)),
    ("requests_per_connection", lazyre.compile(r"^(?:http[ ])?requests?[ ]per[ ](?:tcp[ ])?connection$", _I)),
    ("concurrency", lazyre.compile(r"^(?:concurrency|concurrent[ ](?:users|clients)|connections|conns|clients|users|vus|virtual[ ]users|streams|c)(?:[ ]\(\w+\))?$", _I)),
    ("cpus", lazyre.compile(r"^(?:cpus?|vcpus?|cores|cpu[ ]cores|workers|worker[ ]processes|threads|processes|instances|nodes)$", _I)),
    ("load_setting", lazyre.compile(r"^(?:load|offered[ ]load|target[ ](?:rate|rps|load)|rate|request[ ]rate|arrival[ ]rate|throttle|rate[ ]limit)(?:[ ]\([^)]{1,12}\))?$", _I)),
    ("test", lazyre.compile(r"^(?:test|tests|test[ ]case|scenario|workload|benchmark|case|endpoint|route|protocol|algorithm|mode|configuration|setup|profile|method|operation)s?$", _I)),
    ("run", lazyre.compile(r"^(?:run|trial|iteration|round|pass|attempt)s?(?:[ ]#)?$", _I)),
)  # fmt: skip
_STAT_HEADER = lazyre.compile(r"^(?:statistic|stat|percentile|quantile|summary|measure)s?$", _I)
_METRIC_HEADER = lazyre.compile(
    r"^(?:metric|measurement|kpi|result|category|benchmark[ ]metric)s?$", _I
)
_KEY_HEADER = lazyre.compile(
    r"^(?:parameter|property|spec(?:ification)?|feature|item|component|setting|attribute|key|"
    r"field|characteristic|resource|hardware|environment|detail)s?$",
    _I,
)
# keys of a test bed or a product's build: a spec, never a result
_SPEC_KEY = lazyre.compile(
    r"^(?:cpu|cpus|processor|vcpus?|cores|ram|memory|mem|network|nic|nics|ethernet|link|links|"
    r"interfaces?|ports?|disk|storage|ssd|os|kernel|operating[ ]system|instance(?:[ ]type)?|"
    r"machine|host|hardware|chassis|form[ ]factor|rack[ ]units?|power[ ]supply|psu|"
    r"(?:network|link|port|nic|interface)[ ](?:speed|bandwidth|capacity))\b",
    _I,
)
_SETTING_KEY = lazyre.compile(
    r"^(?:connections|concurrency|threads|duration|rate|target[ ]rate|offered[ ]load|load|"
    r"requests|keep-?alive|pipelin\w*|warm-?up|clients|users|vus|timeout)\b",
    _I,
)


_LOAD_HEAD = lazyre.compile(
    r"(?:sim(?:ulated)?[ ]?users|virtual[ ]users|vus|users|clients|connections|concurrency|"
    r"threads|workers|requests[ ]per[ ]connection|offered[ ]load|target[ ]load)\b"
    r"(?![ ]?(?:/|per)[ ]?s(?:ec(?:ond)?)?\b)",
    _I,
)
_PHRASE_WORD = lazyre.compile(r"\b(?:per|of|at|with|by|in|for|on|from|to|and|or|the)\b")


def _cut(text: str) -> str:
    return " ".join(text[:MAX_LABEL].split())


def statistic_of(text: str) -> str | None:
    """The summary statistic a label names ("P99 (ms)" -> "p99", "Avg latency" -> "mean")."""
    cut = _cut(text)
    m = _STAT.search(cut)
    if m is None:
        return None
    if m.group(1) == "P" and len(m.group(2)) == 1 and _model_number(cut[: m.start()]):
        return None  # "Parrot P2": a model number after a name, not the 2nd percentile
    if m.group(2) or m.group(3):
        num = m.group(2) or m.group(3)
        return "p50" if num == "50" else f"p{num}"
    return _STAT_NAMES.get(fold(m.group(4)).replace(" ", "").replace(".", ""), "stdev")


def _model_number(before: str) -> bool:
    """Is "P<n>" right after ``before`` part of a product name: the word before it is a
    capitalised name that names no metric ("Parrot P2", not "Latency P99")?"""
    words = before.split()
    if not words or not words[-1][:1].isupper():
        return False
    return metric_of(before) is None and _STAT.search(before) is None and not unit_of(before)


def metric_of(text: str) -> str | None:
    """The metric family a label's words name first, or None ("Latency at 100k RPS" is a
    latency)."""
    low = _cut(text)
    best: tuple[int, str] | None = None
    if _METRICS[0][1].search(low):
        return "efficiency"  # "RPS/Watt" is a figure per watt, whatever it counts
    for family, pattern in _METRICS:
        m = pattern.search(low)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), family)
    return best[1] if best else None


def unit_of(text: str) -> str:
    """The unit a label states ("Latency (ms)" -> "ms", "Req/s" -> "RPS"), or ""."""
    for m in _UNIT_IN.finditer(_cut(text)):
        raw = (m.group(1) or m.group(2) or "").strip()
        unit = UNIT_ALIASES.get(fold(raw)) or canonical_unit(raw)
        if unit:
            return unit
    return ""


def condition_of(text: str) -> tuple[str, str] | None:
    """The test condition a label is ("1 KB" -> object_size, "c=50" -> concurrency,
    "10k RPS" -> load_setting, "8 CPUs" -> cpus, "Run 2" -> run), or None. The whole label
    must be the condition: "Memory (MB)" is not a size."""
    low = _cut(text).strip("*: ")
    for name, pattern in (("object_size", _SIZE), ("concurrency", _CONCURRENCY),
                          ("cpus", _CPUS), ("load_setting", _LOAD), ("run", _RUN)):  # fmt: skip
        if pattern.fullmatch(low):
            return name, low
    return None


def header_kind(text: str) -> str | None:
    """What the labels under a label-column header are: "entity", "statistic", "metric",
    "key" (a key-value table) or a condition name; None when the header says nothing."""
    low = _cut(text).strip("*: ")
    if not low:
        return None
    if _ENTITY_HEADER.fullmatch(low):
        return AXIS_ENTITY
    if _STAT_HEADER.fullmatch(low):
        return AXIS_STATISTIC
    if _METRIC_HEADER.fullmatch(low):
        return AXIS_METRIC
    if _KEY_HEADER.fullmatch(low):
        return "key"
    for name, pattern in _CONDITION_HEADER:
        if pattern.fullmatch(low):
            return name
    return None


def is_spec_key(text: str) -> bool:
    """A key of a test bed or product description ("CPU", "Network", "RAM"): its value is a
    spec, not a result."""
    return _SPEC_KEY.match(_cut(text).strip("*: -")) is not None


def is_setting_key(text: str) -> bool:
    """A key that names what the test imposed ("Connections", "Duration", "Target rate")."""
    return _SETTING_KEY.match(_cut(text).strip("*: -")) is not None


def is_computed(text: str) -> bool:
    """A column computed from the others: a difference, an improvement, a ratio, "vs X"."""
    return _COMPUTED.search(_cut(text)) is not None


def is_attribute(text: str) -> bool:
    """A per-entity description column: version, language, router, image size, notes."""
    return _ATTRIBUTE.fullmatch(_cut(text).strip("*: ")) is not None


@lru_cache(maxsize=4096)
def classify(text: str) -> Label:
    """Type one axis label by its own words (the grid later settles entities)."""
    label = Label(text=text)
    low = _cut(text).strip("*: ")
    if not low:
        return label
    if is_attribute(low):
        label.kind = AXIS_ATTRIBUTE
        return label
    cond = condition_of(low)
    if cond is not None:
        label.kind = AXIS_RUN if cond[0] == "run" else AXIS_CONDITION
        label.condition = cond
        return label
    if _LOAD_HEAD.match(low):  # "SimUsers (L7 RPS)": the load a test ran at, not its result
        label.kind = AXIS_CONDITION
        label.condition = ("load_setting", "")
        return label
    if is_computed(low):
        label.kind = AXIS_COMPUTED
        label.metric = metric_of(low)
        return label
    label.statistic = statistic_of(low)
    label.metric = metric_of(low)
    label.unit = unit_of(low)
    by_unit = family_of_unit(label.unit) if label.unit else None
    if label.metric is None or (label.metric == "throughput" and by_unit in ("rps", "cps")):
        label.metric = by_unit or label.metric
    if label.metric is None and label.statistic in ("p50", "p90", "p95", "p99", "p99.9", "p75"):
        label.metric = "latency"  # a percentile column of a results table is a latency
    if label.metric and label.unit == "" and "core" not in low.lower():
        label.unit = FAMILY_UNIT.get(label.metric, "")
    if label.metric == "efficiency":
        label.unit = _per_watt_unit(low)
    if label.metric is not None:
        label.kind = AXIS_METRIC
        label.setting = label.metric in ("rps", "cps") and _offered(low)
    elif label.statistic is not None:
        label.kind = AXIS_STATISTIC
    return label


_PER_WATT = lazyre.compile(r"([A-Za-z]{2,5})[ ]?(?:/|per)[ ]?(?:watt|w)\b", _I)
_NUMERATOR = {
    "rps": "RPS",
    "cps": "CPS",
    "tps": "TPS",
    "mbps": "Mbps",
    "gbps": "Gbps",
    "kbps": "kbps",
}


def _per_watt_unit(low: str) -> str:
    """ "RPS/Watt" -> "RPS / watt"."""
    m = _PER_WATT.search(low)
    if m is None:
        return ""
    num = fold(m.group(1))
    return f"{_NUMERATOR.get(num, num)} / watt"


_OFFERED = lazyre.compile(r"\b(?:target|offered|requested|configured|limit|set)\b", _I)


def _offered(low: str) -> bool:
    return _OFFERED.search(low) is not None


def family_of_unit(unit: str) -> str | None:
    """The family a bare unit implies in a results header ("(ms)" -> latency)."""
    try:
        dims = dimensionality(unit)
    except Exception:  # noqa: BLE001 - an odd unit names no family
        return None
    if unit == "percent":
        return None
    return {
        "[time]": "latency",
        "[request] / [time]": "rps",
        "[connection] / [time]": "cps",
        "[transaction] / [time]": "rps",
        "[information] / [time]": "throughput",
        "[information]": "memory",
    }.get(dims)


def looks_like_name(text: str) -> bool:
    """A label that could name a product: a letter first or a name-like token, not a
    sentence, not a bare number."""
    low = _cut(text).strip("*`_ ")
    if not low or len(low) > 48 or len(low.split()) > 4 or _PHRASE_WORD.search(low):
        return False
    return bool(re.match(r"[A-Za-z0-9`.]", low)) and any(c.isalpha() for c in low)
