"""A Markdown summary to paste into a pull request or a job summary.

Counts by severity, one table row per finding (file:line, rule, severity,
message) and the inputs that could not be read. Text from the report is
escaped so that it cannot break the table or turn into markup.
"""

from __future__ import annotations

from claimcheck import lazyre
from claimcheck.models import CheckResult
from claimcheck.report.common import (
    SEVERITIES,
    counts,
    display_path,
    error_message,
    ordered,
    page_of,
)
from claimcheck.report.escape import printable

ICONS = {"error": "🔴", "warning": "🟠", "info": "🔵"}
_SPECIAL = lazyre.compile(r"([\\`*_\[\]<>|])")


def escape(text: str) -> str:
    """Escape Markdown/HTML specials and pipes; line breaks become spaces, other
    control characters visible escapes (:func:`claimcheck.report.escape.printable`)."""
    text = printable(" ".join(text.replace("\r", " ").split("\n")))
    return _SPECIAL.sub(r"\\\1", text).strip()


def format_findings(result: CheckResult, title: str = "claimcheck report") -> str:
    """The summary as GitHub-flavoured Markdown."""
    n = counts(result)
    total = len(result.findings)
    files = len({f.path for f in result.findings})
    out = [f"## {escape(title)}", ""]
    if total:
        where = f" in {files} file{'s' if files != 1 else ''}"
        out.append(f"**{total} finding{'s' if total != 1 else ''}**{where}:")
    else:
        out.append("**No findings.**")
    out += ["", "| Severity | Count |", "|---|---:|"]
    out += [f"| {ICONS[s]} {s} | {n[s]} |" for s in SEVERITIES]
    if total:
        out += ["", "| Location | Rule | Severity | Message |", "|---|---|---|---|"]
        for f in ordered(result.findings):
            page = page_of(result, f)
            where = f"{display_path(f.path)}:{f.line}" + (
                f" (p. {page}, l. {f.page_line})"
                if page and f.page_line
                else f" (p. {page})"
                if page
                else ""
            )
            out.append(
                f"| {escape(where)} | {f.rule} {escape(f.name)} | {ICONS[f.severity]} {f.severity}"
                f" | {escape(f.message)} |"
            )
    if result.errors:
        out += ["", f"### Inputs not checked ({len(result.errors)})", ""]
        out += [
            f"- {escape(display_path(e.path))}: {escape(error_message(e.path, e.message))}"
            for e in result.errors
        ]
    return "\n".join(out)
