"""A004: one quantity stated twice, or derivable two ways, with values that disagree.

Compared only within one device, metric family and test, and only when both
routes are measurements (not advertised figures). The intervals allowed by
each route's rounding (and qualifier: "over 38 Gbps") must overlap.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from claimcheck import arithmetic as ar
from claimcheck.models import Document, Extraction, Measurement
from claimcheck.rules.registry import Hit, check
from claimcheck.units import convert


def interval(m: Measurement, unit: str) -> tuple[float, float]:
    """The values a measurement allows, in ``unit``."""
    if m.low is not None and m.high is not None:
        lo, hi = m.low, m.high
    else:
        lo, hi = ar.rounding_interval(m.value, m.decimals)
        q = (m.qualifier or "").lower()
        if q in ar.AT_LEAST:
            lo, hi = m.value, math.inf
        elif q in ar.ABOUT or q in ar.ALMOST:
            lo, hi = m.value * (1 - ar.ABOUT_TOLERANCE), m.value * (1 + ar.ABOUT_TOLERANCE)
        elif q in ar.AT_MOST or q in ar.BELOW:
            lo = -math.inf
    factor = convert(1.0, m.unit, unit) if m.unit != unit else 1.0
    return lo * factor, hi * factor


@check("cross_reference")
def cross_reference(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """A stated figure that its derivation from other figures of the report contradicts."""
    groups: dict[tuple[str, str, str], list[Measurement]] = {}
    for m in extraction.measurements:
        if m.device and m.test and m.kind == "measured":
            groups.setdefault((m.device, m.metric, m.test), []).append(m)
    names = {d.id: d.name for d in extraction.devices}
    for (device, _metric, test), ms in groups.items():
        stated = [m for m in ms if m.source == "text"]
        derived = [m for m in ms if m.source == "derived"]
        table = [m for m in ms if m.source == "table"]
        if len(table) == 1:  # one table figure for this device and test: the prose must agree
            derived.append(table[0])
        device = names.get(device, device)
        for d in derived:
            for s in stated:
                try:
                    s_lo, s_hi = interval(s, s.unit)
                    d_lo, d_hi = interval(d, s.unit)
                except Exception:  # noqa: BLE001 - incompatible units: not the same quantity
                    continue
                if s_hi < d_lo or d_hi < s_lo:
                    value = convert(d.value, d.unit, s.unit)
                    route = (
                        f"{d.text} = {value:,.1f} {s.unit}"
                        if d.source == "derived"
                        else f"the table gives {d.text} {d.unit}"
                    )
                    msg = (f"{device} {test}: the text states {s.text} (line {s.line}), but "
                           f"{route} (line {d.line}); the two routes "
                           f"allow [{_fmt(s_lo)}, {_fmt(s_hi)}] and [{_fmt(d_lo)}, {_fmt(d_hi)}] {s.unit}")  # fmt: skip
                    yield Hit(s.start, s.end, msg, {"stated": s.text, "derived": f"{value:,.2f} {s.unit}",
                                                    "operands": d.derived_from})  # fmt: skip


def _fmt(x: float) -> str:
    return "inf" if math.isinf(x) else f"{x:,.2f}"
