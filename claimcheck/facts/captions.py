"""Figure, chart and table captions of a document (C001 and C004 both read them), found
once per document (``FactStore.captions``)."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.models import Document

CAPTION_RE = lazyre.compile(
    r"[\s*_#>]{0,6}(?P<kind>charts?|figures?|figs?\.?|tables?|exhibits?|graphs?|diagrams?)[ \t]+"
    r"(?P<num>\d{1,3})(?P<suffix>[a-z]?)\b(?:[ \t]*[:.\-–—][ \t]*(?P<title>\S.*))?$",
    re.IGNORECASE,
)
KINDS = {"chart": "chart", "figure": "figure", "fig": "figure", "table": "table",
         "exhibit": "exhibit", "graph": "graph", "diagram": "diagram"}  # fmt: skip


def caption_kind(word: str) -> str:
    """The kind a caption word names: "Figs." -> "figure"."""
    w = word.lower().rstrip(".")
    w = w[:-1] if w.endswith("s") and w[:-1] in KINDS else w
    return KINDS.get(w, w)


@dataclass
class Caption:
    """A figure, chart or table caption at the start of a block."""

    kind: str
    number: int
    title: str  # normalised, for comparison
    text: str  # as written
    start: int
    end: int


def captions(doc: Document) -> list[Caption]:
    """Caption lines ("Chart 3: L7 CPS over file sizes", a bare "Figure 2") at the start of a
    line of a prose block or heading: PDF text often runs several captions together (read
    once per document: ``FactStore.captions``)."""
    out = []
    starts = doc.line_starts
    for b in doc.blocks:
        if b.kind not in ("paragraph", "heading", "list_item"):
            continue
        i = bisect_right(starts, b.start) - 1
        while i < len(starts) and starts[i] < b.end:
            lo = max(starts[i], b.start)
            hi = min(starts[i + 1] if i + 1 < len(starts) else len(doc.text), b.end)
            line = doc.text[lo:hi].rstrip()
            i += 1
            if len(line) > 300:
                continue
            m = CAPTION_RE.match(line)
            if m is None:
                continue
            if not m.group("title") and len(line.strip(" *_#")) > 12:
                continue  # "Figure 2 shows ..." is a sentence, not a caption
            title = normalise(m.group("title") or "")
            raw = MARKUP.sub("", m.group("title") or "").strip()
            out.append(
                Caption(caption_kind(m.group("kind")), int(m.group("num")), title, raw, lo, hi)
            )
    return out


# Emphasis, code marks and short HTML tags, dropped from a caption or label.
MARKUP = lazyre.compile(r"[*_`]+|<[^>]{1,20}>")


def normalise(text: str) -> str:
    """Lower case, markup and spacing removed, trailing punctuation dropped."""
    return re.sub(r"\s+", " ", MARKUP.sub("", text)).strip().strip(".,;:").lower()
