"""Sentence splitting: the punctuation-first pattern and the per-block cache."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import sentences
from claimcheck.extract.sentences import Sentence, split

# the look-behind form the splitter used before it opened with the punctuation
OLD_END = re.compile(r"(?<=[.!?])[\"')\]]*[ \t]+(?=[\"'(\[]?[A-Z0-9*•])")

TEXT = st.text(alphabet="ab A1.!?\"')( \t*•vse.g", max_size=80)


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_end_pattern_finds_the_old_gaps(text: str) -> None:
    old = [m.span() for m in OLD_END.finditer(text)]
    assert [(m.start(1), m.end()) for m in sentences._END.finditer(text)] == old


def test_split_is_cached_but_returns_a_fresh_list() -> None:
    text = "The Alpha won. The Beta lost, e.g. in run 2. Done."
    first = split(text, 10)
    assert [s.text for s in first] == ["The Alpha won.", "The Beta lost, e.g. in run 2.", "Done."]
    first.append(Sentence("junk", 0))
    again = split(text, 10)
    assert again == first[:-1] and again is not first
    assert [s.start for s in split(text, 0)] == [s.start - 10 for s in again]
