"""Which subjects a match expression can hold for, read from the expression itself.

``measurement.metric == "cps" and ...`` is false for every figure of another metric,
whatever the rest says: the engine looks such subjects up in an index by field value
instead of evaluating the expression for each. A guard is only taken from parts that
are evaluated first and cannot fail, so skipping a subject never hides an error.
"""

from __future__ import annotations

from claimcheck.rules.expr_parse import BoolOp, Compare, Field, ListLit, Lit, Node

# field path -> the string values it must have for the expression to hold
Guard = dict[tuple[str, ...], frozenset[str]]


def guard(node: Node) -> Guard:
    """Necessary conditions on string fields for ``node`` to be true (empty: none known)."""
    if isinstance(node, Compare):
        return _compare_guard(node)
    if isinstance(node, BoolOp) and node.op == "and":
        out: Guard = {}
        for operand in node.operands:
            for path, values in guard(operand).items():
                out[path] = out[path] & values if path in out else values
            if not _safe(operand):
                break  # later operands only run when this one did not fail
        return out
    if isinstance(node, BoolOp) and node.op == "or":
        parts = [guard(operand) for operand in node.operands]
        if not parts or not all(parts):
            return {}
        common = set(parts[0]).intersection(*parts[1:])
        return {path: frozenset().union(*(p[path] for p in parts)) for path in common}
    return {}


def _strings(node: Node) -> frozenset[str] | None:
    if isinstance(node, Lit) and type(node.value) is str:
        return frozenset((node.value,))
    if isinstance(node, ListLit) and all(
        isinstance(i, Lit) and type(i.value) is str for i in node.items
    ):
        return frozenset(i.value for i in node.items)  # type: ignore[union-attr]
    return None


def _compare_guard(node: Compare) -> Guard:
    if node.op == "==":
        for field, lit in ((node.left, node.right), (node.right, node.left)):
            if isinstance(field, Field) and isinstance(lit, Lit) and type(lit.value) is str:
                return {field.path: frozenset((lit.value,))}
    if node.op == "in" and isinstance(node.left, Field) and isinstance(node.right, ListLit):
        values = _strings(node.right)
        if values is not None:
            return {node.left.path: values}
    return {}


def _scalar_lit(node: Node) -> bool:
    return isinstance(node, Lit) and not isinstance(node.value, list | tuple)


def _safe(node: Node) -> bool:
    """True when evaluating ``node`` cannot raise: a field compared for equality with a
    scalar literal, or tested for membership in a list of scalar literals (bounded work,
    so not even the step budget can run out)."""
    if not isinstance(node, Compare):
        return False
    left, right = node.left, node.right
    if node.op in ("==", "!="):
        return (isinstance(left, Field) and _scalar_lit(right)) or (
            isinstance(right, Field) and _scalar_lit(left)
        )
    if node.op in ("in", "not in"):
        return (
            isinstance(left, Field)
            and isinstance(right, ListLit)
            and all(_scalar_lit(i) for i in right.items)
        )
    return False
