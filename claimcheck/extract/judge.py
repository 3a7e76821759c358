"""Judge a stated percent delta or multiple against its two operands.

Builds the verdict, the recomputed value at the stated precision, and a
message that names the likely cause of a mismatch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from claimcheck import arithmetic as ar
from claimcheck.models import Quantity
from claimcheck.units import convert, dimensionality, is_power

LOWER_IS_BETTER_WORDS = {"latency", "delay", "response", "cpu", "utilization", "utilisation",
                         "power", "watts", "cost", "price", "time", "memory", "errors",
                         "jitter", "loss", "consumption", "usage", "draw"}  # fmt: skip


@dataclass
class Judgement:
    """What a claim's check concluded."""

    status: str  # consistent | inconsistent | unverifiable
    recomputed: str | None = None
    recomputed_value: float | None = None
    severity: str | None = None
    diagnosis: str | None = None
    message: str | None = None


def spread(q: Quantity) -> float:
    """Half the rounding step of an operand written as an approximation: "88K" (±500),
    "1.2 million" (±50,000), "~88,000" (±500: the zeros of an approximate figure are no
    digits); 0 for a figure written out ("129,814")."""
    if q.scale != 1 and not q.is_word:
        return ar.step(q.decimals, q.scale) / 2
    if (q.qualifier or "") not in ar.ABOUT:
        return 0.0
    if q.decimals:
        return ar.step(q.decimals) / 2
    v, zeros = round(abs(q.value)), 0
    while v and v % 10 == 0:
        v, zeros = v // 10, zeros + 1
    return 10.0**zeros / 2


def corners(f, a: Quantity, b: Quantity) -> tuple[float, float] | None:  # noqa: ANN001
    """[min, max] of ``f(x, y)`` over the values ``a`` and ``b`` may stand for (``f`` is
    monotone in each: a ratio, a difference); None when both are exact or one may be 0."""
    ha, hb = spread(a), spread(b)
    if not ha and not hb:
        return None
    xs, ys = (a.value - ha, a.value + ha), (b.value - hb, b.value + hb)
    if any(x <= 0 for x in xs) or any(y <= 0 for y in ys):
        return None
    values = [f(x, y) for x in xs for y in ys]
    return min(values), max(values)


def aligned(a: Quantity, b: Quantity) -> Quantity:
    """``b`` in ``a``'s unit when the two measure the same kind of thing in different
    units ("212ms" against "5 seconds"); its rounding step scales with it."""
    if not a.unit or not b.unit or a.unit == b.unit or a.is_percent or b.is_percent:
        return b
    try:
        factor = convert(1.0, b.unit, a.unit)
    except Exception:  # noqa: BLE001 - not convertible: the figures stay as written
        return b
    if factor == 1.0:
        return b
    return b.model_copy(update={"value": b.value * factor, "scale": b.scale * factor,
                                "unit": a.unit})  # fmt: skip


def fmt(q: Quantity) -> str:
    """A quantity as written, without its qualifier."""
    return q.text


def stated_text(stated: Quantity, direction: str | None) -> str:
    """A stated phrase for messages when the source wording is not at hand: "30% lower"."""
    return f"{stated.text} {direction}" if direction else stated.text


def judge_delta(
    stated: Quantity,
    subject: Quantity,
    reference: Quantity,
    direction: str,
    words: str = "",
    phrase: str | None = None,
    word: str | None = None,
) -> Judgement:
    """Judge "subject is <stated>% <direction> than reference".

    ``phrase`` is the stated wording ("174% greater") and ``word`` its comparison
    word ("greater"), used in messages; both default to the normalised direction.
    """
    phrase = phrase or stated_text(stated, direction)
    word = word or direction
    a, b = subject.value, reference.value
    both_pct = subject.is_percent and reference.is_percent
    readings = ar.percent_delta_readings(a, b, direction, both_pct)
    if not readings:
        return Judgement("unverifiable", diagnosis="an operand is zero")
    points_only = "point" in words
    dec = stated.decimals
    shown = ar.shown_decimals(dec)
    primary = readings[0]
    if points_only:
        primary = next((r for r in readings if r.name == "points"), primary)
    ops = f"{fmt(subject)} vs {fmt(reference)}"
    accepted = [r for r in readings if r.name in ("relative", "points")]
    if points_only:
        accepted = [r for r in readings if r.name == "points"]
    for r in accepted:
        if ar.verify(stated.value, r.value, dec, stated.qualifier, stated.scale).consistent:
            return Judgement("consistent", _pct(r.value, shown), r.value)
        if _within_spread(stated, subject, reference, direction, both_pct, r.name):
            return Judgement("consistent", _pct(r.value, shown), r.value)
    # the writer may have put the operands the other way round
    swapped = ar.percent_delta_readings(b, a, direction, both_pct)[0].value
    if primary.value < 0 and ar.verify(stated.value, swapped, dec, stated.qualifier).consistent:
        return Judgement("consistent", _pct(swapped, shown), swapped)
    rec = _pct(primary.value, shown)
    if primary.name == "points":
        rec = f"{ar.format_number(abs(primary.value), shown)} points"
    verdict = ar.verify(stated.value, primary.value, dec, stated.qualifier, stated.scale)
    head = f'stated "{phrase}"; {ops} is {rec} {word}'
    if primary.value < 0:
        other = "higher" if direction == "lower" else "lower"
        rec = _pct(-primary.value, shown)
        return Judgement("inconsistent", rec, primary.value, "error", "wrong-direction",
                         f'stated "{phrase}"; {ops} is {rec} {other}')  # fmt: skip
    if verdict.truncated:
        return Judgement("inconsistent", rec, primary.value, "info", "truncated",
                         f"{head} (truncated rather than rounded)")  # fmt: skip
    for r in readings[1:]:
        if r.name == "points" and not points_only:
            continue
        if ar.verify(stated.value, r.value, dec, stated.qualifier, stated.scale).consistent:
            why = {
                "ratio-as-increase": f"ratio {a / b:.2f} stated as an increase",
                "ratio-as-decrease": f"ratio {a / b:.2f} stated as a decrease",
                "wrong-base": "difference divided by the wrong base",
                "points": "percentage points, not percent",
            }[r.name]
            return Judgement("inconsistent", rec, primary.value, "error", r.name,
                             f"{head} ({why})")  # fmt: skip
    if both_pct and not points_only:
        pts = abs(a - b)
        head += f" ({ar.format_number(pts, dec)} points)"
    return Judgement("inconsistent", rec, primary.value, "error", "mismatch", head)


def _within_spread(
    stated: Quantity, a: Quantity, b: Quantity, direction: str, both_pct: bool, name: str
) -> bool:
    """Does the reading ``name`` fit the stated value for some values the approximate
    operands stand for ("88K -> 130K" is 1.463x to 1.491x)?"""

    def reading(x: float, y: float) -> float:
        found = ar.percent_delta_readings(x, y, direction, both_pct)
        return next((r.value for r in found if r.name == name), math.nan)

    span = corners(reading, a, b)
    return span is not None and ar.overlaps(
        stated.value, *span, stated.decimals, stated.qualifier, stated.scale
    )


def judge_ratio(
    stated: Quantity,
    subject: Quantity,
    reference: Quantity,
    direction: str | None,
    phrase: str | None = None,
) -> Judgement:
    """Judge "subject is <stated> times (more than / that of) reference"."""
    phrase = phrase or stated_text(stated, direction)
    a, b = subject.value, reference.value
    if a == 0 or b == 0:
        return Judgement("unverifiable", diagnosis="an operand is zero")
    r = a / b
    if stated.value < 1:
        return _judge_fraction(stated, subject, reference, phrase)
    if direction == "lower" or (r < 1 < stated.value):
        r = b / a
    dec = max(stated.decimals, 0)
    shown = max(ar.shown_decimals(dec), 2)
    ops = f"{fmt(subject)} vs {fmt(reference)}"
    for value in (r, r - 1) if direction in ("higher", "lower") else (r,):
        if ar.verify(stated.value, value, dec, stated.qualifier, stated.scale).consistent:
            return Judgement("consistent", f"{r:.{shown}f}x", r)
    inverted = r != a / b
    span = corners(lambda x, y: y / x if inverted else x / y, subject, reference)
    if span is not None and ar.overlaps(stated.value, *span, dec, stated.qualifier, stated.scale):
        return Judgement("consistent", f"{r:.{shown}f}x", r)
    verdict = ar.verify(stated.value, r, dec, stated.qualifier, stated.scale)
    rec = f"{r:.{shown}f}x"
    msg = f'stated "{phrase}"; {ops} is a ratio of {rec}'
    if verdict.truncated:
        return Judgement("inconsistent", rec, r, "info", "truncated",
                         msg + " (truncated rather than rounded)")  # fmt: skip
    return Judgement("inconsistent", rec, r, "error", "mismatch", msg)


def _judge_fraction(stated: Quantity, a: Quantity, b: Quantity, phrase: str) -> Judgement:
    """ "half the latency", "1/8th of the power": the smaller over the larger, to about 10%
    (a fraction names its denominator, not a rounded decimal)."""
    small, large = (a, b) if abs(a.value) <= abs(b.value) else (b, a)
    r = small.value / large.value
    rec = f"{r:.3f}"
    bound = stated.qualifier if stated.qualifier in ar.BELOW | ar.AT_LEAST | ar.AT_MOST else None
    if ar.verify(stated.value, r, 3, bound or "about").consistent:
        return Judgement("consistent", rec, r)  # "less than half" is a bound, not about 0.5
    return Judgement("inconsistent", rec, r, "error", "mismatch",
                     f'stated "{phrase}"; {fmt(small)} is {r:.3f} of {fmt(large)}')  # fmt: skip


def _pct(value: float, decimals: int) -> str:
    return f"{ar.format_number(abs(value), decimals)}%"


def polarity(words: list[str], units: list[str]) -> str:
    """'lower' when smaller numbers are better for the metric the words and units name.
    The operands' units decide first (a rate or a figure per watt is better higher, a time
    or a power lower), so that another word of the sentence ("... at maximum power")
    cannot turn a throughput comparison around; the words decide for plain numbers."""
    for u in units:
        if not u or u == "percent":
            continue
        if "/" in u and "watt" in u:
            return "higher"  # a figure per watt
        if is_power(u):
            return "lower"
        dims = dimensionality(u)
        if dims == "[time]":
            return "lower"
        if dims.endswith("/ [time]") and "[mass]" not in dims:
            return "higher"  # a rate: bits, requests, connections per second
    if any(w in LOWER_IS_BETTER_WORDS for w in words):
        return "lower"
    return "higher"
