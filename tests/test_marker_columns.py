"""A leading marker or label cell that the header does not name shifts no value: the
dataset markers of ministat-style summaries ("x", "+", "*" before "N Min Max Median Avg
Stddev"), a plain-text table whose header has no corner over the row labels, and a
tab-separated one whose header lacks its leading tab. Numbers and names are invented."""

from __future__ import annotations

import claimcheck
from claimcheck.ingest.tables import marker_offset
from claimcheck.models import Cell


def findings(text: str, rule: str) -> list[int]:
    """Lines of ``rule``'s findings on a Markdown text."""
    result = claimcheck.check_text(text, config=claimcheck.api.Config())
    return sorted(f.line for f in result.findings if f.rule == rule)


SUMMARY = """\
x gravel.before.pps
+ gravel.after.pps
* gravel.patched.pps
+--------------------------------------------------------------+
|+  *                                                   x  x x |
|A  |A|                                                 |_A_|  |
+--------------------------------------------------------------+
    N           Min           Max        Median           Avg        Stddev
x   5        512040        530377        521008      520911.6     6881.2203
+   5        402113        409870        405516      405902.4     2811.0047
*   5        411870        418002        414371      414655.8     2477.9431
Difference at 95.0% confidence
        -115009 +/- 7658.1
        -22.0785% +/- 1.47013%
        (Student's t, pooled s = 5256.11)
"""


def test_ministat_markers_do_not_shift_the_columns() -> None:
    text = "## Forwarding rate, Tallow-9 router\n\n```\n" + SUMMARY + "```\n"
    assert findings(text, "A007") == []


def test_a_real_order_error_under_markers_still_fires() -> None:
    broken = SUMMARY.replace("521008      520911.6", "538008      520911.6")  # median > max
    text = "## Forwarding rate, Tallow-9 router\n\n```\n" + broken + "```\n"
    assert findings(text, "A007") == [12]


def test_an_unfenced_summary_reads_the_same() -> None:
    body = "\n".join(SUMMARY.splitlines()[7:11])  # header and the three dataset rows
    text = "## Forwarding rate, Tallow-9 router\n\n" + body + "\n"
    assert findings(text, "A007") == []


def test_a_plain_text_table_without_a_corner(tmp_path) -> None:  # noqa: ANN001
    text = (
        "## Results\n\n"
        "                Req/s      p99 (ms)\n"
        "Brightgate      41,200     3.1\n"
        "Harrier LB      38,900     4.4\n"
        "Kestrel-7       35,100     5.0\n"
    )
    path = tmp_path / "plain.md"
    path.write_text(text, encoding="utf-8")
    got = {(m.entity, m.metric, m.value) for m in claimcheck.extract(path).measurements
           if m.source == "table"}  # fmt: skip
    assert ("Harrier LB", "rps", 38900.0) in got
    assert ("Kestrel-7", "latency", 5.0) in got


def test_a_tab_separated_header_without_its_leading_tab(tmp_path) -> None:  # noqa: ANN001
    text = "## Results\n\nReq/s\tp99 (ms)\nBrightgate\t41,200\t3.1\nHarrier LB\t38,900\t4.4\n"
    path = tmp_path / "tabs.md"
    path.write_text(text, encoding="utf-8")
    got = {(m.entity, m.metric, m.value) for m in claimcheck.extract(path).measurements
           if m.source == "table"}  # fmt: skip
    assert ("Brightgate", "rps", 41200.0) in got
    assert ("Harrier LB", "latency", 4.4) in got


def test_marker_offset() -> None:
    head = [Cell("N", 0, 1), Cell("Min", 2, 5), Cell("Max", 6, 9)]
    assert (
        marker_offset(head, [Cell("x", 0, 1), Cell("5", 2, 3), Cell("1", 4, 5), Cell("2", 6, 7)])
        == 1
    )
    assert marker_offset(head, [Cell("5", 2, 3), Cell("1", 4, 5), Cell("2", 6, 7)]) == 0
    four = [Cell("7", 0, 1), Cell("5", 2, 3), Cell("1", 4, 5), Cell("2", 6, 7)]
    assert marker_offset(head, four) == 0  # a leading figure is a value, not a marker
