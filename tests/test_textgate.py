"""The literal gates in front of the checks' patterns never hide a match: on every corpus
sentence and on generated text, a gate that says "cannot match" agrees with the regex."""

from __future__ import annotations

import contextlib
import importlib
import re
import tomllib
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck import lazyre
from claimcheck.extract.conditions.base import HEDGE_RE, TOPIC_RE
from claimcheck.extract.sentences import split
from claimcheck.facts.textgate import Texts
from claimcheck.regexlit import gate
from claimcheck.rules import registry
from tests.test_condition_gates import corpus_documents

ROOT = Path(__file__).resolve().parent.parent


def _patterns_in(value: object) -> list:
    if isinstance(value, re.Pattern | lazyre.LazyPattern):
        return [value]
    if isinstance(value, list | tuple):
        return [p for v in value for p in _patterns_in(v)]
    return []


@cache
def all_patterns() -> tuple:
    """Every module-level pattern of the checks, the hedge cues and the rule files' [data]
    patterns (compiled case-insensitively, as the checks do)."""
    out = [HEDGE_RE, TOPIC_RE]
    for name in sorted(set(registry.shipped_checks().values())):
        module = importlib.import_module(f"claimcheck.rules.checks.{name}")
        for value in vars(module).values():
            out += _patterns_in(value)
    for path in sorted((ROOT / "rules").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8")).get("data", {})
        for table in data.values():
            if not isinstance(table, dict):
                continue
            for ps in table.values():
                for p in [ps] if isinstance(ps, str) else ps if isinstance(ps, list) else []:
                    if isinstance(p, str):
                        with contextlib.suppress(re.error):  # a list of names, not a pattern
                            out.append(re.compile(p, re.IGNORECASE))
    return tuple(out)


@cache
def corpus_sentences() -> tuple[str, ...]:
    out: list[str] = []
    for doc in corpus_documents():
        for block in doc.blocks:
            out += [s.text for s in split(block.text, block.start)]
            out.append(block.text)
    return tuple(out)


def _agrees(texts: list[str]) -> None:
    index = Texts(texts)
    for rx in all_patterns():
        g = gate(rx)
        matching = [i for i, t in enumerate(texts) if rx.search(t)]
        for i in matching:
            assert g.possible(texts[i]), (rx.pattern, texts[i])
            assert g.search(texts[i]) is not None
        assert set(matching) <= set(index.candidates(rx)), rx.pattern
        assert [i for i, _ in index.search(rx)] == matching


def test_gates_agree_on_the_corpus():
    _agrees(list(corpus_sentences()))


def test_most_patterns_are_gated():
    gated = [rx for rx in all_patterns() if gate(rx).words is not None]
    assert len(gated) > 0.6 * len(all_patterns())


@cache
def _vocabulary() -> tuple[str, ...]:
    words = {w for rx in all_patterns() for w in (gate(rx).words or ())}
    return tuple(sorted(words | {"the", "a", "1", "10", "Gbps", "±", "K", "ſ", "İ", ".", ";"}))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12),
       st.lists(st.sampled_from([" ", "", "-", "\t", " 12 ", ". "]), min_size=12, max_size=12),
       st.booleans())  # fmt: skip
def test_gates_agree_on_generated_text(picks, gaps, upper):
    vocab = _vocabulary()
    text = "".join(vocab[p % len(vocab)] + gaps[i % len(gaps)] for i, p in enumerate(picks))
    _agrees([text.upper() if upper else text, text.title()])


def test_gate_on_a_pattern_no_ascii_text_matches():
    assert not gate(re.compile("±")).possible("+/- 3%")
    assert gate(re.compile("±")).possible("± 3%")  # outside ASCII the regex decides


def test_case_folding_outside_ascii_runs_the_regex():
    rx = re.compile("kelvin", re.I)
    assert gate(rx).search("\u212aelvin") is not None
    assert Texts(["\u212aelvin", "nothing"]).candidates(rx) == [0]
