"""The committed parse tables match the grammars, and load into the same parsers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Token
from lark.exceptions import LarkError, UnexpectedToken

from claimcheck import grammars
from claimcheck.extract.claimlex import tokenize
from claimcheck.extract.quantities import scan
from claimcheck.resources import data_dir, grammar_text
from claimcheck.rules.loader import shipped_rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(grammars.OPTIONS))
def test_committed_tables_are_current(name: str) -> None:
    """lark numbers LALR states differently from one build to the next, so the tables
    cannot be compared with a fresh build; the key says what they were built from."""
    path = data_dir("grammars") / f"{name}.tables.json"
    stored = grammars.decode(json.loads(path.read_text(encoding="utf-8")))
    current = grammars.tables_key(name, grammar_text(name))
    assert stored["key"] == current, f"{path} is stale: run `make grammar-tables`"


def test_the_shipped_expressions_parse_alike() -> None:
    loaded, built = grammars.load_parser("expr"), grammars.build_parser("expr")
    texts = [s for spec in shipped_rules() for s in (spec.match, spec.message) if s]
    texts += ["1 < 2", "x.y in [1, 2] and not z", "3 Gbps > 1 Mbps", "f(a, b) or (c"]
    for text in texts:
        assert _outcome(loaded.parse, text) == _outcome(built.parse, text)


def _outcome(parse: Callable[[str], Any], text: str) -> Any:
    try:
        return parse(text)
    except LarkError as exc:
        return type(exc).__name__, getattr(exc, "pos_in_stream", None)


def _claim_outcome(parser: Any, shape: str, types: list[str]) -> Any:
    ip = parser.parse_interactive("", start=shape)
    for j, t in enumerate(types):
        try:
            ip.feed_token(Token(t, j))
        except UnexpectedToken:
            return "stopped at", j
    try:
        return ip.feed_eof()
    except UnexpectedToken:
        return "incomplete"


def test_claim_phrases_of_the_corpus_parse_alike() -> None:
    loaded, built = grammars.load_parser("claims"), grammars.build_parser("claims")
    sequences = set()
    for path in sorted((ROOT / "corpus").glob("*.md")):
        for sentence in path.read_text(encoding="utf-8").split("."):
            types = [t.type for t in tokenize(sentence, 0, scan(sentence))]
            for i in range(len(types)):
                sequences.add(tuple(types[i : i + 12]))
    assert len(sequences) > 1000
    for types in sorted(sequences):
        for shape in grammars.CLAIM_SHAPES:
            expected = _claim_outcome(built, shape, list(types))
            assert _claim_outcome(loaded, shape, list(types)) == expected, (shape, types)


def test_a_stale_key_builds_from_the_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = grammars.build_parser
    monkeypatch.setattr(grammars, "tables_key", lambda name, text: "not the stored key")
    monkeypatch.setattr(
        grammars, "build_parser", lambda name, text=None: built.append(name) or real(name, text)
    )
    parser = grammars.load_parser("expr")
    assert built == ["expr"] and parser.parse("1 < 2") is not None


_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
_nested = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=3).map(tuple)
        | st.lists(inner, max_size=3)
        | st.dictionaries(
            st.text(max_size=4).filter(lambda k: not k.startswith("__")), inner, max_size=3
        )
        | st.dictionaries(st.integers(), inner, max_size=3)
    ),
    max_leaves=20,
)


@given(_nested)
def test_encode_decode_round_trip(value: object) -> None:
    assert grammars.decode(json.loads(json.dumps(grammars.encode(value)))) == value


def test_a_colliding_key_is_refused() -> None:
    with pytest.raises(ValueError):
        grammars.encode({"__tuple__": 1})
