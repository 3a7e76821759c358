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
