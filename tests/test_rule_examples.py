"""Every rule's bad/good examples run as tests (ids like A001_bad_ratio_as_increase)."""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.rules.loader import shipped_rules

RULES = shipped_rules()
CASES = [
    pytest.param(rule, ex, id=f"{rule.code}_{ex.kind}_{ex.name or i + 1}")
    for rule in RULES
    for i, ex in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), CASES)
def test_example(rule, example):
    result = claimcheck.check_text(example.text, name=f"{rule.code}-example.md")
    codes = {f.rule for f in result.findings}
    for code in example.expect:
        assert code in codes, (
            f"{rule.code} {example.kind} example should give {code}: {result.findings}"
        )
    for code in example.forbid:
        assert code not in codes, f"{rule.code} {example.kind} example must not give {code}"
    if example.kind == "bad":
        assert example.expect, "a bad example must name the findings it gives"
    else:
        assert example.forbid, "a good example must name the findings it must not give"


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_has_bad_and_good_examples(rule):
    kinds = {ex.kind for ex in rule.examples}
    assert kinds == {"bad", "good"}, f"{rule.code} needs at least one bad and one good example"


def test_codes_unique_and_documented():
    codes = [r.code for r in RULES]
    assert len(codes) == len(set(codes))
    for r in RULES:
        assert r.summary and r.rationale.strip(), r.code
