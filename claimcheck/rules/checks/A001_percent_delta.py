"""A001: Stated percentage differences that their operands contradict."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.rules.claim_hits import claim_hits
from claimcheck.rules.registry import Hit, check


@check("percent_delta")
def percent_delta(facts: FactStore) -> Iterator[Hit]:
    """Stated percentage differences that their operands contradict."""
    yield from claim_hits(facts, "A001")
