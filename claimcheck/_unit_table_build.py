"""Build ``_unit_table.json`` from the pint registry (``make units-table``; needs pint).

The table lets :mod:`claimcheck.units` answer unit questions about plain names
without importing pint: every unit name, symbol and alias with its canonical
name, dimensionality and the chain of scale factors pint multiplies when it
converts to base units; the prefixes and suffixes in pint's lookup order; and
the unit expressions claimcheck writes itself (alias targets). Pint stays the
source of truth: tests rebuild the table and compare it with the shipped one.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

TABLE = Path(__file__).with_name("_unit_table.json")
# Expressions claimcheck's code passes to the unit functions besides the alias targets.
EXTRA_EXPRESSIONS = ("bit / second", "joule", "watt", "byte", "dimensionless", "percent")
# The rates the quantity scanner writes for "<unit> per <unit>" ("Mbps/W" -> "(Mbps) / watt",
# claimcheck.extract.quantities): every plain alias target over each of these.
PER_UNITS = ("second", "hour", "watt")


def per_expressions(targets: set[str]) -> set[str]:
    """``(unit) / per`` for each plain unit name among ``targets`` and each of PER_UNITS."""
    from claimcheck.units import _PLAIN

    plain = {t for t in targets if _PLAIN.fullmatch(t) and t not in ("BTU", "BTU_per_hour")}
    return {f"({t}) / {per}" for t in plain for per in PER_UNITS}


def _dims(container: Any) -> tuple[str, dict[str, float]]:
    return (str(container) if container else ""), dict(sorted(container.items()))


def _chain(reg: Any, name: str) -> list[list[float]] | None:
    """(scale, exponent) in the order pint's root-unit recursion meets them; None when
    pint would not convert by a plain factor (offset units, NaN scales)."""
    out: list[list[float]] = []

    def walk(ref: Any, exp: float) -> bool:
        for key in ref:
            exp2 = exp * ref[key]
            definition = reg._units[reg.get_name(key)]
            if not definition.is_multiplicative:
                return False
            if definition.is_base:
                continue
            scale = definition.converter.scale
            if isinstance(scale, float) and math.isnan(scale):
                return False
            out.append([scale, exp2])
            if definition.reference is not None and not walk(definition.reference, exp2):
                return False
        return True

    return out if walk({name: 1}, 1) else None


def build() -> dict[str, Any]:
    """The table, computed from a freshly built registry."""
    from claimcheck.units import _ALIASES, build_registry

    reg = build_registry()
    prefixes = [[key, p.name, p.converter.scale] for key, p in reg._prefixes.items()]
    units = {key: d.name for key, d in reg._units.items()}
    defs: dict[str, Any] = {}
    for name in sorted(set(units.values())):
        definition = reg._units[name]
        dims, dimd = _dims(reg._get_dimensionality(reg.UnitsContainer({name: 1})))
        defs[name] = {
            "dims": dims,
            "dimd": dimd,
            "mult": bool(definition.is_multiplicative),
            "chain": _chain(reg, name),
        }
    exprs: dict[str, Any] = {}
    targets = {*_ALIASES.values(), *EXTRA_EXPRESSIONS}
    for expr in sorted(targets | per_expressions(targets)):
        unit = reg.parse_units(expr)
        dims, dimd = _dims(unit.dimensionality)
        exprs[expr] = {
            "dims": dims,
            "dimd": dimd,
            "name": str(unit),
            "container": [[k, v] for k, v in unit._units.items()],
        }
    return {
        "prefixes": prefixes,
        "suffixes": list(reg._suffixes),
        "units": units,
        "defs": defs,
        "exprs": exprs,
    }


def render(table: dict[str, Any]) -> str:
    """The table as the JSON text shipped in the package: one entry a line, for diffs."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    sections = []
    for key, value in table.items():
        if isinstance(value, dict):
            rows = [f"{dump(k)}: {dump(v)}" for k, v in value.items()]
            body = "{\n" + ",\n".join(rows) + "\n}"
        elif isinstance(value, list) and value and isinstance(value[0], list):
            body = "[\n" + ",\n".join(dump(v) for v in value) + "\n]"
        else:
            body = dump(value)
        sections.append(f"{dump(key)}: {body}")
    return "{\n" + ",\n".join(sections) + "\n}\n"


def main() -> int:
    """Write the table next to this module."""
    TABLE.write_text(render(build()), encoding="utf-8")
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
