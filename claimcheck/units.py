"""Units: the one pint registry, built lazily from ``units.txt`` beside this module.

Everything that needs pint quantities imports :func:`registry`; quantities from
two registries never meet. The string functions (:func:`canonical_unit`,
:func:`dimensionality`, :func:`convert`, ...) answer plain unit names and the
expressions claimcheck writes from ``_unit_table.json``, a table generated from
the same registry (``make units-table``), so a run that needs no quantity never
imports pint; anything the table cannot answer goes to pint.
"""

from __future__ import annotations

import json
import keyword
import re
import sys
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from claimcheck import lazyre

if TYPE_CHECKING:  # pint takes ~0.5 s to import: only when a unit is first needed
    import pint

# Written unit spellings that pint does not know, mapped to pint expressions.
# Keys are matched case-sensitively first, then lower-cased.
_ALIASES: dict[str, str] = {
    "%": "percent",
    "percent": "percent",
    "per cent": "percent",
    "b": "byte",
    "B": "byte",
    "byte": "byte",
    "bytes": "byte",
    "KB": "kilobyte",
    "kB": "kilobyte",
    "Kb": "kilobit",
    "kb": "kilobit",
    "K": "kilobyte",
    "k": "kilobyte",
    "kbyte": "kilobyte",
    "kbytes": "kilobyte",
    "kilobyte": "kilobyte",
    "kilobytes": "kilobyte",
    "KiB": "kibibyte",
    "MB": "megabyte",
    "MiB": "mebibyte",
    "megabyte": "megabyte",
    "megabytes": "megabyte",
    "GB": "gigabyte",
    "GiB": "gibibyte",
    "gigabyte": "gigabyte",
    "gigabytes": "gigabyte",
    "TB": "terabyte",
    "Tb": "terabit",
    "Tbit": "terabit",
    "Tb/s": "Tbps",
    "bit": "bit",
    "bits": "bit",
    "kbit": "kilobit",
    "Mbit": "megabit",
    "Gbit": "gigabit",
    "Mb": "megabit",
    "Gb": "gigabit",
    "Mb/s": "Mbps",
    "Mbit/s": "Mbps",
    "Gb/s": "Gbps",
    "Gbit/s": "Gbps",
    "Kb/s": "kbps",
    "kb/s": "kbps",
    "MB/s": "megabyte / second",
    "GB/s": "gigabyte / second",
    "KB/s": "kilobyte / second",
    "kB/s": "kilobyte / second",
    "gigabits per second": "Gbps",
    "gigabit per second": "Gbps",
    "megabits per second": "Mbps",
    "megabit per second": "Mbps",
    "Gigabits per second": "Gbps",
    "Megabits per second": "Mbps",
    "W": "watt",
    "w": "watt",
    "watt": "watt",
    "watts": "watt",
    "Watt": "watt",
    "Watts": "watt",
    "kW": "kilowatt",
    "BTU": "BTU",
    "BTUs": "BTU",
    "Btu": "BTU",
    "BTU/h": "BTU_per_hour",
    "BTU/hr": "BTU_per_hour",
    "BTUs/hr": "BTU_per_hour",
    "BTU/hour": "BTU_per_hour",
    "BTU per hour": "BTU_per_hour",
    "BTUs per hour": "BTU_per_hour",
    "ms": "millisecond",
    "msec": "millisecond",
    "millisecond": "millisecond",
    "milliseconds": "millisecond",
    "us": "microsecond",
    "µs": "microsecond",
    "μs": "microsecond",
    "microseconds": "microsecond",
    "ns": "nanosecond",
    "s": "second",
    "sec": "second",
    "secs": "second",
    "second": "second",
    "seconds": "second",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "minutes": "minute",
    "hour": "hour",
    "hours": "hour",
    "h": "hour",
    "RU": "dimensionless",
    "req/s": "RPS",
    "reqs/s": "RPS",
    "requests/s": "RPS",
    "requests/sec": "RPS",
    "requests per second": "RPS",
    "conn/s": "CPS",
    "connections/s": "CPS",
    "connections per second": "CPS",
    "transactions per second": "TPS",
    "trans/s": "TPS",
    "RPS/W": "RPS / watt",
    "RPS/Watt": "RPS / watt",
    "RPS/watt": "RPS / watt",
    "Mbps/W": "Mbps / watt",
    "Mbps/Watt": "Mbps / watt",
    "Mbps/watt": "Mbps / watt",
    "Gbps/RU": "Gbps",
    "vCPU": "dimensionless",
    "cores": "dimensionless",
    "connections": "connection",
    "connection": "connection",
    "requests": "request",
    "request": "request",
    "transactions": "transaction",
    "sessions": "session",
    "users": "user",
    "packets": "packet",
    # lower-case and short spellings of write-ups and tool output ("130K rps", "597mb",
    # "200Mi" in a Kubernetes limit, "3MPPS"): "mb" is memory as people type it, not millibarn
    "rps": "RPS",
    "cps": "CPS",
    "tps": "TPS",
    "req/sec": "RPS",
    "reqs/sec": "RPS",
    "conn/sec": "CPS",
    "conns/s": "CPS",
    "connections/sec": "CPS",
    "trans/sec": "TPS",
    "transactions/s": "TPS",
    "transactions/sec": "TPS",
    "KPPS": "kpps",
    "MPPS": "Mpps",
    "mb": "megabyte",
    "gb": "gigabyte",
    "Ki": "kibibyte",
    "Mi": "mebibyte",
    "Gi": "gibibyte",
    "flows": "connection",
    "flow": "connection",
    "millicores": "millicore",
}


def build_registry() -> pint.UnitRegistry:
    """A new registry: pint's defaults with ``bit`` as information, plus ``units.txt``."""
    # pint's defaults make ``bit`` dimensionless; claimcheck needs information as a
    # dimension of its own so that "128 bit" and "128 byte" differ from a plain count.
    pint_files = resources.files("pint")
    constants = pint_files.joinpath("constants_en.txt").read_text(encoding="utf-8")
    defaults = pint_files.joinpath("default_en.txt").read_text(encoding="utf-8")
    defaults = re.sub(r"^@import .*$", "", defaults, flags=re.M)
    defaults = re.sub(r"^bit = \[\]", "bit = [information]", defaults, count=1, flags=re.M)
    import pint

    reg = pint.UnitRegistry(None, autoconvert_offset_to_baseunit=True, cache_folder=None)
    reg.load_definitions(constants.splitlines())
    reg.load_definitions(defaults.splitlines())
    ours = resources.files("claimcheck").joinpath("units.txt").read_text(encoding="utf-8")
    reg.load_definitions(ours.splitlines())
    return reg


@cache
def registry() -> pint.UnitRegistry:
    """The process-wide unit registry, built on first use."""
    return build_registry()


def pint_loaded() -> bool:
    """True once the registry has been built (values may then be pint quantities)."""
    return registry.cache_info().currsize > 0


def is_quantity(value: Any) -> bool:
    """True for a pint quantity, without importing pint (none exists before it is imported)."""
    pint = sys.modules.get("pint")
    return pint is not None and isinstance(value, pint.Quantity)


def quantity(value: float, unit: str) -> Any:
    """``value`` in ``unit`` as a pint quantity (loads pint); the number alone when pint
    does not know the unit."""
    try:
        return registry().Quantity(value, unit or "dimensionless")
    except Exception:  # noqa: BLE001 - an odd unit string: the number alone
        return value


class DeferredQuantity:
    """A number with a unit that becomes a pint quantity (:func:`quantity`) only when
    something reads it: most reports state a licence cap that no expression compares,
    and building the quantity is what would load pint."""

    __slots__ = ("value", "unit", "_built")

    def __init__(self, value: float, unit: str) -> None:
        self.value = value
        self.unit = unit
        self._built: Any = None

    def __repr__(self) -> str:
        return f"DeferredQuantity({self.value!r}, {self.unit!r})"

    def get(self) -> Any:
        """The pint quantity (or the bare number), built once."""
        if self._built is None:
            self._built = quantity(self.value, self.unit)
        return self._built


def resolved(value: Any) -> Any:
    """``value``, with a :class:`DeferredQuantity` replaced by its quantity."""
    return value.get() if type(value) is DeferredQuantity else value


def pint_errors() -> tuple[type[Exception], ...]:
    """pint's error types for an ``except`` clause; none while pint is not imported."""
    pint = sys.modules.get("pint")
    return (pint.PintError,) if pint is not None else ()


# ---------------------------------------------------------------- the table

_PLAIN = lazyre.compile(r"[A-Za-z_][A-Za-z_0-9]*")


@cache
def _table() -> dict[str, Any]:
    text = resources.files("claimcheck").joinpath("_unit_table.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def _resolve(name: str) -> tuple[str, str] | None:
    """(prefix name, unit name) for one plain name as pint's ``get_name`` finds it.

    None when pint knows no such unit; a ``KeyError`` when only pint can tell
    (names pint's expression parser treats specially).
    """
    if name.lower() == "nan" or keyword.iskeyword(name) or not _PLAIN.fullmatch(name):
        raise KeyError(name)
    table = _table()
    units = table["units"]
    if name == "dimensionless":
        return "", ""
    if name in units:
        return "", units[name]
    found: dict[tuple[str, str], None] = {}
    for suffix in table["suffixes"]:
        for key, prefix, _ in table["prefixes"]:
            if name.startswith(key) and name.endswith(suffix):
                stem = name[len(key) :]
                if suffix:
                    stem = stem[: -len(suffix)]
                    if len(stem) == 1:
                        continue
                if stem in units:
                    found[(prefix, units[stem])] = None
    for prefix, unit in list(found):  # ('kilo', 'gram') wins over ('', 'kilogram')
        if prefix:
            found.pop(("", prefix + unit), None)
    if not found:
        return None
    prefix, unit = next(iter(found))
    if prefix and not table["defs"][unit]["mult"]:
        return None  # pint refuses to prefix an offset unit
    return prefix, unit


def _fast(unit: str) -> dict[str, Any] | None:
    """What the table knows about a unit expression: dims, name, container; else KeyError."""
    table = _table()
    known = table["exprs"].get(unit)
    if known is not None:
        return known
    if _names_no_unit(unit):
        return None
    resolved = _resolve(unit)
    if resolved is None:
        return None
    prefix, name = resolved
    if not name:
        return table["exprs"]["dimensionless"]
    d = table["defs"][name]
    if prefix:
        _PREFIXED.setdefault(prefix + name, (prefix, name))
    return {"dims": d["dims"], "dimd": d["dimd"], "name": prefix + name,
            "container": [[prefix + name, 1]]}  # fmt: skip


# Words pint's string preprocessor rewrites before it looks names up ("bytes per second").
_PINT_WORDS = frozenset({"per", "squared", "cubed", "cubic", "square", "sq"})


def _names_no_unit(unit: str) -> bool:
    """True for a product or quotient of plain names ("mature C", "req/conn") one of which
    pint knows no unit by: pint would reject it. False when only pint can tell."""
    if (" " not in unit and "/" not in unit) or "//" in unit or unit.strip() != unit:
        return False
    names = unit.replace("/", " ").split()
    if any(not n or n in _PINT_WORDS or not _PLAIN.fullmatch(n) for n in names):
        return False
    try:
        return any(_resolve(n) is None for n in names)
    except KeyError:
        return False


# Prefixed names met so far -> (prefix, unit): pint defines such a unit on first use.
_PREFIXED: dict[str, tuple[str, str]] = {}


def _chain(unit_name: str) -> list[list[float]] | None:
    """Scale factors pint's root-unit recursion meets for a canonical (maybe prefixed) name."""
    table = _table()
    d = table["defs"].get(unit_name)
    if d is not None:
        return d["chain"]
    found = _PREFIXED.get(unit_name) or _resolve(unit_name)  # a prefixed name from "exprs"
    if not found or not found[0]:
        return None
    prefix, name = found
    scale = next(s for _, p, s in table["prefixes"] if p == prefix)
    rest = table["defs"][name]["chain"]
    return None if rest is None else [[scale, 1], *rest]


def _factor(src: list[list[Any]], dst: list[list[Any]]) -> float | None:
    """pint's conversion factor from container ``src`` to ``dst`` (same dimensionality),
    multiplied in pint's order so the result is bit-for-bit the same; None if not plain."""
    quotient: dict[str, float] = {}
    for name, exp in src:
        quotient[name] = quotient.get(name, 0) + exp
    for name, exp in dst:
        quotient[name] = quotient.get(name, 0) - exp
    numerator: dict[Any, float] = {}
    denominator: dict[Any, float] = {}
    for name, exp in quotient.items():
        if exp == 0:
            continue
        chain = _chain(name)
        if chain is None:
            return None
        for scale, e in chain:
            e2 = exp * e
            if e2 < 0:
                denominator[scale] = denominator.get(scale, 0) - e2
            else:
                numerator[scale] = numerator.get(scale, 0) + e2
    while any(n in denominator for n in numerator):
        for n, e in numerator.items():
            if n in denominator and e >= denominator[n]:
                numerator[n] -= denominator.pop(n)
        for d, e in denominator.items():
            if d in numerator and e >= numerator[d]:
                denominator[d] -= numerator.pop(d)
    factor: Any = 1
    for n, e in numerator.items():
        if e != 0:
            factor *= n**e
    for d, e in denominator.items():
        if e != 0:
            factor *= d**-e
    return factor


# ---------------------------------------------------------------- the functions


@cache
def canonical_unit(spelling: str) -> str | None:
    """The pint expression for a unit as written ("Mb/s" -> "Mbps"), or None if unknown."""
    s = spelling.strip()
    if not s:
        return ""
    expr = _ALIASES.get(s) or _ALIASES.get(s.lower())
    if expr is None:
        if not _PLAIN.fullmatch(s.replace("/", "_").replace(" ", "_")):
            return None
        expr = s
    try:
        return expr if _fast(expr) is not None else None
    except KeyError:
        pass
    try:
        registry().parse_units(expr)
    except Exception:  # pint raises several unrelated types for unknown names
        return None
    return expr


def in_unit_table(spelling: str) -> bool:
    """True when a word is a unit of the unit table ("GHz", "ms", "Gbps"); never loads pint."""
    s = spelling.strip()
    expr = _ALIASES.get(s) or _ALIASES.get(s.lower()) or s
    try:
        return bool(s) and _fast(expr) is not None
    except KeyError:
        return False


@cache
def dimensionality(unit: str) -> str:
    """Pint dimensionality of a unit expression as a string ('' for dimensionless)."""
    if not unit or unit == "percent":
        return ""
    try:
        fast = _fast(unit)
        return "?" if fast is None else fast["dims"]
    except KeyError:
        pass
    try:
        dims = registry().parse_units(unit).dimensionality
    except Exception:
        return "?"
    return str(dims) if dims else ""


class DimensionError(TypeError):
    """Two units of the table measure different things (pint would raise its
    DimensionalityError, also a TypeError)."""


def convert(value: float, unit: str, target: str) -> float:
    """Convert a value between two compatible unit expressions."""
    factor = _conversion(unit, target)
    if factor is not None:
        return float(value * factor)
    if _incompatible(unit, target):
        raise DimensionError(f"cannot convert from {unit!r} to {target!r}")
    reg = registry()
    return float(reg.Quantity(value, unit).to(target).magnitude)


@cache
def _conversion(unit: str, target: str) -> float | None:
    """The factor from the table, or None when pint must convert (or raise)."""
    try:
        src, dst = _fast(unit), _fast(target)
        if src is None or dst is None or src["dimd"] != dst["dimd"]:
            return None
        if src["container"] == dst["container"]:
            return 1
        return _factor(src["container"], dst["container"])
    except KeyError:
        return None


@cache
def _incompatible(unit: str, target: str) -> bool:
    """True when the table knows both units and they measure different things."""
    try:
        src, dst = _fast(unit), _fast(target)
    except KeyError:
        return False
    return src is not None and dst is not None and src["dimd"] != dst["dimd"]


def same_dimension(a: str, b: str) -> bool:
    """True when two unit expressions measure the same kind of thing."""
    return dimensionality(a) == dimensionality(b)


@cache
def _reference(unit: str) -> str:
    return dimensionality(unit)


def is_information(unit: str) -> bool:
    """True for a size in bits or bytes."""
    return bool(unit) and dimensionality(unit) == _reference("bit")


def is_bit_rate(unit: str) -> bool:
    """True for a data rate (bits or bytes per second)."""
    return bool(unit) and dimensionality(unit) == _reference("bit / second")


@cache
def _unit_name(unit: str) -> str:
    try:
        fast = _fast(unit)
        return "" if fast is None else fast["name"] or "dimensionless"
    except KeyError:
        pass
    try:
        return str(registry().parse_units(unit))
    except Exception:
        return ""


def is_bits(unit: str) -> bool:
    """True for an information unit counted in bits rather than bytes."""
    return is_information(unit) and "byte" not in _unit_name(unit)


def is_bytes(unit: str) -> bool:
    """True for an information unit counted in bytes."""
    return is_information(unit) and "byte" in _unit_name(unit)


def is_energy(unit: str) -> bool:
    """True for an energy unit (J, BTU, kWh): not a rate."""
    return bool(unit) and dimensionality(unit) == _reference("joule")


def is_power(unit: str) -> bool:
    """True for a power unit (W, BTU/h)."""
    return bool(unit) and dimensionality(unit) == _reference("watt")


_EVENTS = ("[request]", "[connection]", "[transaction]", "[session]", "[user]")


def is_event_rate(unit: str) -> bool:
    """True for a count of requests, connections, transactions or sessions per unit of
    time (RPS, CPS, TPS): the rates a claim about "handling" or "serving" compares."""
    if not unit:
        return False
    dims = dimensionality(unit)
    head, _, rest = dims.partition(" / ")
    return head in _EVENTS and rest == "[time]"
