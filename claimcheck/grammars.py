"""Load lark grammars from ``grammars/`` once per process."""

from __future__ import annotations

from functools import cache

import lark

from claimcheck.errors import GrammarError
from claimcheck.resources import grammar_text

CLAIM_SHAPES = ("share", "change", "led", "comparison")  # ties go to the earlier shape


@cache
def claims_parser() -> lark.Lark:
    """The LALR parser of ``grammars/claims.lark`` (token-level: fed by claimlex)."""
    try:
        return lark.Lark(
            grammar_text("claims"), parser="lalr", lexer="basic", start=list(CLAIM_SHAPES)
        )
    except lark.exceptions.LarkError as exc:
        raise GrammarError(f"grammars/claims.lark: {exc}") from exc
