"""Capability bounds against the report's tables, verification claims, and per-unit figures
derived in prose, on reports written for these tests."""

from __future__ import annotations

import pytest

import claimcheck

README = """
# Brannock

## Features

- **Fast:** depending on your code, Brannock can serve {headline} requests per second.

## Benchmarks

| Framework | Version | Requests/s |
|---|---|---|
| Tollis | 3.1 | 21,400 |
| **Brannock** | **2.0** | **48,310** |

## Earlier results

At that point Brannock could serve {earlier} thousand requests per second.

| Framework | Version | Requests/s |
|---|---|---|
| Tollis | 2.0 | 12,100 |
| Brannock | 1.2 | 19,870 |
"""

DATASHEET = """
# Kelvar KX-300 performance

The Kelvar KX-300 delivers {claim} of L4 throughput.

| Model | L4 throughput (Gbps) | L7 req/s |
|---|---|---|
| Kelvar KX-300 | 38.2 | 410,000 |
| Kelvar KX-100 | 12.5 | 150,000 |
"""

# (genre, text, status)
BOUNDS = [
    ("README headline", README.format(headline="up to 48 thousand", earlier="up to 20"),
     ["consistent", "consistent"]),
    ("README headline", README.format(headline="up to 47+ thousand", earlier="up to 20"),
     ["consistent", "consistent"]),
    ("README earlier", README.format(headline="up to 48 thousand", earlier="up to 15"),
     ["consistent", "inconsistent"]),
    ("README headline", README.format(headline="up to 52+ thousand", earlier="up to 20"),
     ["unverifiable", "consistent"]),
    ("datasheet", DATASHEET.format(claim="up to 38 Gbps"), ["consistent"]),
    ("datasheet", DATASHEET.format(claim="up to 30 Gbps"), ["inconsistent"]),
    ("datasheet", DATASHEET.format(claim="as much as 40 Gbps"), ["consistent"]),
    ("datasheet", DATASHEET.format(claim="a peak of 35 Gbps"), ["inconsistent"]),
]  # fmt: skip


def kinds(text: str, kind: str):
    return [c for c in claimcheck.extract(text, "report.md").claims if c.kind == kind]


@pytest.mark.parametrize(
    "genre,text,statuses", BOUNDS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BOUNDS)]
)
def test_capability(genre, text, statuses):
    found = kinds(text, "bound")
    assert [c.status for c in found] == statuses, [c.message for c in found]
    for c in found:
        if c.status != "unverifiable":
            assert c.operands[0].source == "table_cell" and c.rule == "A004"


def test_capability_message_names_the_table_figure():
    text = README.format(headline="up to 48 thousand", earlier="up to 15")
    bad = next(c for c in kinds(text, "bound") if c.status == "inconsistent")
    assert "19,870" in bad.message and "above the bound" in bad.message


VERIFY = [
    ("lab report", "The Pellam P9 beat its rated 500,000 concurrent sessions with 512,400 in our soak test.",
     "consistent"),
    ("lab report", "The Pellam P9 beat its rated 500,000 concurrent sessions with 498,100 in our soak test.",
     "inconsistent"),
    ("vendor blog", "Median latency stayed under the 5 ms budget at 4.2 ms.", "consistent"),
    ("vendor blog", "Median latency stayed under the 5 ms budget at 5.6 ms.", "inconsistent"),
    ("review", "The gateway fell short of its 40,000 req/s target, reaching 38,700 req/s.", "consistent"),
    ("review", "The gateway fell short of its 40,000 req/s target, reaching 41,200 req/s.", "inconsistent"),
    ("datasheet", "Measured throughput of 21.4 Gbps exceeded the advertised 20 Gbps.", "consistent"),
    ("datasheet", "The Orwin O2 met its specified 10,000 connections per second with 9,800.", "inconsistent"),
    ("README", "p99 latency beat the 10 ms target with 8.5 ms.", "consistent"),
    ("README", "p99 latency beat the 10 ms target with 11.5 ms.", "inconsistent"),
]  # fmt: skip


def judged_once(text: str, status: str, kind: str, rule: str, direction: str | None = None):
    """The sentence gives one claim of ``kind`` with ``status``, and a finding of ``rule``
    exactly when it is inconsistent."""
    found = [c for c in kinds(text, kind) if direction is None or c.direction == direction]
    assert [c.status for c in found] == [status], [c.message for c in found]
    hits = [f for f in claimcheck.check_text(text, "report.md").findings if f.rule == rule]
    assert len(hits) == (status == "inconsistent")


@pytest.mark.parametrize(
    "genre,text,status", VERIFY, ids=[f"{v[0]}-{i}" for i, v in enumerate(VERIFY)]
)
def test_verification(genre, text, status):
    judged_once(text, status, "verification", "A004")


def test_verification_needs_a_target_word():
    assert not kinds(
        "The Pellam P9 beat the Pellam P7, 512,400 sessions against 500,000.", "verification"
    )


PER_UNIT = [
    ("lab report", "The Caddow C4 served 775,000 requests per second while drawing 250 W, which comes "
     "to 3,100 requests per second per watt.", "consistent"),
    ("lab report", "The Caddow C4 served 775,000 requests per second while drawing 250 W, which comes "
     "to 3,500 requests per second per watt.", "inconsistent"),
    ("datasheet", "At full load the Caddow C2 drew 180 W. It moved 36 Gbps, or 200 Mbps/W.", "consistent"),
    ("datasheet", "At full load the Caddow C2 drew 180 W. It moved 36 Gbps, or 250 Mbps/W.", "inconsistent"),
    ("blog", "The Ferro F1 pushes 12 Gbps at 150 W; that works out to 80 Mbps per watt.", "consistent"),
    ("blog", "The Ferro F1 pushes 12 Gbps at 150 W; that works out to 90 Mbps per watt.", "inconsistent"),
    ("review", "Drawing 0.4 kW, the Ferro F3 sustained 48 Gbps: 120 Mbps/W.", "consistent"),
    ("review", "Drawing 0.4 kW, the Ferro F3 sustained 48 Gbps: 12 Mbps/W.", "inconsistent"),
]  # fmt: skip


@pytest.mark.parametrize(
    "genre,text,status", PER_UNIT, ids=[f"{p[0]}-{i}" for i, p in enumerate(PER_UNIT)]
)
def test_per_unit(genre, text, status):
    judged_once(text, status, "derived", "A003", "per-unit")


def test_per_unit_with_two_candidate_rates_is_not_flagged():
    text = ("The Ferro F1 pushes 12 Gbps and the Ferro F2 pushes 20 Gbps, both at 150 W; "
            "that works out to 95 Mbps per watt.")  # fmt: skip
    found = [c for c in kinds(text, "derived") if c.direction == "per-unit"]
    assert [c.status for c in found] == ["unverifiable"]


def test_a_count_of_tests_is_not_the_achieved_figure():
    assert not kinds("The Hollis H2 reached its rated 10 Gbps in 3 of 4 tests.", "verification")
    found = kinds("The Hollis H2 reached its rated 10 Gbps in 3 of 4 tests, with 10.2 Gbps at best.",
                  "verification")  # fmt: skip
    assert [c.status for c in found] == ["consistent"]
    assert found[0].operands[0].text == "10.2 Gbps"
