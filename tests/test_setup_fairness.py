"""S rules (setup fairness): own-phrasing cases through the public API, bad and good."""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.rules.spans import Spans


def codes(text: str) -> set[str]:
    return {f.rule for f in claimcheck.check_text(text, name="case.md").findings}


def lines(text: str, code: str) -> list[int]:
    return sorted(f.line for f in claimcheck.check_text(text, name="case.md").findings
                  if f.rule == code)  # fmt: skip


BAD = [
    # S001 license-capped
    pytest.param(
        "S001",
        "The SRX4100 is licensed for 10 Gbps and the FortiGate 600E for 20 Gbps. Under the "
        "enterprise mix the SRX4100 moved 10.3 Gbps and the FortiGate 600E moved 8.8 Gbps.",
        id="S001-above-the-licensed-rate",
    ),
    pytest.param(
        "S001",
        "The Alteon 5224 XL delivered 6 Gbps and the BIG-IP 4200v 9 Gbps of L7 throughput. "
        "For the Alteon 5224 XL the license was the limiting factor in this test.",
        id="S001-license-was-the-limiting-factor",
    ),
    pytest.param(
        "S001",
        "The BIG-IP 4200v reached 9 Gbps and the NetScaler MPX-11500 reached 11 Gbps. "
        "The NetScaler MPX-11500 exceeded its licensed throughput by a wide margin.",
        id="S001-license-not-enforced",
    ),
    pytest.param(
        "S001",
        "The NetScaler VPX hit its 1 Gbps license limit in every test, while the BIG-IP VE reached "
        "2.4 Gbps. The NetScaler VPX is therefore the slower of the two in this review.",
        id="S001-hit-its-license-limit",
    ),
    # S002 per-device-load
    pytest.param(
        "S002",
        "Concurrency was set per DUT: the SimUsers setting was 2048, 3072 or 4096 for each "
        "device. The Thunder 3030S reached 900,000 RPS and the BIG-IP i5800 reached 800,000 RPS.",
        id="S002-per-dut-setting",
    ),
    pytest.param(
        "S002",
        "| Device | Simulated users | Result |\n|---|---|---|\n"
        "| Thunder 3030S | 4096 | 900,000 RPS |\n| BIG-IP i5800 | 2048 | 800,000 RPS |\n",
        id="S002-simusers-column",
    ),
    # S003 asymmetric-testbed
    pytest.param(
        "S003",
        "| Device | Instance size | Throughput |\n|---|---|---|\n"
        "| NGINX Plus | c6i.4xlarge | 14 Gbps |\n| HAProxy Enterprise | c6i.2xlarge | 9 Gbps |\n\n"
        "NGINX Plus beat HAProxy Enterprise on every test.",
        id="S003-instance-size-column",
    ),
    pytest.param(
        "S003",
        "The FortiGate 600E was wired with 2 x 10GbE ports and the PA-3220 with 4 x 10GbE ports "
        "for the throughput tests. The FortiGate 600E reached 9 Gbps and the PA-3220 14 Gbps.",
        id="S003-different-uplinks",
    ),
    pytest.param(
        "S003",
        "The NetScaler VPX ran on 8 vCPUs while the BIG-IP VE had 16 vCPUs. The NetScaler VPX "
        "delivered 4.4 Gbps and the BIG-IP VE 5.1 Gbps.",
        id="S003-vcpus-in-prose",
    ),
    # S004 asymmetric-configuration
    pytest.param(
        "S004",
        "For the L4 tests the BIG-IP i5800 ran in its TurboL4 mode, whereas the Thunder 3030S "
        "kept its standard profile. The BIG-IP i5800 reached 1.1 million CPS and the Thunder "
        "3030S reached 0.9 million CPS.",
        id="S004-fastl4-on-one",
    ),
    pytest.param(
        "S004",
        "SSL hardware offload was enabled on the Thunder 3030S, and the BIG-IP i5800 did all TLS "
        "work in software. The Thunder 3030S reached 40,000 TPS and the BIG-IP i5800 25,000 TPS.",
        id="S004-offload-on-one",
    ),
    # S005 bottleneck-not-dut
    pytest.param(
        "S005",
        "Above 32 KB the IxLoad clients hit their generation limit of about 3,000 CPS, so both the "
        "FortiGate 600E and the PA-3220 appear equal at that size.",
        id="S005-generator-limit",
    ),
    pytest.param(
        "S005",
        "We ran the benchmark with `wrk -t4 -c200 -d60s http://localhost:8080/` against HAProxy "
        "and NGINX. HAProxy served 52,000 requests per second and NGINX 47,000.",
        id="S005-loopback",
    ),
    pytest.param(
        "S005",
        "Each proxy ran on a t3.xlarge, whose network baseline bandwidth is 1.024 Gbps with "
        "bursts to 5 Gbps. HAProxy pushed 3.9 Gbps and NGINX 3.5 Gbps in the five-minute runs.",
        id="S005-burst-above-baseline",
    ),
    # S006 one-sided-test
    pytest.param(
        "S006",
        "The FortiGate 600E reached 9 Gbps and the PA-3220 reached 6 Gbps of throughput. The "
        "IPsec VPN test was run only on the FortiGate 600E, which we therefore rank above the "
        "PA-3220 for VPN use.",
        id="S006-run-only-on-one",
    ),
    pytest.param(
        "S005",
        "With a single client machine wrk became CPU-bound at about 120,000 requests per second, "
        "so HAProxy and NGINX both stop there: HAProxy served 119,000 requests per second.",
        id="S005-client-cpu-bound",
    ),
    pytest.param(
        "S006",
        "| Test | FortiGate 600E | PA-3220 |\n|---|---|---|\n"
        "| Firewall throughput (Gbps) | 9.1 | 6.2 |\n| IPsec throughput (Gbps) | 4.4 | N/A |\n",
        id="S006-not-run-cell",
    ),
    # S009 small-sample
    pytest.param(
        "S009",
        "To check high availability we forced a switchover on the ACE 30 pair while 200 "
        "transactions were in flight; none failed. The ACE 30 reached 300,000 CPS and the BIG-IP "
        "4200v 280,000 CPS in the throughput tests.",
        id="S009-switchover-200-transactions",
    ),
    pytest.param(
        "S009",
        "```\n$ hey -n 300 -c 30 http://10.1.1.5/\n```\n\nThe gateway answered 2,900 requests per "
        "second.",
        id="S009-hey-300-requests",
    ),
    pytest.param(
        "S009",
        "Every measurement used a 15-second steady state after a 10-second ramp.",
        id="S009-short-steady-state",
    ),
    # S010 advertised-as-measured
    pytest.param(
        "S010",
        "The FortiGate 600E reached 9 Gbps in our lab. The figures given for the PA-3220 are the "
        "vendor's datasheet numbers because the unit arrived too late.",
        id="S010-datasheet-in-place",
    ),
    # S012 errors-in-results
    pytest.param(
        "S012",
        "The Kestrel-7 reached 53,333 requests per second.\n\n"
        "```\nRunning 1m test @ http://10.0.0.9/\n  3200000 requests in 1.00m, 2.1GB read\n"
        "  Socket errors: connect 0, read 0, write 0, timeout 412\nRequests/sec:  53333.10\n```\n",
        id="S012-wrk-timeouts",
    ),
    pytest.param(
        "S012",
        "| Gateway | Requests/s |\n|---|---|\n| Brightgate | 2,000.0 |\n| Harrier | 1,750.5 |\n\n"
        "```\n     http_req_failed................: 1.20%  ✓ 1440  ✗ 118560\n"
        "     http_reqs......................: 120000 2000.0/s\n```\n",
        id="S012-k6-failed",
    ),
]

GOOD = [
    # S001: caps far above the results, or the cap only described
    pytest.param(
        "S001",
        "Both firewalls carried a 20 Gbps license. The SRX4100 moved 6.3 Gbps and the FortiGate "
        "600E moved 5.8 Gbps, far below the licensed rate.",
        id="S001-far-below",
    ),
    pytest.param(
        "S001",
        "Vendors often sell one platform at several license levels, and competitors' reports "
        "sometimes show results above the licensed rate. The SRX4100 and the FortiGate 600E "
        "were both licensed for 20 Gbps and moved 6.3 and 5.8 Gbps.",
        id="S001-describes-license-practice",
    ),
    # S002
    pytest.param(
        "S002",
        "| Device | Simulated users | Result |\n|---|---|---|\n"
        "| Thunder 3030S | 4096 | 900,000 RPS |\n| BIG-IP i5800 | 4096 | 800,000 RPS |\n",
        id="S002-same-column",
    ),
    pytest.param(
        "S002",
        "Some vendor reports choose a different number of simulated users for each device, which "
        "can be misleading. The Thunder 3030S and the BIG-IP i5800 both ran 4096 simulated users.",
        id="S002-describes-practice",
    ),
    # S003
    pytest.param(
        "S003",
        "| Device | Instance size | Throughput |\n|---|---|---|\n"
        "| NGINX Plus | c6i.2xlarge | 11 Gbps |\n| HAProxy Enterprise | c6i.2xlarge | 9 Gbps |\n",
        id="S003-same-instance",
    ),
    # S004
    pytest.param(
        "S004",
        "Both the BIG-IP i5800 and the Thunder 3030S ran with SMT enabled and their standard "
        "profiles. The BIG-IP i5800 reached 1.1 million CPS and the Thunder 3030S 0.9 million.",
        id="S004-symmetric",
    ),
    pytest.param(
        "S004",
        "The BIG-IP i5800 does not support a FastL4 equivalent for HTTP/2, so both devices ran "
        "HTTP/2 through full proxies. The BIG-IP i5800 reached 400,000 RPS and the Thunder "
        "3030S 380,000 RPS.",
        id="S004-feature-named-not-set",
    ),
    # S005
    pytest.param(
        "S005",
        "The load generator ran on a separate host and never exceeded 40% CPU. HAProxy served "
        "52,000 requests per second and NGINX 47,000 requests per second.",
        id="S005-separate-generator",
    ),
    pytest.param(
        "S005",
        "Each proxy ran on a c6in.2xlarge with a baseline bandwidth of 12.5 Gbps. HAProxy "
        "pushed 3.9 Gbps and NGINX 3.5 Gbps in the five-minute runs.",
        id="S005-below-baseline",
    ),
    # S006
    pytest.param(
        "S006",
        "The IPsec VPN test was run on both the FortiGate 600E and the PA-3220: 6 Gbps against "
        "4 Gbps.",
        id="S006-both",
    ),
    pytest.param(
        "S006",
        "| Feature | FortiGate 600E | PA-3220 |\n|---|---|---|\n"
        "| IPsec throughput (Gbps) | 9.5 | N/A |\n\n"
        "The table above lists the vendors' published datasheet figures.",
        id="S006-not-applicable-in-specification-table",
    ),
    # S009
    pytest.param(
        "S009",
        "Failover was checked on the ACE 30 pair during 5,000,000 transactions and a ten-minute "
        "steady state, with no failed transactions; the BIG-IP 4200v pair was tested the same way.",
        id="S009-large-sample",
    ),
    pytest.param(
        "S009",
        "Each run began with a 30-second warm-up followed by a 300-second measurement window.",
        id="S009-warm-up-is-not-the-run",
    ),
    # S010
    pytest.param(
        "S010",
        "Many vendor reports use datasheet figures in place of measurements; every figure in "
        "this report was measured in our lab.",
        id="S010-describes-practice",
    ),
    # S012
    pytest.param(
        "S012",
        "```\nRunning 1m test @ http://10.0.0.9/\n  3200000 requests in 1.00m, 2.1GB read\n"
        "  Socket errors: connect 0, read 0, write 0, timeout 412\nRequests/sec:  53333.10\n```\n",
        id="S012-raw-output-prints-the-count-beside-the-rate",
    ),
    pytest.param(
        "S012",
        "```\nRunning 1m test @ http://10.0.0.9/\n  3200000 requests in 1.00m, 2.1GB read\n"
        "Requests/sec:  53333.10\n```\n",
        id="S012-clean-run",
    ),
    pytest.param(
        "S012",
        "Tools such as wrk include timeouts in their request rate, so we checked every run; "
        "none logged a timeout or a non-2xx response.",
        id="S012-describes-pitfall",
    ),
]


@pytest.mark.parametrize(("code", "text"), BAD)
def test_bad_case_fires(code, text):
    assert code in codes(text)


@pytest.mark.parametrize(("code", "text"), GOOD)
def test_good_case_is_quiet(code, text):
    assert code not in codes(text)


def test_setting_goes_to_the_device_it_is_stated_for():
    # the extractor gives the FastL4 mention to every device named before it; S004 must not
    # see it as set for both (which would make the configurations look alike)
    text = (
        "Chart 1: L4 throughput of the ACE 30 and the BIG-IP 4200v w/ F5 FastL4 profile.\n\n"
        "The BIG-IP 4200v was configured with the FastL4 profile for the L4 tests. The ACE 30 "
        "reached 8 Gbps and the BIG-IP 4200v reached 9 Gbps."
    )
    assert lines(text, "S004") == [3]


def test_license_text_and_figure_report_once_per_device_and_test():
    text = (
        "## L4 throughput\n\n"
        "The NetScaler MPX-11500 was licensed for 8 Gbps and reached 8 Gbps; the BIG-IP 4200v "
        "reached 14 Gbps. The NetScaler MPX-11500 levelled off at the licensed limit, well "
        "below the BIG-IP 4200v in this test.\n"
    )
    assert len(lines(text, "S001")) == 1


def test_per_device_table_reports_one_finding():
    text = (
        "| Device | SimUsers |\n|---|---|\n| BIG-IP 4200v | 1024 |\n"
        "| NetScaler MPX-11500 | 512 |\n| Alteon 5224 XL | 768 |\n\n"
        "The BIG-IP 4200v reached 300,000 CPS, the NetScaler MPX-11500 250,000 CPS and the "
        "Alteon 5224 XL 200,000 CPS."
    )
    assert lines(text, "S002") == [3]


def test_spans_overlap():
    spans = Spans([(10, 20), (40, 45)])
    spans.add(100, 130)
    assert spans.overlaps(15, 16)
    assert spans.overlaps(0, 11)
    assert spans.overlaps(125, 200)
    assert not spans.overlaps(20, 40)
    assert not spans.overlaps(46, 100)


def test_s005_a_shared_host_is_one_cause_reported_once():
    text = """# quillproxy benchmarks

Everything ran on the same laptop: the load generator, quillproxy and the backends.

- The proxy listens on localhost:9000 and the load tool runs on the same machine.
- Each run uses `hey -c 50 -z 30s http://localhost:9000/` after a warm-up.

quillproxy served 18,400 requests per second with a p99 of 12 ms.
"""
    result = claimcheck.check_text(text, "bench.md", select="S005")
    assert [f.line for f in result.findings] == [3]


def test_s012_a_parsed_run_with_failures_is_one_finding():
    text = """# lumo 0.4 release notes

```
$ k6 run --vus 200 --duration 60s load.js
     http_req_duration..............: avg=21.4ms min=1.2ms med=18.3ms max=410ms p(90)=38ms p(95)=51ms
     http_req_failed................: 6.40% 38112 out of 595500
     http_reqs......................: 595500 9925.0/s
```

lumo 0.4 sustains 9,925 requests per second on a single core.
"""
    found = claimcheck.check_text(text, "notes.md", select="S012").findings
    assert len(found) == 1 and "38,112" in found[0].message


def test_s004_one_setting_with_two_values_is_one_finding():
    text = """## Test bed

| Device | RPS |
|---|---|
| Marrow M-3 | 41,000 |
| Pellan P-7 | 39,500 |

The Marrow M-3 ran with SMT enabled. The Pellan P-7 ran with SMT disabled.
"""
    found = claimcheck.check_text(text, "r.md", select="S004").findings
    assert len(found) == 1
    assert "Marrow M-3: SMT enabled" in found[0].message
    assert "Pellan P-7: SMT disabled" in found[0].message
