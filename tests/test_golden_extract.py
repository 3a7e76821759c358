"""The facts are byte-identical to the committed extract goldens (tests/golden/extract/).

``claimcheck extract --format json`` of a few documents of different genres: a change that
should not change the facts (performance work, a new internal representation) passes this
test unchanged; one that means to regenerates them with ``python -m tests.golden --update``.
"""

from __future__ import annotations

import pytest

from tests.golden import extract_golden_path, extract_inputs, render_extract

DOCS = extract_inputs()


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_extract_output_matches_the_golden(path) -> None:  # noqa: ANN001
    target = extract_golden_path(path)
    assert render_extract(path) == target.read_text(encoding="utf-8"), (
        f"{path.name}: extract output differs from extract/{target.name}; if intended, run "
        "`python -m tests.golden --update` and review the diff"
    )
