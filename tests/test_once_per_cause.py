"""The engine reports a cause once per rule, line and message."""

from __future__ import annotations

from claimcheck.models import Finding
from claimcheck.rules.engine import once_per_cause


def _finding(rule: str, line: int, column: int, message: str) -> Finding:
    return Finding(path="r.md", rule=rule, name="x", severity="warning", line=line,
                   column=column, end_line=line, end_column=column + 3, message=message)  # fmt: skip


def test_a_cause_stated_twice_on_a_line_is_one_finding_at_its_first_column():
    found = [
        _finding("M009", 4, 10, "power taken as allocated"),
        _finding("M009", 4, 40, "power taken as allocated"),
        _finding("M009", 5, 1, "power taken as allocated"),
        _finding("A005", 4, 10, "power taken as allocated"),
        _finding("M009", 4, 60, "another cause"),
    ]
    kept = once_per_cause(found)
    assert [(f.rule, f.line, f.column) for f in kept] == [
        ("M009", 4, 10), ("M009", 5, 1), ("A005", 4, 10), ("M009", 4, 60),
    ]  # fmt: skip
