"""A report's title names its subject ("# Quillmark as an edge proxy") when the body names it
again: the system a single-product report benchmarks, whether or not any word list knows it."""

from __future__ import annotations

import pytest

from claimcheck.api import extract_facts

BODY = """This page shows how fast {name} forwards requests on one small server.

| Connections | Requests/s |
|---|---|
| 100 | 41,200 |
| 400 | 52,900 |
"""


def _names(text: str) -> list[str]:
    return [e.name for e in extract_facts(text, "report.md").entities]


@pytest.mark.parametrize(
    "title",
    [
        "# {name} as an edge proxy",
        "# {name}: tuning for many cores",
        "# {name} performance results",
        "# {name} benchmarks",
    ],
)
def test_title_subject_named_again_is_an_entity(title: str) -> None:
    for name in ("Quillmark", "Tarrow Edge"):
        text = title.format(name=name) + "\n\n" + BODY.format(name=name)
        assert name in _names(text)


def test_title_subject_not_named_again_is_no_entity() -> None:
    text = "# Quillmark as an edge proxy\n\n" + BODY.format(name="the proxy")
    assert "Quillmark" not in _names(text)


def test_generic_title_word_is_no_entity() -> None:
    text = (
        "# Performance as an edge proxy\n\n"
        + BODY.format(name="the proxy")
        + "\nPerformance matters.\n"
    )
    assert _names(text) == []
