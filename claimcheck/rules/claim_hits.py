"""Findings of the claims the arithmetic judged inconsistent (A001-A003 read them)."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.models import Claim
from claimcheck.rules.registry import Hit


def claim_hits(facts: FactStore, rule: str) -> Iterator[Hit]:
    """A hit per claim of ``rule`` whose recomputation contradicts its stated figure."""
    for c in facts.claims:
        if c.rule == rule and c.status == "inconsistent" and c.message:
            yield Hit(c.start, c.end, c.message, _evidence(c), c.severity)


def _evidence(c: Claim) -> dict:
    ev = {"stated": c.stated, "recomputed": c.recomputed, "operands": [o.text for o in c.operands]}
    if c.diagnosis:
        ev["diagnosis"] = c.diagnosis
    sources = sorted({f"{o.source}:{o.line}" for o in c.operands if o.source != "sentence"})
    if sources:
        ev["operand_sources"] = sources
    return ev
