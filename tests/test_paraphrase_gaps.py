"""Paraphrases claimcheck does not yet handle: each is a strict xfail, so a fix flips it.

Written from scratch with invented names (issue 13, item 10). A bad phrasing should give
its rule and does not; a good one must not give it and does. The reason names the missing
mechanism; when a change makes one pass, move it into the rule's ``[[examples]]``.
"""

from __future__ import annotations

import pytest

import claimcheck


def gap(rule: str, kind: str, genre: str, name: str, text: str, reason: str):  # noqa: ANN201
    """One recorded paraphrase, expected to fail (strictly) for ``reason``."""
    return pytest.param(
        rule,
        kind,
        genre,
        text,
        id=f"{rule}_{kind}_{name}",
        marks=pytest.mark.xfail(strict=True, reason=reason),
    )


GAPS = [
    gap(
        "A004",
        "bad",
        "lab review",
        "review_text_vs_table_rows",
        "## Throughput\n\nIn our L4 test the Halder H-30 sustained 18 Gbps.\n\n## Power efficiency\n\nEfficiency is the measured L4 throughput divided by the power drawn at full load.\n\n| Device | Full load (W) | Mbps/W |\n|---|---|---|\n| Halder H-30 | 300 | 40 |\n| Halder H-50 | 400 | 55 |\n",
        "test identity is a name string: the prose figure under heading 'Throughput' (test 'throughput') and the efficiency row derivation named 'L4 throughput' land in different A004 groups",
    ),
    gap(
        "A004",
        "bad",
        "vendor blog",
        "blog_two_paragraphs",
        "The Ostrel OX-4 reached 250,000 connections per second in our test.\n\nLater in the same test, the Ostrel OX-4 reached 190,000 connections per second.\n",
        "two exact prose statements of one device/metric/test are never compared (A004 routes are text vs derived/table only)",
    ),
    gap(
        "A004",
        "bad",
        "README",
        "readme_text_and_table_same_section",
        "## Results\n\nThe Kinto K2 proxy handled 31,000 req/s in the keep-alive test.\n\n| Proxy | Keep-alive req/s |\n|---|---|\n| Kinto K2 | 24,000 |\n| Kinto K1 | 18,000 |\n",
        "an exact (unqualified) prose figure beside a table is deliberately skipped as 'maybe another run'; also the prose result '31,000 req/s' leaks into the table cells as load_setting=31000",
    ),
    gap(
        "A004",
        "bad",
        "datasheet",
        "datasheet_twice",
        "# Test results\n\nThe Merrow M-8 reached 40 Gbps of L4 throughput in our test.\n\n| Model | L4 throughput (Gbps) |\n|---|---|\n| Merrow M-8 | 32 |\n| Merrow M-4 | 20 |\n",
        "an exact (unqualified) prose figure beside a table is deliberately skipped; the prose figure gets test=None while the table gets 'L4 throughput'",
    ),
    gap(
        "A004",
        "bad",
        "README",
        "readme_summary_vs_text",
        "## Results\n\nThe Kinto K2 proxy handled 31,000 req/s in the keep-alive test.\n\n## Summary\n\n| Proxy | Keep-alive req/s |\n|---|---|\n| Kinto K2 | 24,000 |\n",
        "prose figure and summary table in different sections are never compared (A004 text-vs-table is keyed by section)",
    ),
    gap(
        "C004",
        "bad",
        "lab review",
        "review_missing_table_one_caption",
        "## Results\nThe full results for all object sizes are in Table 6.\n\nTable 1: Connection rate by object size\n\n| Size | Tenby T4 |\n|---|---|\n| 1 KB | 88,000 |\n",
        "figure/table references are checked only when the report has MIN_CAPTIONS (3) captions of that kind; 'Table 6' beside a lone 'Table 1' is not flagged",
    ),
    gap(
        "C004",
        "bad",
        "datasheet",
        "datasheet_bracket_footnote",
        "| Model | Throughput |\n|---|---|\n| Ashwell A-5 | 20 Gbps [3] |\n\n[1] Measured with 1,500-byte frames.\n[2] Two 10 GbE ports.\n",
        "bracketed numeric footnote markers ('20 Gbps [3]') are not read as footnote references; only <sup>n</sup> and [^name]",
    ),
    gap(
        "C004",
        "bad",
        "README",
        "readme_missing_figure_one_caption",
        "# Benchmarks\n\nSee Figure 4 for the latency histogram.\n\nFigure 1: Requests per second by worker count\n",
        "figure/table references are checked only when the report has MIN_CAPTIONS (3) captions; 'Figure 4' beside a lone 'Figure 1' is not flagged",
    ),
    gap(
        "C002",
        "bad",
        "datasheet",
        "datasheet_version_mismatch",
        "| Item | Value |\n|---|---|\n| Model | Fennick FG-210 |\n| Software | FennOS 7.2.4 |\n\nAll figures were measured on the Fennick FG-210 running FennOS 7.3.1.\n",
        "a version given in a key/value spec table (Software | FennOS 7.2.4) is not attached to the device, so it is never compared with the prose version",
    ),
    gap(
        "C002",
        "bad",
        "README",
        "readme_version_in_output",
        "Benchmarked the Quillfeather QF-2 proxy, version 2.4.0.\n\n```\n$ qf2 --version\nQuillfeather QF-2 version 2.5.1\n```\n\nThe Quillfeather QF-2 served 52,000 req/s.\n",
        "versions printed in tool output (code blocks: '--version') are not read as a device's release",
    ),
    gap(
        "D001",
        "bad",
        "vendor blog",
        "blog_latency_only_number",
        "## Faster than ever\nIn our lab, the Ennis E-2 answered in 1.8 ms, less than half the 4.1 ms of the old model.\n",
        "no device or metric is found when latency is named only by a verb ('answered in 1.8 ms'); the figure is not a latency measurement",
    ),
    gap(
        "M005",
        "bad",
        "vendor blog",
        "blog_goodput_claim_vs_wire",
        "## Throughput\nThe Ashby AB-3 delivered 18 Gbps of goodput, which was 10% lower than the Colby CB-9 at 20 Gbps of layer 2 throughput.\n",
        "the goodput-vs-wire route finds no claim with both operands typed: 'layer 2 throughput' on the reference side is not read as wire throughput in a ', which was N% lower than X at Y' claim",
    ),
    gap(
        "M006",
        "bad",
        "lab review",
        "review_different_loads_reached",
        "## Latency\nWith 1 KB objects, the Ware W-4 reached a p99 latency of 3.1 ms at 10,000 requests per second, while the Hythe H-6 reached a p99 latency of 5.2 ms at 40,000 requests per second.\n",
        "M006 different-loads needs a comparative Claim between two devices' latencies; two figures in parallel clauses ('while the Y reached ...') are not a comparison",
    ),
    gap(
        "M007",
        "bad",
        "vendor blog",
        "blog_native_console",
        "## CPU headroom\nFigures come from each device's native console. At 3 Gbps, the Lunt L-3 showed 18% CPU and the Mowbray M-2 showed 47% CPU.\n",
        "a subject after a leading adverbial ('At 3 Gbps, the Lunt L-3 showed ...') is not seeded as a device, so the CPU figures have no devices",
    ),
    gap(
        "M005",
        "bad",
        "datasheet",
        "datasheet_layer_unstated",
        "| Spec | Norley N-8 |\n|---|---|\n| Throughput | 40 Gbps |\n| Connections per second | 300,000 |\n",
        "M005 does not flag throughput whose layer is never stated (only bidirectional-vs-one-way and goodput-vs-wire comparisons); D001 reports the missing processing layer instead",
    ),
    gap(
        "M005",
        "bad",
        "vendor blog",
        "blog_goodput_vs_throughput",
        "## Throughput\nOur Ashby AB-3 delivered 18 Gbps of goodput, while the Colby CB-9 managed 20 Gbps of throughput.\n",
        "goodput and wire throughput set side by side in one sentence without a comparative claim are not compared (M005 goodput route needs a Claim with both operands)",
    ),
    gap(
        "M006",
        "bad",
        "vendor blog",
        "blog_mean_only",
        "## Latency\nWith 200 concurrent connections and 4 KB responses, the Redwick R-2 averaged 1.1 ms per request, while the Lanner L-5 averaged 2.7 ms.\n",
        "'averaged 1.1 ms per request' gives no latency measurement ('ms per request' is not read as a latency figure), so the average-only test has nothing to test",
    ),
    gap(
        "M006",
        "bad",
        "lab review",
        "review_different_loads",
        "## Latency\nThe Ware W-4 had a p99 latency of 3.1 ms at 10,000 requests per second, while the Hythe H-6 had a p99 latency of 5.2 ms at 40,000 requests per second. Both used 1 KB objects.\n",
        "'X had a p99 latency of 3.1 ms' does not seed X as a device ('had' is not a result verb), and M006 different-loads needs a comparative claim, not two figures in one sentence",
    ),
    gap(
        "M007",
        "bad",
        "datasheet",
        "datasheet_cores_differ",
        "| At 5 Gbps | Orme O-16 (16 cores) | Pask P-4 (4 cores) |\n|---|---|---|\n| CPU utilisation (device GUI) | 12% | 55% |\n",
        "system names in column headers are seeded only when the first header is a condition axis; 'At 5 Gbps' / 'CPU utilisation (device GUI)' rows leave the columns untyped, and '(16 cores)' in a header is not a hardware fact",
    ),
    gap(
        "M007",
        "bad",
        "README",
        "readme_top_each_host",
        "## CPU\nCPU was read from each box's own top output: the 32-core Quarry host showed 9% and the 8-core Rook host showed 41% at 20,000 req/s.\n",
        "lower-key names ('the 32-core Quarry host') are not seeded as devices, and the core counts are not attached to them",
    ),
    gap(
        "S010",
        "bad",
        "datasheet",
        "datasheet_published_figures_used",
        "For the Fenby F-2 we used the published datasheet figures, since no unit could be tested. The Gaddow G-7 reached 210,000 CPS and the Fenby F-2 250,000 CPS.\n",
        "'we used the published datasheet figures' is not one of the advertised-in-place-of-measured wordings (ADVERTISED_RES)",
    ),
    gap(
        "S010",
        "bad",
        "README",
        "readme_vendor_numbers_shown",
        "We could not obtain a Zeals Z-4, so the figures shown for it are the vendor's published datasheet values. Our Abbas A-2 reached 45,000 req/s and the Zeals Z-4 60,000 req/s.\n",
        "'the figures shown for it are the vendor's published datasheet values' names the device by pronoun; S010 needs the device named in that sentence",
    ),
    gap(
        "M005",
        "bad",
        "lab review",
        "review_bidir_table_note",
        "## Throughput\nThe Cobham C-12 pushed 72 Gbps, counting traffic in both directions. The Dalby D-7 reached 39 Gbps of HTTP throughput with 256 KB objects.\n",
        "a bidirectional qualifier in a trailing participle clause ('pushed 72 Gbps, counting traffic in both directions') is outside the figure's clause as _clause cuts it, so the figure counts as one-way",
    ),
    gap(
        "S002",
        "bad",
        "README",
        "readme_wrk_c_differs",
        "We ran `wrk -t4 -c100 -d60s` against Otterly and `wrk -t4 -c400 -d60s` against Pendle.\n\n| Proxy | Req/s |\n|---|---|\n| Otterly | 21,400 |\n| Pendle | 33,900 |\n",
        "per-device load from two inline wrk commands in one sentence ('-c100 ... against Otterly and -c400 ... against Pendle') is not attributed to the devices",
    ),
    gap(
        "S002",
        "bad",
        "vendor blog",
        "blog_throttled_one",
        "Both gateways started at 4,000 SimUsers; the load on the Quaile Q-9 was later scaled back to 60% CPU. The Rushby R-5 reached 12 Gbps and the Quaile Q-9 reached 8 Gbps.\n",
        "'the load on the Quaile Q-9 was later scaled back to 60% CPU' after a shared SimUsers clause is not a per-device load setting (device named inside the subject noun phrase 'the load on X')",
    ),
    gap(
        "S003",
        "bad",
        "datasheet",
        "datasheet_memory_differs",
        "The Wexcombe W-5 had 64 GB of memory and the Xander X-1 had 16 GB. The Wexcombe W-5 reached 2,000,000 concurrent connections and the Xander X-1 reached 500,000.\n",
        "memory sizes ('had 64 GB of memory') are not hardware facts per device, and the elliptical second figure ('the Xander X-1 reached 500,000') has no unit",
    ),
    gap(
        "S004",
        "bad",
        "vendor blog",
        "blog_compression_differs",
        "The Abram A-6 ran with compression disabled, while the Bexley B-2 used gzip level 6. The Abram A-6 served 90,000 requests per second and the Bexley B-2 served 52,000 requests per second.\n",
        "compression state is not an asymmetric-configuration feature: 'compression disabled' vs 'gzip level 6' are not compared as one setting",
    ),
    gap(
        "S010",
        "bad",
        "lab review",
        "review_datasheet_for_untested",
        "The Nayland N-6 could not be tested, so we show its published datasheet figure of 12 Gbps beside the 9 Gbps we measured on the Orford O-2.\n",
        "'we show its published datasheet figure of 12 Gbps beside the 9 Gbps we measured': the figure is not typed as advertised (the cue follows 'its', and 'we measured' in the same sentence reads as own measurement)",
    ),
    gap(
        "S010",
        "bad",
        "datasheet",
        "datasheet_advertised_mixed",
        "The Rendle R-8 reaches 60 Gbps (measured) while the Stowell S-2 is rated at 80 Gbps according to its datasheet, making the Stowell S-2 faster.\n",
        "'rated at 80 Gbps according to its datasheet' inside a comparison is not typed as advertised against the measured 60 Gbps",
    ),
    gap(
        "A001",
        "good",
        "vendor blog",
        "blog_others_percent_claims",
        "Competitors like to say their box is 50% faster than ours, but they never show 10,000 vs 9,000 style numbers behind it.\n",
        "A001-A003 claims are judged without the hedge test: a sentence about competitors' claims ('Competitors like to say ... 50% faster ... 10,000 vs 9,000') is flagged as the report's own arithmetic (skipping hedged claims needs care: HEDGE_CUES such as 'according to' also occur in a report's own claims)",
    ),
    gap(
        "A001",
        "bad",
        "lab review",
        "review_thin_space_thousands",
        "The Jarvis J-2 served 48 000 requests per second, 60% more than the Jarvis J-1 at 32 000 requests per second.\n",
        "space-grouped thousands ('48 000', SI style) are not one number (NUMBER_RE accepts comma grouping only), so the claim has no operands",
    ),
    gap(
        "A003",
        "bad",
        "datasheet",
        "datasheet_gbps_per_ru_wrong",
        "| Model | Throughput (Gbps) | Rack units | Gbps per RU |\n|---|---|---|---|\n| Lamorna L-4 | 80 | 2 | 50 |\n| Lamorna L-8 | 160 | 4 | 40 |\n",
        "per-unit derived columns are checked only per watt; 'Gbps per RU' (per rack unit), per-core or price-per-Gbps columns are not recomputed",
    ),
    gap(
        "A003",
        "bad",
        "README",
        "readme_transposed_efficiency",
        "| | v1 | v2 |\n|---|---|---|\n| req/s | 30,000 | 36,000 |\n| power (W) | 150 | 160 |\n| req/s per watt | 250 | 260 |\n",
        "the table efficiency check reads metric/power/per-watt as columns only; a transposed table (metrics as rows, builds as columns) is not checked",
    ),
]


@pytest.mark.parametrize(("rule", "kind", "genre", "text"), GAPS)
def test_paraphrase_gap(rule, kind, genre, text):
    codes = {f.rule for f in claimcheck.check_text(text, name=f"{rule}-{genre}.md").findings}
    if kind == "bad":
        assert rule in codes
    else:
        assert rule not in codes
