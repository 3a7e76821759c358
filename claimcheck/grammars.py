"""Load lark grammars from ``grammars/`` once per process.

Building an LALR parser from a grammar takes lark 50-120 ms, a large part of a short
run's start-up. Each grammar therefore has its parse tables beside it
(``grammars/<name>.tables.json``), generated from the grammar by
``python -m claimcheck.grammars`` (``make grammar-tables``) and loaded with lark's own
deserializer: plain JSON, never pickle. A table file is used only when its key (a hash
of the grammar text, the parser options and the lark version) matches; otherwise the
parser is built from the grammar as before. ``tests/test_grammar_tables.py`` fails when
a committed table file is stale.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from typing import Any

import lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from claimcheck.errors import GrammarError
from claimcheck.resources import data_dir, grammar_text

CLAIM_SHAPES = ("share", "change", "led", "comparison")  # ties go to the earlier shape

# The parser options of each shipped grammar.
OPTIONS: dict[str, dict[str, Any]] = {
    "claims": {"parser": "lalr", "lexer": "basic", "start": list(CLAIM_SHAPES)},
    "expr": {"parser": "lalr", "lexer": "basic", "propagate_positions": True},
}


@cache
def claims_parser() -> lark.Lark:
    """The LALR parser of ``grammars/claims.lark`` (token-level: fed by claimlex)."""
    return load_parser("claims")


def load_parser(name: str) -> lark.Lark:
    """The parser of ``grammars/<name>.lark``, from its table file when that is current."""
    text = grammar_text(name)
    key = tables_key(name, text)
    path = data_dir("grammars") / f"{name}.tables.json"
    try:
        stored = decode(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        stored = None
    if isinstance(stored, dict) and stored.get("key") == key:
        try:
            return lark.Lark._load_from_dict(stored["data"], stored["memo"])
        except Exception:  # noqa: BLE001 - a damaged table file: build from the grammar
            pass
    return build_parser(name, text)


def build_parser(name: str, text: str | None = None) -> lark.Lark:
    """Build the parser of ``grammars/<name>.lark`` from the grammar itself."""
    try:
        return lark.Lark(grammar_text(name) if text is None else text, **OPTIONS[name])
    except lark.exceptions.LarkError as exc:
        raise GrammarError(f"grammars/{name}.lark: {exc}") from exc


def tables_key(name: str, text: str) -> str:
    """What a table file must have been built from: grammar text, options, lark version."""
    blob = json.dumps([text, OPTIONS[name], lark.__version__], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def tables(name: str) -> dict[str, Any]:
    """The table file's content for a grammar: its key and lark's serialized parser."""
    text = grammar_text(name)
    data, memo = build_parser(name, text).memo_serialize([TerminalDef, Rule])
    return {"key": tables_key(name, text), "lark": lark.__version__, "data": data, "memo": memo}


# lark's serialized form holds tuples and int-keyed dicts, which JSON does not keep.
_TUPLE, _PAIRS = "__tuple__", "__pairs__"


def encode(value: Any) -> Any:
    """A JSON-ready copy of a serialized parser, with tuples and non-string keys tagged."""
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        if all(type(k) is str for k in value):
            if _TUPLE in value or _PAIRS in value:
                raise ValueError("a key collides with the table file's tags")
            return {k: encode(v) for k, v in value.items()}
        return {_PAIRS: [[encode(k), encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in a table file")


def decode(value: Any) -> Any:
    """The inverse of :func:`encode`."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if _TUPLE in value:
            return tuple(decode(v) for v in value[_TUPLE])
        if _PAIRS in value:
            return {decode(k): decode(v) for k, v in value[_PAIRS]}
        return {k: decode(v) for k, v in value.items()}
    return value


def write_tables() -> list[str]:
    """Regenerate every grammar's table file; the paths written."""
    written = []
    for name in OPTIONS:
        path = data_dir("grammars") / f"{name}.tables.json"
        path.write_text(json.dumps(encode(tables(name)), separators=(",", ":")) + "\n", "utf-8")
        written.append(str(path))
    return written


if __name__ == "__main__":
    print("\n".join(write_tables()), file=sys.stderr)
