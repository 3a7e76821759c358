"""Source spans with an overlap test, for checks that skip what another fact covers."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable


class Spans:
    """Source spans with an overlap test in O(log n) (the spans are short)."""

    MAX = 2000  # no span indexed here is longer than this

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._spans = sorted(spans)
        self._starts = [s for s, _ in self._spans]

    def add(self, start: int, end: int) -> None:
        """Index one more span (a list insertion: build from all the spans at once where
        there are many)."""
        i = bisect_right(self._starts, start)
        self._spans.insert(i, (start, end))
        self._starts.insert(i, start)

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps an indexed span."""
        i = bisect_right(self._starts, end - 1)
        while i > 0 and self._starts[i - 1] > start - self.MAX:
            i -= 1
            if self._spans[i][1] > start:
                return True
        return False
