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


def _naive_named_outside(text: str, name: str, spans: list[tuple[int, int]], k: int) -> bool:
    import re

    word = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    return any(not any(a <= m.start() < b for a, b in spans[:k]) for m in word.finditer(text))


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.sets(st.sampled_from(NAMES), min_size=1),
    st.lists(st.integers(0, 40), max_size=8),
)
def test_label_reach_matches_a_search_per_name(text: str, names: set[str], cuts: list[int]):
    from claimcheck.extract.structure_seeds import _reach_outside

    bounds = sorted({min(c, len(text)) for c in cuts})
    spans = [(a, b) for a, b in zip(bounds[::2], bounds[1::2], strict=False) if a < b]
    reach = _reach_outside(text, names, spans)
    for name in names:
        for k in range(len(spans) + 1):
            assert (reach.get(name, -1) >= k) == _naive_named_outside(text, name, spans, k)
