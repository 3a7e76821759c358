"""A004: one quantity stated twice, or derivable two ways, with values that disagree.

Compared only within one device, metric family and test, and only when both
routes are measured results (not advertised figures, settings or specs). Typed tables
add two routes: a prose figure about one table entity against the same section's table
(a capability "up to N" against every figure of that entity), and two tables of one
section that give the same entity, metric, statistic and conditions. The intervals allowed by
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
from claimcheck.facts import FactStore
from claimcheck.models import Extraction, Measurement
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
def cross_reference(facts: FactStore) -> Iterator[Hit]:
    """A stated figure that its derivation from other figures of the report contradicts."""
    extraction = facts.extraction
    groups: dict[tuple[str, str, str], list[Measurement]] = {}
    for m in extraction.measurements:
        if m.device and m.test and m.kind == "measured" and m.role == "result":
            groups.setdefault((m.device, m.metric, m.test), []).append(m)
    names = {d.id: d.name for d in extraction.devices}
    for (device, _metric, test), ms in groups.items():
        stated = [m for m in ms if m.source == "text"]
        derived = [m for m in ms if m.source == "derived"]
        table = [m for m in ms if m.source == "table"]
        if len(table) == 1 and not table[0].entity:  # a table figure no grid typed: the
            derived.append(table[0])  # prose must agree with it (grids: _text_vs_tables)
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
    yield from _text_vs_tables(extraction)
    yield from _table_vs_table(extraction)


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
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:,.2f}"


# --- routes through tables: a table against the text, a table against another table -------

MAX_TABLES = 8  # tables compared per entity, metric and statistic
MAX_LISTED = 4  # disagreements listed in one finding


def _entity_key(m: Measurement) -> str | None:
    """The entity a table figure or a prose figure is about, as one spelling."""
    if not m.entity:
        return None
    return "".join(ch for ch in m.entity.lower() if ch.isalnum()) or None


def _is_result(m: Measurement) -> bool:
    """A figure the report states as an outcome, measured or advertised (two statements of
    one quantity must agree either way); not a setting, spec or baseline."""
    return m.role in ("result", "advertised")


def _axis_conditions(extraction: Extraction) -> list[frozenset[str]]:
    """For each grid, the names of the conditions its axes vary (concurrency, size, test)."""
    out = []
    for t in extraction.tables:
        names = {a.condition.split("=", 1)[0] for a in (*t.columns, *t.rows) if a.condition}
        out.append(frozenset(names))
    return out


def _same_conditions(a: Measurement, b: Measurement, axes: list[frozenset[str]]) -> bool:
    """Both figures hold under one set of conditions: their tables vary the same ones, and
    no condition either states has another value in the other."""
    if a.table is not None and b.table is not None and axes[a.table] != axes[b.table]:
        return False
    return all(b.conditions.get(k, v) == v for k, v in a.conditions.items())


def _in_unit(m: Measurement, unit: str) -> float:
    """A figure's value in ``unit`` (-inf when it cannot be converted)."""
    try:
        return m.value * (convert(1.0, m.unit, unit) if m.unit != unit else 1.0)
    except Exception:  # noqa: BLE001 - another dimension
        return -math.inf


def _overlap(a: Measurement, b: Measurement) -> tuple[Span, Span] | None:
    """The two figures' intervals in ``a``'s unit when they do not overlap, else None."""
    try:
        sa, sb = interval(a, a.unit), interval(b, a.unit)
    except Exception:  # noqa: BLE001 - incompatible units: not the same quantity
        return None
    if any(math.isnan(x) for x in (*sa, *sb)) or (sa[0] <= sb[1] and sb[0] <= sa[1]):
        return None
    return sa, sb


def _text_vs_tables(extraction: Extraction) -> Iterator[Hit]:
    """A prose bound about one table entity that the same section's table contradicts:
    "up to N" must not be exceeded by any of the entity's figures; another qualifier
    ("over", "about") is compared when the table holds one such figure."""
    tables: dict[tuple[str, str, str | None], list[Measurement]] = {}
    for m in extraction.measurements:
        key = _entity_key(m)
        if m.source == "table" and key and _is_result(m):
            tables.setdefault((key, m.metric, m.section), []).append(m)
    largest: dict[tuple, Measurement] = {}
    for s in extraction.measurements:
        key = _entity_key(s)
        if s.source != "text" or not key or not _is_result(s):
            continue
        # a bound or capability ("up to 30 thousand", "over 40,000") sums up the table; an
        # exact prose figure beside a table may be another run (a draft, an earlier test)
        qualifier = (s.qualifier or "").lower()
        if not qualifier:
            continue
        found = tables.get((key, s.metric, s.section), [])
        if not found or (len(found) > 1 and qualifier not in ar.AT_MOST):
            continue
        if len(found) > 1:  # "up to N": the entity's largest figure decides (found once)
            group = (key, s.metric, s.section, s.unit)
            if group not in largest:
                largest[group] = max(found, key=lambda t, u=s.unit: _in_unit(t, u))
            found = [largest[group]]
        for t in found:
            spans = _overlap(s, t)
            if spans is None:
                continue
            (s_lo, s_hi), (t_lo, t_hi) = spans
            msg = (f"{s.entity}: the text states {s.text} (line {s.line}), but the table gives "
                   f"{t.text} (line {t.line}) for the same {s.metric}; the two allow "
                   f"[{_fmt(s_lo)}, {_fmt(s_hi)}] and [{_fmt(t_lo)}, {_fmt(t_hi)}] {s.unit}")  # fmt: skip
            yield Hit(
                s.start, s.end, msg, {"stated": s.text, "table": t.text, "table_line": t.line}
            )
            break


def _table_vs_table(extraction: Extraction) -> Iterator[Hit]:
    """Two tables of one section that give the same entity, metric, statistic and
    conditions different values: one finding per pair of tables, at the later table."""
    axes = _axis_conditions(extraction)
    groups: dict[tuple[str, str, str | None, str | None], list[Measurement]] = {}
    for m in extraction.measurements:
        key = _entity_key(m)
        if m.source == "table" and m.table is not None and key and _is_result(m):
            groups.setdefault((key, m.metric, m.statistic, m.section), []).append(m)
    pairs: dict[tuple[int, int], list[tuple[Measurement, Measurement]]] = {}
    for ms in groups.values():
        by_table: dict[int, Measurement] = {}
        for m in ms:
            by_table.setdefault(m.table, m)  # type: ignore[arg-type]
        firsts = sorted(by_table.values(), key=lambda m: m.start)[:MAX_TABLES]
        if sum(1 for m in ms if m.table == firsts[0].table) > 1:
            continue  # several figures per table (rows of conditions): compared by condition below
        for i, a in enumerate(firsts):
            for b in firsts[i + 1 :]:
                if _same_conditions(a, b, axes) and _overlap(a, b) is not None:
                    pairs.setdefault((a.table, b.table), []).append((a, b))  # type: ignore[arg-type]
    for (_, _), found in sorted(pairs.items()):
        found.sort(key=lambda ab: ab[1].start)
        a, b = found[0]
        listed = "; ".join(
            f"{x.entity} {x.metric}{' ' + x.statistic if x.statistic else ''} {x.text} vs {y.text}"
            for x, y in found[:MAX_LISTED]
        )
        more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
        msg = (f"two tables of one section give the same quantities different values: {listed}{more} "
               f"(lines {a.line} and {b.line})")  # fmt: skip
        yield Hit(b.start, b.end, msg, {"first": a.text, "second": b.text, "pairs": len(found)})
