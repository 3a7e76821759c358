"""Computed table columns recomputed cell by cell, on tables written for these tests."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import claimcheck
from tests import tablerender as R


def computed(text: str, name: str = "report.md"):
    return [c for c in claimcheck.extract(text, name).claims if c.kind == "computed-column"]


def statuses(text: str, name: str = "report.md") -> list[str]:
    return [c.status for c in computed(text, name)]


# (genre, table, expected status of each computed cell in order)
TABLES = [
    (
        "lab review, improvement in percent over a competitor",
        """
# Throughput by object size

Requests per second for each object size.

| Size | Harbor H2 | Quell Q1 | Improvement |
|---|---|---|---|
| 1 KB | 120,000 | 100,000 | +20% |
| 10 KB | 90,000 | 75,000 | +20% |
""",
        ["consistent", "consistent"],
    ),
    (
        "lab review, a positive improvement where the product is worse",
        """
# Throughput by object size

Requests per second for each object size.

| Size | Harbor H2 | Quell Q1 | Improvement |
|---|---|---|---|
| 1 KB | 120,000 | 100,000 | +20% |
| 10 KB | 90,000 | 100,000 | +10% |
""",
        ["consistent", "inconsistent"],
    ),
    (
        "README, speedup column as a multiple",
        """
## Benchmarks

| Router | v1 req/s | v2 req/s | Speedup |
|---|---|---|---|
| Tamsin | 1,000 | 2,500 | 2.5x |
| Rellow | 800 | 1,000 | 1.25x |
""",
        ["consistent", "consistent"],
    ),
    (
        "README, speedup column with a wrong multiple",
        """
## Benchmarks

| Router | v1 req/s | v2 req/s | Speedup |
|---|---|---|---|
| Tamsin | 1,000 | 2,500 | 2.5x |
| Rellow | 800 | 1,000 | 1.5x |
""",
        ["consistent", "inconsistent"],
    ),
    (
        "vendor blog, latency difference in milliseconds",
        """
## Tail latency after the upgrade

| Gateway | p99 before (ms) | p99 after (ms) | Diff |
|---|---|---|---|
| Oskar O1 | 10.0 | 8.0 | -2.0 |
| Oskar O2 | 14.5 | 9.5 | -5.0 |
""",
        ["consistent", "consistent"],
    ),
    (
        "vendor blog, latency difference off by a millisecond",
        """
## Tail latency after the upgrade

| Gateway | p99 before (ms) | p99 after (ms) | Diff |
|---|---|---|---|
| Oskar O1 | 10.0 | 8.0 | -2.0 |
| Oskar O2 | 14.5 | 9.5 | -4.0 |
| Oskar O3 | 20.0 | 15.0 | -5.0 |
""",
        ["consistent", "inconsistent", "consistent"],
    ),
    (
        "datasheet, improvement of a latency is a decrease",
        """
# Latency comparison

Mean latency in milliseconds by concurrency.

| Concurrency | Old firmware | New firmware | Improvement |
|---|---|---|---|
| 100 | 10.0 | 8.0 | 20% |
| 1000 | 40.0 | 30.0 | 25% |
""",
        ["consistent", "consistent"],
    ),
    (
        "datasheet, a latency improvement that is in fact worse",
        """
# Latency comparison

Mean latency in milliseconds by concurrency.

| Concurrency | Old firmware | New firmware | Improvement |
|---|---|---|---|
| 100 | 10.0 | 8.0 | 20% |
| 1000 | 40.0 | 50.0 | 25% |
""",
        ["consistent", "inconsistent"],
    ),
    (
        "lab report, 'vs' column naming the reference",
        """
# Connections per second

| Test | Brisk B5 | Calder C3 | Brisk vs Calder |
|---|---|---|---|
| HTTP/1.1 | 50,000 | 40,000 | +25.0% |
| HTTP/2 | 30,000 | 25,000 | +20.0% |
""",
        ["consistent", "consistent"],
    ),
    (
        "lab report, 'vs' column with the wrong base",
        """
# Connections per second

| Test | Brisk B5 | Calder C3 | Brisk vs Calder |
|---|---|---|---|
| HTTP/1.1 | 50,000 | 40,000 | +25.0% |
| HTTP/2 | 30,000 | 25,000 | +16.7% |
| HTTP/3 | 20,000 | 16,000 | +25.0% |
""",
        ["consistent", "inconsistent", "consistent"],
    ),
]


@pytest.mark.parametrize("genre,text,expected", TABLES, ids=[t[0] for t in TABLES])
def test_computed_column(genre, text, expected):
    assert statuses(text) == expected


def test_sign_error_says_so_and_is_an_a001_finding():
    text = TABLES[1][1]
    bad = [c for c in computed(text) if c.status == "inconsistent"]
    assert bad and bad[0].diagnosis == "sign"
    assert "-10.0%" in bad[0].message and "sign is reversed" in bad[0].message
    assert [o.source for o in bad[0].operands] == ["table_cell", "table_cell"]
    assert bad[0].operands[0].entity == "Harbor H2" and bad[0].operands[1].entity == "Quell Q1"
    found = claimcheck.check_text(text, "report.md").findings
    assert [f.line for f in found if f.rule == "A001"] == [bad[0].line]


def test_ratio_column_reports_a002():
    text = TABLES[3][1]
    found = [f for f in claimcheck.check_text(text, "report.md").findings if f.rule == "A002"]
    assert len(found) == 1 and "1.25x" in found[0].message


def test_unrelated_column_stays_unverifiable():
    text = """
| Proxy | req/s | Change |
|---|---|---|
| Pell | 1,000 | +3% |
| Morrow | 2,000 | -1% |
"""
    assert set(statuses(text)) <= {"unverifiable"}
    assert not [f for f in claimcheck.check_text(text, "report.md").findings if f.rule[0] == "A"]


@pytest.mark.parametrize("form", ["tsv", "transposed"])
def test_rerendered_table_gives_the_same_verdicts(form):
    for _genre, text, expected in TABLES[:4]:
        new, _, _ = R.rerender(text, form)
        assert statuses(new, "report.txt" if form == "tsv" else "report.md") == expected, new


ROW = st.tuples(
    st.integers(min_value=100, max_value=99_000), st.integers(min_value=100, max_value=99_000)
)


@settings(max_examples=40, deadline=None)
@given(
    rows=st.lists(ROW, min_size=2, max_size=5),
    wrong=st.data(),
    kind=st.sampled_from(["pct", "ratio"]),
)
def test_property_random_rows(rows, wrong, kind):
    """A correct computed column is consistent in every row; one wrong cell is the only
    inconsistent one."""
    bad = wrong.draw(st.sampled_from([None, *range(len(rows))]))
    lines = ["| Case | Vellum V1 | Tarrant T2 | " + ("Gain %" if kind == "pct" else "Ratio") + " |"]
    lines.append("|---|---|---|---|")
    for i, (a, b) in enumerate(rows):
        value = (a - b) / b * 100 if kind == "pct" else a / b
        shown = value * (10 if kind == "pct" else 100)
        assume(abs(abs(shown) % 1 - 0.5) > 0.01)  # no half-way value: rounding is not at stake
        if i == bad:
            value = value + 7.3 if kind == "pct" else value * 1.3 + 0.2
        cell = f"{value:+.1f}%" if kind == "pct" else f"{value:.2f}x"
        lines.append(f"| Case {i + 1} | {a:,} | {b:,} | {cell} |")
    text = "# Results\n\n" + "\n".join(lines) + "\n"
    got = statuses(text)
    want = ["inconsistent" if i == bad else "consistent" for i in range(len(rows))]
    assert got == want
