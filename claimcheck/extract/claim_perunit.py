"""Per-unit figures derived in prose ("which comes to 3,100 requests per second per watt")
recomputed from a rate and a divisor stated before them in the paragraph.

A figure whose unit is a quotient (requests per second per watt, Mbps/W) is a derived
figure when the sentence, or up to three sentences before it in the paragraph, states a
figure of the numerator's dimension and one of the denominator's. Every such pair is
tried, the nearest first: consistent when one pair gives the figure at its stated
precision, inconsistent only when the paragraph offers exactly one pair.
"""

from __future__ import annotations

from claimcheck import arithmetic as ar
from claimcheck.extract.claims import apply, new_claim, operand
from claimcheck.extract.judge import Judgement
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Quantity
from claimcheck.units import convert, same_dimension

MAX_POOL = 64  # figures before a quotient figure looked at
MAX_CANDIDATES = 4  # figures of each dimension tried, the nearest first


def _parts(unit: str) -> tuple[str, str] | None:
    """(numerator, denominator) of a quotient unit "(RPS) / watt", or None."""
    depth = 0
    for i in range(len(unit) - 1, -1, -1):
        ch = unit[i]
        depth += ch == ")"
        depth -= ch == "("
        if ch == "/" and depth == 0:
            num, den = unit[:i].strip(), unit[i + 1 :].strip()
            if num.startswith("(") and num.endswith(")"):
                num = num[1:-1].strip()
            return (num, den) if num and den and "/" not in den else None
    return None


def _fits(q: Quantity, unit: str) -> bool:
    """A plain figure (not a share, multiple, range or quotient) of ``unit``'s dimension."""
    if not q.unit or q.is_percent or q.multiplier or q.is_range or "/" in q.unit:
        return False
    try:
        return same_dimension(q.unit, unit)
    except Exception:  # noqa: BLE001 - an odd unit
        return False


def per_unit_claims(doc: Document, sentence: Sentence, quantities: list[Quantity],
                    earlier: list[tuple[Sentence, list[Quantity]]]) -> list[Claim]:  # fmt: skip
    """A derived per-unit claim for each quotient figure whose operands the paragraph states."""
    out = []
    before = [q for _s, qs in earlier for q in qs][-MAX_POOL:]
    for k, stated in enumerate(quantities):
        parts = _parts(stated.unit) if "/" in stated.unit else None
        if parts is None:
            continue
        num_unit, den_unit = parts
        here = [q for q in quantities[max(0, k - MAX_POOL) : k] if q.end <= stated.start]
        pool = sorted([*here, *before], key=lambda q: -q.start)[:MAX_POOL]  # the nearest first
        nums = [q for q in pool if _fits(q, num_unit)][:MAX_CANDIDATES]
        dens = [q for q in pool if _fits(q, den_unit)][:MAX_CANDIDATES]
        if not nums or not dens:
            continue
        claim = new_claim(doc, "derived", "A003", sentence, stated, stated.text, stated.end)
        claim.direction = "per-unit"
        _judge(doc, claim, stated, num_unit, den_unit, nums, dens, sentence)
        out.append(claim)
    return out


def _value(q: Quantity, unit: str) -> float | None:
    try:
        return q.value * (convert(1.0, q.unit, unit) if q.unit != unit else 1.0)
    except Exception:  # noqa: BLE001 - not convertible after all
        return None


def _judge(doc: Document, claim: Claim, stated: Quantity, num_unit: str, den_unit: str,
           nums: list[Quantity], dens: list[Quantity], sentence: Sentence) -> None:  # fmt: skip
    first = None
    for n in nums:
        for d in dens:
            a, b = _value(n, num_unit), _value(d, den_unit)
            if a is None or not b:
                continue
            v = a / b
            if first is None:
                first = (n, d, v)
            verdict = ar.verify(stated.value, v, stated.decimals, stated.qualifier, stated.scale)
            if verdict.consistent:
                claim.operands = [_op(doc, n, sentence), _op(doc, d, sentence)]
                apply(claim, Judgement("consistent", _fmt(v, stated), v))
                return
    if first is None:
        return
    n, d, v = first
    claim.operands = [_op(doc, n, sentence), _op(doc, d, sentence)]
    if len(nums) > 1 or len(dens) > 1:
        claim.diagnosis = "no pair of the paragraph's figures gives it, and several could be meant"
        return
    verdict = ar.verify(stated.value, v, stated.decimals, stated.qualifier, stated.scale)
    msg = f'stated "{stated.text}"; {n.text} / {d.text} = {_fmt(v, stated)}'
    sev = "info" if verdict.truncated else "error"
    if verdict.truncated:
        msg += " (truncated rather than rounded)"
    apply(claim, Judgement("inconsistent", _fmt(v, stated), v, sev, "per-unit", msg))


def _fmt(v: float, stated: Quantity) -> str:
    return f"{ar.format_number(v, ar.shown_decimals(stated.decimals))}"


def _op(doc: Document, q: Quantity, sentence: Sentence):  # noqa: ANN202
    inside = sentence.start <= q.start < sentence.end
    return operand(doc, q, "sentence" if inside else "previous_sentence")
