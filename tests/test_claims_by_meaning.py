"""Claims whose operands are named by meaning (issue 24, second round): additions over a
baseline stated or implied sections before a summary, ranges over prose deltas, superlatives
over a table's scenarios, counts over a duration in a table line, estimates in computed
cells, a header one cell longer than its body, shares of a range's bound, and messages that
name the lines of the operands they compared. Reports written here with invented names."""

from __future__ import annotations

import claimcheck

A_RULES = ("A001", "A002", "A003")


def _claims(text: str):  # noqa: ANN202
    return claimcheck.extract(text, name="report.md").claims


def _a_findings(text: str) -> list:
    return [f for f in claimcheck.check_text(text, name="report.md").findings if f.rule in A_RULES]


def _at(claims, stated: str):  # noqa: ANN001, ANN202
    return [c for c in claims if stated in (c.stated or "")]


BLOG = """# Kestrel against Harrier

## Latency at 500 RPS

Kestrel's median latency was 15ms, 9ms over the baseline of 6ms. Harrier's median
latency, by contrast, was 42ms. At the max, Kestrel added 30ms over the baseline of 20ms
of latency, whereas Harrier's max latency added 150ms.

## Latency at 5,000 RPS

At the median, Kestrel introduces an additional 7ms of latency over the baseline of 6ms vs
Harrier's additional 22ms; at the max, Kestrel introduces an additional 40ms over the
baseline of 70ms, and Harrier an additional 300ms.

## Resource use

Harrier's proxies averaged 180mb of memory, whereas Kestrel's averaged 30mb. Kestrel's
proxy CPU time was 40ms, whereas Harrier's was 90ms.

## Summary

At the highest load, Kestrel used {memory} the memory, while delivering {median} the
additional median latency and {max} the additional maximum latency of Harrier.
"""


def test_a_summary_takes_the_additions_its_words_name_from_sections_before() -> None:
    claims = _claims(BLOG.format(memory="1/6th", median="1/3rd", max="1/8th"))
    for stated in ("1/6th", "1/3rd", "1/8th"):
        found = _at(claims, stated)
        assert found and found[0].status == "consistent", (stated, found)
    median = _at(claims, "1/3rd")[0]
    assert {o.text for o in median.operands} == {"7ms", "22ms"}  # the 5,000 RPS additions
    assert all(o.line > 0 for o in median.operands)


def test_a_summary_no_pair_gives_stays_open_when_several_pairs_remain() -> None:
    claims = _claims(BLOG.format(memory="1/6th", median="1/9th", max="1/8th"))
    median = _at(claims, "1/9th")[0]
    # two loads, two pairs (9 vs 36 derived, 7 vs 22): none fits, neither is certain
    assert median.status == "unverifiable"
    assert _a_findings(BLOG.format(memory="1/6th", median="1/9th", max="1/8th")) == []


def test_an_addition_is_derived_from_a_total_and_the_paragraphs_baseline() -> None:
    text = """## Latency

Kestrel's median latency was 15ms, 9ms over the baseline of 6ms. Harrier's median latency
was 33ms.

## Summary

Kestrel delivered 1/3rd the additional median latency of Harrier.
"""
    claim = _at(_claims(text), "1/3rd")[0]
    assert claim.status == "consistent"
    derived = [o for o in claim.operands if o.label and "baseline" in o.label]
    assert derived and "33ms" in derived[0].label and "6ms" in derived[0].label


def test_a_wrong_summary_with_one_pair_is_inconsistent_and_names_the_lines() -> None:
    text = """## Latency

Kestrel's median latency was 15ms, 9ms over the baseline of 6ms. Harrier's median latency
was 33ms, 27ms over.

## Summary

Kestrel delivered 1/6th the additional median latency of Harrier.
"""
    claim = _at(_claims(text), "1/6th")[0]
    assert claim.status == "inconsistent"
    assert "line 3" in (claim.message or "")
    assert [f.rule for f in _a_findings(text)] == ["A002"]


def test_cpu_time_in_ms_is_cpu_not_latency() -> None:
    text = """## Resources

Kestrel's proxy CPU time was 40ms, whereas Harrier's was 90ms. Kestrel's median latency was
12ms and Harrier's 24ms.

## Summary

Kestrel used 44% of the CPU of Harrier.
"""
    claim = _at(_claims(text), "44%")[0]
    assert claim.status == "consistent"
    assert {o.text for o in claim.operands} == {"40ms", "90ms"}


RANGE = """## Latency at 2,000 RPS

At the median, Kestrel introduces an additional 4ms of latency over the baseline of 5ms vs
Harrier's additional 10ms; at the max, Kestrel introduces an additional 20ms over the
baseline of 60ms, and Harrier an additional 90ms. At each percentile, Harrier introduced
between {low}% and {high}% more additional latency than Kestrel.
"""


def test_a_range_holds_when_every_prose_delta_falls_inside() -> None:
    claim = _at(_claims(RANGE.format(low=140, high=400)), "140%")[0]
    assert claim.status == "consistent"  # 150% at the median, 350% at the max
    assert len(claim.operands) == 4


def test_a_range_a_delta_falls_outside_is_inconsistent() -> None:
    text = RANGE.format(low=10, high=50)
    claim = _at(_claims(text), "10%")[0]
    assert claim.status == "inconsistent"
    assert "outside" in (claim.message or "")


SCENARIOS = """## Results

| Scenario | Metric | Brisa (Value) | Orlo Edge (Value) | Vessa Mesh (Value) |
|---|---|---|---|---|
| 10 RPS, 1 pod | Mean Latency | 0.40ms | 0.80ms | 0.95ms |
| | Avg CPU | 9.10m | 14.20m | 16.00m |
| 50 RPS, 1 pod | Mean Latency | 0.35ms | 0.70ms | 0.90ms |
| | Avg CPU | 11.00m | 25.00m | 30.00m |
| 50 RPS, 40 pods | Mean Latency | 0.45ms | 1.00ms | 1.20ms |
| | Avg CPU | {cpu}m | 70.00m | 100.00m |

## Summary

Brisa {how} has the lowest latency and average CPU usage.
"""


def test_a_superlative_holds_in_every_scenario() -> None:
    claims = _claims(SCENARIOS.format(cpu="60.00", how="consistently"))
    found = [c for c in claims if c.direction == "lowest"]
    assert len(found) == 2 and all(c.status == "consistent" for c in found)


def test_consistently_the_lowest_fails_where_one_scenario_says_otherwise() -> None:
    text = SCENARIOS.format(cpu="80.00", how="consistently")
    found = [c for c in _claims(text) if c.direction == "lowest"]
    verdicts = {c.stated: c.status for c in found}
    assert "consistent" in verdicts.values() and "inconsistent" in verdicts.values()
    wrong = next(c for c in found if c.status == "inconsistent")
    assert "70.00m" in (wrong.message or "") and "line" in (wrong.message or "")
    assert _a_findings(text) == []  # a contradiction with its own table, not arithmetic


def test_a_superlative_true_in_some_scenarios_only_is_not_judged() -> None:
    text = SCENARIOS.format(cpu="80.00", how="")
    found = [c for c in _claims(text) if c.direction == "lowest"]
    assert [c.status for c in found] == ["consistent"]  # latency holds; CPU is left open


def test_a_count_over_a_stated_duration_is_rate_times_duration() -> None:
    text = """## Results

| Metric | Tarn T1 | Skerry S4 |
|---|---|---|
| Requests/sec | 1,500 | 2,104 |
| Total requests (60s) | 90,000 | 127,005 |
"""
    claims = [c for c in _claims(text) if c.direction == "product"]
    by = {c.stated: c.status for c in claims}
    assert by["90,000"] == "consistent"
    assert by["127,005"] == "unverifiable"  # a tool's count over its real run time
    assert _a_findings(text) == []


def test_an_estimate_note_after_a_percentage_keeps_the_cell() -> None:
    text = """## Results

| Metric | Marsh M2 | Loch L7 | Change |
|---|---|---|---|
| Latency p99 | ~9ms | ~8ms (est) | -11% (est) |
| Latency p50 | 4.0ms | 3.0ms | -25% |
"""
    claims = [c for c in _claims(text) if c.kind == "computed-column"]
    assert {c.stated: c.status for c in claims}.get("-11% (est)") == "consistent"


def test_a_header_one_cell_longer_than_its_rows_gives_its_percent_column() -> None:
    text = """## Compare with the bare server

|case | quillon| 2 workers| bare 2 workers| percent |
| -- | -- | -- | -- | -- |
|small object| 41200.50| 52010.25| 79.2%
|large object| 30100.00| 40000.00| 75.3%
"""
    claims = [c for c in _claims(text) if c.kind == "computed-column"]
    by = {c.stated: c.status for c in claims}
    assert by == {"79.2%": "consistent", "75.3%": "consistent"}


def test_a_share_of_a_stated_range_bound() -> None:
    text = """## Against the estimate

**Expected gain**: 1.6-2.4x
**Measured gain**: 1.36x

- Near the expected range (within 85% of lower bound)
"""
    claim = _at(_claims(text), "85%")[0]
    assert claim.status == "consistent"  # 1.36 / 1.6 = 85%


def test_a_heading_claim_takes_its_sections_only_pair() -> None:
    text = """## Worker pools = 10x Gain

**Comparison**:
- **Single loop** (old build): 12,400 rps @ 64 connections
- **Worker pools** (new build): 98,300 rps @ 256 connections
- **Gain**: **7.9x faster** with worker pools
"""
    claims = _claims(text)
    heading = _at(claims, "10x")[0]
    assert heading.status == "inconsistent"
    assert "line 5" in (heading.message or "") and "line 4" in (heading.message or "")
    assert _at(claims, "7.9x")[0].status == "consistent"
