"""PDF input (the ``pdf`` extra, pypdf): extracted text, page by page.

The Document's text *is* the extracted text, so line numbers in findings
count lines of it, and ``Document.page_of_line`` maps each line back to its
page. pypdf's layout mode is used: it keeps table columns aligned and turns
vertical gaps into blank lines (at most two in a row are kept). Lines set in a
larger type than the body are headings (:mod:`claimcheck.ingest.pdf_fonts`),
as ``#`` lines are in Markdown, and lines set wholly in a monospaced font are
code, as in a fenced block. Pages are separated by one blank line (none where a
table runs on to the next page); the segmenter joins a paragraph that a page
break cut in two. Trailing blanks are stripped from every line and
typographic ligatures (U+FB00-FB06) are spelled out, so "eﬃciency" matches
like "efficiency"; nothing else is changed.

A page may lay out to at most :data:`MAX_PAGE_CHARS` characters: a page whose
text is placed so far apart that layout mode would pad it past that (estimated
before extraction by :mod:`claimcheck.ingest.pdf_budget`, checked again after)
makes the file an input error, with the page named, rather than a run that
never ends.
"""

from __future__ import annotations

import importlib.util
import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from claimcheck import lazyre
from claimcheck.errors import InputError
from claimcheck.ingest.segment import segment
from claimcheck.models import Document

_COLUMN_GAP = lazyre.compile(r"[ ]{2,}+")
MAX_BLANK_LINES = 2
MAX_PAGE_CHARS = 1_000_000  # a dense page of a wide table lays out to about 20,000
EXTRA_HINT = "PDF input needs the pdf extra (pip install 'claimcheck-reports[pdf]')"
_LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }  # fmt: skip
)


def available() -> bool:
    """True when pypdf (the pdf extra) is installed."""
    return importlib.util.find_spec("pypdf") is not None


@contextmanager
def _quiet() -> Iterator[None]:
    # pypdf logs every repaired cross-reference table as a warning; a linter's
    # output is no place for them (a PDF that cannot be read raises instead).
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(level)


def _clean(page_text: str) -> list[str]:
    text = page_text.replace("\r\n", "\n").replace("\r", "\n").translate(_LIGATURES)
    lines: list[str] = []
    blanks = 0
    for line in (raw.rstrip() for raw in text.split("\n")):
        blanks = blanks + 1 if not line else 0
        if blanks <= MAX_BLANK_LINES:  # a tall figure gap is not worth a screenful of blanks
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _page_text(page: Any, name: str, number: int) -> str:
    # Layout mode keeps table columns aligned and paragraph gaps as blank lines,
    # which the segmenter needs; plain mode is the fallback for pages it cannot lay out.
    if _estimated_size(page) > MAX_PAGE_CHARS:
        raise InputError(
            f"{name}: page {number}: its text would lay out to more than {MAX_PAGE_CHARS:,} "
            "characters (text placed far apart or off the page)"
        )
    try:
        text = page.extract_text(extraction_mode="layout") or ""
    except Exception:
        try:
            text = page.extract_text() or ""
        except Exception as exc:
            raise InputError(f"{name}: page {number}: cannot extract text ({exc})") from None
    if len(text) > MAX_PAGE_CHARS:
        raise InputError(
            f"{name}: page {number}: its text lays out to {len(text):,} characters, more than "
            f"the limit of {MAX_PAGE_CHARS:,} (text placed far apart or off the page)"
        )
    return text


def _estimated_size(page: Any) -> int:
    """The pre-scan's estimate of the page's laid-out text (0 when it cannot be read)."""
    from claimcheck.ingest.pdf_budget import laid_out_size

    try:
        contents = page.get_contents()
        operations = contents.operations if contents is not None else []
    except Exception:  # damaged content: layout mode reports it, or plain mode reads it
        return 0
    return laid_out_size(operations, MAX_PAGE_CHARS)


def extract_pages(data: bytes, name: str) -> list[list[str]]:
    """The text lines of every page; raises InputError for encrypted or unreadable PDFs."""
    return _read_pages(data, name)[0]


def _read_pages(
    data: bytes, name: str
) -> tuple[list[list[str]], list[dict[str, int]], list[set[str]]]:
    """The text lines of every page; per page the heading lines found by type size
    (characters without whitespace -> level) and the lines in a monospaced font
    (:mod:`claimcheck.ingest.pdf_fonts`)."""
    from claimcheck.ingest.pdf_fonts import code_keys, heading_levels, sized_lines

    try:
        from pypdf import PdfReader
    except ImportError:
        raise InputError(f"{name}: {EXTRA_HINT}") from None
    with _quiet():
        try:
            reader = PdfReader(io.BytesIO(data))
        except Exception as exc:  # pypdf raises many types on damaged files
            raise InputError(f"{name}: not a readable PDF ({exc})") from None
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")  # owner-password-only files open without one
            except Exception as exc:  # e.g. AES without the cryptography package
                raise InputError(f"{name}: encrypted PDF: cannot decrypt it ({exc})") from None
            if not opened:
                raise InputError(f"{name}: encrypted PDF: a password is needed to read it")
        try:
            pages, sizes = [], []
            for number, page in enumerate(reader.pages, start=1):
                pages.append(_clean(_page_text(page, name, number)))
                sizes.append(sized_lines(page, _LIGATURES))
        except InputError:
            raise
        except Exception as exc:  # a damaged page tree
            raise InputError(f"{name}: not a readable PDF ({exc})") from None
    if not any(line.strip() for lines in pages for line in lines):
        raise InputError(f"{name}: no extractable text (scanned?): OCR it first")
    return pages, heading_levels(sizes), code_keys(sizes)


def _row_like(line: str) -> bool:
    """A laid-out line of three or more pieces set apart by runs of spaces (a table row)."""
    return len(_COLUMN_GAP.split(line.strip())) >= 3


def read_pdf(data: bytes, name: str) -> Document:
    """A Document whose text is the PDF's extracted text, with ``page_of_line`` set."""

    lines: list[str] = []
    page_of_line: list[int] = []
    headings: dict[int, int] = {}  # line index -> level
    code: set[int] = set()
    pages, heading_keys, code_lines = _read_pages(data, name)
    for number, page_lines in enumerate(pages, start=1):
        if not page_lines:
            continue
        # A blank line between pages, counted with the page before; none where a table
        # runs on (a row at the foot of one page, a row at the head of the next).
        if lines and not (_row_like(lines[-1]) and _row_like(page_lines[0])):
            lines.append("")
            page_of_line.append(page_of_line[-1])
        keys, mono = heading_keys[number - 1], code_lines[number - 1]
        for line in page_lines:
            key = "".join(line.split()) if (keys or mono) else ""
            if key and key in keys:
                headings[len(lines)] = keys[key]
            elif key and key in mono:
                code.add(len(lines))
            lines.append(line)
        page_of_line.extend([number] * len(page_lines))
    doc = segment("\n".join(lines) + "\n", name, "utf-8", headings=headings, code=code)
    # The final "\n" opens one more (empty) line in the index: it belongs to the last page.
    page_of_line += [page_of_line[-1]] * (len(doc.line_starts) - len(page_of_line))
    return doc.model_copy(update={"page_of_line": page_of_line[: len(doc.line_starts)]})
