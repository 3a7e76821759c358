"""Split text into lines without losing a single character.

Lines break on "\\n" only: "\\r\\n" is one break (the "\\n" ends the line and
the "\\r" stays in the line's raw text, where stripping removes it); a lone
"\\r" is not a break. Every offset here is an offset into the source text.
"""

from __future__ import annotations

_BREAKS = str.maketrans({"\n": " ", "\r": " "})


class Line:
    """One source line: ``raw`` is ``source[start:end]``, without its "\\n"."""

    # A plain class with slots: functools.cached_property takes a lock on every first access
    # in Python 3.11, which made it the costliest thing in segmentation.
    __slots__ = ("index", "start", "end", "raw", "_stripped", "_indent")

    def __init__(self, index: int, start: int, end: int, raw: str) -> None:
        self.index, self.start, self.end, self.raw = index, start, end, raw
        self._stripped: str | None = None
        self._indent: int | None = None

    def __repr__(self) -> str:
        return (
            f"Line(index={self.index!r}, start={self.start!r}, end={self.end!r}, raw={self.raw!r})"
        )

    @property
    def stripped(self) -> str:
        """The line without surrounding whitespace (including a final "\\r")."""
        if self._stripped is None:
            self._stripped = self.raw.strip()
        return self._stripped

    @property
    def is_blank(self) -> bool:
        """True when the line holds only whitespace."""
        return not self.stripped

    @property
    def indent(self) -> int:
        """Number of leading whitespace characters."""
        if self._indent is None:
            self._indent = len(self.raw) - len(self.raw.lstrip())
        return self._indent

    @property
    def content_start(self) -> int:
        """Source offset of the first non-whitespace character (``end`` if blank)."""
        return self.start + self.indent

    @property
    def content_end(self) -> int:
        """Source offset just after the last non-whitespace character."""
        return self.start + len(self.raw.rstrip())


def line_starts(text: str) -> list[int]:
    """Offsets of the start of every line of ``text`` (always starts with 0)."""
    starts = [0]
    find = text.find
    pos = find("\n")
    while pos >= 0:
        starts.append(pos + 1)
        pos = find("\n", pos + 1)
    return starts


def split_lines(text: str, starts: list[int] | None = None) -> list[Line]:
    """All lines of ``text`` as :class:`Line` records, in order.

    A text ending in "\\n" has a final empty line, matching ``line_starts``.
    """
    if starts is None:
        starts = line_starts(text)
    lines: list[Line] = []
    last = len(starts) - 1
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i < last else len(text)
        lines.append(Line(i, start, end, text[start:end]))
    return lines


def flatten(text: str) -> str:
    """``text`` with every "\\n" and "\\r" replaced by one space (same length)."""
    return text.translate(_BREAKS)


def strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` of ``text`` past surrounding whitespace.

    An all-whitespace span collapses to an empty span at ``start``.
    """
    piece = text[start:end]
    stripped = piece.lstrip()
    if not stripped:
        return start, start
    new_start = start + len(piece) - len(stripped)
    return new_start, new_start + len(stripped.rstrip())
