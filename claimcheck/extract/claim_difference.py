"""Absolute differences stated in prose: "14 ms, 8 ms over the 6 ms baseline", "its p99 of
26 ms is 20 ms over", "17 MB, a difference of 9 MB", "1,050 additional requests".

A difference is a figure with a unit (or a count of the things it names) said to lie over,
above, under or below something, to be more or less than something, or to be a difference,
an addition or an extra. Its operands are two figures of its kind:

- pinned: the figure right before it in its clause and the one right after its comparison
  word ("X, D over the baseline of B"): that pair alone is judged, and a pair that does not
  give it makes the claim inconsistent;
- otherwise the figures of its sentence and of the sentences before it in its paragraph,
  then the report's figures of the same metric (a results table): consistent when one pair
  gives it. A difference no figures of the report decide ("Y added 39 ms over a baseline
  of 18 ms", with no total) is no claim to check and is not reported.

Figures written as approximations ("~90ms over", "88K") widen the tolerance as for the
other claims (:func:`claimcheck.extract.judge.corners`).
"""

from __future__ import annotations

from itertools import combinations

from claimcheck import arithmetic as ar
from claimcheck.extract import judge
from claimcheck.extract.claimfacts import words_between
from claimcheck.extract.claims import apply, new_claim, operand
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Measurement, Quantity
from claimcheck.units import same_dimension

# Words right after the figure that make it a difference ("8ms over the baseline",
# "20 ms more than", "3 ms lower"); "over"/"above" only with a reference after them.
AFTER_WORDS = {"over", "above", "more", "less", "higher", "lower", "longer", "shorter",
               "slower", "faster", "extra", "additional", "under", "below"}  # fmt: skip
# Words right before it ("a difference of 9 MB", "an additional 6ms", "an extra 40 ms").
BEFORE_WORDS = {"difference", "additional", "extra", "added", "adds", "adding", "delta"}
# What a clause ends with: a pinned pair never crosses one.
CLAUSE_WORDS = {"while", "whereas", "but", "and", "which"}
MAX_POOL = 24  # figures a difference may take its operands from
Where = tuple[Sentence, set[int]]  # the claim's sentence, ids of its paragraph's figures
MAX_DOCUMENT = 12  # figures of the same metric elsewhere in the report


def difference_claims(
    doc: Document,
    sentence: Sentence,
    quantities: list[Quantity],
    earlier: list[tuple[Sentence, list[Quantity]]],
    measurements: dict[str, list[Measurement]] | None = None,
) -> list[Claim]:
    """A claim for each absolute difference the sentence states, judged on its operands
    (``measurements``: the report's figures by metric, for the document-wide fallback)."""
    markers = [(k, q) for k, q in enumerate(quantities) if _difference(doc.text, sentence, q)]
    if not markers:
        return []
    taken = {id(q) for _, q in markers}
    out = []
    before = [q for _s, qs in earlier for q in qs]
    where = (sentence, {id(q) for q in before})
    for k, d in markers:
        counted = _counted_noun(doc.text, d)
        pool = [q for q in quantities if id(q) not in taken and _kind(q, d, counted)]
        pool += [q for q in reversed(before) if _kind(q, d, counted)]
        pool = pool[:MAX_POOL]
        claim = new_claim(doc, "sum", "A003", sentence, d, _wording(doc.text, d), d.end)
        claim.direction = "difference"
        pinned = _pinned(doc.text, sentence, quantities, k, taken)
        if pinned is not None and all(_kind(q, d, counted) for q in pinned):
            _judge(doc, claim, d, [pinned], True, where)
        elif not _judge(doc, claim, d, list(combinations(pool, 2)), False, where):
            extra = _document_figures(measurements, counted, d, pool)
            if extra:
                _judge(doc, claim, d, list(combinations(extra, 2)), False, where)
        if claim.status != "unverifiable":  # "added 39ms" with no total stated: no claim to check
            out.append(claim)
    return out


def _difference(text: str, sentence: Sentence, q: Quantity) -> bool:
    """Is ``q`` stated as a difference (a plain figure with a comparison word beside it)?"""
    if q.is_percent or q.multiplier or q.is_range or q.is_word or q.qualifier in ar.AT_LEAST:
        return False
    after = words_between(text, q.end, sentence.end, 2)
    adjacent = after and not text[q.end : after[0][1]].strip()  # "26ms, over twice" is not
    first_after = after[0][0] if adjacent else ""
    before = [w for w, _ in words_between(text, max(sentence.start, q.start - 30), q.start)]
    last_before = before[-1] if before else ""
    if last_before in ("of", "an", "a") and len(before) >= 2:
        last_before = before[-2] if before[-2] in BEFORE_WORDS else last_before
    if not q.unit and _counted_noun(text, q) is None:
        return False  # a bare number: only "1,050 additional requests" counts something
    if first_after in ("additional", "extra") and not q.unit:
        return True
    if first_after in AFTER_WORDS and q.unit:
        return first_after not in ("over", "above", "under", "below") or _referent(after)
    return last_before in BEFORE_WORDS and bool(q.unit)


def _referent(after: list[tuple[str, int]]) -> bool:
    """Does "over"/"above" go on to name what it is over ("over the baseline", "over.")?
    A following number word is a qualifier of the next figure, not a reference."""
    return len(after) < 2 or after[1][0] not in ("a", "an")


def _counted_noun(text: str, q: Quantity) -> str | None:
    """ "1,050 additional requests": the things a bare count names after a modifier."""
    words = words_between(text, q.end, q.end + 40, 3)
    if len(words) >= 2 and words[0][0] in ("additional", "extra", "more", "fewer", "less"):
        noun = words[1][0]
        return noun if noun.endswith("s") and len(noun) > 3 else None
    return None


def _kind(q: Quantity, d: Quantity, counted: str | None) -> bool:
    """Can ``q`` be an operand of the difference ``d`` (a figure of its dimension)?"""
    if q is d or q.is_percent or q.multiplier or q.is_range:
        return False
    if not d.unit:
        return not q.unit and counted is not None and not q.is_word
    return bool(q.unit) and same_dimension(q.unit, d.unit)


def _pinned(
    text: str, sentence: Sentence, qs: list[Quantity], k: int, taken: set[int]
) -> tuple[Quantity, Quantity] | None:
    """ "X, D over the baseline of B": the figure right before ``qs[k]`` in its clause and
    the first figure after it in the same clause."""
    d = qs[k]
    prev = next((q for q in reversed(qs[:k]) if id(q) not in taken), None)
    nxt = next((q for q in qs[k + 1 :] if id(q) not in taken), None)
    if prev is None or nxt is None:
        return None
    gap_before = [w for w, _ in words_between(text, prev.end, d.start, 12)]
    gap_after = [w for w, _ in words_between(text, d.end, nxt.start, 12)]
    if len(gap_before) > 6 or any(w in CLAUSE_WORDS for w in gap_before + gap_after):
        return None
    if ";" in text[prev.end : nxt.start] or len(gap_after) > 8:
        return None
    return prev, nxt


def _document_figures(
    measurements: dict[str, list[Measurement]] | None,
    counted: str | None,
    d: Quantity,
    pool: list[Quantity],
) -> list[Quantity]:
    """Figures of the report's results whose metric is what the difference counts
    ("additional requests": the request totals of a table)."""
    if not measurements or counted is None or pool:
        return []
    found = measurements.get(counted, [])[:MAX_DOCUMENT]
    return [Quantity(text=m.text.strip(), start=m.start, end=m.end, value=m.value,
                     decimals=m.decimals) for m in found]  # fmt: skip


def _judge(
    doc: Document,
    claim: Claim,
    d: Quantity,
    pairs: list[tuple[Quantity, Quantity]],
    strict: bool,
    where: Where,
) -> bool:
    """Judge ``d`` on ``pairs``: consistent when one gives it; inconsistent only when
    ``strict`` (one pinned pair) and it does not. True when decided."""
    shown = ar.shown_decimals(max(d.decimals, 0))
    for a, b in pairs[: MAX_POOL * 2]:
        b = judge.aligned(a, b)
        a_ = judge.aligned(d, a)
        b_ = judge.aligned(d, b)
        value = abs(a_.value - b_.value)
        span = judge.corners(lambda x, y: abs(x - y), a_, b_)
        ok = ar.verify(d.value, value, d.decimals, d.qualifier, d.scale).consistent or (
            span is not None and ar.overlaps(d.value, *span, d.decimals, d.qualifier, d.scale)
        )
        if ok:
            _operands(doc, claim, a, b, where)
            apply(claim, judge.Judgement("consistent", ar.format_number(value, shown), value))
            return True
    if strict and len(pairs) == 1:
        a, b = pairs[0]
        a_, b_ = judge.aligned(d, a), judge.aligned(d, b)
        value = abs(a_.value - b_.value)
        rec = ar.format_number(value, shown)
        _operands(doc, claim, a, b, where)
        verdict = ar.verify(d.value, value, d.decimals, d.qualifier, d.scale)
        severity = "info" if verdict.truncated else "error"
        msg = f'stated "{claim.stated}"; {a.text} - {b.text} = {rec}'
        if verdict.truncated:
            msg += " (truncated rather than rounded)"
        apply(claim, judge.Judgement("inconsistent", rec, value, severity, "difference", msg))
        return True
    return False


def _operands(doc: Document, claim: Claim, a: Quantity, b: Quantity, where: Where) -> None:
    """The operands, larger first, each sourced from the claim's sentence, the sentences
    before it in its paragraph or elsewhere in the report."""
    big, small = (a, b) if a.value >= b.value else (b, a)
    sentence, local = where
    claim.operands = [
        operand(
            doc,
            q,
            "sentence"
            if sentence.start <= q.start < sentence.end
            else "previous_sentence"
            if id(q) in local
            else "document",
        )  # fmt: skip
        for q in (big, small)
    ]


def _wording(text: str, d: Quantity) -> str:
    """The difference as written, with the comparison word after it ("8ms over")."""
    after = words_between(text, d.end, d.end + 20, 1)
    if after and after[0][1] - d.end <= 2 and after[0][0] in AFTER_WORDS:
        return " ".join(text[d.start : after[0][1] + len(after[0][0])].split())
    return d.text
