"""Properties and worked examples of ``claimcheck.arithmetic``.

The tolerance rules under test: a stated number is consistent when the recomputed
value rounds to it at the stated precision ("30%" accepts [29.5, 30.5)); qualifiers
move or widen that interval; a miss that truncation explains is flagged ``truncated``.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from claimcheck import arithmetic as ar

FAST = settings(max_examples=200, deadline=None)

decimals = st.integers(min_value=0, max_value=3)
values = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
positive = st.floats(min_value=1e-3, max_value=1e6, allow_nan=False, allow_infinity=False)
# How far past an interval bound counts as "beyond" it: well clear of the float noise
# ``verify`` forgives (1e-9 relative), yet far below any rounding step tested here.
slack = st.floats(min_value=0.0, max_value=1e3, allow_nan=False, allow_infinity=False)


def margin(x: float) -> float:
    """Ten times the float-noise allowance of ``verify`` at ``x``."""
    return 1e-8 * max(1.0, abs(x))


def half_up(v: float, d: int) -> float:
    """``v`` as a report would state it at ``d`` decimals: half-way values round up.

    Python's ``round`` rounds half to even (``round(0.125, 2) == 0.12``); the spec's
    intervals are half-open, [stated - h, stated + h), so 0.125 is "0.13" and -0.5 is "0"
    (towards +inf, which is ROUND_HALF_DOWN for negative numbers).
    """
    rounding = ROUND_HALF_UP if v >= 0 else ROUND_HALF_DOWN
    return float(Decimal(repr(v)).quantize(Decimal(1).scaleb(-d), rounding=rounding))


# --- (a) a rounded value verifies against the value it was rounded from -------------------


@FAST
@given(v=values, d=decimals, qualifier=st.sampled_from([None, "about"]))
def test_rounded_value_verifies(v: float, d: int, qualifier: str | None) -> None:
    stated = half_up(v, d)
    verdict = ar.verify(stated, v, d, qualifier)
    assert verdict.consistent, (stated, v, d, verdict)
    assert not verdict.truncated


@FAST
@given(v=positive, d=decimals)
def test_rounding_interval_is_centred_on_stated(v: float, d: int) -> None:
    lo, hi = ar.rounding_interval(v, d)
    assert hi - lo == pytest.approx(10.0**-d)
    assert (lo + hi) / 2 == pytest.approx(v)


# --- (b) a value beyond the rounding interval never verifies without a qualifier ----------


@FAST
@given(v=values, d=decimals, extra=slack, above=st.booleans())
def test_value_beyond_rounding_interval_fails(v: float, d: int, extra: float, above: bool) -> None:
    stated = half_up(v, d)
    off = ar.step(d) / 2 + margin(stated) + extra
    recomputed = stated + off if above else stated - off
    verdict = ar.verify(stated, recomputed, d)
    assert not verdict.consistent, (stated, recomputed, d, verdict)


# --- (c) "more than" / "over": recomputed must be at least the stated value ----------------


@FAST
@given(
    s=positive,
    d=decimals,
    extra=slack,
    qualifier=st.sampled_from(["more than", "over", "at least", "More Than"]),
)
def test_at_least_accepts_everything_at_or_above(
    s: float, d: int, extra: float, qualifier: str
) -> None:
    assert ar.verify(s, s, d, qualifier).consistent
    assert ar.verify(s, s + extra, d, qualifier).consistent
    assert ar.verify(s, s * 1000 + extra, d, qualifier).consistent


@FAST
@given(
    s=positive,
    d=decimals,
    below=st.floats(min_value=0.0, max_value=1.0, exclude_min=True, allow_nan=False),
    qualifier=st.sampled_from(["more than", "over", "at least"]),
)
def test_at_least_rejects_everything_below(s: float, d: int, below: float, qualifier: str) -> None:
    # "over 40x" is wrong for 39.99x even though 39.99 rounds to 40. Values within
    # float noise of ``s`` are the only ones forgiven.
    r = s - margin(s) - below * s
    assert not ar.verify(s, r, d, qualifier).consistent, (s, r)


# --- (d) "almost": a little below (up to 10%), never above the rounding interval ------------


@FAST
@given(
    s=positive,
    d=decimals,
    frac=st.floats(min_value=0.0, max_value=1.0, exclude_max=True, allow_nan=False),
    qualifier=st.sampled_from(["almost", "nearly", "just under"]),
)
def test_almost_accepts_up_to_ten_percent_below(
    s: float, d: int, frac: float, qualifier: str
) -> None:
    r = s * (0.9 + 0.1 * frac)  # [0.9 s, s)
    assert ar.verify(s, r, d, qualifier).consistent, (s, r)


@FAST
@given(s=positive, d=decimals, extra=slack, qualifier=st.sampled_from(["almost", "nearly"]))
def test_almost_rejects_above_rounding_interval(
    s: float, d: int, extra: float, qualifier: str
) -> None:
    r = s + ar.step(d) / 2 + margin(s) + extra
    assert not ar.verify(s, r, d, qualifier).consistent, (s, r)


@FAST
@given(s=positive, d=decimals, qualifier=st.sampled_from(["almost", "nearly"]))
def test_almost_rejects_far_below(s: float, d: int, qualifier: str) -> None:
    lo, _ = ar.rounding_interval(s, d)
    r = min(lo, 0.9 * s) - margin(s) - 1e-6 * s
    assert not ar.verify(s, r, d, qualifier).consistent, (s, r)


# --- "about" widens to 10%; "up to" accepts anything at or below --------------------------


@FAST
@given(
    s=positive,
    d=decimals,
    frac=st.floats(min_value=-1.0, max_value=1.0, allow_nan=False),
    qualifier=st.sampled_from(["about", "approximately", "around", "roughly"]),
)
def test_about_accepts_within_ten_percent(s: float, d: int, frac: float, qualifier: str) -> None:
    r = s * (1 + 0.1 * frac) * (1 - 1e-12)
    assert ar.verify(s, r, d, qualifier).consistent, (s, r)


@FAST
@given(s=positive, d=decimals, extra=slack)
def test_about_rejects_beyond_ten_percent(s: float, d: int, extra: float) -> None:
    wide = max(0.1 * s, ar.step(d) / 2) + margin(s) + extra
    assert not ar.verify(s, s + wide, d, "about").consistent
    assert not ar.verify(s, s - wide, d, "about").consistent


@FAST
@given(s=positive, d=decimals, frac=st.floats(min_value=0.0, max_value=1.0, allow_nan=False))
def test_up_to_accepts_anything_at_or_below(s: float, d: int, frac: float) -> None:
    assert ar.verify(s, s * frac, d, "up to").consistent
    assert ar.verify(s, -s, d, "up to").consistent
    assert not ar.verify(s, s + ar.step(d) / 2 + margin(s) + 1e-6, d, "up to").consistent


# --- (e) truncation ----------------------------------------------------------------------


@FAST
@given(
    n=st.integers(min_value=0, max_value=10**6),
    f=st.floats(min_value=0.5, max_value=0.999, allow_nan=False),
    d=decimals,
)
def test_truncated_statement_is_diagnosed(n: int, f: float, d: int) -> None:
    factor = 10**d
    v = (n + f) / factor
    stated = math.floor(v * factor) / factor
    # Only values whose rounding differs from their truncation, clear of the half-way point.
    assume(v - stated > ar.step(d) / 2 + margin(v))
    assume(half_up(v, d) != stated)
    verdict = ar.verify(stated, v, d)
    assert not verdict.consistent
    assert verdict.truncated, (stated, v, d)
    assert ar.is_truncation(stated, v, d)


@FAST
@given(v=st.floats(min_value=0.0, max_value=1e6, allow_nan=False), d=decimals)
def test_consistent_verdict_is_never_truncated(v: float, d: int) -> None:
    verdict = ar.verify(half_up(v, d), v, d)
    assert verdict.consistent and not verdict.truncated


# --- (f) percent deltas ------------------------------------------------------------------

amounts = st.floats(min_value=1e-3, max_value=1e9, allow_nan=False, allow_infinity=False)


@FAST
@given(subject=amounts, reference=amounts)
def test_percent_higher_and_lower_are_inverse(subject: float, reference: float) -> None:
    higher = ar.percent_higher(subject, reference)
    lower = ar.percent_lower(subject, reference)
    assert higher == pytest.approx(-lower, rel=1e-9, abs=1e-9)
    # Applying the change to the reference gives back the subject (up to cancellation
    # error, which is relative to the larger operand).
    noise = 1e-12 * max(subject, reference)
    assert reference * (1 + higher / 100) == pytest.approx(subject, rel=1e-9, abs=noise)
    assert reference * (1 - lower / 100) == pytest.approx(subject, rel=1e-9, abs=noise)
    # "a is p% higher than b" is "b is p / (1 + p/100) % lower than a", written without
    # the division so that it stays well conditioned near p = -100.
    back = ar.percent_lower(reference, subject)
    assert back * (1 + higher / 100) == pytest.approx(higher, rel=1e-9, abs=100 * noise)
    assert back * subject == pytest.approx(higher * reference, rel=1e-9, abs=100 * noise)
    assert ar.ratio(subject, reference) * 100 - 100 == pytest.approx(higher, rel=1e-9, abs=1e-6)


@FAST
@given(
    subject=amounts,
    reference=amounts,
    direction=st.sampled_from(["higher", "lower"]),
    both_percent=st.booleans(),
)
def test_first_reading_is_the_relative_delta(
    subject: float, reference: float, direction: str, both_percent: bool
) -> None:
    readings = ar.percent_delta_readings(subject, reference, direction, both_percent)
    expected = (
        ar.percent_higher(subject, reference)
        if direction == "higher"
        else ar.percent_lower(subject, reference)
    )
    assert readings[0].name == "relative"
    assert readings[0].value == expected
    names = [r.name for r in readings]
    assert len(names) == len(set(names))
    assert ("points" in names) == both_percent


@pytest.mark.parametrize("subject, reference", [(0.0, 5.0), (5.0, 0.0), (0.0, 0.0)])
def test_no_readings_with_a_zero_operand(subject: float, reference: float) -> None:
    assert ar.percent_delta_readings(subject, reference, "higher") == []
    assert ar.percent_delta_readings(subject, reference, "lower") == []


# --- (g) range_check ---------------------------------------------------------------------


@FAST
@given(
    low=st.integers(min_value=0, max_value=10_000),
    width=st.integers(min_value=0, max_value=10_000),
    d=decimals,
    high_d=st.one_of(st.none(), decimals),
    vals=st.lists(st.floats(min_value=-1e3, max_value=3e4, allow_nan=False), max_size=20),
)
def test_range_check_returns_exactly_the_values_outside(
    low: int, width: int, d: int, high_d: int | None, vals: list[float]
) -> None:
    lo_v, hi_v = low / 10, (low + width) / 10
    lo, _ = ar.rounding_interval(lo_v, d)
    _, hi = ar.rounding_interval(hi_v, d if high_d is None else high_d)
    # Keep away from the bounds, where float noise is deliberately forgiven.
    vals = [v for v in vals if abs(v - lo) > margin(lo) and abs(v - hi) > margin(hi)]
    expected = [v for v in vals if not lo <= v < hi]
    assert ar.range_check(lo_v, hi_v, vals, d, high_d) == expected


def test_range_check_examples() -> None:
    # "5-15% higher" covers 4.5 .. 15.5 at whole percents.
    assert ar.range_check(5, 15, [4.6, 10.0, 15.4]) == []
    assert ar.range_check(5, 15, [4.4, 10.0, 15.6, 30.95]) == [4.4, 15.6, 30.95]
    # "174%–3273%" with a recomputed set.
    assert ar.range_check(174, 3273, [174.27, 3273.4, 3300.0]) == [3300.0]
    assert ar.range_check(1.5, 2, [1.96, 2.4], decimals=1, high_decimals=0) == []


# --- worked examples from real reports ---------------------------------------------------


def test_example_74_3_percent_higher() -> None:
    # 3,590 vs 2,060: 74.3% higher, or a ratio of 174.3%.
    higher = ar.percent_higher(3590, 2060)
    assert higher == pytest.approx(74.27, abs=0.01)
    assert ar.verify(74.3, higher, 1).consistent
    assert ar.verify(74, higher, 0).consistent
    assert not ar.verify(74.2, higher, 1).consistent
    readings = {r.name: r.value for r in ar.percent_delta_readings(3590, 2060, "higher")}
    assert readings["relative"] == pytest.approx(74.27, abs=0.01)
    assert readings["ratio-as-increase"] == pytest.approx(174.27, abs=0.01)
    assert ar.verify(174.3, readings["ratio-as-increase"], 1).consistent
    assert ar.share(3590, 2060) == pytest.approx(174.27, abs=0.01)


def test_example_30_percent_lower_is_truncated() -> None:
    # "30% lower than X at 29% compared with 42%": 30.95% truncated, not rounded.
    lower = ar.percent_lower(29, 42)
    assert lower == pytest.approx(30.95, abs=0.01)
    verdict = ar.verify(30, lower, 0)
    assert not verdict.consistent
    assert verdict.truncated
    assert (verdict.low, verdict.high) == (29.5, 30.5)
    assert ar.verify(31, lower, 0).consistent
    readings = ar.percent_delta_readings(29, 42, "lower", both_percent=True)
    assert readings[0].value == pytest.approx(30.95, abs=0.01)
    assert {r.name: r.value for r in readings}["points"] == 13


def test_example_47_percent_is_truncated() -> None:
    lower = ar.percent_lower(1.90, 3.63)
    assert lower == pytest.approx(47.66, abs=0.01)
    verdict = ar.verify(47, lower, 0)
    assert not verdict.consistent and verdict.truncated
    assert ar.verify(48, lower, 0).consistent
    assert ar.verify(47.7, lower, 1).consistent


def test_example_69_percent_higher_is_consistent() -> None:
    higher = ar.percent_higher(525_000, 310_000)
    assert higher == pytest.approx(69.35, abs=0.01)
    verdict = ar.verify(69, higher, 0)
    assert verdict.consistent and not verdict.truncated


def test_example_1_56x() -> None:
    # "NetScaler throughput was 1.56x that of F5 at 5,872 Mbps compared with 3,762 Mbps".
    r = ar.ratio(5872, 3762)
    assert r == pytest.approx(1.5609, abs=1e-4)
    assert ar.verify(1.56, r, 2).consistent
    assert ar.verify(1.6, r, 1).consistent
    assert not ar.verify(1.57, r, 2).consistent
    assert not ar.verify(1.5, r, 1).consistent


@pytest.mark.parametrize(
    "stated, decimals, inside, outside",
    [
        (30, 0, [29.5, 30.0, 30.49], [29.49, 30.51]),
        (1.56, 2, [1.555, 1.56, 1.5649], [1.5549, 1.5651]),
        (5, 0, [4.5, 5.0, 5.49], [4.49, 5.51]),
    ],
)
def test_rounding_interval_examples(stated: float, decimals: int, inside, outside) -> None:  # noqa: ANN001
    for r in inside:
        assert ar.verify(stated, r, decimals).consistent, r
    for r in outside:
        assert not ar.verify(stated, r, decimals).consistent, r


@pytest.mark.parametrize(
    "stated, decimals, boundary",
    [(5, 0, 5.5), (30, 0, 30.5), (1.5, 1, 1.55), (0.12, 2, 0.125), (74.2, 1, 74.25)],
)
def test_rounding_interval_upper_bound_is_open(
    stated: float, decimals: int, boundary: float
) -> None:
    # Half-way values round up: they belong to the next stated value, not to this one.
    # (The float-noise allowance was once added to both bounds, so "5x" accepted 5.5.)
    assert not ar.verify(stated, boundary, decimals).consistent
    upper = round(stated + 10.0**-decimals, decimals)
    assert ar.verify(upper, boundary, decimals).consistent


def test_range_check_upper_bound_is_open() -> None:
    assert ar.range_check(5, 15, [15.5]) == [15.5]
    assert ar.range_check(1.5, 2.5, [2.55], decimals=1) == [2.55]


def test_qualifier_examples() -> None:
    assert ar.verify(40, 41.3, 0, "more than").consistent
    assert not ar.verify(40, 39.8, 0, "more than").consistent
    assert ar.verify(2.5, 2.31, 1, "almost").consistent
    assert not ar.verify(2.5, 2.6, 1, "almost").consistent
    assert not ar.verify(2.5, 2.2, 1, "almost").consistent
    assert ar.verify(30, 27.5, 0, "about").consistent
    assert ar.verify(89, 12.0, 0, "up to").consistent
    assert not ar.verify(89, 90.0, 0, "up to").consistent
    assert ar.verify(26, 27.5, 0, "just over").consistent
    assert not ar.verify(26, 40.0, 0, "just over").consistent
    assert not ar.verify(5, 5.0, 0, "less than").consistent
    assert ar.verify(5, 4.9, 0, "less than").consistent
    assert not ar.verify(5, math.inf, 0).consistent
    assert not ar.verify(5, math.nan, 0, "about").consistent


def test_scale_widens_the_step() -> None:
    # "36 million" is stated to the million.
    assert ar.verify(36e6, 36.4e6, 0, scale=1e6).consistent
    assert not ar.verify(36e6, 36.6e6, 0, scale=1e6).consistent
    assert ar.verify(2.04e6, 2.044e6, 2, scale=1e6).consistent


def test_format_number() -> None:
    assert ar.format_number(5872, 0) == "5,872"
    assert ar.format_number(30.952, 1) == "31.0"
    assert ar.format_number(1.5609, 2) == "1.56"
    assert ar.format_number(math.inf, 1) == "inf"
    assert ar.format_number(3.14159, -1) == "3"
    assert ar.shown_decimals(0) == 1


def test_btu_conversion() -> None:
    assert ar.watts_to_btu_per_hour(220) == pytest.approx(750.64)
    assert ar.littles_law_in_flight(1000, 0.05) == pytest.approx(50)
