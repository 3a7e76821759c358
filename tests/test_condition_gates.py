"""The condition detectors' gates are conservative: a gate that rejects a text never
costs a condition the ungated detector (``detector.__wrapped__``) would have found."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import conditions as cx
from claimcheck.extract.conditions import base, device, tools
from claimcheck.extract.conditions.base import Ctx, gated
from claimcheck.ingest import read_text

ROOT = Path(__file__).resolve().parent.parent
GATED = [d for d in [*cx.DETECTORS, device.software_version, tools.traffic_generator]
         if hasattr(d, "__wrapped__")]  # fmt: skip


@cache
def corpus_documents() -> tuple:
    """Every text document of the corpus, read."""
    paths = sorted(p for p in (ROOT / "corpus").iterdir() if p.suffix in (".md", ".txt"))
    return tuple(read_text(p.read_text(encoding="utf-8"), p.name) for p in paths)


@cache
def corpus_texts() -> tuple[str, ...]:
    """Every prose block of the corpus, and each of its lines."""
    out: list[str] = []
    for doc in corpus_documents():
        for block in doc.blocks:
            if block.table is None and block.text.strip():
                out.append(block.text)
                out += [line for line in block.text.splitlines()[1:] if line.strip()]
    return tuple(out)


@cache
def suite_phrases() -> tuple[str, ...]:
    """String literals of the test suite: the phrasings the detectors are meant to read."""
    out: set[str] = set()
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and len(node.value) > 3
            ):
                out.add(node.value)
    return tuple(sorted(out))


def _same(text: str) -> None:
    for detector in GATED:
        gated_out = detector(Ctx(text))
        assert gated_out == detector.__wrapped__(Ctx(text)), (detector.__name__, text)


def test_every_detector_is_gated() -> None:
    assert len(GATED) >= len(cx.DETECTORS)


def test_gates_on_corpus_blocks() -> None:
    texts = corpus_texts()
    assert len(texts) > 300
    for text in texts:
        _same(text)


def test_gates_on_test_phrases() -> None:
    for text in suite_phrases():
        _same(text)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_gates_on_corpus_windows(data: st.DataObject) -> None:
    """Any window of a corpus text (a gate must not depend on what surrounds a match)."""
    texts = corpus_texts()
    text = texts[data.draw(st.integers(0, len(texts) - 1))]
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, min(len(text), a + 400)))
    _same(text[a:b])


@pytest.mark.parametrize(
    "text",
    ["", "x", "4 x 10 Gbps", "SimUsers: 4096", "p99 latency", "v11.2.1", "TLS 1.3", "wrk -c100"],
)
def test_gates_on_short_texts(text: str) -> None:
    _same(text)


def test_lower_case_search_is_case_insensitive_search() -> None:
    """A gate searched in the lower-cased text (the fast path) answers as the same gate
    searched case-insensitively (the path for non-ASCII text)."""
    texts = [*corpus_texts(), *suite_phrases()]
    for detector in GATED:
        for p in detector.patterns:
            folded = re.compile(p.pattern, p.flags | re.IGNORECASE)
            for text in texts:
                assert bool(p.search(text.lower())) == bool(folded.search(text)), (p, text)


def test_one_cue_scan_finds_every_gate_with_a_word() -> None:
    """The bit mask of the cue scan (per token, memoised) is set for every gate that a
    search per gate finds; it may be set for more (a cue "based on" is looked up as
    "based"), never for fewer."""
    texts = [*corpus_texts(), *suite_phrases(), "re-use 0-rtt runs", "reuse", "keep-alive"]
    for text in texts:
        low = text.lower()
        mask = base.tokens_cue_mask(low)
        assert mask == base.tokens_cue_mask(low) == base.cue_mask(" ".join(set(low.split())))
        for bit, words in enumerate(base._CUE_GATES):
            if any(w in low for w in words):
                assert mask >> bit & 1, (words, text)
            if mask >> bit & 1:
                assert any(base._cue(w) in low for w in words), (words, text)


def test_overlapping_cues() -> None:
    @gated("abcd", "bc", "cdef")
    def long(ctx: Ctx) -> list:
        return [1]

    @gated("cd")
    def short(ctx: Ctx) -> list:
        return [2]

    assert long(Ctx("xabcdefx")) == [1] and short(Ctx("xabcdefx")) == [2]
    assert long(Ctx("xxcdx")) == [] and short(Ctx("xxcdx")) == [2]
    assert long(Ctx("abcx")) == [1] and short(Ctx("abcx")) == []


def test_non_ascii_text_takes_the_folded_path() -> None:
    text = "The DUT ran 4 × 10 GbE ports — FastL4 profile, TLS 1.3, p99 latency over 60 s."
    assert not text.isascii()
    _same(text)
    assert Ctx(text).matches((re.compile("fastl4"),))
    assert not Ctx(text).matches((re.compile("fasthttp"),))


def test_word_cues_are_substrings() -> None:
    @gated("abc", "x-y")
    def detector(ctx: Ctx) -> list:
        return [ctx.text]

    assert detector(Ctx("..ABCd..")) == ["..ABCd.."]
    assert detector(Ctx("X-Y")) == ["X-Y"]
    assert detector(Ctx("ab c xy")) == []


def _hinted_same(texts: list[str]) -> None:
    """Conditions read with the joined-lookup hints equal those read without them, on each
    text as given and with its soft breaks as spaces (what the pipeline passes)."""
    from claimcheck.ingest.softbreaks import soft_breaks_as_spaces

    hints = cx.pattern_gate_hints(texts)
    assert len(hints) == len(texts)
    for text, hint in zip(texts, hints, strict=True):
        for variant in (text, soft_breaks_as_spaces(text)):
            assert cx.conditions_in_text(variant, 7, hint) == cx.conditions_in_text(variant, 7)
            ctx = Ctx(variant, hint)
            assert ctx.open_gates == Ctx(variant).open_gates, variant


def test_pattern_gate_hints_on_corpus_blocks() -> None:
    _hinted_same([b.text for doc in corpus_documents() for b in doc.blocks])


def test_pattern_gate_hints_on_test_phrases() -> None:
    _hinted_same(list(suite_phrases()))


def test_pattern_gate_hints_across_wrapped_lines() -> None:
    """A gate literal split by a soft line break still opens its gate; a text without any
    literal of a gate has that gate's bit clear; texts next to each other do not mix."""
    texts = [
        "The Quillfen QF-20 ran out of the\nbox on bare\nmetal hosts, with 500 simulated\nusers.",
        "Throughput of the Marrowick MW-7 was 4.1 Gbps.",
        "bare",
        "metal hosts only",
        "Ünïcode täxt on bare metal, Zeltrix ZX-3",
    ]
    hints = cx.pattern_gate_hints(texts)
    _hinted_same(texts)
    metal = next(bit for bit, pats in base._PATTERN_GATES
                 if any("bare" in p.pattern for p in pats))  # fmt: skip
    assert hints[0] & metal
    assert not hints[2] & metal and not hints[3] & metal
    assert hints[1] != -1 and hints[1] != hints[0]


def test_pattern_gate_hints_of_no_texts() -> None:
    assert cx.pattern_gate_hints([]) == []
