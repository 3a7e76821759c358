"""Helpers shared by the formatters: paths, pages, counts, ordering."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from claimcheck.models import SEVERITY_RANK, CheckResult, Document, Finding

SEVERITIES = ("error", "warning", "info")
# The documentation Read the Docs builds from docs/ (.readthedocs.yaml); its project slug is
# the distribution's name. docs/gen_rules.py writes one page per rule, rules/<CODE>.html.
DOCS_URL = "https://claimcheck-reports.readthedocs.io/en/latest/"


def rule_url(code: str) -> str:
    """The address of a rule's documentation page (SARIF's ``helpUri``)."""
    return f"{DOCS_URL}rules/{code}.html"


def relative_path(path: str, base: str | os.PathLike[str] | None = None) -> str | None:
    """``path`` relative to ``base`` (default: the working directory), with forward slashes.

    None when the path lies outside ``base`` (or on another drive), so callers can
    fall back to an absolute form instead of writing ``../``.
    """
    base_dir = Path(base) if base is not None else Path.cwd()
    try:
        rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(base_dir))
    except ValueError:
        return None
    return PurePosixPath(*rel.parts).as_posix() if rel.parts else "."


def display_path(path: str) -> str:
    """The path as a reviewer should read it: relative to the working directory if inside it."""
    if path.startswith("<"):  # "<text>" and other names of text given in memory
        return path
    return relative_path(path) or Path(path).as_posix()


def error_message(path: str, message: str) -> str:
    """An input error's message without the path it usually starts with already."""
    for prefix in (f"{path}: ", f"{path}:"):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def counts(result: CheckResult) -> dict[str, int]:
    """Number of findings per severity, every severity present."""
    out = dict.fromkeys(SEVERITIES, 0)
    for f in result.findings:
        out[f.severity] += 1
    return out


def ordered(findings: list[Finding]) -> list[Finding]:
    """Findings by file, line, column, then rule: the order a reviewer reads them in."""
    return sorted(findings, key=lambda f: (f.path, f.line, f.column, f.rule))


def severity_rank(severity: str) -> int:
    """0 for info, 1 for warning, 2 for error."""
    return SEVERITY_RANK[severity]


def document_for(result: CheckResult, path: str) -> Document | None:
    """The checked Document a finding's path refers to, if the result kept it."""
    return result._documents.get(path)


def page_of(result: CheckResult, finding: Finding) -> int | None:
    """The PDF page a finding's line came from, or None for inputs without pages."""
    if finding.page is not None:
        return finding.page
    doc = document_for(result, finding.path)
    if doc is None or not doc.page_of_line:
        return None
    index = finding.line - 1
    if 0 <= index < len(doc.page_of_line):
        return doc.page_of_line[index]
    return None


def line_text(result: CheckResult, finding: Finding) -> str | None:
    """The source text of the finding's first line, when the document is available."""
    doc = document_for(result, finding.path)
    if doc is None or not 1 <= finding.line <= len(doc.line_starts):
        return None
    return doc.line_text(finding.line)


def location(finding: Finding) -> str:
    """Where a finding is, as the text output writes it: ``path:line:col``, or for paged
    input (PDF) ``path:page:line:col`` with the line counted from the top of the page."""
    if finding.page is not None and finding.page_line is not None:
        return f"{finding.path}:{finding.page}:{finding.page_line}:{finding.column}"
    return f"{finding.path}:{finding.line}:{finding.column}"
