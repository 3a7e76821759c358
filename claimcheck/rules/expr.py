"""The expression language of rule files (the ``match`` field of ``rules/*.toml``).

>>> expr = compile_expression('measurement.metric in ["rps", "cps"] and measurement.value > 8')
>>> expr.evaluate({"measurement": {"metric": "rps", "value": 9}})
True
>>> sorted(expr.fields())
['measurement.metric', 'measurement.value']

Literals: numbers, strings ('...' or "..."), ``true``/``false``/``null``, lists
``[a, b]`` and quantities (``8 Gbps``, ``100 ms``, ``5 %``, ``8 "Mb/s"``).
Operators, loosest first: ``or``, ``and``, ``not``, comparisons (``== != < <= >
>= in``, ``not in``), ``+ -``, ``* /``, unary ``-``. Field paths ``a.b.c`` read
dict keys and declared pydantic fields; anything missing is ``null``.
Comparisons involving ``null`` (other than ``==``/``!=``) are false; quantities
compare after conversion and are never equal to or ordered against a quantity
of another dimension. Grammar: ``grammars/expr.lark``; parsing lives in
:mod:`claimcheck.rules.expr_parse`, evaluation in :mod:`claimcheck.rules.expr_eval`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from claimcheck.errors import RuleError
from claimcheck.rules.expr_parse import BUILTIN_ARITY, ExprFailure, Node, parse

__all__ = ["BUILTIN_FUNCTIONS", "Expression", "compile_expression"]

# The evaluator (and with it pint) is imported on first evaluation, not to compile;
# tests keep these equal to expr_eval's BUILTINS and DEFAULT_MAX_STEPS.
BUILTIN_FUNCTIONS: frozenset[str] = frozenset(BUILTIN_ARITY)
DEFAULT_MAX_STEPS = 10_000
_CARET_WINDOW = 100


@dataclass(frozen=True, slots=True)
class Expression:
    """A compiled, immutable rule expression; evaluate it against many environments."""

    text: str
    tree: Node = field(repr=False, compare=False)
    source: str = "<expr>"
    line: int = 1
    column: int = 1
    field_paths: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def evaluate(
        self,
        env: Mapping[str, Any],
        functions: Mapping[str, Callable[..., Any]] | None = None,
        *,
        max_steps: int = DEFAULT_MAX_STEPS,
    ) -> Any:
        """The expression's value over ``env``.

        ``functions`` adds callable names (they take precedence over the built-ins);
        errors, including exceeding ``max_steps``, raise a located ``RuleError``.
        """
        from claimcheck.rules.expr_eval import Run

        run = Run(env, functions or {}, max_steps)
        try:
            return run.eval(self.tree)
        except ExprFailure as failure:
            raise _located(failure, self, show_text=True) from failure.__cause__

    def fields(self) -> set[str]:
        """The dotted field paths the expression reads, e.g. ``{"measurement.metric"}``."""
        return set(self.field_paths)


def compile_expression(
    text: str,
    *,
    source: str = "<expr>",
    line: int = 1,
    column: int = 1,
    known_functions: set[str] | frozenset[str] | None = None,
) -> Expression:
    """Parse ``text`` into an :class:`Expression`.

    ``source``, ``line`` and ``column`` say where the text starts in its file, so
    errors point into the file. With ``known_functions``, a call of any other
    name (besides the built-ins) is an error now rather than at evaluation.
    """
    if not isinstance(text, str):
        raise RuleError(
            f"{source}:{line}:{column}: a match expression must be a string, "
            f"not {type(text).__name__}"
        )
    known = frozenset(known_functions) if known_functions is not None else None
    try:
        tree, fields = _parse_cached(text, known)
    except ExprFailure as failure:
        where = Expression(text, None, source, line, column)  # type: ignore[arg-type]
        raise _located(failure, where, show_text=False) from None
    return Expression(text, tree, source, line, column, fields)


@lru_cache(maxsize=4096)
def _parse_cached(text: str, known: frozenset[str] | None) -> tuple[Node, frozenset[str]]:
    return parse(text, known)


def _located(failure: ExprFailure, expr: Expression, *, show_text: bool) -> RuleError:
    """A RuleError: ``source:line:col: message``, then the expression line and a caret."""
    line, col = failure.pos
    file_line = expr.line + line - 1
    file_col = expr.column + col - 1 if line == 1 else col
    message = failure.message
    message += " match expression" if message.endswith(" of") else " in match expression"
    if show_text:
        short = " ".join(expr.text.split())
        message += f" `{short if len(short) <= 80 else short[:77] + '...'}`"
    if failure.detail:
        message += f"; {failure.detail}"
    return RuleError(
        f"{expr.source}:{file_line}:{file_col}: {message}\n{_caret(expr.text, line, col)}"
    )


def _caret(text: str, line: int, col: int) -> str:
    """The expression's ``line`` indented by four spaces, and a caret under ``col``."""
    lines = text.split("\n")
    src = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    start = max(0, col - 1 - _CARET_WINDOW // 2) if len(src) > _CARET_WINDOW else 0
    shown = src[start : start + _CARET_WINDOW]
    pad = "".join("\t" if ch == "\t" else " " for ch in shown[: col - 1 - start])
    if start:
        shown, pad = "..." + shown, "   " + pad
    if start + _CARET_WINDOW < len(src):
        shown += "..."
    return f"    {shown}\n    {pad}^"
