"""M009 power-not-measured: power figures of the report taken as allocated or nameplate
values instead of measured draw.

The allocated or nameplate method must belong to a power figure of the report (or a
per-watt figure built on one): stated with it (its sentence or table row), in its scope,
or for its device. A processor's power limit ("CPU at 12 W TDP") is a setting of a part,
not how a system's power was taken; a report with no power figure has nothing to flag.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.models import Condition, Measurement
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import says_any

POWER_FAMILIES = {"power", "efficiency"}


@check("power_not_measured")
def power_not_measured(facts: FactStore) -> Iterator[Hit]:
    """Allocated or nameplate power behind a power figure of the report."""
    data = rule_data("M009")
    methods = [c for c in facts.stated("power_method")
               if not c.negated and c.value in data.get("not_measured", ["allocated", "nameplate"])]  # fmt: skip
    if not methods:
        return
    figures = [m for m in facts.measurements
               if m.kind == "measured" and m.metric in POWER_FAMILIES]  # fmt: skip
    if not figures:
        return
    for c in methods:
        if says_any(c.text, data.get("part_settings", [])):
            continue  # a processor's power limit, not the system's power figure
        if any(_belongs(facts, c, m) for m in figures):
            yield Hit(c.start, c.end, f"power taken as {c.value}, not measured at the wall",
                      {"method": c.value})  # fmt: skip


def _belongs(facts: FactStore, c: Condition, m: Measurement) -> bool:
    """The method is how this figure was taken: stated with it, for its device, or in its
    scope."""
    if c.start <= m.start < c.end:
        return False  # the number inside the method's own words is its value, not a result
    if c.source == "table" and m.source == "table" and c.line == m.line:
        return True
    sent = facts.sentence_at(c.start)
    if sent is not None and sent.start <= m.start < sent.end:
        return True
    if (c.device and c.device == m.device) or (c.test and c.test == m.test):
        return True
    return any(x is c for x in facts.conditions_for(m).get("power_method", ()))
