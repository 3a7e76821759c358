"""A report printed to PDF gives the findings of the Markdown it was printed from.

Corpus reports are printed with reportlab (tests/pdfprint.py: headings as larger bold
type, paragraphs wrapped, tables as columns aligned on a grid without bars, code blocks
in a monospaced font) and checked as PDF. The findings must match the Markdown source's
one for one: the same rule on the same words (the finding's span text, whitespace and
markup dropped; lines and columns differ between the two and are not compared).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import claimcheck
from claimcheck.baseline import span_text
from claimcheck.config import Config

pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

from pdfprint import markdown_to_pdf  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
# Several genres: lab reports, datasheets, a vendor brief, a review, READMEs with tool output.
SAME = [
    "adc-vendor-comparison-l7.md",
    "datasheet-firewall-spec-table.md",
    "datasheet-power.md",
    "lab-report-best-run-failover.md",
    "lab-report-ssl-tps-reuse.md",
    "license-tier-comparison.md",  # no findings: none may appear from the PDF either
    "readme-h2load-streams.md",
    "readme-k6-errors.md",
    "report-cross-reference-efficiency.md",
    "review-competitor-declined.md",
    "vendor-brief-up-to-headline.md",
]
INLINE_CODE = (
    "inline code (a command in backticks inside a sentence) is printed in the body font, "
    "and the PDF reader does not recover inline code from a mixed-font line: the command "
    "reads as prose"
)
DIFFERENT = {
    "readme-autocannon-pipelined.md": INLINE_CODE,
    "review-independent-we-lab.md": (
        "the title wraps over two lines in the PDF, and the mention of a device at the "
        "line break gets a span that stops at the end of the first line"
    ),
}


def _keyed(result: claimcheck.CheckResult) -> Counter:
    return Counter((f.rule, span_text(result._documents.get(f.path), f)) for f in result.findings)


def _compare(name: str, tmp_path: Path) -> tuple[Counter, Counter]:
    source = CORPUS / name
    pdf = tmp_path / (source.stem + ".pdf")
    pdf.write_bytes(markdown_to_pdf(source.read_text(encoding="utf-8")))
    from_md = claimcheck.check(source, config=Config())
    from_pdf = claimcheck.check(pdf, config=Config())
    assert from_md.errors == from_pdf.errors == []
    assert all(f.page is not None and f.page_line is not None for f in from_pdf.findings)
    return _keyed(from_md), _keyed(from_pdf)


@pytest.mark.parametrize("name", SAME)
def test_a_report_printed_to_pdf_gives_the_findings_of_its_markdown(name, tmp_path):
    from_md, from_pdf = _compare(name, tmp_path)
    assert from_pdf == from_md, {
        "markdown only": from_md - from_pdf,
        "pdf only": from_pdf - from_md,
    }


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.xfail(reason=r, strict=True)) for n, r in DIFFERENT.items()],
)
def test_known_differences_between_pdf_and_markdown(name, tmp_path):
    from_md, from_pdf = _compare(name, tmp_path)
    assert from_pdf == from_md


def test_headings_and_code_are_read_from_type(tmp_path):
    """Larger type is a heading (with its level by size), monospaced lines are code, and a
    table that runs on to the next page stays one table."""
    rows = "\n".join(f"| Vexa {i} | {1000 + i} | {2 + i / 10:.1f} |" for i in range(70))
    text = (
        "# Marlin Q7 field notes\n\nOne paragraph of prose about the Marlin Q7 appliance.\n\n"
        "## Results\n\n```\nRequests/sec:  41000.12\nTransfer/sec:      9.80MB\n```\n\n"
        f"| Unit | Sessions | Latency (ms) |\n|---|---|---|\n{rows}\n"
    )
    pdf = tmp_path / "notes.pdf"
    pdf.write_bytes(markdown_to_pdf(text))
    from claimcheck.ingest import read_path

    doc = read_path(pdf, 10**7)
    headings = [(b.level, b.text) for b in doc.blocks if b.kind == "heading"]
    assert headings == [(1, "Marlin Q7 field notes"), (2, "Results")]
    kinds = [b.kind for b in doc.blocks]
    assert "paragraph" in kinds
    assert not any(b.kind == "paragraph" and "Requests/sec" in b.text for b in doc.blocks)
    tables = [b for b in doc.blocks if b.kind == "table" and "Vexa" in b.text]
    assert len(tables) == 1 and len(set(doc.page_of_line)) == 2
    assert len(tables[0].table.rows) == 71  # the header and every row, across the page break


# Written for this test (invented products): a share in prose, statistics in an impossible
# order in a table with the devices as rows, and a comparison in a table cell.
SHOOT_OUT = """\
# Brantwell BX-9 and Corliss C-4: an edge proxy shoot-out

We tested both proxies in our lab over two weeks in May, with the same client fleet and
the same origin servers.

## Throughput

Of the 12,000 requests per second the pair served together, the BX-9 handled 9,000,
which is a 60% share of the total.

## Latency

| Device | p50 (ms) | p90 (ms) | p99 (ms) |
|---|---|---|---|
| Brantwell BX-9 | 4.1 | 7.9 | 3.2 |
| Corliss C-4 | 3.8 | 6.5 | 11.0 |

## Connections

| Device | Connections/s | Versus C-4 |
|---|---|---|
| Brantwell BX-9 | 52,000 | 30% more |
| Corliss C-4 | 44,000 | baseline |
"""


def _shoot_out(tmp_path: Path) -> tuple[Counter, Counter]:
    source = tmp_path / "shoot-out.md"
    source.write_text(SHOOT_OUT, encoding="utf-8")
    pdf = tmp_path / "shoot-out.pdf"
    pdf.write_bytes(markdown_to_pdf(SHOOT_OUT))
    return (
        _keyed(claimcheck.check(source, config=Config())),
        _keyed(claimcheck.check(pdf, config=Config())),
    )


def test_statistics_out_of_order_in_a_pdf_table_with_devices_as_rows(tmp_path):
    from_md, from_pdf = _shoot_out(tmp_path)
    assert from_md[("A007", "3.2")] == from_pdf[("A007", "3.2")] == 1
    assert not from_pdf - from_md  # nothing the Markdown does not give


def test_a_shoot_out_printed_to_pdf_gives_the_findings_of_its_markdown(tmp_path):
    from_md, from_pdf = _shoot_out(tmp_path)
    assert from_pdf == from_md
