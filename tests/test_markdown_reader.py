"""The Markdown reader (claimcheck.ingest.markdown): block kinds, exact spans, hostile input.

Markdown structure comes from markdown-it-py, every offset from the source text: for any
document, a block's text is the source between its offsets (line breaks as spaces) and
every cell lies inside its row. Inputs are written here, with invented names.
"""

from __future__ import annotations

import pytest
from growth import assert_linear
from hypothesis import given, settings
from hypothesis import strategies as st
from test_ingest import check_spans

from claimcheck.ingest import read_text, reader
from claimcheck.ingest.mdparse import MAX_NESTING
from claimcheck.models import Document


def _check_spans(doc: Document) -> None:
    """Every block, row and cell points at exactly its text in ``doc.text``; no cell
    runs over a line break."""
    check_spans(doc)
    for block in doc.blocks:
        for row in block.table.rows if block.table else ():
            assert not any("\n" in cell.text for cell in row.cells)


def _blocks(text: str, name: str = "report.md") -> list[tuple[str, str]]:
    doc = read_text(text, name)
    _check_spans(doc)
    return [(b.kind, doc.text[b.start : b.end]) for b in doc.blocks]


DOC = """# Kestrel LB-40 results

Setup paragraph
wrapped over two lines.

Throughput
----------

- first item
  continued lazily
* second item

  its second paragraph

  1. nested step
     ~~~sh
     echo run
     ~~~

> A quoted remark.
>
> | Device | Req/s |
> |--------|------:|
> | Kestrel | 41,000 |

Device | Latency (ms) | Note
:--- | ---: | ---
Kestrel | 1.9 | `a|b` and \\| escaped
<!-- expect: A001 -->
Osprey | 2.4 | **bold**
Source: our lab.

```
Running 30s test @ http://10.0.0.9/
Requests/sec:  41020.55
```
"""


def test_every_block_kind_has_its_exact_span() -> None:
    doc = read_text(DOC, "report.md")
    _check_spans(doc)
    got = [(b.kind, doc.text[b.start : b.end].split("\n")[0], b.section) for b in doc.blocks]
    assert got == [
        ("heading", "# Kestrel LB-40 results", "Kestrel LB-40 results"),
        ("paragraph", "Setup paragraph", "Kestrel LB-40 results"),
        ("heading", "Throughput", "Throughput"),
        ("list_item", "first item", "Throughput"),
        ("list_item", "second item", "Throughput"),
        ("list_item", "nested step", "Throughput"),
        ("code", "~~~sh", "Throughput"),
        ("paragraph", "> A quoted remark.", "Throughput"),
        ("table", "| Device | Req/s |", "Throughput"),
        ("table", "Device | Latency (ms) | Note", "Throughput"),
        ("paragraph", "Source: our lab.", "Throughput"),
        ("table", "```", "Throughput"),
    ]
    quoted, plain, tool = doc.blocks[8].table, doc.blocks[9].table, doc.blocks[11].table
    assert [[c.text for c in r.cells] for r in quoted.rows] == [
        ["Device", "Req/s"],
        ["Kestrel", "41,000"],
    ]
    assert [[c.text for c in r.cells] for r in plain.rows] == [
        ["Device", "Latency (ms)", "Note"],
        ["Kestrel", "1.9", "`a|b` and \\| escaped"],
        ["Osprey", "2.4", "bold"],
    ]
    assert tool is not None and tool.tool == "wrk"


def test_list_item_starts_after_its_marker() -> None:
    text = "Intro.\n\n  12) Osprey handled 9,000 sessions.\n- Kestrel\n"
    assert _blocks(text)[1:] == [
        ("list_item", "Osprey handled 9,000 sessions."),
        ("list_item", "Kestrel"),
    ]


def test_plain_text_keeps_the_text_segmenter() -> None:
    text = "Device\tReq/s\nKestrel\t41000\n\n* note under nothing\n"
    assert reader.is_markdown("a.md") and reader.is_markdown("b.MARKDOWN")
    assert not reader.is_markdown("a.txt") and not reader.is_markdown("<text>")
    assert _blocks(text, "a.txt")[0][0] == "table"


def test_unclosed_fence_and_comment_are_text() -> None:
    text = "Before.\n\n```\nOsprey served 12,000 req/s.\n\n<!-- open\nKestrel: 9 ms\n"
    kinds = [kind for kind, _ in _blocks(text)]
    assert "code" not in kinds
    assert any("Osprey served" in piece for _, piece in _blocks(text))
    assert any("Kestrel: 9 ms" in piece for _, piece in _blocks(text))


def test_star_note_under_a_table_is_a_footnote() -> None:
    text = "| Unit | Gbps |\n|---|---|\n| Osprey | 40* |\n\n* measured with jumbo frames\n"
    assert _blocks(text)[-1] == ("footnote", "* measured with jumbo frames")


def test_marker_comment_inside_a_table_does_not_split_it() -> None:
    text = "| Unit | Gbps |\n|---|---|\n<!-- expect: S001 -->\n| Osprey | 40 |\n| Wren | 9 |\n"
    blocks = read_text(text, "t.md").blocks
    assert [b.kind for b in blocks] == ["table"]
    assert [r.cells[0].text for r in blocks[0].table.rows] == ["Unit", "Osprey", "Wren"]


def test_nesting_deeper_than_the_parser_goes_keeps_its_text() -> None:
    depth = MAX_NESTING + 5
    text = "".join("  " * i + f"- level {i}\n" for i in range(depth))
    pieces = " ".join(piece for _, piece in _blocks(text))
    assert f"level {depth - 1}" in pieces


# Pieces of Markdown, some well-formed, some broken, for the span property.
_WORD = st.sampled_from(
    ["Osprey", "41,000", "req/s", "a|b", "\\|", "`x|y`", "**9**", "<b>2</b>", "é", "—", "\t"]
)
_PHRASE = st.lists(_WORD, min_size=1, max_size=5).map(" ".join)
_ROW = st.lists(_PHRASE, min_size=1, max_size=4)


def _table(rows: list[list[str]], outer: bool, quote: bool) -> str:
    width = len(rows[0])
    lines = [rows[0], [":--"] * width] + rows[1:]
    out = []
    for cells in lines:
        line = " | ".join(cells)
        line = f"| {line} |" if outer else line
        out.append(("> " if quote else "") + line)
    return "\n".join(out)


_BLOCK = st.one_of(
    _PHRASE,
    st.builds(lambda n, t: "#" * n + " " + t, st.integers(1, 7), _PHRASE),
    st.builds(lambda t, u: f"{t}\n{u}", _PHRASE, st.sampled_from(["===", "---", "-"])),
    st.builds(
        lambda items, mark, deep: "\n".join(
            ("   " * (k % 3) if deep else "") + f"{mark} {item}" for k, item in enumerate(items)
        ),
        st.lists(_PHRASE, min_size=1, max_size=4),
        st.sampled_from(["-", "*", "+", "1.", "2)"]),
        st.booleans(),
    ),
    st.builds(lambda t, n: ">" * n + " " + t, _PHRASE, st.integers(1, 3)),
    st.builds(_table, st.lists(_ROW, min_size=1, max_size=4), st.booleans(), st.booleans()),
    st.builds(
        lambda fence, body, closed: f"{fence}\n{body}" + (f"\n{fence}" if closed else ""),
        st.sampled_from(["```", "~~~", "````"]),
        _PHRASE,
        st.booleans(),
    ),
    st.sampled_from(["<!-- expect: A001 -->", "<!--", "-->", "***", "    indented code", "|"]),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_BLOCK, max_size=8),
    st.lists(st.sampled_from(["\n", "\n\n", "\r\n", "\n\r\n", "\r"]), min_size=8, max_size=8),
)
def test_spans_are_exact_for_generated_markdown(blocks: list[str], gaps: list[str]) -> None:
    text = "".join(block + gap for block, gap in zip(blocks, gaps, strict=False))
    _check_spans(read_text(text, "gen.md"))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="|`\\>-*#~ \t\n\r:=<!1a", max_size=200))
def test_spans_are_exact_for_any_markup_soup(text: str) -> None:
    _check_spans(read_text(text, "soup.md"))


# Hostile Markdown: each must be read in time linear in its size (n and 8n).
HOSTILE = {
    "nested_lists": lambda n: "".join("  " * (i % 60) + "- item\n" for i in range(n)),
    "nested_quotes": lambda n: "".join(">" * (i % 60) + " quote\n" for i in range(n)),
    "deep_quote_line": lambda n: ">" * (40 * n) + " x\n",
    "table_rows": lambda n: "| a | b |\n|---|---|\n" + "| 1 | `2|3` |\n" * (10 * n),
    "wide_row": lambda n: "|a" * n + "|\n" + "|-" * n + "|\n" + "|1" * n + "|\n",
    "unclosed_fence": lambda n: "```\n" + "x | y\n" * (10 * n),
    "growing_fences": lambda n: "".join("`" * (3 + i % 50) + "\n" for i in range(10 * n)),
    "unclosed_comments": lambda n: "<!--\ntext\n\n" * n,
    "backtick_runs": lambda n: "| a | b |\n|---|---|\n| " + "`` ` " * (5 * n) + " |\n",
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_markdown_reads_in_linear_time(case: str) -> None:
    build = HOSTILE[case]
    _check_spans(read_text(build(50), "hostile.md"))
    n = 300 if case == "table_rows" else 1000  # 3,000 and 24,000 rows
    assert_linear(lambda text: read_text(text, "hostile.md"), build, n, repeat=2)


def test_a_closed_multi_line_comment_is_no_text() -> None:
    text = "<!--\nDraft: the Wren W2 reached 99 Gbps\n-->\nThe Wren W2 reached 12 Gbps.\n"
    assert _blocks(text) == [("paragraph", "The Wren W2 reached 12 Gbps.")]
    assert "99 Gbps" in _blocks(text, "notes.txt")[0][1]  # plain text reads it
