"""Find which code-fence openers are closed, and where, in linear time."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from claimcheck.ingest.classify import Fence, closes_fence, fence_open
from claimcheck.ingest.lines import Line


class FenceIndex:
    """Index of fence lines. An opener without a matching closer is not a
    fence at all (a stray "```" in extracted text must not swallow the rest)."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = lines
        self.opens: dict[int, Fence] = {}
        for line in lines:
            if "`" in line.raw[:4] or "~" in line.raw[:4]:
                fence = fence_open(line)
                if fence is not None:
                    self.opens[line.index] = fence
        self.order = sorted(self.opens)
        # best[c][k]: longest bare closer of character c at or after order[k].
        self.best: dict[str, list[int]] = {}
        for char in "`~":
            best = [0] * (len(self.order) + 1)
            for k in range(len(self.order) - 1, -1, -1):
                fence = self.opens[self.order[k]]
                bare = fence.char == char and not fence.info
                best[k] = max(best[k + 1], fence.length if bare else 0)
            self.best[char] = best
        self.cache: dict[int, int | None] = {}

    def closing(self, i: int) -> int | None:
        """Index of the line closing the fence opened on line ``i``, or None."""
        if i not in self.opens:
            return None
        if i not in self.cache:
            self.cache[i] = self._find(i)
        return self.cache[i]

    def _find(self, i: int) -> int | None:
        fence = self.opens[i]
        k = bisect_right(self.order, i)
        if self.best[fence.char][k] < fence.length:
            return None  # no closer long enough anywhere below
        order = self.order
        while k < len(order):  # index loop: slicing here would make this quadratic
            if closes_fence(self.lines[order[k]], fence):
                return order[k]
            k += 1
        return None
