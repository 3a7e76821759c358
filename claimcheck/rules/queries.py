"""Helpers rule checks share beside the fact store's questions: a rule's ``[data]`` table,
condition names for messages, and the figures a claim cites.

Rule data: a check receives only the fact store, so it reads its
parameters from the rule files with :func:`rule_data`. That sees the shipped rules;
to add a metric family or a required condition, edit ``[data.required]`` of D001
(``family = ["cond", ["alt1", "alt2"]]``: a nested list is a set of alternatives, any
one of which suffices).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from claimcheck.models import Claim, Measurement


def rule_data(code: str) -> dict[str, Any]:
    """The ``[data]`` table of the running rule (so a user's rule file can reuse this check
    with its own table), else that of the shipped rule ``code``, else {}."""
    from claimcheck.rules.registry import running_data

    data = running_data()
    return data if data else _shipped_data(code)


@cache
def _shipped_data(code: str) -> dict[str, Any]:
    from claimcheck.rules.loader import rules_for_checking

    return next((spec.data for spec in rules_for_checking() if spec.code == code), {})


def label(name: str) -> str:
    """A condition name for a message: "requests_per_connection" -> "requests per connection"."""
    return name.replace("_", " ")


def figures_by_span(figures: list[Measurement]) -> dict[tuple[int, int], Measurement]:
    """The figures keyed by their source span (how a claim's operands name them)."""
    return {(m.start, m.end): m for m in figures}


def cited_figures(claim: Claim, spans: dict[tuple[int, int], Measurement]) -> list[Measurement]:
    """The figures a claim cites (matched by source span), each once."""
    out = []
    for op in claim.operands:
        m = spans.get((op.start, op.end))
        if m is not None and m not in out:
            out.append(m)
    return out


def largest_number(value: Any) -> float | None:
    """The largest number of a condition value ("1, 10, 100" -> 100), else None."""
    if isinstance(value, list):
        nums = [v for v in value if isinstance(v, int | float) and not isinstance(v, bool)]
        return max(nums) if nums else None
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def requests_per_connection(facts: Any, m: Measurement) -> float | None:
    """The requests per connection a figure was measured with: the cell's own, else the one
    stated with it, else the one in its scope (a list set for a whole section says nothing
    about one figure)."""
    if "requests_per_connection" in (m.conditions or {}):
        return largest_number(m.conditions["requests_per_connection"])
    for c in facts.stated_with(m, "requests_per_connection"):
        if c.negated:
            continue
        if isinstance(c.value, list) and c.scope.split(":")[0] in ("document", "section"):
            return None
        return largest_number(c.value)
    return None
