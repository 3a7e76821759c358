"""Compiler-style text output: one finding a line."""

from __future__ import annotations

from claimcheck.models import CheckResult, Extraction


def format_findings(result: CheckResult) -> str:
    """``path:line:col: CODE [severity] name: message`` lines, then errors and a summary."""
    lines = [
        f"{f.path}:{f.line}:{f.column}: {f.rule} [{f.severity}] {f.name}: {f.message}"
        for f in result.findings
    ]
    lines += [f"{e.path}: error: {e.message}" for e in result.errors]
    counts = {
        s: sum(1 for f in result.findings if f.severity == s) for s in ("error", "warning", "info")
    }
    total = len(result.findings)
    lines.append(
        f"{total} finding{'s' if total != 1 else ''} "
        f"({counts['error']} error, {counts['warning']} warning, {counts['info']} info)"
    )
    return "\n".join(lines)


def format_extraction(extraction: Extraction) -> str:
    """A readable summary of the claims found in a document."""
    out = [f"{extraction.path}: {len(extraction.claims)} claims"]
    for c in extraction.claims:
        rec = f" -> {c.recomputed}" if c.recomputed else ""
        ops = ", ".join(o.text for o in c.operands)
        out.append(
            f"  line {c.line}: {c.kind} {c.stated!r} [{c.status}]{rec}"
            + (f" from {ops}" if ops else "")
        )
    return "\n".join(out)
