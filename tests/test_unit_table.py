"""The shipped unit table answers exactly as pint would, and is up to date with pint."""

from __future__ import annotations

import json
import logging
from functools import cache
from keyword import iskeyword

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck import _unit_table_build, units


@cache
def _pint():
    """A registry of its own, so the fast path's answers are compared with a fresh pint."""
    return units.build_registry()


def _slow_canonical(spelling: str) -> str | None:
    s = spelling.strip()
    if not s:
        return ""
    expr = units._ALIASES.get(s) or units._ALIASES.get(s.lower())
    if expr is None:
        if not units._PLAIN.fullmatch(s.replace("/", "_").replace(" ", "_")):
            return None
        expr = s
    try:
        _pint().parse_units(expr)
    except Exception:
        return None
    return expr


def _slow_dimensionality(unit: str) -> str:
    if not unit or unit == "percent":
        return ""
    try:
        dims = _pint().parse_units(unit).dimensionality
    except Exception:
        return "?"
    return str(dims) if dims else ""


def _slow_name(unit: str) -> str:
    try:
        return str(_pint().parse_units(unit))
    except Exception:
        return ""


def _slow_convert(value: float, unit: str, target: str) -> float:
    return float(_pint().Quantity(value, unit).to(target).magnitude)


def _same(spelling: str) -> None:
    assert units.canonical_unit(spelling) == _slow_canonical(spelling), spelling
    assert units.dimensionality(spelling) == _slow_dimensionality(spelling), spelling
    assert units._unit_name(spelling) == _slow_name(spelling), spelling


def test_shipped_table_is_what_pint_builds_now() -> None:
    shipped = json.loads(_unit_table_build.TABLE.read_text(encoding="utf-8"))
    assert shipped == _unit_table_build.build(), "run `make units-table`"
    assert _unit_table_build.render(shipped) == _unit_table_build.TABLE.read_text("utf-8")


def _names() -> list[str]:
    return sorted(units._table()["units"])


# Dimensions of the units reports use: every prefix and suffix is tried with all of them.
REPORT_DIMS = {"[information]", "[time]", "[connection]", "[request]", "[transaction]",
               "[session]", "[user]", "[packet]", "[frame]"}  # fmt: skip
STRIDE = 20  # and with every 20th of the other names (all of them take ~1 min)


def _report_unit(dims: str, dimd: dict[str, float]) -> bool:
    return dims in (units.dimensionality("watt"), units.dimensionality("joule"), "") or (
        bool(dimd) and set(dimd) <= REPORT_DIMS
    )


def _prefixed() -> list[str]:
    """Prefixes with unit names, with and without the plural suffix."""
    table = units._table()
    names = sorted(table["units"])
    defs = table["defs"]
    report = [
        n
        for n in names
        if _report_unit(**{k: defs[table["units"][n]][k] for k in ("dims", "dimd")})
    ]
    chosen = sorted({*report, *names[::STRIDE]})
    return [key + name + suffix for key, _, _ in table["prefixes"] for name in chosen
            for suffix in table["suffixes"]]  # fmt: skip


def test_every_name_and_alias_matches_pint() -> None:
    for name in _names():
        _same(name)
    for spelling, expr in units._ALIASES.items():
        _same(spelling)
        _same(expr)
    for expr in _unit_table_build.EXTRA_EXPRESSIONS:
        _same(expr)


def test_every_prefix_name_suffix_combination_matches_pint() -> None:
    """Plain names resolve as pint's get_name does (the expression parser around it is
    compared on every name above; here the name lookup alone, to keep this fast)."""
    reg = _pint()
    logging.disable(logging.WARNING)  # pint logs every ambiguous name
    try:
        _compare_names(reg, _prefixed())
    finally:
        logging.disable(logging.NOTSET)


def _compare_names(reg, spellings: list[str]) -> None:  # noqa: ANN001
    for spelling in spellings:
        if not units._PLAIN.fullmatch(spelling) or spelling.lower() == "nan" or iskeyword(spelling):
            continue
        try:
            want = reg.get_name(spelling)
        except Exception:
            want = None
        fast = units._fast(spelling)
        if want is None:
            assert fast is None, spelling
            continue
        assert fast is not None, spelling
        assert fast["name"] == want, spelling
        dims = reg._get_dimensionality(reg.UnitsContainer({want: 1}) if want else None)
        assert fast["dims"] == (str(dims) if dims else ""), spelling


WORDS = ["devices", "device", "Alpha", "Beta", "cores", "ports", "nan", "NaN", "in", "if",
         "None", "x", "_", "dimensionless", "Mbits", "megabits", "kilobytes", "KiBs", "us",
         "mins", "hrs", "sec", "GHz", "dBm", "degC", "kdegC", "delta_degC", "users", "simusers",
         "Tbpss", "bps", "KB", "Kb", "a1", "kW", "kWh", "MW", "mW", "BTUs", "ms", "Ms"]  # fmt: skip


@pytest.mark.parametrize("word", WORDS)
def test_words_match_pint(word: str) -> None:
    _same(word)


@settings(max_examples=300, deadline=None)
@given(st.from_regex(r"[A-Za-z_][A-Za-z_0-9]{0,8}", fullmatch=True))
def test_random_names_match_pint(word: str) -> None:
    _same(word)


def _targets() -> dict[str, list[str]]:
    """For each dimensionality, the units to convert into: alias targets and base-ish names."""
    out: dict[str, list[str]] = {}
    for expr in sorted({*units._ALIASES.values(), "bit", "second", "meter", "joule", "kelvin"}):
        if units.dimensionality(expr) != "?":
            out.setdefault(units.dimensionality(expr), []).append(expr)
    return out


def test_conversions_match_pint_bit_for_bit() -> None:
    targets = _targets()
    sources = [*_names(), *units._ALIASES.values(), "Mbit", "kbit", "MiB", "kWh", "mW", "us"]
    checked = 0
    for unit in sources:
        if _slow_canonical(unit) is None:
            continue
        for target in targets.get(units.dimensionality(unit), []):
            for value in (1, 3, 1.2345, 9400.0):
                try:
                    want = _slow_convert(value, unit, target)
                except Exception:
                    with pytest.raises(Exception):  # noqa: B017 - whatever pint raises
                        units.convert(value, unit, target)
                    continue
                assert units.convert(value, unit, target) == want, (value, unit, target)
                checked += 1
    assert checked > 1000


def test_fast_conversions_do_not_need_pint() -> None:
    assert units._conversion("Mbps", "bit / second") is not None
    assert units._conversion("Gbit", "MiB") is not None
    assert units._conversion("kWh", "joule") is not None
    assert units._conversion("degC", "kelvin") is None  # offset units: pint converts


def test_plain_words_are_answered_from_the_table() -> None:
    for word in ("devices", "Mbps", "connections", "Gbit", "watts"):
        units._fast(word)  # no KeyError: the table knows
    assert units._fast("devices") is None
    with pytest.raises(KeyError):
        units._fast("bit / hour")  # an expression the table does not hold: pint answers
