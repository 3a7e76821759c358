"""The claim passes that read the report's tables and whole paragraphs, after the prose
claim extractor: computed table columns, ranges and bounds over table pairs, capability
and verification claims, per-unit figures derived in prose.

A claim these passes find replaces a prose claim on the same stated figure (one claim,
one finding, per cause); the others are kept as they are.
"""

from __future__ import annotations

from claimcheck.extract import grid as G
from claimcheck.extract.claim_computed import computed_claims
from claimcheck.extract.claim_tables import views
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Block, Claim, Document, Extraction, Quantity

Prose = list[tuple[Block, list[tuple[Sentence, list[Quantity]]]]]


def relation_claims(
    doc: Document, ex: Extraction, grids: list[tuple[int, Block, G.Grid]], prose: Prose
) -> list[Claim]:
    """``ex.claims`` with the claims of the table and paragraph passes merged in."""
    tables = views(grids)
    found: list[Claim] = []
    for view in tables:
        found.extend(computed_claims(doc, view))
    return merge(ex.claims, found)


def merge(existing: list[Claim], found: list[Claim]) -> list[Claim]:
    """``existing`` without the claims a found claim replaces (the same stated figure),
    plus the found claims, in document order."""
    spans = sorted((c.start, c.end) for c in found)
    starts = [s for s, _ in spans]
    from bisect import bisect_right

    def replaced(c: Claim) -> bool:
        k = bisect_right(starts, c.start) - 1  # the last found claim starting at or before
        return k >= 0 and spans[k][1] > c.start

    kept = [c for c in existing if not replaced(c)]
    return sorted([*kept, *found], key=lambda c: (c.start, c.kind))
