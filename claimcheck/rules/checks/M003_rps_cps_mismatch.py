"""M003 rps-cps-mismatch: a rate's name disagrees with the requests per connection behind it.

Two constructions: a connections-per-second figure measured with more than one request per
connection (the requests per connection stated with the figure, its sentence or table
line, win over those of its section); and a claim that sets one device's requests per
second against another device's connections per second, as if they were one metric.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Measurement
from claimcheck.rules.queries import cited_figures, figures_by_span, requests_per_connection
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import fmt_number


@check("rps_cps_mismatch")
def rps_cps_mismatch(facts: FactStore) -> Iterator[Hit]:
    """CPS measured with several requests per connection; RPS set against another device's
    CPS in one claim."""
    figures = [m for m in facts.measurements if m.kind == "measured"]
    tables_done: set[tuple[Any, Any]] = set()  # one finding per table and test: one cause
    for m in figures:
        if m.metric != "cps" or facts.hedged(m.start):
            continue
        n = requests_per_connection(facts, m)
        if n is None or n <= 1:
            continue
        if m.table is not None:
            if (m.table, m.test) in tables_done:
                continue
            tables_done.add((m.table, m.test))
        yield Hit(m.start, m.end,
                  f"connections-per-second figure {m.text} measured with {fmt_number(n)} "
                  f"requests per connection", {"requests_per_connection": n})  # fmt: skip
    yield from _rps_against_cps(facts, figures)


def _rps_against_cps(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    """A claim whose operands are one device's RPS and another device's CPS."""
    spans = figures_by_span(figures)
    for claim in facts.claims:
        if claim.kind not in ("ratio", "delta") or facts.hedged(claim.start):
            continue
        cited = cited_figures(claim, spans)
        rps = [m for m in cited if m.metric == "rps" and m.device]
        cps = [m for m in cited if m.metric == "cps" and m.device]
        pair = next(((a, b) for a in rps for b in cps if a.device != b.device), None)
        if pair is None:
            continue
        a, b = pair
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" sets requests per second ({a.text}) against another '
                  f"device's connections per second ({b.text}): different metrics, not one "
                  f"measured two ways", {"rps": a.value, "cps": b.value})  # fmt: skip
