"""Recomputation and tolerance: pure functions, no I/O, no models.

A stated number is consistent when the recomputed value rounds to it at the
stated precision (statcheck-style rounding intervals). Qualifiers change the
test ("over 40x" needs at least 40; "almost 2.5x" a little below 2.5; "about"
widens the tolerance to 10%). A miss that truncation explains is diagnosed
as such so the caller can report it at ``info``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BTU_PER_HOUR_PER_WATT = 3.412
ABOUT_TOLERANCE = 0.10  # "about", "approximately": within 10%
ALMOST_TOLERANCE = 0.10  # "almost", "nearly": at most 10% below

AT_LEAST = {"over", "more than", "greater than", "at least", "in excess of", "above",
            "just over", "well over", "slightly over"}  # fmt: skip
ALMOST = {"almost", "nearly", "just under", "slightly under", "close to"}
ABOUT = {"about", "approximately", "around", "roughly", "some", "estimated"}  # "(est.)"
AT_MOST = {"up to", "as much as", "as high as", "at most", "no more than", "never higher than"}
BELOW = {"less than", "fewer than", "under", "below"}


@dataclass(frozen=True)
class Verdict:
    """The outcome of comparing a stated value with a recomputed one."""

    consistent: bool
    truncated: bool = False  # the stated value is the recomputed one truncated, not rounded
    low: float = 0.0  # the accepted interval
    high: float = 0.0


def step(decimals: int, scale: float = 1.0) -> float:
    """The size of one unit in the last stated digit."""
    return 10.0 ** (-decimals) * scale


def rounding_interval(stated: float, decimals: int, scale: float = 1.0) -> tuple[float, float]:
    """Values that round to ``stated`` at ``decimals``: [stated - h, stated + h)."""
    half = step(decimals, scale) / 2
    return stated - half, stated + half


def _eps(x: float) -> float:
    return 1e-9 * max(1.0, abs(x))


def verify(
    stated: float,
    recomputed: float,
    decimals: int = 0,
    qualifier: str | None = None,
    scale: float = 1.0,
) -> Verdict:
    """Is ``recomputed`` consistent with ``stated`` written at ``decimals``, given a qualifier?"""
    if not math.isfinite(recomputed):
        return Verdict(False)
    lo, hi = rounding_interval(stated, decimals, scale)
    q = (qualifier or "").lower()
    if q in AT_LEAST:
        lo, hi = stated, math.inf
        if q in {"just over", "slightly over"}:
            hi = stated * (1 + ALMOST_TOLERANCE) + step(decimals, scale) / 2
    elif q in ALMOST:
        lo = min(lo, stated * (1 - ALMOST_TOLERANCE))
    elif q in ABOUT:
        lo = min(lo, stated * (1 - ABOUT_TOLERANCE))
        hi = max(hi, stated * (1 + ABOUT_TOLERANCE))
    elif q in AT_MOST:
        lo = -math.inf
    elif q in BELOW:
        lo, hi = -math.inf, stated
    # [lo, hi): half-way values round up, so "30%" does not accept 30.5 (statcheck's rule);
    # only the lower bound gets a float-noise allowance.
    ok = (lo - _eps(lo) <= recomputed if math.isfinite(lo) else True) and recomputed < hi
    return Verdict(ok, truncated=not ok and is_truncation(stated, recomputed, decimals), low=lo,
                   high=hi)  # fmt: skip


def overlaps(
    stated: float,
    low: float,
    high: float,
    decimals: int = 0,
    qualifier: str | None = None,
    scale: float = 1.0,
) -> bool:
    """Does any value in [low, high] (what approximate operands allow) fit ``stated``?"""
    if not (math.isfinite(low) and math.isfinite(high)):
        return False
    accepted = verify(stated, low, decimals, qualifier, scale)
    if accepted.consistent or verify(stated, high, decimals, qualifier, scale).consistent:
        return True
    return low < accepted.low and high >= accepted.high  # the interval spans the accepted one


def is_truncation(stated: float, recomputed: float, decimals: int = 0) -> bool:
    """True when ``stated`` is ``recomputed`` cut off (not rounded) at ``decimals``."""
    if recomputed < 0 or stated < 0:
        return False
    factor = 10.0**decimals
    cut = math.floor(recomputed * factor + 1e-9) / factor
    return abs(cut - stated) < 1e-9 * max(1.0, stated) and abs(recomputed - stated) >= 0.5 / factor


def percent_higher(subject: float, reference: float) -> float:
    """How much higher ``subject`` is than ``reference``, in percent of the reference."""
    return (subject - reference) / reference * 100.0


def percent_lower(subject: float, reference: float) -> float:
    """How much lower ``subject`` is than ``reference``, in percent of the reference."""
    return (reference - subject) / reference * 100.0


def ratio(subject: float, reference: float) -> float:
    """``subject`` as a multiple of ``reference``."""
    return subject / reference


def share(part: float, whole: float) -> float:
    """``part`` as a percentage of ``whole``."""
    return part / whole * 100.0


def watts_to_btu_per_hour(watts: float) -> float:
    """Heat output in BTU/h of a device drawing ``watts``."""
    return watts * BTU_PER_HOUR_PER_WATT


@dataclass(frozen=True)
class Reading:
    """One way of reading a percent-delta claim, with the value it gives."""

    name: str
    value: float


def percent_delta_readings(
    subject: float, reference: float, direction: str, both_percent: bool = False
) -> list[Reading]:
    """Every reading of "subject is N% <direction> than reference", the intended one first.

    ``direction`` is ``"higher"`` or ``"lower"``. Alternative readings name
    the common mistakes: a ratio stated as an increase, the wrong base, and
    percentage points when both operands are percentages.
    """
    if reference == 0 or subject == 0:
        return []
    if direction == "lower":
        readings = [
            Reading("relative", percent_lower(subject, reference)),
            Reading("wrong-base", (reference - subject) / subject * 100.0),
            Reading("ratio-as-decrease", subject / reference * 100.0),
        ]
    else:
        readings = [
            Reading("relative", percent_higher(subject, reference)),
            Reading("ratio-as-increase", subject / reference * 100.0),
            Reading("wrong-base", (subject - reference) / subject * 100.0),
        ]
    if both_percent:
        readings.insert(1, Reading("points", abs(subject - reference)))
    return readings


def format_number(value: float, decimals: int) -> str:
    """``value`` with thousands separators at ``decimals`` places."""
    if not math.isfinite(value):
        return str(value)
    return f"{value:,.{max(decimals, 0)}f}"


def shown_decimals(stated_decimals: int) -> int:
    """Decimals to show a recomputed value with: one more than stated."""
    return stated_decimals + 1


def range_check(
    low: float,
    high: float,
    values: list[float],
    decimals: int = 0,
    high_decimals: int | None = None,
) -> list[float]:
    """The values a stated range "low–high" fails to cover, at the stated precision."""
    lo, hi = range_bounds(low, high, decimals, high_decimals)
    return [v for v in values if not (lo <= v < hi)]


def range_bounds(
    low: float, high: float, decimals: int = 0, high_decimals: int | None = None
) -> tuple[float, float]:
    """[lo, hi): the values a stated range "low–high" covers (see ``range_check``)."""
    lo, _ = rounding_interval(low, decimals)
    _, hi = rounding_interval(high, decimals if high_decimals is None else high_decimals)
    return lo - _eps(lo), hi


def littles_law_in_flight(throughput_per_s: float, mean_latency_s: float) -> float:
    """Requests in flight implied by a throughput and a mean latency (L = λW)."""
    return throughput_per_s * mean_latency_s


def convert_units(value: float, unit: str, target: str) -> float:
    """Convert with the shared unit registry (imported lazily: pint is slow to load)."""
    from claimcheck.units import convert

    return convert(value, unit, target)
