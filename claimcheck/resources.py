"""Locate the data folders shipped beside the code: ``grammars/`` and ``rules/``.

In a wheel they are package data under ``claimcheck/_data/``; in a checkout
or an editable install they are the repository's top-level folders.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from claimcheck.errors import GrammarError

_PACKAGED = {"grammars": "grammars", "rules": "rules"}


@cache
def data_dir(kind: str) -> Path:
    """The folder holding ``kind`` ("grammars" or "rules")."""
    if kind not in _PACKAGED:
        raise ValueError(f"unknown data folder {kind!r}")
    packaged = Path(str(resources.files("claimcheck"))) / "_data" / _PACKAGED[kind]
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / kind
    if checkout.is_dir():
        return checkout
    raise GrammarError(
        f"claimcheck's {kind}/ folder is missing (looked in {packaged} and {checkout})"
    )


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>.lark``."""
    path = data_dir("grammars") / f"{name}.lark"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GrammarError(f"cannot read grammar {path}: {exc}") from exc
