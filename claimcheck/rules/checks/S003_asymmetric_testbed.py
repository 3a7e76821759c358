"""S003 asymmetric-testbed: different hardware, instance types or interfaces per device."""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.models import Condition
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    SIZED_RE,
    fmt_number,
    if_gbps,
)

_I = re.IGNORECASE


_HW_LABEL = {"instance_type": "instance type", "vcpu": "vCPUs", "cores": "cores",
             "memory_gb": "memory (GB)"}  # fmt: skip


_WHOLE = {"vcpu", "cores"}  # counted in whole units on any test bed


@check("asymmetric_testbed")
def asymmetric_testbed(facts: FactStore) -> Iterator[Hit]:
    """S003: compared devices on different hardware (instance type, vCPUs, cores, memory) or
    with different interface capacity (unless the report sized links to each device).
    Only devices with results measured in the report ran on a test bed: hardware set side
    by side in a sizing guide or a spec table is the products' own attribute.

    A per-device table is one comparison; settings stated in prose form another."""
    v = facts.view
    # (group, key) -> device -> shown value -> conditions; group: the table's block or prose
    per: dict[tuple[int, str], dict[str, dict[str, list[Condition]]]] = {}

    def add(c: Condition, devs: set[str], key: str, shown: str) -> None:
        group = (v.block_index(c.start) or 0) if c.source == "table" else -1
        for d in devs & v.compared:
            per.setdefault((group, key), {}).setdefault(d, {}).setdefault(shown, []).append(c)

    for c, devs in v.conditions("hardware"):
        for key, val in c.value.items() if isinstance(c.value, dict) else ():
            try:
                if key in _WHOLE and float(val) != int(float(val)):
                    continue  # "3.4 cores in use" is a measurement: a machine has whole cores
                add(
                    c,
                    devs,
                    key,
                    str(val).lower() if key == "instance_type" else fmt_number(float(val)),
                )
            except (TypeError, ValueError):
                continue
    if not v.says(SIZED_RE):
        for c, devs in v.conditions("interfaces"):
            g = if_gbps(c.value)
            if g:
                add(c, devs, "interfaces", f"{fmt_number(g)} Gbps")
    # a figure that changes from one table to the next for every device is a result (memory
    # in use), not a test bed (a test bed changed for one device is a re-test on new hardware)
    across: dict[str, dict[str, list[set[str]]]] = {}  # key -> device -> values per group
    for (_, key), by_dev in per.items():
        for d, vals in by_dev.items():
            across.setdefault(key, {}).setdefault(d, []).append(set(vals))
    varying = set()
    for key, by_dev in across.items():
        again = [groups for groups in by_dev.values() if len(groups) > 1]  # in two tables
        if len(again) >= 2 and all(len(set().union(*groups)) > 1 for groups in again):
            varying.add(key)
    # devices with a result of the report (a datasheet's own measured figures count too)
    ran = {m.device for m in facts.measurements
           if m.device and m.kind == "measured" and m.role == "result"}  # fmt: skip
    for (_, key), by_dev in per.items():
        if len(by_dev) < 2 or key in varying or any(len(vals) > 1 for vals in by_dev.values()):
            continue  # one device, or several values for one device: nothing to compare
        if not ran & set(by_dev):
            continue  # a sizing guide or spec comparison: none of them ran a test here
        shown = {d: next(iter(vals)) for d, vals in by_dev.items()}
        if len(set(shown.values())) < 2:
            continue
        label = _HW_LABEL.get(key, "interface capacity")
        listing = "; ".join(f"{v.name(d)}: {val}" for d, val in sorted(shown.items()))
        c = min((cs[0] for vals in by_dev.values() for cs in vals.values()), key=lambda c: c.start)
        yield Hit(c.start, c.end, f"the devices ran on different test beds ({label}: {listing})",
                  {"key": key, "values": shown})  # fmt: skip
