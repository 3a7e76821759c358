"""Text output for a reader at a terminal: colour, the source line with a caret under the
finding's span (as ruff shows it), and per-rule statistics.

The plain text format (:mod:`claimcheck.report.text`) is one finding a line; this module
adds to each line, when asked, the report's own line with ``^`` under the flagged text,
and colours the parts with rich when colour is on. Every piece of report text and every
file name goes through :func:`claimcheck.report.escape.printable` before it is shown, so
colour changes nothing about what a report can make the terminal do.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from typing import IO

from claimcheck.models import CheckResult, Finding
from claimcheck.report.common import counts, line_text, location
from claimcheck.report.escape import printable

SOURCE_WIDTH = 120  # the most of a source line shown around a span (a 5 MB line stays short)
STYLES = {
    "error": "bold red",
    "warning": "yellow",
    "info": "cyan",
    "path": "bold",
    "code": "bold",
    "gutter": "blue",
    "caret": "bold red",
}


def use_colour(stream: IO[str], choice: str = "auto", env: Mapping[str, str] | None = None) -> bool:
    """Whether to colour output written to ``stream``.

    ``choice`` is ``always``, ``never`` or ``auto``; with ``auto`` a non-empty
    ``NO_COLOR`` turns colour off, a non-empty ``FORCE_COLOR`` turns it on even
    when piped, and otherwise colour is on only when ``stream`` is a terminal.
    """
    if choice in ("always", "never"):
        return choice == "always"
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def source_excerpt(text: str, start: int, end: int) -> tuple[str, int, int]:
    """The shown part of a source line, and the caret's offset and width in it.

    ``start`` and ``end`` are 0-based offsets of the span on this line (``end`` may
    be past the line for a span that goes on). Control characters become escapes
    (their width counted as shown) and a long line is cut to :data:`SOURCE_WIDTH`
    characters around the span, with ``…`` where it was cut.
    """
    start = max(0, min(start, len(text)))
    lo = max(0, start - SOURCE_WIDTH // 3)
    hi = min(len(text), lo + SOURCE_WIDTH)
    end = max(start, min(end, hi))  # a span running past the cut ends at the cut
    head = ("…" if lo else "") + printable(text[lo:start])
    span = printable(text[start:end])
    tail = printable(text[end:hi]) + ("…" if hi < len(text) else "")
    return head + span + tail, len(head), max(len(span), 1)


def _context(result: CheckResult, f: Finding) -> list[tuple[str, str]]:
    """The source lines below a finding as (gutter, text) pairs, the caret line last."""
    text = line_text(result, f)
    if text is None:
        return []
    end = f.end_column - 1 if f.end_line == f.line else len(text)
    shown, offset, width = source_excerpt(text, f.column - 1, end)
    number = str(f.page_line if f.page_line is not None else f.line)
    return [(number, shown), ("", " " * offset + "^" * width)]


def format_findings(
    result: CheckResult,
    *,
    colour: bool = False,
    source: bool = False,
    summary: bool = True,
) -> str:
    """One line per finding (as :mod:`claimcheck.report.text`), each followed by its source
    line and a caret when ``source``; input errors; then the summary line unless not
    ``summary``. Colours with rich when ``colour`` (plain text if rich is missing)."""
    pieces: list[list[tuple[str, str]]] = []  # per output line: (text, style) parts
    for f in result.findings:
        pieces.append(_finding_line(f))
        if source:
            ctx = _context(result, f)
            if ctx:
                width = max(len(g) for g, _ in ctx)
                pieces.append([(" " * width + " |", "gutter")])
                for gutter, text in ctx:
                    style = "caret" if not gutter else ""
                    pieces.append([(f"{gutter:>{width}} | ", "gutter"), (text, style)])
                pieces.append([("", "")])
    return render(_closing(pieces, result, summary), colour)


def _finding_line(f: Finding) -> list[tuple[str, str]]:
    return [
        (printable(location(f)), "path"),
        (": ", ""),
        (f.rule, "code"),
        (" ", ""),
        (f"[{f.severity}]", f.severity),
        (printable(f" {f.name}: {f.message}"), ""),
    ]


def summary_line(result: CheckResult) -> str:
    """``N findings (E error, W warning, I info)``."""
    n = counts(result)
    total = len(result.findings)
    return (
        f"{total} finding{'s' if total != 1 else ''} "
        f"({n['error']} error, {n['warning']} warning, {n['info']} info)"
    )


def format_statistics(result: CheckResult, *, colour: bool = False, summary: bool = True) -> str:
    """Findings counted per rule, the most frequent first (ruff's ``--statistics``):
    ``count  CODE  [severity] name``; then input errors and the summary line."""
    by_rule = Counter(f.rule for f in result.findings)
    first = {}
    for f in result.findings:
        first.setdefault(f.rule, f)
    width = max((len(str(n)) for n in by_rule.values()), default=1)
    pieces = [
        [(f"{n:>{width}}  ", ""), (code, "code"), ("  ", ""),
         (f"[{first[code].severity}]", first[code].severity), (f" {first[code].name}", "")]
        for code, n in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
    ]  # fmt: skip
    return render(_closing(pieces, result, summary), colour)


def _closing(pieces: list, result: CheckResult, summary: bool) -> list:
    """``pieces`` followed by one line per input error and, if ``summary``, the summary."""
    for e in result.errors:
        pieces.append([(printable(f"{e.path}: "), "path"), ("error: ", "error"),
                       (printable(e.message), "")])  # fmt: skip
    if summary:
        pieces.append([(summary_line(result), "")])
    return pieces


def render(lines: list[list[tuple[str, str]]], colour: bool) -> str:
    """Lines of (text, style) parts as one string: plain, or with ANSI colours via rich."""
    plain = "\n".join("".join(text for text, _ in parts) for parts in lines)
    if not colour:
        return plain
    try:
        from rich.console import Console
        from rich.text import Text
    except ImportError:  # colour is a nicety: without rich the text is the same, uncoloured
        return plain
    import io

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard",
                      width=10**6, highlight=False, markup=False, emoji=False,
                      no_color=False, soft_wrap=True)  # fmt: skip
    for parts in lines:
        line = Text()
        for text, style in parts:
            line.append(text, style=STYLES.get(style, "") or None)
        console.print(line)
    return buffer.getvalue().rstrip("\n")
