"""Metamorphic: re-rendering the tables of a corpus document must not change its findings.

Every pipe table of every corpus Markdown document is written again as tab-separated lines
and, separately, transposed (rows become columns, a blank corner). A finding is compared by
rule and place: a line inside a table counts as "that table", any other line as itself.
The transposed forms listed in ``TRANSPOSED_DIFFERS`` still change findings because a
reader other than the table grid looks at header cells by position (devices from a
"Device" column, test-bed columns for S003/S004, the efficiency claims of A003/A004,
S010's per-table checks, the rows a tool run is linked to); they are strict expected failures, so each one that starts to
pass must leave the list.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import claimcheck
from tests.tablerender import pipe_tables, rerender

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = sorted(
    p for p in CORPUS.glob("*.md") if p.name != "README.md" and pipe_tables(p.read_text())
)

TRANSPOSED_DIFFERS = {
    "report-cross-reference-efficiency.md",
    "report-duplicate-labels.md",
    "vendor-brief-up-to-headline.md",
    "readme-wrk-results-table.md",  # runs link results tables row by row (A006, D002)
    # a lower-case name ("stock", "pangolin") that only heads a column is not yet an entity
    "benchmark-readme-wrk.md",
    "readme-own-proxy-first-person.md",
    # proxies as column heads: their figures lose the device, so fewer are compared
    "readme-webserver-same-host.md",
    # bare worker counts as column heads are not typed as a condition axis, so the claims
    # that name "between 1 and 24 workers" find no cells
    "blog-scaling-claims-in-prose.md",
}


def _findings(
    text: str, name: str, keys: list[tuple[str, int]]
) -> set[tuple[str, tuple[str, int]]]:
    result = claimcheck.check_text(text, name=name)
    assert not result.errors, result.errors
    return {(f.rule, keys[f.line]) for f in result.findings}


def _cases() -> list:
    cases = []
    for path in DOCS:
        cases.append(pytest.param(path, "tsv", id=f"{path.name}-tsv"))
        marks = (
            [pytest.mark.xfail(strict=True, reason="a reader outside the grid")]
            if (path.name in TRANSPOSED_DIFFERS)
            else []
        )
        cases.append(pytest.param(path, "transposed", id=f"{path.name}-transposed", marks=marks))
    return cases


def test_the_corpus_has_tables_to_rerender() -> None:
    assert len(DOCS) >= 10


@pytest.mark.parametrize(("path", "form"), _cases())
def test_rerendered_tables_keep_the_findings(path: Path, form: str) -> None:
    text = path.read_text(encoding="utf-8")
    new, old_keys, new_keys = rerender(text, form)
    assert new != text
    before = _findings(text, path.name, old_keys)
    after = _findings(new, path.name, new_keys)
    assert after == before, f"lost {sorted(before - after)}, new {sorted(after - before)}"
