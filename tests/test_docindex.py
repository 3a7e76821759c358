"""The DocumentIndex: sentences, cue events, tests and per-block facts built once by the
extraction, and read (never rebuilt) by the rules. Inputs are written here, with invented
product names."""

from __future__ import annotations

from claimcheck.extract import docindex
from claimcheck.extract.benchtests import assign_tests
from claimcheck.extract.docindex import index_document
from claimcheck.extract.pipeline import extract_document
from claimcheck.extract.sentences import split
from claimcheck.facts import FactStore
from claimcheck.ingest import read_text
from claimcheck.models import Extraction
from claimcheck.rules.engine import run_rules
from claimcheck.rules.loader import shipped_rules
from claimcheck.rules.selection import Selection

REVIEW = """# Quillfeather QF-20 versus Brackenridge B9

Some vendors quote peak figures from a single run. We ran each test five times. The
Quillfeather QF-20 served 41,000 req/s.

## HTTP throughput

| Device | Requests/s | Notes |
|---|---|---|
| Quillfeather QF-20 | 41,000 | Turbo profile enabled |
| Brackenridge B9 | 38,500 | factory defaults |

```
Running 30s test @ http://10.0.0.5/
  4 threads and 200 connections
  Socket errors: connect 0, read 12, write 0, timeout 3
Requests/sec:  41000.12
```
"""


def _doc(text: str = REVIEW):
    return read_text(text, "review.md")


def test_sentences_per_block_come_from_the_one_splitter():
    doc = _doc()
    ix = index_document(doc)
    assert len(ix.block_ranges) == len(doc.blocks)
    for bi, block in enumerate(doc.blocks):
        got = [s.sentence for s in ix.in_block(bi)]
        assert got == ([] if block.kind == "code" else split(block.text, block.start))
        assert all(s.block == bi for s in ix.in_block(bi))
        assert [s.first for s in ix.in_block(bi)] == [k == 0 for k in range(len(got))]
    assert [s.start for s in ix.sentences] == sorted(s.start for s in ix.sentences)


def test_cue_events_and_hedge_reading():
    ix = index_document(_doc())
    by_text = {s.text: s for s in ix.sentences}
    others = by_text["Some vendors quote peak figures from a single run."]
    ours = by_text["We ran each test five times."]
    assert others.hedge_cue and others.hedged
    assert not ours.hedge_cue


def test_block_and_column_tests():
    doc = _doc()
    ix = index_document(doc)
    assert ix.block_tests == assign_tests(doc)[1]
    table = next(i for i, b in enumerate(doc.blocks) if b.table is not None and b.kind != "code")
    assert len(ix.column_tests[table]) == len(doc.blocks[table].table.header)
    assert ix.column_tests[table][0] is None  # "Device" names no test


def test_profiles_stated_in_table_cells():
    doc = _doc()
    found = index_document(doc).cell_conditions
    assert found and all(f.condition.name == "profile" for f in found)
    for f in found:
        assert f.cell_start <= f.condition.start < f.condition.end <= f.cell_end
        assert f.row_start <= f.cell_start and f.cell_end <= f.row_end
    assert any("Turbo" in doc.text[f.condition.start : f.condition.end] for f in found)


def test_failure_counts_in_tool_output():
    doc = _doc()
    errors = index_document(doc).tools.errors
    ((bi, found),) = errors.items()
    assert doc.blocks[bi].kind == "code" or doc.blocks[bi].table is not None
    assert all(doc.text[e.start : e.end] for e in found)


def test_k6_failed_rate_counts_as_a_failure():
    text = "k6 output:\n\n```\n  http_req_failed................: 1.50%  ✓ 30  ✗ 1970\n```\n"
    doc = read_text(text, "k6.md")
    ((_, found),) = index_document(doc).tools.errors.items()
    assert "http_req_failed" in found[0].text
    clean = text.replace("1.50%", "0.00%")
    assert not index_document(read_text(clean, "k6.md")).tools.errors


def test_loads_stated_in_prose():
    positive = [
        "The Larkspur gateway sustained 40,000 req/s at an average latency of 50 ms "
        "with 100 connections.",
        "- Tessellate proxy: 12,000 requests per second, mean 20 ms, 64 concurrent connections",
        "Running `hey -c 30` against the Orrery edge node gave 9,000 rps and 15 ms average.",
    ]
    for text in positive:
        ex = extract_document(read_text(text, "p.md"))
        (load,) = ex.index.stated_loads
        assert load.rate > 0 and load.connections > 0 and load.depth == 1.0
        assert load.latency_s < 1
    negative = [
        "The Larkspur gateway sustained 40,000 req/s at an average latency of 50 ms.",
        "We opened 100 connections and measured a mean latency of 50 ms.",
    ]
    for text in negative:
        assert extract_document(read_text(text, "n.md")).index.stated_loads == []


def test_pipelining_depth_is_read():
    text = "The Foxglove server did 90,000 req/s, avg 10 ms, over 100 connections, pipelining depth 16."
    (load,) = extract_document(read_text(text, "d.md")).index.stated_loads
    assert load.depth == 16


def test_the_extraction_carries_the_index_and_rules_do_not_rebuild_it(monkeypatch):
    doc = _doc()
    ex = extract_document(doc)
    assert ex.index is not None and ex.index.matches(doc)
    assert "index" not in ex.model_dump()
    built = []
    real = docindex.index_document
    monkeypatch.setattr(
        "claimcheck.facts.store.index_document", lambda d: built.append(d) or real(d)
    )
    run_rules(FactStore(doc, ex), list(shipped_rules()), Selection())
    assert built == []


def test_an_extraction_without_its_index_gives_the_same_findings():
    doc = _doc()
    ex = extract_document(doc)
    rules = list(shipped_rules())
    with_index, _ = run_rules(FactStore(doc, ex), rules, Selection())
    bare = Extraction.model_validate(ex.model_dump())
    bare.quantities = ex.quantities
    assert bare.index is None
    without, _ = run_rules(FactStore(doc, bare), rules, Selection())
    assert [f.model_dump() for f in without] == [f.model_dump() for f in with_index]


def test_the_store_reads_the_extraction_index():
    doc = _doc()
    ex = extract_document(doc)
    facts = FactStore(doc, ex)
    assert facts.index is ex.index
    assert [s for s, _, _ in facts.text.sentences] == [s.sentence for s in ex.index.sentences]
    assert list(facts.stated_loads) == list(ex.index.stated_loads)


def test_an_index_of_another_document_is_not_used():
    a, b = _doc(), _doc(REVIEW.replace("41,000", "44,000"))
    ex = extract_document(a)
    assert not ex.index.matches(b)
    assert FactStore(b, ex).index is not ex.index


def test_request_counts_rates_and_loopback_of_tool_output():
    text = (
        "We benchmarked the Pennyroyal server.\n\n"
        "```\n$ ab -n 400 -c 10 http://127.0.0.1:8080/\nComplete requests:      400\n"
        "Requests per second:    2,310.55 [#/sec] (mean)\n```\n\n"
        "The Pennyroyal server answered every request.\n"
    )
    doc = read_text(text, "ab.md")
    tools = index_document(doc).tools
    ((bi, counts),) = [(b, c) for b, c in tools.request_counts.items() if c]
    assert [c.value for c in counts] == [400, 400]  # the output's count first, then -n
    assert all(doc.text[c.start : c.end] == "400" for c in counts)
    assert tools.rates[bi] == [2310.55]
    ((start, end),) = tools.loopback
    assert doc.text[start:end].startswith("ab ") and "127.0.0.1" in doc.text[start:end]


def test_no_tool_figures_in_prose_or_remote_targets():
    text = (
        "The Pennyroyal server handled 2,000 req/s.\n\n"
        "```\nhey -z 60s -c 50 http://10.1.2.3/\n```\n"
    )
    tools = index_document(read_text(text, "hey.md")).tools
    assert not any(tools.request_counts.values()) and tools.loopback == []
    assert all(not rates for rates in tools.rates.values())  # prose rates are not tool output


def test_loopback_in_a_sentence_counts():
    text = "We ran `wrk -t2 -c64 http://localhost:9000/` on the Marrowbone box itself."
    tools = index_document(read_text(text, "wrk.md")).tools
    assert len(tools.loopback) == 1


def test_statistic_tables_by_columns_and_by_rows():
    text = (
        "Latency of the Sorrel proxy:\n\n"
        "| Run | Min | Avg | p50 | p99 | Max |\n|---|---|---|---|---|---|\n"
        "| cold | 1.2 ms | 4.0 ms | 3.1 ms | 9.5 ms | 15 ms |\n"
        "| warm | 0.9 ms | 2.2 ms | 2.0 ms | 6.0 ms | 8 ms |\n\n"
        "Latency of the Tamarisk proxy:\n\n"
        "| Statistic | Value |\n|---|---|\n| p50 | 900 µs |\n| p99 | 4 ms |\n| max | 7 ms |\n"
    )
    tables = index_document(read_text(text, "stats.md")).stat_tables
    assert len(tables) == 2
    cols, rows = tables[0], tables[1]
    assert [g.where for g in cols.by_columns] == [" in row 'cold'", " in row 'warm'"]
    keys = [k for k, _, _, _ in cols.by_columns[0].stats]
    assert keys == [("min", 0.0), ("mean", -1.0), ("pct", 50.0), ("pct", 99.0), ("max", 100.0)]
    ((stats,),) = [[g.stats for g in rows.by_rows]]
    assert [round(v, 6) for _, v, _, _ in stats] == [0.0009, 0.004, 0.007]  # in seconds


def test_a_results_table_has_no_statistic_groups():
    text = "| Proxy | Requests/s |\n|---|---|\n| Sorrel | 41,000 |\n| Tamarisk | 38,000 |\n"
    (table,) = index_document(read_text(text, "r.md")).stat_tables
    assert table.by_columns == [] and table.by_rows == []


def test_baseline_bandwidth_columns():
    text = (
        "| Instance | Baseline bandwidth (Gbps) | Burst (Gbps) |\n|---|---|---|\n"
        "| Wren-4 | 1.25 | 10 |\n| Wren-8 | 2,500 Mbps | 12 |\n| Wren-16 | n/a | 25 |\n"
    )
    doc = read_text(text, "cloud.md")
    cells = index_document(doc).baseline_cells
    assert [c.gbps for c in cells] == [1.25, 2.5]
    assert doc.text[cells[0].cell_start : cells[0].cell_end].strip() == "1.25"
    plain = text.replace("Baseline bandwidth", "Measured throughput")
    assert index_document(read_text(plain, "cloud.md")).baseline_cells == []


def test_event_counts_in_sentences():
    text = (
        "Failover of the Kestrel pair passed with 500 HTTP transactions and twelve sessions. "
        "The Kestrel pair handled 9,000 requests per second."
    )
    ix = index_document(read_text(text, "ha.md"))
    first, second = ix.sentences
    assert [(c.value, c.noun) for c in first.counts] == [(500, "transactions"), (12, "sessions")]
    assert second.counts == []  # a rate, not a count


def test_quantities_per_block():
    doc = _doc()
    ix = index_document(doc)
    assert len(ix.quantity_ranges) == len(doc.blocks)
    flat = [q for bi in range(len(doc.blocks)) for q in ix.quantities_in(bi)]
    assert flat == ix.quantities
    ex = extract_document(doc)
    assert ex.quantities == ex.index.quantities  # the extraction's are the index's
    for bi, block in enumerate(doc.blocks):
        assert all(block.start <= q.start < q.end <= block.end for q in ix.quantities_in(bi))


def test_model_tokens_outside_code_and_standards():
    text = (
        "The Kite KV-3000 passed RFC 2544 and SHA-256 checks; the KV3000 ran cooler.\n\n"
        "```\ncurl http://host/ZX-9000\n```\n"
    )
    tokens = index_document(read_text(text, "m.md")).model_tokens
    assert [(t.text, t.key) for t in tokens] == [("KV-3000", "KV-3000"), ("KV3000", "KV-3000")]
