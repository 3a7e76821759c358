"""Run facts in documents: commands in fences, inline code and prose, output joined to its
command, warm-up runs, links to entities and to results-table rows, and the rules that read
runs (A006, M004, S012, C003, A007). Every product name is invented."""

from __future__ import annotations

import claimcheck
from claimcheck.extract.devices import MentionIndex, extract_devices
from claimcheck.extract.runs import extract_runs
from claimcheck.ingest.reader import read_text

README = """\
# Proxy shoot-out

We compared three reverse proxies, {a}, {b} and {c}, on one host.

## Load

```
wrk -t4 -c100 -d30s --latency http://127.0.0.1:8080/
```

## Results

| Proxy | RPS | Mean latency |
|---|---|---|
| {a} | 41,210.55 | 14.20 ms |
| {b} | 35,002.10 | 2.71 ms |
| {c} | 12,400.00 | 7.95 ms |
"""

NAMES = ("Larkspur", "Quenby", "Tolland")


def runs_of(text: str) -> list:
    doc = read_text(text, "t.md")
    return extract_runs(doc, MentionIndex(extract_devices(doc)))


def findings(text: str, name: str = "t.md") -> list[tuple[str, int]]:
    return [(f.rule, f.line) for f in claimcheck.check_text(text, name=name).findings]


def test_readme_command_governs_the_results_table_below() -> None:
    (run,) = runs_of(README.format(a="Larkspur", b="Quenby", c="Tolland"))
    assert run.tool == "wrk" and run.connections.value == 100 and run.threads.value == 4
    assert [r.label for r in run.rows] == list(NAMES)
    assert (
        abs(run.rows[0].latency_mean.value - 14.2e-3) < 1e-12 and run.rows[0].rps.value == 41210.55
    )


# The same README measured with a tool that prints the latencies it observed (hey): wrk's
# corrected means are judged apart (tests/test_littles_law.py).
README_HEY = README.replace(
    "wrk -t4 -c100 -d30s --latency http://127.0.0.1:8080/",
    "hey -c 100 -z 30s http://127.0.0.1:8080/",
)


def test_a006_once_per_table_at_the_worst_row() -> None:
    got = [
        f
        for f in findings(README_HEY.format(a="Larkspur", b="Quenby", c="Tolland"))
        if f[0] == "A006"
    ]
    assert got == [("A006", 15)]  # Larkspur: 585 in flight on 100 connections


def test_a006_does_not_depend_on_the_names() -> None:
    one = [
        f
        for f in findings(README_HEY.format(a="Larkspur", b="Quenby", c="Tolland"))
        if f[0] == "A006"
    ]
    other = [
        f
        for f in findings(README_HEY.format(a="Mirefox", b="Dunlin", c="Oakhollow"))
        if f[0] == "A006"
    ]
    assert one and one == other


def test_a006_silent_when_the_rows_fit() -> None:
    text = README.format(a="Larkspur", b="Quenby", c="Tolland").replace("14.20 ms", "2.40 ms")
    assert "A006" not in {r for r, _ in findings(text)}


def test_a006_reads_pipelining_depth_of_the_command() -> None:
    text = README.format(a="Larkspur", b="Quenby", c="Tolland").replace(
        "wrk -t4 -c100 -d30s --latency http://127.0.0.1:8080/",
        "autocannon -c 100 -d 30 -p 10 http://127.0.0.1:8080/",
    )
    assert "A006" not in {r for r, _ in findings(text)}  # 585 in flight fits 100 x 10


def test_a006_skips_a_table_with_its_own_load_column() -> None:
    text = (
        README.format(a="Larkspur", b="Quenby", c="Tolland")
        .replace(
            "| Proxy | RPS | Mean latency |\n|---|---|---|",
            "| Proxy | Connections | RPS | Mean latency |\n|---|---|---|---|",
        )
        .replace("| 41,210.55", "| 1000 | 41,210.55")
        .replace("| 35,002.10", "| 1000 | 35,002.10")
    )
    text = text.replace("| 12,400.00", "| 1000 | 12,400.00")
    assert "A006" not in {r for r, _ in findings(text)}


def test_warmup_command_is_not_the_measured_run() -> None:
    text = """\
The harness primes each proxy for 20 s with `wrk -t1 -c8 http://127.0.0.1/`, then
measures with `wrk -t4 -c300 -d60s http://127.0.0.1/`.

| Proxy | Requests/sec | Avg latency |
|---|---|---|
| Brantwood | 30,000 | 9.50 ms |
"""
    runs = runs_of(text)
    assert [(r.connections.value, r.warmup) for r in runs] == [(8, True), (300, False)]
    assert runs[1].rows and not runs[0].rows
    assert "A006" not in {r for r, _ in findings(text)}  # 285 in flight on 300 connections


def test_run_stated_in_prose_with_tool_defaults_elsewhere() -> None:
    text = """\
## Laptop run

- Load tool: wrk with 8 threads and 64 connections
- Duration: 30 seconds per test

| Server | Requests/sec | Avg latency |
|---|---|---|
| Cobbleton | 9,800 | 30.10 ms |
"""
    (run,) = runs_of(text)
    assert run.source == "prose" and run.tool == "wrk"
    assert run.connections.value == 64 and run.threads.value == 8
    # 295 in flight on 64 connections, but wrk corrects its latency for coordinated omission
    # and the table gives no max: a long tail up to wrk's 2 s timeout explains the mean
    assert "A006" not in {r for r, _ in findings(text)}
    assert ("A006", 8) in findings(text.replace("wrk with 8 threads and", "hey with"))


def test_cpu_threads_are_not_tool_threads() -> None:
    assert runs_of("The host has 4 cores / 8 threads and 32 GB of memory.") == []


def test_output_joins_its_command_in_the_fence_and_the_fence_before() -> None:
    output = """\
Running 30s test @ http://10.0.0.2/
  4 threads and 128 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    20.00ms    5.00ms 100.00ms   70.00%
    Req/Sec     1.60k   100.00     2.00k    70.00%
  192000 requests in 30.00s, 100.00MB read
Requests/sec:   6400.00
Transfer/sec:      3.33MB
"""
    same = runs_of(f"```\n$ wrk -t4 -c128 -d30s http://10.0.0.2/\n{output}```\n")
    split = runs_of(f"```sh\nwrk -t4 -c128 -d30s http://10.0.0.2/\n```\n\n```\n{output}```\n")
    for runs in (same, split):
        (run,) = runs
        assert run.source == "command" and run.results["rps"].value == 6400
        assert run.connections.text == "-c128"


def test_run_links_to_the_entity_before_its_block() -> None:
    text = """\
# Review: Vantor QX-400

We loaded the Vantor QX-400 with:

```
wrk -t8 -c256 -d60s http://10.0.0.5/
```
"""
    (run,) = runs_of(text)
    assert run.device is not None and "qx400" in run.device


def test_parameter_table_is_a_run_statement() -> None:
    text = "| Parameter | Value |\n|---|---|\n| Connections | 400 |\n| Threads | 12 |\n| Duration | 2 min |\n"
    (run,) = runs_of(text)
    assert run.source == "table"
    assert (run.connections.value, run.threads.value, run.duration.value) == (400, 12, 120)


# --- S012 -----------------------------------------------------------------------------------

ERRORS = """\
## Results (wrk)

| Proxy | Req/s | Avg latency |
|---|---|---|
| Fernhill | 20,101.30 | 12.10 ms |
| Gorseway | 9,870.44 | 25.02 ms |

During the Gorseway run wrk counted 91 socket timeouts and 1,204 responses with a status
other than 2xx or 3xx.
"""


def test_s012_error_counts_in_prose_beside_a_rates_table() -> None:
    runs = [r for r in runs_of("```\nwrk -t2 -c256 -d60s http://h/\n```\n\n" + ERRORS) if r.errors]
    (run,) = runs
    assert run.errors["timeout"].value == 91 and run.errors["non_2xx"].value == 1204
    assert [r.label for r in run.rows] == ["Gorseway"]
    # reported at the row that quotes the rate without the counts, not at the counts
    assert ("S012", 10) in findings("```\nwrk -t2 -c256 -d60s http://h/\n```\n\n" + ERRORS)


def test_s012_silent_when_the_table_has_an_errors_column() -> None:
    text = ERRORS.replace("| Proxy | Req/s | Avg latency |\n|---|---|---|",
                          "| Proxy | Req/s | Avg latency | Errors |\n|---|---|---|---|")  # fmt: skip
    text = text.replace("12.10 ms |", "12.10 ms | 0 |").replace("25.02 ms |", "25.02 ms | 1,295 |")
    assert "S012" not in {r for r, _ in findings(text)}


def test_s012_silent_without_counts() -> None:
    text = ERRORS.split("During")[0] + "No run logged a timeout or a non-2xx response.\n"
    assert "S012" not in {r for r, _ in findings(text)}


# --- C003 -----------------------------------------------------------------------------------

CONFLICT = """\
## Setup

The suite measures each gateway with `wrk -t4 -c200 -d60s http://127.0.0.1:9000/`.

| Parameter | Value |
|---|---|
| Connections | 200 |
| Threads | {threads} |
| Duration | 60 s |
"""


def test_c003_threads_stated_twice() -> None:
    got = [f for f in findings(CONFLICT.format(threads=8)) if f[0] == "C003"]
    assert got == [("C003", 8)]  # the parameter table's "8"


def test_c003_silent_when_the_statements_agree() -> None:
    assert "C003" not in {r for r, _ in findings(CONFLICT.format(threads=4))}


def test_c003_silent_for_a_sweep_of_commands() -> None:
    text = """\
## Method

We ran `wrk -t4 -c100 -d60s http://h/` and then `wrk -t4 -c1000 -d60s http://h/` against
the Pellworth proxy, to see how it scales with connections.
"""
    assert "C003" not in {r for r, _ in findings(text)}


def test_c003_ignores_the_warmup_run() -> None:
    text = """\
## Setup

Each proxy is primed with `wrk -t1 -c8 -d20s http://h/` and then measured with
`wrk -t4 -c200 -d60s http://h/`.

| Parameter | Value |
|---|---|
| Connections | 200 |
| Threads | 4 |
"""
    assert "C003" not in {r for r, _ in findings(text)}


# --- A007 on tool output ----------------------------------------------------------------------

H2LOAD = """\
```
h2load -n 200000 -c 100 -m 10 https://10.0.0.8/
finished in 4.21s, 47505.94 req/s, 11.52MB/s
requests: 200000 total, 200000 started, 200000 done, 200000 succeeded, 0 failed, 0 errored, 0 timeout
                     min         max         mean         sd        +/- sd
time for request:      301us     98.21ms     20.12ms      7.33ms    70.12%
time for connect:     1.12ms     12.40ms      5.81ms      3.02ms    61.00%
```
"""


def test_a007_reads_h2load_by_its_column_heads() -> None:
    assert "A007" not in {r for r, _ in findings(H2LOAD)}
    swapped = H2LOAD.replace("98.21ms     20.12ms", "18.21ms     20.12ms")  # mean above max
    assert ("A007", 6) in findings(swapped)


PASTED = """\
Lab Report 7: Corvane Edge 9

The Corvane Edge 9 was loaded from a separate client with the following command.

wrk -t8 -c200 -d60s http://192.0.2.10/
Running 1m test @ http://192.0.2.10/
  8 threads and 200 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    {mean}    4.00ms 120.00ms   75.00%
    Req/Sec     4.00k   200.00     5.00k    70.00%
  1920000 requests in 1.00m, 1.10GB read
Requests/sec:  32000.00
Transfer/sec:     18.80MB
"""


def test_output_pasted_without_a_fence_is_one_run() -> None:
    (run,) = runs_of(PASTED.format(mean="25.00ms"))
    assert run.source == "command" and run.connections.value == 200
    assert (
        run.results["rps"].value == 32000 and abs(run.results["latency_mean"].value - 0.025) < 1e-12
    )
    assert ("A006", 12) in findings(PASTED.format(mean="25.00ms"), "r.txt")
    assert "A006" not in {r for r, _ in findings(PASTED.format(mean="6.00ms"), "r.txt")}


def test_capacity_is_not_a_run() -> None:
    assert runs_of("The Quarrel 9 supports up to 10,000 concurrent connections.") == []


def test_unlabelled_latency_column_is_not_a_mean() -> None:
    text = README.format(a="Larkspur", b="Quenby", c="Tolland").replace("Mean latency", "Latency")
    (run,) = runs_of(text)
    assert run.rows and all(r.latency_mean is None for r in run.rows)
    assert "A006" not in {r for r, _ in findings(text)}


def test_a_results_table_reads_the_rate_column_not_the_offered_load():
    """Column heads are typed by the table reader: "Offered RPS" is the load, "Req/s" the
    result, "Mean latency (µs)" a mean in microseconds."""
    text = """## Load

All runs used `hey -c 50 -z 30s http://10.0.0.9/`.

| Proxy | Offered RPS | Req/s | Mean latency (µs) |
|---|---|---|---|
| quillproxy | 90,000 | 61,000 | 800 |
| tarnproxy | 90,000 | 58,000 | 3,900 |
"""
    found = claimcheck.check_text(text, "bench.md", select="A006").findings
    assert [f.line for f in found] == [8]
    assert "58,000" in found[0].message


# --- cues looked up once per prose block -------------------------------------------------------

CUE_TEXTS = [
    # vendor blog: a run stated in words, errors, an inline command
    "We loaded the Halvard Edge 3 with `wrk -t8 -c400 -d60s` after warming it up. wrk counted "
    "222 socket timeouts and 3,686 non-2xx responses. Then 200 concurrent connections ran for "
    "30 seconds per test.\n",
    # datasheet: capacity, no run
    "The Tarnwick TX-900 supports up to 10,000 concurrent connections. It has 16 threads.\n",
    # lab review: a tool with threads only, a run with connections only
    "Orrin Labs ran h2load with 12 threads. A second pass used 64 clients and 4 worker "
    "threads for 2 minutes each.\n",
    # README: no cue at all
    "loadbox is small, written in Zig, and answers quickly. Install it with the package manager.\n",
]


def test_block_cue_lookup_changes_no_run(monkeypatch) -> None:
    from claimcheck.extract.runs import collect

    for text in CUE_TEXTS:
        doc = read_text(text, "r.md")
        gated = extract_runs(doc, MentionIndex(extract_devices(doc)))
        with monkeypatch.context() as m:
            m.setattr(collect, "_may", lambda rx, t, low: True)
            assert extract_runs(doc, MentionIndex(extract_devices(doc))) == gated
    first = extract_runs(read_text(CUE_TEXTS[0], "r.md"), MentionIndex([]))
    assert any(r.errors for r in first) and any(r.connections for r in first)
