"""Metamorphic tests: re-wrapping paragraphs, reformatting numbers and respelling units
must not change the findings on any corpus document (facts.md, "How to know it
generalises").

Each transformation keeps a map from the new text's offsets to the original's, and the
findings are compared as (rule, original line). Known deviations are listed in KNOWN
with the mechanism that causes them; they are strict xfails, so a fix that makes one
pass fails the run until the entry is removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from metamorphic import findings, findings_mapped, in_words, rewrap, unit_spellings
from metamorphic import without_separators as no_separators

from claimcheck.evaluation import documents

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = documents(CORPUS)


def _same_offsets(text: str) -> object:
    return lambda offset: offset


TRANSFORMS = {
    "wrap-40": lambda t, md: (rewrap(t, 40, md), _same_offsets(t)),
    "wrap-72": lambda t, md: (rewrap(t, 72, md), _same_offsets(t)),
    "no-separators": no_separators,
    "thousand-million": in_words,
    "Mbit/s": unit_spellings,
    "megabits-per-second": lambda t, md: unit_spellings(t, md, long=True),
}

# (document, transformation) -> why the findings still differ
KNOWN = {
    ("comparison-simusers-per-device.txt", "thousand-million"): (
        "S002: a claim's operands written as '412 thousand' are not matched to the table"
    ),
    ("ssl-weak-cipher-legacy.txt", "thousand-million"): (
        "D001: '44 thousand ... TPS' becomes a new unconditioned result"
    ),
    ("vendor-comparison-pdf.txt", "thousand-million"): (
        "D003: '9.6 thousand Mbps' in a claim's operands changes the device comparison"
    ),
}

CASES = [
    pytest.param(
        doc,
        name,
        id=f"{doc.name}-{name}",
        marks=[pytest.mark.xfail(strict=True, reason=KNOWN[(doc.name, name)])]
        if (doc.name, name) in KNOWN
        else [],
    )
    for doc in DOCS
    for name in TRANSFORMS
]


@pytest.fixture(scope="module")
def baseline() -> dict[str, set[tuple[str, int]]]:
    """The findings on each untouched corpus document, computed once."""
    return {}


@pytest.mark.parametrize(("path", "transform"), CASES)
def test_findings_survive(path: Path, transform: str, baseline) -> None:
    text = path.read_text(encoding="utf-8")
    if path.name not in baseline:
        baseline[path.name] = findings(text, path.name)
    new, to_original = TRANSFORMS[transform](text, path.suffix == ".md")
    if new == text:
        pytest.skip("nothing to rewrite")
    assert findings_mapped(new, path.name, to_original, text) == baseline[path.name]


def test_the_transformations_rewrite_something() -> None:
    """Each transformation changes at least a third of the corpus (a no-op proves nothing)."""
    for name, fn in TRANSFORMS.items():
        changed = sum(
            fn(t := p.read_text(encoding="utf-8"), p.suffix == ".md")[0] != t for p in DOCS
        )
        assert changed >= len(DOCS) // 3, (name, changed)


def test_the_offset_map_points_back_to_the_original() -> None:
    text = "It served 41,200 RPS and 1,474,000 requests in 2,000 s.\n"
    new, back = in_words(text, md=True)
    assert new == "It served 41.2 thousand RPS and 1.474 million requests in 2 thousand s.\n"
    assert text[back(new.index("RPS")) :].startswith("RPS")
    assert text[back(new.index("requests")) :].startswith("requests")
    assert back(new.index("thousand")) == text.index("41,200")


def test_rewrap_keeps_offsets_and_constructs() -> None:
    text = (
        "A first paragraph line that is long enough to wrap somewhere in the middle of it,\n"
        "and its second line.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nwrk -c100\n```\n"
    )
    out = rewrap(text, 30, md=True)
    assert len(out) == len(text)
    assert out.count("\n") > text.count("\n")
    assert out.split("\n\n", 1)[1] == text.split("\n\n", 1)[1]
    assert not any(
        line.startswith(("|", "-", "#", " ")) for line in out.split("\n\n")[0].split("\n")
    )
