"""The rules' indexes and shared views give the same answers as the slow paths, and the
work they do grows linearly with the report (counted, not timed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.extract.pipeline import extract_document
from claimcheck.facts import FactStore, FrozenFactsError, attribution, graph, text
from claimcheck.facts.graph import PRECEDENCE, ClaimGraph
from claimcheck.ingest import read_text
from claimcheck.rules import expr_eval
from claimcheck.rules.engine import run_rules
from claimcheck.rules.expr import compile_expression
from claimcheck.rules.loader import shipped_rules
from claimcheck.rules.matching import Environments, compile_rule, environments, run_match_rule
from claimcheck.rules.prefilter import guard
from claimcheck.rules.selection import Selection

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = sorted(p for p in CORPUS.iterdir() if p.suffix in (".md", ".txt") and p.name != "README.md")
SAMPLE = [DOCS[i] for i in range(0, len(DOCS), 4)]


def _extract(text: str, name: str = "doc.md"):
    doc = read_text(text, name)
    return doc, extract_document(doc)


@pytest.fixture(scope="module", params=SAMPLE, ids=lambda p: p.name)
def extracted(request):
    return _extract(request.param.read_text(encoding="utf-8"), request.param.name)


def _slow_conditions_for(ex, m):
    """conditions_for as a walk over every condition (the reference)."""
    best: dict[str, tuple[int, list]] = {}
    for c in ex.conditions:
        kind, _, rest = c.scope.partition(":")
        applies = (
            kind == "document"
            or (kind == "section" and m.section and rest == m.section)
            or (kind == "test" and m.test and rest == m.test)
            or (kind == "device" and m.device and rest == m.device)
        )
        if not applies or c.hedged:
            continue
        rank = PRECEDENCE[kind]
        cur = best.get(c.name)
        if cur is None or rank > cur[0]:
            best[c.name] = (rank, [c])
        elif rank == cur[0]:
            cur[1].append(c)
    return {n: cs for n, (_, cs) in best.items()}


def test_conditions_for_matches_a_walk_over_all_conditions(extracted):
    _, ex = extracted
    graph = ClaimGraph(ex)
    for m in ex.measurements:
        assert graph.conditions_for(m) == _slow_conditions_for(ex, m)
        assert graph.conditions_for(m) == _slow_conditions_for(ex, m)  # memoised


def test_claims_citing_by_identity(extracted):
    _, ex = extracted
    graph = ClaimGraph(ex)
    for i, m in enumerate(ex.measurements):
        slow = [
            graph.graph.nodes[u]["fact"]
            for u, _, k in graph.graph.in_edges(f"measurement:{i}", keys=True)
            if k == "cites"
        ]
        assert graph.claims_citing(m) == slow
    assert graph.claims_citing(ex.measurements[0].model_copy()) == [] if ex.measurements else True


MATCH_RULES = [s for s in shipped_rules() if s.match is not None]


def test_prefiltered_subjects_give_the_same_hits(extracted):
    doc, ex = extracted
    facts = Environments(FactStore(doc, ex))
    for spec in MATCH_RULES:
        fast = [(h.start, h.end, h.message) for h in run_match_rule(spec, facts)]
        match, _ = compile_rule(spec)
        slow = [
            (getattr(f, "start", 0), f)
            for f, env in facts.subjects(spec.subject)
            if match.evaluate(env, facts.functions)
        ]
        assert [h[0] for h in fast] == [s for s, _ in slow], spec.code


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('a.k == "x" and b > 1', {("a", "k"): {"x"}}),
        ('"x" == a.k', {("a", "k"): {"x"}}),
        ('a.k in ["x", "y"] and a.m == "z"', {("a", "k"): {"x", "y"}, ("a", "m"): {"z"}}),
        ('a.k == "x" and a.k in ["x", "y"]', {("a", "k"): {"x"}}),
        ('(a.k == "x" and b) or (a.k == "y" and c)', {("a", "k"): {"x", "y"}}),
        ('a.k == "x" or b', {}),
        ('a.k != "x"', {}),
        ("a.k == 1", {}),
        ('a.k in ["x", 1]', {}),
        ('not a.k == "x"', {}),
        # a part that can fail stops the guard: "b < 1" may raise before a.k is read
        ('b < 1 and a.k == "x"', {}),
        ('b.c == 1 and a.k == "x"', {("a", "k"): {"x"}}),
    ],
)
def test_guards(text, expected):
    got = guard(compile_expression(text).tree)
    assert {p: set(v) for p, v in got.items()} == expected


def test_guard_never_skips_a_true_subject():
    expr = compile_expression('m.k in ["a", "b"] and m.v > 1')
    need = guard(expr.tree)
    for k in ("a", "b", "c", None, 1, True):
        for v in (0, 2):
            env = {"m": {"k": k, "v": v}}
            allowed = all(
                type(expr_eval.field_value(env, p)) is str and expr_eval.field_value(env, p) in s
                for p, s in need.items()
            )
            if expr.evaluate(env):
                assert allowed


def test_views_are_built_once_per_document(monkeypatch):
    doc, ex = _extract(DOCS[0].read_text(encoding="utf-8"))
    built = {"view": 0, "index": 0}
    view_init, index_init = attribution.View.__init__, text.TextIndex.__init__

    def count_view(self, *a):
        built["view"] += 1
        view_init(self, *a)

    def count_index(self, *a):
        built["index"] += 1
        index_init(self, *a)

    monkeypatch.setattr(attribution.View, "__init__", count_view)
    monkeypatch.setattr(text.TextIndex, "__init__", count_index)
    run_rules(FactStore(doc, ex), list(shipped_rules()), Selection())
    assert built == {"view": 1, "index": 1}


def test_store_views_are_its_own_and_its_facts_read_only():
    a, b = (FactStore(*_extract(t, n)) for t, n in (("one", "a.md"), ("two", "b.md")))
    first = a.cached("k", object)
    assert a.cached("k", object) is first
    assert b.cached("k", object) is not first
    with pytest.raises(FrozenFactsError):
        a.measurements = ()
    with pytest.raises(AttributeError):
        a.claims.append(None)  # a tuple: the facts are read, not extended


class _CountingDict(dict):
    """PRECEDENCE, counting lookups: one per condition the linker looks at."""

    looked = 0

    def __getitem__(self, key):
        type(self).looked += 1
        return super().__getitem__(key)


def _work(text: str, monkeypatch) -> dict[str, int]:
    """Expression nodes evaluated and conditions looked at while linking, for one report."""
    counts = {"eval": 0}
    run_eval = expr_eval.Run.eval

    def count_eval(self, node):
        counts["eval"] += 1
        return run_eval(self, node)

    doc, ex = _extract(text)
    monkeypatch.setattr(expr_eval.Run, "eval", count_eval)
    _CountingDict.looked = 0
    monkeypatch.setattr(graph, "PRECEDENCE", _CountingDict(PRECEDENCE))
    store = FactStore(doc, ex)
    facts = environments(store)
    for kind in ("measurement", "condition", "claim", "device", "document"):
        facts.subjects(kind)
    run_rules(store, MATCH_RULES, Selection())
    monkeypatch.undo()
    counts["linked"] = _CountingDict.looked
    counts["conditions"] = len(ex.conditions)
    return counts


def test_match_rule_work_grows_linearly(monkeypatch):
    """A report twice as long (itself twice) costs at most about twice the work: the
    conditions in scope of each figure are not found by walking every document-wide
    condition again for each figure."""
    text = next(p for p in DOCS if p.name.startswith("lab-report-ssl")).read_text(encoding="utf-8")
    one = _work(text, monkeypatch)
    two = _work(text + "\n\n" + text, monkeypatch)
    assert one["eval"] > 0 and one["linked"] > 0
    assert two["conditions"] >= 2 * one["conditions"] - 2
    assert two["eval"] <= 2 * one["eval"] + 10
    assert two["linked"] <= 2 * one["linked"] + 10
    assert two["linked"] <= two["conditions"]  # each condition is looked at once


def test_shared_views_equal_fresh_ones(extracted):
    """Captions, the TextIndex sentences and the per-word lookups inside a run of the rules
    are what a fresh computation gives."""
    from claimcheck.extract.sentences import split
    from claimcheck.facts import captions

    doc, ex = extracted
    fresh = captions.captions(doc)
    store = FactStore(doc, ex)
    assert list(store.captions) == fresh
    assert list(store.captions) == fresh  # the shared copy is not consumed
    expected = [s for b in doc.blocks if b.kind != "code" for s in split(b.text, b.start)]
    assert [s for s, _, _ in store.text.sentences] == expected


def test_facts_caches_agree_with_the_plain_functions(extracted):
    from claimcheck.rules import matching

    doc, ex = extracted
    facts = Environments(FactStore(doc, ex))
    for c in ex.conditions:
        assert repr(facts._value(c)) == repr(matching._value(c))
    orgs = [d.vendor or d.name for d in ex.devices] + ["Nobody Networks Inc", "", "x"]
    for org in orgs:
        slow = bool(matching._core_name(org)) and any(
            other and (other == matching._core_name(org)
                       or other.split()[0] == matching._core_name(org).split()[0])
            for d in ex.devices
            for other in map(matching._core_name, (d.vendor or "", d.family or "", *d.aliases))
        )  # fmt: skip
        assert facts.is_tested_vendor(org) == slow


def test_stated_equals_the_plain_filter(extracted):
    doc, ex = extracted
    store = FactStore(doc, ex)
    names = {c.name for c in ex.conditions} | {"no_such_condition"}
    for name in names:
        got = store.stated(name)
        assert got == [c for c in ex.conditions if c.name == name and not c.hedged]
        got.append(None)  # a caller's list is its own
        assert None not in store.stated(name)
