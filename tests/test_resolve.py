"""Table operands of a claim: one cell per row label is enough to pick the pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract.resolve import _first_per_label, pick_pair
from claimcheck.extract.tablefacts import CellValue

LABELS = ["Alpha A100", "Beta B200", "Gamma 3000", "Delta", "Alpha A100 XL", "B200"]


def _cell(label: str, i: int) -> CellValue:
    return CellValue(float(i), str(i), 0, i * 10, i * 10 + 3, label, "RPS/watt")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(LABELS), max_size=12),
    st.lists(
        st.sampled_from(["the", "a100", "b200", "3000", "alpha", "x", "vs", "and"]), max_size=8
    ),
    st.integers(0, 60),
)
def test_first_cell_per_label_picks_the_same_pair(
    labels: list[str], words: list[str], at: int
) -> None:
    cells = [_cell(label, i) for i, label in enumerate(labels)]
    text = " ".join(words)
    assert pick_pair(_first_per_label(cells), text, at) == pick_pair(cells, text, at)


# a small alphabet makes joined tokens ("a1.b2"), hyphens and word boundaries frequent
LABEL_TEXT = st.text(alphabet="ab12 .+-/x", max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab12 .+-x", max_size=12), max_size=6), LABEL_TEXT)
def test_label_finder_finds_what_find_label_finds(labels: list[str], text: str) -> None:
    from claimcheck.extract import tablefacts

    found = tablefacts.LabelFinder(labels).first_mentions(text)
    for i, label in enumerate(labels):
        assert found.get(i, -1) == tablefacts.find_label(label, text)


def test_table_lookups_grow_linearly(monkeypatch) -> None:  # noqa: ANN001
    """Each copy of a table and a claim about it adds the same label lookups (once, every
    claim searched its sentence for every cell of the whole document)."""
    from claimcheck.extract import pipeline, tablefacts
    from claimcheck.ingest import read_text

    part = (
        "## Efficiency\n\n| Device | RPS/watt |\n|---|---|\n| Alpha A100 | 10 |\n"
        "| Beta B200 | 20 |\n\nThe Alpha A100 is 2x more efficient than the Beta B200 in "
        "RPS/watt.\n\n"
    )
    calls = []
    real = tablefacts.tokens  # a label is read into tokens for each lookup structure
    monkeypatch.setattr(tablefacts, "tokens", lambda *a: calls.append(1) or real(*a))

    def lookups(copies: int) -> int:
        calls.clear()
        ex = pipeline.extract_document(read_text(part * copies, "t.md"))
        assert any(c.operands and c.operands[0].source == "table_cell" for c in ex.claims)
        return len(calls)

    two, four = lookups(2), lookups(4)
    assert 0 < four <= 2 * two, (two, four)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(LABELS + ["Alpha", "A100 XL", "Gamma"]), st.sampled_from("FGH")
    ),
    st.sampled_from(LABELS + ["Alpha Gamma 3000", "XL B200"]),
)
def test_vendor_index_answers_as_vendor_of(vendors: dict[str, str], label: str) -> None:
    from claimcheck.extract import tablefacts

    assert tablefacts.Vendors(vendors).vendor_of(label) == tablefacts.vendor_of(label, vendors)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 40), min_size=1, max_size=5),
    st.lists(st.integers(1, 40), min_size=1, max_size=5),
    st.booleans(),
    st.integers(-100, 300),
    st.integers(-100, 300),
    st.integers(0, 1),
)
def test_group_pairs_answer_as_a_pass_over_every_pair(
    ours: list[int], theirs: list[int], lower: bool, low: int, high: int, decimals: int
) -> None:
    from claimcheck import arithmetic as ar
    from claimcheck.extract.resolve import SHOWN_OUTSIDE, _Pairs

    pairs = _Pairs([_cell("A", v) for v in ours], [_cell("B", v) for v in theirs], lower)
    delta = ar.percent_lower if lower else ar.percent_higher
    deltas = [delta(a, b) for a in ours for b in theirs]
    ratios = [a / b * 100 for a in ours for b in theirs]
    bounds = ar.range_bounds(low, high, decimals)
    expected = ar.range_check(low, high, deltas, decimals)[:SHOWN_OUTSIDE]
    assert pairs.outside(*bounds) == expected
    assert pairs.ratios_outside(*bounds) == bool(ar.range_check(low, high, ratios, decimals))
    assert (pairs.deltas[0], pairs.deltas[-1]) == (min(deltas), max(deltas))
