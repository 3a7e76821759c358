"""D001-D003 read every statement of a condition: prose, table headers, headings, command
lines, what a tool printed and what a tool does by itself; and only results count as
results (criteria, goals, hypotheticals, emulated networks and offered loads are settings).

Every report here is invented for these tests (products, hosts and numbers), in the genres
the rules meet: a README with tool output, a vendor datasheet, a lab review and a blog.
"""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.api import extract_facts
from claimcheck.extract import tooltable
from claimcheck.extract.conditions import conditions_in_command, conditions_in_text
from claimcheck.extract.roles import prose_role
from claimcheck.extract.runs.commands import command_runs
from claimcheck.extract.runs.model import Run, Value
from claimcheck.facts.subjects import is_name_title, run_section_subjects
from claimcheck.facts.versions import written_releases


def findings(text: str, code: str) -> list:
    result = claimcheck.check_text(text, name="report.md", select=[code])
    assert not result.errors, result.errors
    return [f for f in result.findings if f.rule == code]


def conditions(text: str) -> dict[str, list]:
    """name -> [(value, source)] of the conditions the extractor finds in a report."""
    out: dict[str, list] = {}
    for c in claimcheck.extract(text, name="report.md").conditions:
        out.setdefault(c.name, []).append((c.value, c.source))
    return out


def results(text: str) -> list:
    return extract_facts(text, name="report.md").results()


# --- one tool table for commands and runs --------------------------------------------------------


def test_every_tool_entry_is_complete():
    known = {"connections", "clients", "vus", "streams", "threads", "duration", "rate",
             "rate_per_worker", "interval", "requests", "calls", "pipelining", "size", "mode",
             "cipher", "tls_version", "header", "script", "target", "stage", "keepalive_bool",
             "timeout", "skip", "", *tooltable.MEANINGFUL_FLAGS}  # fmt: skip
    for name, tool in tooltable.table().items():
        assert tool.label, name
        assert set(tool.options.values()) <= known, (name, set(tool.options.values()) - known)
        for mode, fixed in tool.modes.items():
            assert fixed, (name, mode)


def test_a_command_sets_the_same_parameters_for_conditions_and_runs():
    cmd = "wrk -t6 -c240 -d45s http://10.9.0.7:8080/items"
    found = {c.name: c.value for c in conditions_in_command(cmd) if not c.origin}
    (run,) = command_runs(cmd)
    assert found["load_setting"] == {"kind": "connections", "value": 240}
    assert run.connections.value == 240
    assert found["duration"] == run.duration.value == 45.0


@pytest.mark.parametrize(
    ("cmd", "name", "value"),
    [
        ("wrk http://127.0.0.1:9100/", "requests_per_connection", "keep-alive"),
        ("wrk http://127.0.0.1:9100/", "processing_layer", "L7"),
        ("ab -n 5000 -c 20 http://10.1.1.4/", "requests_per_connection", 1),
        ("iperf3 -c 10.2.0.9 -P 4", "object_size", "stream"),
        ("iperf3 -c 10.2.0.9 -P 4", "duration", 10.0),
        ("ping -c 500 10.2.0.9", "object_size", 56),
    ],
)
def test_what_a_tool_does_by_default_is_a_condition_of_origin_default(cmd, name, value):
    found = [c for c in conditions_in_command(cmd) if c.name == name]
    assert [(c.value, c.origin) for c in found] == [(value, "default")]


@pytest.mark.parametrize(
    ("cmd", "name", "value"),
    [
        ('wrk -H "Connection: close" http://10.0.0.3/', "requests_per_connection", 1),
        ("ab -k -n 900 -c 3 http://10.0.0.3/", "profile", "keep-alive"),
        ("netperf -H 10.4.4.4 -t TCP_RR -l 60", "object_size", 1),
        ("netperf -H 10.4.4.4 -t TCP_CRR -l 60", "requests_per_connection", 1),
        ("netperf -H 10.4.4.4 -t TCP_STREAM", "object_size", "stream"),
        ("iperf -c 10.0.0.2 -t 30", "duration", 30.0),
    ],
)
def test_options_override_the_tools_defaults(cmd, name, value):
    found = [c for c in conditions_in_command(cmd) if c.name == name]
    assert [(c.value, c.origin) for c in found] == [(value, "")]


def test_an_ab_run_kept_alive_implies_no_single_request_per_connection():
    found = [
        c
        for c in conditions_in_command("ab -k -n 900 http://10.0.0.3/")
        if c.name == "requests_per_connection"
    ]
    assert found == []


def test_ping_interval_is_a_rate_and_its_count_no_concurrency():
    found = [(c.name, c.value) for c in conditions_in_command("ping -c 30000 -i 0.002 10.0.0.8")]
    assert ("load_setting", {"kind": "rate", "value": 500.0, "unit": "RPS"}) in found
    assert not any(n == "load_setting" and v.get("kind") == "connections" for n, v in found)


@pytest.mark.parametrize(
    "text",
    ["curl http://edge.example.net/ping", "GET /ping HTTP/1.1", "cd wrk2 && make",
     "./plot-latency.sh wrk  # client side"],
)  # fmt: skip
def test_a_tool_name_that_runs_nothing_sets_no_default(text):
    assert not [c for c in conditions_in_command(text) if c.origin]


def test_a_command_inside_a_quoted_shell_script_is_read():
    text = "docker compose exec -T runner sh -c 'echo \"GET http://quill:80/a\" | vegeta attack -rate=800 -duration=20s'"
    found = {c.name: c.value for c in conditions_in_command(text) if not c.origin}
    assert found["duration"] == 20.0
    assert [r.tool for r in command_runs(text)] == ["vegeta"]


def test_inline_command_options_mean_what_the_tool_says():
    found = conditions_in_text("Round trips were timed with `ping -c 4000 -i 0.01 peer-b`.")
    assert not any(c.name == "load_setting" and c.value.get("kind") == "connections" for c in found)


def test_named_tool_test_fixes_its_conditions_in_prose():
    found = {(c.name, c.value) for c in conditions_in_text(
        "Request/response rates come from netperf TCP_RR between two pods.")
        if c.name != "traffic_generator"}  # fmt: skip
    assert {("object_size", 1), ("requests_per_connection", "keep-alive"),
            ("processing_layer", "L4")} <= found  # fmt: skip


# --- conditions a tool printed ------------------------------------------------------------------

WRK_README = """# sparrowgate

## sparrowgate 0.9.1

```
$ wrk http://10.3.0.2:8000/hello --latency
Running 15s test @ http://10.3.0.2:8000/hello
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   212.40us  101.20us   6.10ms   91.10%
    Req/Sec    23.10k     1.02k   25.30k    80.00%
  692011 requests in 15.10s, 80.21MB read
Requests/sec:  45828.54
Transfer/sec:      5.31MB
```
"""


def test_wrk_output_states_duration_and_connections():
    found = conditions(WRK_README)
    assert (15.0, "output") in found["duration"]
    assert ({"kind": "connections", "value": 10}, "output") in found["load_setting"]
    assert ("keep-alive", "default") in found["requests_per_connection"]


def test_tool_results_are_results_with_their_statistic():
    figs = results(WRK_README)
    stats = {(m.metric, m.statistic) for m in figs}
    assert ("rps", None) in stats and ("latency", "mean") in stats
    assert all(m.source == "tool" and m.conditions.get("concurrency") == "10" for m in figs)


def test_d001_fires_on_tool_output_without_object_size():
    found = findings(WRK_README, "D001")
    assert found and all("object size" in f.message for f in found)
    assert not any("requests per connection" in f.message for f in found)


HEY_README = """## Results for ravenproxy 2.2.0

```
hey -n 50000 -c 100 http://10.0.5.5:7000/

Summary:
  Total:	0.9120 secs
  Slowest:	0.0410 secs
  Fastest:	0.0002 secs
  Average:	0.0018 secs
  Requests/sec:	54824.5614

  Total data:	10600000 bytes
  Size/request:	212 bytes
```
"""


def test_hey_size_per_request_is_the_object_size():
    assert (212, "output") in conditions(HEY_README)["object_size"]
    assert not findings(HEY_README, "D001")


AB_OUTPUT = """# pebble web server

```
Server Software:        pebble/3.1.4
Document Length:        612 bytes
Concurrency Level:      50
Time taken for tests:   12.400 seconds
Complete requests:      100000
Failed requests:        0
Requests per second:    8064.52 [#/sec] (mean)
Time per request:       6.200 [ms] (mean)
```
"""


def test_ab_document_length_and_concurrency_are_conditions():
    found = conditions(AB_OUTPUT)
    assert (612, "output") in found["object_size"]
    assert (1, "default") in found["requests_per_connection"]


# --- D001 reads conditions wherever they are stated ----------------------------------------------


def test_d001_netperf_round_trips_state_size_reuse_and_layer():
    text = """# Overlay network comparison

The TCP_RR test sends single-byte requests and responses back to back; TCP_CRR opens a new
connection for each of them.

| Overlay | TCP_RR (transactions/s) |
|---|---|
| Larkspur | 21,400 |
| Fennel | 18,900 |
"""
    assert not findings(text, "D001")
    unnamed = text.replace("The TCP_RR test", "One test").replace("TCP_CRR", "another")
    (found,) = findings(unnamed.replace("TCP_RR (", "round trips ("), "D001")
    assert "object size" in found.message


TUNNELS = """# Tunnel throughput

We measured each tunnel{how}.

| Tunnel | Throughput |
|---|---|
| Wrenlink | 912 Mbits/sec |
| Quayvpn | 874 Mbits/sec |
"""


def test_d001_iperf_stream_has_no_object_size():
    assert not findings(TUNNELS.format(how=" with `iperf -c 10.0.0.2 -t 60`"), "D001")
    (found,) = findings(TUNNELS.format(how=""), "D001")  # no tool named: nothing says how
    assert "object size" in found.message and "processing layer" in found.message


def test_d001_concurrency_in_a_heading_and_sizes_in_a_header():
    text = """# Latency of the Corvid proxy

## 512 connections

Median latency of each proxy:

| Proxy | 64 bytes | 1500 bytes |
|---|---|---|
| Corvid | 2.1 ms | 2.9 ms |
| Sedge | 2.6 ms | 3.4 ms |
"""
    assert not findings(text, "D001")


def test_d001_still_names_the_missing_size_in_a_blog():
    text = "In our lab, the Ember E-4 cut its p99 latency to 1.9 ms with 256 clients."
    (found,) = findings(text, "D001")
    assert "object size" in found.message and "concurrency" not in found.message


def test_d001_tail_share_in_prose_is_a_percentile():
    text = """Each of the 64 connections fetched a 4 KB page: 1% of the requests took longer
than 820 ms and 5% saw more than 310 ms."""
    assert not findings(text, "D001")


def test_d001_datasheet_that_says_it_measured_its_figures():
    text = """# Halden HX-20 data sheet

| Metric | HX-20 |
|---|---|
| SSL transactions per second | 48,000 ¹ |

¹ Measured with RSA 2048-bit keys, one request per TLS session.

All performance figures were measured in the Halden lab.
"""
    (found,) = findings(text, "D001")
    assert "cipher" in found.message


def test_d001_datasheet_figures_that_are_ratings_are_left_alone():
    text = """# Halden HX-20 data sheet

| Metric | HX-20 |
|---|---|
| SSL transactions per second | 48,000 |
"""
    assert not findings(text, "D001")


# --- only results are results ---------------------------------------------------------------------

ROLE_CASES = [
    ("criterion", "A run counts only when the mean latency stays within the acceptable 250 ms.", "250 ms", "latency"),
    ("criterion", "The maximum allowed p95 latency is 40 ms.", "40 ms", "latency"),
    ("goal", "Our goal was to reach 40,000 requests per second on one node.", "40,000 requests per second", "rps"),
    ("goal", "For sizing, plan to handle 12 Gbps per site.", "12 Gbps", "throughput"),
    ("hypothetical", "Suppose each client held a socket for a minute: that would need 9,000 connections per second.", "9,000 connections per second", "cps"),
    ("emulated", "Clients reached the gateway over an emulated WAN link with 80 ms of delay.", "80 ms", "latency"),
    ("normaliser", "Each sidecar used 0.2 vCPU per 1,000 requests per second.", "1,000 requests per second", "rps"),
    ("offered", "We evaluated the two meshes at 50, 500 and 5,000 RPS.", "500", "rps"),
    ("offered", "Latency was taken at 2,000 requests per second using 32 client connections.", "2,000 requests per second", "rps"),
    ("offered", "For the 500 RPS runs we kept the ten best.", "500 RPS", "rps"),
    ("configured", "Attack rate: adjustable (default 5,000 req/s).", "5,000 req/s", "rps"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "sentence", "figure", "family"), ROLE_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(ROLE_CASES)])  # fmt: skip
def test_settings_are_not_results(kind, sentence, figure, family):
    start = sentence.index(figure)
    assert prose_role(sentence, 0, start, family, sentence, 0, start + len(figure)) == "setting"


@pytest.mark.parametrize(
    ("sentence", "figure", "family"),
    [
        ("The Wexford W-9 served 61,000 requests per second on four cores.", "61,000 requests per second", "rps"),
        ("As expected, the proxy reached 48,000 RPS with 256 connections.", "48,000 RPS", "rps"),
        ("The mesh added 3.1 ms of median latency over the baseline.", "3.1 ms", "latency"),
        ("With 1,000 simulated users the appliance set up 40,000 connections per second.", "40,000 connections per second", "cps"),
        ("Throughput peaked at 9.4 Gbps with 1 MB objects.", "9.4 Gbps", "throughput"),
    ],
)  # fmt: skip
def test_results_stay_results(sentence, figure, family):
    start = sentence.index(figure)
    assert prose_role(sentence, 0, start, family, sentence, 0, start + len(figure)) == "result"


def test_a_latency_bound_beside_a_rate_is_its_criterion():
    text = "Here is the highest TPS each terminator reached while keeping mean response time below 100 ms."
    assert not [m for m in results(text) if m.metric == "latency"]


def test_d001_no_finding_from_a_threshold_or_a_goal_alone():
    text = """# Sizing the Tarn T-3

A test point is valid if its mean latency is less than 150 ms. Our aim was to reach
25,000 requests per second for the new site.
"""
    assert not findings(text, "D001")


def test_offered_rates_state_the_load_of_the_latencies():
    text = """# Mesh overhead

We evaluated Palisade and Harrow at 20, 200 and 2,000 RPS with 1 KB responses.
At the median, Palisade added 4 ms and Harrow 9 ms of latency.
"""
    found = findings(text, "D001")
    assert not any("rps" in f.message for f in found)
    assert not any("concurrency or load setting" in f.message for f in found)


def test_a_settings_table_holds_settings():
    text = """# Gateway report

Benchmark test settings:

| RPS | Connections | Duration (Seconds) |
|---|---|---|
| 8000 | 64 | 45 |
"""
    assert not [m for m in results(text) if m.metric in ("rps", "latency")]
    assert (45.0, "table") in conditions(text).get("duration", [])


def test_a_specifications_table_holds_specs():
    text = """# Flavors

Table 2 Fixed specifications of the medium flavor

| Flavor | Max connections | CPS |
|---|---|---|
| Medium | 2,000,000 | 40,000 |
"""
    assert not results(text)


# --- D002 -----------------------------------------------------------------------------------------


def test_d002_a_run_table_states_the_number_of_runs():
    text = """# Kiln 1.4 against Kiln 1.5

Each run lasted 120 seconds; runs differed by less than 2%.

```
  Run |      1.4 |      1.5
------|----------|---------
    1 | 4410 RPS | 4702 RPS
    2 | 4398 RPS | 4711 RPS
    3 | 4405 RPS | 4699 RPS
```
"""
    assert ({"count": 3, "policy": None}, "table") in conditions(text)["runs"]
    assert not findings(text, "D002")


def test_d002_spread_inside_one_run_is_not_variation_between_runs():
    (found,) = findings(WRK_README, "D002")
    assert "variation between runs" in found.message and "duration" not in found.message


def test_d002_a_readme_that_only_runs_a_tool_still_measures():
    text = """# quillproxy benchmark

Results are in the charts below.

```
wrk -c 64 -d 30s http://10.0.0.4:8080/
```
"""
    assert findings(text, "D002")


# --- D003 -----------------------------------------------------------------------------------------

SECTIONS = """# Proxy shoot-out

## Alderproxy{alder}

```
wrk -c 50 -d 60s http://10.0.0.1:8001/
Running 1m test @ http://10.0.0.1:8001/
  2 threads and 50 connections
Requests/sec:  31000.10
```

## Birchgate{birch}

```
wrk -c 50 -d 60s http://10.0.0.1:8002/
Running 1m test @ http://10.0.0.1:8002/
  2 threads and 50 connections
Requests/sec:  29400.55
```
"""


def test_d003_sections_of_runs_are_compared_subjects():
    found = findings(SECTIONS.format(alder="", birch=""), "D003")
    assert any("no software version" in f.message for f in found)


def test_d003_names_the_section_without_a_release():
    found = findings(SECTIONS.format(alder=" (4.2.1)", birch=""), "D003")
    versions = [f for f in found if "software version" in f.message]
    assert versions and "Birchgate" in versions[0].message
    assert "Alderproxy" not in versions[0].message


def test_d003_releases_in_both_titles_are_enough():
    found = findings(SECTIONS.format(alder=" (4.2.1)", birch="(0.7.0)"), "D003")
    assert not [f for f in found if "software version" in f.message]


def _run(section: str, target: str, device: str | None = None) -> Run:
    return Run(tool="wrk", source="command", start=0, end=1, section=section, target=target,
               device=device, results={"rps": Value(1.0, "req/s", 0, 1, "1")})  # fmt: skip


def test_run_sections_loading_one_address_are_one_subject():
    same = [_run("gzip", "http://10.0.0.1:8001/"), _run("br", "http://10.0.0.1:8001/a")]
    assert run_section_subjects(same) == []
    apart = [_run("Alder", "http://10.0.0.1:8001/"), _run("Birch", "http://10.0.0.1:8002/")]
    assert run_section_subjects(apart) == ["Alder", "Birch"]
    named = [_run("Alder", "http://10.0.0.1:8001/", "alder"), _run("Birch", "http://10.0.0.2/")]
    assert run_section_subjects(named) == ["Birch"]  # a device already names the other


def test_d003_a_release_printed_by_a_tool_counts():
    text = """# Lamplight against Ostrava

Server version: Lamplight/2.4.1 (Unix); the Ostrava node ran release 7.3.

| Proxy | Requests/s |
|---|---|
| Lamplight | 21,500 |
| Ostrava | 19,800 |
"""
    assert not [f for f in findings(text, "D003") if "software version" in f.message]


def test_d003_a_load_tools_release_is_not_the_tested_softwares():
    text = """# cobalt-rp numbers

Load came from wrk 4.2.0 on a second host.

```
wrk -c 32 -d 60s http://10.0.0.9:8080/
Running 1m test @ http://10.0.0.9:8080/
  2 threads and 32 connections
Requests/sec:  18200.40
```
"""
    found = findings(text, "D003")
    assert any("anywhere in the report" in f.message for f in found)


def test_d003_key_types_are_no_products():
    text = """# Handshake cost

RSA versus EC certificates on the Corran C-5: 900 TPS per core with RSA 2048 and 3,600 TPS
per core with EC P-256, running Corran OS 5.2.
"""
    assert not [f for f in findings(text, "D003") if "EC" in f.message.split(";")[0]]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Server version: Apache/2.2.22 (Ubuntu)", {"apache"}),
        ("image: haproxy:2.8.3 and envoyproxy/envoy:v1.28.0", {"haproxy", "envoy"}),
        ("### Nginx(1.23.3)", {"nginx"}),
        ("wget releases/download/v3.0.0/traefik_v3.0.0_linux.tar.gz", {"traefik"}),
        ("* `Tornado <http://example.org/>`_ 2.0", {"tornado"}),
        ("Ran on Istio {{< istio_release >}} with defaults", {"istio"}),
        ("By 1.5 times; HTTP/1.1 and TLS 1.3; see Table 2.1; Xeon 2.4 GHz; 10.0.0.1", set()),
    ],
)
def test_written_releases(text, names):
    assert set(written_releases(text)) == names


@pytest.mark.parametrize(
    ("title", "name"),
    [("Pingwell", True), ("Gatehouse (1.9.2)", True), ("Alder --> Birch", True),
     ("One stream per connection", False), ("four workers", False), ("测试 Alder", False)],
)  # fmt: skip
def test_name_titles(title, name):
    assert is_name_title(title) is name


def test_a_list_under_a_target_lead_in_holds_settings():
    text = """# Capacity plan

Reach three times the peak production load, which is:

- 1,200 requests per second
- 45 MB/s of traffic
"""
    assert not results(text)
    measured = text.replace("Reach three times the peak production load, which is:", "We measured:")
    assert {m.metric for m in results(measured)} == {"rps", "throughput"}
