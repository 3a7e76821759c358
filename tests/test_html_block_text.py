"""HTML blocks keep their text apart; inline elements do not; Markdown in .html stays as written.

Every page here is invented. Block-level elements end the text before them, so the last
word of one paragraph never runs into the first of the next (a device list ending
"... Brightgate" above a "Load profile:" heading would otherwise read as a setting
"BrightgateLoad"). A file named .html that holds Markdown is read as Markdown, so each
finding points at the line and column of the file.
"""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.ingest.html import html_to_text, looks_like_markup
from claimcheck.ingest.reader import read_path

BLOCK_PAIRS = [
    ("<p>Kestrel</p><p>Load</p>", "p"),
    ("<div>Kestrel</div><div>Load</div>", "div"),
    ("<ul><li>Kestrel</li><li>Load</li></ul>", "li"),
    ("<h2>Kestrel</h2><h3>Load</h3>", "h2/h3"),
    ("<table><tr><td>Kestrel</td><td>Load</td></tr></table>", "td"),
    ("<table><tr><th>Kestrel</th></tr><tr><td>Load</td></tr></table>", "tr"),
    ("<p>Kestrel<br>Load</p>", "br"),
    ("<section>Kestrel</section><article>Load</article>", "section/article"),
    ("<dl><dt>Kestrel</dt><dd>Load</dd></dl>", "dt/dd"),
    ("<p>Kestrel</p><pre>Load</pre>", "pre"),
    ("<blockquote>Kestrel</blockquote><p>Load</p>", "blockquote"),
    ("<p>Kestrel</p><table><tr><td>Load</td></tr></table>", "table"),
    ("<td>Kestrel</td><td>Load</td>", "cells without a table"),
    ("<tr>Kestrel</tr><tr>Load</tr>", "rows without a table"),
    ("<header>Kestrel</header><main>Load</main><footer>x</footer>", "header/main"),
    ("<figure>Kestrel<figcaption>Load</figcaption></figure>", "figcaption"),
    ("<details><summary>Kestrel</summary>Load</details>", "summary"),
    ("<hgroup>Kestrel</hgroup><menu>Load</menu>", "hgroup/menu"),
]


@pytest.mark.parametrize(("markup", "what"), BLOCK_PAIRS, ids=[w for _, w in BLOCK_PAIRS])
def test_block_elements_separate_their_text(markup: str, what: str) -> None:
    text = html_to_text(markup)
    between = text[text.index("Kestrel") + len("Kestrel") : text.index("Load")]
    assert "\n" in between or between == "\t", repr(text)  # a line, a block or a cell apart
    assert not any(ch.isalnum() for ch in between)


@pytest.mark.parametrize("tag", ["span", "a", "b", "strong", "code", "em", "i", "small", "abbr"])
def test_inline_elements_do_not_split_words(tag: str) -> None:
    assert html_to_text(f"<p>Through<{tag}>put</{tag}> of 9 Gbps</p>") == "Throughput of 9 Gbps\n"


def _doc(tmp_path, name: str, text: str):  # noqa: ANN202
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_path(path)


def test_paragraphs_of_a_page_are_never_rejoined(tmp_path) -> None:
    """A paragraph ending without a full stop stays apart from the next block, as the
    page shows them (the rejoining of paragraphs cut by a PDF page break is not for HTML)."""
    page = (
        "<html><body><h2>Setup</h2>\n"
        "<p><strong>Systems compared:</strong> Harrier LB Classic, Harrier LB Edge, "
        "Kestrel-7, Brightgate, Quillon Proxy, Tessel Gateway</p>\n"
        "<p><strong>Load profile:</strong></p>\n"
        "<ul><li>Clients and proxies on separate hosts</li>"
        "<li>1,024 to 8,192 concurrent connections</li></ul>\n"
        "</body></html>"
    )
    doc = _doc(tmp_path, "setup.html", page)
    texts = [b.text for b in doc.blocks]
    [names] = [t for t in texts if "Systems compared" in t]
    assert "Load profile" not in names
    assert any(t.strip() == "Load profile:" for t in texts)


def test_no_setting_made_of_two_blocks(tmp_path, no_config) -> None:
    page = (
        "<html><body><h1>Proxy benchmarks</h1>\n"
        "<p>Benchmarks were run with the oha load tool.</p>\n"
        "<p><strong>Proxies tested:</strong> Harrier LB Classic, Harrier LB Edge, Quillon, "
        "Kestrel-7, Tessel, Brightgate</p>\n"
        "<p><strong>Load profile:</strong></p>\n"
        "<ul><li>4 oha instances</li><li>1024 concurrent connections</li></ul>\n"
        "<h2>1024 Connections</h2>\n"
        "<table><tr><th>Proxy</th><th>RPS</th><th>avg ms</th></tr>\n"
        "<tr><td>Harrier LB Classic</td><td>51,230</td><td>19.9</td></tr>\n"
        "<tr><td>Kestrel-7</td><td>48,870</td><td>20.8</td></tr>\n"
        "<tr><td>Brightgate</td><td>40,110</td><td>25.4</td></tr></table>\n"
        "</body></html>"
    )
    path = tmp_path / "bench.html"
    path.write_text(page, encoding="utf-8")
    result = claimcheck.check(path, config=no_config)
    assert not result.errors
    assert all("BrightgateLoad" not in f.message for f in result.findings)
    doc = result._documents[str(path)]
    for f in result.findings:  # every finding points into a line of the read text
        assert 1 <= f.line <= len(doc.line_starts)


@pytest.fixture
def no_config(tmp_path):  # noqa: ANN201
    cfg = tmp_path / "empty.toml"
    cfg.write_text("", encoding="utf-8")
    return cfg


MARKDOWN = """# Kestrel-7 gateway results

We tested the Kestrel-7 gateway against the Harrier LB.

| Device | Throughput (RPS) |
|---|---|
| Kestrel-7 | 41,000 |
| Harrier LB | 20,000 |

Kestrel-7 delivered 41,000 RPS, 2.5x the Harrier LB at 20,000 RPS.
"""


def test_markdown_saved_as_html_keeps_its_lines(tmp_path, no_config) -> None:
    path = tmp_path / "results.html"
    path.write_text(MARKDOWN, encoding="utf-8")
    doc = read_path(path)
    assert doc.text == MARKDOWN  # read as written: offsets are those of the file
    assert any(b.kind == "table" for b in doc.blocks)
    result = claimcheck.check(path, select="A", config=no_config)
    [finding] = [f for f in result.findings if f.rule == "A002"]
    line = MARKDOWN.splitlines()[finding.line - 1]
    assert finding.line == 10
    assert line[finding.column - 1 :].startswith("2.5x")


def test_markdown_with_a_few_tags_is_still_markdown(tmp_path) -> None:
    text = (
        '<div align="center"><img src="logo.png" alt="Harrier"></div>\n\n'
        "# Harrier LB\n\nHarrier LB serves 90,000 RPS on one core.<br>\n"
        "<!-- claimcheck: disable-next-line=D001 -->\nLatency stays under 2 ms at p99.\n"
    )
    assert not looks_like_markup(text)
    assert _doc(tmp_path, "README.html", text).text == text


@pytest.mark.parametrize(
    "markup",
    [
        "<!DOCTYPE html>\nplain words\nmore plain words\n",
        "<html><body>Throughput\n9 Gbps\n</body></html>",
        "<p>Throughput was 9 Gbps.</p>\n<p>Latency was 2 ms.</p>\n",
        '<meta charset="utf-8">\nOne line\nAnother line\n',
        "<table><tr><td>Kestrel-7</td><td>41,000</td></tr></table>\nOne note below.\n",
    ],
)
def test_html_stays_html(markup: str) -> None:
    assert looks_like_markup(markup)


def test_plain_text_in_html_file_is_not_one_line(tmp_path) -> None:
    text = "Kestrel-7 test log\n\nRequests/sec: 41000\nLatency: 2.1 ms\n"
    doc = _doc(tmp_path, "log.htm", text)
    assert doc.position(text.index("Latency")) == (4, 1)
