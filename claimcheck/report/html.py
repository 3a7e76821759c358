"""A standalone HTML page: the findings table, then each report's text with
line numbers, the flagged spans highlighted and the messages beside them.

Everything taken from a report or a finding is escaped with
:func:`html.escape`; the page has inline CSS only and loads nothing.
"""

from __future__ import annotations

import html
from collections import defaultdict

from claimcheck import __version__, lazyre
from claimcheck.models import CheckResult, Document, Finding
from claimcheck.report.common import (
    SEVERITIES,
    counts,
    display_path,
    error_message,
    ordered,
    page_of,
    severity_rank,
)

CSS = """
:root { --error: #c62828; --warning: #b26a00; --info: #1565c0;
  --error-bg: #fde7e7; --warning-bg: #fff2d6; --info-bg: #e3efff; --line: #e3e6ea; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2328; margin: 0; padding: 24px 32px; background: #f6f8fa; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 0 0 8px; word-break: break-all; }
header p, .meta { color: #57606a; margin: 0 0 16px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px;
  padding: 16px 20px; margin: 0 0 20px; }
a { color: #0969da; text-decoration: none; } a:hover { text-decoration: underline; }
.pill { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px;
  font-weight: 600; color: #fff; white-space: nowrap; }
.pill.error { background: var(--error); } .pill.warning { background: var(--warning); }
.pill.info { background: var(--info); }
table.findings { border-collapse: collapse; width: 100%; }
table.findings th, table.findings td { text-align: left; vertical-align: top;
  padding: 5px 8px; border-bottom: 1px solid var(--line); }
table.findings th { font-size: 12px; text-transform: uppercase; color: #57606a; }
table.findings td.loc { white-space: nowrap; font-family: ui-monospace, Menlo, Consolas, monospace;
  font-size: 12.5px; }
table.findings td.rule { white-space: nowrap; }
code, .rule code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
ul.errors li { color: var(--error); }
details > summary { cursor: pointer; color: #57606a; margin: 4px 0; }
table.source { border-collapse: collapse; width: 100%; table-layout: fixed;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
table.source td { vertical-align: top; padding: 1px 8px; }
table.source col.ln { width: 4.5em; } table.source col.notes { width: 36%; }
td.ln { text-align: right; color: #8c959f; user-select: none; border-right: 1px solid var(--line); }
td.ln a { color: inherit; }
td.src { white-space: pre-wrap; overflow-wrap: anywhere; tab-size: 4; }
.tab { position: relative; }
.tab::before { content: "\2192"; position: absolute; left: 0; color: #c8ccd0; }
tr.hit.error td.src, tr.hit.error td.ln { background: var(--error-bg); }
tr.hit.warning td.src, tr.hit.warning td.ln { background: var(--warning-bg); }
tr.hit.info td.src, tr.hit.info td.ln { background: var(--info-bg); }
tr.hit td.ln { color: #1f2328; font-weight: 600; }
tr:target td { outline: 2px solid #0969da; outline-offset: -2px; }
mark { background: none; color: inherit; border-bottom: 2px solid; padding: 0 1px; }
mark.error { border-color: var(--error); background: rgba(198,40,40,.12); }
mark.warning { border-color: var(--warning); background: rgba(178,106,0,.14); }
mark.info { border-color: var(--info); background: rgba(21,101,192,.12); }
td.notes { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 12.5px; }
.note { border-left: 3px solid; padding: 2px 8px; margin: 2px 0 4px; background: #fff;
  border-radius: 0 4px 4px 0; box-shadow: 0 1px 2px rgba(0,0,0,.06); }
.note.error { border-color: var(--error); } .note.warning { border-color: var(--warning); }
.note.info { border-color: var(--info); }
.note b { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
tr.page td { color: #8c959f; font-family: system-ui, sans-serif; font-size: 11px; padding-top: 8px;
  border-top: 1px dashed #d0d7de; }
footer { color: #8c959f; font-size: 12px; }
"""

# For notebooks: the findings table alone, styled without touching the notebook's own CSS.
NOTEBOOK_CSS = """
.claimcheck-result table { border-collapse: collapse; }
.claimcheck-result th, .claimcheck-result td { text-align: left; vertical-align: top;
  padding: 3px 8px; border-bottom: 1px solid #ddd; }
.claimcheck-result .error { color: #c62828; font-weight: 600; }
.claimcheck-result .warning { color: #b26a00; font-weight: 600; }
.claimcheck-result .info { color: #1565c0; }
"""

e = html.escape
_LINE_REF = lazyre.compile(r"\b(lines?) (\d{1,7})\b")


def _anchor(file_index: int, line: int) -> str:
    return f"f{file_index}-L{line}"


def _file_indexes(result: CheckResult) -> dict[str, int]:
    names = sorted(set(result._documents) | {f.path for f in result.findings})
    return {name: i + 1 for i, name in enumerate(names)}


def _summary(result: CheckResult) -> str:
    n = counts(result)
    total = len(result.findings)
    parts = ", ".join(f"{n[s]} {s}" for s in SEVERITIES)
    return f"{total} finding{'s' if total != 1 else ''} ({parts})"


def _line_count(doc: Document) -> int:
    """Lines of the document; a final line break does not start another line."""
    n = len(doc.line_starts)
    return n - 1 if n > 1 and doc.text.endswith("\n") else n


def _message(text: str, file_index: int | None) -> str:
    """A message escaped, its "(line 459)" references linked to those lines of the same file."""
    escaped = e(text)
    if file_index is None:
        return escaped
    return _LINE_REF.sub(
        lambda m: f'<a href="#{_anchor(file_index, int(m.group(2)))}">{m.group(0)}</a>', escaped
    )


def findings_table(result: CheckResult, links: bool = True) -> str:
    """An HTML table of the findings: location (line only for one file), rule, severity, message."""
    if not result.findings:
        return "<p>No findings.</p>"
    index = _file_indexes(result)
    single = len(index) == 1
    rows = []
    for f in ordered(result.findings):
        page = page_of(result, f)
        loc = f"{f.line}:{f.column}" if single else f"{display_path(f.path)}:{f.line}:{f.column}"
        if page is not None:
            loc += f" (p. {page}, l. {f.page_line})" if f.page_line else f" (p. {page})"
        loc_html = e(loc)
        linked = index[f.path] if links and f.path in result._documents else None
        if linked is not None:
            loc_html = f'<a href="#{_anchor(index[f.path], f.line)}">{loc_html}</a>'
        rows.append(
            f'<tr class="{f.severity}"><td class="loc">{loc_html}</td>'
            f'<td class="rule"><code>{e(f.rule)}</code> {e(f.name)}</td>'
            f'<td><span class="pill {f.severity}">{f.severity}</span></td>'
            f"<td>{_message(f.message, linked)}</td></tr>"
        )
    first = "Line" if single else "Location"
    head = f"<tr><th>{first}</th><th>Rule</th><th>Severity</th><th>Message</th></tr>"
    return f'<table class="findings"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _spans_by_line(doc: Document, findings: list[Finding]) -> dict[int, list[tuple]]:
    """Per line: (start column, end column or None for end of line, severity rank)."""
    spans: dict[int, list[tuple]] = defaultdict(list)
    last = len(doc.line_starts)
    for f in findings:
        end_line = min(max(f.end_line, f.line), last)
        for line in range(max(f.line, 1), end_line + 1):
            start = f.column if line == f.line else 1
            end = f.end_column if line == end_line else None
            if end is not None and end <= start:
                end = start + 1 if line == f.line and f.end_line <= f.line else end
            spans[line].append((start, end, severity_rank(f.severity)))
    return spans


def _highlight(text: str, spans: list[tuple]) -> str:
    """``text`` escaped, with each flagged span wrapped in ``<mark class=severity>``."""
    if not spans:
        return e(text)
    ranks = [-1] * len(text)
    for start, end, rank in spans:
        stop = len(text) if end is None else min(end - 1, len(text))
        for i in range(max(start - 1, 0), stop):
            ranks[i] = max(ranks[i], rank)
    out, i = [], 0
    while i < len(text):
        j = i
        while j < len(text) and ranks[j] == ranks[i]:
            j += 1
        chunk = e(text[i:j]).replace("\t", '<span class="tab">\t</span>')
        if ranks[i] >= 0:
            chunk = f'<mark class="{SEVERITIES[2 - ranks[i]]}">{chunk}</mark>'
        out.append(chunk)
        i = j
    return "".join(out)


def _source(doc: Document, findings: list[Finding], file_index: int, result: CheckResult) -> str:
    spans = _spans_by_line(doc, findings)
    notes: dict[int, list[Finding]] = defaultdict(list)
    for f in findings:
        # Beside the claim's last line, so a claim over several lines is not torn apart
        # by the height of its note.
        end = max(f.line, f.end_line if f.end_column > 1 else f.end_line - 1)
        notes[min(max(end, 1), _line_count(doc))].append(f)
    rows = ['<table class="source"><colgroup><col class="ln"><col class="src">'
            '<col class="notes"></colgroup>']  # fmt: skip
    page = None
    for line in range(1, _line_count(doc) + 1):
        pages = doc.page_of_line or []
        if line - 1 < len(pages) and pages[line - 1] != page:
            page = pages[line - 1]
            rows.append(f'<tr class="page"><td></td><td colspan="2">page {page}</td></tr>')
        text = doc.line_text(line)
        here = notes.get(line, [])
        covering = spans.get(line, [])
        worst = max((rank for _, _, rank in covering), default=-1)
        cls = f' class="hit {SEVERITIES[2 - worst]}"' if worst >= 0 else ""
        anchor = _anchor(file_index, line)
        note_html = "".join(
            f'<div class="note {f.severity}"><b>{e(f.rule)}</b> {e(f.name)} '
            f'<span class="pill {f.severity}">{f.severity}</span> {_message(f.message, file_index)}</div>'
            for f in sorted(here, key=lambda f: (f.column, f.rule))
        )
        rows.append(
            f'<tr id="{anchor}"{cls}><td class="ln"><a href="#{anchor}">{line}</a></td>'
            f'<td class="src">{_highlight(text, covering)}</td><td class="notes">{note_html}</td></tr>'
        )
    rows.append("</table>")
    return "\n".join(rows)


def format_findings(result: CheckResult, title: str = "claimcheck report") -> str:
    """The whole page."""
    index = _file_indexes(result)
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in result.findings:
        by_file[f.path].append(f)
    body = [
        f"<header><h1>{e(title)}</h1><p>{e(_summary(result))} in {len(index)} "
        f"file{'s' if len(index) != 1 else ''}</p></header>",
        f'<section class="all"><h2>Findings</h2>{findings_table(result)}</section>',
    ]
    if result.errors:
        items = "".join(
            f"<li><code>{e(display_path(x.path))}</code>: {e(error_message(x.path, x.message))}</li>"
            for x in result.errors
        )
        body.append(
            f'<section><h2>Inputs not checked</h2><ul class="errors">{items}</ul></section>'
        )
    for name, i in index.items():
        doc = result._documents.get(name)
        found = ordered(by_file.get(name, []))
        n = len(found)
        meta = f"{n} finding{'s' if n != 1 else ''}"
        head = f'<section class="file" id="file-{i}"><h2>{e(display_path(name))}</h2>'
        if doc is None:
            body.append(f'{head}<p class="meta">{meta}; text not available</p></section>')
            continue
        meta += f", {_line_count(doc)} lines"
        if doc.page_of_line:
            meta += f", {max(doc.page_of_line, default=0)} pages"
        source = _source(doc, found, i, result)
        if not found:  # a clean file: its text folded away
            source = f"<details><summary>show text</summary>{source}</details>"
        body.append(f'{head}<p class="meta">{e(meta)}</p>{source}</section>')
    body.append(f"<footer>claimcheck {e(__version__)}</footer>")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>"
    )


def repr_html(result: CheckResult) -> str:
    """The notebook view of a result: a summary line and the findings table."""
    errors = ""
    if result.errors:
        items = "".join(
            f"<li>{e(display_path(x.path))}: {e(error_message(x.path, x.message))}</li>"
            for x in result.errors
        )
        errors = f"<p>Inputs not checked:</p><ul>{items}</ul>"
    if result.findings:
        rows = "".join(
            f"<tr><td>{e(display_path(f.path))}</td><td>{f.line}</td><td>{f.column}</td>"
            f"<td>{e(f.rule)}</td><td>{e(f.name)}</td>"
            f'<td class="{f.severity}">{f.severity}</td><td>{e(f.message)}</td></tr>'
            for f in ordered(result.findings)
        )
        head = "".join(
            f"<th>{h}</th>"
            for h in ("path", "line", "column", "rule", "name", "severity", "message")
        )
        table = f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    else:
        table = ""
    return (
        f'<div class="claimcheck-result"><style>{NOTEBOOK_CSS}</style>'
        f"<p><b>claimcheck</b>: {e(_summary(result))}</p>{table}{errors}</div>"
    )
