"""Findings in an HTML page point at the line and column of the page as given: the source
map aligns the laid-out text with the page's visible words (pages written here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import claimcheck
from claimcheck.ingest.html import html_to_text
from claimcheck.ingest.sourcemap import build_source_map

PAGE = """<!DOCTYPE html>
<html>
<head><title>Gateway figures</title>
<style>p { color: red } /* 4,100 Mbps */</style>
<script>var x = "2.2x that of the old one";</script>
</head>
<body>
  <h2>Throughput of the Merlin&nbsp;M4</h2>
  <p>In our lab the
     Merlin M4 moved
     <b>2.2x</b> the traffic of the Osprey O2:
     4,100 Mbps compared with 2,300 Mbps.</p>
  <table>
    <tr><th>Gateway</th><th>p50 (ms)</th><th>p99 (ms)</th></tr>
    <tr>
      <td>Merlin M4</td>
      <td>38</td>
      <td>31</td>
    </tr>
  </table>
</body>
</html>
"""


def _check(tmp_path, page: str, select: str = "A"):
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    return claimcheck.check(path, select=select)


def test_a_finding_points_into_the_page(tmp_path):
    result = _check(tmp_path, PAGE)
    by_rule = {f.rule: f for f in result.findings}
    lines = PAGE.splitlines()
    ratio = by_rule["A002"]
    assert lines[ratio.line - 1][ratio.column - 1 :].startswith("2.2x")
    order = by_rule["A007"]
    assert lines[order.line - 1].strip().startswith("<td>")


def test_the_text_output_quotes_the_page_line(tmp_path):
    result = _check(tmp_path, PAGE)
    doc = result._documents[next(iter(result._documents))]
    for f in result.findings:
        assert doc.line_text(f.line) == PAGE.splitlines()[f.line - 1]


def test_words_in_scripts_styles_and_titles_are_never_anchors():
    text = html_to_text(PAGE)
    smap = build_source_map(PAGE, text)
    at = text.index("2.2x")
    assert PAGE[smap.offset(at) :].startswith("2.2x</b>")
    body = PAGE.index("<body>")
    assert all(src > body for src in smap.src)


def test_a_lone_angle_bracket_is_text():
    page = "<p>latency < 5 ms for the Kite K1, 7 ms for the Wren W3</p>"
    text = html_to_text(page)
    smap = build_source_map(page, text)
    at = text.index("Wren")
    assert page[smap.offset(at) :].startswith("Wren")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "<p>",
                "</p>",
                "<td>",
                "<tr>",
                "<script>",
                "</script>",
                "<!--",
                "-->",
                "<",
                ">",
                "&amp;",
                "the",
                "Kite",
                "4,100",
                "Mbps",
                " ",
                "\n",
                "<br>",
                "<title>",
                "</title>",
                "<b>",
                "</b>",
            ]
        ),  # fmt: skip
        max_size=80,
    )
)
def test_offsets_stay_in_the_page_and_in_order(parts):
    page = "".join(parts)
    text = html_to_text(page)
    smap = build_source_map(page, text)
    assert list(smap.out) == sorted(smap.out) and list(smap.src) == sorted(smap.src)
    previous = 0
    for at in range(len(text) + 1):
        offset = smap.offset(at)
        assert 0 <= offset <= len(page)
        line, column = smap.position(at)
        assert 1 <= line <= page.count("\n") + 1 and column >= 1
        previous = max(previous, offset)


ROWS_PAGE = """<html><body>
<h2>Request rates of two proxies</h2>
<p>Each proxy was driven from one client host.</p>
<table>
  <tr><th>Proxy</th><th>Requests/s</th><th>Mean latency (ms)</th></tr>
  <tr>
    <td>Harrier LB</td>
    <td>52,400</td>
    <td>3.1</td>
  </tr>
  <tr>
    <td>Brightgate</td>
    <td>47,900</td>
    <td>3.4</td>
  </tr>
</table>
</body></html>
"""


def test_a_quoted_figure_cites_its_own_page_line(tmp_path):
    import re

    result = _check(tmp_path, ROWS_PAGE, select="D")
    lines = ROWS_PAGE.splitlines()
    cited = [
        (m.group(1), int(m.group(2)))
        for f in result.findings
        for m in re.finditer(r'"([^"]+)", line (\d+)', f.message)
    ]
    assert cited  # the D001 message quotes the first figure of a family
    for quoted, n in cited:
        assert quoted in lines[n - 1], (quoted, n)
