"""M001 ssl-tps-with-reuse: an SSL/TLS transactions-per-second figure measured with several
requests per connection, session reuse or pipelining.

Each figure reads the conditions stated with it first (its sentence, list item or table
row, its row label), then those in its scope that no other figure states for itself: a
"no session reuse" row keeps its own setting whatever the section says.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Measurement
from claimcheck.rules.queries import requests_per_connection
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import fmt_number


def _flag(facts: FactStore, m: Measurement, name: str) -> Any:
    """A yes/no or depth condition of a figure: its cell's own, else stated with it, else in
    its scope (a negated statement is its negated value: "no session reuse" is False)."""
    own = (m.conditions or {}).get(name)
    if own is not None:
        low = str(own).lower()
        return True if low == "true" else False if low == "false" else _number(own)
    for c in facts.stated_with(m, name):
        if isinstance(c.value, bool):
            return c.value
        if not c.negated:
            return _number(c.value)
    return None


def _own(facts: FactStore, m: Measurement, name: str) -> bool:
    """Is a condition of this name stated with the figure itself (cell, sentence, row)?"""
    return name in (m.conditions or {}) or bool(facts.stated_with(m, name, scoped=False))


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


@check("ssl_tps_with_reuse")
def ssl_tps_with_reuse(facts: FactStore) -> Iterator[Hit]:
    """SSL TPS figures measured with requests per connection above one, session reuse or
    pipelining (one finding per table and test)."""
    tables_done: set[tuple[Any, Any]] = set()
    for m in facts.measurements:
        if m.kind != "measured" or m.metric != "ssl_tps" or facts.hedged(m.start):
            continue
        reuse = _flag(facts, m, "tls_session_reuse")
        rpc = requests_per_connection(facts, m)
        if reuse is False and not _own(facts, m, "requests_per_connection"):
            # a figure stated as without session reuse leaves the section's reuse regime,
            # "four requests per TLS session" included: only its own count holds
            rpc = None
        pipelining = _flag(facts, m, "pipelining")
        piped = pipelining is True or (isinstance(pipelining, float) and pipelining > 1)
        if not ((rpc is not None and rpc > 1) or reuse is True or piped):
            continue
        if m.table is not None:
            if (m.table, m.test) in tables_done:
                continue
            tables_done.add((m.table, m.test))
        shown = fmt_number(rpc) if rpc is not None else "?"
        yield Hit(m.start, m.end,
                  f"SSL TPS {m.text} measured with {shown} requests per connection (session "
                  f"reuse: {reuse if reuse is not None else '?'}); that counts requests, not "
                  f"handshakes", {"requests_per_connection": rpc, "session_reuse": reuse})  # fmt: skip
