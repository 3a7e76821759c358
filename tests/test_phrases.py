"""The claim-phrase recognizer walks lark's LALR tables itself: it must find the same
longest phrases as lark's interactive parser, and the claim gate must not lose claims."""

from __future__ import annotations

import lark
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import LarkError

from claimcheck.extract import phrases
from claimcheck.extract.claimlex import tokenize
from claimcheck.extract.quantities import scan
from claimcheck.grammars import CLAIM_SHAPES, claims_parser

TYPES = ["QTY", "PCT", "PCTRANGE", "MULT", "UP", "DOWN", "BETTER", "WORSE", "THAN", "THAT",
         "OF", "AT", "TO", "FROM", "AND", "WHICH", "COMPARED", "WITH", "BY", "FOR", "COMMA",
         "COLON", "LPAR", "RPAR", "COP", "W"]  # fmt: skip
# sequences drawn mostly from the tokens real phrases are made of
SEQ = st.lists(
    st.one_of(
        st.sampled_from(["QTY", "PCT", "MULT", "UP", "THAN", "OF", "W", "COMMA", "COMPARED"]),
        st.sampled_from(TYPES),
    ),
    min_size=1,
    max_size=14,
)


def _lark_longest(shape: str, types: list[str], i: int) -> int | None:
    """The longest complete prefix as lark's interactive parser finds it (the old path)."""
    parser = claims_parser()
    ip = parser.parse_interactive("", start=shape)
    ends = []
    for j in range(i, min(len(types), i + phrases.MAX_ISLAND)):
        try:
            ip.feed_token(lark.Token(types[j], j))
        except LarkError:
            break
        if "$END" in ip.choices():
            ends.append(j + 1)
    for end in reversed(ends):
        replay = parser.parse_interactive("", start=shape)
        try:
            for j in range(i, end):
                replay.feed_token(lark.Token(types[j], j))
            replay.feed_eof()
            return end
        except LarkError:
            continue
    return None


@settings(max_examples=400, deadline=None)
@given(SEQ, st.sampled_from(CLAIM_SHAPES))
def test_recognizer_is_lark(types: list[str], shape: str) -> None:
    for i in range(len(types)):
        expected = _lark_longest(shape, types, i)
        assert phrases._longest_end(phrases._automaton(shape), types, i) == expected


def test_phrases_of_a_sentence() -> None:
    text = "The Alpha reached 9,400 RPS, which was 40% higher than the Beta at 6,700 RPS."
    found = phrases.find_phrases(tokenize(text, 0, scan(text)))
    assert [p.shape for p in found] == ["led"]
    assert found[0].stated is not None and found[0].stated.text == "40%"
    assert found[0].subject.text == "9,400 RPS" and found[0].reference.text == "6,700 RPS"


def test_stated_wording_follows_each_document() -> None:
    """The lowered text is kept for one document: the next one must not read it."""
    from claimcheck.extract.pipeline import extract_document
    from claimcheck.ingest import read_text

    for word in ("almost", "about", "Nearly"):
        text = f"The Alpha reached 9,400 RPS, {word} 40% higher than the Beta at 6,700 RPS.\n"
        (claim,) = extract_document(read_text(text, "t.md")).claims
        assert claim.stated == f"{word} 40% higher"
