"""The alias word index of open-world entities: only the aliases' words are indexed, in
compact arrays, and an alias is found where a full index of every word would find it.
Texts are written here with invented product names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import entities
from claimcheck.extract.entities import _WORD, _Words

TEXT = """# Tarnwick TX-900 vs. Quillfeather QF-20

The tarnwick tx-900 served 41,000 req/s; TARNWICK's QF-20 rival reached 38,500.
Über-Proxy 2 (ÜP2) ran on the Quillfeather too. Straße-7 and strasse-7 are spelled apart.
x'Tarnwick and Tarnwick+ and Tarnwick_2 and TX-900.1 are not mentions, TX-900. is one.
e-Tarnwick, /Tarnwick, @QF-20 and QF-20/b are not either.
"""

ALIASES = ["Tarnwick", "TX-900", "Tarnwick TX-900", "QF-20", "Quillfeather", "Über-Proxy 2",
           "ÜP2", "Straße-7", "tx", "Proxy"]  # fmt: skip


def _full(text: str) -> _Words:
    """An index of every word of the text, as the entity stage built it before."""
    words = _Words(text)
    for m in _WORD.finditer(text):
        words.starts.setdefault(m.group().casefold(), []).append(m.start())  # type: ignore[arg-type]
    return words


@pytest.mark.parametrize("chunk", [8, 64, 1 << 16])
def test_restricted_index_finds_what_a_full_index_finds(monkeypatch, chunk: int) -> None:
    monkeypatch.setattr(entities, "_CHUNK", chunk)  # chunks end at line breaks
    full = _full(TEXT)
    words = _Words(TEXT)
    words.need(ALIASES[:4])
    words.need(ALIASES)  # a second pass indexes only the new words
    for alias in ALIASES:
        assert words.occurrences(TEXT, alias) == full.occurrences(TEXT, alias), alias
    assert {w for w, at in words.starts.items() if at} < set(full.starts)
    assert all(words.starts[w].typecode == "I" for w in words.starts)


def test_index_holds_only_the_aliases_words() -> None:
    words = _Words(TEXT)
    words.need(["Quillfeather QF-20"])
    assert set(words.starts) == {"quillfeather", "qf-20"}
    assert len(words.starts["qf-20"]) == 4  # as words; occurrences() drops "@QF-20", "QF-20/b"


WORDS = st.sampled_from(["Kite", "kite", "KITE", "KV-3", "kv-3", "Ärm", "é", "_", "+", "'"])
SEP = st.sampled_from([" ", "\n", "-", ".", "/", "", "'", "é", "+"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(WORDS, SEP), max_size=30), st.sampled_from([4, 16, 1 << 16]))
def test_any_text_any_chunking(parts: list[tuple[str, str]], chunk: int) -> None:
    text = "".join(w + s for w, s in parts)
    old = entities._CHUNK
    entities._CHUNK = chunk
    try:
        words = _Words(text)
        aliases = ["Kite", "KV-3", "Kite KV-3", "Ärm", "kite"]
        words.need(aliases)
        full = _full(text)
        for alias in aliases:
            assert words.occurrences(text, alias) == full.occurrences(text, alias)
    finally:
        entities._CHUNK = old


# --- per-sentence cues of the entity seeds, computed once ---------------------------------------

SENTENCES = [
    "The Tarnwick TX-900 served 41,000 req/s",
    "At 3 Gbps, the QF-20 drew 220 W; the B9 drew 260 W",
    "Power was averaged over three runs",
    "Halvard Edge 3 is 2.5x FASTER than Edge 2",
    "x;served 40 Gbps and nothing else",
    "The Über-Proxy answered 9,000 req/s, more than Pelican",
    "Unleashed and used-up figures are no results",
    "Nothing here compares or reports",
]


def test_cues_match_the_readers_own_tests() -> None:
    from claimcheck.extract import entity_seeds as S
    from claimcheck.ingest import read_text

    doc = read_text("\n\n".join(SENTENCES) + "\n", "s.md")
    for block in doc.blocks:
        for sentence, compares, reports in S._cued(block):
            assert compares == (S._COMPARATIVE.search(sentence.text) is not None)
            words = {w.lower().strip(",.;") for w in sentence.text.replace(";", " ").split()}
            if words & S.RESULT_VERBS:
                assert reports, sentence.text  # a hint, never a miss
    blocks = [b for b in doc.blocks if b.text.startswith("Nothing")]
    assert [c[1:] for b in blocks for c in S._cued(b)] == [(False, False)]


LISTS = [
    "Devices under test: Tarnwick TX-900, Quillfeather QF-20 and Brackenridge B9.\n",
    "We compared Halvard Edge 3, Pelican 1.4 and loadbox 0.9 on one host.\n",
    "We tested the Über-Proxy 2 against Pelican 1.4 and loadbox.\n",
    "Nothing here lists a product, or compares one.\n",
]


def test_literal_lookup_changes_no_listed_seed(monkeypatch) -> None:
    from claimcheck.extract import entity_seeds as S
    from claimcheck.ingest import read_text

    for text in LISTS:
        doc = read_text(text, "l.md")
        gated = S.seeds(doc)
        with monkeypatch.context() as m:
            m.setattr(S, "_finditer", lambda rx, t, low: rx.finditer(t))
            assert S.seeds(doc) == gated
    assert [s.name for s in S.seeds(read_text(LISTS[0], "l.md"))][:1] == ["Tarnwick TX-900"]


FOLDING = """# Ferrovia MPX-11500 vs Orca Virtual Edition (VE)

| Device | Requests/s |
|---|---|
| Ferrovia MPX-11500 | 41,000 |
| Orca Virtual Edition | 38,500 |

The MPX-11500 served 41,000 req/s and the Orca VE reached 38,500 req/s. Ferrovia says the
mpx-11500 can do more; Orca VE trailed by 6%. The VE drew 220 W.
"""


def test_second_alias_pass_skips_only_pairs_read_before(monkeypatch) -> None:
    from claimcheck.extract.devices import extract_entities
    from claimcheck.ingest import read_text

    def dump(text: str) -> list[tuple[str, list[tuple[int, int, str]], list[str]]]:
        ents = extract_entities(read_text(text, "f.md"))
        return [(d.id, [(m.start, m.end, m.text) for m in d.mentions], d.aliases) for d in ents]

    texts = [FOLDING, TEXT, *LISTS]
    skipping = [dump(t) for t in texts]
    real = entities._mention_aliases
    monkeypatch.setattr(
        entities, "_mention_aliases", lambda *a: real(*a[:-1], set())
    )  # every pass reads every pair
    assert [dump(t) for t in texts] == skipping
    assert any(len(ms) >= 3 for _, ms, _ in skipping[0])
