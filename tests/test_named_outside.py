"""Whether a heading's name is written outside the headings is answered for all names in one
scan (linear in the text): the answer equals searching each name's pattern on its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract.structure_seeds import _name_pattern, _named_outside

NAMES = ["Kestrel", "Harrier LB", "QuillD", "Setup", "go", "K7", "Brightgate 2"]
PIECES = [*NAMES, "kestrel", "harrier lb", "setup", " ", ", ", ".", "-", "x", "\n", "İ", "Ferrox"]


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(PIECES), max_size=12).map("".join), max_size=4),
    st.sets(st.sampled_from(NAMES), min_size=1),
)
def test_one_scan_finds_what_each_search_finds(texts: list[str], names: set[str]) -> None:
    expected = {n for n in names if any(_name_pattern(n).search(t) for t in texts)}
    assert _named_outside(texts, names) == expected


def test_capitalised_word_counts_only_inside_a_sentence() -> None:
    texts = ["Setup of the bench.", "We describe the Setup here."]
    assert _named_outside(texts[:1], {"Setup"}) == set()
    assert _named_outside(texts, {"Setup"}) == {"Setup"}
