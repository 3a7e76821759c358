"""Hostile inputs for a regular expression, and a test of how its time grows on them.

A backtracking engine can take time quadratic (or worse) in the input: a blank run tried
from every start position inside the run, nested or adjacent repeats that can split the
same text many ways. Such a pattern is fast on every real report and stalls on a few KB
written to hit it. :func:`shapes` builds inputs of any length that reach those cases:

- runs of characters that reports are full of (blanks, digits with separators, dots,
  dashes, pipes, words);
- the pattern's own literals followed by such a run and a character that ends the match,
  or repeated with separators (``version`` + 40,000 blanks + ``!``);
- pumps read off the parsed pattern: for each unbounded repeat, a text that reaches it
  (the shortest sample of what comes before) followed by many samples of what it repeats.

:func:`slow_inputs` times ``finditer`` and ``search`` on each input at length n and, when
that is slow enough to measure, at 8n: a linear pattern takes about 8 times as long, a
quadratic one 64 times. CPU time, best of several runs before anything is said to grow
too fast: the machines that run the tests are shared.
"""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

BLANKS = (" ", "\t", "\n", " \t")
# repeated units every report is made of
RUNS = (*BLANKS, "\r\n", "1", "1,000,", "1.1.", "1.", "1 ", ".", "-", "|", "| ", "a", "a ",
        "A1", "ab-", "_", "/", ":", "(", "1-", "*")  # fmt: skip
# what may follow a literal, or separate its repetitions
AFTER_LITERAL = (*BLANKS, "1,000,", "1.", ".", "-")
SEPARATORS = (" ", ",", ".", "-", "|", "\n", "")
END = "!"  # few patterns accept it where a run ends: the match fails there
# characters tried for a character class, in the order each policy prefers
_POLICIES = (
    " \t\n1,.-|aA_/:(#%<",
    "1,.-aA \t\n|_/:(#%<",
    ",.-|/:(#%<1aA \t\n_",
    "aA1_ \t\n,.-|/:(#%<",
)


@dataclass(frozen=True)
class Shape:
    """``head + unit * k + tail``, ``k`` chosen for a total length near ``n``."""

    head: str
    unit: str
    tail: str = END

    def build(self, n: int) -> str:
        """The input of about ``n`` characters."""
        k = max(1, (n - len(self.head) - len(self.tail)) // max(1, len(self.unit)))
        return self.head + self.unit * k + self.tail

    def __str__(self) -> str:
        return f"{self.head!r} + {self.unit!r} * k + {self.tail!r}"


def shapes(pattern: str, flags: int = 0, max_literals: int = 8) -> list[Shape]:
    """The hostile inputs for one pattern: generic runs, its first ``max_literals``
    literals with runs and separators, and pumps of its unbounded repeats."""
    out = [Shape("", unit) for unit in RUNS]
    try:
        parsed = _parser.parse(pattern, flags)
    except Exception:  # noqa: BLE001 - not a pattern re can parse: the generic runs only
        return out
    for lit in literals(parsed)[:max_literals]:
        out += [Shape(lit, run) for run in AFTER_LITERAL]
        out += [Shape("", lit + sep) for sep in SEPARATORS]
    for head, pump in pumps(parsed, flags):
        out += [Shape(head, pump), Shape("", head + pump)]
    return list(dict.fromkeys(s for s in out if s.unit))


def literals(parsed: Any) -> list[str]:
    """Runs of two or more literal characters anywhere in a parsed pattern, in order."""
    found: list[str] = []

    def walk(items: Any) -> None:
        run = ""
        for op, av in items:
            if op is C.LITERAL:
                run += chr(av)
                continue
            if len(run) >= 2:
                found.append(run)
            run = ""
            for sub in _children(op, av):
                walk(sub)
        if len(run) >= 2:
            found.append(run)

    walk(parsed)
    return list(dict.fromkeys(found))


def _children(op: Any, av: Any) -> list[Any]:
    """The sub-sequences of one parsed item."""
    if op is C.SUBPATTERN:
        return [av[-1]]
    if op is C.ATOMIC_GROUP:
        return [av]
    if op is C.BRANCH:
        return list(av[1])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return [av[2]]
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [av[1]]
    if op is C.GROUPREF_EXISTS:
        return [b for b in av[1:] if b is not None]
    return []


def pumps(parsed: Any, flags: int) -> list[tuple[str, str]]:
    """(head, pump) for each unbounded repeat: a short text that reaches the repeat, and a
    text the repeated part matches, sampled under each character-class policy."""
    out: list[tuple[str, str]] = []
    for order in _POLICIES:
        sampler = _Sampler(parsed.state, flags, order)
        sampler.pumps(list(parsed), "", out)
    return list(dict.fromkeys(out))


class _Sampler:
    """Sample texts of parsed items, preferring the characters of one policy."""

    def __init__(self, state: Any, flags: int, order: str) -> None:
        self.state = state
        self.flags = flags
        self.order = order

    def pumps(self, items: list[Any], head: str, out: list[tuple[str, str]]) -> None:
        for op, av in items:
            if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                lo, hi, sub = av
                if hi > 32:  # unbounded (MAXREPEAT) or long enough to pump
                    pump = self.sample(list(sub), full=True)
                    if pump:
                        out.append((head, pump))
            for sub in _children(op, av):
                self.pumps(list(sub), head, out)
            head += self.sample([(op, av)], full=False) or ""

    def sample(self, items: list[Any], full: bool) -> str | None:
        """A text the items match (``full``: optional parts taken once), None if unknown."""
        text = ""
        for op, av in items:
            if op is C.LITERAL:
                part: str | None = chr(av)
            elif op in (C.AT, C.ASSERT, C.ASSERT_NOT, C.GROUPREF, C.GROUPREF_EXISTS):
                part = ""
            elif op is C.SUBPATTERN:
                part = self.sample(list(av[-1]), full)
            elif op is C.ATOMIC_GROUP:
                part = self.sample(list(av), full)
            elif op is C.BRANCH:
                part = next((s for b in av[1] if (s := self.sample(list(b), full))), None)
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                lo, hi, sub = av
                one = self.sample(list(sub), full)
                times = max(lo, 1 if full and hi else 0)
                part = one * times if one is not None else ("" if times == 0 else None)
            else:
                part = self.char(op, av)
            if part is None:
                return None
            text += part
        return text

    def char(self, op: Any, av: Any) -> str | None:
        """The first character of the policy that a one-character item matches."""
        try:
            item = _parser.SubPattern(self.state, [(op, av)])
            rx = re._compiler.compile(item, self.flags)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001
            return None
        return next((c for c in self.order if rx.fullmatch(c)), None)


# -- timing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """Sizes, and when growth counts as superlinear."""

    n: int = 1024
    floor: float = 0.0002  # a run at n faster than this is not timed at 8n
    ratio: float = 24.0  # linear is about 8x, quadratic 64x
    large_floor: float = 0.005  # an 8n run faster than this never fails, whatever the ratio
    budget: float = 2.0  # seconds (wall) one run may take before it counts as superlinear
    repeats: int = 3  # runs at each size before a pattern is said to grow superlinearly
    literals: int = 8  # of each pattern's literals, the first this many make inputs


@dataclass(frozen=True)
class Growth:
    """CPU seconds of one run at n and at 8n characters (inf: stopped past the budget)."""

    what: str
    n: int
    small: float
    large: float

    @property
    def ratio(self) -> float:
        """How many times longer the 8n input took."""
        return self.large / max(self.small, 1e-9)

    def __str__(self) -> str:
        def ms(t: float) -> str:
            return "over budget" if t == float("inf") else f"{t * 1e3:.2f} ms"

        return f"{self.what}: {ms(self.small)} at n={self.n}, {ms(self.large)} at n={8 * self.n}"


def superlinear(g: Growth, limits: Limits) -> bool:
    """True when the growth is worse than linear by the limits' margin."""
    if g.small == float("inf") or g.large == float("inf"):
        return True
    return g.large >= limits.large_floor and g.ratio > limits.ratio


class _TooSlow(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception`` on the way
    (the pipeline guards its detectors with them) mistakes it for the code's own error."""


class Stopwatch:
    """CPU seconds of runs, each stopped after ``budget`` seconds of wall time (re checks for
    signals while it backtracks, so an alarm interrupts a regex too). The alarm is a
    wall-clock one: while a process CPU-time timer is armed, Linux reads the process clock
    at scheduler-tick resolution (4 ms), too coarse for the runs timed here."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.armed = threading.current_thread() is threading.main_thread()
        self.previous: Any = None

    def __enter__(self) -> Stopwatch:
        if self.armed:
            self.previous = signal.signal(signal.SIGALRM, _interrupt)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)

    def time(self, run: Callable[[], object]) -> tuple[float, object]:
        """(CPU seconds, result) of ``run()``; the seconds are ``inf`` past the budget."""
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, self.budget)
        start = time.process_time()
        try:
            result = run()
        except _TooSlow:
            return float("inf"), None
        finally:
            if self.armed:
                signal.setitimer(signal.ITIMER_REAL, 0)
        return time.process_time() - start, result

    def best(self, run: Callable[[], object], repeats: int) -> float:
        """The best of ``repeats`` CPU times (one over budget ends it)."""
        best = float("inf")
        for _ in range(repeats):
            t, _ = self.time(run)
            if t == float("inf"):
                return t
            best = min(best, t)
        return best

    def growth(
        self,
        what: str,
        run: Callable[[str], object],
        build: Callable[[int], str],
        limits: Limits,
        small: float | None = None,
    ) -> Growth | None:
        """The growth of ``run`` from ``build(n)`` to ``build(8n)`` when it is superlinear,
        else None. One run at each size (none at 8n when the run at n took less than
        ``limits.floor``); the best of ``limits.repeats`` at each when those look
        superlinear. ``small``: the time at n when already known."""
        small_text = build(limits.n)
        if small is None:
            small, _ = self.time(lambda: run(small_text))
        if small < limits.floor:
            return None
        if small == float("inf"):
            return Growth(what, limits.n, small, small)
        large_text = build(8 * limits.n)
        g = Growth(what, limits.n, small, self.time(lambda: run(large_text))[0])
        if not superlinear(g, limits):
            return None
        small = min(small, self.best(lambda: run(small_text), limits.repeats))
        g = Growth(what, limits.n, small, self.best(lambda: run(large_text), limits.repeats))
        return g if superlinear(g, limits) else None


def _interrupt(signum: int, frame: Any) -> None:
    raise _TooSlow


def _finditer(rx: re.Pattern[str]) -> Callable[[str], int]:
    return lambda text: sum(1 for _ in rx.finditer(text))


def slow_inputs(rx: re.Pattern[str], limits: Limits = Limits()) -> Iterator[Growth]:
    """Each input shape on which ``search`` or ``finditer`` of ``rx`` grows superlinearly.

    ``finditer`` runs first; ``search`` only where finditer found a match (finding none,
    it did just what search does) in time worth measuring (search does a prefix of
    finditer's work, so it is faster)."""
    finditer = _finditer(rx)
    with Stopwatch(limits.budget) as watch:
        for shape in shapes(rx.pattern, rx.flags, limits.literals):
            text = shape.build(limits.n)
            small, found = watch.time(lambda: finditer(text))  # noqa: B023 - called at once
            g = watch.growth(f"finditer on {shape}", finditer, shape.build, limits, small)
            if g is None and found and small >= limits.floor:
                g = watch.growth(f"search on {shape}", rx.search, shape.build, limits)
            if g is not None:
                yield g
