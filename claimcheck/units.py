"""The one pint registry, built lazily from ``units.txt`` beside this module.

Everything that needs units imports :func:`registry` or :func:`parse_unit`;
quantities from two registries never meet.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

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
}


@cache
def registry() -> pint.UnitRegistry:
    """The process-wide unit registry, built on first use."""
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


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


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
        registry().parse_units(expr)
    except Exception:  # pint raises several unrelated types for unknown names
        return None
    return expr


@cache
def dimensionality(unit: str) -> str:
    """Pint dimensionality of a unit expression as a string ('' for dimensionless)."""
    if not unit or unit == "percent":
        return ""
    try:
        dims = registry().parse_units(unit).dimensionality
    except Exception:
        return "?"
    return str(dims) if dims else ""


def convert(value: float, unit: str, target: str) -> float:
    """Convert a value between two compatible unit expressions."""
    reg = registry()
    return float(reg.Quantity(value, unit).to(target).magnitude)


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
