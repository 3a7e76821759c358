"""Split one table line into cells with exact source offsets.

Each splitter takes a :class:`Line` and returns :class:`Cell` objects whose
``start``/``end`` cover the stripped cell text in the source. Enclosing
markup (``**10,114**``, ``<b>10,114</b>``) is peeled off the span, so a
cell's text is the value itself and its offsets still point at it.
"""

from __future__ import annotations

from claimcheck import lazyre
from claimcheck.ingest.lines import Line, strip_span
from claimcheck.models import Cell

SPACED = lazyre.compile(r"[ \t]{2,}|\t")
_BOX = "│┃┆┇┊┋║|┌┐└┘├┤┬┴┼─━═╔╗╚╝╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫╭╮╯╰"
_TOOL_SEP = lazyre.compile(r"[ \t]*[" + _BOX + r"]+[ \t]*|[ \t]{2,}|\t")
_KEY_SEP = lazyre.compile(r"(?<!\.)\.{2,}:[ \t]+|:[ \t]+")  # a dot run from its start
_BORDER = frozenset(_BOX + "-=+:. \t")
_TAG_PAIRS = tuple((f"<{t}>", f"</{t}>") for t in ("b", "strong", "i", "em", "u", "code"))
_MARKS = ("**", "__", "`", "*", "_")
_NUMERIC = lazyre.compile(r"[~<>≈±+\-−–$€£¥(]{0,3}[ \t]?\.?\d")
MAX_CELLS = 512  # a "row" with more separators than this is a wall of text, not a row
_NULLS = frozenset({"", "*", "-", "–", "—", "n/a", "na", "none", "?", "x"})


def tsv_cells(line: Line) -> list[Cell]:
    """Cells between tabs, empty ones kept (as ``Cell(text="")`` at their position)."""
    cells: list[Cell] = []
    pos = line.start
    for piece in line.raw.rstrip("\r").split("\t"):
        cells.append(_cell(line, pos, pos + len(piece)))
        pos += len(piece) + 1
    return cells


def pipe_cells(line: Line, code_spans: bool = False) -> list[Cell]:
    """Cells of a Markdown pipe-table row; ``\\|`` is not a separator, and with
    ``code_spans`` neither is a pipe inside inline code (`` `a|b` ``)."""
    raw = line.raw
    code = _code_ranges(raw) if code_spans and "`" in raw else []
    first, last = strip_span(raw, 0, len(raw))
    if first < last and raw[first] == "|":
        first += 1
    if last > first and raw[last - 1] == "|" and (last - 2 < first or raw[last - 2] != "\\"):
        last -= 1
    cells: list[Cell] = []
    begin = first
    pos = raw.find("|", first, last)
    while pos >= 0:
        while code and code[-1][1] <= pos:
            code.pop()
        inside = bool(code) and code[-1][0] < pos
        if (pos == 0 or raw[pos - 1] != "\\") and not inside:
            cells.append(_cell(line, line.start + begin, line.start + pos))
            begin = pos + 1
        pos = raw.find("|", pos + 1, last)
    cells.append(_cell(line, line.start + begin, line.start + last))
    return cells


def _code_ranges(raw: str) -> list[tuple[int, int]]:
    """Inline code spans of ``raw`` as (open, close) backtick positions, last first.

    A run of N backticks opens a span that the next run of exactly N backticks
    closes; an unmatched run is literal. One pass, so linear in the line.
    """
    runs: list[tuple[int, int]] = []
    pos = raw.find("`")
    while pos >= 0:
        end = pos
        while end < len(raw) and raw[end] == "`":
            end += 1
        runs.append((pos, end - pos))
        pos = raw.find("`", end)
    spans: list[tuple[int, int]] = []
    k = 0
    later: dict[int, list[int]] = {}
    for j in range(len(runs) - 1, -1, -1):
        later.setdefault(runs[j][1], []).append(j)
    while k < len(runs):
        start, size = runs[k]
        ahead = later[size]
        while ahead and ahead[-1] <= k:
            ahead.pop()
        if ahead:
            close = ahead.pop()
            spans.append((start, runs[close][0]))
            k = close + 1
        else:
            k += 1
    spans.reverse()
    return spans


def spaced_cells(line: Line) -> list[Cell]:
    """Cells separated by runs of two or more spaces (aligned plain-text tables)."""
    return _split(line, [m.span() for m in SPACED.finditer(line.raw)])


def tool_cells(line: Line) -> list[Cell]:
    """Cells of a line of tool output: split on 2+ spaces, tabs, box drawing, and
    the first "key: value" colon. Pure border lines give no cells."""
    raw = line.raw
    if not raw.strip(" \t\r") or set(raw) <= _BORDER:
        return []
    spans = []
    for match in _TOOL_SEP.finditer(raw):
        spans.append(match.span())
        if len(spans) > MAX_CELLS:
            return [_cell(line, line.start, line.end)]
    key = _KEY_SEP.search(raw, 0, min(len(raw), 120))
    if key is not None and raw[: key.start()].strip():
        spans.append(key.span())
        spans.sort()
    cells = _split(line, spans)
    return [c for c in cells if c.text and not set(c.text) <= _BORDER]


def _split(line: Line, seps: list[tuple[int, int]]) -> list[Cell]:
    """Non-empty cells between separator spans (sorted, possibly overlapping)."""
    cells: list[Cell] = []
    pos = 0
    for sep_start, sep_end in seps:
        if sep_start > pos:
            cell = _cell(line, line.start + pos, line.start + sep_start)
            if cell.text:
                cells.append(cell)
        pos = max(pos, sep_end)
    if pos < len(line.raw):
        cell = _cell(line, line.start + pos, line.end)
        if cell.text:
            cells.append(cell)
    return cells


def _cell(line: Line, start: int, end: int) -> Cell:
    """The cell for source span ``[start, end)`` of ``line``, stripped and unwrapped."""
    lo, hi = _unwrap(line.raw, *strip_span(line.raw, start - line.start, end - line.start))
    return Cell(text=line.raw[lo:hi], start=line.start + lo, end=line.start + hi)


def _unwrap(raw: str, lo: int, hi: int) -> tuple[int, int]:
    """Shrink ``raw[lo:hi]`` past enclosing ``**``/``<b>`` markup (a few levels deep)."""
    for _ in range(4):  # bounded: a pathological "*****..." cell stays linear
        size = _wrapper(raw, lo, hi)
        if not size:
            break
        lo, hi = strip_span(raw, lo + size[0], hi - size[1])
    return lo, hi


def _wrapper(raw: str, lo: int, hi: int) -> tuple[int, int] | None:
    """Lengths of the opening and closing markup around ``raw[lo:hi]``, or None."""
    if hi - lo < 3:
        return None
    if raw[lo] == "<":
        for opening, closing in _TAG_PAIRS:
            if (
                hi - lo > len(opening) + len(closing)
                and raw[lo : lo + len(opening)].lower() == opening
                and raw[hi - len(closing) : hi].lower() == closing
            ):
                return len(opening), len(closing)
    elif raw[lo] in "*_`":
        for mark in _MARKS:
            size = len(mark)
            if hi - lo > 2 * size and raw.startswith(mark, lo, hi) and raw.endswith(mark, lo, hi):
                return size, size
    return None


def is_numeric(text: str) -> bool:
    """True when a cell reads as a number or quantity ("1,024", "4 x 10 Gbps", "$5")."""
    return _NUMERIC.match(text) is not None


def is_null(text: str) -> bool:
    """True for an empty or placeholder cell ("", "*", "-", "n/a")."""
    return text.strip().lower() in _NULLS
