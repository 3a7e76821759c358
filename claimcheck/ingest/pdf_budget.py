"""How much text a PDF page will lay out to, estimated before pypdf's layout mode runs.

Layout mode pads the gap before each piece of text with spaces, one per character
width of distance. A page that places glyphs far apart (or far off the page, or in
a font a thousandth of a point high) makes a few bytes of PDF expand to millions of
spaces, and pypdf's time grows with the square of that. :func:`laid_out_size` walks
the page's content stream once, tracking only what positions text (the CTM, the
text matrix, font size, horizontal scale and leading), and adds up each piece's
characters and the padding before it, assuming characters narrower than any real
font's. The reader refuses a page whose estimate passes its cap, so pypdf never
builds the huge text; the extracted text is checked against the same cap after.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MIN_CHAR_EM = 0.2  # narrower than the average character of any text font
GLYPH_EM = 0.5  # the advance assumed for each character shown
MAX_BLANK_LINES = 1000  # pypdf limits a vertical gap to this many blank lines

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix product ``m x n`` in PDF's row-vector convention."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _num(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return 0.0
    return number if abs(number) < 1e15 else 0.0  # inf, nan-free and bounded


def _length(value: Any) -> int:
    return len(value) if isinstance(value, bytes | str) else 0


class _Layout:
    """Running totals of one page: characters shown plus padding before them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self.ctm: Matrix = IDENTITY
        self.stack: list[Matrix] = []
        self.tm: Matrix = IDENTITY
        self.tlm: Matrix = IDENTITY
        self.size = 0.0
        self.scale = 1.0
        self.leading = 0.0
        self.line_y: float | None = None
        self.line_end = 0.0

    def show(self, chars: int) -> None:
        """Account for ``chars`` characters shown at the current text position."""
        a, b, _, _, x, y = multiply(self.tm, self.ctm)
        em = abs(self.size * self.scale) * max(abs(a), abs(b))
        width = max(em * MIN_CHAR_EM, 1e-9)
        if self.line_y is None or abs(y - self.line_y) > max(em, 1e-9):
            if self.line_y is not None:
                self.total += min(int(abs(y - self.line_y) / max(em, 1e-9)), MAX_BLANK_LINES)
            self.line_y, self.line_end = y, 0.0
        gap = x - self.line_end
        if gap > 0:
            self.total += int(min(gap / width, float(self.limit + 1)))
        self.total += chars
        advance = chars * GLYPH_EM * self.size * self.scale
        self.tm = multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), self.tm)
        self.line_end = max(self.line_end, multiply(self.tm, self.ctm)[4])

    def move(self, tx: float, ty: float) -> None:
        """``Td``: start a new line offset from the start of the current one."""
        self.tlm = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.tlm)
        self.tm = self.tlm

    def operate(self, operands: list[Any], op: bytes) -> None:
        """Apply one content-stream operator."""
        if op == b"q":
            self.stack.append(self.ctm)
        elif op == b"Q":
            self.ctm = self.stack.pop() if self.stack else IDENTITY
        elif op == b"cm" and len(operands) == 6:
            self.ctm = multiply(tuple(_num(v) for v in operands), self.ctm)  # type: ignore[arg-type]
        elif op == b"BT":
            self.tm = self.tlm = IDENTITY
        elif op == b"Tm" and len(operands) == 6:
            self.tm = self.tlm = tuple(_num(v) for v in operands)  # type: ignore[assignment]
        elif op == b"Td" and len(operands) == 2:
            self.move(_num(operands[0]), _num(operands[1]))
        elif op == b"TD" and len(operands) == 2:
            self.leading = -_num(operands[1])
            self.move(_num(operands[0]), _num(operands[1]))
        elif op == b"T*":
            self.move(0.0, -self.leading)
        elif op == b"Tf" and len(operands) == 2:
            self.size = _num(operands[1])
        elif op == b"Tz" and operands:
            self.scale = _num(operands[0]) / 100
        elif op == b"TL" and operands:
            self.leading = _num(operands[0])
        elif op == b"Tj" and operands:
            self.show(_length(operands[0]))
        elif op in (b"'", b'"') and operands:  # next line, then show the last operand
            self.move(0.0, -self.leading)
            self.show(_length(operands[-1]))
        elif op == b"TJ" and operands and isinstance(operands[0], list):
            for item in operands[0]:
                if isinstance(item, bytes | str):
                    self.show(len(item))
                else:  # a displacement in thousandths of an em, leftwards when positive
                    shift = -_num(item) / 1000 * self.size * self.scale
                    self.tm = multiply((1.0, 0.0, 0.0, 1.0, shift, 0.0), self.tm)


def laid_out_size(operations: Iterable[tuple[list[Any], bytes]], limit: int) -> int:
    """An upper estimate of the characters layout mode makes of these operations.

    ``operations`` are ``(operands, operator)`` pairs as pypdf's ``ContentStream``
    gives them. The walk stops as soon as the estimate passes ``limit``, so a
    hostile page costs no more than an ordinary one.
    """
    layout = _Layout(limit)
    for operands, op in operations:
        layout.operate(list(operands), bytes(op))
        if layout.total > limit:
            break
    return layout.total
