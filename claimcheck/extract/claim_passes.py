"""The claim passes that read the report's tables and whole paragraphs, after the prose
claim extractor: computed table columns, ranges and bounds over table pairs, capability
and verification claims, per-unit figures derived in prose.

A claim these passes find replaces a prose claim on the same stated figure (one claim,
one finding, per cause); the others are kept as they are.
"""

from __future__ import annotations

from bisect import bisect_left

from claimcheck.extract import grid as G
from claimcheck.extract.claim_aggregate import aggregate_claims
from claimcheck.extract.claim_bounds import capability_claims, verification_claims
from claimcheck.extract.claim_computed import computed_claims
from claimcheck.extract.claim_difference import difference_claims
from claimcheck.extract.claim_perunit import EntityFigures, per_unit_claims
from claimcheck.extract.claim_products import product_claims
from claimcheck.extract.claim_qualitative import qualitative_claims
from claimcheck.extract.claim_ranges import range_claims
from claimcheck.extract.claim_restated import restated_claims
from claimcheck.extract.claim_superlative import bare_index, superlative_claims
from claimcheck.extract.claim_tables import label_index, views
from claimcheck.extract.claimfacts import OperandContext
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Block, Claim, Document, Extraction, Measurement, Quantity

MAX_CITED = 4  # operands an inconsistent claim's message names with their lines
MAX_TABLE_CLAIMS = 256  # range and bound claims judged against the tables per report
Prose = list[tuple[Block, list[tuple[Sentence, list[Quantity]]]]]


def relation_claims(
    doc: Document, ex: Extraction, grids: list[tuple[int, Block, G.Grid]], prose: Prose
) -> list[Claim]:
    """``ex.claims`` with the claims of the table and paragraph passes merged in."""
    tables = views(grids)
    found: list[Claim] = []
    for view in tables:
        found.extend(computed_claims(doc, view))
        found.extend(product_claims(doc, view))
    index = label_index(tables)
    bare = bare_index(index) if tables else index
    entities = EntityFigures(ex.measurements)
    names = OperandContext(doc, ex)
    by_metric: dict[str, list[Measurement]] = {}
    for m in ex.measurements:
        if m.role == "result" and m.source in ("table", "tool"):
            by_metric.setdefault(m.metric, []).append(m)
    judged = 0
    for block, sentences in prose:
        for i, (sentence, qs) in enumerate(sentences):
            earlier = sentences[max(0, i - 3) : i]
            if judged < MAX_TABLE_CLAIMS:  # each walks the tables: a bounded number per report
                more = range_claims(doc, tables, index, block.section, sentence, earlier)
                more += capability_claims(doc, tables, index, block.section, sentence, qs, earlier)
                more += aggregate_claims(doc, tables, index, block.section, sentence, qs)
                more += superlative_claims(doc, tables, bare, block.section, sentence)
                judged += len(more)
                found.extend(more)
            found.extend(verification_claims(doc, sentence, qs))
            found.extend(per_unit_claims(doc, sentence, qs, earlier, entities))
            found.extend(difference_claims(doc, sentence, qs, earlier, by_metric))
            found.extend(qualitative_claims(doc, names, sentence, qs))
    claims = merge(ex.claims, found)
    restated_claims(claims)
    for c in claims:
        cite_operands(c)
    return claims


def cite_operands(claim: Claim) -> None:
    """An inconsistent claim's message names the lines of operands that stand elsewhere than
    its own line ("(operands: 129,531 rps line 73, 14,755 rps line 72)"), so that a reader,
    and a fix, sees what was compared."""
    if claim.status != "inconsistent" or not claim.message or not claim.operands:
        return
    if "line " in claim.message or all(o.line == claim.line for o in claim.operands):
        return
    cited = ", ".join(f"{o.text} line {o.line}" for o in claim.operands[:MAX_CITED])
    claim.message += f" (operands: {cited})"


def merge(existing: list[Claim], found: list[Claim]) -> list[Claim]:
    """``existing`` and ``found`` in document order, one claim per stated figure: a found
    claim replaces an existing claim on its stated figure unless only the existing one
    could be judged."""
    existing = sorted(existing, key=lambda c: c.start)
    starts = [c.start for c in existing]
    dropped: set[int] = set()
    kept_found = []
    for f in found:
        lo, hi = bisect_left(starts, f.start), bisect_left(starts, f.end)
        same = list(range(lo, hi))
        if f.status == "unverifiable" and any(existing[k].status != "unverifiable" for k in same):
            continue
        dropped.update(same)
        kept_found.append(f)
    kept = [c for k, c in enumerate(existing) if k not in dropped]
    return sorted([*kept, *kept_found], key=lambda c: (c.start, c.kind))
