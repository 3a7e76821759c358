"""Evaluate a parsed rule expression over an environment of facts.

Null-tolerant (a missing fact is ``None``; comparisons with it are false),
unit-aware (pint quantities from :func:`claimcheck.units.registry`) and
bounded (every node visit and list element is a step). Field access reads
only dict keys and the declared fields of pydantic models. Errors are raised
as :class:`~claimcheck.rules.expr_parse.ExprFailure` with a position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel

from claimcheck.errors import ClaimcheckError
from claimcheck.rules.expr_parse import (
    BUILTIN_ARITY,
    Arith,
    BoolOp,
    Call,
    Compare,
    ExprFailure,
    Field,
    ListLit,
    Lit,
    Neg,
    Node,
    Not,
    Pos,
)
from claimcheck.units import DeferredQuantity, is_quantity, pint_errors

DEFAULT_MAX_STEPS = 10_000
_SEQUENCES = (list, tuple, set, frozenset)
_INT_LIMIT = 2**63  # integer results beyond this become floats


def kind(value: Any) -> str:
    """A short name of a value's type for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if is_quantity(value):
        return f"quantity in {value.units}"
    if isinstance(value, _SEQUENCES):
        return "list"
    if isinstance(value, Mapping | BaseModel):
        return "object"
    return type(value).__name__


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def truthy(value: Any) -> bool:
    """Truthiness: null, false, zero and empty strings/lists are false."""
    if value is None or value is False:
        return False
    if is_quantity(value):
        return bool(value.magnitude != 0)
    if _is_number(value):
        return value != 0
    if isinstance(value, (str, Mapping, *_SEQUENCES)):
        return len(value) > 0
    return True


def member(obj: Any, name: str) -> Any:
    """``obj.name`` for a dict key or a declared pydantic field; None otherwise."""
    if name.startswith("_"):
        return None
    if type(obj) is dict:  # the common case, before the slower ABC checks
        return obj.get(name)
    if isinstance(obj, BaseModel):
        cls = type(obj)
        if name in cls.model_fields or name in cls.model_computed_fields:
            return getattr(obj, name, None)
        return None
    if isinstance(obj, Mapping):
        try:
            return obj.get(name)
        except (TypeError, KeyError):
            return None
    return None


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def field_value(env: Any, path: tuple[str, ...]) -> Any:
    """The value of a field path ``a.b.c`` in an environment, as an expression reads it."""
    value = stored_value(env, path)
    if type(value) is DeferredQuantity:  # a licence cap: a pint quantity once read
        return value.get()
    return value


def stored_value(env: Any, path: tuple[str, ...]) -> Any:
    """:func:`field_value`, but a :class:`~claimcheck.units.DeferredQuantity` is returned
    unbuilt (for callers that only look for plain values: no pint)."""
    value = env
    for name in path:
        value = member(value, name)
        if value is None:
            return None
    return _plain(value)


def _magnitudes(a: Any, b: Any) -> tuple[Any, Any] | None:
    """Comparable magnitudes of two numbers/quantities, or None if dimensions differ."""
    try:
        if is_quantity(a) and is_quantity(b):
            return a.magnitude, b.m_as(a.units)
        if is_quantity(a):
            return (a.m_as("dimensionless"), b) if a.dimensionless else None
        if is_quantity(b):
            return (a, b.m_as("dimensionless")) if b.dimensionless else None
    except pint_errors():
        return None
    return a, b


def _numeric(value: Any) -> bool:
    return _is_number(value) or is_quantity(value)


class Run:
    """One evaluation: the environment, the functions and the step budget."""

    def __init__(
        self, env: Mapping[str, Any], functions: Mapping[str, Callable[..., Any]], limit: int
    ) -> None:
        self.env = env
        self.functions = functions
        self.limit = limit
        self.steps = 0

    def tick(self, n: int, pos: Pos) -> None:
        """Spend ``n`` steps; fail once the budget is exceeded."""
        self.steps += n
        if self.steps > self.limit:
            raise ExprFailure(f"expression exceeded {self.limit} steps", pos)

    def eval(self, node: Node) -> Any:
        """The value of ``node``."""
        self.tick(1, node.pos)
        match node:
            case Lit():
                return node.value
            case Field():
                return field_value(self.env, node.path)
            case BoolOp():
                want = node.op == "or"
                for operand in node.operands:
                    if truthy(self.eval(operand)) == want:
                        return want
                return not want
            case Not():
                return not truthy(self.eval(node.operand))
            case Compare():
                return self.compare(node.op, self.eval(node.left), self.eval(node.right), node.pos)
            case Arith():
                value = self.eval(node.first)
                for op, pos, operand in node.rest:
                    value = self.arith(op, value, self.eval(operand), pos)
                return value
            case Neg():
                value = self.eval(node.operand)
                if value is None:
                    return None
                if not _numeric(value):
                    raise ExprFailure(f"cannot negate a {kind(value)}", node.pos)
                return -value
            case ListLit():
                self.tick(len(node.items), node.pos)
                return [self.eval(item) for item in node.items]
            case Call():
                return self.call(node)
        raise ExprFailure(f"unknown node {type(node).__name__}", node.pos)

    # -- operators ---------------------------------------------------------

    def equal(self, a: Any, b: Any, pos: Pos, depth: int = 0) -> bool:
        """Equality: null only equals null, booleans only booleans, units are converted."""
        if a is None or b is None:
            return a is None and b is None
        if isinstance(a, bool) or isinstance(b, bool):
            return isinstance(a, bool) and isinstance(b, bool) and a == b
        if _numeric(a) and _numeric(b):
            pair = _magnitudes(a, b)
            return pair is not None and bool(pair[0] == pair[1])
        if isinstance(a, list | tuple) and isinstance(b, list | tuple):
            if len(a) != len(b) or depth > 100:
                return False
            self.tick(len(a), pos)
            return all(self.equal(x, y, pos, depth + 1) for x, y in zip(a, b, strict=True))
        if type(a) is not type(b):
            return False
        try:
            return bool(a == b)
        except Exception:  # an odd object from the environment: not equal
            return False

    def order(self, a: Any, b: Any, op: str, pos: Pos) -> int | None:
        """-1, 0 or 1 comparing ``a`` with ``b``; None when not comparable (null, units, NaN)."""
        if a is None or b is None:
            return None
        if _numeric(a) and _numeric(b):
            pair = _magnitudes(a, b)
            if pair is None:
                return None
            x, y = pair
        elif isinstance(a, str) and isinstance(b, str):
            x, y = a, b
        else:
            raise ExprFailure(f"cannot compare {kind(a)} with {kind(b)} using '{op}'", pos)
        return -1 if x < y else 1 if x > y else 0 if x == y else None

    def contains(self, container: Any, item: Any, op: str, pos: Pos) -> bool:
        """``item in container`` for lists, strings and objects' keys."""
        if container is None:
            return False
        if isinstance(container, str):
            if item is None:
                return False
            if not isinstance(item, str):
                raise ExprFailure(f"cannot test {kind(item)} {op} string", pos)
            self.tick(1 + len(container) // 1000, pos)
            return item in container
        if isinstance(container, _SEQUENCES):
            self.tick(len(container), pos)
            return any(self.equal(item, x, pos) for x in container)
        if isinstance(container, Mapping):
            return isinstance(item, str) and item in container
        raise ExprFailure(f"cannot test {kind(item)} {op} {kind(container)}", pos)

    def compare(self, op: str, a: Any, b: Any, pos: Pos) -> bool:
        """Apply a comparison operator."""
        if op == "==":
            return self.equal(a, b, pos)
        if op == "!=":
            return not self.equal(a, b, pos)
        if op in ("in", "not in"):
            if b is None:
                return False
            return self.contains(b, a, op, pos) == (op == "in")
        sign = self.order(a, b, op, pos)
        if sign is None:
            return False
        return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0}[op]

    def arith(self, op: str, a: Any, b: Any, pos: Pos) -> Any:
        """Apply ``+ - * /``; null, division by zero and unit mismatch give null."""
        if a is None or b is None:
            return None
        if not (_numeric(a) and _numeric(b)):
            raise ExprFailure(f"cannot apply '{op}' to {kind(a)} and {kind(b)}", pos)
        try:
            if op == "+":
                result = a + b
            elif op == "-":
                result = a - b
            elif op == "*":
                result = a * b
            else:
                result = a / b
            magnitude = result.magnitude if is_quantity(result) else result
            if isinstance(magnitude, int) and abs(magnitude) > _INT_LIMIT:  # keep work bounded
                if is_quantity(result):
                    return result.__class__(float(magnitude), result.units)
                return float(magnitude)
        except (ZeroDivisionError, OverflowError, *pint_errors()):
            return None
        return result

    # -- calls -------------------------------------------------------------

    def call(self, node: Call) -> Any:
        """Call a caller-supplied function, else a built-in."""
        args = [self.eval(arg) for arg in node.args]
        if node.name in self.functions:
            try:
                return _plain(self.functions[node.name](*args))
            except ClaimcheckError:
                raise
            except (TypeError, ValueError, ArithmeticError) as exc:
                raise ExprFailure(f"function {node.name}() failed: {exc}", node.pos) from exc
        builtin = BUILTINS.get(node.name)
        if builtin is None:
            raise ExprFailure(f"unknown function {node.name!r}", node.pos)
        low, high = BUILTIN_ARITY[node.name]
        if len(args) < low or (high is not None and len(args) > high):
            raise ExprFailure(f"wrong number of arguments to {node.name}()", node.pos)
        return builtin(self, args, node.pos)


def _items(run: Run, value: Any, name: str, pos: Pos) -> list[Any]:
    if not isinstance(value, _SEQUENCES):
        raise ExprFailure(f"{name}() needs a list, not a {kind(value)}", pos)
    run.tick(len(value), pos)
    return list(value)


def _len(run: Run, args: list[Any], pos: Pos) -> Any:
    (value,) = args
    if value is None:
        return None
    if isinstance(value, (str, Mapping, *_SEQUENCES)):
        return len(value)
    raise ExprFailure(f"len() of a {kind(value)}", pos)


def _within(run: Run, args: list[Any], pos: Pos) -> bool:
    a, b, tol = args
    if a is None or b is None or tol is None:
        return False
    if not _numeric(tol):
        raise ExprFailure(f"within() tolerance must be a number or quantity, not {kind(tol)}", pos)
    diff = run.arith("-", a, b, pos)
    if diff is None:
        return False
    # 5 % is relative to |b|; anything else is absolute, in the units of a and b
    relative = is_quantity(tol) and tol.dimensionless
    bound = abs(b) * tol.m_as("dimensionless") if relative else tol
    return run.compare("<=", abs(diff), bound, pos)


def _lower(run: Run, args: list[Any], pos: Pos) -> Any:
    (value,) = args
    if value is None:
        return None
    if not isinstance(value, str):
        raise ExprFailure(f"lower() of a {kind(value)}", pos)
    return value.lower()


def _contains(run: Run, args: list[Any], pos: Pos) -> bool:
    container, item = args
    return run.contains(container, item, "in", pos) if item is not None else False


def _startswith(run: Run, args: list[Any], pos: Pos) -> bool:
    text, prefix = args
    if text is None or prefix is None:
        return False
    if not (isinstance(text, str) and isinstance(prefix, str)):
        raise ExprFailure(f"startswith() of {kind(text)} and {kind(prefix)}", pos)
    return text.startswith(prefix)


def _any(run: Run, args: list[Any], pos: Pos) -> bool:
    return args[0] is not None and any(truthy(x) for x in _items(run, args[0], "any", pos))


def _all(run: Run, args: list[Any], pos: Pos) -> bool:
    return args[0] is not None and all(truthy(x) for x in _items(run, args[0], "all", pos))


def _count(run: Run, args: list[Any], pos: Pos) -> Any:
    if args[0] is None:
        return None
    items = _items(run, args[0], "count", pos)
    if len(args) == 1:
        return sum(1 for x in items if truthy(x))
    return sum(1 for x in items if run.equal(x, args[1], pos))


def _extreme(name: str, sign: int) -> Callable[[Run, list[Any], Pos], Any]:
    def pick(run: Run, args: list[Any], pos: Pos) -> Any:
        if len(args) == 1:
            if args[0] is None:
                return None
            values = _items(run, args[0], name, pos)
        else:
            values = args
        best = None
        for value in values:
            if value is None:
                continue
            if best is None:
                best = value
                continue
            order = run.order(value, best, f"{name}()", pos)
            if order is None:
                return None  # NaN or quantities of different dimensions
            if order == sign:
                best = value
        return best

    return pick


BUILTINS: dict[str, Callable[[Run, list[Any], Pos], Any]] = {
    "len": _len,
    "within": _within,
    "lower": _lower,
    "contains": _contains,
    "startswith": _startswith,
    "any": _any,
    "all": _all,
    "count": _count,
    "min": _extreme("min", -1),
    "max": _extreme("max", 1),
}
