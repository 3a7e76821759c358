"""D001-D003, C001-C004 and M005-M007 on short reports written for these tests."""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.facts.versions import version_key
from claimcheck.rules.checks.C002_name_inconsistency import _refines
from claimcheck.rules.checks.C004_dangling_reference import _ranges
from claimcheck.rules.queries import rule_data

DEVICES = """
## Devices

- F5 Networks, BIG-IP 4200v (v11.4.1)
- Citrix Systems, NetScaler MPX-11500 (v10.1)
"""


def findings(text: str, code: str) -> list:
    result = claimcheck.check_text(text, name="report.md", select=[code])
    assert not result.errors, result.errors
    return [f for f in result.findings if f.rule == code]


def lines(text: str, code: str) -> list[int]:
    return [f.line for f in findings(text, code)]


# --- D001 ---------------------------------------------------------------------------------------


def test_d001_requirements_are_data():
    required = rule_data("D001")["required"]
    assert required["cps"] == ["requests_per_connection", "object_size", "processing_layer"]
    assert ["concurrency", "load_setting"] in required["latency"]


def test_d001_lists_every_missing_condition_once_per_family():
    text = """
## SSL Transactions per Second

The appliance reached 41,000 TPS in the first run and 40,200 TPS in the second.
"""
    found = findings(text, "D001")
    assert len(found) == 1
    assert set(found[0].evidence["missing"]) == {"requests per connection", "key size", "cipher"}
    assert found[0].line == 4


def test_d001_conditions_stated_in_the_method_section_count():
    text = """
## Method

Every client connection carried a single HTTP request for a 4 KB object, and the proxy
inspected each request at layer 7 before choosing a pool.

## Connection rate

The proxy set up 96,000 connections per second.
"""
    assert findings(text, "D001") == []


def test_d001_latency_needs_statistic_and_load():
    text = """
## Response time

With 8 KB responses the gateway latency was 3.2 ms.
"""
    (f,) = findings(text, "D001")
    assert "latency statistic" in f.message and "concurrency or load setting" in f.message


def test_d001_latency_statistic_from_table_header():
    text = """
## Latency

With 8 KB responses and 400 concurrent connections:

| Proxy | p50 latency | p99 latency |
|-------|-------------|-------------|
| BIG-IP 4200v | 1.1 ms | 4.0 ms |
| NetScaler MPX-11500 | 1.4 ms | 6.2 ms |
"""
    assert findings(text, "D001") == []


def test_d001_not_for_vendor_datasheets():
    text = """
# RX series datasheet

| Model | L4 throughput |
|-------|---------------|
| RX-40 | 40 Gbps |
| RX-80 | 80 Gbps |
"""
    assert findings(text, "D001") == []


def test_d001_ignores_layer_number_read_as_a_figure():
    text = """
## Method

Layer 7 CPS tests measured new connections with 1 KB objects, one request per connection.
"""
    assert findings(text, "D001") == []


# --- D002 ---------------------------------------------------------------------------------------


def test_d002_names_what_is_missing():
    text = """
## Results

Each test ran for 120 seconds. The RX-40 forwarded 18.4 Gbps of HTTP traffic.
"""
    (f,) = findings(text, "D002")
    assert f.evidence["missing"] == ["the number of runs", "the variation between runs"]


@pytest.mark.parametrize(
    "method",
    [
        "Every scenario ran for 300 seconds, three times, and the runs never differed by more "
        "than 4%.",
        "We report the median of five 120-second runs; the runs varied by up to 6%.",
        "Results are averaged over three 15-minute runs with a standard deviation under 2%.",
    ],
)
def test_d002_quiet_when_runs_duration_and_spread_are_given(method):
    text = f"""
## Method

{method}

## Results

The RX-40 forwarded 18.4 Gbps of HTTP traffic.
"""
    assert findings(text, "D002") == []


def test_d002_silent_without_measurements():
    text = (
        "## Advice\n\nA benchmark should state how many runs were made and how long each lasted.\n"
    )
    assert findings(text, "D002") == []


# --- D003 ---------------------------------------------------------------------------------------


def test_d003_configurations_on_request():
    text = (
        DEVICES
        + """
## Method

The device configurations are available only on request.

## Results

The BIG-IP 4200v reached 8.2 Gbps and the NetScaler MPX-11500 reached 7.9 Gbps.
"""
    )
    assert len(findings(text, "D003")) == 1


def test_d003_silence_about_configurations_is_itself_the_finding():
    """The catalog: configurations not published. A report that says nothing of them has
    not published them (one info finding at its title), with no quote to give."""
    text = (
        DEVICES
        + """
## Results

The BIG-IP 4200v reached 8.2 Gbps and the NetScaler MPX-11500 reached 7.9 Gbps.
"""
    )
    found = findings(text, "D003")
    assert len(found) == 1 and "no device or load-generator configuration" in found[0].message


def test_d003_other_vendors_practice_is_not_a_finding():
    text = (
        DEVICES
        + """
## Why publish configurations

Some vendors publish reports whose configurations are not available to anyone.

## Results

The BIG-IP 4200v reached 8.2 Gbps and the NetScaler MPX-11500 reached 7.9 Gbps.
"""
    )
    assert findings(text, "D003") == []


# --- C001 ---------------------------------------------------------------------------------------


def test_c001_caption_numbers_on_consecutive_pdf_lines():
    text = """
Exhibit 4: Connection rate by object size
Exhibit 5: Throughput by object size
Exhibit 4: Latency at 80% load
"""
    (f,) = findings(text, "C001")
    assert f.line == 4 and "Exhibit 4" in f.message


def test_c001_same_caption_repeated_is_a_running_header_not_a_finding():
    text = """
Figure 2: Test topology

Some text about the topology with enough words to be a sentence.

Figure 2: Test topology
"""
    assert findings(text, "C001") == []


def test_c001_table_row_label_twice():
    text = """
## Throughput

| Scenario | RX-40 | QX-10 |
|---|---|---|
| Proxy only | 9.1 Gbps | 6.4 Gbps |
| Proxy + TLS | 5.2 Gbps | 3.3 Gbps |
| Proxy + TLS | 4.0 Gbps | 2.1 Gbps |
"""
    assert lines(text, "C001") == [8]


def test_c001_same_label_for_different_devices_is_not_a_finding():
    text = """
## Latency at 1,000 users

At 1,000 users, the BIG-IP 4200v latency was 4.1 ms.

At 1,000 users, the NetScaler MPX-11500 latency was 6.3 ms.
"""
    assert findings(text, "C001") == []


def test_c001_far_apart_repeat_without_a_figure_is_deliberate():
    text = """
The appliance is designed for enterprises that need predictable performance under load.

## Results

The appliance forwarded 9.1 Gbps.

## Conclusion

The appliance is designed for enterprises that need predictable performance under load.
"""
    assert findings(text, "C001") == []


# --- C002 ---------------------------------------------------------------------------------------


def test_version_keys_and_refinement():
    assert version_key("A1.3") == version_key("A.1.3") == (("1", "3"), ())
    assert version_key("A5(2.1)") == (("5", "2", "1"), ())
    assert version_key("7.2 Build 41.18") == (("7", "2"), ("build", "41", "18"))
    # a build, hotfix or patch suffix refines a release ...
    assert _refines(version_key("11.2.1"), version_key("11.2.1-HF1"))
    assert _refines(version_key("v7.2"), version_key("7.2 Build 41.18"))
    assert _refines(version_key("4.0.2-p3"), version_key("4.0.2"))
    # ... a differing dotted release does not, nor do two different hotfixes
    assert not _refines(version_key("10.0"), version_key("10.0.1"))
    assert not _refines(version_key("10.0"), version_key("10.1"))
    assert not _refines(version_key("5.2"), version_key("A5(2.1)"))
    assert not _refines(version_key("3.1.4-HF1"), version_key("3.1.4-HF2"))


@pytest.mark.parametrize(
    ("first", "second", "conflict"),
    [
        ("2.4", "2.4.1", True),
        ("v8.0.3", "8.1.0", True),
        ("6.1.2", "6.1.2-hotfix4", False),
        ("release 9.2", "9.2 build 1177", False),
        ("v3.3.0", "3.3.0", False),
    ],
)
def test_c002_dotted_releases_conflict_builds_refine(first, second, conflict):
    text = f"""
## Systems under test

The Quillon QX-20 ran version {first} and the Marrow MR-8 ran version 5.5.

## Results

The Quillon QX-20 reached 4.1 Gbps and the Marrow MR-8 reached 3.9 Gbps.

## Notes

All Quillon QX-20 figures were taken with software version {second}.
"""
    assert bool(findings(text, "C002")) == conflict


def test_c002_model_number_slip():
    text = """
## Setup

The Vexa VX-4400 was tested against the Orbit OB-900.

## Results

The Vexa VX-4400 reached 12.1 Gbps. The Orbit OB-900 reached 9.4 Gbps.
The Vexa VX-4400 led in every test.

## Notes

The Vexa VX-4600 ran its default profile throughout.
"""
    assert lines(text, "C002") == [13]


def test_c002_product_line_mention_is_not_a_slip():
    text = """
## Results

The Vexa VX-4400 reached 12.1 Gbps. The Vexa VX-4400 led in every test.
The Vexa VX-4400 was quiet under load.

The larger VX-4600 model in the same series was not tested.
"""
    assert findings(text, "C002") == []


# --- C003 ---------------------------------------------------------------------------------------


def test_c003_counted_failures_under_zero_failure_criterion():
    text = """
## Pass criteria

A rate counts only when the run finishes without errors.

## Results

The gateway sustained 74,000 requests per second; the tool reported 860 timeouts.
"""
    (f,) = findings(text, "C003")
    assert "860 timeouts" in f.message


def test_c003_vague_failures_are_not_counted():
    text = """
## Pass criteria

A rate counts only when the run finishes without errors.

## Results

The gateway sustained 74,000 requests per second, with a few errors near the end.
"""
    assert findings(text, "C003") == []


def test_c003_admitted_departure_from_method():
    text = """
## Results

The TLS test ran with compression on, although section 2 requires compression off for every test.
"""
    assert len(findings(text, "C003")) == 1


# --- C004 ---------------------------------------------------------------------------------------


def test_c004_questions_run_together_on_lines():
    text = """
## Settings

Client counts differed by device (see Appendix C, question 6).

## Appendix C: Vendor answers

Q1. Which release? 4.2.
Q2. Any hotfixes? No.
Q3. Default policy? Yes.
"""
    (f,) = findings(text, "C004")
    assert f.line == 4 and "1-3" in f.message


def test_c004_figures_checked_only_against_several_captions():
    few = """
Figure 1: Topology

The results are in Figure 8.
"""
    many = """
Figure 1: Topology

Figure 2: Throughput

Figure 3: Latency

The results are in Figure 8.
"""
    assert findings(few, "C004") == []
    assert lines(many, "C004") == [8]


def test_c004_external_references_are_not_checked():
    text = """
## Method

We followed RFC 3511 section 5.4 and Appendix A of RFC 2544.
"""
    assert findings(text, "C004") == []


def test_ranges():
    assert _ranges({1, 2, 3, 5, 7, 8}) == "1-3, 5, 7-8"


# --- M005 ---------------------------------------------------------------------------------------


def test_m005_bidirectional_sum_against_one_way():
    text = (
        DEVICES
        + """
## Throughput

The BIG-IP 4200v moved 38 Gbps in full-duplex tests, counting both directions.

The NetScaler MPX-11500 moved 21 Gbps with 512 KB objects.
"""
    )
    assert len(findings(text, "M005")) == 1


def test_m005_one_way_figures_only():
    text = (
        DEVICES
        + """
## Throughput

The BIG-IP 4200v moved 19 Gbps and the NetScaler MPX-11500 moved 21 Gbps with 512 KB objects.
"""
    )
    assert findings(text, "M005") == []


# --- M006 ---------------------------------------------------------------------------------------


def test_m006_points_at_the_exclusion_sentence():
    text = """
## Latency

Both gateways terminated HTTPS. The reported latency excludes the TLS handshake and TCP
connection setup.

With 400 connections and 16 KB objects, the p95 latency was 2.1 ms against 4.4 ms.
"""
    (f,) = findings(text, "M006")
    assert f.line == 4


def test_m006_exclusion_without_tls_is_not_a_finding():
    text = """
## Latency

Traffic was plain HTTP. The reported latency excludes TCP connection setup.

With 400 connections and 16 KB objects, the p95 latency was 2.1 ms against 4.4 ms.
"""
    assert findings(text, "M006") == []


def test_m006_average_with_spread_is_fine():
    text = """
## Latency

With 400 connections and 16 KB objects, the average latency was 2.1 ms (standard deviation
0.4 ms, maximum 9 ms).
"""
    assert findings(text, "M006") == []


# --- M007 ---------------------------------------------------------------------------------------


def test_m007_threading_on_one_device_only():
    text = (
        DEVICES
        + """
## Instances

Hyper-threading was enabled for the BIG-IP 4200v only.

## CPU at equal load

In core load balancing tests, BIG-IP 4200v CPU usage was 35%, which was 44% lower than
NetScaler MPX-11500 CPU usage at 62%.
"""
    )
    assert len(findings(text, "M007")) == 1


def test_m007_same_arrangement_for_both():
    text = (
        DEVICES
        + """
## Instances

Both ran on identical hosts with hyper-threading enabled.

## CPU at equal load

In core load balancing tests, BIG-IP 4200v CPU usage was 35%, which was 44% lower than
NetScaler MPX-11500 CPU usage at 62%.
"""
    )
    assert findings(text, "M007") == []


# --- D003: no configuration anywhere --------------------------------------------------------

_RESULTS = """# Quill vs Tarn

| Proxy | Requests/s |
|---|---|
| Quill 2.1 | 41,200 |
| Tarn 0.9 | 38,900 |
"""


@pytest.mark.parametrize(
    ("extra", "fires"),
    [
        ("", True),
        ("\n## Configuration\n\nBoth proxies used four workers and default buffers.\n", False),
        ("\n```\nworker_processes 4;\nkeepalive_timeout 65;\n```\n", False),
        ("\nThe configuration files are in the repository under `conf/`.\n", False),
        ("\nConfigurations are on our website.\n", False),
        ("\nQuill was configured with four workers; Tarn was configured with two.\n", False),
        ("\nWe ran each test three times.\n", True),
    ],
)
def test_d003_no_configuration_published(extra, fires):
    found = [f for f in claimcheck.check_text(_RESULTS + extra, "r.md", select="D003").findings
             if "configuration" in f.message]  # fmt: skip
    assert bool(found) == fires
