"""Parse Markdown block structure with markdown-it-py and map it back to source lines.

markdown-it-py reports where each block is as a line range (``Token.map``) and
nothing finer, so it is fed a copy of the text whose lines correspond one for
one to the source's (a lone "\\r" becomes a space: the source breaks lines on
"\\n" only) except for corpus marker comments inside a pipe table, which are
left out so that they do not cut the table (pipe or tab-separated) in two. :func:`leaves` gives the
blocks that hold text, with source line ranges, in document order.

Only the block level is parsed (the inline rules are off): the line ranges are
all the readers need, and it keeps the parse linear in the input.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from claimcheck.ingest.classify import is_comment
from claimcheck.ingest.lines import Line

MAX_NESTING = 20  # deeper lists and quotes are not parsed; their lines fall back to text rules


@dataclass(slots=True)
class Leaf:
    """A Markdown block that holds text: its kind, source lines ``[first, stop)``.

    ``kind`` is a markdown-it token type (``paragraph``, ``heading``, ``fence``,
    ``table``, ``code_block``, ``html_block``, ``hr``); list items are ``list_item``
    (their first paragraph, continued by the paragraphs right after it), and a
    ``*`` list is ``star_item`` (it may be a table note). ``info`` holds the fence
    markup, ``level`` a heading's level, ``title`` a heading's text.
    """

    kind: str
    first: int
    stop: int
    level: int = 0
    title: str = ""
    info: str = ""


def _parser():
    from markdown_it import MarkdownIt  # imported on use: Markdown input only

    md = MarkdownIt("commonmark", {"maxNesting": MAX_NESTING}).enable("table")
    md.disable("inline")
    return md


_MD = None


def _md():
    global _MD
    if _MD is None:
        _MD = _parser()
    return _MD


def feed(lines: Sequence[Line]) -> tuple[str, list[int]]:
    """The text given to markdown-it and, per fed line, the source line index."""
    comment = [is_comment(line) for line in lines]
    has_pipe = [_row_like(line) and not comment[k] for k, line in enumerate(lines)]
    below = [False] * (len(lines) + 1)  # a pipe line follows, past comment lines
    for k in range(len(lines) - 1, -1, -1):
        below[k] = has_pipe[k] or (comment[k] and below[k + 1])
    kept: list[int] = []
    above = False
    for k in range(len(lines)):
        if comment[k] and above and below[k + 1]:
            continue  # a marker between two table rows: the table goes on
        kept.append(k)
        if not comment[k]:
            above = has_pipe[k]
    text = "\n".join(lines[k].raw.replace("\r", " ") for k in kept)
    return text, kept


def _row_like(line: Line) -> bool:
    """True for a line that may be a table row: a pipe, or a tab inside its text."""
    return "|" in line.raw or "\t" in line.stripped


def leaves(lines: Sequence[Line]) -> Iterator[Leaf]:
    """The text-holding blocks of the Markdown in ``lines``, in document order."""
    text, kept = feed(lines)
    tokens = _md().parse(text)

    def span(token) -> tuple[int, int]:
        first, stop = token.map
        return kept[first], kept[stop - 1] + 1 if stop > first else kept[first] + 1

    k = 0
    while k < len(tokens):
        token = tokens[k]
        kind = token.type
        if kind == "list_item_open" and token.map:
            k = yield from _list_item(tokens, k, span)
            continue
        if kind in ("paragraph_open", "heading_open", "table_open") and token.map:
            first, stop = span(token)
            leaf = Leaf(kind[: -len("_open")], first, stop)
            if kind == "heading_open":
                leaf.level = int(token.tag[1:])
                leaf.title = tokens[k + 1].content
            yield leaf
        elif kind in ("fence", "code_block", "html_block", "hr") and token.map:
            first, stop = span(token)
            yield Leaf(kind, first, stop, info=token.markup)
        k += 1


def _list_item(tokens, k: int, span) -> Iterator[Leaf]:
    """Leaves of the list item opened at ``tokens[k]``; returns the next token index.

    The item's own text is its first paragraph plus the paragraphs that follow it
    directly (a loose item's second paragraph); nested blocks are yielded as usual
    by the caller, which resumes after that text.
    """
    item = tokens[k]
    first, _ = span(item)
    j = k + 1
    stop = None
    while j < len(tokens) and tokens[j].type == "paragraph_open" and tokens[j].map:
        if stop is None and span(tokens[j])[0] != first:
            break
        stop = span(tokens[j])[1]
        j += 3  # paragraph_open, inline, paragraph_close
    if stop is None:
        return k + 1
    kind = "star_item" if item.markup == "*" else "list_item"
    yield Leaf(kind, first, stop, info=item.markup)
    return j
