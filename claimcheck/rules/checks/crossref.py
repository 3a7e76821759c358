"""A004: one quantity stated twice, or derivable two ways, with values that disagree.

Compared only within one device, metric family and test, and only when both
routes are measurements (not advertised figures). The intervals allowed by
each route's rounding (and qualifier: "over 38 Gbps") must overlap.

A derivation written out several times (a report repeated, a table row restated) is
one route: each stated figure is set against each distinct route, and against at most
``MAX_ROUTES`` of them. The routes that disagree with a figure are found by bisection in
the routes' intervals, so the work is linear in the figures, not in their pairs.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from claimcheck import arithmetic as ar
from claimcheck.models import Document, Extraction, Measurement
from claimcheck.rules.registry import Hit, check
from claimcheck.units import convert

MAX_ROUTES = 4  # distinct routes a stated figure is reported against


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
        for d, s, (s_lo, s_hi), (d_lo, d_hi) in _disagreements(stated, _routes(derived)):
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


def _routes(derived: list[Measurement]) -> list[Measurement]:
    """The derivations, one per route: the first of those with the same figure, wording
    and operands."""
    first: dict[tuple, Measurement] = {}
    for d in derived:
        key = (d.source, d.text, d.value, d.unit, d.low, d.high, d.decimals, d.qualifier,
               tuple(d.derived_from or ()))  # fmt: skip
        first.setdefault(key, d)
    return list(first.values())


Span = tuple[float, float]


def _disagreements(
    stated: list[Measurement], routes: list[Measurement]
) -> list[tuple[Measurement, Measurement, Span, Span]]:
    """(route, stated figure, their intervals in the figure's unit) for each stated figure
    and the first ``MAX_ROUTES`` routes whose interval does not overlap its own, ordered by
    route, then by figure."""
    found: list[tuple[int, int, Span]] = []
    by_unit: dict[str, _Intervals] = {}
    for si, s in enumerate(stated):
        try:
            s_span = interval(s, s.unit)
        except Exception:  # noqa: BLE001 - an odd unit: not comparable
            continue
        if s.unit not in by_unit:
            by_unit[s.unit] = _Intervals(routes, s.unit)
        for ri in by_unit[s.unit].disagreeing(*s_span):
            found.append((ri, si, s_span))
    found.sort(key=lambda f: (f[0], f[1]))
    return [
        (routes[ri], stated[si], s_span, by_unit[stated[si].unit].spans[ri])
        for ri, si, s_span in found
    ]


class _Intervals:
    """The routes' intervals in one unit, sorted by their low and by their high ends, with
    the first ``MAX_ROUTES`` route indices above every low end and below every high end."""

    def __init__(self, routes: list[Measurement], unit: str) -> None:
        self.spans: dict[int, Span] = {}
        for i, d in enumerate(routes):
            try:
                lo, hi = interval(d, unit)
            except Exception:  # noqa: BLE001 - incompatible units: not the same quantity
                continue
            if not (math.isnan(lo) and math.isnan(hi)):
                self.spans[i] = (lo, hi)
        by_lo = sorted((lo, i) for i, (lo, _) in self.spans.items() if not math.isnan(lo))
        by_hi = sorted((hi, i) for i, (_, hi) in self.spans.items() if not math.isnan(hi))
        self.los = [lo for lo, _ in by_lo]
        self.his = [hi for hi, _ in by_hi]
        # above[k]: the first route indices among by_lo[k:]; below[k]: among by_hi[:k]
        self.above: list[list[int]] = [[] for _ in range(len(by_lo) + 1)]
        for k in range(len(by_lo) - 1, -1, -1):
            self.above[k] = sorted([by_lo[k][1], *self.above[k + 1]])[:MAX_ROUTES]
        self.below: list[list[int]] = [[]]
        for _, i in by_hi:
            self.below.append(sorted([i, *self.below[-1]])[:MAX_ROUTES])

    def disagreeing(self, s_lo: float, s_hi: float) -> list[int]:
        """The first ``MAX_ROUTES`` routes entirely above ``s_hi`` or below ``s_lo``."""
        found: set[int] = set()
        if not math.isnan(s_hi):
            found.update(self.above[bisect_right(self.los, s_hi)])
        if not math.isnan(s_lo):
            found.update(self.below[bisect_left(self.his, s_lo)])
        return sorted(found)[:MAX_ROUTES]


def _fmt(x: float) -> str:
    return "inf" if math.isinf(x) else f"{x:,.2f}"
