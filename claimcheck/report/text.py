"""Compiler-style text output: one finding a line."""

from __future__ import annotations

from typing import Any

from claimcheck.models import CheckResult, Extraction
from claimcheck.report.common import location
from claimcheck.report.escape import printable


def format_findings(result: CheckResult) -> str:
    """``path:line:col: CODE [severity] name: message`` lines, then errors and a summary.

    In paged input (PDF) the location is ``path:page:line:col``, the line counted from the
    top of the page. File names and messages are shown with control characters escaped
    (:func:`printable`).
    """
    lines = [
        printable(f"{location(f)}: {f.rule} [{f.severity}] {f.name}: {f.message}")
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


def _provenance_lines(prov: Any) -> list[str]:
    """The provenance fact: relation, each statement (who, role, how, line, the tested
    device or project it made) and the competitors that declined."""
    if prov is None:
        return []
    out = [f"provenance: {prov.relation}"]
    for p in prov.parties:
        made = f" -> maker of {p.entity}" if p.entity else ""
        out.append(f"  line {p.line}: {p.role} {p.name!r} ({p.how}){made}")
    for c in prov.competitors:
        out.append(f"  line {c.line}: {c.name} {c.status.replace('_', ' ')}")
    return out


def _axis(a) -> str:  # noqa: ANN001
    """One axis label with its type: "Req/s (metric rps RPS)"."""
    parts = [a.kind, a.metric, a.unit, a.statistic, a.condition]
    return f"{a.label} ({' '.join(p for p in parts if p)})"


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
    out.append(f"tables ({len(ex.tables)}):")
    for t in ex.tables:
        metric = f", metric {t.metric} from {t.metric_from}" if t.metric else ""
        conds = "".join(f", {k}={v}" for k, v in t.conditions.items())
        out.append(f"  lines {t.line}-{t.end_line}: {t.orientation}{metric}{conds}; "
                   f"{t.cells} cells, {t.computed} computed")  # fmt: skip
        for name, axes in (("columns", t.columns), ("rows", t.rows)):
            out.append(f"    {name}: " + "; ".join(_axis(a) for a in axes[:40]))
    out.append(f"measurements ({len(ex.measurements)}):")
    for m in ex.measurements:
        extra = "".join(
            f" {k}={v}" for k, v in (("entity", m.entity), ("stat", m.statistic)) if v
        ) + "".join(f" {k}={v}" for k, v in m.conditions.items())
        out.append(
            f"  line {m.line}: {m.metric} {m.value:g} {m.unit} device={m.device} test={m.test}"
            f"{extra} [{m.source}, {m.kind}, {m.role}]"
        )
    out.append(f"runs ({len(ex.runs)}):")
    out.extend(_run_lines(ex.runs))
    out.extend(_provenance_lines(ex.provenance))
    out.append(f"claims ({len(ex.claims)}):")
    for c in extraction.claims:
        rec = f" -> {c.recomputed}" if c.recomputed else ""
        ops = ", ".join(o.text for o in c.operands)
        out.append(
            f"  line {c.line}: {c.kind} {c.stated!r} [{c.status}]{rec}"
            + (f" from {ops}" if ops else "")
        )
    return "\n".join(printable(line) for line in out)


_RUN_PARAMS = ("connections", "threads", "streams", "pipelining", "duration", "rate", "requests")


def _run_lines(runs: list) -> list[str]:
    """One line per run (tool, source, parameters with defaults marked), then its results,
    errors and linked table rows."""
    out = []
    for r in runs:
        params = []
        for name in _RUN_PARAMS:
            v = getattr(r, name, None)
            if v is not None:
                params.append(
                    f"{name}={v.value:g}{v.unit and ' ' + v.unit}{' (default)' if v.default else ''}"
                )
        flags = [f for f, on in (("warm-up", r.warmup), ("pipelined", r.pipelined)) if on]
        head = f"  line {r.line}: {r.tool or 'run'} [{r.source}] " + ", ".join(params + flags)
        out.append(head + (f" device={r.device}" if r.device else ""))
        if r.results:
            out.append(
                "    results: "
                + ", ".join(f"{k}={v.value:g} {v.unit}".rstrip() for k, v in r.results.items())
            )
        if r.errors:
            out.append("    errors: " + ", ".join(f"{k}={v.value:g}" for k, v in r.errors.items()))
        for row in r.rows:
            parts = [
                f"rps={row.rps.value:g}" if row.rps else "",
                f"mean={row.latency_mean.value:g} s" if row.latency_mean else "",
            ]
            out.append(f"    row line {row.line} {row.label!r}: " + " ".join(p for p in parts if p))
    return out
