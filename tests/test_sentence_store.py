"""The per-document sentence store: within one extraction every text is split once, and
every reader gets exactly what the splitter gives. Texts are written here, in several
genres, with invented product names."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import sentences
from claimcheck.extract.pipeline import extract_document
from claimcheck.extract.sentences import SentenceStore, shared, split
from claimcheck.ingest import read_text

DATASHEET = """# Tarnwick TX-900 datasheet

The Tarnwick TX-900 forwards 40 Gbps of L4 traffic. Approx. 2.1 million connections per
second are supported, e.g. with 64-byte requests. See Fig. 3 for the curve.

| Model | Throughput | Power |
|---|---|---|
| TX-900 | 40 Gbps | 310 W |
| TX-400 | 12 Gbps | 140 W |
"""

REVIEW = """# Lab review: Quillfeather QF-20 vs. Brackenridge B9

We tested both units for three days. The QF-20 served 41,000 req/s! The B9 reached 38,500
req/s, i.e. 6% less. Was the difference real? We think so.

- The QF-20 drew 220 W.
- The B9 drew 260 W under the same load.
"""

BLOG = """Why we rebuilt our proxy, Halvard Edge 3

Halvard Edge 3 is 2.5x faster than Edge 2 on our own fleet. It handles 90k requests per
second per core ("on a good day"). Our customers Mr. Lindqvist and Dr. Osei agree.
"""

README = """# loadbox

Benchmarks against Pelican 1.4 with `wrk -t4 -c200 -d30s`:

```
Running 30s test @ http://127.0.0.1:8080/
  4 threads and 200 connections
Requests/sec:  81234.55
```

loadbox 0.9 answered 81,234 req/s. Pelican 1.4 answered 52,000 req/s. No errors were seen.
"""

GENRES = [DATASHEET, REVIEW, BLOG, README]


def _fresh(text: str, offset: int) -> list[sentences.Sentence]:
    return list(sentences._split_text(text, offset))


def test_store_gives_what_the_splitter_gives_in_every_genre() -> None:
    for genre in GENRES:
        doc = read_text(genre, name="g.md")
        with shared() as store:
            for block in doc.blocks:
                assert split(block.text, block.start) == _fresh(block.text, block.start)
                # a condition context reads a block from offset 0: shifted, not re-split
                assert split(block.text) == _fresh(block.text, 0)
            assert store.splits == len({b.text for b in doc.blocks})


def test_each_text_is_split_once_and_readers_get_fresh_lists() -> None:
    text = "The Alpha won. The Beta lost, e.g. in run 2. Done."
    with shared() as store:
        first = split(text, 10)
        first.append(sentences.Sentence("junk", 0))
        again = split(text, 10)
        assert again == first[:-1] and again is not first
        assert [s.start for s in split(text, 3)] == [s.start - 7 for s in again]
        assert store.splits == 1


def test_store_is_scoped_and_reentrant() -> None:
    assert sentences._STORE.get() is None
    with shared() as outer:
        with shared() as inner:
            assert inner is outer
        split("One. Two.", 0)
        assert outer.splits == 1
    assert sentences._STORE.get() is None


def test_extraction_reads_the_index_sentences_the_splitter_gives() -> None:
    for genre in GENRES:
        doc = read_text(genre, name="g.md")
        ix = extract_document(doc).index
        assert ix is not None
        for bi, block in enumerate(doc.blocks):
            got = [s.sentence for s in ix.in_block(bi)]
            want = [] if block.kind == "code" else _fresh(block.text, block.start)
            assert got == want


TEXT = st.text(alphabet="ab A1.!?\"')( \t*•vse.gFi", max_size=120)


@settings(max_examples=200, deadline=None)
@given(TEXT, st.integers(0, 5000), st.integers(0, 5000))
def test_shifted_split_equals_a_fresh_split(text: str, a: int, b: int) -> None:
    store = SentenceStore()
    assert list(store.get(text, a)) == _fresh(text, a)
    assert list(store.get(text, b)) == _fresh(text, b)
    assert store.splits == 1


HEDGED = """# Tarnwick TX-900 notes

Some vendors quote peak figures from a single run. They rarely say so. We ran each test
five times.

Beware of datasheets: the TX-900 figure of 40 Gbps is a marketing number. Unlike other
vendors, Tarnwick publishes its method.

Über-Proxy 2 served 9,000 req/s; according to its maker it does 12,000.

The QF-20 drew 220 W under load.
"""


def test_index_cue_flags_equal_the_extractors_reading() -> None:
    from claimcheck import regexlit
    from claimcheck.extract.conditions.base import HEDGE_RE, OTHERS_RE, TOPIC_RE, Ctx

    for text in [HEDGED, *GENRES]:
        doc = read_text(text, name="h.md")
        ix = extract_document(doc).index
        assert ix is not None
        for bi, block in enumerate(doc.blocks):
            got = ix.in_block(bi)
            if not got:
                continue
            # the extractor's reading, and a sentence whose subject is others' publications
            flags = Ctx(block.text).hedge_flags()
            others = [
                f or OTHERS_RE.search(s.text) is not None for f, s in zip(flags, got, strict=True)
            ]
            assert [s.hedged for s in got] == others
            assert [s.hedge_cue for s in got] == [
                regexlit.search(HEDGE_RE, s.text) is not None for s in got
            ]
            assert [s.topic_cue for s in got] == [
                regexlit.search(TOPIC_RE, s.text) is not None for s in got
            ]
    ix = extract_document(read_text(HEDGED, name="h.md")).index
    assert ix is not None and any(s.hedged for s in ix.sentences)
    assert any(s.topic_cue for s in ix.sentences)
