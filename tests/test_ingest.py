"""Tests for claimcheck.ingest: decoding, exact spans, and block segmentation."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.errors import InputError
from claimcheck.ingest import read_bytes, read_path, read_text, reader_for, register_reader
from claimcheck.ingest import reader as reader_module
from claimcheck.ingest.decode import decode
from claimcheck.models import Document


def kinds(doc: Document) -> list[str]:
    return [b.kind for b in doc.blocks]


def only(doc: Document, kind: str):
    found = [b for b in doc.blocks if b.kind == kind]
    assert len(found) == 1, kinds(doc)
    return found[0]


def check_spans(doc: Document) -> None:
    """Every span invariant the rest of the pipeline relies on."""
    text = doc.text
    previous_end = 0
    for block in doc.blocks:
        assert 0 <= block.start <= block.end <= len(text)
        assert block.start >= previous_end, "blocks overlap or are out of order"
        previous_end = block.end
        source = text[block.start : block.end]
        assert len(block.text) == len(source)
        assert block.text == source.replace("\n", " ").replace("\r", " ")
        if block.table is None:
            continue
        for row in block.table.rows:
            assert block.start <= row.start <= row.end <= block.end
            for cell in row.cells:
                assert row.start <= cell.start <= cell.end <= row.end
                assert text[cell.start : cell.end] == cell.text
                assert cell.text == cell.text.strip()


# --- decoding ---------------------------------------------------------------


def test_utf8_is_kept():
    doc = read_bytes("Throughput rose 12 % – to 9.4 Gbps.\n".encode(), "r.txt")
    assert doc.encoding == "utf-8"
    assert doc.text == "Throughput rose 12 % – to 9.4 Gbps.\n"


def test_latin1_bytes_fall_back():
    data = "Le débit du boîtier était très élevé à 40 Gbps.".encode("latin-1")
    doc = read_bytes(data, "fr.txt")
    assert doc.text == "Le débit du boîtier était très élevé à 40 Gbps."
    assert doc.encoding in {"cp1252", "latin-1", "iso8859-1", "iso-8859-1"}


def test_cp1252_smart_quotes():
    data = "The \u201cturbo\u201d mode isn\u2019t on \u2013 see the notes.".encode("cp1252")
    doc = read_bytes(data, "q.txt")
    assert doc.text == "The \u201cturbo\u201d mode isn\u2019t on \u2013 see the notes."
    assert doc.encoding == "cp1252"


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_utf16_with_bom(codec):
    text = "## Results\n\nThe box handled 1,200 CPS.\n"
    data = text.encode(codec)
    if codec == "utf-16-be":
        data = b"\xfe\xff" + data
    doc = read_bytes(data, "u16.txt")
    assert doc.text == text
    assert doc.encoding.startswith("utf-16")
    assert kinds(doc) == ["heading", "paragraph"]


def test_utf16_without_bom_is_not_binary():
    doc = read_bytes("Plain words in UTF-16.".encode("utf-16-le"), "nobom.txt")
    assert doc.text == "Plain words in UTF-16."


def test_utf8_bom_is_dropped():
    doc = read_bytes(b"\xef\xbb\xbfHello", "bom.txt")
    assert doc.text == "Hello"
    assert doc.encoding == "utf-8-sig"


def test_declared_meta_charset():
    data = b'<html><head><meta charset="iso-8859-15"></head>Price: \xa4 900</html>'
    doc = read_bytes(data, "page.html")
    assert doc.encoding == "iso-8859-15"
    assert "Price: \u20ac 900" in doc.text


def test_declared_emacs_coding():
    data = b"# -*- coding: cp1252 -*-\nA \x93quoted\x94 word.\n"
    text, encoding = decode(data, "e.txt")
    assert encoding == "cp1252"
    assert "\u201cquoted\u201d" in text


@pytest.mark.parametrize(
    "data",
    [
        b"\x00\x01\x02\x03\x04 ELF-ish \x00\x00\x10",
        bytes(range(32)) * 50,
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    ],
)
def test_binary_is_refused(data):
    with pytest.raises(InputError, match="binary"):
        read_bytes(data, "blob.bin")


def test_pdf_bytes_need_the_extra():
    with pytest.raises(InputError, match="pdf extra"):
        read_bytes(b"%PDF-1.7\n...", "report.bin")


def test_empty_input_gives_empty_document():
    doc = read_bytes(b"", "empty.txt")
    assert doc.text == "" and doc.blocks == [] and doc.line_starts == [0]
    assert read_text("   \n\t\n").blocks == []


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_decode_or_raise_input_error(data):
    try:
        doc = read_bytes(data, "fuzz.bin")
    except InputError:
        return
    check_spans(doc)


# --- paths --------------------------------------------------------------------


def test_missing_path(tmp_path):
    missing = tmp_path / "nope.md"
    with pytest.raises(InputError) as info:
        read_path(missing)
    assert str(missing) in str(info.value) and "\n" not in str(info.value)


def test_directory_path(tmp_path):
    with pytest.raises(InputError, match="directory"):
        read_path(tmp_path)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_path(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_text("hidden")
    path.chmod(0)
    with pytest.raises(InputError, match="permission"):
        read_path(path)


def test_read_path_markdown_and_pdf(tmp_path, monkeypatch):
    md = tmp_path / "r.md"
    md.write_bytes(b"# Title\n\nSome text here.\n")
    doc = read_path(md)
    assert doc.name == str(md)
    assert kinds(doc) == ["heading", "paragraph"]
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(b"%PDF-1.4 whatever")
    with pytest.raises(InputError, match="not a readable PDF|pdf extra"):
        read_path(pdf)
    monkeypatch.setitem(sys.modules, "pypdf", None)  # as if the pdf extra were not installed
    with pytest.raises(InputError, match="pdf"):
        read_path(pdf)


def test_register_reader(tmp_path, monkeypatch):
    monkeypatch.setattr(reader_module, "READERS", dict(reader_module.READERS))
    path = tmp_path / "x.claimtest"
    path.write_bytes(b"ignored")
    register_reader(".claimtest", lambda data, name: read_text("# Swapped", name))
    assert reader_for(path) is not None
    assert read_path(path).blocks[0].section == "Swapped"


# --- exact text and positions ------------------------------------------------------


def test_text_is_exact_and_positions_follow_crlf():
    text = "First line\r\nSecond line\r\n\r\nThird\rstill third\n"
    doc = read_text(text)
    assert doc.text == text
    assert doc.line_starts == [0, 12, 25, 27, 45]
    assert doc.position(0) == (1, 1)
    assert doc.position(text.index("Second")) == (2, 1)
    assert doc.position(text.index("line", 12)) == (2, 8)
    assert doc.position(text.index("still")) == (4, 7)  # a lone \r is not a break
    assert doc.line_text(2) == "Second line"
    check_spans(doc)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_block_text_offsets_match_source(text):
    doc = read_text(text)
    assert doc.text == text
    check_spans(doc)


_LINES = st.sampled_from(
    [
        "",
        "",
        "   ",
        "# Heading",
        "## **Bold heading**",
        "Setext title",
        "=====",
        "-----",
        "POWER NUMBERS",
        "A sentence that is fairly long and does not stop at the end of this line",
        "continues here and ends.",
        "- bullet item",
        "  indented continuation",
        "1. first step",
        "a) lettered",
        "* star item",
        "\\* note under a table",
        "[^1]: a footnote",
        "<sup>2</sup> another footnote",
        "\u00b9 superscript note",
        "Name\tValue\tUnit",
        "\tIdle\tLoad\t",
        "box\t12\t\t3,400",
        "| a | b |",
        "|---|:-:|",
        "| 1 | 2 |",
        "Device      RPS      Watts",
        "alpha       1,000    85",
        "beta          900    70",
        "```",
        "```sh",
        "~~~",
        "Requests/sec:  1234.5",
        "\u2502 Stat \u2502 50% \u2502",
        "\u251c\u2500\u2500\u253c\u2500\u2500\u2524",
        "Page 3 of 9",
        "Figure 2: a chart",
        "<!-- expect: A001 -->",
        "\x00\u200f\ufeff",
        "\r",
    ]
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINES, max_size=40), st.sampled_from(["\n", "\r\n"]))
def test_structured_documents_keep_exact_spans(lines, newline):
    doc = read_text(newline.join(lines))
    check_spans(doc)


# --- blocks -----------------------------------------------------------------------


def test_headings_and_sections():
    text = (
        "# Summary\n\nThe unit did well.\n\n## **Key Results**\n\nMore text.\n\n"
        "Setext Style\n------------\n\nBody.\n\nTHROUGHPUT TESTS\n\nFinal words.\n"
    )
    doc = read_text(text)
    headings = [(b.section, b.level) for b in doc.blocks if b.kind == "heading"]
    assert headings == [
        ("Summary", 1),
        ("Key Results", 2),
        ("Setext Style", 2),
        ("THROUGHPUT TESTS", 2),
    ]
    sections = {b.text: b.section for b in doc.blocks if b.kind == "paragraph"}
    assert sections == {
        "The unit did well.": "Summary",
        "More text.": "Key Results",
        "Body.": "Setext Style",
        "Final words.": "THROUGHPUT TESTS",
    }
    check_spans(doc)


def test_caps_line_inside_paragraph_is_not_a_heading():
    doc = read_text("Some words\nALL CAPS LINE\nmore words\n")
    assert kinds(doc) == ["paragraph"]


def test_hard_wrapped_paragraph_is_one_block():
    doc = read_text("The appliance kept up\nwith the load until\nthe very end.\n")
    block = only(doc, "paragraph")
    assert block.text == "The appliance kept up with the load until the very end."


def test_paragraph_joined_across_pdf_break():
    first = "In the small-file run the first box was ahead on connections. Against that, the"
    second = "second box answered 2,000 users with a median delay of 9 ms."
    text = f"{first}\n\n\n{second}\n\nA new paragraph starts here.\n"
    doc = read_text(text)
    assert kinds(doc) == ["paragraph", "paragraph"]
    joined = doc.blocks[0]
    assert joined.start == 0 and joined.end == len(first) + 3 + len(second)
    assert joined.text == f"{first}   {second}"
    check_spans(doc)


def test_no_join_after_finished_sentence_or_before_caption():
    text = (
        "This paragraph is long enough to qualify but it finishes with a period.\n\n"
        "next paragraph in lower case.\n\n"
        "This long paragraph stops in mid air just before a figure caption and so\n\n"
        "Figure 3: throughput by file size\n"
    )
    doc = read_text(text)
    assert kinds(doc) == ["paragraph"] * 4


def test_short_unfinished_paragraph_is_not_joined():
    doc = read_text("Segment One\n\nThe first segment holds two boxes.\n")
    assert kinds(doc) == ["paragraph", "paragraph"]


def test_list_items():
    text = (
        "Settings used:\n\n"
        "- File sizes: 1 KB and 64 KB\n"
        "  wrapped onto a second line\n"
        "* Clients: 300\n"
        "+ Servers: 8\n"
        "\u2022 Cipher: AES128\n"
        "1. first\n"
        "2) second\n"
        "b) third\n"
    )
    doc = read_text(text)
    items = [b.text for b in doc.blocks if b.kind == "list_item"]
    assert items == [
        "File sizes: 1 KB and 64 KB   wrapped onto a second line",
        "Clients: 300",
        "Servers: 8",
        "Cipher: AES128",
        "first",
        "second",
        "third",
    ]
    check_spans(doc)


def test_footnotes():
    text = (
        "Body text with a mark.[^1]\n\n"
        "[^1]: The mark explained.\n\n"
        "<sup>2</sup> A second note from a PDF.\n\n"
        "\u00b3 A third note with a superscript digit.\n"
    )
    doc = read_text(text)
    assert kinds(doc) == ["paragraph", "footnote", "footnote", "footnote"]


def test_star_note_under_table_is_a_footnote():
    text = "Box\tCPS\nalpha\t1,000\nbeta\t*\n\n* No figure was published for beta.\n"
    doc = read_text(text)
    assert kinds(doc) == ["table", "footnote"]
    assert read_text("* just a bullet\n").blocks[0].kind == "list_item"


def test_rules_and_page_footers_are_skipped():
    text = "Before.\n\n---\n\n\u00a9 2031 Example Labs\tlabs.example\tPage 4\n\nof 9\n\nAfter.\n"
    doc = read_text(text)
    assert [b.text for b in doc.blocks] == ["Before.", "After."]


def test_tsv_table_with_two_line_header_and_empty_cells():
    text = (
        "Unit\tPower Draw\t\tRequests per Watt\n"
        "\tIdle\tBusy\t\n"
        "Box A\t70\t92\t<b>8,250</b>\n"
        "Box B\t210\t230\t1,940\n"
    )
    doc = read_text(text)
    block = only(doc, "table")
    table = block.table
    assert table.kind == "tsv"
    assert [r.is_header for r in table.rows] == [True, True, False, False]
    assert [c.text for c in table.rows[0].cells] == ["Unit", "Power Draw", "", "Requests per Watt"]
    assert [c.text for c in table.rows[1].cells] == ["", "Idle", "Busy", ""]
    assert table.header == ["Unit", "Power Draw Idle", "Busy", "Requests per Watt"]
    empty = table.rows[1].cells[0]
    assert empty.start == empty.end == text.index("\tIdle")
    value = table.rows[2].cells[3]
    assert value.text == "8,250" and text[value.start : value.end] == "8,250"
    assert [c.text for c in table.body[1].cells] == ["Box B", "210", "230", "1,940"]
    check_spans(doc)


def test_tsv_numeric_first_row_has_no_header():
    doc = read_text("2\tIntroduction\n5\tMethod\n9\tResults\n")
    assert not any(r.is_header for r in doc.blocks[0].table.rows)


def test_all_text_tsv_has_one_header_row():
    doc = read_text("Vendor\tModel\nAcme\tRouter 7a\nBolt\tSwitch 9q\n")
    assert [r.is_header for r in doc.blocks[0].table.rows] == [True, False, False]


def test_comment_lines_are_skipped_and_do_not_break_tables():
    text = (
        "<!-- expect: A001 -->\n"
        "A sentence under a marker.\n\n"
        "| Box | p99 |\n"
        "|-----|-----|\n"
        "<!-- ok: A007 -->\n"
        "| a   | 3 ms |\n"
        "<!-- expect: A007 -->\n"
        "| b   | 9 ms |\n"
        "<!-- trailing -->\n"
    )
    doc = read_text(text)
    assert kinds(doc) == ["paragraph", "table"]
    assert doc.blocks[0].text == "A sentence under a marker."
    table = doc.blocks[1].table
    assert [[c.text for c in r.cells] for r in table.body] == [["a", "3 ms"], ["b", "9 ms"]]
    assert doc.blocks[1].end == text.index("<!-- trailing") - 1
    check_spans(doc)


def test_pipe_table():
    text = (
        "| Device | CPS | Note |\n"
        "|:-------|----:|------|\n"
        "| alpha  | 1,200 | fast \\| cheap |\n"
        "| beta   | 950 | |\n"
    )
    doc = read_text(text)
    table = only(doc, "table").table
    assert table.kind == "pipe"
    assert [r.is_header for r in table.rows] == [True, False, False]
    assert [c.text for c in table.rows[0].cells] == ["Device", "CPS", "Note"]
    assert [c.text for c in table.rows[1].cells] == ["alpha", "1,200", "fast \\| cheap"]
    assert [c.text for c in table.rows[2].cells] == ["beta", "950", ""]
    check_spans(doc)


WRK_OUTPUT = """\
Here is the run:

```
$ wrk -t4 -c256 -d45s http://192.0.2.10/index.html
Running 45s test @ http://192.0.2.10/index.html
  4 threads and 256 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.41ms    1.20ms  41.07ms   88.10%
    Req/Sec    19.02k     1.31k   23.90k    71.40%
  Latency Distribution
     50%    3.20ms
     99%    7.95ms
  3406112 requests in 45.00s, 2.71GB read
Requests/sec:  75691.38
Transfer/sec:     61.72MB
```
"""


def test_wrk_fence_is_tool_output():
    doc = read_text(WRK_OUTPUT)
    assert kinds(doc) == ["paragraph", "table"]
    block = doc.blocks[1]
    assert block.start == WRK_OUTPUT.index("```")
    assert block.end == WRK_OUTPUT.rindex("```") + 3
    table = block.table
    assert table.kind == "tool_output" and table.tool == "wrk"
    rows = [[c.text for c in r.cells] for r in table.rows]
    assert ["Latency", "3.41ms", "1.20ms", "41.07ms", "88.10%"] in rows
    assert ["Requests/sec", "75691.38"] in rows
    assert ["50%", "3.20ms"] in rows
    check_spans(doc)


@pytest.mark.parametrize(
    ("body", "tool"),
    [
        ("     http_req_duration..........: avg=2.1ms med=1.9ms\n     vus............: 50", "k6"),
        ("Requests per second:    5120.44 [#/sec] (mean)\nTime per request:   19.5 [ms]", "ab"),
        ("starting benchmark...\nfinished in 10.01s, 9981.20 req/s, 3.1MB/s", "h2load"),
        (
            "\u250c\u2500\u2500\u2510\n\u2502 Stat \u2502 2.5% \u2502 50% \u2502 97.5% \u2502 99% \u2502\n"
            "\u251c\u2500\u2500\u2524\n\u2502 Latency \u2502 1 ms \u2502 2 ms \u2502 5 ms \u2502 7 ms \u2502",
            "autocannon",
        ),
        ("Requests      [total, rate, throughput]  6000, 100.02, 99.9\nLatencies  [min]", "vegeta"),
        ("Summary:\n  Requests/sec:\t812.3\n\nLatency distribution:\n  50% in 0.01 secs", "hey"),
    ],
)
def test_other_tools_are_detected(body, tool):
    doc = read_text(f"```text\n{body}\n```\n")
    block = doc.blocks[0]
    assert block.kind == "table" and block.table.tool == tool
    check_spans(doc)


def test_autocannon_box_rows():
    body = (
        "\u250c\u2500\u2500\u2500\u252c\u2500\u2500\u2510\n"
        "\u2502 Stat    \u2502 2.5% \u2502 50% \u2502 97.5% \u2502 99% \u2502\n"
        "\u251c\u2500\u2500\u2500\u253c\u2500\u2500\u2524\n"
        "\u2502 Latency \u2502 1 ms \u2502 2 ms \u2502 5 ms  \u2502 7 ms \u2502\n"
        "\u2514\u2500\u2500\u2500\u2534\u2500\u2500\u2518\n"
    )
    table = read_text(f"```\n{body}```\n").blocks[0].table
    assert [[c.text for c in r.cells] for r in table.rows] == [
        ["Stat", "2.5%", "50%", "97.5%", "99%"],
        ["Latency", "1 ms", "2 ms", "5 ms", "7 ms"],
    ]
    assert [r.is_header for r in table.rows] == [True, False]


def test_command_only_fence_is_code():
    text = "```sh\nwrk -t8 -c400 -d60s http://198.51.100.7/\n```\n"
    doc = read_text(text)
    block = only(doc, "code")
    assert block.table is not None and block.table.tool is None
    assert "wrk -t8 -c400 -d60s" in block.text


def test_unclosed_fence_is_plain_text():
    doc = read_text("```\nnot really code\n")
    assert kinds(doc) == ["paragraph"]


def test_aligned_columns_table():
    text = (
        "Results by box:\n\n"
        "Box          Conn/s     Gbps\n"
        "alpha       120,000     18.5\n"
        "beta         95,500      9.0\n"
        "gamma         4,100      0.7\n"
    )
    doc = read_text(text)
    assert kinds(doc) == ["paragraph", "table"]
    table = doc.blocks[1].table
    assert table.kind == "aligned"
    assert [r.is_header for r in table.rows] == [True, False, False, False]
    assert [c.text for c in table.rows[2].cells] == ["beta", "95,500", "9.0"]
    check_spans(doc)


def test_misaligned_double_spaces_are_prose():
    text = "One  two three.\nFour five  six seven eight.\nNine ten eleven  twelve.\n"
    assert kinds(read_text(text)) == ["paragraph"]


# --- totality and size ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "x" * 5_000_000,
        "word " * 1_000_000,
        "a\t" * 2_500_000,
        "a  " * 1_600_000,
        "| " * 2_500_000,
        "*" * 5_000_000,
    ],
    ids=["letters", "words", "tabs", "spaces", "pipes", "stars"],
)
def test_five_megabytes_on_one_line(text):
    doc = read_text(text)
    assert doc.text == text
    assert doc.line_starts == [0]


def test_many_lines_and_odd_characters():
    text = "\n".join(f"Row {i}\u200f of a long\x00 report" for i in range(100_000))
    doc = read_text(text)
    assert len(doc.line_starts) == 100_000
    assert len(doc.blocks) == 1
    check_spans(read_text("\u202e\u200f\x00 \ud800 mixed \x01\x02\n\n# \x00"))


LONG = "The first appliance was placed behind a pair of leaf switches and driven at line rate.\n"


@pytest.mark.parametrize(
    "title",
    ["Executive Summary", "Test Bed", "Results", "3.1 Test Methodology", "Test methodology"],
)
def test_title_line_above_a_paragraph_is_a_heading(title):
    doc = read_text(f"Intro line one.\n\n{title}\n{LONG}")
    assert kinds(doc) == ["paragraph", "heading", "paragraph"]
    assert doc.blocks[1].text == title


@pytest.mark.parametrize(
    "text",
    [
        "The appliance kept up\nwith the load until\nthe very end.\n",  # a narrow column
        "Table 1: Layer 7 rates\n" + LONG,  # a caption
        "Corvane AX-900\n" + LONG,  # a name with a model number
        "Some words\nALL CAPS LINE\nmore words\n",
        "Sponsored by\nBrix Systems GmbH, a maker of the appliances under test.\n",  # a label
        "Results were\nmeasured on the second day, after the switches had been replaced.\n",
    ],
)
def test_short_first_lines_that_are_not_headings(text):
    assert "heading" not in kinds(read_text(text))
