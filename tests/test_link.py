"""Devices, tests, scope and the claim graph, on reports written for these tests."""

from __future__ import annotations

import claimcheck
from claimcheck.facts.graph import ClaimGraph
from claimcheck.ingest import read_text

REPORT = """# Gateway comparison

Products tested:

- Acme Networks, BIG-IP 7600 (v15.1)
- Radware, Alteon 6024 (v32.4)

## Test settings

Test\tHTTP Requests per Connection\tLayer 7 Processing\tFile size
L4 CPS\t1\tNo\t128 Bytes
L7 RPS\t10\tYes\t1 Kilobyte
SSL TPS\t1\tNo\t128 Bytes

Device\tSoftware Version\tSimulated Users
BIG-IP 7600\t15.1.2\t1024
Alteon 6024\t32.4.1\t512

## Layer 4 Throughput

This test used 100 requests per connection. The Alteon 6024 was licensed for 10 Gbps.
The BIG-IP 7600 reached 35 Gbps while the Alteon 6024 reached 14 Gbps of throughput.

## SSL Transactions per Second

Tests used 2048-bit keys and the AES128-GCM-SHA256 cipher. The BIG-IP 7600 completed
21,000 TPS, and the Alteon 6024 finished 9,000 TPS.
"""


def _facts():
    return claimcheck.extract(REPORT)


def test_devices_vendor_version_and_aliases():
    ex = _facts()
    names = {d.name: d for d in ex.devices}
    assert {"BIG-IP 7600", "Alteon 6024"} <= set(names)
    alteon = names["Alteon 6024"]
    assert alteon.vendor == "Radware"
    assert alteon.version == "32.4"
    assert len(alteon.mentions) >= 4
    for m in alteon.mentions:
        assert REPORT[m.start : m.end] == m.text


def test_tests_from_headings_and_table():
    ids = {t.id for t in _facts().tests}
    assert {"L4 cps", "L7 rps", "SSL ssl_tps", "L4 throughput"} <= ids


def test_conditions_scoped_to_tests_devices_and_sections():
    ex = _facts()
    by = {(c.name, c.scope): c.value for c in ex.conditions}
    assert by[("requests_per_connection", "test:L7 rps")] == 10
    assert by[("requests_per_connection", "test:SSL ssl_tps")] == 1
    assert by[("processing_layer", "test:L4 cps")] == "L4"
    assert by[("requests_per_connection", "test:L4 throughput")] == 100
    alteon = next(d.id for d in ex.devices if d.name == "Alteon 6024")
    assert by[("license_cap", f"device:{alteon}")]["value"] == 10
    assert by[("load_setting", f"device:{alteon}")]["value"] == 512


def test_measurements_get_device_and_test():
    ex = _facts()
    ms = {(m.metric, m.value): m for m in ex.measurements if m.source == "text"}
    bigip = next(d.id for d in ex.devices if d.name == "BIG-IP 7600")
    assert ms[("throughput", 35.0)].device == bigip
    assert ms[("throughput", 35.0)].test == "L4 throughput"
    assert ms[("ssl_tps", 21000.0)].test == "SSL ssl_tps"
    assert ("throughput", 10.0) not in ms  # a license cap is a condition, not a result


def test_graph_queries():
    ex = _facts()
    graph = ClaimGraph(ex)
    tps = next(m for m in ex.measurements if m.metric == "ssl_tps" and m.value == 21000)
    scope = graph.conditions_for(tps)
    assert scope["requests_per_connection"][0].value == 1  # the test's row beats the document
    assert scope["key_size"][0].value == 2048
    alteon = next(d.id for d in ex.devices if d.name == "Alteon 6024")
    assert [m.value for m in graph.measurements("throughput", alteon)] == [14.0]
    node_kinds = {data["kind"] for _, data in graph.graph.nodes(data=True)}
    assert {"document", "test", "device", "measurement", "condition"} <= node_kinds


def test_claims_cite_measurements():
    text = "The BIG-IP 7600 pushed 1.5x the traffic of the Alteon 6024 at 30 Gbps compared with 20 Gbps."
    ex = claimcheck.extract(text)
    graph = ClaimGraph(ex)
    cited = [m for m in ex.measurements if graph.claims_citing(m)]
    assert {m.value for m in cited} == {30.0, 20.0}


def test_hedged_conditions_do_not_apply():
    text = (
        "## SSL Transactions per Second\n\n"
        "Other vendors measure SSL TPS with 100 requests per connection, which inflates it. "
        "We used a single request per SSL connection. The box completed 9,000 TPS.\n"
    )
    ex = claimcheck.extract(text)
    graph = ClaimGraph(ex)
    tps = next(m for m in ex.measurements if m.metric == "ssl_tps")
    assert [c.value for c in graph.conditions_for(tps)["requests_per_connection"]] == [1]


def test_devices_never_named_and_broken_tables_do_not_crash():
    doc = read_text("Results\n\nA\tB\n1\n\t\t\n| x |\n|---|\n|  |\n")
    from claimcheck.extract.pipeline import extract_document

    ex = extract_document(doc)
    assert ex.devices == []
