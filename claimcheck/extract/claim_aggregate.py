"""Multiples with an aggregate operand: "at 50k RPS the Corvin's p99 was more than 30x our
highest p99 at any load".

One entity's figure is taken at the condition the sentence names (a row or column label of
the table, as written); the other's is its highest or lowest figure of the same metric
over every condition ("highest ... at any load", "worst ... across all sizes"). The
entity the aggregate word stands nearer to is the aggregated one. Judged only when one
table of the section (else of the document) holds both entities and the condition named
picks one cell.
"""

from __future__ import annotations

import re

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract.claim_tables import (
    LabelIndex,
    TableView,
    cell_operand,
    in_scope,
    make_claim,
    named_entities,
)
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Quantity
from claimcheck.textkeys import fold

AGGREGATE_RE = lazyre.compile(
    r"\b(?P<agg>highest|lowest|worst|best|largest|smallest|peak|maximum|minimum)\b"
    r"[^.;]{0,60}?\b(?:at|across|over|under|in|of)[ ]++(?:any|all|every|each)\b",
    re.I,
)
_HIGH = {"highest", "worst", "largest", "peak", "maximum"}


def aggregate_claims(doc: Document, tables: list[TableView], index: LabelIndex,
                     section: str | None, sentence: Sentence,
                     quantities: list[Quantity]) -> list[Claim]:  # fmt: skip
    """Multiples of one sentence whose reference is an entity's highest or lowest figure."""
    stated = [q for q in quantities if q.multiplier and not q.is_range]
    if len(stated) != 1 or not tables:
        return []
    m = AGGREGATE_RE.search(sentence.text)
    if m is None:
        return []
    named = named_entities(sentence.text, index)
    keys = list(dict.fromkeys(k for _, _, k in named))
    if len(keys) != 2:
        return []
    at = m.start()
    aggregated = min(named, key=lambda n: abs(n[0] - at) if n[0] < at else 4 * (n[0] - at))[2]
    single = next(k for k in keys if k != aggregated)
    q = stated[0]
    written = f"{q.qualifier} {q.text}" if q.qualifier else q.text
    claim = make_claim(doc, "ratio", "A002", sentence.text, q.start, q.end, written, q.value)
    claim.qualifier, claim.direction = q.qualifier, "ratio"
    claim.subject, claim.reference = index.labels[single], index.labels[aggregated]
    claim.metric = L.metric_of(sentence.text)
    levels = in_scope(tables, section, {single, aggregated})
    if levels and len(levels[0]) == 1:
        _judge(doc, claim, q, levels[0][0], single, aggregated, fold(m.group("agg")), sentence)
    return [claim]


def _judge(doc: Document, claim: Claim, q: Quantity, view: TableView, single: str,
           aggregated: str, word: str, sentence: Sentence) -> None:  # fmt: skip
    low = sentence.text.lower()
    metrics = view.metrics()
    if claim.metric in metrics:
        metrics = [claim.metric]  # else the word was a condition's ("at 50k RPS")
    if len(metrics) != 1:
        return
    metric = metrics[0]
    mine = [gc for gc in view.by_entity.get(single, []) if gc.metric == metric]
    theirs = [gc for gc in view.by_entity.get(aggregated, []) if gc.metric == metric]
    if not mine or not theirs:
        return
    grid = view.grid

    def named_condition(gc) -> bool:  # noqa: ANN001
        for axis in (grid.rows[gc.row], grid.columns[gc.col]):
            if axis.condition and axis.label and axis.label.lower() in low:
                return True
        return False

    picked = [gc for gc in mine if named_condition(gc)]
    if len(picked) != 1:
        return
    one = picked[0]
    agg = (
        max(theirs, key=lambda g: g.value) if word in _HIGH else min(theirs, key=lambda g: g.value)
    )
    if one.value <= 0 or agg.value <= 0:
        return
    r = max(one.value / agg.value, agg.value / one.value)
    claim.operands = [cell_operand(doc, view, one), cell_operand(doc, view, agg)]
    claim.metric = metric
    dec = max(q.decimals, 0)
    rec = f"{r:.{max(ar.shown_decimals(dec), 2)}f}x"
    verdict = ar.verify(q.value, r, dec, q.qualifier, q.scale)
    if verdict.consistent:
        apply(claim, Judgement("consistent", rec, r))
        return
    msg = (f'stated "{claim.stated}"; {claim.subject} {one.cell.text} against the {word} '
           f"{claim.reference} figure {agg.cell.text} (of {len(theirs)}) is a ratio of {rec}")  # fmt: skip
    sev = "info" if verdict.truncated else "error"
    apply(claim, Judgement("inconsistent", rec, r, sev, "aggregate", msg))
