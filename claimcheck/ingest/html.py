"""HTML input: the visible text, laid out so the segmenter sees its structure.

Tokenized by :mod:`claimcheck.ingest.html_tokens` (the HTML Standard's tokenizer,
linear on any input); the layout below works on the tokens in source order and keeps
a bounded amount per nesting level, so time and output stay linear in the input
whatever it holds. The Document's text is the extracted text, so line numbers count
its lines:

- ``p``, ``div`` and other blocks become paragraphs separated by blank lines,
  with runs of whitespace collapsed; ``br`` breaks the line;
- ``h1``-``h6`` become ``#`` headings; ``li`` becomes ``- item`` (``1. item``
  in an ``ol``), indented two spaces per nesting level up to :data:`MAX_LIST_DEPTH`
  levels;
- each ``tr`` becomes one line of tab-separated cells (``th``/``td``; a
  ``colspan`` adds empty cells so columns stay aligned, up to :data:`MAX_COLSPAN`),
  ``caption`` a paragraph;
- ``pre`` becomes a fenced code block with its text kept verbatim;
- ``script``, ``style``, ``template``, ``noscript``, ``svg`` and ``title`` are
  skipped; ``<sup>2</sup>`` becomes ``^2`` so it does not fuse with a number;
- ``<!-- claimcheck: ... -->`` comments are kept on a line of their own, so
  inline suppression works in HTML reports too;
- attributes are untrusted: ``colspan`` and ``start`` count only when they are one to
  four ASCII digits, else they are 1.
"""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.ingest.html_tokens import tokens
from claimcheck.ingest.segment import segment
from claimcheck.models import Document

# "head" itself is not skipped: its end tag is optional, and all it shows is the title.
SKIP = frozenset({"script", "style", "template", "noscript", "svg", "title", "iframe", "object"})
BLOCKS = frozenset(
    {"p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "blockquote",
     "figure", "figcaption", "address", "dl", "dt", "dd", "form", "fieldset", "hr", "center",
     "details", "summary", "body", "html", "legend"}
)  # fmt: skip
HEADINGS = {f"h{n}": n for n in range(1, 7)}
MAX_LIST_DEPTH = 8  # deeper lists are indented as this deep: output stays linear in input
MAX_COLSPAN = 50
_WITH_ATTRIBUTES = frozenset({"td", "th", "ol", "ul"})
_SPACED = BLOCKS | set(HEADINGS) | {"li", "td", "th", "tr", "pre", "ul", "ol"}
_BREAK = "\ue000"  # a line break from <br>, kept through whitespace collapsing
_SPACE = lazyre.compile(rf"[^\S{_BREAK}]+")


def _collapse(parts: list[str]) -> str:
    text = _SPACE.sub(" ", "".join(parts))
    return "\n".join(line.strip() for line in text.split(_BREAK) if line.strip())


def _count(value: str | None) -> int:
    """An untrusted ``colspan`` or ``start``: one to four ASCII digits, else 1."""
    value = (value or "").strip()
    return int(value) if 0 < len(value) <= 4 and value.isascii() and value.isdigit() else 1


class _Layout:
    """The text of a token stream: blocks, list items, table rows, code, directives."""

    def __init__(self) -> None:
        self.out: list[tuple[str, str]] = []  # (kind, text) in document order
        self.buf: list[str] = []
        self.kind, self.prefix = "para", ""
        self.skip = 0
        self.pre: list[str] | None = None
        self.lists: list[list] = []  # [ordered, next number] per open list
        self.tables = 0
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.span = 1

    # -- output ---------------------------------------------------------------
    def emit(self, kind: str, text: str) -> None:
        self.out.append((kind, text))

    def flush(self) -> None:
        text = _collapse(self.buf)
        if text:
            lines = text.split("\n")
            indent = " " * len(self.prefix) if self.kind == "list" else ""
            self.emit(
                self.kind, "\n".join([self.prefix + lines[0], *(indent + x for x in lines[1:])])
            )
        self.buf, self.kind, self.prefix = [], "para", ""

    def close_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append(_collapse(self.cell).replace("\n", " "))
            self.row.extend([""] * (self.span - 1))  # keep the columns after a colspan aligned
        self.cell, self.span = None, 1

    def close_row(self) -> None:
        self.close_cell()
        if self.row is not None and any(c for c in self.row):
            self.emit("row", "\t".join(self.row))
        self.row = None

    def text(self) -> str:
        self.flush()
        self.close_row()
        chunks: list[str] = []
        last = None
        for kind, text in self.out:
            if chunks:
                chunks.append("\n" if kind == last and kind in ("list", "row") else "\n\n")
            chunks.append(text)
            last = kind
        return "".join(chunks) + "\n" if chunks else ""

    # -- tokens ---------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: dict[str, str | None]) -> None:
        if tag in SKIP:
            self.skip += 1
            return
        if self.skip:
            return
        if self.pre is not None:
            if tag == "br":
                self.pre.append("\n")
            return
        in_cell = self.cell is not None and self.tables == 1
        if tag == "br":
            (self.cell if in_cell else self.buf).append(" " if in_cell else _BREAK)
        elif tag == "sup":
            (self.cell if in_cell else self.buf).append("^")
        elif tag == "table":
            self.tables += 1
            if self.tables == 1:
                self.flush()
        elif self.tables > 1 or (in_cell and tag not in ("td", "th", "tr")):
            # Structure inside a cell: its text joins the cell, blocks and cells spaced apart.
            if self.cell is not None and tag in _SPACED:
                self.cell.append(" ")
        elif tag == "tr" and self.tables:
            self.close_row()
            self.row = []
        elif tag in ("td", "th") and self.tables:
            if self.row is None:
                self.row = []
            self.close_cell()
            self.cell = []
            self.span = min(_count(attrs.get("colspan")) or 1, MAX_COLSPAN)
        elif tag == "caption":
            self.flush()
        elif tag == "pre":
            self.flush()
            self.pre = []
        elif tag in HEADINGS:
            self.flush()
            self.kind, self.prefix = "heading", "#" * HEADINGS[tag] + " "
        elif tag in ("ul", "ol"):
            self.flush()
            self.lists.append([tag == "ol", _count(attrs.get("start"))])
        elif tag == "li":
            self.flush()
            depth = min(max(len(self.lists), 1), MAX_LIST_DEPTH)
            marker = "- "
            if self.lists and self.lists[-1][0]:
                marker = f"{self.lists[-1][1]}. "
                self.lists[-1][1] += 1
            self.kind, self.prefix = "list", "  " * (depth - 1) + marker
        elif tag in BLOCKS:
            self.flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIP:
            self.skip = max(self.skip - 1, 0)
            return
        if self.skip:
            return
        if self.pre is not None:
            if tag == "pre":
                body = "".join(self.pre)
                body = body[1:] if body.startswith("\n") else body  # as browsers do
                self.emit("pre", "```\n" + body.rstrip("\n") + "\n```")
                self.pre = None
            return
        if tag == "table" and self.tables:
            self.tables -= 1
            if not self.tables:
                self.close_row()
        elif self.tables > 1 or (self.cell is not None and tag in _SPACED - {"td", "th", "tr"}):
            if self.cell is not None and tag in _SPACED:
                self.cell.append(" ")
        elif tag in ("td", "th"):
            self.close_cell()
        elif tag == "tr":
            self.close_row()
        elif tag in ("ul", "ol"):
            self.flush()
            if self.lists:
                self.lists.pop()
        elif tag in HEADINGS or tag in ("li", "caption") or tag in BLOCKS:
            self.flush()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre is not None:
            self.pre.append(data)
        elif self.cell is not None:
            self.cell.append(data)
        elif self.row is None:
            self.buf.append(data)

    def handle_comment(self, data: str) -> None:
        if self.skip or self.pre is not None or "claimcheck:" not in data:
            return
        self.flush()
        self.emit("directive", f"<!-- {' '.join(data.split())} -->")


def html_to_text(markup: str) -> str:
    """The visible text of an HTML document, one block per paragraph, rows tab-separated."""
    layout = _Layout()
    for kind, value, attrs in tokens(markup, _WITH_ATTRIBUTES):
        if kind == "text":
            layout.handle_data(value)
        elif kind == "start":
            layout.handle_starttag(value, attrs or {})
        elif kind == "end":
            layout.handle_endtag(value)
        elif kind == "comment":
            layout.handle_comment(value)
    return layout.text()


# Tags that give a page its blocks. A file named .html with none of them (a Markdown page
# exported under the wrong suffix, with at most a few inline tags) is read as Markdown:
# its lines, headings and pipe tables are the structure, not one run of text.
_BLOCK_TAG = re.compile(
    r"<(?:html|head|body|p|div|table|tr|td|th|h[1-6]|br|li|ul|ol|pre|section|article|meta|"
    r"title|blockquote|main|header|footer|nav)\b",
    re.IGNORECASE,
)


def read_html(data: bytes, name: str) -> Document:
    """Decode HTML bytes (BOM, ``<meta charset>``, detection) and read their visible text;
    a file with no block-level tag at all is read as the Markdown text it is."""
    from claimcheck.ingest.decode import decode

    markup, encoding = decode(bytes(data), name)
    if _BLOCK_TAG.search(markup) is None:
        return segment(markup, name, encoding, markdown=True)
    return segment(html_to_text(markup), name, encoding)
