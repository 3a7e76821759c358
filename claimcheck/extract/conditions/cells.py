"""One table cell under a column header -> one condition.

The header picks the condition; the cell is parsed with the same helpers as prose.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from claimcheck import lazyre, regexlit
from claimcheck.extract.conditions import device, http, load, method, tls, tools
from claimcheck.extract.conditions.base import (
    Ctx,
    RawCondition,
    clean,
    int_list,
    one_or_list,
    parse_duration,
    to_int,
)
from claimcheck.extract.quantities import scan
from claimcheck.textkeys import fold
from claimcheck.units import convert

YES = {"yes", "y", "true", "enabled", "on", "x", "✓", "✔", "used"}
NO = {"no", "n", "false", "disabled", "off", "none", "not used", "-", "—"}
Result = tuple[str, Any, bool] | None  # name, value, negated
Parser = Callable[[str, str], Result]


def _yes_no(cell: str) -> bool | None:
    c = cell.strip().lower().rstrip(".")
    return True if c in YES else False if c in NO else None


def _first(detector: Callable[[Ctx], list[RawCondition]], cell: str) -> Any:
    found = detector(Ctx(cell))
    return found[0].value if found else None


# a value with a rate's unit is a result written under a requests-per-connection label
# ("80 requests per TLS session: 10,797 TPS"), not a count of requests
_RATE_UNITS = ("tps", "rps", "cps", "/s", "/sec", "per second", "gbps", "mbps")


def _rpc(cell: str, header: str) -> Result:
    low = cell.lower()
    if any(u in low for u in _RATE_UNITS):
        return None
    value = one_or_list(int_list(cell.split("(")[0]))
    return ("requests_per_connection", value, False) if value is not None else None


def _layer(cell: str, header: str) -> Result:
    yn = _yes_no(cell)
    if yn is not None:
        l7 = yn if re.search(r"7", header) else not yn
        return "processing_layer", "L7" if l7 else "L4", False
    c = cell.upper().replace(" ", "").replace("LAYER", "L")
    if "L7" in c or "HTTP" in c:
        return "processing_layer", "L7", False
    if "L4" in c or "TCP" in c:
        return "processing_layer", "L4", False
    return None


_HEADER_UNIT_RE = lazyre.compile(r"\((bytes?|b|kb|kib|mb|mib)\)")

_CELL_SIZE_RE = lazyre.compile(
    r"(?<![\w.])(?!(?<=\d,)\d{3}(?!\d))(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?[ \t]*(bytes?|b|kb|kilobytes?|kib|mb|megabytes?"
    r"|mib)(?![\w])",
    re.IGNORECASE,
)
_CELL_SIZE_UNITS = {"b": 1, "byte": 1, "bytes": 1, "kb": 1000, "kilobyte": 1000, "kilobytes": 1000,
                    "kib": 1024, "mb": 1_000_000, "megabyte": 1_000_000, "megabytes": 1_000_000,
                    "mib": 1_048_576}  # fmt: skip


def _size(cell: str, header: str) -> Result:
    sizes = [
        round(
            float(m.group(1).replace(",", "") + (m.group(2) or ""))
            * _CELL_SIZE_UNITS[fold(m.group(3))]
        )
        for m in _CELL_SIZE_RE.finditer(cell)
    ]
    unit = _HEADER_UNIT_RE.search(header)
    if not sizes and unit:
        scale = _CELL_SIZE_UNITS[fold(unit.group(1))]
        sizes = [
            round(float(n.replace(",", "")) * scale)
            for n in re.findall(r"\d[\d,]*(?:\.\d+)?", cell)
        ]
    value = one_or_list(sizes)
    return ("object_size", value, False) if value is not None else None


def _notes(cell: str, header: str) -> Result:
    from claimcheck.extract.conditions import conditions_in_text  # the prose reader, lazily

    found = [c for c in conditions_in_text(cell) if not c.hedged]
    return (found[0].name, found[0].value, found[0].negated) if found else None


def _tls_version(cell: str, header: str) -> Result:
    v = _first(tls.tls_version, cell)
    if v is None:
        m = re.search(r"(?<![\d.])v?(\d(?:\.\d)?)(?![\d.])", cell)
        proto = "SSL" if "ssl" in (cell + header).lower() and "tls" not in cell.lower() else "TLS"
        v = tls.norm_tls_version(proto, m.group(1)) if m else None
    return ("tls_version", v, False) if v else None


def _cipher(cell: str, header: str) -> Result:
    v = _first(tls.cipher, cell) or clean(cell).upper()
    return ("cipher", v, False) if v and len(v) <= 80 else None


def _key_size(cell: str, header: str) -> Result:
    v = _first(tls.key_size, cell)
    if v is None:
        m = re.search(r"\d{3,5}|[1-8][ \t]?[Kk]\b", cell)
        v = tls.key_bits(m.group(0)) if m else None
    return ("key_size", v, False) if v else None


def _key_type(cell: str, header: str) -> Result:
    v = _first(tls.key_type, cell)
    return ("key_type", v, False) if v else None


def _reuse(cell: str, header: str) -> Result:
    yn = _yes_no(cell)
    return ("tls_session_reuse", yn, not yn) if yn is not None else None


def _pipelining(cell: str, header: str) -> Result:
    n = to_int(cell.strip())
    if n is not None:
        return ("pipelining", n, False) if n > 1 else ("pipelining", False, False)
    yn = _yes_no(cell)
    return ("pipelining", yn, not yn) if yn is not None else None


def _close(cell: str, header: str) -> Result:
    v = _first(http.connection_close, cell)
    return ("connection_close", v, False) if v else None


def _license(cell: str, header: str) -> Result:
    v = _first(load.license_cap, cell) or load.identifier_cap(cell)
    if v is None:
        rates = [q for q in scan(cell) if q.unit in ("Gbps", "Mbps", "kbps", "Tbps")]
        v = load.cap_value(rates[0].value, rates[0].unit) if rates else None
    return ("license_cap", v, False) if v else None


def _load(kind: str) -> Callable[[str, str], Result]:
    def parse(cell: str, header: str) -> Result:
        value = one_or_list(int_list(cell.split("(")[0]))
        if value is None:
            return None
        setting: dict[str, Any] = {"kind": kind, "value": value}
        if load.PER_DEVICE_RE.search(cell):
            setting["per_device"] = True
        return "load_setting", setting, False

    return parse


def _concurrency(cell: str, header: str) -> Result:
    value = one_or_list(int_list(cell.split("(")[0]))
    return ("concurrency", value, False) if value is not None else None


def _interfaces(cell: str, header: str) -> Result:
    v = _first(device.interfaces, cell)
    return ("interfaces", v, False) if v else None


def _hardware(key: str) -> Callable[[str, str], Result]:
    def parse(cell: str, header: str) -> Result:
        if key == "instance_type":
            v: Any = cell.strip().split()[0].lower() if cell.strip() else None
        else:
            m = re.search(r"\d+(?:\.\d+)?", cell)
            v = (float(m.group(0)) if "." in m.group(0) else int(m.group(0))) if m else None
        return ("hardware", {key: v}, False) if v else None

    return parse


# A trailing parenthesis holding a year: "11.4.1 (released 2013)".
_DATE_RE = lazyre.compile(r"(?<!\s)\s*\((?=[^()]*?\d{4})[^()]*+\)\s*$")


def _version(cell: str, header: str) -> Result:
    v = _DATE_RE.sub("", cell.strip())
    v = re.sub(r"^(?:version|ver\.?|release|v)\s*(?=[A-Z]?\.?\d)", "", v, flags=re.IGNORECASE)
    v = clean(v)
    return ("software_version", v, False) if v and any(c.isdigit() for c in v) else None


def _profile(cell: str, header: str) -> Result:
    text = clean(cell)
    named = text and all(w[:1].isupper() or w[:1].isdigit() for w in text.split())
    v = _first(device.profile, cell) or (device.profile_name(text) if named else text)
    return ("profile", v, False) if v else None


def _generator(cell: str, header: str) -> Result:
    v = _first(tools.traffic_generator, cell)
    if v is None and clean(cell):
        v = {"name": clean(cell), "version": None, "limit": None}
    return ("traffic_generator", v, False) if v else None


def _duration(cell: str, header: str) -> Result:
    v = parse_duration(cell.strip())
    if v is None:
        qs = [q for q in scan(cell) if q.unit in ("second", "minute", "hour")]
        v = convert(qs[0].value, qs[0].unit, "second") if qs else None
    return ("duration", float(v), False) if v else None


def _runs(cell: str, header: str) -> Result:
    found = _first(method.runs, cell)
    n = to_int(cell.strip())
    value = {"count": n, "policy": None} if n else found
    return ("runs", value, False) if value else None


def _latency_stat(cell: str, header: str) -> Result:
    v = _first(method.latency_statistic, cell + " latency")
    return ("latency_statistic", v, False) if v else None


def _text(name: str) -> Callable[[str, str], Result]:
    def parse(cell: str, header: str) -> Result:
        return (name, clean(cell), False) if clean(cell) else None

    return parse


def _power(cell: str, header: str) -> Result:
    v = _first(method.power_method, cell + " power")
    for word in ("measured", "allocated", "nameplate"):
        if v is None and word in cell.lower():
            v = word
    return ("power_method", v, False) if v else None


def _errors(cell: str, header: str) -> Result:
    n = to_int(cell.strip())
    if n is None:
        return None
    h = header.lower()
    kind = ("timeouts" if "timeout" in h else "non_2xx" if "2xx" in h
            else "connection_closed" if "closed" in h or "reset" in h
            else "failures" if "fail" in h else "errors")  # fmt: skip
    return "errors", {"count": n, "kind": kind, "text": clean(cell)}, False


def _placement(cell: str, header: str) -> Result:
    v = _first(device.client_placement, cell + " client")
    return ("client_placement", v, False) if v else None


HEADERS: list[tuple[str, Callable[[str, str], Result]]] = [
    (r"requests?\s*(?:per|/)\s*(?:tcp\s*|ssl\s*|tls\s*)?(?:connection|conn|session)", _rpc),
    (r"(?:layer\s*[47]|l[47])\s*(?:processing|inspection|only)|processing\s*layer|^layer$", _layer),
    (r"(?:file|object|response|page|payload|body|transfer)\s*sizes?|^sizes?\b", _size),
    (r"(?:tls|ssl|protocol)\s*version|^protocol$|transport\s*layer\s*security|^tls$"
     r"|encryption\s*protocol", _tls_version),
    (r"cipher", _cipher),
    (r"key\s*(?:size|length|bits)|certificates?|^keys?$", _key_size),
    (r"key\s*type|curve|key\s*exchange", _key_type),
    (r"session\s*(?:reuse|resumption|tickets?|ids?|cache)", _reuse),
    (r"pipelin", _pipelining),
    (r"(?:connection|tcp)\s*(?:close|termination|teardown)|close\s*method", _close),
    (r"licen[cs]e", _license),
    (r"sim\s*users|simulated\s*users", _load("simusers")),
    (r"virtual\s*users|^vus?$", _load("vus")),
    (r"^clients$|client\s*count|number\s*of\s*clients|simulated\s*clients", _load("clients")),
    (r"cpu\s*target|target\s*cpu", _load("cpu_target")),
    (r"^concurrency|concurrency\s*level|concurrent\s*users|simultaneous\s*users", _concurrency),
    (r"uplinks?|interfaces?|^ports?$|nics?\b|^links?$", _interfaces),
    (r"instance\s*(?:size|type)|vm\s*size|machine\s*type|^instance$", _hardware("instance_type")),
    (r"vcpu", _hardware("vcpu")),
    (r"cores", _hardware("cores")),
    (r"memory|\bram\b", _hardware("memory_gb")),
    (r"software\s*(?:version|release)|^version$|firmware|^release$|^build$|os\s*version"
     r"|^software$", _version),
    (r"profile|^mode$", _profile),
    (r"traffic\s*generator|load\s*generator|test\s*tool|^tools?$|load\s*tool|test\s*equipment",
     _generator),
    (r"duration|run\s*time|test\s*length|test\s*time", _duration),
    (r"^runs$|iterations|repetitions|number\s*of\s*runs|trials", _runs),
    (r"latency\s*(?:statistic|metric|percentile)|^percentile$|^statistic$", _latency_stat),
    (r"(?:failure|pass|success|acceptance)\s*criteri", _text("failure_criteria")),
    (r"power\s*(?:method|measurement|source)|measurement\s*method", _power),
    (r"^errors?$|timeouts?|non-2xx|^failures$|^failed", _errors),
    (r"client\s*(?:placement|location|host)|generator\s*(?:host|location)", _placement),
    (r"^l7\s*(?:rule|decision|policy)|content\s*rule|switching\s*rule", _text("l7_decision")),
    (r"^(?:notes?|comments?|remarks?|details?|configuration)$", _notes),
]  # fmt: skip
_HEADER_RES = [(lazyre.compile(p, re.IGNORECASE), f) for p, f in HEADERS]
_TAG_RE = lazyre.compile(r"<[^>]{0,40}>")


def cell_condition(header: str, cell: str, start: int, end: int) -> RawCondition | None:
    """The condition a cell sets under its column header, or None."""
    h, parse = column_parser(header)
    if parse is None:
        return None
    c = _TAG_RE.sub("", cell).strip().strip("*").strip()
    if not c or len(c) > 500:
        return None
    found = parse(c, h)
    if found is None:
        return None
    name, value, negated = found
    return RawCondition(name, value, start, end, cell, negated)


@functools.lru_cache(maxsize=4096)  # a column's header comes back for each of its rows
def column_parser(header: str) -> tuple[str, Parser | None]:
    """The header as the parsers read it (clean, lower case), and the parser of the first
    of :data:`HEADERS` it matches; None for a header that names no condition."""
    h = clean(_TAG_RE.sub("", header).replace("*", " ")).lower()
    if not h or len(h) > 200:
        return h, None
    # behind the literal gates: a header compiles only the patterns it may match
    return h, next((parse for rx, parse in _HEADER_RES if regexlit.search(rx, h, h)), None)
