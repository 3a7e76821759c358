"""Split text into lines without losing a single character.

Lines break on "\\n" only: "\\r\\n" is one break (the "\\n" ends the line and
the "\\r" stays in the line's raw text, where stripping removes it); a lone
"\\r" is not a break. Every offset here is an offset into the source text.
"""

from __future__ import annotations

_BREAKS = str.maketrans({"\n": " ", "\r": " "})


class Line:
    """One source line: ``raw`` is ``source[start:end]``, without its "\\n".

    ``stripped`` (the line without surrounding whitespace, including a final "\\r"),
    ``is_blank`` and ``indent`` (leading whitespace characters) are computed once: the
    segmenter reads them thousands of times, and a property call (or the lock that
    functools.cached_property takes in Python 3.11) cost more than the work.
    """

    __slots__ = ("index", "start", "end", "raw", "stripped", "is_blank", "indent")

    def __init__(self, index: int, start: int, end: int, raw: str) -> None:
        self.index, self.start, self.end, self.raw = index, start, end, raw
        self.stripped = raw.strip()
        self.is_blank = not self.stripped
        self.indent = len(raw) - len(raw.lstrip())

    def __repr__(self) -> str:
        return (
            f"Line(index={self.index!r}, start={self.start!r}, end={self.end!r}, raw={self.raw!r})"
        )

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
