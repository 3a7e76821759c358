"""Derived figures in prose: totals of N units, and W-to-BTU/h conversions.

Operands may sit in an earlier sentence of the same paragraph; each operand
records where it came from.
"""

from __future__ import annotations

import re

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract.claims import Pending, apply, new_claim, operand
from claimcheck.extract.judge import Judgement
from claimcheck.extract.phrases import Phrase
from claimcheck.extract.quantities import finditer_from, word_starts
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Document, Quantity
from claimcheck.units import is_energy, is_power, same_dimension

TOTAL_WORDS = [
    "total", "totals", "totalling", "totaling", "combined", "altogether", "in all", "sum",
    "aggregate", "would draw", "would consume", "would use", "would need", "would require",
    "would cost", "rise to", "rises to", "add up to", "adds up to",
]  # fmt: skip
TOTAL_RE = lazyre.compile(r"\b(?:" + "|".join(map(re.escape, TOTAL_WORDS)) + r")\b", re.IGNORECASE)
_TOTAL_START_RE = word_starts(TOTAL_WORDS)
CONVERT_RE = lazyre.compile(
    r"\b(?:translates? (?:in)?to|equals?|equivalent|converts? to|corresponds? to|i\.e\.|"
    r"or about|estimated|which is)\b",
    re.IGNORECASE,
)
_WORDS_RE = lazyre.compile(r"[A-Za-z0-9][\w.-]*")
_STOP = {"the", "a", "an", "of", "for", "to", "by", "in", "on", "and", "with", "would", "be"}


def _keywords(text: str) -> set[str]:
    return {w.lower() for w in _WORDS_RE.findall(text)} - _STOP


def paragraph_claims(
    doc: Document, sentences: list[tuple[Sentence, list[Quantity]]]
) -> list[Pending]:
    """Total and conversion claims in one paragraph (sentences with their quantities)."""
    out: list[Pending] = []
    for i, (sent, qs) in enumerate(sentences):
        window = sentences[max(0, i - 3) : i + 1]
        if next(finditer_from(TOTAL_RE, _TOTAL_START_RE, sent.text), None):
            pending = _total(doc, sent, qs, window)
            if pending:
                out.append(pending)
        if any(is_energy(q.unit) or q.unit == "BTU_per_hour" for q in qs):
            out.extend(_conversions(doc, sent, qs, window))
    return out


def _total(doc, sent, qs, window) -> Pending | None:  # noqa: ANN001
    """ "three units ... would draw 1,089 W": total = count x per-unit value."""
    totals = [q for q in qs if q.unit and not q.is_percent and not q.multiplier]
    if not totals:
        return None
    total = totals[-1]
    counts = [
        (s, q) for s, sq in window for q in sq
        if not q.unit and float(q.value).is_integer() and 2 <= q.value <= 64 and q.end <= total.start
        and not q.multiplier and (q.is_word or q.sig_figs <= 2)
    ]  # fmt: skip
    if not counts:
        return None
    count_sent, count = counts[-1]
    after = doc.text[count.end : count.end + 40]
    key = _keywords(after)
    candidates = [
        (s, q) for s, sq in window for q in sq
        if q is not total and q.unit and same_dimension(q.unit, total.unit) and q.end <= total.start
        and not q.is_range
    ]  # fmt: skip
    if not candidates:
        return None

    def score(item: tuple[Sentence, Quantity]) -> tuple[int, int]:
        q = item[1]
        around = doc.text[max(0, q.start - 40) : q.end + 40]
        return len(key & _keywords(around)), q.start

    src_sent, per_unit = max(candidates, key=score)
    expected = per_unit.value * count.value
    stated = total
    claim = new_claim(doc, "sum", "A003", sent, stated, stated.text, stated.end)
    claim.direction = "product"
    claim.operands = [
        operand(doc, count, "sentence" if count_sent is sent else "previous_sentence"),
        operand(doc, per_unit, "sentence" if src_sent is sent else "previous_sentence"),
    ]
    verdict = ar.verify(stated.value, expected, stated.decimals, stated.qualifier, stated.scale)
    rec = ar.format_number(expected, max(stated.decimals, 0))
    msg = None
    if not verdict.consistent:
        msg = (f'stated "{stated.text}"; {count.text} x {per_unit.text} = {rec} '
               f"{stated.unit_text}".rstrip())  # fmt: skip
    apply(claim, Judgement("consistent" if verdict.consistent else "inconsistent", rec, expected,
                           None if verdict.consistent else "error", "product", msg))  # fmt: skip
    return Pending(claim, sent, Phrase("total", 0, 0), stated, [])


def _conversions(doc, sent, qs, window) -> list[Pending]:  # noqa: ANN001
    """Heat figures paired in order with the power figures they convert."""
    heats = [q for q in qs if is_energy(q.unit) or q.unit == "BTU_per_hour"]
    powers = [q for s, sq in window for q in sq if is_power(q.unit) and q.unit != "BTU_per_hour"]
    if not heats or not powers or not (CONVERT_RE.search(sent.text) or len(powers) >= len(heats)):
        return []
    powers = powers[-len(heats) :] if len(powers) >= len(heats) else powers
    out = []
    estimated = "estimat" in sent.text.lower()
    for heat, power in zip(heats, powers, strict=False):
        watts = ar.convert_units(power.value, power.unit, "watt")
        expected = ar.watts_to_btu_per_hour(watts)
        qualifier = heat.qualifier or ("about" if estimated else None)
        verdict = ar.verify(heat.value, expected, heat.decimals, qualifier, heat.scale)
        claim = new_claim(doc, "conversion", "A003", sent, heat, heat.text, heat.end)
        claim.direction = "W to BTU/h"
        claim.operands = [
            operand(doc, power, "sentence" if power.start >= sent.start else "previous_sentence")
        ]
        rec = f"{ar.format_number(expected, heat.decimals)} BTU/h"
        msg = None
        if not verdict.consistent:
            msg = f'stated "{heat.text}"; {power.text} x {ar.BTU_PER_HOUR_PER_WATT} = {rec}'
        apply(claim, Judgement("consistent" if verdict.consistent else "inconsistent", rec, expected,
                               None if verdict.consistent else "error", "conversion", msg))  # fmt: skip
        out.append(Pending(claim, sent, Phrase("conversion", 0, 0), heat, []))
    return out
