"""Corpus regression: findings on corpus/ must match the markers in each document."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimcheck
from claimcheck.evaluation import documents, markers

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = documents(CORPUS)


def test_corpus_is_not_empty():
    assert len(DOCS) >= 3


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_document(path):
    marks = markers(path.read_text(encoding="utf-8"))
    result = claimcheck.check(path, config=claimcheck.api.Config())
    assert not result.errors, result.errors
    got = {(f.rule, f.line) for f in result.findings}
    missed = marks["expect"] - got
    unexpected = {g for g in got if g not in marks["expect"] and g not in marks["todo"]}
    forbidden = got & marks["ok"]
    assert not missed, f"missed findings (rule, line): {sorted(missed)}"
    assert not forbidden, f"findings on ok lines: {sorted(forbidden)}"
    assert not unexpected, f"unexpected findings: {sorted(unexpected)}"


def test_eval_report_runs(capsys):
    from claimcheck.cli import main

    assert main(["eval", str(CORPUS), "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "| **all** |" in out and "claims" in out
