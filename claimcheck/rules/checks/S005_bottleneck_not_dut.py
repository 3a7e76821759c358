"""S005 bottleneck-not-dut: the traffic generator, a link, a cloud instance's baseline
bandwidth, the host or the backends limit the result instead of the device.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Measurement
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    NEAR_CAP,
    SIZED_RE,
    THROUGHPUT_FAMILIES,
    clip,
    fmt_number,
    gbps,
    if_gbps,
)
from claimcheck.rules.spans import Spans
from claimcheck.units import convert, is_bit_rate

_I = re.IGNORECASE


# The load generator at its own limit, said in a sentence that names a generator (a tool
# or a generator noun, see _bottleneck_text): a possessive limit reached ("reached its
# ... ceiling"), the generator as the bottleneck, saturated or out of capacity ("could not
# drive more", "its CPU was pegged", "became network-bound"). The same construction as the
# traffic_generator condition's limit (extract/conditions/tools.py).
GENERATOR_NOUN = (r"(?:traffic|load|test)[ -]?generat\w*|\bgenerators?\b|\btest\s+(?:tool|equipment"
                  r"|gear)|\bclient\s+(?:machine|host|VM|instance|node|side|box)s?\b|\btesters?\b"
                  r"|\bload[ -]testing\s+(?:tool|equipment)")  # fmt: skip
GENERATOR_LIMIT_RE = lazyre.compile(
    r"\b(?:reached|hit|hitting|reaching|at)\s+(?:its|their|the)\s+(?:[\w()~.,-]+\s+){0,6}?"
    r"(?:limit|capacity|maximum|ceiling)\b|\b(?:was|were|became|is)\s+(?:the\s+)?"
    r"bottleneck\b|\bmaxed\s+out\b|\btopped\s+out\b|\b(?:could|can)\s*not\s+(?:generate|drive|push"
    r"|produce|offer)\s+(?:any\s+)?(?:more|enough|higher)\b|\b(?:CPU|cores?)\s+(?:was|were)\s+"
    r"(?:pegged|saturated|maxed)\b|\b(?:was|were|became)\s+(?:CPU|network)[ -]bound\b", _I)  # fmt: skip
NEGATION_RE = lazyre.compile(r"\b(?:not|never|no|without|below|under|short\s+of)\b[^.;]{0,25}$", _I)
# A plateau at the line rate, a saturated link: the link, not the device, set the figure.
LINK_RES = [
    lazyre.compile(r"\b(?:plateau\w*|level\w*[ -]off|topped\s+out|flatten\w*|capped|limited|bounded"
               r"|constrained|maxed\s+out|saturat\w*|reached|hit|ran)\b[^.;]{0,40}?\b(?:line[ -]rate"
               r"|wire[ -]speed)\b", _I),
    lazyre.compile(r"\b(?:line[ -]rate|wire[ -]speed|link\s+(?:speed|capacity|bandwidth)|(?:port|NIC"
               r"|interface|uplink)\s+(?:speed|capacity|bandwidth))\b[^.;]{0,30}?\b(?:was|were"
               r"|became)\s+(?:the\s+)?(?:bottleneck|limit(?:ing\s+factor)?|ceiling)\b", _I),
    lazyre.compile(r"\b(?:saturat\w*|maxed\s+out|filled)\s+(?:the\s+|its\s+|their\s+|both\s+|all\s+)?"
               r"(?:\d+(?:\.\d+)?\s?G(?:bE|bps|igE|b|bit)?\s+)?(?:network\s+)?(?:links?|uplinks?"
               r"|ports?|interfaces?|NICs?)\b", _I),
    lazyre.compile(r"\b(?:limited|capped|bounded|constrained|bottlenecked)\s+by\s+(?:the\s+)?"
               r"(?:\d+(?:\.\d+)?\s?G\w*\s+)?(?:links?|uplinks?|ports?|interfaces?|NICs?|network"
               r"\s+(?:links?|interfaces?|cards?))\b", _I),
]  # fmt: skip
# Backends the report calls the bottleneck.
BACKEND_RE = lazyre.compile(r"\b(?:back-?end|upstream|origin|application|web|real)\s+servers?\b"
                        r"|\bback-?ends?\b|\bserver\s+pools?\b|\bupstreams?\b", _I)  # fmt: skip
BOTTLENECK_RE = lazyre.compile(r"\b(?:bottleneck\w*|limiting\s+factor|saturated|maxed\s+out|ran\s+out"
                           r"\s+of|could\s*not\s+keep\s+up)\b", _I)  # fmt: skip
# A burstable bandwidth allowance (a cloud instance's or a shaped link's), the construction
# in any wording: a bit rate labelled as the baseline, base, guaranteed or committed rate
# (before or after the figure), or a rate followed by a higher burst or peak allowance
# ("1.25 Gbps, burstable to 10 Gbps", "2 Gbps (bursts up to 12 Gbps)") in a sentence about
# an instance, a VM or network bandwidth; or a table column headed "Baseline ..." (see
# _baselines).


@check("bottleneck_not_dut")
def bottleneck_not_dut(facts: FactStore) -> Iterator[Hit]:
    """S005: the generator, a link, the instance's baseline bandwidth, a shared host or the
    backends set the result instead of the device."""
    v = facts.view
    done: set[int] = set()  # sentence starts already reported

    def once(start: int) -> bool:
        key = v.bounds(start)[0]
        if key in done:
            return False
        done.add(key)
        return True

    for c, _ in v.conditions("traffic_generator"):
        limit = c.value.get("limit") if isinstance(c.value, dict) else None
        if limit and c.value.get("capacity") and not _reached(facts, limit, c.start, c.end):
            continue  # the generator could do more than any result needed
        if limit and once(c.start):
            name = c.value.get("name") or "the traffic generator"
            yield Hit(c.start, c.end,
                      f'{name} reached its own limit ("{clip(c.text, 60)}"): the result shows the '

                      f"generator's capacity, and the device's limit is unknown",
                      {"generator": name, "limit": limit})  # fmt: skip
    yield from _shared_host(facts, once)
    yield from _bottleneck_text(v, once)
    yield from _baseline(v, once)
    yield from _link_plateau(v, once)
    yield from _rate_plateau(v, once)


def _reached(facts: FactStore, limit: dict, start: int, end: int) -> bool:
    """Does a measured result come within 5% of (or above) a generator's stated capacity
    (stated at [start, end), its figure right after)?"""
    value, unit = limit.get("value"), limit.get("unit")
    if not value or not unit:
        return False
    for m in facts.measured():
        if start <= m.start <= end + 30:
            continue  # the capacity's own figure
        try:
            got = convert(m.value, m.unit, unit) if m.unit != unit else m.value
        except Exception:  # noqa: BLE001 - another dimension: not comparable
            continue
        if got >= 0.95 * value and got is not None:
            return True
    return False


# What each way of sharing the host says, for the message.
SHARED_HOST = {
    "stated": "the load generator shares the host with the device under test",
    "loopback": "the load tool targets the loopback address, so it runs on the host of the "
    "server under test",
    "compose": "the load tool runs as a service of the same compose stack as the device, on "
    "one Docker host",
}


def _shared_host(facts: FactStore, once: Any) -> Iterator[Hit]:
    """One finding for a load generator on the device's host (the Colocation fact): the
    report's own sentence first, else a measured run aimed at loopback, else a compose run."""
    found = facts.colocations
    for how in ("stated", "loopback", "compose"):
        c = next((c for c in found if c.how == how), None)
        if c is not None and once(c.start):
            yield Hit(c.start, c.end,
                      f'{SHARED_HOST[how]} ("{clip(c.text, 60)}"): both compete for the same CPU '
                      f"and memory", {"placement": "same_host", "how": how})  # fmt: skip
            return


def _bottleneck_text(v: View, once: Any) -> Iterator[Hit]:
    names = {re.escape(str(c.value.get("name"))) for c, _ in v.conditions("traffic_generator")
             if isinstance(c.value, dict) and c.value.get("name")}  # fmt: skip
    gen_re = re.compile(GENERATOR_NOUN + ("|" + "|".join(sorted(names)) if names else ""), _I)
    for s in v.matching(GENERATOR_LIMIT_RE, *LINK_RES, BOTTLENECK_RE):
        if s.hedged:
            continue
        hit = None
        m = GENERATOR_LIMIT_RE.search(s.text)
        # the generator is the subject: named before the cue ("the Borealis 7 reached its
        # limit; the load generator had headroom" is the device's limit)
        if (
            m
            and gen_re.search(s.text, 0, m.end())
            and not NEGATION_RE.search(s.text[: m.start()][-40:])
        ):
            hit = (m, "the traffic generator reached its own limit")
        if hit is None:
            m = next((m for rx in LINK_RES if (m := rx.search(s.text))), None)
            if m and not NEGATION_RE.search(s.text[: m.start()][-40:]):
                hit = (m, "the result sits at the link's rate")
        if hit is None:
            m = BOTTLENECK_RE.search(s.text)
            if (
                m
                and BACKEND_RE.search(s.text)
                and not NEGATION_RE.search(s.text[: m.start()][-40:])
            ):
                hit = (m, "the report names the backends as the bottleneck")
        if hit and once(s.start):
            m, what = hit
            yield Hit(s.start + m.start(), s.start + m.end(),
                      f'{what} ("{clip(m.group(0), 60)}"): the device\'s own limit is unknown',
                      {"cue": m.group(0)})  # fmt: skip


def _baselines(v: View) -> list[tuple[float, str | None, int, int]]:
    """(Gbps, device or None, start, end) of each instance baseline bandwidth the report
    states: in prose ("a baseline bandwidth of 2.3 Gbps", "the 2.5 Gbps baseline") or in a
    table column headed "Baseline ..."."""
    out = []
    qs = [q for q in v.quantities if q.unit and is_bit_rate(q.unit)]
    for q in qs:
        s = v.sentence_at(q.start)
        if s is None or s.hedged:
            continue
        before = v.doc.text[max(s.start, q.start - 45) : q.start]
        after = v.doc.text[q.end : min(s.end, q.end + 45)]
        if not (
            BASELINE_BEFORE_RE.search(before)
            or BASELINE_AFTER_RE.match(after)
            or (BURST_AFTER_RE.match(after) and NETWORK_CONTEXT_RE.search(s.text))
        ):
            continue
        g = gbps(q.value, q.unit)
        named = v.devices_in(s.start, s.end)
        devs = v.attribute(q.start, q.end, set()) if named else set()
        if g:
            out.append((g, next(iter(devs)) if len(devs) == 1 else None, q.start, q.end))
    for cell in v.index.baseline_cells:  # bit rates in columns headed "Baseline ..."
        devs = v.devices_in(cell.row_start, cell.row_end)
        owner = next(iter(devs)) if len(devs) == 1 else None
        out.append((cell.gbps, owner, cell.cell_start, cell.cell_end))
    return out


BASELINE_BEFORE_RE = lazyre.compile(r"\b(?:base(?:line)?|guaranteed|committed)\s++(?:network\s++)?(?:bandwidth|throughput"
                                r"|performance|rate)\s*+(?:of|is|was|:|=)?\s*+(?:about|approximately"
                                r"|roughly|only|just)?\s*$", _I)  # fmt: skip
BASELINE_AFTER_RE = lazyre.compile(
    r"^\s*(?:network\s+)?(?:base(?:line)?|guaranteed|committed)\b(?!\s+(?:test|run|config))", _I
)
BURST_AFTER_RE = lazyre.compile(
    r"^(?:[ \t]++of[ \t]++(?:network[ \t]++)?(?:bandwidth|throughput))?[ \t]*+[(,;]?[ \t]*+(?:(?:with|and)[ \t]++)?(?:(?:a|an)[ \t]++)?(?:burst(?:s|able|ing)?"
    r"|peaks?|peaking)[ \t]++(?:(?:up[ \t]++)?to|of)\b",
    _I,
)
NETWORK_CONTEXT_RE = lazyre.compile(
    r"\b(?:instances?|VMs?|virtual\s+machines?|cloud|network|bandwidth|NICs?|vNICs?|links?)\b", _I
)


def _baseline(v: View, once: Any) -> Iterator[Hit]:
    """Throughput above the instance's baseline bandwidth: the figure rides on burst credits.
    The baseline is the device's own, else the one the sentence states, else the report's
    single baseline when every stated baseline agrees."""
    bases = _baselines(v)
    if not bases:
        return
    spans = Spans((s, e) for _, _, s, e in bases)
    owned: dict[str, set[float]] = {}
    for g, d, _, _ in bases:
        if d:
            owned.setdefault(d, set()).add(g)
    values = {g for g, _, _, _ in bases}
    common = next(iter(values)) if len(values) == 1 else None
    by_start = sorted((s, g) for g, _, s, _ in bases)  # a sentence's baselines by bisection
    base_starts = [s for s, _ in by_start]
    done: set[str | None] = set()
    for m in v.ex.measurements:
        if (
            (m.kind != "measured" or m.role != "result")
            or m.source == "derived"
            or m.metric not in THROUGHPUT_FAMILIES
        ):
            continue
        if m.device in done or spans.overlaps(m.start, m.end):
            continue
        sent = v.sentence_at(m.start)
        if v.hedged_at(m.start):
            continue
        here = set()
        if sent:
            lo, hi = bisect_left(base_starts, sent.start), bisect_left(base_starts, sent.end)
            here = {g for _, g in by_start[lo:hi]}
        own = owned.get(m.device or "", set())
        base = (next(iter(here)) if len(here) == 1 else None) or (
            next(iter(own)) if len(own) == 1 else None) or common  # fmt: skip
        g = gbps(m.value, m.unit)
        if base is None or g is None or g <= base * 1.05:
            continue
        done.add(m.device)
        if not once(m.start):
            continue  # this sentence is reported already (another device's figure)
        who = f"{v.name(m.device)}: " if m.device else ""
        yield Hit(m.start, m.end,
                  f"{who}{m.text} is above the instance's baseline bandwidth of {fmt_number(base)} Gbps:"
                  f" the figure depends on burst credits, not on the device",
                  {"measured_gbps": g, "baseline_gbps": base})  # fmt: skip


def _link_plateau(v: View, once: Any) -> Iterator[Hit]:
    """Throughput within 5% of the device's total interface capacity: the links, not the
    device, set it (unless the report sized each device's links to its capacity)."""
    if v.says(SIZED_RE):
        return
    capacity: dict[str, set[float]] = {}
    everyone = {d.id for d in v.ex.devices}
    for c, devs in v.conditions("interfaces"):
        g = if_gbps(c.value)
        for d in (devs or everyone) if g else ():  # no device named: the links of every one
            capacity.setdefault(d, set()).add(g)
    done: set[str] = set()
    for m in v.ex.measurements:
        caps = capacity.get(m.device or "")
        if not caps or len(caps) != 1 or m.device in done:
            continue
        if (
            (m.kind != "measured" or m.role != "result")
            or m.source == "derived"
            or m.metric not in THROUGHPUT_FAMILIES
        ):
            continue
        g, cap = gbps(m.value, m.unit), next(iter(caps))
        # a figure the report itself calls flat ("both plateaued at 9.4 Gbps") is a plateau
        # in words: the nearness a flat column needs (headers and framing take the rest)
        near = PLATEAU_NEAR_CAP if _said_flat(v, m.start) else NEAR_CAP
        if g is None or not near * cap <= g <= cap * 1.02 or v.hedged_at(m.start):
            continue
        if not once(m.start):
            continue
        done.add(m.device)
        yield Hit(m.start, m.end,
                  f"{v.name(m.device)}: {m.text} is {g / cap:.0%} of its {fmt_number(cap)} Gbps of "
                  f"interfaces: the links, not the device, set this result",
                  {"measured_gbps": g, "interfaces_gbps": cap})  # fmt: skip


def _said_flat(v: View, offset: int) -> bool:
    """Does the figure's sentence say the result stopped growing (rule data: plateau words)?"""
    sentence = v.sentence_at(offset)
    if sentence is None:
        return False
    low = sentence.text.lower()
    return any(word in low for word in rule_data("S005").get("plateau", {}).get("words", []))


PLATEAU_SPREAD = 1.01  # the last figures of a flat column differ by at most 1%
PLATEAU_POINTS = 3
PLATEAU_NEAR_CAP = 0.85  # a flat column this close to the links' capacity (headers and
# framing take the rest) is the links' limit


def _rate_plateau(v: View, once: Any) -> Iterator[Hit]:
    """A table column of request or connection rates at one object size that stops growing
    while its condition grows (more CPUs, more connections), at a rate x size that fills the
    links: the links, not the device, set the plateau."""
    caps = {g for c, _ in v.conditions("interfaces") if (g := if_gbps(c.value))}
    if len(caps) != 1 or v.says(SIZED_RE):
        return
    cap = next(iter(caps))
    columns: dict[tuple, list[tuple[float, Measurement]]] = {}
    for m in v.ex.measurements:
        size = m.conditions.get("object_size")
        if m.source != "table" or m.table is None or m.role != "result" or not size:
            continue
        if m.metric not in ("rps", "cps", "ssl_tps"):
            continue
        steps = [(k, x) for k, x in m.conditions.items() if k in ("cpus", "concurrency")]
        if len(steps) != 1:
            continue
        try:
            step, size_bytes = float(steps[0][1]), float(size)
        except ValueError:
            continue
        key = (m.table, m.device or m.entity, size_bytes, steps[0][0], m.metric)
        columns.setdefault(key, []).append((step, m))
    for (_, _, size_bytes, step_name, _), points in sorted(
        columns.items(), key=lambda kv: kv[1][0][1].start
    ):
        points.sort(key=lambda p: p[0])
        flat = _flat_tail([m.value for _, m in points])
        if flat < PLATEAU_POINTS or size_bytes <= 0:
            continue
        tail = [m for _, m in points[-flat:]]
        gbps = max(m.value for m in tail) * size_bytes * 8 / 1e9
        if not PLATEAU_NEAR_CAP * cap <= gbps <= cap * 1.02 or not once(tail[0].start):
            continue
        low, high = min(m.value for m in tail), max(m.value for m in tail)
        yield Hit(tail[0].start, tail[0].end,
                  f"the {fmt_number(size_bytes / 1000)} KB column stays at {low:,.0f}-{high:,.0f} per second "
                  f"from {points[-flat][0]:g} to {points[-1][0]:g} {step_name}: {high:,.0f} x "
                  f"{fmt_number(size_bytes / 1000)} KB = {gbps:.1f} Gbps of the {fmt_number(cap)} Gbps of links; "
                  f"the links, not the device, set the plateau",
                  {"plateau_gbps": round(gbps, 2), "interfaces_gbps": cap})  # fmt: skip


def _flat_tail(values: list[float]) -> int:
    """How many of the last values stay within PLATEAU_SPREAD of each other."""
    k = 0
    low = high = None
    for x in reversed(values):
        lo, hi = (x, x) if low is None else (min(low, x), max(high, x))
        if lo <= 0 or hi / lo > PLATEAU_SPREAD:
            break
        low, high, k = lo, hi, k + 1
    return k
