"""M004 (run part): requests-per-second figures measured with HTTP pipelining.

A run that sends several requests on a connection without waiting for the responses
(autocannon ``-p 10``, wrk with a pipelining script, h2load ``--h1 -m 8``) makes each
request cheaper than real traffic does; its rates cannot be set beside rates measured one
request at a time. HTTP/2 streams (h2load ``-m`` without ``--h1``) are not pipelining.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Extraction
from claimcheck.rules.registry import Hit, check


@check("pipelined_rates")
def pipelined_rates(facts: FactStore) -> Iterator[Hit]:
    """One finding per pipelining depth of the report's measured runs that report a rate
    (their own, or table rows measured under them), at the run's command when there is one."""
    extraction = facts.extraction
    if _match_covers(extraction):
        return
    groups: dict[float | None, list[Any]] = {}
    for run in extraction.runs:
        if run.warmup:
            continue
        depth = run.pipelining.value if run.pipelining else None
        if run.pipelined and depth is None:
            groups.setdefault(None, []).append(run)
        elif depth is not None and depth > 1:
            groups.setdefault(depth, []).append(run)
    for depth, runs in groups.items():
        rates = [(r.results["rps"].text, r.line) for r in runs if "rps" in r.results]
        rates += [
            (f"{row.label} {row.rps.text}", row.line) for r in runs for row in r.rows if row.rps
        ]
        if not rates:
            continue
        first = next((r for r in runs if r.source == "command"), runs[0])
        flag = first.pipelining if first.pipelining is not None else None
        start, end = (flag.start, flag.end) if flag is not None else (first.start, first.end)
        how = f"pipelining depth {depth:g}" if depth is not None else "a pipelining script"
        shown = "; ".join(f"{text} (line {line})" for text, line in rates[:4])
        more = f" and {len(rates) - 4} more" if len(rates) > 4 else ""
        yield Hit(start, end,
                  f"requests per second measured with HTTP {how} ({first.tool or 'run'}, line "
                  f"{first.line}): {shown}{more}; each connection sends requests without waiting "
                  f"for responses, which real clients do not do",
                  {"depth": depth, "rates": len(rates)})  # fmt: skip


def _match_covers(extraction: Extraction) -> bool:
    """True when the rule's match part already reports the pipelining: a measured
    requests-per-second figure in the scope of a pipelining condition (one finding per
    cause)."""
    pipes = [c for c in extraction.conditions if c.name == "pipelining" and not c.negated
             and not c.hedged and (c.value is True or (isinstance(c.value, int | float) and c.value > 1))]  # fmt: skip
    if not pipes:
        return False
    scopes = {c.scope for c in pipes}
    tests = {c.test for c in pipes if c.test}
    return any(
        m.metric == "rps" and m.kind == "measured"
        and ("document" in scopes or f"section:{m.section}" in scopes or m.test in tests)
        for m in extraction.measurements
    )  # fmt: skip
