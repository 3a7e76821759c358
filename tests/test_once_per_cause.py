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


def test_one_finding_per_rule_and_span_whatever_the_message():
    from claimcheck.rules.engine import once_per_span

    same_span = [
        _finding("M009", 4, 10, "power taken as allocated"),
        _finding("M009", 4, 10, "power taken from the datasheet"),
        _finding("A005", 4, 10, "a unit that cannot be right"),
        _finding("M009", 4, 11, "power taken from the datasheet"),
    ]
    kept = once_per_span(same_span)
    assert [(f.rule, f.column, f.message) for f in kept] == [
        ("M009", 10, "power taken as allocated"),
        ("A005", 10, "a unit that cannot be right"),
        ("M009", 11, "power taken from the datasheet"),
    ]


def test_check_text_never_reports_two_findings_of_one_rule_on_one_span():
    from claimcheck import check_text

    text = (
        "# Zephyrgate X9 datasheet\n\n"
        "| Device | Req/s | p50 (ms) | p99 (ms) |\n|---|---|---|---|\n"
        "| Zephyrgate X9 | 41000 | 9.0 | 4.0 |\n| Quillon Q2 | 39000 | 3.0 | 2.0 |\n\n"
        "The X9 is 50% faster than the Q2, and 50% faster than the Q2 again.\n"
    )
    found = check_text(text).findings
    spans = [(f.rule, f.line, f.column, f.end_line, f.end_column) for f in found]
    assert len(spans) == len(set(spans))
