"""Metamorphic tests: the same Markdown written with other syntax gives the same findings.

Each corpus Markdown document is re-rendered with ``*`` bullets instead of ``-``, ``~~~``
fences instead of backticks, setext headings instead of ATX ones, and pipe tables without
their outer pipes; the findings are compared as (rule, original line), as in
test_metamorphic_text.py. Line counts never change, so lines map one for one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from metamorphic import Edit, apply, findings, findings_mapped

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = sorted(p.name for p in CORPUS.glob("*.md") if p.name != "README.md")

_FENCE = re.compile(r"^[ \t]{0,3}(```+|~~~+)")
_DASH_ITEM = re.compile(r"^([ \t]*)-([ \t]+)(?=\S)", re.M)
_ATX = re.compile(r"^(#{1,2})[ \t]+(.+?)[ \t]*\n\n", re.M)
_OUTER = re.compile(r"^([ \t]*)\|(.*\|.*)\|[ \t]*$")


def _outside_fences(text: str) -> list[tuple[int, str]]:
    """(offset, line) of every line outside code fences."""
    out, pos, fence = [], 0, None
    for line in text.split("\n"):
        match = _FENCE.match(line)
        if match and (fence is None or match.group(1)[0] == fence):
            fence = None if fence else match.group(1)[0]
        elif fence is None:
            out.append((pos, line))
        pos += len(line) + 1
    return out


def star_bullets(text: str) -> list[Edit]:
    """``- item`` becomes ``* item``."""
    edits = []
    for pos, line in _outside_fences(text):
        match = _DASH_ITEM.match(line)
        if match:
            dash = pos + len(match.group(1))
            edits.append(Edit(dash, dash + 1, "*"))
    return edits


def tilde_fences(text: str) -> list[Edit]:
    """Backtick fences become tilde fences of the same length."""
    edits, pos = [], 0
    for line in text.split("\n"):
        match = _FENCE.match(line)
        if match and match.group(1)[0] == "`":
            edits.append(Edit(pos + match.start(1), pos + match.end(1), "~" * len(match.group(1))))
        pos += len(line) + 1
    return edits


def setext_headings(text: str) -> list[Edit]:
    """``# Title`` and ``## Title`` followed by a blank line become underlined titles
    (the underline takes the blank line's place, so lines stay where they were)."""
    inside = {pos for pos, _ in _outside_fences(text)}
    edits = []
    for match in _ATX.finditer(text):
        if match.start() not in inside:
            continue
        title = match.group(2).rstrip("#").rstrip()
        mark = "=" if len(match.group(1)) == 1 else "-"
        edits.append(Edit(match.start(), match.end(), f"{title}\n{mark * max(3, len(title))}\n"))
    return edits


def no_outer_pipes(text: str) -> list[Edit]:
    """``| a | b |`` rows lose their leading and trailing pipes."""
    edits = []
    for pos, line in _outside_fences(text):
        match = _OUTER.match(line)
        if match and "<!--" not in line:
            edits.append(Edit(pos, pos + len(line), match.group(1) + match.group(2).strip()))
    return edits


TRANSFORMS = {
    "star-bullets": star_bullets,
    "tilde-fences": tilde_fences,
    "setext-headings": setext_headings,
    "no-outer-pipes": no_outer_pipes,
}

CASES = [
    pytest.param(doc, name, id=f"{doc}-{name}")
    for doc in DOCS
    for name in TRANSFORMS
    if TRANSFORMS[name]((CORPUS / doc).read_text(encoding="utf-8"))
]


@pytest.mark.parametrize(("doc", "transform"), CASES)
def test_markdown_syntax_does_not_change_findings(doc: str, transform: str) -> None:
    original = (CORPUS / doc).read_text(encoding="utf-8")
    text, to_original = apply(original, TRANSFORMS[transform](original))
    assert text.count("\n") == original.count("\n")
    assert findings_mapped(text, doc, to_original, original) == findings(original, doc)
