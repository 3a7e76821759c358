"""Metamorphic relation: renaming the products and vendors of a report does not change its
findings.

For every corpus document, each word of each entity's names (devices under test, backends,
labs; not the load tools, whose syntax the parsers read) is replaced, everywhere in the
document and in every case it is written in, by an invented word of its own. The findings
(rule, line) must stay the same: a finding that appears or disappears means a rule or an
extractor keys on a name the product prior knows instead of on what the report says.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import claimcheck
import claimcheck.api
from claimcheck.extract.entity_kinds import TOOL
from claimcheck.extract.names import is_generic, tokens

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DOCS = sorted(p for p in CORPUS.iterdir() if p.suffix in (".md", ".txt") and p.name != "README.md")

_SYLLABLES = ["zor", "vel", "quin", "tar", "mek", "lou", "bra", "sil", "dov", "kap", "rin", "yth"]


def invented(i: int) -> str:
    """The i-th invented word: two or three syllables no report uses."""
    a, b = divmod(i, len(_SYLLABLES))
    c, a = divmod(a, len(_SYLLABLES))
    word = _SYLLABLES[a] + _SYLLABLES[b] + ("x" if c == 0 else _SYLLABLES[c % len(_SYLLABLES)])
    return word.capitalize()


def _case_like(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template.islower():
        return word.lower()
    if template[:1].isupper():
        return word[:1].upper() + word[1:].lower()
    return word


def name_words(result_entities) -> list[str]:
    """The words to rename: alphabetic words of the entities' names that are not generic."""
    words: dict[str, None] = {}
    for e in result_entities:
        if e.kind == TOOL:
            continue
        for name in (e.name, *e.aliases, e.vendor or "", e.family or ""):
            for t in tokens(name):
                for part in re.split(r"[-.]", t):
                    if re.fullmatch(r"[A-Za-z]{3,}", part) and not is_generic(part):
                        words[part.casefold()] = None
    return list(words)


def rename(text: str, words: list[str]) -> str:
    """``text`` with each of ``words`` (any case, whole words) replaced by an invented one."""
    return rename_into(text, words, [invented(i) for i in range(len(words))])


def rename_into(text: str, words: list[str], targets: list[str]) -> str:
    """``text`` with each of ``words`` (any case, whole words) replaced by one of
    ``targets``, in order, written in the case of the word it replaces."""
    if not words:
        return text
    mapping = {w: targets[i % len(targets)] for i, w in enumerate(sorted(words))}
    pattern = re.compile(
        r"(?<![A-Za-z])("
        + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        + r")(?![A-Za-z])",
        re.IGNORECASE,
    )
    return pattern.sub(lambda m: _case_like(m.group(), mapping[m.group().casefold()]), text)


def findings(path: Path) -> set[tuple[str, int]]:
    result = claimcheck.check(path, config=claimcheck.api.Config())
    assert not result.errors, result.errors
    return {(f.rule, f.line) for f in result.findings}


def test_invented_words_are_distinct() -> None:
    made = [invented(i) for i in range(300)]
    assert len(set(made)) == len(made)


def test_rename_keeps_case_and_whole_words() -> None:
    text = "Quill Edge beat QUILL and quill-lite; Quillan stays."
    out = rename(text, ["quill"])
    assert "Quill" not in out.split()[0] and "Quillan stays" in out
    assert out.split()[3].isupper()


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_findings_survive_renaming(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    entities = claimcheck.api.extract(path).entities
    words = name_words(entities)
    renamed = tmp_path / path.name
    renamed.write_text(rename(text, words), encoding="utf-8")
    before, after = findings(path), findings(renamed)
    assert before - after == set() and after - before == set(), (
        f"renaming {sorted(words)} lost {sorted(before - after)}, gained {sorted(after - before)}"
    )


def _prior_words() -> list[str]:
    """Names the product prior knows: renaming into them must not change findings either."""
    import tomllib
    from importlib import resources

    data = tomllib.loads(
        resources.files("claimcheck.extract").joinpath("products.toml").read_text()
    )
    names = [*data["families"], *(v for v in data["vendors"])]
    return [n for n in names if re.fullmatch(r"[A-Za-z]{5,}", n)]


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_findings_survive_renaming_into_known_products(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    words = name_words(claimcheck.api.extract(path).entities)
    targets = [w for w in _prior_words() if w.casefold() not in text.casefold()]
    renamed = tmp_path / path.name
    renamed.write_text(rename_into(text, words, targets), encoding="utf-8")
    before, after = findings(path), findings(renamed)
    assert before - after == set() and after - before == set(), (
        f"renaming {sorted(words)} lost {sorted(before - after)}, gained {sorted(after - before)}"
    )
