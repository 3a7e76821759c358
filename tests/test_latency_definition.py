"""M006 per result set: a results table that gives latency only as an average."""

from __future__ import annotations

import pytest

import claimcheck


def m006_lines(text: str, name: str = "report.md") -> list[int]:
    return [f.line for f in claimcheck.check_text(text, name, select="M006").findings]


MEAN_ONLY = [
    # README with a pipe table
    """# Results

| Proxy | Requests/s | Mean latency (ms) |
|---|---|---|
| quillproxy | 41,200 | 6.1 |
| stockproxy | 19,800 | 12.9 |
""",
    # lab review, columns in another order, "Avg." in the header
    """## Measured performance

| Avg. response time | Device | Connections/s |
|---|---|---|
| 3.2 ms | Harrow H-9 | 88,000 |
| 4.7 ms | Pellan P3 | 61,000 |
""",
    # vendor blog, a table laid out with spaces as text from a PDF
    """How fast is Torvik?

Gateway        RPS        Average latency
Torvik 3       52,000     4.0 ms
Brennar        47,500     4.4 ms
""",
    # datasheet-like tab-separated table in a text file
    """Performance summary

System\tThroughput\tLatency (avg)
Orlo O-7\t9.6 Gbps\t210 us
Orlo O-9\t14.2 Gbps\t180 us
""",
    # a mean-only table in one section while another section has percentiles for its own runs
    """## Cloud run

| Framework | Req/s | Latency mean |
|---|---|---|
| zephyr | 37,100 | 26.5 ms |
| koalo | 25,700 | 38.3 ms |

## Laptop run

| Framework | Req/s | p50 | p99 |
|---|---|---|---|
| zephyr | 12,000 | 7 ms | 21 ms |
""",
]

WITH_SPREAD = [
    """| Proxy | Requests/s | Mean latency | p99 latency |
|---|---|---|---|
| quillproxy | 41,200 | 6.1 ms | 14 ms |
""",
    """| Proxy | Requests/s | Avg latency | Max latency |
|---|---|---|---|
| quillproxy | 41,200 | 6.1 ms | 48 ms |
""",
    """## Results

| Proxy | Requests/s | Avg latency |
|---|---|---|
| quillproxy | 41,200 | 6.1 ms |

The latency distribution for the same runs: p50 5.2 ms, p99 13.8 ms, p99.9 31 ms.
""",
    # latency without a statistic: D001's finding, not M006's
    """| Proxy | Requests/s | Latency |
|---|---|---|
| quillproxy | 41,200 | 6.1 ms |
""",
]


@pytest.mark.parametrize("text", MEAN_ONLY)
def test_a_mean_only_results_table_is_reported_once_at_its_head(text):
    name = "report.txt" if "\t" in text else "report.md"
    if text.startswith("How fast"):
        name = "report.txt"
    lines = m006_lines(text, name)
    rows = text.splitlines()
    header = next(i for i, line in enumerate(rows, 1) if "atenc" in line or "response time" in line)
    first_row = next(
        i for i, line in enumerate(rows, 1) if i > header and any(c.isdigit() for c in line)
    )
    assert lines in ([header], [first_row])


@pytest.mark.parametrize("text", WITH_SPREAD)
def test_a_percentile_or_maximum_for_the_same_results_is_enough(text):
    assert m006_lines(text) == []


def test_a007_a_swapped_column_is_one_finding_per_table():
    """A007 in the same file: order statistics read from the same kind of results table."""
    text = """| Proxy | p50 | p99 | max |
|---|---|---|---|
| quillproxy | 14 ms | 5 ms | 40 ms |
| stockproxy | 19 ms | 7 ms | 52 ms |
| tarnproxy | 11 ms | 4 ms | 33 ms |
"""
    found = claimcheck.check_text(text, "r.md", select="A007").findings
    assert [f.line for f in found] == [3]
    assert "3 of 3 rows" in found[0].message
