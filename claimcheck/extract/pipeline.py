"""Run every extractor over a Document and collect the facts."""

from __future__ import annotations

from bisect import bisect_left

from claimcheck.extract.claims import Pending, sentence_claims
from claimcheck.extract.derived import paragraph_claims
from claimcheck.extract.efficiency import table_claims
from claimcheck.extract.quantities import scan
from claimcheck.extract.resolve import resolve
from claimcheck.extract.sentences import Sentence, split
from claimcheck.models import Document, Extraction, Quantity

PROSE = {"paragraph", "list_item", "heading", "footnote"}


def _by_sentence(
    sentences: list[Sentence], quantities: list[Quantity]
) -> list[tuple[Sentence, list[Quantity]]]:
    starts = [q.start for q in quantities]
    out = []
    for s in sentences:
        lo, hi = bisect_left(starts, s.start), bisect_left(starts, s.end)
        out.append((s, [q for q in quantities[lo:hi] if q.end <= s.end]))
    return out


def extract_document(doc: Document) -> Extraction:
    """Quantities and claims of a document (conditions and measurements come later)."""
    quantities: list[Quantity] = []
    pending: list[Pending] = []
    table_facts = []
    for block in doc.blocks:
        found = scan(block.text, block.start)
        quantities.extend(found)
        if block.table is not None:
            table_facts.extend(table_claims(doc, block))
        if block.kind not in PROSE:
            continue
        per_sentence = _by_sentence(split(block.text, block.start), found)
        for i, (sentence, qs) in enumerate(per_sentence):
            for p in sentence_claims(doc, sentence, qs):
                p.earlier = per_sentence[max(0, i - 3) : i]
                pending.append(p)
        pending.extend(paragraph_claims(doc, per_sentence))
    resolve(doc, pending)
    claims = sorted([*(p.claim for p in pending), *table_facts], key=lambda c: (c.start, c.kind))
    return Extraction(path=doc.name, claims=claims, quantities=quantities)
