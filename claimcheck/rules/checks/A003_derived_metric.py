"""A003: Shares, totals, conversions and per-unit figures that their operands contradict."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.rules.claim_hits import claim_hits
from claimcheck.rules.registry import Hit, check


@check("derived_metric")
def derived_metric(facts: FactStore) -> Iterator[Hit]:
    """Shares, totals, conversions and per-unit figures that their operands contradict."""
    yield from claim_hits(facts, "A003")
