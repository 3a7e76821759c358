"""Output is byte-identical to the committed goldens (tests/golden/, ``python -m tests.golden``).

A change that should not change findings (performance work, refactoring) passes this test
unchanged; a change that means to change findings regenerates the goldens with
``python -m tests.golden --update`` and the diff shows exactly what changed.
"""

from __future__ import annotations

import pytest

from tests.golden import GOLDEN, golden_path, inputs, render

DOCS = inputs()


def test_every_document_has_a_golden_and_no_golden_is_stale() -> None:
    wanted = {golden_path(p).name for p in DOCS}
    assert wanted == {p.name for p in GOLDEN.glob("*.json")}


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_output_matches_the_golden(path) -> None:  # noqa: ANN001
    target = golden_path(path)
    assert render(path) == target.read_text(encoding="utf-8"), (
        f"{path.name}: output differs from {target.name}; if intended, run "
        "`python -m tests.golden --update` and review the diff"
    )
