"""Table shapes the typed grid reads (claimcheck.extract.grid), each written from scratch
with invented products and shown as a pipe table, tab-separated lines and HTML: two-row
headers whose upper row spans groups, share columns recomputed as parts of a whole, and
cells annotated as approximate or estimated."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimcheck
from claimcheck.extract.labelparts import cell_annotation, is_protocol
from tests import tablerender as R

FORMS = ("pipe", "tsv", "html")


def extract(tmp_path: Path, parts, form: str):  # noqa: ANN001, ANN201
    """The extraction of a document built from ``parts`` in one form."""
    suffix = ".html" if form == "html" else ".md"
    path = tmp_path / f"doc-{form}{suffix}"
    path.write_text(R.document(parts, form), encoding="utf-8")
    return claimcheck.extract(path)


def facts(ex) -> set[tuple]:  # noqa: ANN001
    """(entity, metric, value, statistic, conditions) of each table figure."""
    return {
        (m.entity, m.metric, m.value, m.statistic, tuple(sorted(m.conditions.items())))
        for m in ex.measurements
        if m.source == "table"
    }


def check(tmp_path: Path, parts, form: str):  # noqa: ANN001, ANN201
    suffix = ".html" if form == "html" else ".md"
    path = tmp_path / f"chk-{form}{suffix}"
    path.write_text(R.document(parts, form), encoding="utf-8")
    return claimcheck.check(path, config=claimcheck.api.Config())


# the upper header row names protocol groups, the lower one what each column holds
PROTOCOL_GROUPS = (
    ["Clients", "HTTP/1.1", "", "HTTP/2", ""],
    [["", "Req/s", "p99 (ms)", "Req/s", "p99 (ms)"],
     ["64", "18,300", "5.2", "22,900", "4.1"],
     ["256", "30,100", "12.7", "36,800", "9.9"]],
)  # fmt: skip
# the upper header row names the products
PRODUCT_GROUPS = (
    ["Concurrency", "Velden V2", "", "Quarro Q5", ""],
    [["", "p50", "p99", "p50", "p99"],
     ["32", "0.9 ms", "3.3 ms", "1.2 ms", "4.8 ms"],
     ["512", "2.4 ms", "8.0 ms", "3.1 ms", "12.6 ms"]],
)  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
def test_a_two_row_header_with_protocol_groups(tmp_path: Path, form: str) -> None:
    got = facts(extract(tmp_path, [("h", "Kestrel-7 results"), ("t", PROTOCOL_GROUPS)], form))
    assert (None, "latency", 4.1, "p99", (("concurrency", "64"), ("test", "http/2"))) in got
    assert (None, "rps", 30100.0, None, (("concurrency", "256"), ("test", "http/1.1"))) in got
    assert len(got) == 8


@pytest.mark.parametrize("form", FORMS)
def test_a_two_row_header_with_product_groups(tmp_path: Path, form: str) -> None:
    got = facts(extract(tmp_path, [("h", "Latency"), ("t", PRODUCT_GROUPS)], form))
    assert ("Quarro Q5", "latency", 12.6, "p99", (("concurrency", "512"),)) in got
    assert ("Velden V2", "latency", 0.9, "p50", (("concurrency", "32"),)) in got
    assert len(got) == 8


@pytest.mark.parametrize("form", FORMS)
def test_a_header_wrapped_onto_two_lines_is_not_grouped(tmp_path: Path, form: str) -> None:
    table = (["Gateway", "Requests", "Latency"],
             [["", "per second", "p99 (ms)"], ["Velden V2", "9,100", "6.2"],
              ["Quarro Q5", "8,400", "7.9"]])  # fmt: skip
    got = facts(extract(tmp_path, [("h", "Results"), ("t", table)], form))
    assert {e for e, *_ in got} == {"Velden V2", "Quarro Q5"}
    assert any(e == "Quarro Q5" and m == "latency" and v == 7.9 for e, m, v, *_ in got)


SHARES = (["Pool member", "Req/s", "Share of total"],
          [["edge-a", "12,000", "40%"], ["edge-b", "9,000", "30%"], ["total", "30,000", "100%"]])  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
def test_a_share_column_is_recomputed_as_a_part_of_a_whole(tmp_path: Path, form: str) -> None:
    ex = extract(tmp_path, [("h", "Distribution"), ("t", SHARES)], form)
    computed = [c for c in ex.claims if c.kind == "computed-column"]
    assert len(computed) == 3
    assert {c.status for c in computed} == {"consistent"}
    assert not any(m.value == 40.0 for m in ex.measurements if m.source == "table")


@pytest.mark.parametrize("form", FORMS)
def test_a_wrong_share_is_an_a003_finding(tmp_path: Path, form: str) -> None:
    rows = [list(r) for r in SHARES[1]]
    rows[1][2] = "35%"  # 9,000 of 30,000 is 30%
    result = check(tmp_path, [("h", "Distribution"), ("t", (SHARES[0], rows))], form)
    assert [f.rule for f in result.findings if f.rule.startswith("A")] == ["A003"]


@pytest.mark.parametrize("form", FORMS)
def test_a_percent_difference_column_stays_a_difference(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Req/s", "vs Velden V2 (%)"],
             [["Quarro Q5", "11,000", "+10%"], ["Velden V2", "10,000", "0%"]])  # fmt: skip
    result = check(tmp_path, [("h", "Results"), ("t", table)], form)
    assert not [f for f in result.findings if f.rule in ("A001", "A003")]


@pytest.mark.parametrize("form", FORMS)
def test_approximate_and_estimated_cells_keep_value_and_note(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Req/s", "Throughput (Gbps)"],
             [["Velden V2", "~41,000", "9.2"], ["Quarro Q5", "38,500 (est.)", "8.7 est"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Results"), ("t", table)], form)
    got = {(m.entity, m.value, m.qualifier) for m in ex.measurements if m.source == "table"}
    assert got == {("Velden V2", 41000.0, "about"), ("Velden V2", 9.2, None),
                   ("Quarro Q5", 38500.0, "estimated"), ("Quarro Q5", 8.7, "estimated")}  # fmt: skip


def test_cell_annotations() -> None:
    assert cell_annotation("~41,000") == ("41,000", "about")
    assert cell_annotation("≈ 3.2 ms") == ("3.2 ms", "about")
    assert cell_annotation("38,500 (est.)") == ("38,500", "estimated")
    assert cell_annotation("12 [estimated]") == ("12", "estimated")
    assert cell_annotation("41,000") == ("41,000", None)
    assert cell_annotation("Greatest") == ("Greatest", None)  # a word ending in "est"
    assert cell_annotation("5est") == ("5est", None)


def test_protocol_labels() -> None:
    assert is_protocol("HTTP/2") and is_protocol("TLS 1.3") and is_protocol("gRPC unary")
    assert not is_protocol("Velden V2") and not is_protocol("h2load")
