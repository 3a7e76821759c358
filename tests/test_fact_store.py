"""The fact store: one per document, read-only, answering the questions rules ask; and the
layout promise that every check reads it (reports written here, invented names)."""

from __future__ import annotations

import ast
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck import api
from claimcheck.facts import FactStore, FrozenFactsError
from claimcheck.rules import registry

README = """# Larkspur proxy benchmark

We benchmarked the Larkspur proxy against the Tamarack gateway on one client machine.
Some vendors quote the best of ten runs; we report the median of three runs.

## Larkspur

```
$ wrk -t4 -c64 -d30s http://larkspur:8080/
Running 30s test @ http://larkspur:8080/
  4 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    0.80ms  21.00ms   90.00%
    Req/Sec     7.61k   400.00    8.20k    70.00%
  909,000 requests in 30.00s, 110.00MB read
Requests/sec:  30,300.00
Transfer/sec:      3.67MB
```

## Results

| Proxy | Requests/s | p99 latency (ms) |
|---|---|---|
| Larkspur | 30,300 | 6.1 |
| Tamarack | 24,100 | 9.4 |

Larkspur served 26% more requests per second than Tamarack.
"""


@pytest.fixture(scope="module")
def facts() -> FactStore:
    return api.extract_facts(README, "larkspur.md")


def test_the_store_holds_every_kind_of_fact(facts):
    assert {e.name for e in facts.devices} >= {"Larkspur", "Tamarack"}
    assert facts.runs and facts.runs[0].tool == "wrk"
    assert facts.tables and facts.claims and facts.quantities and facts.measurements


def test_facts_are_read_only(facts):
    with pytest.raises(FrozenFactsError):
        facts.runs = ()
    with pytest.raises(FrozenFactsError):
        facts.note = "a rule's scribble"
    with pytest.raises(AttributeError):
        facts.measurements.append(None)


def test_measured_narrows_by_entity_and_metric(facts):
    larkspur = next(d.id for d in facts.devices if d.name == "Larkspur")
    rates = facts.measured(entity=larkspur, metric="rps")
    assert rates and all(m.device == larkspur and m.metric == "rps" for m in rates)
    assert all(m in facts.measured() for m in rates)
    assert [m.start for m in facts.measured()] == sorted(m.start for m in facts.measured())


def test_runs_of_an_entity(facts):
    assert facts.runs_of() == list(facts.runs)
    owner = facts.runs[0].device
    if owner is not None:
        assert facts.runs_of(owner) == [facts.runs[0]]
    assert facts.runs_of("no-such-entity") == []


def test_sentences_own_and_others(facts):
    others = [s.text for _, s in facts.sentences(own=False)]
    own = [s.text for _, s in facts.sentences(own=True)]
    assert any("Some vendors" in t for t in others)
    assert not any("Some vendors" in t for t in own)
    assert any("26% more" in t for t in own)
    cue = __import__("re").compile(r"\bmedian\b")
    assert [s.text for _, s in facts.sentences(cue)] == [t for t in own + others if "median" in t]
    start = README.index("Some vendors")
    assert facts.hedged(start) and not facts.hedged(README.index("Larkspur served"))
    assert facts.sentence_text(start).startswith("Some vendors")


def test_conditions_for_a_figure_are_those_in_its_scope(facts):
    for m in facts.measurements:
        scope = facts.conditions_for(m)
        assert all(c.name == name for name, cs in scope.items() for c in cs)
        assert all(not c.hedged for cs in scope.values() for c in cs)


def test_extract_json_serialises_the_store(tmp_path: Path):
    report = tmp_path / "larkspur.md"
    report.write_text(README, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "claimcheck", "extract", str(report), "--format", "json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    data = json.loads(out.stdout)
    for key in ("entities", "devices", "tests", "tables", "runs", "conditions", "measurements",
                "claims", "provenance", "quantities", "sentences"):  # fmt: skip
        assert key in data, key
    assert data["runs"][0]["tool"] == "wrk"
    assert any(s["hedged"] for s in data["sentences"])
    assert {q["text"] for q in data["quantities"]} >= {"30,300.00", "26%"}


def test_every_check_takes_the_fact_store_alone():
    registry.load_shipped_checks()
    for name, fn in registry._CHECKS.items():
        if not fn.__module__.startswith("claimcheck."):
            continue  # a test's own check
        params = list(inspect.signature(fn).parameters)
        assert params == ["facts"], (name, params)


# The checks that still hold cue patterns or read the raw text: the fact-store issue moves
# these cues into the index's vocabulary, and this list only shrinks. A new check, or a check
# that gains a pattern or a text read, fails here.
PATTERN_DEBT = {
    "A005_unit_misuse": (4, 0),
    "C004_dangling_reference": (12, 1), "D001_missing_condition": (6, 0),
    "D002_missing_repeatability": (8, 1), "D003_missing_configuration": (12, 3),
    "M005_throughput_definition": (8, 4), "M006_latency_definition": (6, 0),
    "M007_cpu_not_comparable": (5, 0), "S001_license_capped": (8, 0),
    "S004_asymmetric_configuration": (6, 3),
    "S005_bottleneck_not_dut": (13, 2),
    "S010_advertised_as_measured": (7, 0),
}  # fmt: skip


def _debt(path: Path) -> tuple[int, int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    patterns = texts = 0
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and func.attr == "compile":
            patterns += getattr(func.value, "id", "") in ("re", "lazyre")
        if isinstance(node, ast.Attribute) and node.attr == "text":
            base = node.value
            if (
                isinstance(base, ast.Name)
                and base.id == "doc"
                or (isinstance(base, ast.Attribute) and base.attr == "doc")
            ):
                texts += 1
    return patterns, texts


def test_checks_hold_no_more_patterns_or_text_reads_than_before():
    checks = Path(inspect.getfile(registry)).parent / "checks"
    for path in sorted(checks.glob("[A-Z]*.py")):
        patterns, texts = _debt(path)
        allowed = PATTERN_DEBT.get(path.stem, (0, 0))
        assert patterns <= allowed[0] and texts <= allowed[1], (path.stem, patterns, texts)
