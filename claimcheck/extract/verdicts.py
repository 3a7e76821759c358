"""Verdicts on one assignment of operands that the claim grammar's judges do not give:
shares, bounds ("within 15% of"), and "faster" or "slower" stated over two times.
"""

from __future__ import annotations

from claimcheck import arithmetic as ar
from claimcheck.extract import judge
from claimcheck.extract.claims import Pending, apply, judge_pair
from claimcheck.models import Quantity
from claimcheck.units import same_dimension

RESULT_FIELDS = ("status", "recomputed", "recomputed_value", "severity", "diagnosis", "message",
                 "direction")  # fmt: skip


def speed_word(p: Pending) -> bool:
    """Is the claim's comparison word one of speed ("faster", "slower")?"""
    toks = p.phrase.directions or p.phrase.gap_directions
    return bool(toks) and toks[0].type in ("BETTER", "WORSE")


def judge_speed(p: Pending, a: Quantity, b: Quantity) -> None:
    """ "25% faster" ("slower") on two times: the times 25% apart against the smaller, or
    against the larger (the rates, 1/time, are then 25% apart): either reading fits."""
    claim = p.claim
    fast, slow = (a, b) if a.value <= b.value else (b, a)
    claim.direction = "lower"
    judge_pair(claim, p.stated, fast, slow, p.words)
    if claim.status == "consistent":
        return
    first = claim.model_copy()
    claim.direction = "higher"
    judge_pair(claim, p.stated, slow, fast, p.words)
    if claim.status != "consistent":
        for name in RESULT_FIELDS:
            setattr(claim, name, getattr(first, name))


def is_time(a: Quantity, b: Quantity) -> bool:
    """Are both figures times (latencies, durations)?"""
    return all(q.unit and same_dimension(q.unit, "second") for q in (a, b))


def judge_share(p: Pending, part: Quantity, whole: Quantity) -> None:
    """Judge "part is N% of whole"."""
    stated = p.stated
    whole = judge.aligned(part, whole)
    if not whole.value:
        return
    value = ar.share(part.value, whole.value)
    shown = ar.shown_decimals(stated.decimals)
    rec = f"{ar.format_number(value, shown)}%"
    verdict = ar.verify(stated.value, value, stated.decimals, stated.qualifier, stated.scale)
    if verdict.consistent:
        apply(p.claim, judge.Judgement("consistent", rec, value))
        return
    severity = "info" if verdict.truncated else "error"
    msg = f'stated "{p.claim.stated}"; {part.text} is {rec} of {whole.text}'
    if verdict.truncated:
        msg += " (truncated rather than rounded)"
    apply(p.claim, judge.Judgement("inconsistent", rec, value, severity, "share", msg))


def judge_within(p: Pending, a: Quantity, b: Quantity) -> None:
    """ "within N% of X": the difference, against the reference, is at most N%."""
    stated = p.stated
    b = judge.aligned(a, b)
    if not b.value:
        return
    value = abs(a.value - b.value) / abs(b.value) * 100
    shown = ar.shown_decimals(stated.decimals)
    rec = f"{ar.format_number(value, shown)}%"
    if ar.verify(stated.value, value, stated.decimals, "at most", stated.scale).consistent:
        apply(p.claim, judge.Judgement("consistent", rec, value))
        return
    msg = f'stated "{p.claim.stated}"; {a.text} vs {b.text} differ by {rec}'
    apply(p.claim, judge.Judgement("inconsistent", rec, value, "error", "mismatch", msg))
