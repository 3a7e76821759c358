"""Parse rule expressions (``grammars/expr.lark``) into a small immutable AST.

The lark parser is built once per process; a parse tree is converted into
frozen dataclasses (:class:`Lit`, :class:`Field`, ...) with bounded recursion.
Failures are raised as :class:`ExprFailure` carrying a position inside the
expression; :mod:`claimcheck.rules.expr` turns them into located ``RuleError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import lark
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from claimcheck.grammars import load_parser
from claimcheck.units import canonical_unit, registry

MAX_TEXT = 100_000  # characters in one expression
MAX_DEPTH = 100  # nesting of the parse tree (parentheses alone add none)
MAX_LIST = 1_000  # items in one list literal
MAX_STRING = 10_000  # characters in one string literal
_BIG_INT = 10**18  # integer literals beyond this become floats

# Built-in functions: name -> (fewest, most) arguments; None = no upper bound.
BUILTIN_ARITY: dict[str, tuple[int, int | None]] = {
    "len": (1, 1),
    "within": (3, 3),
    "lower": (1, 1),
    "contains": (2, 2),
    "startswith": (2, 2),
    "any": (1, 1),
    "all": (1, 1),
    "count": (1, 2),
    "min": (1, None),
    "max": (1, None),
}

Pos = tuple[int, int]  # (line, column) inside the expression, both 1-based


class ExprFailure(Exception):
    """An error at a position inside an expression (internal; never escapes the API)."""

    def __init__(self, message: str, pos: Pos, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Lit:
    """A literal: number, string, boolean, null or pint Quantity."""

    value: Any
    pos: Pos


@dataclass(frozen=True, slots=True)
class ListLit:
    """A list literal ``[a, b]``."""

    items: tuple[Node, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Field:
    """A field path ``name(.name)*`` looked up in the environment."""

    path: tuple[str, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Not:
    """Logical negation (truthiness)."""

    operand: Node
    pos: Pos


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Node
    pos: Pos


@dataclass(frozen=True, slots=True)
class BoolOp:
    """A flat ``and`` / ``or`` chain, short-circuited."""

    op: str
    operands: tuple[Node, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Compare:
    """One comparison: ``== != < <= > >= in`` or ``not in``; ``pos`` is the operator's."""

    op: str
    left: Node
    right: Node
    pos: Pos


@dataclass(frozen=True, slots=True)
class Arith:
    """A flat left-associative chain ``a op b op c`` of ``+ -`` or ``* /``."""

    first: Node
    rest: tuple[tuple[str, Pos, Node], ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Call:
    """A call of a built-in or caller-supplied function."""

    name: str
    args: tuple[Node, ...]
    pos: Pos


Node = Lit | ListLit | Field | Not | Neg | BoolOp | Compare | Arith | Call


@cache
def expr_parser() -> lark.Lark:
    """The LALR parser of ``grammars/expr.lark``, built once per process."""
    return load_parser("expr")


def parse(text: str, known_functions: frozenset[str] | None) -> tuple[Node, frozenset[str]]:
    """Parse ``text`` into an AST and the set of field paths it reads."""
    if len(text) > MAX_TEXT:
        raise ExprFailure(f"expression longer than {MAX_TEXT} characters", (1, 1))
    if not text.strip():
        raise ExprFailure("nothing", (1, 1), "expected a value")
    try:
        tree = expr_parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_failure(exc, text) from None
    except LarkError as exc:  # defensive: any other lark failure is still a rule error
        raise ExprFailure(f"cannot parse ({exc})", (1, 1)) from None
    builder = _Builder(known_functions)
    return builder.node(tree.children[0], 1), frozenset(builder.fields)


# ---------------------------------------------------------------- syntax errors

_VALUE_TERMINALS = {"NUMBER", "STRING", "NAME", "LSQB", "LPAR", "TRUE", "FALSE", "NULL"}
_COMPARISONS = {"__ANON_0", "__ANON_1", "__ANON_2", "__ANON_3", "LESSTHAN", "MORETHAN"}
_OPERATORS = _COMPARISONS | {"AND", "OR", "IN", "NOT", "PLUS", "MINUS", "STAR", "SLASH"}


def _end_pos(text: str) -> Pos:
    """The position just after the last non-blank character."""
    body = text.rstrip()
    line = body.count("\n") + 1
    return line, len(body) - (body.rfind("\n") + 1) + 1


def _expected(accepts: set[str]) -> str:
    parts = []
    if "LSQB" in accepts:  # '[' can only start a value: there is no indexing
        parts.append("a value")
    elif accepts & _OPERATORS:
        parts.append("an operator")
    for term, shown in (("RPAR", "')'"), ("RSQB", "']'"), ("COMMA", "','")):
        if term in accepts:
            parts.append(shown)
    if "$END" in accepts:
        parts.append("end of expression")
    if not parts:
        return ""
    if len(parts) == 1:
        return "expected " + parts[0]
    return "expected " + ", ".join(parts[:-1]) + " or " + parts[-1]


def _syntax_failure(exc: UnexpectedInput, text: str) -> ExprFailure:
    if isinstance(exc, UnexpectedCharacters):
        pos = (exc.line, exc.column)
        char = exc.char
        if char in "\"'":
            return ExprFailure(f"unterminated string {char}...{char}", pos)
        hint = ""
        if char in "&|!=":
            hint = "use 'and', 'or', 'not', '==' and '!='"
        return ExprFailure(f"unexpected character {char!r}", pos, hint)
    if isinstance(exc, UnexpectedToken):
        try:
            accepts = set(exc.accepts)
        except Exception:  # accepts replays the parser; fall back to the LALR set
            accepts = set(exc.expected)
        token = exc.token
        if token.type == "$END":
            return ExprFailure("unexpected end of", _end_pos(text), _expected(accepts))
        pos = (token.line or 1, token.column or 1)
        shown = str(token)
        shown = shown if len(shown) <= 30 else shown[:27] + "..."
        detail = _expected(accepts)
        if token.type in _COMPARISONS and not accepts & _COMPARISONS:
            detail += "; comparisons do not chain, join them with 'and'"
        elif token.type in ("COMMA", "NUMBER"):
            at = _offset(text, pos)
            if re.search(r"\d,\d{3}", text[max(0, at - 4) : at + 4]):
                detail += "; write numbers without thousands separators"
        return ExprFailure(f"unexpected token '{shown}'", pos, detail)
    return ExprFailure("cannot parse", (getattr(exc, "line", 1) or 1, exc.column or 1))


def _offset(text: str, pos: Pos) -> int:
    line, col = pos
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
    return start + col - 1


# ---------------------------------------------------------------- tree -> AST

_ESCAPES = {"\\": "\\", '"': '"', "'": "'", "n": "\n", "t": "\t", "r": "\r"}
_PYTHONISMS = {"True": "true", "False": "false", "None": "null", "NULL": "null", "Null": "null"}


def _pos(item: lark.Tree | lark.Token) -> Pos:
    if isinstance(item, lark.Token):
        return (item.line or 1, item.column or 1)
    return (getattr(item.meta, "line", 1), getattr(item.meta, "column", 1))


def _string(token: lark.Token) -> str:
    raw = str(token)[1:-1]
    if len(raw) > 2 * MAX_STRING:
        raise ExprFailure(f"string literal longer than {MAX_STRING} characters", _pos(token))
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\":
            nxt = raw[i + 1]  # the STRING pattern guarantees a character after '\'
            if nxt not in _ESCAPES:
                raise ExprFailure(f"unknown escape '\\{nxt}' in string", _pos(token))
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(ch)
            i += 1
    value = "".join(out)
    if len(value) > MAX_STRING:
        raise ExprFailure(f"string literal longer than {MAX_STRING} characters", _pos(token))
    return value


def _number(token: lark.Token) -> int | float:
    text = str(token)
    if any(c in text for c in ".eE") or len(text) > 18:
        return float(text)
    return int(text)


class _Builder:
    """Converts a lark tree to AST nodes, checking names, units, sizes and depth."""

    def __init__(self, known_functions: frozenset[str] | None) -> None:
        self.known = known_functions
        self.fields: set[str] = set()

    def node(self, item: Any, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise ExprFailure(f"expression nested more than {MAX_DEPTH} levels deep", _pos(item))
        kids = item.children
        pos = _pos(item)
        kind = item.data
        down = depth + 1
        if kind == "number":
            return Lit(_number(kids[0]), pos)
        if kind == "string":
            return Lit(_string(kids[0]), pos)
        if kind in ("true", "false", "null"):
            return Lit({"true": True, "false": False, "null": None}[kind], pos)
        if kind in ("quantity", "percent"):
            return Lit(self._quantity(kids), pos)
        if kind == "path":
            return self._path(kids, pos)
        if kind == "list":
            items = self._args(kids[0], down)
            if len(items) > MAX_LIST:
                raise ExprFailure(f"list literal longer than {MAX_LIST} items", pos)
            return ListLit(items, pos)
        if kind == "call":
            return self._call(kids, pos, down)
        if kind == "not_":
            return Not(self.node(kids[0], down), pos)
        if kind == "neg":
            return Neg(self.node(kids[0], down), pos)
        if kind in ("or_expr", "and_expr"):
            ops = tuple(self.node(k, down) for k in kids)
            return BoolOp(kind[:-5], ops, pos)
        if kind == "compare":
            op_tok = kids[1].children[0]
            left, right = self.node(kids[0], down), self.node(kids[2], down)
            return Compare(str(op_tok), left, right, _pos(op_tok))
        if kind in ("in_", "not_in"):
            op = "in" if kind == "in_" else "not in"
            left, right = self.node(kids[0], down), self.node(kids[1], down)
            return Compare(op, left, right, pos)
        if kind in ("sum", "product"):
            rest = []
            for i in range(1, len(kids), 2):
                op_tok = kids[i].children[0]
                rest.append((str(op_tok), _pos(op_tok), self.node(kids[i + 1], down)))
            return Arith(self.node(kids[0], down), tuple(rest), pos)
        raise ExprFailure(f"unsupported construct {kind!r}", pos)  # grammar/builder mismatch

    def _args(self, args: Any, depth: int) -> tuple[Node, ...]:
        if args is None:
            return ()
        return tuple(self.node(k, depth + 1) for k in args.children if k is not None)

    def _quantity(self, kids: list[Any]) -> Any:
        value = _number(kids[0])
        if len(kids) == 1:  # NUMBER "%"
            return registry().Quantity(value, "percent")
        unit_tok = kids[1]
        spelling = _string(unit_tok) if unit_tok.type == "STRING" else str(unit_tok)
        unit = canonical_unit(spelling) if spelling.strip() else None
        if unit:
            try:
                return registry().Quantity(value, unit)
            except Exception:  # pint raises several unrelated types for odd units
                pass
        raise ExprFailure(f"unknown unit {spelling!r}", _pos(unit_tok))

    def _path(self, kids: list[lark.Token], pos: Pos) -> Field:
        names = tuple(str(k) for k in kids)
        for tok, name in zip(kids, names, strict=True):
            if name.startswith("_"):
                raise ExprFailure(
                    f"field name {name!r} is not allowed",
                    _pos(tok),
                    "names starting with '_' are private",
                )
        if len(names) == 1 and names[0] in _PYTHONISMS:
            raise ExprFailure(
                f"unknown name {names[0]!r}", pos, f"write {_PYTHONISMS[names[0]]} in lower case"
            )
        self.fields.add(".".join(names))
        return Field(names, pos)

    def _call(self, kids: list[Any], pos: Pos, depth: int) -> Call:
        name = str(kids[0])
        if name.startswith("_"):
            raise ExprFailure(f"function name {name!r} is not allowed", pos)
        known = self.known
        if known is not None and name not in known and name not in BUILTIN_ARITY:
            names = ", ".join(sorted(set(BUILTIN_ARITY) | known))
            raise ExprFailure(f"unknown function {name!r}", pos, f"known functions: {names}")
        args = self._args(kids[1], depth)
        if name in BUILTIN_ARITY and (known is None or name not in known):
            low, high = BUILTIN_ARITY[name]
            if len(args) < low or (high is not None and len(args) > high):
                if low == high:
                    want = str(low)
                else:
                    want = f"{low} or more" if high is None else f"{low} to {high}"
                raise ExprFailure(f"{name}() takes {want} arguments, got {len(args)}", pos)
        return Call(name, args, pos)
