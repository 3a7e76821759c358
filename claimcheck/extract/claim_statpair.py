"""Claims judged on the two samples a summary-statistics block right after them compares.

A sentence that introduces a block of summary statistics ("throughput drops by 31%:"
above a block with a min/max/median/avg row for the old build and one for the new, as
ministat and many benchmark harnesses print) states a relation between the two samples'
means. When the claim's sentence ends its block, the next block is a table whose
statistics (``DocumentIndex.stat_tables``) hold exactly two groups with a mean, and the
claim has no operands yet, both orders of the two means are tried: consistent when one
fits; otherwise it stays unverifiable (which sample is the reference is not written).
"""

from __future__ import annotations

from claimcheck.extract.claims import Pending, judge_pair, operand
from claimcheck.extract.docindex import DocumentIndex
from claimcheck.models import Document, Quantity

KINDS = ("percent-delta", "ratio")
RESULT_FIELDS = ("status", "recomputed", "recomputed_value", "severity", "diagnosis", "message")


def stat_pair_claims(doc: Document, pending: list[Pending], index: DocumentIndex) -> None:
    """Judge open claims on the two means of the statistics block that follows them."""
    means = _two_means(doc, index)
    if not means:
        return
    last_of_block = {index.in_block(b)[-1].start: b for b in range(len(doc.blocks))
                     if index.in_block(b)}  # fmt: skip
    for p in pending:
        c = p.claim
        if c.kind not in KINDS or c.status != "unverifiable" or c.operands or p.stated.is_range:
            continue
        b = last_of_block.get(p.sentence.start)
        if b is None or b + 1 not in means:
            continue
        first, second = means[b + 1]
        _try_orders(doc, p, [(second, first), (first, second)])


def _two_means(doc: Document, index: DocumentIndex) -> dict[int, tuple[Quantity, Quantity]]:
    """Per table block: the means of its two statistic groups, when it has exactly two."""
    out: dict[int, tuple[Quantity, Quantity]] = {}
    for table in index.stat_tables:
        found = []
        for group in table.by_columns + table.by_rows:
            mean = [s for s in group.stats if s[0][0] == "mean"]
            if mean:
                found.append(mean[0])
        if len(found) != 2 or not 0 <= table.block < len(doc.blocks):
            continue
        out[table.block] = (_quantity(found[0]), _quantity(found[1]))
    return out


def _quantity(stat: tuple) -> Quantity:
    """The mean cell of a statistic as a plain quantity (in the block's own unit)."""
    _key, value, cell, _label = stat
    text = cell.text.strip()
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    return Quantity(text=text, start=cell.start, end=cell.end, value=value, decimals=decimals)


def _try_orders(doc: Document, p: Pending, orders: list[tuple[Quantity, Quantity]]) -> None:
    """Keep the first order that makes the claim consistent; else leave it as it was."""
    c = p.claim
    before = {name: getattr(c, name) for name in RESULT_FIELDS}
    for subj, ref in orders:
        if subj.value == 0 or ref.value == 0:
            continue
        judge_pair(c, p.stated, subj, ref, p.words)
        if c.status == "consistent":
            c.operands = [operand(doc, subj, "table_cell"), operand(doc, ref, "table_cell")]
            return
    for name, value in before.items():
        setattr(c, name, value)
