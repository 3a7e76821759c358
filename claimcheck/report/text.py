"""Compiler-style text output: one finding a line."""

from __future__ import annotations

from claimcheck.models import CheckResult, Extraction
from claimcheck.report.escape import printable


def format_findings(result: CheckResult) -> str:
    """``path:line:col: CODE [severity] name: message`` lines, then errors and a summary.

    File names and messages are shown with control characters escaped (:func:`printable`).
    """
    lines = [
        printable(f"{f.path}:{f.line}:{f.column}: {f.rule} [{f.severity}] {f.name}: {f.message}")
        for f in result.findings
    ]
    lines += [printable(f"{e.path}: error: {e.message}") for e in result.errors]
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
    """A readable summary: devices, tests, conditions per test, measurements, claims."""
    ex = extraction
    out = [f"{ex.path}"]
    out.append(f"devices ({len(ex.devices)}):")
    for d in ex.devices:
        extra = ", ".join(
            x
            for x in (d.vendor and f"vendor {d.vendor}", d.version and f"version {d.version}")
            if x
        )
        out.append(
            f"  {d.name}" + (f" ({extra})" if extra else "") + f" — {len(d.mentions)} mentions"
        )
    others = [e for e in ex.entities if e.kind and e.kind != "dut"]
    if others:
        out.append(f"other entities ({len(others)}):")
        for e in others:
            out.append(f"  {e.name} [{e.kind}] — {len(e.mentions)} mentions")
    by_scope: dict[str, list[str]] = {}
    for c in ex.conditions:
        if not c.hedged:
            by_scope.setdefault(c.scope, []).append(f"{c.name}={c.value} (line {c.line})")
    out.append(f"tests ({len(ex.tests)}):")
    for t in ex.tests:
        out.append(f"  {t.name} [{t.id}]")
        out.extend(f"    {item}" for item in by_scope.pop(f"test:{t.id}", []))
    out.append("other conditions:")
    for scope, items in sorted(by_scope.items()):
        out.append(f"  {scope}:")
        out.extend(f"    {item}" for item in items)
    out.append(f"measurements ({len(ex.measurements)}):")
    for m in ex.measurements:
        out.append(
            f"  line {m.line}: {m.metric} {m.value:g} {m.unit} device={m.device} test={m.test} [{m.source}, {m.kind}]"
        )
    out.append(f"claims ({len(ex.claims)}):")
    for c in extraction.claims:
        rec = f" -> {c.recomputed}" if c.recomputed else ""
        ops = ", ".join(o.text for o in c.operands)
        out.append(
            f"  line {c.line}: {c.kind} {c.stated!r} [{c.status}]{rec}"
            + (f" from {ops}" if ops else "")
        )
    return "\n".join(printable(line) for line in out)
