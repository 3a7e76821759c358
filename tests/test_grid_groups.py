"""Grouped tables read as typed grids, and C001 reading the grid's row labels.

Every table is invented (products "Tarnwell", "Osprey Edge", "Kilnmoor") and written as a
Markdown pipe table, as tab-separated lines and as HTML: a blank first cell continues the
group above, a row holding only a label heads the rows below, a second label column names
the metric, a condition column after the results says which case a row is. C001 stays
silent on all of them and fires on a true duplicate label with other numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import claimcheck
from claimcheck.extract.labelparts import label_conditions
from tests import tablerender as R

FORMS = ("pipe", "tsv", "html")


def _write(tmp_path: Path, parts, form: str) -> Path:  # noqa: ANN001
    suffix = ".html" if form == "html" else ".md"
    path = tmp_path / f"doc-{form}{suffix}"
    path.write_text(R.document(parts, form), encoding="utf-8")
    return path


def c001(tmp_path: Path, parts, form: str) -> list[int]:  # noqa: ANN001
    """Lines of the C001 findings on a document built from ``parts``."""
    result = claimcheck.check(_write(tmp_path, parts, form), config=claimcheck.api.Config())
    return sorted(f.line for f in result.findings if f.rule == "C001")


def table_facts(tmp_path: Path, parts, form: str) -> set[tuple]:  # noqa: ANN001
    """(entity, metric, value, statistic, conditions) of each table figure."""
    ex = claimcheck.extract(_write(tmp_path, parts, form))
    return {
        (m.entity, m.metric, m.value, m.statistic, tuple(sorted(m.conditions.items())))
        for m in ex.measurements
        if m.source == "table"
    }


def row_keys(tmp_path: Path, parts, form: str) -> list[tuple[str, ...]]:  # noqa: ANN001
    """The row keys of the first typed grid."""
    ex = claimcheck.extract(_write(tmp_path, parts, form))
    return [a.key for a in ex.index.grids[0][1].rows]


# a scenario column whose blank cells continue it, a metric column, products as columns
GROUPED = (
    ["Scenario", "Metric", "Tarnwell", "Osprey Edge"],
    [
        ["40 req/s, 4 pods", "Mean latency", "0.52 ms", "0.97 ms"],
        ["", "Avg CPU", "9.1m", "15.8m"],
        ["", "Avg memory", "201Mi", "170Mi"],
        ["80 req/s, 4 pods", "Mean latency", "0.41 ms", "0.77 ms"],
        ["", "Avg CPU", "12.6m", "27.4m"],
        ["", "Avg memory", "204Mi", "172Mi"],
        ["80 req/s, 16 pods", "Mean latency", "0.47 ms", "0.88 ms"],
        ["", "Avg CPU", "18.0m", "30.3m"],
        ["", "Avg memory", "452Mi", "266Mi"],
    ],
)


@pytest.mark.parametrize("form", FORMS)
def test_a_grouped_table_is_silent(tmp_path: Path, form: str) -> None:
    parts = [("h", "Mesh overhead"), ("t", GROUPED)]
    assert c001(tmp_path, parts, form) == []


@pytest.mark.parametrize("form", FORMS)
def test_a_grouped_table_row_label_is_group_and_own_cells(tmp_path: Path, form: str) -> None:
    keys = row_keys(tmp_path, [("h", "Mesh overhead"), ("t", GROUPED)], form)
    assert keys[1] == ("40 req/s, 4 pods", "Avg CPU")
    assert keys[7] == ("80 req/s, 16 pods", "Avg CPU")
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("form", FORMS)
def test_the_second_label_column_names_the_metric(tmp_path: Path, form: str) -> None:
    got = table_facts(tmp_path, [("h", "Mesh overhead"), ("t", GROUPED)], form)
    scenario = (("instances", "16"), ("load_setting", "80"), ("test", "80req/s16pods"))
    assert ("Osprey Edge", "latency", 0.88, "mean", scenario) in got
    assert ("Tarnwell", "cpu", 18.0, "mean", scenario) in got
    assert ("Tarnwell", "memory", 452.0, "mean", scenario) in got
    assert not any(metric == "rps" for _, metric, *_ in got)  # the load is a condition


@pytest.mark.parametrize("form", FORMS)
def test_a_true_duplicate_label_fires(tmp_path: Path, form: str) -> None:
    table = (["Profile", "Kilnmoor K3 (req/s)"],
             [["TLS + bot filter", "52,400"], ["TLS only", "71,900"],
              ["TLS + bot filter", "44,100"]])  # fmt: skip
    assert len(c001(tmp_path, [("h", "Datasheet"), ("t", table)], form)) == 1


@pytest.mark.parametrize("form", FORMS)
def test_a_duplicate_inside_a_group_fires(tmp_path: Path, form: str) -> None:
    rows = [list(r) for r in GROUPED[1][:3]] + [["", "Avg CPU", "11.9m", "19.2m"]]
    lines = c001(tmp_path, [("h", "Mesh overhead"), ("t", (GROUPED[0], rows))], form)
    assert len(lines) == 1


@pytest.mark.parametrize("form", FORMS)
def test_the_same_label_with_the_same_numbers_is_silent(tmp_path: Path, form: str) -> None:
    table = (["Profile", "Kilnmoor K3 (req/s)"],
             [["TLS + bot filter", "52,400"], ["TLS only", "71,900"],
              ["TLS + bot filter", "52,400"]])  # fmt: skip
    assert c001(tmp_path, [("h", "Datasheet"), ("t", table)], form) == []


@pytest.mark.parametrize("form", FORMS)
def test_a_label_alone_heads_the_rows_below(tmp_path: Path, form: str) -> None:
    table = (["Percentile", "Tarnwell", "Osprey Edge"],
             [["Plain HTTP", "", ""], ["p50", "0.8 ms", "1.1 ms"], ["p99", "2.9 ms", "4.0 ms"],
              ["With TLS", "", ""], ["p50", "1.2 ms", "1.6 ms"], ["p99", "3.8 ms", "5.5 ms"]])  # fmt: skip
    parts = [("h", "Latency"), ("t", table)]
    assert c001(tmp_path, parts, form) == []
    assert row_keys(tmp_path, parts, form)[4] == ("With TLS", "p50")


@pytest.mark.parametrize("form", FORMS)
def test_a_condition_column_after_the_results_tells_rows_apart(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Req/s", "Connections"],
             [["Tarnwell", "31,000", "100"], ["Tarnwell", "48,500", "400"],
              ["Osprey Edge", "29,200", "100"], ["Osprey Edge", "44,900", "400"]])  # fmt: skip
    parts = [("h", "Scaling"), ("t", table)]
    assert c001(tmp_path, parts, form) == []
    got = table_facts(tmp_path, parts, form)
    assert ("Tarnwell", "rps", 48500.0, None, (("concurrency", "400"),)) in got
    assert not any(value in (100.0, 400.0) for _, _, value, *_ in got)


@pytest.mark.parametrize("form", FORMS)
def test_a_run_column_tells_repeated_rows_apart(tmp_path: Path, form: str) -> None:
    table = (["Gateway", "Run", "RPS"],
             [["Kilnmoor", "1", "12,010"], ["Kilnmoor", "2", "12,230"],
              ["Tarnwell", "1", "9,870"], ["Tarnwell", "2", "9,910"]])  # fmt: skip
    assert c001(tmp_path, [("h", "Repeats"), ("t", table)], form) == []


@pytest.mark.parametrize("form", FORMS)
def test_transposed_products_in_rows_with_groups(tmp_path: Path, form: str) -> None:
    table = (["Product", "Payload", "Req/s"],
             [["Tarnwell", "1 KB", "30,500"], ["", "64 KB", "9,120"],
              ["Osprey Edge", "1 KB", "28,000"], ["", "64 KB", "8,700"]])  # fmt: skip
    parts = [("h", "Results"), ("t", table)]
    assert c001(tmp_path, parts, form) == []
    got = table_facts(tmp_path, parts, form)
    assert ("Osprey Edge", "rps", 8700.0, None, (("object_size", "64000"),)) in got


def test_composite_labels_split_into_known_condition_words() -> None:
    assert label_conditions("bench-8c-edge-large") == (("cpus", "8"), ("size_class", "large"))
    assert label_conditions("12 req/s, 3 replicas") == (
        ("load_setting", "12 req/s"),
        ("instances", "3"),
    )
    assert label_conditions("t4g-large") == ()  # an instance type, no numeric condition part
    assert label_conditions("Kilnmoor") == ()
    assert label_conditions("HTTP/1.1") == ()


@pytest.mark.parametrize("form", FORMS)
def test_composite_row_labels_give_conditions(tmp_path: Path, form: str) -> None:
    table = (["Configuration", "Req/s"],
             [["bench-2c-edge-small", "18,200"], ["bench-8c-edge-small", "61,700"],
              ["bench-8c-edge-large", "9,400"]])  # fmt: skip
    got = table_facts(tmp_path, [("h", "Kilnmoor scaling"), ("t", table)], form)
    conds = {value: dict(c) for _, _, value, _, c in got}
    assert conds[61700.0]["cpus"] == "8"
    assert conds[9400.0]["size_class"] == "large"
    assert conds[18200.0]["cpus"] == "2"


def test_a_size_word_in_a_label_discloses_no_size(tmp_path: Path) -> None:
    table = (["Case", "Req/s"],
             [["bench-4c-kilnmoor-small", "88,100"], ["bench-4c-kilnmoor-large", "7,950"],
              ["bench-4c-tarnwell-small", "91,400"], ["bench-4c-tarnwell-large", "8,020"]])  # fmt: skip
    path = _write(tmp_path, [("h", "Results"), ("t", table)], "pipe")
    result = claimcheck.check(path, config=claimcheck.api.Config())
    d001 = [f.message for f in result.findings if f.rule == "D001"]
    assert any("object size" in m for m in d001)


@pytest.mark.parametrize("form", FORMS)
def test_a_footnoted_label_may_repeat(tmp_path: Path, form: str) -> None:
    table = (["Device", "OS", "Speed"],
             [["Kilnmoor K1*", "Fenix 2.1", "880 Mbits/sec"], ["Tarnwell T4", "Fenix 2.1", "1.9 Gbits/sec"],
              ["Kilnmoor K1*", "Fenix 2.1", "2.7 Gbits/sec"]])  # fmt: skip
    parts = [("h", "Results"), ("p", "* results vary widely with the configuration."), ("t", table)]
    assert c001(tmp_path, parts, form) == []
    plain = (table[0], [[c.replace("*", "") for c in row] for row in table[1]])
    assert len(c001(tmp_path, [("h", "Results"), ("t", plain)], form)) == 1


def _aligned(table) -> str:  # noqa: ANN001
    """A table as plain text, columns lined up with spaces (PDF text), blank cells kept
    as spaces."""
    header, rows = table
    grid = [header, *rows]
    widths = [max(len(r[c]) for r in grid) + 4 for c in range(len(header))]
    return "\n".join("".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in grid)  # fmt: skip


def test_a_grouped_plain_text_table_keeps_its_columns(tmp_path: Path) -> None:
    path = tmp_path / "plain.md"
    path.write_text("## Mesh overhead\n\n" + _aligned(GROUPED) + "\n", encoding="utf-8")
    result = claimcheck.check(path, config=claimcheck.api.Config())
    assert not [f for f in result.findings if f.rule == "C001"]
    ex = claimcheck.extract(path)
    got = {(m.entity, m.metric, m.value) for m in ex.measurements if m.source == "table"}
    assert ("Osprey Edge", "cpu", 27.4) in got
    assert ("Tarnwell", "memory", 452.0) in got
    assert [a.key for a in ex.index.grids[0][1].rows][4] == ("80 req/s, 4 pods", "Avg CPU")
