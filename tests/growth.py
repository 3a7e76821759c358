"""How a function's CPU time grows with its input: the helper of the linear-time tests.

Usage from any test file (pytest puts ``tests/`` on ``sys.path``)::

    from growth import assert_linear

    def test_my_step_is_linear():
        assert_linear(lambda text: my_step(text), lambda n: "x " * n, n=1000)

``assert_linear`` builds the input at ``n`` and at ``factor * n`` (8 by default), runs the
function on each a few times and compares the best CPU times (``time.process_time``: the
machine may be busy, so wall time would measure the neighbours). Linear work grows about
``factor`` times, quadratic work about ``factor ** 2`` times; the default limit, 24 for a
factor of 8, sits between the two with room for noise. Timings under ``floor`` seconds are
counted as ``floor``, so a tiny input whose time is mostly noise cannot fail the test.

Pick ``n`` so that the large run takes a fraction of a second: large enough that a
quadratic step would dominate it, small enough that the suite stays fast.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

FACTOR = 8
LIMIT = 24.0  # for FACTOR 8: linear is about 8, quadratic about 64
FLOOR = 0.02  # seconds: shorter timings are noise


@dataclass(frozen=True)
class Growth:
    """The best CPU seconds at ``n`` and at ``factor * n``, and their ratio."""

    n: int
    factor: int
    small: float
    large: float
    floor: float = FLOOR

    @property
    def ratio(self) -> float:
        """Large over small, with both counted as at least ``floor`` seconds."""
        return max(self.large, self.floor) / max(self.small, self.floor)

    def __str__(self) -> str:
        return (
            f"n={self.n}: {self.small:.3f} s; {self.factor}n: {self.large:.3f} s "
            f"(x{self.ratio:.1f})"
        )


def cpu_seconds(run: Callable[[Any], object], arg: Any, repeat: int = 3) -> float:
    """The best CPU time of ``repeat`` calls of ``run(arg)``, each after a full collection
    (so that one call does not pay for the garbage of the one before)."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run(arg)
        best = min(best, time.process_time() - start)
    return best


def growth(
    run: Callable[[Any], object],
    build: Callable[[int], Any],
    n: int,
    factor: int = FACTOR,
    repeat: int = 3,
    floor: float = FLOOR,
) -> Growth:
    """CPU time of ``run(build(n))`` and of ``run(build(factor * n))`` (best of ``repeat``;
    the inputs are built outside the timing). ``run`` is called once on the small input
    first, so that start-up work (lazy imports, compiled patterns) is not timed."""
    small_input, large_input = build(n), build(factor * n)
    run(small_input)
    small = cpu_seconds(run, small_input, repeat)
    large = cpu_seconds(run, large_input, repeat)
    return Growth(n, factor, small, large, floor)


def assert_linear(
    run: Callable[[Any], object],
    build: Callable[[int], Any],
    n: int,
    factor: int = FACTOR,
    limit: float = LIMIT,
    repeat: int = 3,
    floor: float = FLOOR,
) -> Growth:
    """Fail unless the CPU time of ``run(build(size))`` grows less than ``limit`` times
    from ``n`` to ``factor * n``; returns the measurement."""
    g = growth(run, build, n, factor, repeat, floor)
    assert g.ratio < limit, f"superlinear: {g} (limit x{limit:g})"
    return g
