"""Text transformations that must not change claimcheck's findings, with offset maps.

Each transformation returns the new text and a function that maps an offset of the
new text back to the original, so that a finding of the transformed document can be
compared with the original's at the original line. Only prose and table lines are
rewritten: code fences, inline code, marker comments, URLs and command lines keep
their exact shape (tool output has a fixed format).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import claimcheck

FENCE = re.compile(r"^\s*(```|~~~)")
PROTECTED = re.compile(r"`[^`\n]*`|<!--.*?-->|https?://\S+|\$ [^\n]*|\S+@\S+")


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str


def apply(text: str, edits: list[Edit]) -> tuple[str, Callable[[int], int]]:
    """The edited text and a map from its offsets to the original's."""
    edits = sorted(edits, key=lambda e: e.start)
    parts: list[str] = []
    new_starts: list[int] = []  # offset in the new text where each edit begins
    old_starts: list[int] = []
    pos = shift = 0
    for e in edits:
        assert e.start >= pos, "overlapping edits"
        parts.append(text[pos : e.start])
        new_starts.append(e.start + shift)
        old_starts.append(e.start)
        parts.append(e.new)
        shift += len(e.new) - (e.end - e.start)
        pos = e.end
    parts.append(text[pos:])
    ends = [(e.start, e.end, len(e.new)) for e in edits]

    def to_original(offset: int) -> int:
        i = bisect_right(new_starts, offset) - 1
        if i < 0:
            return offset
        start, end, size = ends[i]
        inside = offset - new_starts[i]
        if inside < size:  # within the replacement: its start in the original
            return start
        return end + inside - size

    return "".join(parts), to_original


def rewritable_spans(text: str, markdown: bool) -> Iterator[tuple[int, int]]:
    """(start, end) of the stretches outside fences, inline code, comments, URLs, commands."""
    offset = 0
    fenced = False
    for line in text.splitlines(keepends=True):
        if markdown and FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            pos = 0
            for m in PROTECTED.finditer(line):
                if m.start() > pos:
                    yield offset + pos, offset + m.start()
                pos = m.end()
            if pos < len(line):
                yield offset + pos, offset + len(line)
        offset += len(line)


def substitute(
    text: str, pattern: re.Pattern[str], replace: Callable[[re.Match[str]], str | None], md: bool
) -> tuple[str, Callable[[int], int]]:
    """Apply ``replace`` to every match of ``pattern`` in the rewritable stretches."""
    edits = []
    for lo, hi in rewritable_spans(text, md):
        for m in pattern.finditer(text, lo, hi):
            new = replace(m)
            if new is not None and new != m.group(0):
                edits.append(Edit(m.start(), m.end(), new))
    return apply(text, edits)


_GROUPED = re.compile(r"(?<![\w.,/-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\w|[.,]\d)")


def without_separators(text: str, md: bool) -> tuple[str, Callable[[int], int]]:
    """1,474 -> 1474."""
    return substitute(text, _GROUPED, lambda m: m.group(0).replace(",", ""), md)


def _in_words(m: re.Match[str]) -> str | None:
    digits = m.group(0).replace(",", "")
    if "." in digits:
        return None
    value = int(digits)
    for word, size in (("million", 1_000_000), ("thousand", 1_000)):
        if value >= size:
            whole, rest = divmod(value, size)
            frac = str(rest).rjust(len(str(size)) - 1, "0").rstrip("0")
            return f"{whole}.{frac} {word}" if frac else f"{whole} {word}"
    return None


def in_words(text: str, md: bool) -> tuple[str, Callable[[int], int]]:
    """41,200 -> 41.2 thousand; 2,472,000 -> 2.472 million (the same value and step)."""
    return substitute(text, _GROUPED, _in_words, md)


_UNIT_SPELLINGS = {"Mbps": "Mbit/s", "Gbps": "Gbit/s", "Kbps": "kbit/s", "kbps": "kbit/s"}
_UNITS = re.compile(r"(?<=\d)(\s?)(Mbps|Gbps|Kbps|kbps)\b")
_LONG = {"Mbps": "megabits per second", "Gbps": "gigabits per second"}


def unit_spellings(text: str, md: bool, long: bool = False) -> tuple[str, Callable[[int], int]]:
    """Mbps -> Mbit/s (or "megabits per second") after a number."""

    def swap(m: re.Match[str]) -> str | None:
        unit = m.group(2)
        if long:
            return f" {_LONG[unit]}" if unit in _LONG else None
        return m.group(1) + _UNIT_SPELLINGS[unit]

    return substitute(text, _UNITS, swap, md)


_BLOCK_START = re.compile(r"\s*(?:[#>|*+-]|\d+[.)]\s|<|\t|$)")


def rewrap(text: str, width: int, md: bool) -> str:
    """Re-break runs of prose lines at ``width`` (PDF-style hard breaks), same length.

    Lines that start a Markdown construct (headings, lists, tables, quotes, markers) or
    sit in a fence stay as they are; a new line never starts with a character that would
    make it one. Only newlines and spaces are exchanged, so offsets do not move.
    """
    chars = list(text)
    lines = text.splitlines(keepends=True)
    offset = 0
    fenced = False
    run: list[tuple[int, str]] = []

    def flush() -> None:
        if len(run) < 1:
            return
        lo = run[0][0]
        hi = run[-1][0] + len(run[-1][1].rstrip("\n"))
        for i in range(lo, hi):
            if chars[i] == "\n":
                chars[i] = " "
        col = 0
        for i in range(lo, hi):
            col += 1
            if chars[i] == " " and col > width and _may_start_line(text, i + 1, hi):
                chars[i] = "\n"
                col = 0
        run.clear()

    for line in lines:
        is_fence = md and FENCE.match(line)
        if is_fence:
            fenced = not fenced
        prose = not fenced and not is_fence and not _BLOCK_START.match(line)
        prose = prose and not any(s in line for s in ("`", "\t", "  ", "<!--"))
        if not prose:
            flush()
        else:
            # a short line ends its paragraph (a title, the last line); so does a hyphen
            last = run[-1][1].rstrip("\n") if run else ""
            if run and (len(last) < 50 or last.endswith("-")):
                flush()
            run.append((offset, line))
        offset += len(line)
    flush()
    return "".join(chars)


def _may_start_line(text: str, i: int, hi: int) -> bool:
    """A break before ``text[i]`` cannot start a Markdown construct (a letter comes next)."""
    return i < hi and text[i].isalpha()


def findings(text: str, name: str) -> set[tuple[str, int]]:
    """(rule, line) of every finding on a text checked with default settings."""
    return findings_mapped(text, name, lambda offset: offset, text)


def findings_mapped(
    text: str, name: str, to_original: Callable[[int], int], original: str
) -> set[tuple[str, int]]:
    """(rule, original line) of the findings on a transformed text."""
    result = claimcheck.check_text(text, name, config=claimcheck.api.Config())
    assert not result.errors, result.errors
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    orig_starts = [0] + [m.end() for m in re.finditer("\n", original)]
    out = set()
    for f in result.findings:
        offset = starts[f.line - 1] + max(0, f.column - 1)
        out.add((f.rule, bisect_right(orig_starts, to_original(offset))))
    return out
