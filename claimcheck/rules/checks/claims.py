"""Checks that report claims the extractor judged inconsistent (A001-A003)."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.models import Claim, Document, Extraction
from claimcheck.rules.registry import Hit, check


def _hits(extraction: Extraction, rule: str) -> Iterator[Hit]:
    for c in extraction.claims:
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


@check("percent_delta")
def percent_delta(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Stated percentage differences that their operands contradict."""
    yield from _hits(extraction, "A001")


@check("ratio")
def ratio(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Stated multiples that their operands contradict."""
    yield from _hits(extraction, "A002")


@check("derived_metric")
def derived_metric(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Shares, totals, conversions and per-unit figures that their operands contradict."""
    yield from _hits(extraction, "A003")
