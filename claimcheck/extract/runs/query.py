"""Questions the rules ask of a document's runs."""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.extract.runs.model import Run, Value
from claimcheck.models import Table

# A column head or row label that counts failures: "Errors", "Timeouts", "Non-2xx".
ERRORS_HEAD_RE = lazyre.compile(
    r"\b(?:errors?|failures?|failed|timeouts?|non-2xx)\b", re.IGNORECASE
)

# Statements that set a parameter rather than describe it: a command line, the tool's own
# output, a parameter table. Sentences restate them and are listed, not judged.
DEFINITIVE = ("command", "output", "table")
COMPARED = ("threads", "connections", "duration", "pipelining")


@dataclass(slots=True)
class ParameterConflict:
    """A run parameter stated with two values for the same test: ``first`` and ``second``
    are the two definitive statements, ``stated`` every statement of it (value, run)."""

    name: str
    first: tuple[Value, Run]
    second: tuple[Value, Run]
    stated: list[tuple[Value, Run]]


def parameter_conflicts(runs: list[Run]) -> list[ParameterConflict]:
    """Parameters (threads, connections, duration, pipelining) that the definitive
    statements of one section give two values, where no one kind of statement holds both
    (two commands with -c50 and -c500 are a sweep, not a contradiction). Warm-up runs and
    tool defaults are left out."""
    out = []
    measured = [r for r in runs if not r.warmup]
    for name in COMPARED:
        stated = [(v, r) for r in measured if (v := r.param(name)) is not None and not v.default]
        by_section: dict[str | None, list[tuple[Value, Run]]] = {}
        for v, r in stated:
            if r.source in DEFINITIVE:
                by_section.setdefault(r.section, []).append((v, r))
        for here in by_section.values():
            values = sorted({v.value for v, _ in here})
            if len(values) != 2:
                continue
            kinds = [{_kind(r) for v, r in here if v.value == x} for x in values]
            if kinds[0] & kinds[1]:
                continue
            first = next(p for p in here if p[0].value == values[0])
            second = next(p for p in here if p[0].value == values[1])
            first, second = sorted((first, second), key=lambda p: p[0].start)
            out.append(ParameterConflict(name, first, second, stated))
    return out


def _kind(run: Run) -> str:
    return "command" if run.source in ("command", "output") else run.source


def counts_errors(table: Table) -> bool:
    """Does a results table set error counts beside its rates: a column head or a row label
    (a transposed table's first column) naming errors, failures, timeouts or non-2xx?"""
    if any(ERRORS_HEAD_RE.search(h) for h in table.header):
        return True
    return any(row.cells and ERRORS_HEAD_RE.search(row.cells[0].text) for row in table.body)
