"""Where a condition holds (one footnote's row, one measured test, the report's own
setup) and what a figure is (its role), for the metric, crypto, power, naming and
testbed rules: own phrasings with invented products, bad and good in several genres."""

from __future__ import annotations

import pytest

import claimcheck


def findings(text: str, name: str = "case.md") -> list:
    return claimcheck.check_text(text, name=name).findings


def codes(text: str, name: str = "case.md") -> set[str]:
    return {f.rule for f in findings(text, name)}


def lines(text: str, code: str) -> list[int]:
    return sorted(f.line for f in findings(text) if f.rule == code)


# -- footnotes bind to the row they mark ---------------------------------------------------

DATASHEET = """# Corrin CX-40 load balancer

## Performance

| Metric | Corrin CX-40 |
|---|---|
| Layer 7 requests per second | 1,500,000 ¹ |
| Layer 4 connections per second | 700,000 ² |
| SSL transactions per second | 60,000 ³ |

¹ Keep-alive clients, 40 requests per client connection, 512-byte objects.
² One request per connection, 512-byte objects.
³ 2048-bit RSA keys, one request per TLS connection, no session resumption.
"""


def test_a_footnote_holds_for_its_row_only():
    # the 40 requests per connection of the L7 row do not reach the L4 CPS row
    assert "M003" not in codes(DATASHEET)
    assert "M001" not in codes(DATASHEET)


def test_bracketed_notes_in_one_paragraph_are_one_note_each():
    # "[1] ...", "[2] ..." on consecutive lines are one paragraph: each line is its own note
    text = DATASHEET.replace("¹", "[1]").replace("²", "[2]").replace("³", "[3]")
    assert "M003" not in codes(text)
    bad = text.replace("[2] One request per connection", "[2] 25 requests per connection")
    assert lines(bad, "M003") == [8]


def test_a_footnote_still_binds_its_own_row():
    bad = DATASHEET.replace("² One request per connection", "² 25 requests per connection")
    assert lines(bad, "M003") == [8]


def test_a_tcp_only_virtual_server_is_layer_4_for_the_marked_l7_row():
    bad = DATASHEET.replace("¹ Keep-alive clients,", "¹ Measured on a TCP-only virtual server,")
    assert lines(bad, "M002") == [7]
    assert "M002" not in codes(DATASHEET)


# -- counts qualified between the number and the unit ----------------------------------------


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("The Brant B-4 served 1.2 million Layer 7 requests per second.", "RPS"),
        ("The Brant B-4 set up 300,000 L4 connections per second.", "CPS"),
        ("The Brant B-4 completed 30,000 SSL transactions per second.", "TPS"),
        ("The Brant B-4 accepted 90,000 new connections per second.", "CPS"),
        ("The loop peaked at 21,300 rps.", "RPS"),
    ],
)
def test_a_qualified_count_keeps_its_unit(text, unit):
    from claimcheck.extract.quantities import scan

    units = [q.unit for q in scan(text) if q.unit]
    assert unit in units


@pytest.mark.parametrize(
    "text",
    [
        "Layer 7 of the stack was idle.",
        "We saw 4 new users sign up.",
        "The load came from 500 concurrent connections.",
    ],
)
def test_no_count_unit_without_a_count_noun(text):
    from claimcheck.extract.quantities import scan

    assert not [q for q in scan(text) if q.unit in ("RPS", "CPS", "TPS")]


# -- a weak TLS parameter needs a figure measured with it ------------------------------------

WEAK_BAD = [
    pytest.param(
        "## TLS handshakes per second\nOur runs used 1024-bit RSA keys. The Cobble C-2 "
        "completed 14,000 TLS handshakes per second.",
        id="blog-own-runs",
    ),
    pytest.param(
        "## SSL transactions per second\n\n| Suite | Cobble C-2 | Dray D-1 |\n|---|---|---|\n"
        "| AES128-SHA | 9,000 | 8,000 |\n| RC4-MD5 | 11,000 | 9,500 |\n",
        id="table-row-label",
    ),
]
WEAK_GOOD = [
    pytest.param(
        "## Changes in 4.1\n- Keys shorter than 2048 bits are rejected and SSLv3 is no longer "
        "allowed.\n",
        id="release-notes-no-figures",
    ),
    pytest.param(
        "## TLS handshakes per second\nStandards bodies advise that 1024-bit RSA keys are no "
        "longer viable. We used 2048-bit keys. The Cobble C-2 completed 4,000 TLS handshakes "
        "per second.",
        id="review-cites-a-warning",
    ),
    pytest.param(
        "## Bulk throughput\nThe Cobble C-2 pushes about 1 Gbps of TLS throughput per core. "
        "Suites such as RC4-MD5 would be faster but are not recommended.",
        id="sizing-guide-recommendation",
    ),
]


@pytest.mark.parametrize("text", WEAK_BAD)
def test_weak_crypto_measured_with(text):
    assert "M008" in codes(text)


@pytest.mark.parametrize("text", WEAK_GOOD)
def test_weak_crypto_only_described(text):
    assert "M008" not in codes(text)


# -- power methods belong to power figures ----------------------------------------------------


def test_a_cpu_power_limit_in_a_report_without_power_figures():
    text = (
        "| Box | Throughput | Notes |\n|---|---|---|\n| Pike P-1 | 3.9 Gbits/sec | CPU at 15W TDP |\n"
        "| Pike P-2 | 4.4 Gbits/sec | |\n"
    )
    assert "M009" not in codes(text)


def test_allocated_power_behind_a_power_figure():
    text = (
        "## Power\nFor the Roath R-2 blade we quote the chassis' allocated power, 160 W; the "
        "Sefton S-1 drew 300 W measured at the wall."
    )
    assert "M009" in codes(text)


# -- a byte figure's own role --------------------------------------------------------------


def test_tool_output_sizes_are_sizes():
    text = (
        "```\nServer Software:        quill/2.1\nDocument Length:        612 bytes\n"
        "Licensed to nobody in particular\nTotal transferred:      8450000 bytes\n```\n"
    )
    assert "A005" not in codes(text)


def test_a_licence_written_in_bytes():
    text = "Each gateway was licensed for 4 Gbps, and the Tolson T-1 never reached its 4GB license."
    assert "A005" in codes(text)


# -- the tested release ---------------------------------------------------------------------


def test_release_availability_is_not_the_tested_release():
    text = (
        "## Setup\nWe ran Maxon 3.2.0 on both nodes.\n\n## Notes\nCompression arrives in "
        "Maxon 3.5 or later, so it was off.\n"
    )
    assert "C002" not in codes(text)


def test_two_tested_releases_still_conflict():
    text = (
        "## Setup\nWe ran Maxon 3.2.0 on both nodes.\n\n## Results\nMaxon reached 9 Gbps on "
        "software 3.4.1.\n"
    )
    assert "C002" in codes(text)


# -- a test bed needs a test -------------------------------------------------------------------


def test_spec_sheet_memory_is_no_test_bed():
    text = "The Ashdown A-4 blade has 256GB of memory, twice the Ashdown A-2 blade (128GB)."
    assert "S003" not in codes(text)


def test_memory_of_devices_that_ran():
    text = (
        "The Upton U-9 VM ran with 32 GB of memory and the Venn V-3 VM with 8 GB of memory. "
        "The Upton U-9 reached 14 Gbps and the Venn V-3 reached 6 Gbps."
    )
    assert "S003" in codes(text)


# -- a row's own condition wins over its section's -----------------------------------------

TLS_SUMMARY = """## Summary of TLS handshakes per second

Our base case reused TLS sessions, four requests per session.

- Base case: 1,800 TPS
- AES256 suite: 1,700 TPS
- No session reuse: 900 TPS
- 60 requests per TLS session: 2,600 TPS
"""


def test_the_no_reuse_row_is_not_flagged():
    flagged = lines(TLS_SUMMARY, "M001")
    assert 5 in flagged and 6 in flagged and 8 in flagged
    assert 7 not in flagged


def test_a_rows_condition_does_not_reach_the_other_rows():
    m001 = [f for f in findings(TLS_SUMMARY) if f.rule == "M001" and f.line == 6]
    assert m001 and "60 requests" not in m001[0].message
