"""Tables as typed grids (claimcheck.extract.grid): every layout is written here from scratch
with invented products, and each is read the same way as a Markdown pipe table, as
tab-separated lines and as HTML, and (where the layout has a transposed form) transposed."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimcheck
from claimcheck.extract import axislabels as L
from claimcheck.extract.footnotes import split_marker
from tests import tablerender as R

FORMS = ("pipe", "tsv", "html")


def extract(tmp_path: Path, parts, form: str):  # noqa: ANN001, ANN201
    """The extraction of a document built from ``parts`` in one form."""
    suffix = ".html" if form == "html" else ".md"
    path = tmp_path / f"doc-{form}{suffix}"
    path.write_text(R.document(parts, form), encoding="utf-8")
    return claimcheck.extract(path)


def facts(ex, role: str | None = "result") -> set[tuple]:  # noqa: ANN001
    """The table figures as (entity, metric, value, statistic, conditions, role)."""
    return {
        (m.entity, m.metric, m.value, m.statistic, tuple(sorted(m.conditions.items())), m.role)
        for m in ex.measurements
        if m.source == "table" and (role is None or m.role == role)
    }


METRIC_COLUMNS = (["Proxy", "Requests/sec", "p99 latency (ms)"],
                  [["Quillon", "41,200", "3.1"], ["Fernpath", "38,900", "4.4"]])  # fmt: skip
PRODUCTS_AS_COLUMNS = (["", "Quillon", "Fernpath"],
                       [["c=10", "4,100", "3,900"], ["c=100", "12,400", "11,800"]])  # fmt: skip
STATISTIC_ROWS = (["Percentile", "Quillon", "Fernpath"],
                  [["p50", "0.61 ms", "0.72 ms"], ["p99", "2.40 ms", "2.95 ms"]])  # fmt: skip
SIZES_AS_COLUMNS = (["", "1 KB", "100 KB"],
                    [["1 CPU", "52,000", "21,000"], ["4 CPUs", "181,000", "40,100"]])  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
def test_metric_columns_with_products_in_rows(tmp_path: Path, form: str) -> None:
    parts = [("h", "Results"), ("p", "Each proxy served a 4 KB page."), ("t", METRIC_COLUMNS)]
    got = facts(extract(tmp_path, parts, form))
    assert ("Quillon", "rps", 41200.0, None, (), "result") in got
    assert ("Fernpath", "latency", 4.4, "p99", (), "result") in got
    assert len(got) == 4


@pytest.mark.parametrize("form", FORMS)
def test_products_as_columns_metric_from_the_lead_in(tmp_path: Path, form: str) -> None:
    parts = [("h", "Saturation"), ("p", "Requests per second at each concurrency level:"),
             ("t", PRODUCTS_AS_COLUMNS)]  # fmt: skip
    ex = extract(tmp_path, parts, form)
    got = facts(ex)
    assert ("Fernpath", "rps", 11800.0, None, (("concurrency", "100"),), "result") in got
    assert len(got) == 4
    grid = ex.tables[0]
    assert grid.orientation == "entities-in-columns"
    assert (grid.metric, grid.metric_from) == ("rps", "caption")


@pytest.mark.parametrize("form", FORMS)
def test_statistic_rows_with_caption_conditions(tmp_path: Path, form: str) -> None:
    parts = [("h", "Latency"), ("p", "Response-time distribution with 250 concurrent connections:"),
             ("t", STATISTIC_ROWS)]  # fmt: skip
    got = facts(extract(tmp_path, parts, form))
    assert ("Quillon", "latency", 2.4, "p99", (("concurrency", "250"),), "result") in got
    assert len(got) == 4


@pytest.mark.parametrize("form", FORMS)
def test_object_sizes_as_columns_metric_from_the_heading(tmp_path: Path, form: str) -> None:
    parts = [("h", "HTTP requests per second"), ("t", SIZES_AS_COLUMNS)]
    ex = extract(tmp_path, parts, form)
    got = facts(ex)
    assert (None, "rps", 40100.0, None, (("cpus", "4"), ("object_size", "100000")), "result") in got
    assert ex.tables[0].metric_from == "heading"


@pytest.mark.parametrize(
    ("table", "lead"),
    [
        (METRIC_COLUMNS, "Each proxy served a 4 KB page."),
        (PRODUCTS_AS_COLUMNS, "Requests per second at each concurrency level:"),
        (STATISTIC_ROWS, "Response-time distribution with 250 concurrent connections:"),
        (SIZES_AS_COLUMNS, "Requests per second by object size:"),
    ],
)
@pytest.mark.parametrize("form", FORMS)
def test_a_transposed_table_gives_the_same_figures(tmp_path: Path, table, lead, form) -> None:  # noqa: ANN001
    plain = extract(tmp_path, [("h", "Run"), ("p", lead), ("t", table)], "pipe")
    flipped = extract(tmp_path, [("h", "Run"), ("p", lead), ("t", R.transpose(table, ""))], form)
    assert facts(flipped) == facts(plain)


@pytest.mark.parametrize("form", FORMS)
def test_a_blank_first_cell_continues_the_group_above(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Object size", "Req/s"],
             [["Quillon", "1 KB", "30,500"], ["", "64 KB", "9,120"],
              ["Fernpath", "1 KB", "28,000"], ["", "64 KB", "8,700"]])  # fmt: skip
    got = facts(extract(tmp_path, [("h", "Results"), ("t", table)], form))
    assert ("Quillon", "rps", 9120.0, None, (("object_size", "64000"),), "result") in got
    assert ("Fernpath", "rps", 8700.0, None, (("object_size", "64000"),), "result") in got


@pytest.mark.parametrize("form", FORMS)
def test_a_footnote_marker_binds_its_note_to_the_cell(tmp_path: Path, form: str) -> None:
    table = (["Server", "Requests/s"], [["Ostrel", "22,100"], ["Halvard", "19,800¹"]])
    parts = [("h", "Results"), ("t", table),
             ("p", "¹ Measured with 512 concurrent connections instead of 64.")]  # fmt: skip
    got = facts(extract(tmp_path, parts, form))
    assert ("Halvard", "rps", 19800.0, None, (("concurrency", "512"),), "result") in got
    assert ("Ostrel", "rps", 22100.0, None, (), "result") in got


@pytest.mark.parametrize("form", FORMS)
def test_computed_columns_are_kept_apart(tmp_path: Path, form: str) -> None:
    table = (["Gateway", "RPS", "vs Fernpath"],
             [["Quillon", "41,200", "+5.9%"], ["Fernpath", "38,900", "0%"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Results"), ("t", table)], form)
    assert {(e, v) for e, _, v, *_ in facts(ex)} == {("Quillon", 41200.0), ("Fernpath", 38900.0)}
    assert ex.tables[0].computed == 2


@pytest.mark.parametrize("form", FORMS)
def test_a_test_bed_table_gives_specs_and_no_result(tmp_path: Path, form: str) -> None:
    table = (["Component", "Value"],
             [["CPU", "16 cores"], ["Memory", "64 GB"], ["Network", "10 Gbps"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Test environment"), ("t", table)], form)
    assert not facts(ex)
    assert ("throughput", "spec") in {(m.metric, m.role) for m in ex.measurements}
    assert ex.tables[0].orientation == "key-value"


@pytest.mark.parametrize("form", FORMS)
def test_a_datasheet_key_value_table_gives_figures(tmp_path: Path, form: str) -> None:
    table = (["Specification", "Value"],
             [["Throughput (Gbps)", "40"], ["Rack units", "1"], ["Requests per second", "900,000"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Harrow H-40"), ("t", table)], form)
    got = {(m.metric, m.value) for m in ex.measurements if m.role == "result"}
    assert {("throughput", 40.0), ("rps", 900000.0)} <= got


@pytest.mark.parametrize("form", FORMS)
def test_load_columns_under_a_memory_caption_are_loads(tmp_path: Path, form: str) -> None:
    table = (["Load balancer", "Idle", "5k RPS", "50k RPS"],
             [["Quillon", "14", "60", "210"], ["Fernpath", "18", "75", "260"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Resources"), ("p", "Memory (MB) by load:"), ("t", table)], form)
    metrics = {m.metric for m in ex.measurements if m.source == "table"}
    assert metrics == {"memory"}
    assert ("Fernpath", "memory", 75.0, None, (("load_setting", "5000"),), "result") in facts(ex)


@pytest.mark.parametrize("form", FORMS)
def test_results_columns_named_like_hardware_are_results(tmp_path: Path, form: str) -> None:
    table = (["Load balancer", "CPU", "Cores in use", "Memory (MB)"],
             [["Quillon", "42%", "3.4", "180"], ["Fernpath", "48%", "3.8", "210"]])  # fmt: skip
    got = facts(extract(tmp_path, [("h", "Resources"), ("t", table)], form))
    assert ("Quillon", "cpu", 42.0, None, (), "result") in got
    assert ("Fernpath", "memory", 210.0, None, (), "result") in got


@pytest.mark.parametrize("form", FORMS)
def test_a_target_rate_column_is_a_setting(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Target rate (req/s)", "Achieved (req/s)"],
             [["Quillon", "20,000", "19,990"], ["Fernpath", "20,000", "17,400"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Results"), ("t", table)], form)
    roles = {(m.value, m.role) for m in ex.measurements if m.entity == "Fernpath"}
    assert roles == {(20000.0, "setting"), (17400.0, "result")}


def test_axis_labels() -> None:
    assert (L.classify("Latency (ms)").metric, L.classify("Latency (ms)").unit) == (
        "latency",
        "millisecond",
    )
    assert L.classify("Req/s").metric == "rps"
    assert L.classify("Requests/sec").metric == "rps"
    assert L.classify("Throughput Gbps").unit == "Gbps"
    assert L.classify("p99.9").statistic == "p99.9"
    assert L.classify("Stdev").statistic == "stdev"
    assert L.classify("Avg").statistic == "mean"
    assert L.classify("0 KB").condition == ("object_size", "0 KB")
    assert L.classify("100 connections").condition[0] == "concurrency"
    assert L.classify("Idle").kind == L.AXIS_CONDITION
    assert L.classify("Improvement").kind == L.AXIS_COMPUTED
    assert L.classify("Run 2").kind == L.AXIS_RUN
    assert L.classify("Version").kind == L.AXIS_ATTRIBUTE
    assert L.header_kind("Framework") == L.AXIS_ENTITY
    assert L.header_kind("Load balancer") == L.AXIS_ENTITY


def test_footnote_markers() -> None:
    assert split_marker("19,800¹") == ("19,800", "1")
    assert split_marker("29,855\\*") == ("29,855", "*")
    assert split_marker("Quillon [2]") == ("Quillon", "2")
    assert split_marker("**41,200**") == ("**41,200**", None)


# --- prose roles ------------------------------------------------------------------------------


def _prose_roles(tmp_path: Path, text: str) -> set[tuple[float, str]]:
    path = tmp_path / "prose.md"
    path.write_text(text, encoding="utf-8")
    ex = claimcheck.extract(path)
    return {(m.value, m.role) for m in ex.measurements if m.source == "text"}


@pytest.mark.parametrize(
    ("text", "value", "role"),
    [
        ("Latency under a sustained load of 80,000 RPS stayed flat.", 80000.0, "setting"),
        ("We measured p99 latency at 50, 500 and 5,000 RPS.", 5000.0, "setting"),
        ("- Network: 25 Gbps\n- OS: a Linux distribution", 25.0, "spec"),
        ("The Quillon served 41,000 requests per second.", 41000.0, "result"),
        ("The Quillon peaked at 41,000 requests per second.", 41000.0, "result"),
    ],
)
def test_prose_roles(tmp_path: Path, text: str, value: float, role: str) -> None:
    assert (value, role) in _prose_roles(tmp_path, text)


def test_a_list_of_offered_loads_gives_no_result(tmp_path: Path) -> None:
    found = _prose_roles(tmp_path, "We measured p99 latency at 50, 500 and 5,000 RPS.")
    assert not {v for v, role in found if role == "result"}


# --- A004 through tables ----------------------------------------------------------------------


def _codes(tmp_path: Path, parts, form: str = "pipe") -> list[tuple[str, int]]:  # noqa: ANN001
    suffix = ".html" if form == "html" else ".md"
    path = tmp_path / f"a004-{form}{suffix}"
    path.write_text(R.document(parts, form), encoding="utf-8")
    return [f.rule for f in claimcheck.check(path).findings]


TABLE = (["Framework", "Requests/s"], [["Quillon", "37,400"], ["Fernpath", "29,900"]])


@pytest.mark.parametrize("form", FORMS)
def test_a004_a_bound_in_the_text_that_the_table_exceeds(tmp_path: Path, form: str) -> None:
    parts = [("h", "Earlier results"), ("p", "Quillon could serve up to 30,000 requests per second."),
             ("t", TABLE)]  # fmt: skip
    assert "A004" in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_a004_a_bound_that_holds(tmp_path: Path, form: str) -> None:
    parts = [("h", "Earlier results"), ("p", "Quillon could serve up to 38,000 requests per second."),
             ("t", TABLE)]  # fmt: skip
    assert "A004" not in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_a004_two_tables_of_one_run_disagree(tmp_path: Path, form: str) -> None:
    second = (["Framework", "Requests/s"], [["Fernpath", "30,450"], ["Quillon", "37,400"]])
    parts = [("h", "Results"), ("p", "Raw output:"), ("t", TABLE), ("p", "Summary by framework:"),
             ("t", second)]  # fmt: skip
    assert "A004" in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_a004_tables_under_other_conditions_are_not_compared(tmp_path: Path, form: str) -> None:
    by_level = (
        ["Concurrency", "Quillon", "Fernpath"],
        [["10", "4,100", "3,900"], ["100", "12,400", "11,800"]],
    )
    by_mode = (
        ["Algorithm", "Quillon", "Fernpath"],
        [["Round robin", "12,400", "11,800"], ["IP hash", "12,100", "11,500"]],
    )
    parts = [("h", "Throughput"), ("p", "Requests per second at each concurrency level:"), ("t", by_level),
             ("p", "Requests per second by balancing algorithm:"), ("t", by_mode)]  # fmt: skip
    assert "A004" not in _codes(tmp_path, parts, form)


def test_a004_the_same_numbers_agree(tmp_path: Path) -> None:
    parts = [("h", "Results"), ("p", "Raw output:"), ("t", TABLE), ("p", "Again:"), ("t", TABLE)]
    assert "A004" not in _codes(tmp_path, parts)


# --- D001 reads roles -------------------------------------------------------------------------


def test_d001_ignores_a_link_speed_in_the_environment_list(tmp_path: Path) -> None:
    text = ("# Quillon benchmarks\n\n## Environment\n\n- CPU: 8 cores\n- Network: 10 Gbps\n\n"
            "## Results\n\nThe Quillon served 41,000 requests per second with 1 KB responses "
            "over keep-alive connections at layer 7.\n")  # fmt: skip
    result = claimcheck.check_text(text, name="env.md")
    d001 = [f for f in result.findings if f.rule == "D001"]
    assert all("throughput" not in f.message for f in d001)


def test_d001_ignores_an_offered_load(tmp_path: Path) -> None:
    text = ("# Fernpath latency\n\nLatency under a sustained load of 90,000 RPS from 500 "
            "connections: the Fernpath kept a p99 of 2.1 ms with 2 KB objects.\n")  # fmt: skip
    result = claimcheck.check_text(text, name="load.md")
    assert all("rps" not in f.message for f in result.findings if f.rule == "D001")


# --- S005 reads a flat column of a typed grid -------------------------------------------------

PLATEAU = (["", "1 KB", "64 KB"],
           [["1 CPU", "41,000", "19,100"], ["2 CPUs", "80,500", "36,900"],
            ["4 CPUs", "150,200", "37,020"], ["8 CPUs", "262,000", "37,010"]])  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
def test_s005_a_flat_column_at_the_links_capacity(tmp_path: Path, form: str) -> None:
    parts = [("h", "Test bed"), ("p", "The Ostrel server and its client shared two 10 GbE links."),
             ("h", "Requests per second"), ("t", PLATEAU)]  # fmt: skip
    assert "S005" in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_s005_a_flat_column_far_below_the_links(tmp_path: Path, form: str) -> None:
    parts = [("h", "Test bed"), ("p", "The Ostrel server and its client shared two 100 GbE links."),
             ("h", "Requests per second"), ("t", PLATEAU)]  # fmt: skip
    assert "S005" not in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_usage_columns_are_not_the_test_bed(tmp_path: Path, form: str) -> None:
    table = (["Load balancer", "Requests/sec", "Cores in use", "Memory (MB)"],
             [["Quillon", "41,000", "3.4", "180"], ["Fernpath", "38,000", "3.8", "210"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "Resources"), ("t", table)], form)
    assert not [c for c in ex.conditions if c.name == "hardware"]
    assert "S003" not in _codes(tmp_path, [("h", "Resources"), ("t", table)], form)


@pytest.mark.parametrize("form", FORMS)
def test_a_hardware_table_still_gives_the_test_bed(tmp_path: Path, form: str) -> None:
    table = (
        ["Device", "vCPUs", "Memory"],
        [["Quillon Q-20", "8", "32 GB"], ["Fernpath F-9", "16", "64 GB"]],
    )
    ex = extract(tmp_path, [("h", "Test bed"), ("t", table)], form)
    assert [c for c in ex.conditions if c.name == "hardware"]


# --- M006 reads the statistics of each result table -------------------------------------------

PERCENTILES = (
    ["Percentile", "Quillon", "Fernpath"],
    [["p50", "0.6 ms", "0.7 ms"], ["p99", "2.1 ms", "2.6 ms"]],
)
MEANS = (
    ["Proxy", "Requests/sec", "Avg latency"],
    [["Quillon", "18,700", "3.9 ms"], ["Fernpath", "21,900", "3.4 ms"]],
)


@pytest.mark.parametrize("form", FORMS)
def test_m006_a_mean_only_table_beside_a_percentile_section(tmp_path: Path, form: str) -> None:
    parts = [("h", "Latency"), ("p", "Latency with 100 connections:"), ("t", PERCENTILES),
             ("h", "Laptop run"), ("p", "A quick run with 50 connections:"), ("t", MEANS)]  # fmt: skip
    assert "M006" in _codes(tmp_path, parts, form)


@pytest.mark.parametrize("form", FORMS)
def test_m006_percentiles_in_the_same_section(tmp_path: Path, form: str) -> None:
    parts = [("h", "Latency"), ("p", "A run with 50 connections:"), ("t", MEANS),
             ("p", "Latency with 50 connections:"), ("t", PERCENTILES)]  # fmt: skip
    assert "M006" not in _codes(tmp_path, parts, form)


# --- genres -----------------------------------------------------------------------------------

DATASHEET = (["", "Harrow H-10", "Harrow H-40"],
             [["L4 throughput (Gbps)", "10", "40"], ["Concurrent connections", "2M", "8M"],
              ["Rack units", "1", "2"], ["Power supply", "250 W", "650 W"]])  # fmt: skip
LAB_REVIEW = (["Test", "Quillon", "Fernpath", "Difference"],
              [["HTTP RPS (1 KB)", "41,200", "38,900", "+5.9%"],
               ["Latency p99 (ms)", "3.1", "4.4", "-29.5%"]])  # fmt: skip
RUNS = (
    ["Proxy", "Run 1", "Run 2"],
    [["Quillon", "41,100", "41,250"], ["Fernpath", "38,800", "39,000"]],
)


@pytest.mark.parametrize("form", FORMS)
def test_datasheet_with_models_as_columns(tmp_path: Path, form: str) -> None:
    ex = extract(tmp_path, [("h", "Harrow H-series"), ("t", DATASHEET)], form)
    got = {(m.entity, m.metric, m.value, m.role) for m in ex.measurements if m.source == "table"}
    assert ("Harrow H-40", "throughput", 40.0, "result") in got
    assert ("Harrow H-10", "concurrent_connections", 2e6, "result") in got
    assert ("Harrow H-40", "power", 650.0, "spec") in got
    assert ex.tables[0].orientation == "entities-in-columns"


@pytest.mark.parametrize("form", FORMS)
def test_lab_review_tests_as_rows_with_a_difference_column(tmp_path: Path, form: str) -> None:
    ex = extract(tmp_path, [("h", "Results"), ("t", LAB_REVIEW)], form)
    got = {(m.entity, m.metric, m.value, m.statistic, m.conditions.get("object_size")) for m in ex.measurements
           if m.source == "table"}  # fmt: skip
    assert ("Fernpath", "rps", 38900.0, None, "1000") in got
    assert ("Quillon", "latency", 3.1, "p99", None) in got
    assert ex.tables[0].computed == 2


@pytest.mark.parametrize("form", FORMS)
def test_runs_as_columns(tmp_path: Path, form: str) -> None:
    ex = extract(
        tmp_path, [("h", "Results"), ("p", "Requests per second in each run:"), ("t", RUNS)], form
    )
    got = facts(ex)
    assert ("Fernpath", "rps", 39000.0, None, (("run", "2"),), "result") in got


def test_aligned_plain_text_table_with_statistic_rows(tmp_path: Path) -> None:
    text = ("4. Latency results\n\nLatency in milliseconds at 2,000 concurrent users\n\n"
            "Statistic      Quillon Q-20     Fernpath F-9\n"
            "Mean           1.42             1.88\n"
            "P99            6.80             9.70\n"
            "Max            41.0             55.3\n")  # fmt: skip
    path = tmp_path / "aligned.txt"
    path.write_text(text, encoding="utf-8")
    got = facts(claimcheck.extract(path))
    assert ("Fernpath F-9", "latency", 9.7, "p99", (("concurrency", "2000"),), "result") in got
    assert len(got) == 6
    assert {m.unit for m in claimcheck.extract(path).measurements} == {"millisecond"}


def test_html_caption_element_and_superscript_note(tmp_path: Path) -> None:
    page = ("<html><body><h2>Throughput</h2><table><caption>Throughput (Gbps) by object size"
            "</caption><thead><tr><th>Gateway</th><th>1 KB</th><th>64 KB</th></tr></thead>"
            "<tbody><tr><td>Quillon</td><td>4.1</td><td>9.4<sup>1</sup></td></tr>"
            "<tr><td>Fernpath</td><td>3.8</td><td>9.1</td></tr></tbody></table>"
            "<p><sup>1</sup> Measured with 16 connections.</p></body></html>")  # fmt: skip
    path = tmp_path / "caption.html"
    path.write_text(page, encoding="utf-8")
    got = facts(claimcheck.extract(path))
    assert (
        "Quillon",
        "throughput",
        9.4,
        None,
        (("concurrency", "16"), ("object_size", "64000")),
        "result",
    ) in got
    assert ("Fernpath", "throughput", 9.1, None, (("object_size", "64000"),), "result") in got


@pytest.mark.parametrize("form", FORMS)
def test_result_cells_are_never_read_as_conditions(tmp_path: Path, form: str) -> None:
    table = (["", "Ostrel O-8", "Halvard H-2"],
             [["SSL TPS, 1 request/conn", "61,500", "38,200"], ["SSL TPS, 10 requests/conn", "342,000", "171,000"]])  # fmt: skip
    ex = extract(tmp_path, [("h", "SSL results"), ("t", table)], form)
    values = {c.value for c in ex.conditions if c.name == "requests_per_connection"}
    assert not values & {61500, 38200, 342000, 171000}


def test_a_figure_role_does_not_depend_on_the_length_of_names():
    from claimcheck.extract.roles import prose_role

    for name in ("Ko", "Quillonberry Networks Virtual Edition"):
        text = (f"Under full load, {name} throughput came to 1.49x that of Tarn at "
                f"4,610 Mbps compared with 3,094 Mbps.")  # fmt: skip
        assert prose_role(text, 0, text.index("4,610"), "throughput", text, 0) == "result"
    text = "Under load at 50, 500 and 5,000 RPS the proxy kept every connection open."
    assert prose_role(text, 0, text.index("5,000"), "rps", text, 0) == "setting"


def test_a_cell_with_its_unit_spelled_out_is_a_measurement():
    text = """| Gateway | Throughput |
|---|---|
| Torvik 3 | 38 gigabits per second |
| Brennar B-2 | 1.2 million requests per second |
"""
    ex = claimcheck.extract(text, "t.md")
    got = sorted((m.value, m.unit) for m in ex.measurements)
    assert got == [(38.0, "Gbps"), (1_200_000.0, "RPS")]


@pytest.mark.parametrize(
    ("label", "statistic"),
    [("Parrot P2", None), ("Kestrel P4 (ms)", None), ("Latency P99", "p99"), ("TLS P99", "p99"),
     ("Envoy p99", "p99"), ("P99 (ms)", "p99"), ("Response time P95", "p95"), ("P5", "p5")],
)  # fmt: skip
def test_a_model_number_is_not_a_percentile(label: str, statistic: str | None) -> None:
    assert L.statistic_of(label) == statistic


@pytest.mark.parametrize("form", FORMS)
def test_products_with_p_model_numbers_are_entities(tmp_path: Path, form: str) -> None:
    table = (["Proxy", "Requests/sec"], [["Parrot P2", "41,200"], ["Pardee P1", "38,900"]])
    got = facts(extract(tmp_path, [("h", "Results"), ("t", table)], form))
    assert got == {("Parrot P2", "rps", 41200.0, None, (), "result"),
                   ("Pardee P1", "rps", 38900.0, None, (), "result")}  # fmt: skip
