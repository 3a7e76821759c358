"""Corpus regression: findings on corpus/ must match the markers in each document."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import claimcheck

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
MARKER = re.compile(r"<!--\s*(expect|ok|todo)\s*:\s*([A-Z0-9, ]+?)\s*-->")
DOCS = sorted(p for p in CORPUS.iterdir() if p.suffix in {".md", ".txt"} and p.name != "README.md")


def markers(path: Path) -> dict[str, set[tuple[str, int]]]:
    """{"expect": {(code, line)}, "ok": ..., "todo": ...} with 1-based target lines."""
    out: dict[str, set[tuple[str, int]]] = {"expect": set(), "ok": set(), "todo": set()}
    pending: list[tuple[str, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found = MARKER.findall(line)
        if found and MARKER.sub("", line).strip() == "":
            pending.extend(found)
            continue
        for kind, codes in pending:
            out[kind].update((c.strip(), number) for c in codes.split(",") if c.strip())
        pending = []
    return out


def test_corpus_is_not_empty():
    assert len(DOCS) >= 3


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_document(path):
    marks = markers(path)
    result = claimcheck.check(path)
    assert not result.errors, result.errors
    got = {(f.rule, f.line) for f in result.findings}
    missed = marks["expect"] - got
    unexpected = {g for g in got if g not in marks["expect"] and g not in marks["todo"]}
    forbidden = got & marks["ok"]
    assert not missed, f"missed findings (rule, line): {sorted(missed)}"
    assert not forbidden, f"findings on ok lines: {sorted(forbidden)}"
    assert not unexpected, f"unexpected findings: {sorted(unexpected)}"
