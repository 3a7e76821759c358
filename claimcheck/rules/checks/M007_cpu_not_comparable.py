"""M007 cpu-not-comparable: CPU utilisation compared across devices whose percentages do
not mean the same work.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.models import Device
from claimcheck.rules.cues import HEDGE_RE
from claimcheck.rules.queries import cited_figures, figures_by_span
from claimcheck.rules.registry import Hit, check
from claimcheck.textkeys import fold

OWN_TOOL_RE = lazyre.compile(
    r"\b(?:own|native|built-in|onboard|on-box|vendor-supplied|vendor's|its)[ \t]+(?:\w+[ \t]+)?"
    r"(?:tools?|console|GUI|dashboard|counters?|agents?|monitor\w*|statistics|commands?|CLI)\b"
    r"|\bas[ \t]+reported[ \t]+by[ \t]+(?:each|the)[ \t]+(?:device|appliance|DUT|vendor)"
    r"|\bshow[ \t]+(?:cpu|proc\w*|system[ \t]+resources)\b|\b(?:each|every)[ \t]+(?:device|appliance"
    r"|DUT|vendor)'s[ \t]+(?:own[ \t]+)?(?:management[ \t]+)?(?:tools?|console|GUI|dashboard"
    r"|counters?|agents?|monitor\w*|statistics|CLI|reporting|interface|software)\b",
    re.IGNORECASE,
)
CORES_RE = lazyre.compile(
    r"\bSMT\b|\bhyper-?thread\w*|\bHT\b|\blogical[ \t]+(?:cores|CPUs|processors)\b|\bmanagement"
    r"[ \t]+(?:cores?|CPUs?|planes?)\b|\breserved[ \t]+(?:cores?|CPUs?)\b|\bdata[ \t-]plane[ \t]+"
    r"(?:cores?|CPUs?)\b|\bdedicated[ \t]+(?:cores?|CPUs?)\b|\bpacket[ \t]+engines?\b"
    r"|\b(?:reserv\w*|sets?[ \t]+aside|set[ \t]+apart|dedicat\w*|keeps?|kept)[ \t]+(?:\w+[ \t]+){0,4}?"
    r"(?:cores?|CPUs?)[ \t]+(?:for|to)[ \t]+management\b",
    re.IGNORECASE,
)
CPU_WORDS_RE = lazyre.compile(r"\bCPU\b|\bprocessor\b|\butili[sz]ation\b", re.IGNORECASE)


@check("cpu_not_comparable")
def cpu_not_comparable(facts: FactStore) -> Iterator[Hit]:
    """CPU percentages of different devices compared although they count different work."""
    extraction = facts.extraction
    figures = [m for m in facts.measured() if m.metric == "cpu" and m.device]
    devices = {m.device for m in figures}
    if len(devices) < 2:
        return
    compared = [d for d in extraction.devices if d.id in devices]
    reason = _cores_differ(facts, devices) or _own_tools(facts) or _threading(facts, compared)
    if reason is None:
        return
    spans = figures_by_span(figures)
    where: tuple[int, int, str] | None = None
    for c in extraction.claims:  # the first comparison that states its own numbers
        ops = cited_figures(c, spans)
        if len({m.device for m in ops}) < 2 or facts.hedged(c.start):
            continue
        if all(op.source == "sentence" for op in c.operands):
            where = (c.start, c.end, f'"{c.stated}" ({ops[0].text} vs {ops[1].text})')
            break
    if where is None:
        second = next(m for m in figures if m.device != figures[0].device)
        where = (second.start, second.end, f"{figures[0].text} vs {second.text}")
    start, end, shown = where
    msg = (
        f"CPU utilisation is compared across devices ({shown}), but {reason}; the two "
        f"percentages need not count the same work"
    )
    yield Hit(start, end, msg, {"reason": reason})


def _cores_differ(facts: FactStore, devices: set[str]) -> str | None:
    cores: dict[str, Any] = {}
    for c in facts.stated("hardware"):
        if c.device in devices and isinstance(c.value, dict):
            n = c.value.get("cores") or c.value.get("vcpus") or c.value.get("vcpu")
            if n:
                cores.setdefault(c.device, n)
    if len(cores) >= 2 and len(set(map(repr, cores.values()))) > 1:
        shown = ", ".join(f"{d}: {n} cores" for d, n in sorted(cores.items()))
        return f"the devices have different core counts ({shown})"
    return None


def _own_tools(facts: FactStore) -> str | None:
    for _block, s, _m in facts.text.matches(CPU_WORDS_RE):
        if OWN_TOOL_RE.search(s.text) and not facts.hedged(s.start):
            return f'each device\'s CPU comes from its own reporting ("{s.text[:90]}")'
    return None


def _names(device: Device) -> list[str]:
    names = {device.name, *device.aliases}
    return [n for n in names if n and len(n) >= 3]


STATE_RE = lazyre.compile(r"\b(?:enabled|disabled|on|off|reserved|dedicated|all|\d+)\b", re.I)


def _threading(facts: FactStore, compared: list[Device]) -> str | None:
    """A core or hyper-threading arrangement stated differently for the compared devices
    (for one device only, or with different settings)."""
    doc = facts.doc
    owner = {n: d.id for d in compared for n in _names(d)}
    if not owner:
        return None
    names_rx = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)"
                                   for n in sorted(owner, key=lambda s: (-len(s), s))))  # fmt: skip
    spans: list[str] = []
    for block in doc.blocks:
        if block.table is not None:
            spans.extend(" ".join(c.text for c in row.cells) for row in block.table.rows)
    spans.extend(s.text for _b, s in facts.text.prose())
    said: dict[str, tuple[frozenset[str], str]] = {}
    for text in spans:
        if not CORES_RE.search(text) or HEDGE_RE.search(text):
            continue
        named = {owner[m.group(0)] for m in names_rx.finditer(text)}
        if len(named) != 1:
            continue
        words = {fold(m.group(0)) for m in CORES_RE.finditer(text)}
        words |= {fold(m.group(0)) for m in STATE_RE.finditer(text)}
        said.setdefault(named.pop(), (frozenset(words), text))
    if not said:
        return None
    if len(said) == len({owner[n] for n in owner}) and len({w for w, _ in said.values()}) == 1:
        return None  # the same arrangement stated for every device
    device, (_, text) = next(iter(said.items()))
    name = next(d.name for d in compared if d.id == device)
    return f'core or hyper-threading handling differs between the devices ("{text[:90]}", {name})'
