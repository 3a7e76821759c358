"""Little's law for a closed loop, and what it allows of latency figures a tool corrected for
coordinated omission. Pure functions: no I/O, no models; every time is in seconds.

A closed loop keeps ``c`` connections, each with at most ``d`` requests outstanding. Over a
run of ``T`` seconds the latencies of the requests it timed add up to at most ``c·d·T``, so
their mean is at most the *budget* ``b = c·d / R`` where ``R`` is the rate of those same
requests (Little's law, L = λW).

wrk does not print the latencies it observed. After the run it computes the interval each
connection was expected to wait, ``w = T / floor(N / c)`` (about ``c / R``), and for every
sample ``x`` above ``2w`` it adds synthetic samples at ``x - w``, ``x - 2w``, ... while they
stay above ``w`` (``stats_correct``), then prints the mean, stdev, max and percentiles of
the result. A sample becomes a *group* of ``n(x) = max(1, ceil(x/w) - 1)`` values spaced
``w`` apart: the sample itself and its synthetic companions, the lowest of them in
``(w, 2w]``. Its sum is ``g(x) = n·x - w·n(n-1)/2``. The max is the observed max. Such a
printed mean can exceed ``b`` although the loop obeyed the law; the bounds below say how far.

Each bound is the value of a linear programme over the distribution of observed samples
(budget ``Σ(x - b) ≤ 0``, every ``x`` in ``[0, X]``), proved with a dual multiplier
``β = bound / b``: if ``f(x) ≤ bound·n(x) + β·(x - b)`` for every ``x``, summing over the
samples gives ``Σf ≤ bound·Σn + β·Σ(x - b) ≤ bound·Σn``.

*Share above 2w.* Every group holds exactly one value at or below ``2w``, so the corrected
values above ``2w`` number ``Σ(n - 1)``. With ``f = n - 1`` the condition reads
``n - 1 ≤ s·(n - 1 + x/b)``; a group of ``n`` has ``x > n·w``, the ratio
``(n-1) / (n(1+ρ) - 1)`` (``ρ = w/b``) grows with ``n``, and the largest group the max
allows, ``n_X = ceil(X/w) - 1``, gives the least upper bound ``s``. Below 1/2 when ``ρ ≥ 1``:
then more than half of the printed values are at most ``2w`` and so is the median.

*Mean.* With ``f = g`` the condition holds for ``x ≤ 2w`` iff ``bound ≥ b``; above, within a
group size the ratio ``g / (n - 1 + x/b)`` grows with ``x``, so its supremum is reached at a
segment's right end ``(n+1)·w`` or at ``X``, and over the right ends it grows with ``n`` from
``n = 3`` on. Three candidates give the bound: about ``X/4`` for a long tail.

*Percentiles.* A printed p-th percentile above ``2w`` puts a share ``1 - p/100`` of the values
above ``2w``: possible only when that share is at most ``s``.

*Stdev, far above the budget.* At least ``1 - s`` of the values are at most ``2w``;
Cantelli's inequality ``P(Y ≤ M - t) ≤ S²/(S² + t²)`` then needs
``M ≤ 2w + S·sqrt(s / (1 - s))``.

*Stdev, a little above the budget.* Only synthetic values can lift the mean over ``b``:
``Σ(y - b)`` over all printed values is ``Σ(x - b)`` over the samples (at most 0) plus
``Σ(y - b)`` over the synthetic ones. A group of ``n`` has ``x ≤ (n+1)·w``, so its synthetic
values add at most ``e(n) = (n-1)·w·((n+2)/2 - 1/ρ)``. Its ``n`` values are spaced ``w`` apart,
so they hold ``n·w²(n²-1)/12`` of squared deviation from their own mean, and the variance of
all values is at least the average of that within-group part (law of total variance). As
``n·w²(n²-1)/12 ≥ κ·w·e(n)`` with ``κ = min_n n(n+1) / (6·(n + 2 - 2/ρ))`` (1/2 when
``ρ = 1``), the printed variance is at least ``κ·w·(M - b)``.

wrk's stdev divides by ``n - 1``, a little above the population one, which only loosens
these.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

# Printed latencies carry three or four significant digits: each is given this factor. The
# budget and the interval come from the same counts (requests, connections, runtime), so
# their ratio is exact and needs none.
TOLERANCE = 1.05
# A printed percentile is a rank rounded to a whole value: the share it implies may be off by
# one value in the count, this much when the count is not known.
RANK_SLACK = 1e-3


def in_flight(rate: float, mean_latency: float) -> float:
    """Requests in flight that a rate (req/s) and a mean latency (s) imply: L = λW."""
    return rate * mean_latency


def budget(connections: float, depth: float, rate: float) -> float:
    """The largest mean latency (s) of requests timed at ``rate`` (req/s) that ``connections``
    x ``depth`` outstanding requests allow."""
    return connections * depth / rate


def group_size(x: float, interval: float) -> int:
    """Values a sample of ``x`` becomes under wrk's correction with ``interval``: itself and
    its synthetic companions (1 when ``x <= 2·interval``)."""
    if x <= 2 * interval:
        return 1
    return max(1, math.ceil(x / interval) - 1)


def group_sum(x: float, interval: float) -> float:
    """The sum of the values a sample of ``x`` becomes: ``n·x - interval·n(n-1)/2``."""
    n = group_size(x, interval)
    return n * x - interval * n * (n - 1) / 2


def share_above_twice(budget_s: float, interval: float, max_latency: float) -> float:
    """The largest share of corrected values above ``2·interval`` a law-abiding loop can give
    (see the module docstring): 0 when the max leaves nothing to correct."""
    n = group_size(max_latency, interval)
    if n <= 1:
        return 0.0
    rho = interval / budget_s
    return (n - 1) / (n * (1 + rho) - 1)


def corrected_mean_bound(budget_s: float, interval: float, max_latency: float) -> float:
    """The largest corrected mean a law-abiding loop with this budget, correction interval
    and max can print (see the module docstring): about ``max / 4`` for a long tail."""
    bound = budget_s
    if max_latency <= 2 * interval:
        return bound
    candidates = [max_latency]
    if 3 * interval <= max_latency:
        candidates.append(3 * interval)  # the right end of the groups of two
    full = math.floor(max_latency / interval) - 1  # the largest group with a complete segment
    if full >= 2:
        candidates.append((full + 1) * interval)
    for x in candidates:
        n = group_size(x, interval)
        bound = max(bound, group_sum(x, interval) / (n - 1 + x / budget_s))
    return bound


def variance_floor(budget_s: float, interval: float, mean: float) -> float:
    """The least variance (s²) of corrected values whose mean is ``mean`` (see the module
    docstring): ``κ·w·(mean - b)``, 0 when the mean is within the budget."""
    if mean <= budget_s:
        return 0.0
    c = 2 - 2 * budget_s / interval  # n + c: the group's excess over (n-1)·w/2
    # n(n+1) / (6(n + c)) grows with n once n² + 2cn + c > 0: from 2 + 2|c| on at the latest
    ratios = [n * (n + 1) / (6 * (n + c)) for n in range(2, 4 + math.ceil(2 * abs(c))) if n + c > 0]
    if not ratios:
        return 0.0
    return min(ratios) * interval * (mean - budget_s)


@dataclass(frozen=True)
class CorrectedRun:
    """The figures of a run whose latency was corrected for coordinated omission.

    ``budget_s``: connections x depth / the rate of the timed requests; ``interval``: the
    tool's expected interval (wrk: runtime / floor(requests / connections)); ``max_latency``:
    the printed max, else the most the tool can record (its timeout); ``percentiles`` maps a
    percent (50.0) to its printed value; ``samples`` is the count of timed requests, when
    known (the printed values are at least as many).
    """

    mean: float
    budget_s: float
    interval: float
    max_latency: float
    stdev: float | None = None
    percentiles: Mapping[float, float] | None = None
    samples: float | None = None


def corrected_excess_unexplained(run: CorrectedRun, tolerance: float = TOLERANCE) -> str | None:
    """None when some law-abiding closed loop gives the printed corrected statistics; else
    which bound the printed figures break, in words. Each printed latency is given the
    benefit of ``tolerance``; ``budget_s`` and ``interval`` must come from the same counts
    (their ratio decides how much of the mass the correction can lift above ``2·interval``)."""
    b, w = run.budget_s, run.interval
    if b <= 0 or w <= 0 or run.mean <= 0:
        return None
    mean = run.mean / tolerance
    top = max(run.max_latency * tolerance, mean)
    if mean <= b:
        return None
    bound = corrected_mean_bound(b, w, top)
    if mean > bound:
        return (f"even after wrk's coordinated-omission correction a closed loop with a "
                f"{_t(top)} max prints a mean of at most {_t(bound)}")  # fmt: skip
    share = share_above_twice(b, w, top)
    slack = 1 / run.samples if run.samples and run.samples >= 1 else RANK_SLACK
    for percent, value in sorted((run.percentiles or {}).items()):
        above = 1 - percent / 100
        if value / tolerance > 2 * w and above > share + slack:
            return (f"its p{percent:g} {_t(value)} puts {above:.0%} of the corrected values "
                    f"above 2 x the {_t(w)} interval, where the correction leaves at most "
                    f"{share:.0%}")  # fmt: skip
    if run.stdev is None:
        return None
    least = math.sqrt(variance_floor(b, w, mean))
    if run.stdev * tolerance < least:
        return (f"a corrected mean of {_t(run.mean)} needs a stdev of at least {_t(least)}: the "
                f"synthetic samples that lift a mean above the {_t(b)} budget come spread "
                f"{_t(w)} apart")  # fmt: skip
    if share < 1:
        limit = 2 * w + run.stdev * tolerance * math.sqrt(share / (1 - share))
        if mean > limit:
            return (f"with a {_t(run.stdev)} stdev the corrected mean can reach at most "
                    f"{_t(limit)}, since at least {1 - share:.0%} of the corrected values stay "
                    f"at or below 2 x the {_t(w)} interval")  # fmt: skip
    return None


def _t(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.4g} us"
    return f"{seconds * 1e3:,.4g} ms" if seconds < 1 else f"{seconds:,.4g} s"
