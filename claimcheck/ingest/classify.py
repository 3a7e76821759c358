"""What a single line looks like: heading, rule, list marker, footnote, fence.

Every test here looks at one line (``Line.stripped`` or ``Line.raw``) with
anchored patterns free of nested quantifiers, so it runs in time linear in
the line's length however long or odd the line is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.ingest.lines import Line

_ATX = lazyre.compile(r"(#{1,6})(?:[ \t]|$)")
_BULLET = lazyre.compile(r"(?:[-*+•◦▪●‣–]|\d{1,3}[.)]|[A-Za-z]\))[ \t]+(?=\S)")
_FOOTNOTE = lazyre.compile(
    r"\[\^[^\]\s]{1,20}\]:"  # Markdown footnote definition
    r"|<sup>[^<>]{1,12}</sup>"  # HTML superscript marker
    r"|[¹²³⁴⁵⁶⁷⁸⁹⁰]"  # superscript digits
    r"|\\\*"  # an escaped asterisk: "\* Results were ..."
)
_TABLE_NOTE = lazyre.compile(r"\*{1,3}[ \t]+\S")  # "* note" right under a table
_CAPTION = lazyre.compile(
    r"(?:[*_]{1,2})?(?:figure|fig\.|chart|table|graph|exhibit|diagram|source)"
    r"(?:[ \t]*:|[ \t]+[0-9A-Z])",
    re.I,
)
_PAGE = lazyre.compile(
    r"(?:page[ \t]+)?\d{1,4}[ \t]+(?:of|/)[ \t]+\d{1,4}|of[ \t]+\d{1,4}|page[ \t]+\d{1,4}", re.I
)
_PAGE_TAIL = lazyre.compile(r"page[ \t]+\d{1,4}(?:[ \t]+of[ \t]+\d{1,4})?$", re.I)
_FENCE = lazyre.compile(r"(`{3,}|~{3,})")
_EMPHASIS = ("**", "__", "*", "_")
_FINAL = ".!?:;"
_CLOSERS = "*_\"'”’»)]"


@dataclass(frozen=True, slots=True)
class Fence:
    """An opening code fence: its character, length, and info string."""

    char: str
    length: int
    info: str


def atx_level(line: Line) -> int:
    """Level 1-6 of a Markdown ATX heading line ("## Title"), else 0."""
    if line.indent > 3:
        return 0
    match = _ATX.match(line.stripped)
    return len(match.group(1)) if match else 0


def atx_title(line: Line) -> str:
    """The title of an ATX heading line, without #'s and emphasis markers."""
    title = line.stripped.lstrip("#").strip()
    closing = title.rstrip("#")
    if not closing or closing[-1] in " \t":
        title = closing.strip()
    return clean_title(title)


def clean_title(title: str) -> str:
    """``title`` without surrounding whitespace and emphasis (``**bold**``, ``*it*``)."""
    title = title.strip()
    changed = True
    while changed:
        changed = False
        for mark in _EMPHASIS:
            size = len(mark)
            if len(title) > 2 * size and title.startswith(mark) and title.endswith(mark):
                title = title[size:-size].strip()
                changed = True
                break
    return title


def setext_level(line: Line) -> int:
    """1 for a "===" underline, 2 for "---", else 0."""
    text = line.stripped
    if line.indent > 3 or len(text) < 2:
        return 0
    if not text.strip("="):
        return 1
    if len(text) >= 3 and not text.strip("-"):
        return 2
    return 0


def is_rule(line: Line) -> bool:
    """True for a horizontal rule or separator line ("---", "* * *", "===", "--\\t--")."""
    text = line.stripped
    if len(text) < 3 or text[0] not in "-*_=":
        return False
    return not text.replace(text[0], "").strip(" \t")


def is_page_footer(line: Line) -> bool:
    """True for page furniture: "Page 3", "3 of 7", "of 7", "(c) X<TAB>Page 1"."""
    text = line.stripped
    if len(text) > 120:
        return False
    if _PAGE.fullmatch(text):
        return True
    return _PAGE_TAIL.search(text) is not None and ("\t" in text or "©" in text or "|" in text)


def is_comment(line: Line) -> bool:
    """True for a line holding only an HTML comment ("<!-- expect: A001 -->").

    Such lines are no block and do not break a table: test documents carry
    their expected findings in them.
    """
    text = line.stripped
    return text.startswith("<!--") and text.endswith("-->") and len(text) >= 7


def list_marker(line: Line) -> int:
    """Length of the list marker and its spaces at the start of the content, else 0."""
    match = _BULLET.match(line.stripped)
    return match.end() if match else 0


def is_footnote(line: Line, after_table: bool) -> bool:
    """True when the line starts a footnote (``[^1]:``, ``<sup>1</sup>``, ``¹``, ``\\*``).

    A plain "* note" counts only right under a table, where it annotates cells.
    """
    text = line.stripped
    if _FOOTNOTE.match(text):
        return True
    return after_table and _TABLE_NOTE.match(text) is not None


def is_caption(text: str) -> bool:
    """True for a figure/chart/table caption or a "Source:" line."""
    return _CAPTION.match(text) is not None


def is_caps_heading(text: str) -> bool:
    """True for a short ALL CAPS line such as "POWER EFFICIENCY" (PDF headings)."""
    text = clean_title(text)
    if len(text) > 60 or text.endswith("."):
        return False
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 3 and not any(ch.islower() for ch in letters)


_SECTION_NUMBER = re.compile(r"(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[A-Z]\.|[IVX]{1,4}\.)[ \t]+")
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "of",
        "on",
        "or",
        "the",
        "to",
        "vs",
        "vs.",
        "with",
    ]
)
_CAPTION_START = re.compile(r"(?i:table|figure|fig\.|chart|graph|exhibit)[ \t]+\w")


def is_title_line(text: str) -> bool:
    """True for a short title-like line that heads the paragraph below it in plain text
    ("Test Bed", "Executive Summary", "3.1 Methodology"): at most six words, no closing
    punctuation, every word capitalised but small ones, not a caption and not a table row."""
    text = clean_title(text)
    if not 3 <= len(text) <= 50 or "\t" in text or "  " in text or "|" in text:
        return False
    if text[-1] in ".,;:!?" or _CAPTION_START.match(text):
        return False
    m = _SECTION_NUMBER.match(text)
    words = text[m.end() if m else 0 :].split()
    if not words or len(words) > 6 or not words[0][:1].isupper():
        return False
    if words[-1].lower() in _SMALL_WORDS:
        return False  # "Sponsored by" / "Prepared for": a label whose value is below
    if any(any(ch.isdigit() for ch in w) for w in words):
        return False  # "Corvane AX-900", "10 Gbps": a name or a figure, not a heading
    return all(w[:1].isupper() or w.lower() in _SMALL_WORDS for w in words)


def is_sentence_case_title(text: str) -> bool:
    """A title-like line in sentence case ("Test methodology"): up to three words, the
    first capitalised, no closing punctuation (the caller asks for a long line below)."""
    text = clean_title(text)
    words = text.split()
    return (
        0 < len(words) <= 3
        and words[-1].lower() not in _SMALL_WORDS
        and 3 <= len(text) <= 40
        and words[0][:1].isupper()
        and text[-1] not in ".,;:!?"
        and not _CAPTION_START.match(text)
        and not any(ch.isdigit() for ch in text)
    )


def ends_sentence(text: str) -> bool:
    """True when ``text`` ends with sentence-final punctuation (ignoring closers)."""
    text = text.rstrip().rstrip(_CLOSERS).rstrip()
    return bool(text) and text[-1] in _FINAL


def fence_open(line: Line) -> Fence | None:
    """The fence a line opens ("```sh", "~~~"), or None."""
    if line.indent > 3:
        return None
    text = line.stripped
    match = _FENCE.match(text)
    if match is None:
        return None
    marks = match.group(1)
    info = text[len(marks) :].strip()
    if marks[0] == "`" and "`" in info:
        return None
    return Fence(marks[0], len(marks), info)


def closes_fence(line: Line, fence: Fence) -> bool:
    """True when the line closes ``fence`` (same character, at least as long, bare)."""
    if line.indent > 3:
        return False
    text = line.stripped
    return len(text) >= fence.length and not text.strip(fence.char)
