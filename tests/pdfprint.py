"""Print a Markdown report to PDF the way a word processor would (reportlab): headings as
larger bold text, paragraphs wrapped to the page, tables as columns aligned on a grid
(no bars), code blocks in a monospaced font, comments (corpus markers) left out.

Only for tests: the PDF must give the same findings as the Markdown it was printed from.
"""

from __future__ import annotations

import io
import re

PAGE_W, PAGE_H = 612, 792  # US letter, points
MARGIN = 72
BODY, HEADING = ("Helvetica", 10), {1: 18, 2: 15, 3: 13, 4: 12, 5: 11, 6: 11}
LEADING = 1.35
_EMPHASIS = re.compile(r"\*\*|__|`")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


def _plain(text: str) -> str:
    return _EMPHASIS.sub("", text)


def _blocks(markdown: str) -> list[tuple[str, object]]:
    """("heading", (level, text)), ("para", text), ("table", rows), ("code", lines)."""
    out: list[tuple[str, object]] = []
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if _COMMENT.match(line) or not line.strip():
            i += 1
        elif line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append(("code", [x for x in lines[i + 1 : j] if not _COMMENT.match(x)]))
            i = j + 1
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            out.append(("heading", (level, _plain(line.lstrip("#").strip()))))
            i += 1
        elif line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and (
                lines[i].lstrip().startswith("|") or _COMMENT.match(lines[i])
            ):
                row = lines[i].strip()
                i += 1
                if _COMMENT.match(row) or set(row) <= set("|-: "):
                    continue
                rows.append([_plain(c.strip()) for c in row.strip("|").split("|")])
            out.append(("table", rows))
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _COMMENT.match(lines[i]):
                if para and (
                    lines[i].startswith(("#", "```")) or lines[i].lstrip().startswith("|")
                ):
                    break
                if para and lines[i].lstrip().startswith(("- ", "* ", "1. ")):
                    break
                para.append(lines[i].strip())
                i += 1
            out.append(("para", _plain(" ".join(para))))
    return out


def markdown_to_pdf(markdown: str) -> bytes:
    """The PDF bytes of ``markdown`` printed on US-letter pages."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(PAGE_W, PAGE_H), invariant=1)
    y = PAGE_H - MARGIN

    def room(height: float) -> None:
        nonlocal y
        if y - height < MARGIN:
            pdf.showPage()
            y = PAGE_H - MARGIN

    def line(text: str, font: tuple[str, float], x: float = MARGIN) -> None:
        nonlocal y
        room(font[1] * LEADING)
        y -= font[1] * LEADING
        pdf.setFont(*font)
        pdf.drawString(x, y, text)

    width = PAGE_W - 2 * MARGIN
    for kind, value in _blocks(markdown):
        if kind == "heading":
            level, text = value
            font = ("Helvetica-Bold", HEADING.get(level, 11))
            y -= font[1] * 0.6
            for part in simpleSplit(text, *font, width):
                line(part, font)
        elif kind == "para":
            for part in simpleSplit(value, *BODY, width):
                line(part, BODY)
        elif kind == "code":
            for text in value:
                line(text, ("Courier", 8.5))
        elif kind == "table":
            font = ("Helvetica", 9)
            ncols = max(len(r) for r in value)
            widths = [0.0] * ncols
            for r in value:
                for k, cell in enumerate(r):
                    widths[k] = max(widths[k], stringWidth(cell, *font))
            xs, x = [], float(MARGIN)
            for w in widths:
                xs.append(x)
                x += w + 14
            for r in value:
                room(font[1] * LEADING)
                y -= font[1] * LEADING
                pdf.setFont(*font)
                for k, cell in enumerate(r):
                    pdf.drawString(xs[k], y, cell)
        y -= BODY[1] * 0.8  # the gap after a block
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
