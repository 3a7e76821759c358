"""Render one logical table as a Markdown pipe table, tab-separated lines or HTML, and
transpose it; re-render the pipe tables of a Markdown document. Used by the grid tests."""

from __future__ import annotations

import html
import re

Table = tuple[list[str], list[list[str]]]  # header, body rows

_PIPE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_PIPE_SEP = re.compile(r"^\s*\|[\s:|-]+\|\s*$")


def pipe(table: Table) -> str:
    """A Markdown pipe table."""
    header, rows = table
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def tsv(table: Table) -> str:
    """Tab-separated lines, header first."""
    header, rows = table
    return "\n".join("\t".join(r) for r in [header, *rows])


def html_table(table: Table) -> str:
    """An HTML table with a header row of ``th`` cells."""
    header, rows = table
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows]
    out.append("</table>")
    return "\n".join(out)


def transpose(table: Table, corner: str) -> Table:
    """Rows become columns; ``corner`` is the new top-left label."""
    header, rows = table
    grid = [header, *rows]
    width = max(len(r) for r in grid)
    grid = [r + [""] * (width - len(r)) for r in grid]
    cols = [[grid[r][c] for r in range(len(grid))] for c in range(width)]
    return [corner, *cols[0][1:]], [col for col in cols[1:]]


def document(parts: list[tuple[str, object]], form: str) -> str:
    """A document of headings ("h"), paragraphs ("p") and tables ("t") as Markdown with
    pipe tables (``pipe``), Markdown with tab-separated tables (``tsv``), or HTML."""
    out = []
    for kind, value in parts:
        if kind == "h":
            out.append(f"<h2>{html.escape(str(value))}</h2>" if form == "html" else f"## {value}")
        elif kind == "p":
            out.append(f"<p>{html.escape(str(value))}</p>" if form == "html" else str(value))
        else:
            render = {"pipe": pipe, "tsv": tsv, "html": html_table}[form]
            out.append(render(value))  # type: ignore[arg-type]
    if form == "html":
        return "<html><body>\n" + "\n".join(out) + "\n</body></html>\n"
    return "\n\n".join(out) + "\n"


_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


def pipe_tables(text: str) -> list[tuple[int, int, Table, dict[int, list[str]]]]:
    """(first line, line after the last, table, comment lines before body row i) of each
    pipe table of a Markdown text (0-based line numbers); comment lines inside a table
    (the corpus's expectation markers) stay with the row they precede."""
    lines = text.split("\n")
    found = []
    i = 0
    while i + 1 < len(lines):
        if _PIPE_ROW.match(lines[i]) and _PIPE_SEP.match(lines[i + 1]):
            j = end = i + 2
            rows: list[list[str]] = []
            comments: dict[int, list[str]] = {}
            pending: list[str] = []
            while j < len(lines) and (_PIPE_ROW.match(lines[j]) or _COMMENT.match(lines[j])):
                if _COMMENT.match(lines[j]):
                    pending.append(lines[j])
                else:
                    if pending:
                        comments[len(rows)] = pending
                        pending = []
                    rows.append(_cells(lines[j]))
                    end = j + 1
                j += 1
            found.append((i, end, (_cells(lines[i]), rows), comments))
            i = end
        else:
            i += 1
    return found


def _cells(line: str) -> list[str]:
    inner = line.strip()[1:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", inner)]


def rerender(text: str, form: str) -> tuple[str, list[tuple[str, int]], list[tuple[str, int]]]:
    """The document with every pipe table rendered as ``form`` (``tsv``, ``pipe`` or
    ``transposed``), and for the old and the new text a key per 1-based line (index 0 is
    unused): ("table", n) inside the n-th table, ("text", k) for the k-th other line. A
    finding keeps its key when a table is re-rendered."""
    lines = text.split("\n")
    out: list[str] = []
    old_keys: list[tuple[str, int]] = [("", 0)]
    new_keys: list[tuple[str, int]] = [("", 0)]
    pos = k = 0
    for n, (start, end, table, comments) in enumerate(pipe_tables(text)):
        for line in lines[pos:start]:
            out.append(line)
            old_keys.append(("text", k))
            new_keys.append(("text", k))
            k += 1
        old_keys += [("table", n)] * (end - start)
        if form == "transposed":
            body = pipe(transpose(table, "")).split("\n")
        else:
            rendered = (tsv if form == "tsv" else pipe)(table).split("\n")
            top = 1 if form == "tsv" else 2  # lines above the first body row
            body = rendered[:top]
            for r, line in enumerate(rendered[top:]):
                body += comments.get(r, [])
                body.append(line)
        for line in body:
            out.append(line)
            new_keys.append(("table", n))
        pos = end
    for line in lines[pos:]:
        out.append(line)
        old_keys.append(("text", k))
        new_keys.append(("text", k))
        k += 1
    return "\n".join(out), old_keys, new_keys
