"""PDF input (pdf extra) and HTML input: extracted text, line numbers, pages, errors."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from pdfs import make_pdf  # noqa: E402  (tests/pdfs.py)

import claimcheck
from claimcheck import api
from claimcheck.cli import main
from claimcheck.errors import InputError
from claimcheck.ingest import read_path
from claimcheck.ingest.html import html_to_text

# Our own snippets: a wrong ratio split over two lines (A002) on page 1, and a
# wrong share (A003) on page 2.
PAGE_1 = [
    "# Appliance refresh (lab notes)",
    "",
    "With the same rule set, the new appliance's throughput was 2.2x that of",
    "the old one at 4,100 Mbps compared with 2,300 Mbps.",
]
PAGE_2 = [
    "## Power",
    "",
    "The new appliance drew 240 Watts, 55% of the 480 Watts drawn by the old one.",
]
AS_TEXT = "\n".join(PAGE_1) + "\n\n" + "\n".join(PAGE_2) + "\n"


def findings_of(result: claimcheck.models.CheckResult) -> list[tuple]:
    return sorted(
        (f.rule, f.line, f.column, f.end_line, f.end_column, f.message) for f in result.findings
    )


@pytest.fixture
def pypdf():
    return pytest.importorskip("pypdf")


@pytest.fixture
def no_config(tmp_path: Path) -> Path:
    cfg = tmp_path / "empty.toml"
    cfg.write_text("", encoding="utf-8")
    return cfg


def test_pdf_text_and_pages(pypdf, tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_bytes(make_pdf([PAGE_1, PAGE_2]))
    doc = read_path(path)
    assert doc.text == AS_TEXT
    lines = AS_TEXT.count("\n")
    assert doc.page_of_line is not None and len(doc.page_of_line) == len(doc.line_starts)
    assert doc.page_of_line[:lines] == [1] * (len(PAGE_1) + 1) + [2] * len(PAGE_2)
    assert [b.kind for b in doc.blocks] == ["heading", "paragraph", "heading", "paragraph"]


def test_pdf_gives_the_same_findings_as_text(pypdf, tmp_path, no_config):
    pdf = tmp_path / "notes.pdf"
    pdf.write_bytes(make_pdf([PAGE_1, PAGE_2]))
    txt = tmp_path / "notes.txt"
    txt.write_text(AS_TEXT, encoding="utf-8")
    from_pdf = claimcheck.check(pdf, config=no_config)
    from_txt = claimcheck.check(txt, config=no_config)
    assert from_pdf.errors == from_txt.errors == []
    assert findings_of(from_pdf) == findings_of(from_txt)
    assert all(f.evidence and f.evidence.get("page") in (1, 2) for f in from_pdf.findings)
    rules = {f.rule for f in from_pdf.findings}
    assert {"A002", "A003"} <= rules
    a002 = next(f for f in from_pdf.findings if f.rule == "A002")
    assert (a002.line, a002.end_line) == (3, 4)  # the claim spans the two lines


def test_pdf_page_in_cli_output(pypdf, tmp_path, no_config, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("notes.pdf").write_bytes(make_pdf([PAGE_1, PAGE_2]))
    args = ["check", "notes.pdf", "--select", "A002,A003", "--config", str(no_config)]
    assert main(args) == 1
    out = capsys.readouterr().out
    # path:page:line-on-the-page:col; the message carries no page note of its own
    lines = out.splitlines()
    assert any(x.startswith("notes.pdf:1:3:") for x in lines), out
    assert any(x.startswith("notes.pdf:2:") for x in lines), out
    assert "(page" not in out
    assert main([*args, "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    pages = {f["rule"]: f["evidence"]["page"] for f in data["findings"]}
    assert pages == {"A002": 1, "A003": 2}
    assert {f["rule"]: f["page"] for f in data["findings"]} == pages
    a003 = next(f for f in data["findings"] if f["rule"] == "A003")
    assert a003["line"] == 8 and a003["page_line"] == 8 - len(PAGE_1) - 1
    assert main([*args, "--format", "sarif"]) == 1
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert sorted(r["properties"]["page"] for r in results) == [1, 2]
    assert sorted(r["properties"]["pageLine"] for r in results) == sorted(
        f["page_line"] for f in data["findings"]
    )
    assert main([*args, "--format", "github"]) == 1
    out = capsys.readouterr().out
    assert out.count("(page 1, line 3)") == 1 and out.count("(page 2, line ") == 1, out
    assert out.count("(page") == 2
    assert main([*args, "--format", "markdown"]) == 1
    assert "(p. 1, l. 3)" in capsys.readouterr().out
    assert main([*args, "--format", "html"]) == 1
    assert "(p. 1, l. 3)" in capsys.readouterr().out


def _encrypted(pypdf, user: str, owner: str) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(make_pdf([PAGE_1]))))
    writer.encrypt(user_password=user, owner_password=owner, algorithm="RC4-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def test_encrypted_pdf(pypdf, tmp_path, no_config):
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(_encrypted(pypdf, "secret", "owner"))
    with pytest.raises(InputError, match=r"locked\.pdf: encrypted PDF: "):
        read_path(locked)
    good = tmp_path / "good.txt"
    good.write_text(AS_TEXT, encoding="utf-8")
    result = claimcheck.check([locked, good], select="A", config=no_config)
    assert [e.path for e in result.errors] == [str(locked)]
    assert "encrypted PDF" in result.errors[0].message
    assert result.findings  # the other file is still checked


def test_pdf_with_owner_password_only_is_read(pypdf, tmp_path):
    path = tmp_path / "owner.pdf"
    path.write_bytes(_encrypted(pypdf, "", "owner"))
    assert read_path(path).text.startswith("# Appliance refresh")


def test_image_only_pdf(pypdf, tmp_path):
    path = tmp_path / "scan.pdf"
    path.write_bytes(make_pdf([None, None]))
    with pytest.raises(InputError, match=r"no extractable text \(scanned\?\)"):
        read_path(path)


def test_damaged_pdf(pypdf, tmp_path):
    path = tmp_path / "cut.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog")
    with pytest.raises(InputError, match=r"cut\.pdf: "):
        read_path(path)


def test_pdf_without_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdf", None)  # import pypdf now raises ImportError
    path = tmp_path / "r.pdf"
    path.write_bytes(make_pdf([PAGE_1]))
    with pytest.raises(InputError, match=r"pip install 'claimcheck-reports\[pdf\]'"):
        read_path(path)


def test_directory_expansion(tmp_path, monkeypatch):
    for name in ("a.md", "b.html", "c.htm", "d.pdf", "e.png"):
        (tmp_path / name).write_bytes(b"x")
    import claimcheck.ingest.pdf as pdf_module

    monkeypatch.setattr(pdf_module, "available", lambda: True)
    files, _ = api.expand_paths([tmp_path])
    assert [f.name for f in files] == ["a.md", "b.html", "c.htm", "d.pdf"]
    monkeypatch.setattr(pdf_module, "available", lambda: False)
    files, _ = api.expand_paths([tmp_path])
    assert [f.name for f in files] == ["a.md", "b.html", "c.htm"]


# -- HTML ---------------------------------------------------------------------

PAGE = """<!DOCTYPE html>
<html><head><title>Not shown</title>
<style>p { color: red }</style>
<script>var claim = "3x faster";</script>
</head>
<body>
<h1>Lab   notes</h1>
<p>The new box
   was fast &amp; quiet.<br>Second line.</p>
<ul>
  <li>First item
    <ol><li>nested one</li><li>nested two</li></ol>
  </li>
  <li>Second item</li>
</ul>
<table>
  <caption>Table 1: results</caption>
  <tr><th>Device</th><th colspan="2">Rates</th></tr>
  <tr><td>Edge</td><td>9,400 Mbps</td><td><b>240</b> W</td></tr>
  <tr><td>Gate<td>4,100 Mbps<td>480 W
</table>
<pre>
$ wrk -t2 -c10
  Latency   <b>4.00ms</b>
</pre>
<div>Water&nbsp;cooled<sup>2</sup></div>
<noscript>Enable scripts</noscript>
</body></html>
"""

EXPECTED = """# Lab notes

The new box was fast & quiet.
Second line.

- First item
  1. nested one
  2. nested two
- Second item

Table 1: results

Device\tRates\t
Edge\t9,400 Mbps\t240 W
Gate\t4,100 Mbps\t480 W

```
$ wrk -t2 -c10
  Latency   4.00ms
```

Water cooled^2
"""


def test_html_to_text():
    assert html_to_text(PAGE) == EXPECTED
    cells = "<table><tr><td><p>a</p><p>b</p></td><td>c<table><tr><td>d</td></tr></table></td>"
    assert html_to_text(cells + "</tr></table>") == "a b\tc d\n"


def test_html_blocks(tmp_path):
    path = tmp_path / "notes.html"
    path.write_text(PAGE, encoding="utf-8")
    doc = read_path(path)
    assert doc.text == EXPECTED
    kinds = [b.kind for b in doc.blocks]
    assert kinds[0] == "heading" and "list_item" in kinds and "table" in kinds
    table = next(b for b in doc.blocks if b.kind == "table" and b.table.kind == "tsv")
    assert [c.text for c in table.table.rows[1].cells] == ["Edge", "9,400 Mbps", "240 W"]


def test_html_findings_point_into_the_page_as_given(tmp_path, no_config):
    page = (
        "<html><body><h2>Throughput</h2>\n<p>In our lab the new appliance's throughput was\n"
        "2.2x that of the old one at 4,100 Mbps compared with 2,300 Mbps.</p>\n"
        "<!-- claimcheck: disable-next-line=A003 -->\n"
        "<p>The new appliance drew 240 Watts, 55% of the 480 Watts drawn by the old one.</p>"
        "</body></html>"
    )
    path = tmp_path / "r.htm"
    path.write_text(page, encoding="utf-8")
    result = claimcheck.check(path, select="A", config=no_config)
    doc = result._documents[str(path)]
    [finding] = result.findings  # A003 is suppressed by the comment
    assert finding.rule == "A002"
    line = doc.line_text(finding.line)  # the result shows the page as given
    assert line == page.splitlines()[finding.line - 1]
    assert line[finding.column - 1 :].startswith("2.2x")
    assert "<p>" in doc.text


def test_html_is_not_read_as_markup_any_more(tmp_path):
    path = tmp_path / "x.html"
    path.write_bytes(b'<meta charset="iso-8859-15"><p>Price: \xa4 900</p>')
    assert read_path(path).text == "Price: \u20ac 900\n"
