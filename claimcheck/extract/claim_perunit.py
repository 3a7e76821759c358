"""Per-unit figures derived in prose ("which comes to 3,100 requests per second per watt")
recomputed from a rate and a divisor stated before them in the paragraph.

A figure whose unit is a quotient (requests per second per watt, Mbps/W) is a derived
figure when the sentence, or up to three sentences before it in the paragraph, states a
figure of the numerator's dimension and one of the denominator's; a side the paragraph
lacks is taken from the figures of the same entity elsewhere in the report (its results
paragraph, its datasheet row). Every such pair is tried, the nearest first: consistent
when one pair gives the figure at its stated precision, inconsistent only when exactly
one pair is offered.
"""

from __future__ import annotations

from claimcheck import arithmetic as ar
from claimcheck.extract.claims import apply, new_claim, operand
from claimcheck.extract.judge import Judgement
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Measurement, Quantity
from claimcheck.units import convert, dimensionality, is_event_rate, same_dimension

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
    """A plain figure (not a share, multiple, range or quotient) of ``unit``'s dimension
    (a connection rate counts for a request rate: the figure says which it divides)."""
    if not q.unit or q.is_percent or q.multiplier or q.is_range or "/" in q.unit:
        return False
    try:
        return same_dimension(q.unit, unit) or is_event_rate(q.unit) and is_event_rate(unit)
    except Exception:  # noqa: BLE001 - an odd unit
        return False


class EntityFigures:
    """The document's figures of each entity (device), indexed once: where a per-unit
    figure's paragraph lacks its rate or its divisor, the entity's own figures elsewhere in
    the report (a results paragraph, a table row) are its operands."""

    def __init__(self, measurements: list[Measurement]) -> None:
        self.at: dict[tuple[int, int], Measurement] = {}
        self.of: dict[str, list[Measurement]] = {}
        for m in measurements:
            if m.source == "text":
                self.at[(m.start, m.end)] = m
            if m.device and m.role in ("result", "spec", "advertised") and m.source != "derived":
                self.of.setdefault(m.device, []).append(m)

    def owner(self, q: Quantity) -> str | None:
        """The entity a prose figure was attributed to."""
        m = self.at.get((q.start, q.end))
        return m.device if m is not None else None

    def figures(self, device: str, unit: str) -> list[Quantity]:
        """The entity's figures of ``unit``'s kind (mean or unlabelled results only)."""
        out = []
        for m in self.of.get(device, ()):
            if m.statistic not in (None, "mean") or not m.unit:
                continue
            q = Quantity(text=m.text.strip(), start=m.start, end=m.end, value=m.value,
                         unit=m.unit, decimals=m.decimals)  # fmt: skip
            if _fits(q, unit):
                out.append(q)
        return out


def per_unit_claims(doc: Document, sentence: Sentence, quantities: list[Quantity],
                    earlier: list[tuple[Sentence, list[Quantity]]],
                    entities: EntityFigures | None = None) -> list[Claim]:  # fmt: skip
    """A derived per-unit claim for each quotient figure whose operands the paragraph
    states, or (with ``entities``) the figures of its entity elsewhere in the report."""
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
        owner = entities.owner(stated) if entities is not None else None
        if owner is not None and (not nums or not dens):
            # the paragraph's figures of other entities are no operands of this one
            nums = nums or entities.figures(owner, num_unit)[:MAX_CANDIDATES]
            dens = dens or entities.figures(owner, den_unit)[:MAX_CANDIDATES]
            nums = [q for q in nums if entities.owner(q) in (None, owner)]
            dens = [q for q in dens if entities.owner(q) in (None, owner)]
        if not nums or not dens:
            continue
        claim = new_claim(doc, "derived", "A003", sentence, stated, stated.text, stated.end)
        claim.direction = "per-unit"
        local = {id(q) for q in pool}
        _judge(doc, claim, stated, (num_unit, den_unit), nums, dens, (sentence, local))
        out.append(claim)
    return out


def _value(q: Quantity, unit: str) -> float | None:
    try:
        if q.unit == unit:
            return q.value
        if not same_dimension(q.unit, unit):  # connections per second for requests per second
            return q.value * _per_second(q.unit) / _per_second(unit)
        return q.value * convert(1.0, q.unit, unit)
    except Exception:  # noqa: BLE001 - not convertible after all
        return None


def _per_second(unit: str) -> float:
    """How many of its counted things per second one ``unit`` is ("kCPS" -> 1000)."""
    counted = dimensionality(unit).partition(" / ")[0].strip("[]")
    return convert(1.0, unit, f"({counted}) / second")


def _judge(doc: Document, claim: Claim, stated: Quantity, units: tuple[str, str],
           nums: list[Quantity], dens: list[Quantity],
           where: tuple[Sentence, set[int]]) -> None:  # fmt: skip
    num_unit, den_unit = units
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
                claim.operands = [_op(doc, n, where), _op(doc, d, where)]
                apply(claim, Judgement("consistent", _fmt(v, stated), v))
                return
    if first is None:
        return
    n, d, v = first
    claim.operands = [_op(doc, n, where), _op(doc, d, where)]
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


def _op(doc: Document, q: Quantity, where: tuple[Sentence, set[int]]):  # noqa: ANN202
    """The operand, sourced from the sentence, its paragraph (``local``: the ids of the
    paragraph's figures) or elsewhere in the document."""
    sentence, local = where
    if sentence.start <= q.start < sentence.end:
        return operand(doc, q, "sentence")
    return operand(doc, q, "previous_sentence" if id(q) in local else "document")
