"""The one scan for cue literals (claimcheck/extract/cuescan.py): the automaton finds every
occurrence str.find finds, windows answer like a brute-force look at their slice, and
patterns tried only at their leading strings find what a full search finds."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck import regexlit
from claimcheck.extract import conditions as cx
from claimcheck.extract import cuescan
from claimcheck.extract.conditions import base
from claimcheck.extract.conditions.base import Ctx
from claimcheck.ingest import read_text

ROOT = Path(__file__).resolve().parent.parent

# Invented texts in several genres, with case variants, tabs, line breaks, overlapping
# literals ("keep-alive" inside "keep-alives", "connection" inside "connections").
TEXTS = [
    "The Quillon QX-40 kept 100 HTTP requests per TCP connection; KEEP-ALIVE was ON.",
    "Lab review: the Marrowick MW-7 (firmware 3.2.1) ran a 60-second steady-state test\n"
    "with Keep-Alive disabled and\tTLS 1.3 session reuse off.",
    "## Datasheet\n| Model | Throughput |\n|---|---|\n| Zeltrix ZX-3 | 40 Gbps L7 |",
    "```\n$ wrk -t8 -c400 -d60s https://dut.example/\nRequests/sec: 91,204.55\n```",
    "Vendor blog: our FastPath L4-ONLY mode forwards TCP without parsing HTTP; p99 latency "
    "was 2 ms over five runs (median of 5 runs), connections were reset gracefully.",
    "keep-alives keepalive keep alive KeepAlive kEEP-aLIVE connectionsconnection",
]


def _occurrences(low: str, word: str) -> set[int]:
    """Every start of ``word`` in ``low``, overlapping ones too (str.find)."""
    out = set()
    at = low.find(word)
    while at >= 0:
        out.add(at)
        at = low.find(word, at + 1)
    return out


def _scan_starts(scan: cuescan.Scan) -> dict[int, set[int]]:
    lengths = scan.lits.lengths
    out: dict[int, set[int]] = {}
    for end, i in zip(scan.ends, scan.ids, strict=True):
        out.setdefault(i, set()).add(end + 1 - lengths[i])
    return out


def _same_as_find(text: str) -> None:
    lits = cuescan.literals()
    low = text.lower().replace("\n", " ") if text.isascii() else cuescan.flatten(text)
    found = _scan_starts(cuescan.Scan(text))
    for word, i in lits.ids.items():
        assert found.get(i, set()) == _occurrences(low, word), (word, text)


@pytest.mark.parametrize("text", TEXTS)
def test_automaton_finds_what_find_finds(text: str) -> None:
    _same_as_find(text)


def test_every_literal_in_every_case() -> None:
    """All the literals, run together (so that they overlap) and each in three cases."""
    words = sorted(cuescan.literals().ids)
    _same_as_find("".join(words))
    _same_as_find("".join(w.upper() for w in words))
    _same_as_find(" ".join(w.title() for w in words))


def test_text_outside_ascii_keeps_offsets() -> None:
    """Lower-casing "İ" gives two characters: the scan keeps the text's offsets anyway."""
    text = "İstanbul lab: the Größe-9 proxy kept Keep-Alive on; KEEP-ALIVE µs"
    scan = cuescan.Scan(text)
    word = cuescan.literals().ids["keep-alive"]
    starts = sorted(p for i, ps in _scan_starts(scan).items() if i == word for p in ps)
    assert [text[p : p + 10].lower() for p in starts] == ["keep-alive", "keep-alive"]
    assert not cuescan.window_of(text).usable  # never gated: only ASCII text is


@cache
def _literal_list() -> list[str]:
    return sorted(cuescan.literals().ids)


@st.composite
def built_texts(draw: st.DrawFn) -> str:
    """Random texts built from the literals: random case, separators and cuts."""
    words = _literal_list()
    parts = []
    for _ in range(draw(st.integers(0, 12))):
        w = words[draw(st.integers(0, len(words) - 1))]
        if draw(st.booleans()):
            w = "".join(c.upper() if draw(st.booleans()) else c for c in w)
        cut = draw(st.integers(0, len(w)))
        parts.append(w[:cut] if draw(st.integers(0, 4)) == 0 else w)
        parts.append(draw(st.sampled_from(["", " ", "\n", "-", "\t", ", ", "x", "1"])))
    return "".join(parts)


@settings(max_examples=200, deadline=None)
@given(built_texts())
def test_automaton_on_random_texts(text: str) -> None:
    _same_as_find(text)


@settings(max_examples=150, deadline=None)
@given(built_texts(), st.data())
def test_window_answers_like_its_slice(text: str, data: st.DataObject) -> None:
    """A window of the text's scan says what a scan of the slice alone says."""
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    window = cuescan.Scan(text).window(lo, hi, True)
    part = text[lo:hi].lower().replace("\n", " ")
    ids = cuescan.literals().ids
    inside = {i: _occurrences(part, w) for w, i in ids.items() if w in part}
    assert window.present == set(inside)
    for w in [*list(ids)[:: max(1, len(ids) // 40)], *(w for w in ids if w in part)][:80]:
        one = frozenset({ids[w]})
        assert window.has(one) == (w in part)
        assert window.starts(one) == sorted(inside.get(ids[w], ()))
        s = data.draw(st.integers(0, len(part)))
        e = data.draw(st.integers(s, len(part)))
        assert window.has_in(one, s, e) == (w in part[s:e]), (w, part, s, e)


@cache
def corpus_documents() -> tuple:
    paths = sorted(p for p in (ROOT / "corpus").iterdir() if p.suffix in (".md", ".txt"))
    return tuple(read_text(p.read_text(encoding="utf-8"), p.name) for p in paths)


@cache
def led_patterns() -> list[tuple[re.Pattern[str], frozenset[int]]]:
    """The package's compiled patterns that have leading strings."""
    out = []
    for pattern, flags in regexlit.package_patterns():
        lead = cuescan.literals().of(regexlit.leading(pattern, flags))
        if lead is not None:
            out.append((re.compile(pattern, flags), lead))
    assert len(out) > 200
    return out


def test_leading_strings_start_every_match_on_the_corpus() -> None:
    """Tried only at its leading strings, each pattern finds what its finditer finds, in
    every ASCII block of the corpus."""
    blocks = [
        b.text
        for doc in corpus_documents()
        for b in doc.blocks
        if b.text.isascii() and b.text.strip()
    ]
    texts = ["\n".join(blocks[k : k + 25]) for k in range(0, len(blocks), 25)]
    for text in texts:
        window = cuescan.window_of(text)
        for rx, lead in led_patterns():
            want = [m.span() for m in rx.finditer(text)]
            got = [m.span() for m in cuescan.finditer(rx, text, window.starts(lead))]
            assert got == want, (rx.pattern, text[:80])
            first = cuescan.search(rx, text, window.starts(lead))
            assert (first.span() if first else None) == (want[0] if want else None)


@settings(max_examples=100, deadline=None)
@given(built_texts(), st.integers(0, 10_000))
def test_leading_strings_on_random_texts(text: str, pick: int) -> None:
    patterns = led_patterns()
    for rx, lead in patterns[pick % len(patterns) :][:25]:
        if not text.isascii():
            continue
        window = cuescan.window_of(text)
        want = [m.span() for m in rx.finditer(text)]
        assert [m.span() for m in cuescan.finditer(rx, text, window.starts(lead))] == want


def test_anchored_and_searched_paths_agree() -> None:
    """Few candidate starts: a match at each; many: one search from the first."""
    rx = re.compile(r"(?<![\w-])keep[ -]?alive\b", re.I)
    text = "x keep-alive, keepalive; ykeep alive " * 5
    window = cuescan.window_of(text)
    lead = cuescan.literals().of(regexlit.leading(rx.pattern, rx.flags))
    assert lead is not None
    starts = window.starts(lead)
    assert len(starts) > cuescan.ANCHORED_MAX
    want = [m.span() for m in rx.finditer(text)]
    assert [m.span() for m in cuescan.finditer(rx, text, starts)] == want
    assert [m.span() for m in cuescan._anchored(rx, text, starts)] == want


class Unscanned(Ctx):
    """A context without the scan: every pattern searched, nothing gated by literals."""

    cues = None


def _conditions_without_scan(monkeypatch: pytest.MonkeyPatch, text: str) -> list:
    with monkeypatch.context() as m:
        m.setattr(cx, "Ctx", Unscanned)
        return cx.conditions_in_text(text, 3)


def test_conditions_with_the_document_scan_equal_those_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Per corpus block: the document scan's window, a scan of the block alone and no
    scan at all give the same conditions."""
    for doc in corpus_documents():
        windows = cuescan.block_windows(doc.text, doc.blocks)
        for block, window in zip(doc.blocks, windows, strict=True):
            if block.table is not None or not block.text.strip():
                continue
            assert window is not None  # a block's text is its span with breaks as spaces
            with_doc = cx.conditions_in_text(block.text, 3, -1, window)
            assert with_doc == cx.conditions_in_text(block.text, 3), block.text
            assert with_doc == _conditions_without_scan(monkeypatch, block.text), block.text


@pytest.mark.parametrize("text", TEXTS)
def test_invented_texts_with_and_without_scan(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    assert cx.conditions_in_text(text, 3) == _conditions_without_scan(monkeypatch, text)


def test_gates_read_from_the_scan_equal_searched_gates() -> None:
    """Ctx.open_gates and cue_mask from the scan equal the per-token and searched ones."""
    for doc in corpus_documents():
        for block in doc.blocks:
            ctx, plain = Ctx(block.text), Unscanned(block.text)
            assert ctx.cue_mask == base.tokens_cue_mask(block.text.lower()), block.text
            assert ctx.open_gates == plain.open_gates, block.text


def test_a_word_registered_late_rebuilds_the_automaton() -> None:
    """A window scanned before a new word was registered is no longer current; a context
    given it scans its text again."""
    text = "The Quorvath QV-2 kept keep-alive on for zzqqxq tests"
    window = cuescan.window_of(text)
    before = cx.conditions_in_text(text, 0, -1, window)
    cuescan.register(["zzqqxq"])
    assert not window.current()
    assert "zzqqxq" in cuescan.literals().ids
    assert cx.conditions_in_text(text, 0, -1, window) == before
    assert cuescan.window_of(text).has(cuescan.word_ids(("zzqqxq",)))  # type: ignore[arg-type]


def test_a_block_that_is_not_its_span_gets_no_window() -> None:
    doc = read_text("First paragraph about the Tarnby T-1.\n\nSecond one.\n", "x.md")
    windows = cuescan.block_windows(doc.text.upper(), doc.blocks)
    assert windows == [None] * len(doc.blocks)
