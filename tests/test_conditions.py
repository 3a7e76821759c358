"""Test-condition extraction: prose, table cells, tool commands, hedging, totality."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimcheck
from claimcheck.extract.conditions import (
    RawCondition,
    condition_from_cell,
    conditions_in_command,
    conditions_in_text,
)

OFFSET = 1000


def _checked(conds: list[RawCondition], text: str, offset: int) -> list[RawCondition]:
    for c in conds:
        assert text[c.start - offset : c.end - offset] == c.text, c
    return conds


def found(text: str, name: str, value: object = ..., offset: int = OFFSET) -> RawCondition:
    """The first condition ``name`` (with ``value`` when given) in prose ``text``."""
    conds = _checked(conditions_in_text(text, offset), text, offset)
    hits = [c for c in conds if c.name == name and (value is ... or c.value == value)]
    assert hits, f"{name}={value!r} not found in {conds}"
    return hits[0]


def absent(text: str, name: str) -> None:
    conds = _checked(conditions_in_text(text, OFFSET), text, OFFSET)
    assert not [c for c in conds if c.name == name], conds


def command(text: str, name: str, value: object = ...) -> RawCondition:
    conds = _checked(conditions_in_command(text, OFFSET), text, OFFSET)
    hits = [c for c in conds if c.name == name and (value is ... or c.value == value)]
    assert hits, f"{name}={value!r} not found in {conds}"
    return hits[0]


def cell(header: str, text: str) -> RawCondition:
    c = condition_from_cell(header, text, 40, 40 + len(text))
    assert c is not None, (header, text)
    assert (c.start, c.end, c.text) == (40, 40 + len(text), text)
    return c


# --- prose: (text, name, value) -------------------------------------------------------------

PROSE = [
    # requests_per_connection
    ("Each client sent 25 HTTP requests per persistent connection.", "requests_per_connection", 25),
    ("Under HTTP/1.0 every page view opens a new connection per request.",
     "requests_per_connection", 1),
    ("The handshake test issued only one GET for each TLS session.", "requests_per_connection", 1),
    ("Bulk runs pushed two hundred transactions per SSL session.", "requests_per_connection", 200),
    ("Clients used keep-alive with 12 requests per connection.", "requests_per_connection", 12),
    ("We allowed 40 requests per user / L7 connection.", "requests_per_connection", 40),
    ("Requests per connection: 1, 10 and 100", "requests_per_connection", [1, 10, 100]),
    ("Every probe carried a Connection: close header.", "requests_per_connection", 1),
    ("Every TLS session carried 20 HTTP requests.", "requests_per_connection", 20),
    ("Each connection carried a single request.", "requests_per_connection", 1),
    ("Clients kept 50 requests pipelined over one TLS connection.", "requests_per_connection", 50),
    # processing_layer
    ("The virtual server ran in L4-only mode for this test.", "processing_layer", "L4"),
    ("The pool used the TurboL4 profile.", "processing_layer", "L4"),
    ("The listener ran the Edge L4 preset.", "processing_layer", "L4"),
    ("Our ADC was configured in TCP only mode.", "processing_layer", "L4"),
    ("The balancer inspects the request URI before choosing a server.", "processing_layer", "L7"),
    ("Traffic was spread with content switching on the path.", "processing_layer", "L7"),
    ("L7 processing: yes", "processing_layer", "L7"),
    ("There was no layer 7 inspection in the baseline.", "processing_layer", "L4"),
    # object_size
    ("Responses were 4,096-byte objects.", "object_size", 4096),
    ("We used object sizes of 1KB, 10KB and 1MB.", "object_size", [1000, 10000, 1000000]),
    ("Each response body was 64 KiB.", "object_size", 65536),
    ("Files: 256B, 2KB, 64KB", "object_size", [256, 2000, 64000]),
    ("Pages had an average size of 45 kB.", "object_size", 45000),
    ("Sizes tested were 64B, 1KB, 8KB and 256KB.", "object_size", [64, 1000, 8000, 256000]),
    ("256B, 4KB, 64KB", "object_size", [256, 4000, 64000]),
    # tls
    ("Clients negotiated TLSv1.2 with the virtual server.", "tls_version", "TLS1.2"),
    ("All sessions ran over TLS 1.3.", "tls_version", "TLS1.3"),
    ("Legacy clients still spoke SSLv3.", "tls_version", "SSL3"),
    ("The cipher suite was ecdhe-rsa-aes128-gcm-sha256.", "cipher",
     "ECDHE-RSA-AES128-GCM-SHA256"),
    ("Old runs used RC4-MD5 for speed.", "cipher", "RC4-MD5"),
    ("Suite: TLS_CHACHA20_POLY1305_SHA256", "cipher", "TLS_CHACHA20_POLY1305_SHA256"),
    ("The servers presented 4096-bit RSA certificates.", "key_size", 4096),
    ("Each handshake used an RSA-3072 key.", "key_size", 3072),
    ("Handshake tests were run with 4K keys.", "key_size", 4096),
    ("The key length of 2048 bits matched the policy.", "key_size", 2048),
    ("An ECDSA P-256 certificate was installed.", "key_type", "ECDSA"),
    ("An ECDSA P-256 certificate was installed.", "key_type", "P-256"),
    ("Key exchange used X25519.", "key_type", "X25519"),
    ("Each handshake used an RSA-3072 key.", "key_type", "RSA"),
    ("TLS session tickets were enabled for returning clients.", "tls_session_reuse", True),
    ("Clients resumed sessions with PSK resumption.", "tls_session_reuse", True),
    ("Every visitor paid a full handshake on every connection.", "tls_session_reuse", False),
    # pipelining and connection close
    ("We set a pipelining depth of 16.", "pipelining", 16),
    ("Clients kept 8 requests pipelined at a time.", "pipelining", 8),
    ("Requests were pipelined by the client.", "pipelining", True),
    ("Connections were closed gracefully after the response.", "connection_close", "FIN"),
    ("The server performed a graceful TCP shutdown.", "connection_close", "FIN"),
    ("The tool ended each exchange with a TCP reset.", "connection_close", "RST"),
    ("Our generator was resetting the TCP connections after each reply.", "connection_close",
     "RST"),
    # license
    ("The appliance was licensed for 5 Gbps of throughput.", "license_cap",
     {"value": 5.0, "unit": "Gbps"}),
    ("It ran with a 200 Mbps license.", "license_cap", {"value": 0.2, "unit": "Gbps"}),
    ("The unit stayed under its licence limit of 1 Gbps.", "license_cap",
     {"value": 1.0, "unit": "Gbps"}),
    ("Edition Orbit-Good 25Gbps was used.", "license_cap", {"value": 25.0, "unit": "Gbps"}),
    ("License file QXR_V3000_EDGE_Retail.lic", "license_cap",
     {"value": 3.0, "unit": "Gbps"}),
    # load_setting
    ("SimUsers were set to 256 or 512 depending on the device.", "load_setting",
     {"kind": "simusers", "value": [256, 512], "per_device": True}),
    ("Traffic came from 4,096 clients spread over two racks.", "load_setting",
     {"kind": "clients", "value": 4096}),
    ("The script ramped to 50 virtual users.", "load_setting", {"kind": "vus", "value": 50}),
    ("Load was throttled back to 75% CPU on both boxes.", "load_setting",
     {"kind": "cpu_target", "value": 75.0}),
    ("The offered load was capped at 3 Gbps.", "load_setting",
     {"kind": "rate", "value": 3.0, "unit": "Gbps"}),
    ("The generator ran with -c 300 throughout.", "load_setting",
     {"kind": "connections", "value": 300}),
    # concurrency
    ("Latency was sampled between 100 and 800 concurrent connections.", "concurrency", [100, 800]),
    ("We stepped from 50 to 1,500 simultaneous users.", "concurrency", [50, 1500]),
    ("The run held steady with 64 concurrent connections.", "concurrency", 64),
    ("A concurrency of 32 was used throughout.", "concurrency", 32),
    ("Each client opened 20 connections to the proxy.", "concurrency", 20),
    # interfaces
    ("The DUT had two 25GbE ports toward the switch.", "interfaces", "2x25GbE"),
    ("Uplinks: 8 x 100 Gbps", "interfaces", "8x100Gbps"),
    ("Each blade brought a 6-port 10 Gigabit Ethernet module.", "interfaces", "6x10GbE"),
    # hardware
    ("Both ADCs ran on c5n.4xlarge instances.", "hardware", {"instance_type": "c5n.4xlarge"}),
    ("The host was a 16-core server with 64 GB of RAM.", "hardware", {"cores": 16}),
    ("The host was a 16-core server with 64 GB of RAM.", "hardware", {"memory_gb": 64}),
    ("Each VM had 8 vCPUs.", "hardware", {"vcpu": 8}),
    # software_version
    ("The box was running firmware 7.4.2-build1234.", "software_version", "7.4.2-build1234"),
    ("We tested BIG-IP v15.1.8 against the rival.", "software_version", "15.1.8"),
    ("Software release B.2.7 shipped on the module.", "software_version", "B.2.7"),
    ("The unit ran PellOS 12.1 Build 55.18 in all tests.", "software_version", "12.1 Build 55.18"),
    ("Both ran release 4.2 build 1177.", "software_version", "4.2 build 1177"),
    ("We benchmarked tarnproxy v0.9.3 against it.", "software_version", "0.9.3"),
    # profile
    ("Both units were left at factory defaults.", "profile", "factory defaults"),
    ("The Turbo preset was enabled on the virtual server.", "profile", "Turbo"),
    ("We also tried the QuickWeb profile.", "profile", "QuickWeb"),
    ("The standard HTTP profile was applied to every listener.", "profile", "Standard"),
    ("Hyper-threading was enabled in the BIOS.", "profile", "HT enabled"),
    ("SMT was disabled on the host.", "profile", "SMT disabled"),
    # traffic_generator
    ("Load came from a Spirent Avalanche 3100B pair.", "traffic_generator",
     {"name": "Spirent Avalanche 3100B", "version": None, "limit": None}),
    ("Traffic was generated with IxLoad 9.10 on two chassis.", "traffic_generator",
     {"name": "IxLoad", "version": "9.10", "limit": None}),
    ("We ran the benchmark with wrk from a second host.", "traffic_generator",
     {"name": "wrk", "version": None, "limit": None}),
    ("The scripts used Grafana k6 for every scenario.", "traffic_generator",
     {"name": "Grafana k6", "version": None, "limit": None}),
    ("We used Apache JMeter for the soak.", "traffic_generator",
     {"name": "JMeter", "version": None, "limit": None}),
    ("A Locust swarm provided the users.", "traffic_generator",
     {"name": "Locust", "version": None, "limit": None}),
    ("The Spirent Avalanche hit its ~120K RPS generation limit early.", "traffic_generator",
     {"name": "Spirent Avalanche", "version": None, "limit": {"value": 120000.0, "unit": "RPS"}}),
    ("Chassis: Ixia XM12 / IxLoad 8.01", "traffic_generator",
     {"name": "IxLoad", "version": "8.01", "limit": None}),
    ("Chassis: Ixia XM12 / IxLoad 8.01", "traffic_generator",
     {"name": "Ixia XM12", "version": None, "limit": None}),
    ("The tester has a ~9K CPS generation limit.", "traffic_generator",
     {"name": None, "version": None, "limit": {"value": 9000.0, "unit": "CPS"}}),
    ("Load came from a Spirent C100 running Avalanche 4.8.", "traffic_generator",
     {"name": "Spirent Avalanche", "version": "4.8", "limit": None}),
    ("Load came from a Spirent C100 running Avalanche 4.8.", "traffic_generator",
     {"name": "Spirent C100", "version": None, "limit": None}),
    # duration
    ("Each test ran for 90 seconds after warm-up.", "duration", 90.0),
    ("Results come from a 2-minute steady-state window.", "duration", 120.0),
    ("Each run lasted ten minutes.", "duration", 600.0),
    ("Test duration: 30 s", "duration", 30.0),
    ("The soak sent 500,000 transactions over five minutes.", "duration", 300.0),
    # runs
    ("We report the median of 7 runs.", "runs", {"count": 7, "policy": "median"}),
    ("Each configuration was repeated five times and the best result kept.", "runs",
     {"count": 5, "policy": "best"}),
    ("The maximum rate was found by binary search.", "runs",
     {"count": None, "policy": "binary search"}),
    ("Numbers are averaged over 4 runs.", "runs", {"count": 4, "policy": "mean"}),
    # failure_criteria
    ("The rate counted only when there were no failed transactions.", "failure_criteria",
     "no failed transactions"),
    ("We kept aborting any request that takes longer than 2 seconds.", "failure_criteria",
     "aborting any request that takes longer than 2 seconds"),
    ("A pass needed an error rate below 0.1%.", "failure_criteria", "error rate below 0.1%"),
    ("Capacity was the highest load sustained without errors.", "failure_criteria",
     "without errors"),
    # power_method
    ("Power was read from an inline power meter.", "power_method", "measured"),
    ("Wattage came from the nameplate rating.", "power_method", "nameplate"),
    ("The chassis command show power gave the allocated power for the card.", "power_method",
     "allocated"),
    ("We quote datasheet power figures for the rival box.", "power_method", "nameplate"),
    ("The power draw of both units was measured at the wall.", "power_method", "measured"),
    # latency_statistic
    ("We report the 99th percentile response time.", "latency_statistic", "p99"),
    ("The p99.9 latency stayed under 4 ms.", "latency_statistic", "p99.9"),
    ("Average latency was 2.1 ms.", "latency_statistic", "mean"),
    ("The median response time fell by a third.", "latency_statistic", "p50"),
    ("Maximum latency spiked to 80 ms.", "latency_statistic", "max"),
    ("On average the latency was 3 ms lower.", "latency_statistic", "mean"),
    ("P90 latency is what we plot.", "latency_statistic", "p90"),
    # errors
    ("At peak, wrk reported 87 timeouts.", "errors",
     {"count": 87, "kind": "timeouts", "text": "87 timeouts"}),
    ("The proxy returned 1,204 non-2xx responses.", "errors",
     {"count": 1204, "kind": "non_2xx", "text": "1,204 non-2xx responses"}),
    ("Clients saw 64 connection-closed errors.", "errors",
     {"count": 64, "kind": "connection_closed", "text": "64 connection-closed errors"}),
    ("There were a handful of connection resets.", "errors",
     {"count": None, "kind": "connection_closed", "text": "a handful of connection resets"}),
    ("The rival logged 12 failed requests.", "errors",
     {"count": 12, "kind": "failures", "text": "12 failed requests"}),
    ("The other box produced dozens of errors.", "errors",
     {"count": None, "kind": "errors", "text": "dozens of errors"}),
    ("Socket errors: connect 0, read 3, write 0, timeout 41", "errors",
     {"count": 41, "kind": "timeouts", "text": "Socket errors: connect 0, read 3, write 0, timeout 41"}),
    # client_placement
    ("The load generator ran on the same VM as the web server.", "client_placement", "same_host"),
    ("wrk hit the server on localhost.", "client_placement", "same_host"),
    ("All services ran on one laptop.", "client_placement", "same_host"),
    ("Load came from separate client machines.", "client_placement", "separate"),
    ("Everything ran on the same VM.", "client_placement", "same_host"),
    ("These were two directly connected machines.", "client_placement", "separate"),
    ("The client and server were two directly connected machines.", "client_placement",
     "separate"),
    # l7_decision
    ("A rule checks whether the path begins with /static and sends it to another pool.",
     "l7_decision", "path begins with /static and sends it to another pool"),
    ("Requests were split based on the HTTP host header.", "l7_decision",
     "based on the HTTP host header"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "name", "value"), PROSE)
def test_prose(text: str, name: str, value: object) -> None:
    c = found(text, name, value)
    assert not c.hedged


def test_spans_and_offset() -> None:
    text = "Clients used keep-alive with 12 requests per connection."
    c = found(text, "requests_per_connection", 12, offset=0)
    assert (c.start, c.end, c.text) == (29, 55, "12 requests per connection")
    shifted = found(text, "requests_per_connection", 12, offset=500)
    assert (shifted.start, shifted.end) == (529, 555)


def test_l7_rule_keeps_the_pattern() -> None:
    c = found("If the URL ends with .jpg the request goes to the image pool.", "l7_decision")
    assert c.value.startswith("URL ends with .jpg")


# --- what is not a condition ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The MTU was 1500 bytes on every link.", "object_size"),
        ("The server delayed responses by 60 seconds to hold connections open.", "duration"),
        ("P95 latency of 3 seconds was the worst result.", "duration"),
        ("Throughput rose 2x over the older release.", "interfaces"),
        ("The header X-Forwarded-For was inserted.", "cipher"),
        ("We negotiated TLS v1.3 everywhere.", "software_version"),
        ("Runs with more than one GET per connection count as request-rate tests.",
         "requests_per_connection"),
        ("The ADC sustained 310,000 concurrent connections.", "concurrency"),
        ("Servers were hosted on the same machine as the database.", "client_placement"),
        ("Our spec sheet lists 60 ports.", "power_method"),
        ("The RX-40 kept 9 Gbps of inspected traffic flowing.", "load_setting"),
        ("A checkout request over 2 seconds counted as failed.", "duration"),
    ],
)  # fmt: skip
def test_not_a_condition(text: str, name: str) -> None:
    absent(text, name)


# --- negation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("The handshake test ran with no session reuse.", "tls_session_reuse", False),
        ("Session resumption was disabled on the listener.", "tls_session_reuse", False),
        ("HTTP pipelining was not used.", "pipelining", False),
        ("Runs were made without pipelining.", "pipelining", False),
        ("Keep-alive was disabled for this run.", "requests_per_connection", 1),
        ("The Orrin ran no EdgeLite profile.", "profile", "EdgeLite"),
        (
            "Tests were not run at 4096 SimUsers.",
            "load_setting",
            {"kind": "simusers", "value": 4096},
        ),
    ],
)
def test_negated(text: str, name: str, value: object) -> None:
    assert found(text, name, value).negated


def test_plain_statement_not_negated() -> None:
    assert not found("TLS session tickets were enabled.", "tls_session_reuse", True).negated


# --- hedging --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Some vendors quote SSL TPS with 100 requests per connection.", "requests_per_connection"),
        ("Competitors often reset the TCP connection to look faster.", "connection_close"),
        ("Figures taken with session reuse can be misleading.", "tls_session_reuse"),
        ("A handshake rate should never be measured with 50 requests per TLS session.",
         "requests_per_connection"),
        ("Another report pipelined requests over one SSL connection.", "pipelining"),
        ("Many of the publicly available numbers use 0 byte files.", "object_size"),
        ("They measured requests instead of doing an L4-only comparison.", "processing_layer"),
    ],
)  # fmt: skip
def test_hedged(text: str, name: str) -> None:
    assert found(text, name).hedged


@pytest.mark.parametrize(
    "text",
    [
        "## Pipeline/Automation",
        "The pipeline scripts start the Quillback servers, run the clients and plot the results.",
        "Our CI pipeline reruns the benchmark on every merge.",
        "Results flow through a data pipeline into the dashboard.",
    ],
)
def test_a_build_or_data_pipeline_is_not_http_pipelining(text: str) -> None:
    absent(text, "pipelining")


def test_http_pipeline_is_pipelining() -> None:
    assert found("The client kept an HTTP pipeline of requests open.", "pipelining").value is True


def test_topic_sentence_hedges_the_paragraph() -> None:
    text = ("One vendor released figures for its appliance last spring. Their test sent "
            "100 requests per SSL connection. It used a 2048-bit key.")  # fmt: skip
    assert found(text, "requests_per_connection", 100).hedged
    assert found(text, "key_size", 2048).hedged


def test_contrast_is_not_hedged() -> None:
    c = found("Unlike other vendors, we used one request per connection.",
              "requests_per_connection", 1)  # fmt: skip
    assert not c.hedged


def test_own_sentence_after_hedged_one() -> None:
    text = "Some vendors quote SSL TPS at 100 requests per connection. We used 1 request per connection."
    conds = conditions_in_text(text)
    hedges = {c.value: c.hedged for c in conds if c.name == "requests_per_connection"}
    assert hedges == {100: True, 1: False}


# --- table cells ----------------------------------------------------------------------------

CELLS = [
    ("HTTP Requests per Connection", "1 and 100", "requests_per_connection", [1, 100]),
    ("Requests/Conn", "10", "requests_per_connection", 10),
    ("Layer 7 Processing", "Yes", "processing_layer", "L7"),
    ("Layer 7 Processing", "No", "processing_layer", "L4"),
    ("Object size", "256 Kilobytes", "object_size", 256000),
    ("File size (KB)", "4", "object_size", 4000),
    ("Response size", "512 Bytes", "object_size", 512),
    ("Notes", "SMT enabled on the host.", "profile", "SMT enabled"),
    ("TLS Version", "v1.3", "tls_version", "TLS1.3"),
    ("Cipher", "aes128-sha", "cipher", "AES128-SHA"),
    ("Key Size", "2048", "key_size", 2048),
    ("Certificate", "4K RSA key", "key_size", 4096),
    ("Key Type", "ecdsa", "key_type", "ECDSA"),
    ("Pipeline depth", "32", "pipelining", 32),
    ("Connection close", "RST", "connection_close", "RST"),
    ("License", "Metered-Better 3Gbps", "license_cap", {"value": 3.0, "unit": "Gbps"}),
    ("License", "QXR_V25000_EDGE_Retail.lic", "license_cap",
     {"value": 25.0, "unit": "Gbps"}),
    ("Simulated Users*", "768", "load_setting", {"kind": "simusers", "value": 768}),
    ("Virtual Users", "200", "load_setting", {"kind": "vus", "value": 200}),
    ("Concurrency", "500", "concurrency", 500),
    ("Uplinks to Switch", "2 x 40 Gbps", "interfaces", "2x40Gbps"),
    ("Instance Type", "C6i.Large", "hardware", {"instance_type": "c6i.large"}),
    ("vCPU", "4", "hardware", {"vcpu": 4}),
    ("Physical Cores", "2", "hardware", {"cores": 2}),
    ("Memory (GiB)", "16", "hardware", {"memory_gb": 16}),
    ("Software Version", "v11.5.4-HF2", "software_version", "11.5.4-HF2"),
    ("Version", "13.0 Build 47.22 (Jan 2 2020)", "software_version", "13.0 Build 47.22"),
    ("Version", "A3(2.4)", "software_version", "A3(2.4)"),
    ("Profile", "Quick L4", "profile", "QuickL4"),
    ("Test Tool", "Apache JMeter 5.6", "traffic_generator",
     {"name": "JMeter", "version": "5.6", "limit": None}),
    ("Duration", "5m", "duration", 300.0),
    ("Test Duration", "90 seconds", "duration", 90.0),
    ("Runs", "3", "runs", {"count": 3, "policy": None}),
    ("Pass criteria", "zero HTTP errors", "failure_criteria", "zero HTTP errors"),
    ("Power measurement", "Measured at the wall", "power_method", "measured"),
    ("Latency percentile", "P99", "latency_statistic", "p99"),
    ("Timeouts", "103", "errors", {"count": 103, "kind": "timeouts", "text": "103"}),
    ("Session Reuse", "Yes", "tls_session_reuse", True),
    ("Client placement", "load generator on localhost", "client_placement", "same_host"),
    ("L7 rule", "Host header equals api.example.com", "l7_decision",
     "Host header equals api.example.com"),
]  # fmt: skip


@pytest.mark.parametrize(("header", "text", "name", "value"), CELLS)
def test_cells(header: str, text: str, name: str, value: object) -> None:
    c = cell(header, text)
    assert (c.name, c.value) == (name, value)


def test_cell_negation_and_unknowns() -> None:
    c = cell("Session Reuse", "No")
    assert (c.value, c.negated) == (False, True)
    assert condition_from_cell("Vendor", "Acme", 0, 4) is None
    assert condition_from_cell("Simulated Users", "n/a", 0, 3) is None
    assert condition_from_cell("", "", 0, 0) is None


# --- commands and configs -------------------------------------------------------------------


def test_wrk() -> None:
    text = "wrk -t4 -c200 -d60s --latency http://x/"
    assert command(text, "load_setting").value == {"kind": "connections", "value": 200}
    assert command(text, "duration").value == 60.0
    assert command(text, "traffic_generator").value["name"] == "wrk"
    assert command(text, "duration").text == "-d60s"


def test_autocannon() -> None:
    text = "autocannon -c 100 -d 40 -p 10 http://x"
    assert command(text, "pipelining").value == 10
    assert command(text, "duration").value == 40.0
    assert command(text, "load_setting").value == {"kind": "connections", "value": 100}
    assert command(text, "pipelining").text == "-p 10"


def test_h2load_streams_are_pipelining() -> None:
    text = "h2load -n 100000 -c 100 -m 10 https://x"
    assert command(text, "pipelining").value == 10
    assert command(text, "load_setting").value == {"kind": "clients", "value": 100}
    assert command(text, "traffic_generator").value["name"] == "h2load"


def test_ab_keepalive() -> None:
    text = "ab -n 10000 -c 50 -k http://x/"
    assert command(text, "profile", "keep-alive").text == "-k"
    assert command(text, "load_setting").value == {"kind": "connections", "value": 50}
    assert not [c for c in conditions_in_command(text) if c.name == "requests_per_connection"]


def test_ab_without_keepalive_is_one_request_per_connection() -> None:
    text = "ab -n 500 -c 5 -Z AES128-SHA -f TLS1.2 https://x/"
    assert command(text, "requests_per_connection").value == 1
    assert command(text, "cipher").value == "AES128-SHA"
    assert command(text, "tls_version").value == "TLS1.2"


def test_k6_options() -> None:
    text = "export const options = { vus: 50, duration: '30s' }"
    assert command(text, "load_setting").value == {"kind": "vus", "value": 50}
    assert command(text, "duration").value == 30.0
    assert command(text, "traffic_generator").value["name"] == "Grafana k6"


def test_k6_stages_and_thresholds() -> None:
    text = """import http from 'k6/http';
export const options = {
  stages: [
    { duration: '1m', target: 40 },
    { duration: '2m30s', target: 80 },
  ],
  thresholds: { http_req_duration: ['p(99)<250'], http_req_failed: ['rate<0.02'] },
};"""
    assert command(text, "duration").value == 210.0
    assert command(text, "load_setting").value == {"kind": "vus", "value": 80}
    assert command(text, "latency_statistic").value == "p99"
    assert command(text, "failure_criteria", "http_req_failed rate<0.02")


def test_other_tools() -> None:
    hey = "hey -n 2000 -c 40 -z 45s -disable-keepalive http://x"
    assert command(hey, "duration").value == 45.0
    assert command(hey, "requests_per_connection").value == 1
    vegeta = "echo GET http://x | vegeta attack -rate=300/s -duration=20s | vegeta report"
    assert command(vegeta, "load_setting").value == {"kind": "rate", "value": 300.0, "unit": "RPS"}
    assert command(vegeta, "duration").value == 20.0
    k6 = "k6 run --vus 10 --duration 2m script.js"
    assert command(k6, "duration").value == 120.0
    wrk2 = 'wrk2 -t2 -c64 -d30s -R5000 -H "Connection: close" http://x'
    assert command(wrk2, "load_setting", {"kind": "rate", "value": 5000.0, "unit": "RPS"})
    assert command(wrk2, "requests_per_connection").value == 1
    multi = "docker run --rm williamyeh/wrk -t2 -c80 \\\n  -d3m http://x"
    assert command(multi, "duration").value == 180.0
    assert command(multi, "load_setting").value == {"kind": "connections", "value": 80}


def test_tool_output_errors() -> None:
    text = (
        "$ wrk -t2 -c32 -d20s http://x/\n"
        "  Socket errors: connect 0, read 2, write 0, timeout 17\n"
        "  Non-2xx or 3xx responses: 455\n"
    )
    assert command(
        text, "errors", {"count": 17, "kind": "timeouts", "text": text.splitlines()[1].strip()}
    )
    non2xx = command(
        text, "errors", {"count": 455, "kind": "non_2xx", "text": "Non-2xx or 3xx responses: 455"}
    )
    assert non2xx.text == "Non-2xx or 3xx responses: 455"


def test_tool_summary_is_not_k6_config() -> None:
    text = "$ oha -z 20s -c 16 --no-tui http://x\nSummary:\n  Success rate: 100.00%"
    kinds = [c.value["kind"] for c in conditions_in_command(text) if c.name == "load_setting"]
    assert kinds == ["connections"]


def test_command_inside_prose() -> None:
    text = "We ran `wrk -t8 -c400 -d2m http://dut/` from a second host."
    assert found(text, "load_setting").value == {"kind": "connections", "value": 400}
    assert found(text, "duration").value == 120.0


def test_no_tool_no_conditions() -> None:
    assert conditions_in_command("ls -la /tmp && echo -c 5") == []


# --- totality and linear time -----------------------------------------------------------------

TOTAL = settings(max_examples=300, deadline=None)


@TOTAL
@given(st.text(), st.integers(min_value=0, max_value=10**9))
def test_text_is_total(text: str, offset: int) -> None:
    for c in _checked(conditions_in_text(text, offset), text, offset):
        assert isinstance(c, RawCondition)
    _checked(conditions_in_command(text, offset), text, offset)


@TOTAL
@given(st.text(max_size=80), st.text(max_size=200))
def test_cell_is_total(header: str, text: str) -> None:
    condition_from_cell(header, text, 0, len(text))


_VOCAB = (  # noqa: SIM905 - a word list is easier to read as one string
    "the per request requests connection session 10 Gbps TLS 1.3 key 2048 bit users x -c five "
    "minutes licensed for 8 KB no reuse v1.2 P95 FIN RST only L4 wrk ab -d release software "
    "simultaneous from to inspects URI SimUsers errors timeouts runs best commissioned by Acme "
    "show power AES256-SHA m5.2xlarge cores . , ( ) : - 'k6' stages: [ p(95)< without"
).split()


@TOTAL
@given(st.lists(st.sampled_from(_VOCAB), max_size=60))
def test_vocabulary_soup_is_total(words: list[str]) -> None:
    text = " ".join(words)
    _checked(conditions_in_text(text, 3), text, 3)
    _checked(conditions_in_command(text, 3), text, 3)


def test_one_megabyte_returns() -> None:
    rng = random.Random(7)
    parts = []
    size = 0
    while size < 1_000_000:
        if rng.random() < 0.3:
            word = str(rng.randint(0, 99999))
        else:
            word = "".join(rng.choice(string.ascii_letters) for _ in range(rng.randint(1, 9)))
        parts.append(word)
        size += len(word) + 1
    text = " ".join(parts)[:1_000_000]
    assert isinstance(conditions_in_text(text), list)
    assert isinstance(conditions_in_command(text), list)


def test_dense_vocabulary_returns() -> None:
    rng = random.Random(11)
    text = " ".join(rng.choice(_VOCAB) for _ in range(40_000))
    _checked(conditions_in_text(text, 5), text, 5)
    _checked(conditions_in_command(text, 5), text, 5)


@pytest.mark.parametrize("unit", ["A-", "1,", "v1.", "Spirent ", "PAYG-", "stages: [", "\\\n"])
def test_repetitive_input_returns(unit: str) -> None:
    text = unit * (200_000 // len(unit))
    assert isinstance(conditions_in_text(text), list)
    assert isinstance(conditions_in_command(text), list)


def test_bad_types() -> None:
    assert conditions_in_text(None) == []  # type: ignore[arg-type]
    assert conditions_in_command(b"wrk -c 1") == []  # type: ignore[arg-type]
    assert condition_from_cell(None, "1", 0, 1) is None  # type: ignore[arg-type]


# --- recall on the seed reports (values only; no seed text is quoted here) ----------------------

SEEDS = Path("/work/shared/seeds")


def _seed_facts() -> set[tuple[str, str]]:
    facts = set()
    for path in sorted(SEEDS.glob("*.txt")):
        raw = path.read_text(encoding="utf-8")
        for para in re.split(r"\n\s*\n", raw):
            for c in conditions_in_text(para.replace("\n", " ")):
                if not c.hedged:
                    facts.add((c.name, repr(c.value)))
    return facts


@pytest.mark.skipif(not SEEDS.is_dir(), reason="seed reports not present")
def test_seed_recall() -> None:
    facts = _seed_facts()
    expected = [
        ("requests_per_connection", [1, 10, 100]),
        ("requests_per_connection", 50),
        ("requests_per_connection", 100),
        ("requests_per_connection", 10),
        ("requests_per_connection", 1),
        ("cipher", "AES256-SHA"),
        ("key_size", 2048),
        ("license_cap", {"value": 8.0, "unit": "Gbps"}),
        ("load_setting", {"kind": "simusers", "value": [512, 768, 1024], "per_device": True}),
        ("traffic_generator", {"name": "IXIA XT80", "version": None, "limit": None}),
        ("traffic_generator", {"name": "IxLoad", "version": "6.0-EA", "limit": None}),
        ("traffic_generator", {"name": "Grafana k6", "version": None, "limit": None}),
        ("power_method", "allocated"),
        ("power_method", "measured"),
        ("profile", "FastL4"),
        ("profile", "FastHTTP"),
        ("hardware", {"instance_type": "m5.2xlarge"}),
        ("duration", 300.0),
        ("latency_statistic", "p95"),
        ("processing_layer", "L7"),
        ("processing_layer", "L4"),
        ("object_size", [128, 5000, 16000, 32000, 128000]),
    ]
    missing = [(n, v) for n, v in expected if (n, repr(v)) not in facts]
    assert not missing
    assert any(n == "traffic_generator" and "Spirent Avalanche 2700C" in v for n, v in facts)


def test_named_profiles_beyond_a_vendor_vocabulary():
    text = "The Acme box ran its Turbo profile while the Zeta box used a fast-path mode."
    found = sorted((c.name, c.value) for c in conditions_in_text(text))
    assert found == [("profile", "Turbo"), ("profile", "fast path")]
    assert conditions_in_text("The traffic profile was 80% GET and 20% POST.") == []


def test_a_name_followed_by_its_release_is_read_and_marked_as_owned():
    text = "We ran Corvex 1.25.3 and Tarnel v2.8 on Ubuntu 22.04."
    found = {r.value: r.owner_named for r in conditions_in_text(text, 0)
             if r.name == "software_version"}  # fmt: skip
    assert found == {"1.25.3": True, "2.8": True, "22.04": True}


@pytest.mark.parametrize(
    "text",
    [
        "See Figure 3.2 and Table 4.1 for the details.",
        "All clients spoke HTTP 1.1 over TLS 1.3.",
        "The host had a Xeon 2.4 GHz processor.",
        "Section 6.1 lists the settings; Step 2.3 restarts the service.",
    ],
)
def test_document_parts_protocols_and_quantities_are_not_releases(text):
    assert not [r for r in conditions_in_text(text, 0) if r.name == "software_version"]


def test_a_named_release_belongs_to_the_device_it_names_only():
    from claimcheck.extract.scoping import _owner

    text = "Kestrel OS 7.2 ran on the box, next to Docker 27.1."
    named = [(0, "kestrel")]
    assert _owner(text, 0, text.index("7.2"), named) == "kestrel"
    assert _owner(text, 0, text.index("27.1"), named) is None


def test_each_device_gets_the_value_stated_after_it_in_a_sentence():
    text = """| Device | RPS |
|---|---|
| Kestrel K-4200 | 100 |
| Tarn T-115 | 90 |

The Kestrel K-4200 and the Tarn T-115 ran version 5.5. The Kestrel K-4200 ran software
12.1.4 and the Tarn T-115 ran release 9.4.2.
"""
    ex = claimcheck.extract(text, "x.md")
    got = sorted((c.value, c.device) for c in ex.conditions if c.name == "software_version")
    assert got == [
        ("12.1.4", "kestrel-kestrel-k4200"),
        ("5.5", "kestrel-kestrel-k4200"),
        ("5.5", "tarn-tarn-t115"),
        ("9.4.2", "tarn-tarn-t115"),
    ]
