"""Headings and code of a PDF by their type: lines set larger than the body text, and
lines set wholly in a monospaced font (a code block, a tool's output).

A PDF has no heading markup; a word processor shows a heading by setting it larger. The
text of each page is walked once more (pypdf's plain mode with a visitor) to collect the
effective size of every run of text, grouped by baseline. The body size is the size most
characters of the document are set in; a line whose every run is at least
:data:`HEADING_RATIO` times that is a heading, its level given by the rank of its size
among the heading sizes (the largest is level 1). Lines are matched to the laid-out text
by their characters without whitespace, so the layout's spacing does not matter.
A line whose every run is in a fixed-pitch font (the font descriptor's FixedPitch flag,
or a Courier/Mono name) is code, as lines of a fenced block are in Markdown; runs without
letters or digits (a symbol set in a fallback font) do not count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

HEADING_RATIO = 1.15
MAX_LEVEL = 6


@dataclass(slots=True)
class SizedLine:
    """The text on one baseline of a page: its characters without whitespace, the
    smallest type size among its runs, and how many characters it has."""

    key: str
    size: float
    chars: int
    mono: bool = False


def _monospaced(font: Any) -> bool:
    """True for a fixed-pitch font (pypdf's font dictionary of a run)."""
    try:
        font = font.get_object() if hasattr(font, "get_object") else font
        name = str(font.get("/BaseFont", "")).lower()
        if "courier" in name or "mono" in name or "consol" in name:
            return True
        descriptor = font.get("/FontDescriptor")
        if descriptor is not None:
            return bool(int(descriptor.get_object().get("/Flags", 0)) & 1)
    except Exception:  # an odd font dictionary: take it as proportional
        return False
    return False


def sized_lines(page: Any, translate: dict[int, str] | None = None) -> list[SizedLine]:
    """The baselines of a page with their type sizes; [] when the page cannot be walked."""
    groups: dict[int, list[tuple[float, float, str, bool]]] = {}
    mono: dict[int, bool] = {}  # id of a font dictionary -> fixed pitch, looked up once

    def visit(text: str, cm: Any, tm: Any, font: Any, font_size: Any) -> None:
        if not text or text.isspace():
            return
        try:
            scale = abs(float(tm[3]) * float(cm[3])) or abs(float(tm[0]) * float(cm[0])) or 1.0
            size = round(float(font_size) * scale, 1)
            x = float(tm[4]) * float(cm[0]) + float(tm[5]) * float(cm[2]) + float(cm[4])
            y = float(tm[4]) * float(cm[1]) + float(tm[5]) * float(cm[3]) + float(cm[5])
        except (TypeError, ValueError, IndexError):
            return
        fixed = mono.get(id(font))
        if fixed is None:
            fixed = mono[id(font)] = _monospaced(font)
        groups.setdefault(round(y), []).append((x, size, text, fixed))

    try:
        page.extract_text(visitor_text=visit)
    except Exception:  # a page plain mode cannot walk: no sizes, so no headings from it
        return []
    out = []
    for runs in groups.values():
        runs.sort(key=lambda r: r[0])
        text = "".join(r[2] for r in runs)
        if translate:
            text = text.translate(translate)
        key = "".join(text.split())
        if key:
            inked = [r for r in runs if r[2].strip()]
            size = min(r[1] for r in inked)
            # a symbol a font lacks (a check mark) is set in another font: only runs with
            # letters or digits decide whether the line is monospaced
            worded = [r for r in inked if any(c.isalnum() for c in r[2])]
            out.append(SizedLine(key, size, len(key), bool(worded) and all(r[3] for r in worded)))
    return out


def heading_levels(pages: list[list[SizedLine]]) -> list[dict[str, int]]:
    """Per page, the heading lines' keys (characters without whitespace) and levels."""
    weight: Counter = Counter()
    for lines in pages:
        for line in lines:
            if not line.mono:
                weight[line.size] += line.chars
    if not weight:
        return [{} for _ in pages]
    body = weight.most_common(1)[0][0]
    big = sorted({round(s * 2) / 2 for s in weight if s >= body * HEADING_RATIO}, reverse=True)
    rank = {size: min(i + 1, MAX_LEVEL) for i, size in enumerate(big)}
    return [
        {line.key: rank[round(line.size * 2) / 2] for line in lines
         if not line.mono and round(line.size * 2) / 2 in rank}
        for lines in pages
    ]  # fmt: skip


def code_keys(pages: list[list[SizedLine]]) -> list[set[str]]:
    """Per page, the keys of lines set wholly in a monospaced font."""
    return [{line.key for line in lines if line.mono} for lines in pages]
