"""Paraphrases claimcheck does not yet handle: each is a strict xfail, so a fix flips it.

Written from scratch with invented names (issue 13, item 10). A bad phrasing should give
its rule and does not; a good one must not and does. The reason names the mechanism that
is missing; when a change makes one pass, move it into the rule's ``[[examples]]``.
"""

from __future__ import annotations

import pytest

import claimcheck

# (rule, kind, genre, text, reason)
GAPS = [
    pytest.param(
        "A003",
        "bad",
        "lab review",
        "The Caldra C40 pushed 20 Gbps while drawing 250 W, which works out to 120 Mbps per watt.\n",
        "per-unit efficiency is derived only from table rows; a prose '20 Gbps at 250 W ... 120 Mbps per watt' is never checked (extract/efficiency.py reads tables only)",
        id="A003_bad_review_per_watt",
        marks=pytest.mark.xfail(
            strict=True,
            reason="per-unit efficiency is derived only from table rows; a prose '20 Gbps at 250 W ... 120 Mbps per watt' is never checked (extract/efficiency.py reads tables only)",
        ),
    ),
    pytest.param(
        "A004",
        "bad",
        "lab review",
        "## Throughput\n\nIn our L4 test the Halder H-30 sustained 18 Gbps.\n\n## Power efficiency\n\nEfficiency is the measured L4 throughput divided by the power drawn at full load.\n\n| Device | Full load (W) | Mbps/W |\n|---|---|---|\n| Halder H-30 | 300 | 40 |\n| Halder H-50 | 400 | 55 |\n",
        "test identity is a name string: the prose figure under heading 'Throughput' (test 'throughput') and the efficiency row derivation named 'L4 throughput' land in different A004 groups",
        id="A004_bad_review_text_vs_table_rows",
        marks=pytest.mark.xfail(
            strict=True,
            reason="test identity is a name string: the prose figure under heading 'Throughput' (test 'throughput') and the efficiency row derivation named 'L4 throughput' land in different A004 groups",
        ),
    ),
    pytest.param(
        "A004",
        "bad",
        "vendor blog",
        "The Ostrel OX-4 reached 250,000 connections per second in our test.\n\nLater in the same test, the Ostrel OX-4 reached 190,000 connections per second.\n",
        "two exact prose statements of one device/metric/test are never compared (A004 routes are text vs derived/table only)",
        id="A004_bad_blog_two_paragraphs",
        marks=pytest.mark.xfail(
            strict=True,
            reason="two exact prose statements of one device/metric/test are never compared (A004 routes are text vs derived/table only)",
        ),
    ),
    pytest.param(
        "A004",
        "bad",
        "README",
        "## Results\n\nThe Kinto K2 proxy handled 31,000 req/s in the keep-alive test.\n\n| Proxy | Keep-alive req/s |\n|---|---|\n| Kinto K2 | 24,000 |\n| Kinto K1 | 18,000 |\n",
        "an exact (unqualified) prose figure beside a table is deliberately skipped as 'maybe another run'; also the prose result '31,000 req/s' leaks into the table cells as load_setting=31000",
        id="A004_bad_readme_text_and_table_same_section",
        marks=pytest.mark.xfail(
            strict=True,
            reason="an exact (unqualified) prose figure beside a table is deliberately skipped as 'maybe another run'; also the prose result '31,000 req/s' leaks into the table cells as load_setting=31000",
        ),
    ),
    pytest.param(
        "A004",
        "bad",
        "datasheet",
        "# Test results\n\nThe Merrow M-8 reached 40 Gbps of L4 throughput in our test.\n\n| Model | L4 throughput (Gbps) |\n|---|---|\n| Merrow M-8 | 32 |\n| Merrow M-4 | 20 |\n",
        "an exact (unqualified) prose figure beside a table is deliberately skipped; the prose figure gets test=None while the table gets 'L4 throughput'",
        id="A004_bad_datasheet_twice",
        marks=pytest.mark.xfail(
            strict=True,
            reason="an exact (unqualified) prose figure beside a table is deliberately skipped; the prose figure gets test=None while the table gets 'L4 throughput'",
        ),
    ),
    pytest.param(
        "A007",
        "bad",
        "datasheet",
        "Latency for the Gellin G5: median 3.4 ms, 99th percentile 2.9 ms.\n",
        "A007 reads statistics from tables and tool output only; prose 'median X, 99th percentile Y' carries no typed statistic",
        id="A007_bad_datasheet_prose_order",
        marks=pytest.mark.xfail(
            strict=True,
            reason="A007 reads statistics from tables and tool output only; prose 'median X, 99th percentile Y' carries no typed statistic",
        ),
    ),
    pytest.param(
        "A007",
        "bad",
        "lab review",
        "On the Gellin G5 we saw a p50 of 3.4 ms and a p99 of 2.9 ms.\n",
        "A007 reads statistics from tables and tool output only; prose 'a p50 of X and a p99 of Y' carries no typed statistic",
        id="A007_bad_review_prose_p50_p99",
        marks=pytest.mark.xfail(
            strict=True,
            reason="A007 reads statistics from tables and tool output only; prose 'a p50 of X and a p99 of Y' carries no typed statistic",
        ),
    ),
    pytest.param(
        "A004",
        "bad",
        "README",
        "## Results\n\nThe Kinto K2 proxy handled 31,000 req/s in the keep-alive test.\n\n## Summary\n\n| Proxy | Keep-alive req/s |\n|---|---|\n| Kinto K2 | 24,000 |\n",
        "prose figure and summary table in different sections are never compared (A004 text-vs-table is keyed by section)",
        id="A004_bad_readme_summary_vs_text",
        marks=pytest.mark.xfail(
            strict=True,
            reason="prose figure and summary table in different sections are never compared (A004 text-vs-table is keyed by section)",
        ),
    ),
    pytest.param(
        "C004",
        "bad",
        "lab review",
        "## Results\nThe full results for all object sizes are in Table 6.\n\nTable 1: Connection rate by object size\n\n| Size | Tenby T4 |\n|---|---|\n| 1 KB | 88,000 |\n",
        "figure/table references are checked only when the report has MIN_CAPTIONS (3) captions of that kind; 'Table 6' beside a lone 'Table 1' is not flagged",
        id="C004_bad_review_missing_table_one_caption",
        marks=pytest.mark.xfail(
            strict=True,
            reason="figure/table references are checked only when the report has MIN_CAPTIONS (3) captions of that kind; 'Table 6' beside a lone 'Table 1' is not flagged",
        ),
    ),
    pytest.param(
        "C004",
        "bad",
        "datasheet",
        "| Model | Throughput |\n|---|---|\n| Ashwell A-5 | 20 Gbps [3] |\n\n[1] Measured with 1,500-byte frames.\n[2] Two 10 GbE ports.\n",
        "bracketed numeric footnote markers ('20 Gbps [3]') are not read as footnote references; only <sup>n</sup> and [^name]",
        id="C004_bad_datasheet_bracket_footnote",
        marks=pytest.mark.xfail(
            strict=True,
            reason="bracketed numeric footnote markers ('20 Gbps [3]') are not read as footnote references; only <sup>n</sup> and [^name]",
        ),
    ),
    pytest.param(
        "C004",
        "bad",
        "README",
        "# Benchmarks\n\nSee Figure 4 for the latency histogram.\n\nFigure 1: Requests per second by worker count\n",
        "figure/table references are checked only when the report has MIN_CAPTIONS (3) captions; 'Figure 4' beside a lone 'Figure 1' is not flagged",
        id="C004_bad_readme_missing_figure_one_caption",
        marks=pytest.mark.xfail(
            strict=True,
            reason="figure/table references are checked only when the report has MIN_CAPTIONS (3) captions; 'Figure 4' beside a lone 'Figure 1' is not flagged",
        ),
    ),
    pytest.param(
        "C002",
        "bad",
        "datasheet",
        "| Item | Value |\n|---|---|\n| Model | Fennick FG-210 |\n| Software | FennOS 7.2.4 |\n\nAll figures were measured on the Fennick FG-210 running FennOS 7.3.1.\n",
        "a version given in a key/value spec table (Software | FennOS 7.2.4) is not attached to the device, so it is never compared with the prose version",
        id="C002_bad_datasheet_version_mismatch",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a version given in a key/value spec table (Software | FennOS 7.2.4) is not attached to the device, so it is never compared with the prose version",
        ),
    ),
    pytest.param(
        "C002",
        "bad",
        "README",
        "Benchmarked the Quillfeather QF-2 proxy, version 2.4.0.\n\n```\n$ qf2 --version\nQuillfeather QF-2 version 2.5.1\n```\n\nThe Quillfeather QF-2 served 52,000 req/s.\n",
        "versions printed in tool output (code blocks: '--version') are not read as a device's release",
        id="C002_bad_readme_version_in_output",
        marks=pytest.mark.xfail(
            strict=True,
            reason="versions printed in tool output (code blocks: '--version') are not read as a device's release",
        ),
    ),
    pytest.param(
        "C003",
        "bad",
        "lab review",
        "## Methodology\nThroughput is the highest rate at which the Garrow GW-7 forwarded traffic with zero packet loss.\n\n## Results\nThe Garrow GW-7 forwarded 9.4 Gbps with 0.3% packet loss.\n",
        "a loss percentage ('0.3% packet loss') is not an errors fact, so a zero-loss criterion is never contradicted",
        id="C003_bad_review_zero_loss_but_loss",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a loss percentage ('0.3% packet loss') is not an errors fact, so a zero-loss criterion is never contradicted",
        ),
    ),
    pytest.param(
        "C003",
        "bad",
        "vendor blog",
        "## Setup\nEvery test used the Balanced tuning profile on the Wexford W-3.\n\n## Results\nWith the Turbo tuning profile, the Wexford W-3 reached 48 Gbps.\n",
        "a 'tuning profile' named in a universal statement ('Every test used the Balanced tuning profile') is not read as a profile condition; only known profile wording is",
        id="C003_bad_blog_all_tests_profile",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a 'tuning profile' named in a universal statement ('Every test used the Balanced tuning profile') is not read as a profile condition; only known profile wording is",
        ),
    ),
    pytest.param(
        "D002",
        "bad",
        "README",
        "## Benchmark\n```\n$ wrk -t8 -c256 http://10.1.1.5/\nRunning 10s test @ http://10.1.1.5/\n  8 threads and 256 connections\n  Thread Stats   Avg      Stdev     Max   +/- Stdev\n    Latency     2.90ms    1.10ms  40.00ms   80.00%\n    Req/Sec    11.03k   900.00    13.00k    70.00%\n  882134 requests in 10.00s, 120.00MB read\nRequests/sec:  88213.40\nTransfer/sec:     12.00MB\n```\n",
        "a tool run's results (wrk output in a code block) are Run facts, not Measurements, so D002 sees no measured figure to qualify",
        id="D002_bad_readme_wrk_single_run",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a tool run's results (wrk output in a code block) are Run facts, not Measurements, so D002 sees no measured figure to qualify",
        ),
    ),
    pytest.param(
        "D002",
        "bad",
        "README",
        "## Benchmark\n```\n$ wrk -t8 -c256 http://10.1.1.5/\nRequests/sec:  88213.40\n```\n",
        "a tool run's results (wrk output in a code block) are Run facts, not Measurements, so D002 sees no measured figure to qualify",
        id="D002_bad_readme_wrk_output_only_rate",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a tool run's results (wrk output in a code block) are Run facts, not Measurements, so D002 sees no measured figure to qualify",
        ),
    ),
    pytest.param(
        "D001",
        "bad",
        "vendor blog",
        "## Faster than ever\nIn our lab, the Ennis E-2 answered in 1.8 ms, less than half the 4.1 ms of the old model.\n",
        "no device or metric is found when latency is named only by a verb ('answered in 1.8 ms'); the figure is not a latency measurement",
        id="D001_bad_blog_latency_only_number",
        marks=pytest.mark.xfail(
            strict=True,
            reason="no device or metric is found when latency is named only by a verb ('answered in 1.8 ms'); the figure is not a latency measurement",
        ),
    ),
    pytest.param(
        "D003",
        "bad",
        "lab review",
        "## Devices\nWe compared the Ostler O-4 and the Ranby R-2 with the same traffic profile.\n\n## Results\nThe Ostler O-4 handled 72,000 connections per second; the Ranby R-2 handled 58,000.\n",
        "an elliptical figure ('the Ranby R-2 handled 58,000') does not inherit the unit of the parallel clause, so only one device counts as measured and D003's 'compared devices' test fails",
        id="D003_bad_review_no_versions",
        marks=pytest.mark.xfail(
            strict=True,
            reason="an elliptical figure ('the Ranby R-2 handled 58,000') does not inherit the unit of the parallel clause, so only one device counts as measured and D003's 'compared devices' test fails",
        ),
    ),
    pytest.param(
        "M005",
        "bad",
        "vendor blog",
        "## Throughput\nThe Ashby AB-3 delivered 18 Gbps of goodput, which was 10% lower than the Colby CB-9 at 20 Gbps of layer 2 throughput.\n",
        "the goodput-vs-wire route finds no claim with both operands typed: 'layer 2 throughput' on the reference side is not read as wire throughput in a ', which was N% lower than X at Y' claim",
        id="M005_bad_blog_goodput_claim_vs_wire",
        marks=pytest.mark.xfail(
            strict=True,
            reason="the goodput-vs-wire route finds no claim with both operands typed: 'layer 2 throughput' on the reference side is not read as wire throughput in a ', which was N% lower than X at Y' claim",
        ),
    ),
    pytest.param(
        "M006",
        "bad",
        "lab review",
        "## Latency\nWith 1 KB objects, the Ware W-4 reached a p99 latency of 3.1 ms at 10,000 requests per second, while the Hythe H-6 reached a p99 latency of 5.2 ms at 40,000 requests per second.\n",
        "M006 different-loads needs a comparative Claim between two devices' latencies; two figures in parallel clauses ('while the Y reached ...') are not a comparison",
        id="M006_bad_review_different_loads_reached",
        marks=pytest.mark.xfail(
            strict=True,
            reason="M006 different-loads needs a comparative Claim between two devices' latencies; two figures in parallel clauses ('while the Y reached ...') are not a comparison",
        ),
    ),
    pytest.param(
        "M007",
        "bad",
        "vendor blog",
        "## CPU headroom\nFigures come from each device's native console. At 3 Gbps, the Lunt L-3 showed 18% CPU and the Mowbray M-2 showed 47% CPU.\n",
        "a subject after a leading adverbial ('At 3 Gbps, the Lunt L-3 showed ...') is not seeded as a device, so the CPU figures have no devices",
        id="M007_bad_blog_native_console",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a subject after a leading adverbial ('At 3 Gbps, the Lunt L-3 showed ...') is not seeded as a device, so the CPU figures have no devices",
        ),
    ),
    pytest.param(
        "M005",
        "bad",
        "datasheet",
        "| Spec | Norley N-8 |\n|---|---|\n| Throughput | 40 Gbps |\n| Connections per second | 300,000 |\n",
        "M005 does not flag throughput whose layer is never stated (only bidirectional-vs-one-way and goodput-vs-wire comparisons); D001 reports the missing processing layer instead",
        id="M005_bad_datasheet_layer_unstated",
        marks=pytest.mark.xfail(
            strict=True,
            reason="M005 does not flag throughput whose layer is never stated (only bidirectional-vs-one-way and goodput-vs-wire comparisons); D001 reports the missing processing layer instead",
        ),
    ),
    pytest.param(
        "M005",
        "bad",
        "vendor blog",
        "## Throughput\nOur Ashby AB-3 delivered 18 Gbps of goodput, while the Colby CB-9 managed 20 Gbps of throughput.\n",
        "goodput and wire throughput set side by side in one sentence without a comparative claim are not compared (M005 goodput route needs a Claim with both operands)",
        id="M005_bad_blog_goodput_vs_throughput",
        marks=pytest.mark.xfail(
            strict=True,
            reason="goodput and wire throughput set side by side in one sentence without a comparative claim are not compared (M005 goodput route needs a Claim with both operands)",
        ),
    ),
    pytest.param(
        "M006",
        "bad",
        "vendor blog",
        "## Latency\nWith 200 concurrent connections and 4 KB responses, the Redwick R-2 averaged 1.1 ms per request, while the Lanner L-5 averaged 2.7 ms.\n",
        "'averaged 1.1 ms per request' gives no latency measurement ('ms per request' is not read as a latency figure), so the average-only test has nothing to test",
        id="M006_bad_blog_mean_only",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'averaged 1.1 ms per request' gives no latency measurement ('ms per request' is not read as a latency figure), so the average-only test has nothing to test",
        ),
    ),
    pytest.param(
        "M006",
        "bad",
        "lab review",
        "## Latency\nThe Ware W-4 had a p99 latency of 3.1 ms at 10,000 requests per second, while the Hythe H-6 had a p99 latency of 5.2 ms at 40,000 requests per second. Both used 1 KB objects.\n",
        "'X had a p99 latency of 3.1 ms' does not seed X as a device ('had' is not a result verb), and M006 different-loads needs a comparative claim, not two figures in one sentence",
        id="M006_bad_review_different_loads",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'X had a p99 latency of 3.1 ms' does not seed X as a device ('had' is not a result verb), and M006 different-loads needs a comparative claim, not two figures in one sentence",
        ),
    ),
    pytest.param(
        "M007",
        "bad",
        "vendor blog",
        "## Efficiency\nCPU utilisation comes from each device's own CLI. At 2 Gbps the Lunt L-3 used 18% CPU, compared with 47% for the Mowbray M-2.\n",
        "the second device is only named after 'for' ('compared with 47% for the Mowbray M-2'), which does not attribute the 47% to it, so only one device has CPU figures",
        id="M007_bad_blog_own_cli",
        marks=pytest.mark.xfail(
            strict=True,
            reason="the second device is only named after 'for' ('compared with 47% for the Mowbray M-2'), which does not attribute the 47% to it, so only one device has CPU figures",
        ),
    ),
    pytest.param(
        "M007",
        "bad",
        "datasheet",
        "| At 5 Gbps | Orme O-16 (16 cores) | Pask P-4 (4 cores) |\n|---|---|---|\n| CPU utilisation (device GUI) | 12% | 55% |\n",
        "system names in column headers are seeded only when the first header is a condition axis; 'At 5 Gbps' / 'CPU utilisation (device GUI)' rows leave the columns untyped, and '(16 cores)' in a header is not a hardware fact",
        id="M007_bad_datasheet_cores_differ",
        marks=pytest.mark.xfail(
            strict=True,
            reason="system names in column headers are seeded only when the first header is a condition axis; 'At 5 Gbps' / 'CPU utilisation (device GUI)' rows leave the columns untyped, and '(16 cores)' in a header is not a hardware fact",
        ),
    ),
    pytest.param(
        "M007",
        "bad",
        "README",
        "## CPU\nCPU was read from each box's own top output: the 32-core Quarry host showed 9% and the 8-core Rook host showed 41% at 20,000 req/s.\n",
        "lower-key names ('the 32-core Quarry host') are not seeded as devices, and the core counts are not attached to them",
        id="M007_bad_readme_top_each_host",
        marks=pytest.mark.xfail(
            strict=True,
            reason="lower-key names ('the 32-core Quarry host') are not seeded as devices, and the core counts are not attached to them",
        ),
    ),
    pytest.param(
        "M009",
        "bad",
        "lab review",
        "## Power\nFor the Yarrow blade we report the power of the blade module alone, 180 W, without the chassis and its fans; the Pilton P-5 appliance drew 410 W measured at the wall.\n",
        "'the power of the blade module alone ... without the chassis' is not read as a module-only power method, and 'the Yarrow blade' is not seeded as a device",
        id="M009_bad_review_module_only",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'the power of the blade module alone ... without the chassis' is not read as a module-only power method, and 'the Yarrow blade' is not seeded as a device",
        ),
    ),
    pytest.param(
        "S010",
        "bad",
        "datasheet",
        "For the Fenby F-2 we used the published datasheet figures, since no unit could be tested. The Gaddow G-7 reached 210,000 CPS and the Fenby F-2 250,000 CPS.\n",
        "'we used the published datasheet figures' is not one of the advertised-in-place-of-measured wordings (ADVERTISED_RES)",
        id="S010_bad_datasheet_published_figures_used",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'we used the published datasheet figures' is not one of the advertised-in-place-of-measured wordings (ADVERTISED_RES)",
        ),
    ),
    pytest.param(
        "S010",
        "bad",
        "README",
        "We could not obtain a Zeals Z-4, so the figures shown for it are the vendor's published datasheet values. Our Abbas A-2 reached 45,000 req/s and the Zeals Z-4 60,000 req/s.\n",
        "'the figures shown for it are the vendor's published datasheet values' names the device by pronoun; S010 needs the device named in that sentence",
        id="S010_bad_readme_vendor_numbers_shown",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'the figures shown for it are the vendor's published datasheet values' names the device by pronoun; S010 needs the device named in that sentence",
        ),
    ),
    pytest.param(
        "M005",
        "bad",
        "lab review",
        "## Throughput\nThe Cobham C-12 pushed 72 Gbps, counting traffic in both directions. The Dalby D-7 reached 39 Gbps of HTTP throughput with 256 KB objects.\n",
        "a bidirectional qualifier in a trailing participle clause ('pushed 72 Gbps, counting traffic in both directions') is outside the figure's clause as _clause cuts it, so the figure counts as one-way",
        id="M005_bad_review_bidir_table_note",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a bidirectional qualifier in a trailing participle clause ('pushed 72 Gbps, counting traffic in both directions') is outside the figure's clause as _clause cuts it, so the figure counts as one-way",
        ),
    ),
    pytest.param(
        "S002",
        "bad",
        "README",
        "We ran `wrk -t4 -c100 -d60s` against Otterly and `wrk -t4 -c400 -d60s` against Pendle.\n\n| Proxy | Req/s |\n|---|---|\n| Otterly | 21,400 |\n| Pendle | 33,900 |\n",
        "per-device load from two inline wrk commands in one sentence ('-c100 ... against Otterly and -c400 ... against Pendle') is not attributed to the devices",
        id="S002_bad_readme_wrk_c_differs",
        marks=pytest.mark.xfail(
            strict=True,
            reason="per-device load from two inline wrk commands in one sentence ('-c100 ... against Otterly and -c400 ... against Pendle') is not attributed to the devices",
        ),
    ),
    pytest.param(
        "S002",
        "bad",
        "vendor blog",
        "Both gateways started at 4,000 SimUsers; the load on the Quaile Q-9 was later scaled back to 60% CPU. The Rushby R-5 reached 12 Gbps and the Quaile Q-9 reached 8 Gbps.\n",
        "'the load on the Quaile Q-9 was later scaled back to 60% CPU' after a shared SimUsers clause is not a per-device load setting (device named inside the subject noun phrase 'the load on X')",
        id="S002_bad_blog_throttled_one",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'the load on the Quaile Q-9 was later scaled back to 60% CPU' after a shared SimUsers clause is not a per-device load setting (device named inside the subject noun phrase 'the load on X')",
        ),
    ),
    pytest.param(
        "S003",
        "bad",
        "datasheet",
        "The Wexcombe W-5 had 64 GB of memory and the Xander X-1 had 16 GB. The Wexcombe W-5 reached 2,000,000 concurrent connections and the Xander X-1 reached 500,000.\n",
        "memory sizes ('had 64 GB of memory') are not hardware facts per device, and the elliptical second figure ('the Xander X-1 reached 500,000') has no unit",
        id="S003_bad_datasheet_memory_differs",
        marks=pytest.mark.xfail(
            strict=True,
            reason="memory sizes ('had 64 GB of memory') are not hardware facts per device, and the elliptical second figure ('the Xander X-1 reached 500,000') has no unit",
        ),
    ),
    pytest.param(
        "S004",
        "bad",
        "vendor blog",
        "The Abram A-6 ran with compression disabled, while the Bexley B-2 used gzip level 6. The Abram A-6 served 90,000 requests per second and the Bexley B-2 served 52,000 requests per second.\n",
        "compression state is not an asymmetric-configuration feature: 'compression disabled' vs 'gzip level 6' are not compared as one setting",
        id="S004_bad_blog_compression_differs",
        marks=pytest.mark.xfail(
            strict=True,
            reason="compression state is not an asymmetric-configuration feature: 'compression disabled' vs 'gzip level 6' are not compared as one setting",
        ),
    ),
    pytest.param(
        "S004",
        "bad",
        "README",
        "Our proxy was tuned (kernel buffers, worker pinning), while the Cray C-2 proxy ran with its default configuration. Ours reached 88,000 req/s and the Cray C-2 reached 51,000 req/s.\n",
        "a first-person device ('Our proxy was tuned ... Ours reached') is not an entity, so tuned-vs-default has only one named device",
        id="S004_bad_readme_tuned_vs_default",
        marks=pytest.mark.xfail(
            strict=True,
            reason="a first-person device ('Our proxy was tuned ... Ours reached') is not an entity, so tuned-vs-default has only one named device",
        ),
    ),
    pytest.param(
        "S010",
        "bad",
        "lab review",
        "The Nayland N-6 could not be tested, so we show its published datasheet figure of 12 Gbps beside the 9 Gbps we measured on the Orford O-2.\n",
        "'we show its published datasheet figure of 12 Gbps beside the 9 Gbps we measured': the figure is not typed as advertised (the cue follows 'its', and 'we measured' in the same sentence reads as own measurement)",
        id="S010_bad_review_datasheet_for_untested",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'we show its published datasheet figure of 12 Gbps beside the 9 Gbps we measured': the figure is not typed as advertised (the cue follows 'its', and 'we measured' in the same sentence reads as own measurement)",
        ),
    ),
    pytest.param(
        "S010",
        "bad",
        "datasheet",
        "The Rendle R-8 reaches 60 Gbps (measured) while the Stowell S-2 is rated at 80 Gbps according to its datasheet, making the Stowell S-2 faster.\n",
        "'rated at 80 Gbps according to its datasheet' inside a comparison is not typed as advertised against the measured 60 Gbps",
        id="S010_bad_datasheet_advertised_mixed",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'rated at 80 Gbps according to its datasheet' inside a comparison is not typed as advertised against the measured 60 Gbps",
        ),
    ),
    pytest.param(
        "A001",
        "good",
        "vendor blog",
        "Competitors like to say their box is 50% faster than ours, but they never show 10,000 vs 9,000 style numbers behind it.\n",
        "A001-A003 claims are judged without the hedge test: a sentence about competitors' claims ('Competitors like to say ... 50% faster ... 10,000 vs 9,000') is flagged as the report's own arithmetic (skipping hedged claims needs care: HEDGE_CUES such as 'according to' also occur in a report's own claims)",
        id="A001_good_blog_others_percent_claims",
        marks=pytest.mark.xfail(
            strict=True,
            reason="A001-A003 claims are judged without the hedge test: a sentence about competitors' claims ('Competitors like to say ... 50% faster ... 10,000 vs 9,000') is flagged as the report's own arithmetic (skipping hedged claims needs care: HEDGE_CUES such as 'according to' also occur in a report's own claims)",
        ),
    ),
]


@pytest.mark.parametrize(("rule", "kind", "genre", "text", "reason"), GAPS)
def test_paraphrase_gap(rule, kind, genre, text, reason):
    codes = {f.rule for f in claimcheck.check_text(text, name=f"{rule}-{genre}.md").findings}
    if kind == "bad":
        assert rule in codes, reason
    else:
        assert rule not in codes, reason
