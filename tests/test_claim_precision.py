"""No right figure flagged: the figures that are never operands, and claims whose operands
are not unambiguous stay out of A001-A003.

Every sentence is written for these tests with invented product names, in the genres real
write-ups use (a setup list, a sizing note, a blog citing a study, a lab review).
"""

from __future__ import annotations

import pytest

import claimcheck

A_RULES = ("A001", "A002", "A003")


def _a_findings(text: str, name: str = "notes.md") -> list:
    findings = claimcheck.check_text(text, name=name).findings
    return [f for f in findings if f.rule in A_RULES]


def _claims(text: str, name: str = "notes.md") -> list:
    return claimcheck.extract(text, name).claims


@pytest.mark.parametrize(
    "text",
    [
        # a setup list: instance counts, a kernel build, a version string
        "* **Controllers**: 3x q2-highcpu-48 (48vCPU, 96GB memory, kernel 6.1.0-1027-cloud)\n",
        "* **Workers**: 1 pool of 500x tiny-2-2048 (2vCPU, 2GB memory, kernel 6.1.0-1027-cloud)\n",
        # a parts list: two NICs, four servers
        "The Quarry Q3 rig uses 2x 25GbE NICs and 4x servers with 3x more memory than before.\n",
        # a date, an address with a port, a commit hash
        "On 2024-03-18 the Tern T1 at 10.0.4.7:8443 (commit 4f9a2c1) ran 3x faster than the Gull "
        "G2 at 10.0.4.8:8443.\n",
        # a cited study with a footnote mark after its percentage
        "A study found a 400ms slowdown made shoppers spend 2.1% less^1.\n",
        "A survey[2] found that 250 ms of delay cut page views by 3.5%[3].\n",
        # half of a thing is a part of it, not a ratio
        "The Heron H2 left half of the cores idle (CPU was 47%) while we could not reach 100% "
        "CPU on the client.\n",
    ],
)
def test_identifiers_counts_and_marks_are_never_operands(text: str) -> None:
    assert _a_findings(text) == []


def test_a_count_before_an_instance_type_is_not_a_ratio() -> None:
    text = "Load generators: 4x m7-large-16 (16 vCPU, kernel 5.15.0-1044-aws).\n"
    assert [c for c in _claims(text) if c.kind == "ratio"] == []


def test_each_clause_of_double_and_half_takes_its_own_figures() -> None:
    right = (
        "Each Skerry S8 blade has 96GB of memory, which is double the Brack B2 blade (48GB) "
        "but half the Brack B9 blade (192GB).\n"
    )
    claims = [c for c in _claims(right) if c.kind == "ratio"]
    assert len(claims) == 2
    assert {c.status for c in claims} == {"consistent"}
    assert [sorted(o.text for o in c.operands) for c in claims] == [
        ["48GB", "96GB"],
        ["192GB", "96GB"],
    ]
    assert _a_findings(right) == []


def test_a_named_subject_missing_from_the_figures_gives_no_inconsistency() -> None:
    # the Skerry's own figure is not stated: the two figures belong to two other names
    text = "The Skerry S8 has double the memory of the Brack B2 (48GB) and the Brack B9 (192GB).\n"
    assert _a_findings(text) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "We metered the Fjord F3 at 400 W and the Marsh M1 at 250 W. That gives 3,000 "
            "requests per second per watt for the Fjord F3 against 1,600 for the Marsh M1, "
            "making the Fjord F3 1.9 times as efficient.\n",
            "consistent",
        ),
        (
            "We metered the Fjord F3 at 400 W and the Marsh M1 at 250 W. That gives 3,000 "
            "requests per second per watt for the Fjord F3 against 1,600 for the Marsh M1, "
            "making the Fjord F3 2.6 times as efficient.\n",
            "inconsistent",
        ),
    ],
)
def test_a_unit_carries_over_to_a_parallel_clause(text: str, want: str) -> None:
    ratio = next(c for c in _claims(text) if c.kind == "ratio")
    assert ratio.status == want, ratio
    assert [o.text for o in ratio.operands] == ["3,000 requests per second per watt", "1,600"]


RESULTS = (
    "## Results\n\nThe Fjord F3 served 1.2 million Layer 7 requests per second; the Marsh M1 "
    "set up 400,000 new connections per second.\n\n## Power\n\nThe Fjord F3 drew 400 W and "
    "the Marsh M1 250 W, or {a} requests per second per watt for the Fjord F3 against {b} "
    "for the Marsh M1.\n"
)


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [("3,000", "1,600", {"consistent"}), ("3,000", "2,100", {"consistent", "inconsistent"})],
)
def test_per_watt_figures_take_the_rates_of_their_entities_from_another_section(
    a: str, b: str, want: set[str]
) -> None:
    derived = [c for c in _claims(RESULTS.format(a=a, b=b)) if c.kind == "derived"]
    assert {c.status for c in derived} == want, derived
    assert all(len(c.operands) == 2 for c in derived)
    assert {o.source for c in derived for o in c.operands} >= {"document"}


def test_a_request_rate_against_a_connection_rate_is_still_judged() -> None:
    # whether the two rates may be compared is M003's question; the arithmetic holds
    text = (
        "The Fjord F3 served 1.2 million Layer 7 requests per second. The Marsh M1 set up "
        "300,000 Layer 7 connections per second. The Fjord F3 is therefore four times faster "
        "than the Marsh M1.\n"
    )
    ratio = next(c for c in _claims(text) if c.kind == "ratio")
    assert ratio.status == "consistent"


# --- operands out of reach ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("stated", "want"),
    [("1.63x", "consistent"), ("1.6x", "consistent"), ("1.9x", "inconsistent")],
)
def test_approximate_operands_widen_the_tolerance(stated: str, want: str) -> None:
    # 98K / 60K is 1.633; the operands stand for [59.5K, 60.5K) and [97.5K, 98.5K):
    # anything from 1.612 to 1.655 may be meant
    text = f"**Gain**: {stated} more throughput with pooling (60K rps -> 98K rps)\n"
    ratio = next(c for c in _claims(text) if c.kind == "ratio")
    assert ratio.status == want, ratio


def test_a_figure_written_out_does_not_widen() -> None:
    # 130,000 / 88,000 is 47.7% more: "47%" is truncated; had 88,000 stood for anything
    # from 87,500 to 88,500, 46.9% would have been in reach
    text = "The Tarn T2 reached 130,000 rps against 88,000 rps for the Loch L1, 47% more.\n"
    claim = next(c for c in _claims(text) if c.kind == "percent-delta")
    assert claim.status == "inconsistent"


LIST_LAYOUT = """## Pooling

**Measured**:
- **Single worker** (bench A): 12,400 rps @ 64 connections
- **Pooled workers** (bench B): 99,200 rps @ 512 connections
- **Gain**: **{stated} faster** with pooled workers
"""


@pytest.mark.parametrize(("stated", "want"), [("8x", "consistent"), ("8.0x", "consistent")])
def test_a_gain_line_takes_the_rates_of_the_list_above_it(stated: str, want: str) -> None:
    ratio = next(c for c in _claims(LIST_LAYOUT.format(stated=stated)) if c.kind == "ratio")
    assert ratio.status == want, ratio
    assert sorted(o.text for o in ratio.operands) == ["12,400 rps", "99,200 rps"]


HEADING_LAYOUT = """## 2. Pooled workers = {stated} gain

- **Single worker**: 12,400 rps @ 64 connections
- **Pooled workers**: 99,200 rps @ 512 connections
- **Pooled workers** give a **{stated} throughput gain**
"""


def test_a_restated_multiple_takes_the_verdict_of_the_section_figures() -> None:
    wrong = [c for c in _claims(HEADING_LAYOUT.format(stated="12x")) if c.kind == "ratio"]
    assert {c.status for c in wrong} <= {"inconsistent", "unverifiable"}
    assert "inconsistent" in {c.status for c in wrong}
    right = [c for c in _claims(HEADING_LAYOUT.format(stated="8x")) if c.kind == "ratio"]
    assert "inconsistent" not in {c.status for c in right}


def test_a_section_pair_owned_by_no_name_the_claim_states_is_never_inconsistent() -> None:
    text = (
        "## Release notes\n\nGateway Alder: 10,000 rps.\n\nGateway Birch: 12,000 rps.\n\n"
        "Overall the new release is 30% faster than last year's.\n"
    )
    assert _a_findings(text) == []


SUMMARY = """## Comparison

| Metric | Kiln K2 | Forge F1 | Improvement |
|---|---|---|---|
| Requests/sec | 1,040.00 req/s | 1,000.00 req/s | +4.0% |
| p99 latency | 180.00ms | 200.00ms | -10.0% |

## Summary

1. **Tail latency**: {tail} better at the 99th percentile
2. Modest in absolute terms ({about} more throughput)
"""


@pytest.mark.parametrize(("about", "want"), [("~4%", "consistent"), ("~9%", "not consistent")])
def test_a_summary_restating_a_judged_figure_takes_its_operands(about: str, want: str) -> None:
    claims = [c for c in _claims(SUMMARY.format(tail="10.0%", about=about)) if c.line >= 10]
    about_claim = next(c for c in claims if c.qualifier)
    assert (about_claim.status == "consistent") == (want == "consistent"), about_claim
    tail_claim = next(c for c in claims if c.stated_value == 10.0)
    assert tail_claim.status == "consistent"
    assert [o.text for o in tail_claim.operands] == ["180.00ms", "200.00ms"]


def test_list_and_heading_numbers_are_not_operands() -> None:
    text = "### 3. Pooling\n\n1. **Gain**: 4x faster\n2. **Cost**: none\n"
    assert _a_findings(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "- 4× Loadgen instances for parallel runs of GET and POST requests\n",
        "3x Cache Master + Replica Config\n",
        "A cluster of 6x node setup with 3x primaries + 3 replicas, and 3x sets of 1x primary.\n",
        "**CPU:** Vortex 7 4850x, 16 cores / 32 threads\n",
        "- 2 × [Q4410 @ 2.1GHz][q4410] (8 cores), hyperthreading disabled\n",
        "| CPU | 2x Tallis T3 (quad-core) |\n",
        "| HDD | 3x SAS Orbis 146GB |\n",
    ],
)
def test_counts_of_parts_and_model_numbers_are_no_multiples(text: str) -> None:
    assert [c for c in _claims(text) if c.kind == "ratio"] == []


@pytest.mark.parametrize(
    "text",
    [
        "The Kiln K3 was 3x faster than the Forge F1.",
        "For cached lookups the Kiln K3 performed 2X better than the Forge F1.",
        "We sized the Kiln K3 for 3X the production load.",
        "The Kiln K3 handled 4x as many sessions as the Forge F1.",
    ],
)
def test_multiples_that_compare_stay_claims(text: str) -> None:
    assert [c for c in _claims(text) if c.kind == "ratio"] != []


# --- absolute differences -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("At 50 RPS the Vane V2's median was 19ms, 7ms over the baseline of 12ms.", "consistent"),
        ("At 50 RPS the Vane V2's median was 19ms, 9ms over the baseline of 12ms.", "inconsistent"),
        (
            "The Vane V2's p50 of 19ms sits 7ms over the 12ms baseline, while the Rook R4's "
            "p50 of 41ms is 29ms over.",
            "consistent",
        ),
        (
            "The Rook R4 peaked at 310ms against a baseline of 25ms, while the Vane V2 peaked "
            "at 140ms, ~115ms over.",
            "consistent",
        ),
    ],
)
def test_an_absolute_difference_is_judged_on_its_operands(text: str, want: str) -> None:
    diffs = [c for c in _claims(text) if c.direction == "difference"]
    assert diffs and {c.status for c in diffs} == {want}, diffs


def test_a_difference_against_the_paragraph_before() -> None:
    text = (
        "- The Vane V2 proxy now reports max memory of 31mb (previously 22mb). An older "
        "build shows an average footprint of 24mb, a difference of 7mb.\n"
    )
    diff = next(c for c in _claims(text) if c.direction == "difference")
    assert diff.status == "consistent"
    assert sorted(o.text for o in diff.operands) == ["24mb", "31mb"]


def test_additional_requests_take_the_totals_of_a_table() -> None:
    text = (
        "| Metric | Vane V2 | Rook R4 |\n|---|---|---|\n| Total Requests | 41,310 | 40,020 |\n\n"
        "## Findings\n\n1. **More work done**: 1,290 additional requests in 60 seconds\n"
    )
    diff = next(c for c in _claims(text) if c.direction == "difference")
    assert diff.status == "consistent"


@pytest.mark.parametrize(
    "text",
    [
        "The Rook R4 added 39ms over the baseline of 18ms.",  # no total: nothing to check
        "Latency stayed over 12ms for the Vane V2 at 3 ms intervals.",  # "over" qualifies
        "The Vane V2 was 19ms, over twice the Rook R4's 8ms.",  # "over" belongs to "twice"
    ],
)
def test_no_difference_claim_without_figures_that_decide_it(text: str) -> None:
    assert [c for c in _claims(text) if c.direction == "difference"] == []


# --- comparisons without a number -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("h2: quillon is much better than marrow: quillon(90210.5 req/s) and marrow(31000.2 req/s).",
         "consistent"),
        ("h2: quillon is much better than marrow: quillon(31000.2 req/s) and marrow(90210.5 req/s).",
         "inconsistent"),
        ("tcp: quillon is almost the same as marrow: quillon(15100 req/s) and marrow(15400 req/s).",
         "consistent"),
        ("tcp: quillon is almost the same as marrow: quillon(6000 req/s) and marrow(15400 req/s).",
         "inconsistent"),
        ("short: quillon is not doing well here: quillon(5200 req/s) and marrow(9100 req/s).",
         "consistent"),
        ("The Kiln K3 answers in 41 ms and the Forge F1 in 58 ms, so the Kiln K3 is faster.",
         "consistent"),
        ("The Kiln K3 answers in 58 ms and the Forge F1 in 41 ms, so the Kiln K3 is faster.",
         "inconsistent"),
    ],
)  # fmt: skip
def test_a_comparison_without_a_number_is_judged_by_its_figures(text: str, want: str) -> None:
    claims = [c for c in _claims(text) if c.stated_value is None and c.kind == "percent-delta"]
    assert [c.status for c in claims] == [want], claims


@pytest.mark.parametrize(
    "text",
    [
        "The Kiln K3 is better than the Forge F1 in every way.",  # no figures
        "The Kiln K3 is better: 41 ms, 58 ms and 62 ms in three runs.",  # whose figures?
        "The Kiln K3 is not better than the Forge F1 (41 ms vs 58 ms).",  # negated
        "quillon is better than marrow on latency: quillon(90210 req/s) and marrow(31000 req/s).",
        "tcp: quillon is about the same as marrow: quillon(12000 req/s) and marrow(15400 req/s).",
    ],
)
def test_no_comparison_claim_unless_its_figures_decide_it(text: str) -> None:
    assert [c for c in _claims(text) if c.stated_value is None] == []


def test_a_change_over_time_is_no_comparison_of_two_names() -> None:
    text = (
        "* The Kiln K3's CPU use improved 61ms down from 80ms; however, the Kiln K3's max "
        "latency got significantly worse, rising by 40ms at 200 RPS compared with the Forge "
        "F1's 12ms.\n"
    )
    assert _a_findings(text) == []


CODE_SUMMARY = """## Throughput

```
Kiln K2: ████████████████████ 1,040.00 req/s
Forge F1: ███████████████████ 1,000.00 req/s
          {stated} improvement
```
"""


@pytest.mark.parametrize(("stated", "want"), [("+4.0%", "consistent"), ("+9.0%", "inconsistent")])
def test_a_code_fence_summary_line_is_judged_on_its_labelled_figures(
    stated: str, want: str
) -> None:
    claim = next(
        c for c in _claims(CODE_SUMMARY.format(stated=stated)) if c.kind == "percent-delta"
    )
    assert claim.status == want, claim
    assert sorted(o.text for o in claim.operands) == ["1,000.00 req/s", "1,040.00 req/s"]


def test_a_claim_after_a_code_block_takes_its_labelled_lines() -> None:
    text = (
        "## Parallel\n\n```\nQuill Producer: Sent 50000 messages in 2010ms\n"
        "Marl Producer: Sent 50000 messages in 8400ms\n```\n\n"
        "The Quill producer is over 4 times faster than Marl in this test.\n"
    )
    ratio = next(c for c in _claims(text) if c.kind == "ratio")
    assert ratio.status == "consistent"


@pytest.mark.parametrize(
    "text",
    [
        "```\n$ tunnel --up 'ifconfig tun0 10.0.0.1/24 mtu 1400 up' 2x faster\n```\n",
        "The survey ran on 1/12/2024 and again a month later.\n",
    ],
)
def test_commands_addresses_and_dates_hold_no_claims(text: str) -> None:
    assert [c for c in _claims(text) if c.kind in ("ratio", "share")] == []


def test_a_word_size_is_no_operand_of_a_rate_claim() -> None:
    text = "## 32-bit vs 64-bit\n\nMoving from a 32-bit to a 64-bit build pays. TPS are doubled.\n"
    assert [c for c in _claims(text) if c.status != "unverifiable"] == []
