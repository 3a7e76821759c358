"""The facts are byte-identical to the committed extract goldens (tests/golden/extract/).

``claimcheck extract --format json`` of a few documents of different genres: a change that
should not change the facts (performance work, a new internal representation) passes this
test unchanged; one that means to regenerates them with ``python -m tests.golden --update``.
"""

from __future__ import annotations

from tests.golden import GOLDEN, extract_golden_path, extract_inputs, render_extract


def test_extract_outputs_match_their_goldens() -> None:
    differ = [
        path.name
        for path in extract_inputs()
        if render_extract(path) != extract_golden_path(path).read_text(encoding="utf-8")
    ]
    assert not differ, (
        f"extract output differs from tests/golden/extract/ for {differ}; if intended, run "
        "`python -m tests.golden --update` and review the diff"
    )


def test_no_extract_golden_is_stale() -> None:
    kept = {p.name for p in (GOLDEN / "extract").glob("*.json")}
    assert kept == {extract_golden_path(p).name for p in extract_inputs()}
