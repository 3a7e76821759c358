"""S012 errors-in-results: rates that include failed responses, error counts not set beside
the rates.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    clip,
    is_tool_block,
)

_I = re.IGNORECASE


# The report says failed responses were left out of the rates.
EXCLUDED_RE = lazyre.compile(r"\bexclud\w+|\bnot\s+counted\b|\bonly\s+(?:successful|2xx|valid)\b"
                         r"|\bdiscard\w*|\bfiltered\s+out\b|\bsuccessful\s+(?:requests|responses"
                         r"|transactions)\s+only\b", _I)  # fmt: skip
_ERROR_KIND = {"timeouts": "timeouts", "non_2xx": "non-2xx responses", "failures": "failures",
               "connection_closed": "closed connections", "errors": "errors"}  # fmt: skip
RATE_UNITS = lazyre.compile(r"/\s*second|per\s+second|RPS|CPS|TPS|req/s", _I)


@check("errors_in_results")
def errors_in_results(facts: FactStore) -> Iterator[Hit]:
    """S012: a run that logged failed, timed-out or non-2xx responses whose rate is reported
    without the error counts beside it, and comparisons that use such a rate."""
    doc, ex = facts.doc, facts.extraction
    v = facts.view
    reported: set[int] = set()  # blocks already reported
    error_blocks: set[int] = set()  # tool output of runs that logged failures
    for c, devs in v.conditions("errors"):
        count = c.value.get("count") if isinstance(c.value, dict) else None
        bi = v.block_index(c.start)
        if c.source == "table" or not isinstance(count, int) or count <= 0 or bi is None:
            continue  # an errors column sets the counts beside the rates
        if is_tool_block(doc.blocks[bi]):
            error_blocks.add(bi)
        else:
            s0, s1 = v.bounds(c.start)
            if EXCLUDED_RE.search(doc.text, s0, s1) or any(
                q.unit and RATE_UNITS.search(f"{q.unit} {q.unit_text}")
                for q in _quantities(v, s0, s1)
            ):
                continue  # the count is given beside the rate, or the failures were left out
        if bi in reported:
            continue
        reported.add(bi)
        who = ", ".join(v.name(d) for d in sorted(devs)) or "a run"
        kind = _ERROR_KIND.get(str(c.value.get("kind")), "errors")
        yield Hit(c.start, c.end,
                  f"{who} logged {count:,} {kind}, but the rates do not set the error counts "
                  f"beside them", {"errors": c.value})  # fmt: skip
    for run in ex.runs:  # a parsed run says most (counts and rate): before the text scan
        hit = _run_errors(v, run, reported, error_blocks)
        if hit is not None:
            yield hit
    for bi, found in sorted(v.index.tools.errors.items()):  # failure counts in tool output
        error_blocks.add(bi)
        if bi in reported:
            continue
        shown = "; ".join(clip(f.text, 50) for f in found[:3])
        yield Hit(found[0].start, found[0].end,
                  f"the tool output counts failed responses ({shown}); a rate from this run "
                  f"includes them unless the error counts are reported beside it",
                  {"errors": [f.text for f in found]})  # fmt: skip
    yield from _rates_with_errors(v, error_blocks)


_RUN_ERROR_NAMES = {"connect": "connect errors", "read": "read errors", "write": "write errors",
                    "timeout": "timeouts", "non_2xx": "non-2xx/3xx responses",
                    "failed": "failed requests", "errored": "errored requests",
                    "errors": "errors"}  # fmt: skip


def _run_errors(v: View, run: Any, reported: set[int], error_blocks: set[int]) -> Hit | None:
    """A run fact with error counts above zero whose rate is reported without them: its own
    printed rate, or the table rows it is linked to when the table has no errors column."""
    if run.warmup or run.error_count() <= 0:
        return None
    first = min(run.errors.values(), key=lambda e: e.start)
    bi = v.block_index(first.start)
    if bi is None or bi in reported:
        return None
    rows = [r for r in run.rows if r.rps is not None]
    rate = run.results.get("rps")
    if rate is None and not rows:
        return None
    if rows and all(r.errors is not None for r in rows):
        return None  # an errors column sets the counts beside the rates
    s0, s1 = v.bounds(first.start)
    if EXCLUDED_RE.search(v.doc.text, s0, s1):
        return None  # the failures were left out of the rates
    reported.add(bi)
    if is_tool_block(v.doc.blocks[bi]):
        error_blocks.add(bi)
    kinds = ", ".join(f"{e.value:,.0f} {_RUN_ERROR_NAMES.get(k, k)}" for k, e in run.errors.items()
                      if e.value > 0)  # fmt: skip
    if rows:
        shown = "; ".join(f"{r.label} {r.rps.value:,.2f} req/s (line {r.line})" for r in rows[:3])
    else:
        shown = f"{rate.value:,.2f} req/s"
    tool = f"{run.tool} " if run.tool else ""
    return Hit(first.start, first.end,
               f"the {tool}run logged {kinds}, and its rate ({shown}) counts them: the error "
               f"counts are not set beside the rates", {"errors": {k: e.value for k, e in run.errors.items()}})  # fmt: skip


ERROR_WORD_RE = lazyre.compile(r"\berror|\bfail|non-2xx|\btime-?outs?\b", _I)


def _rates_with_errors(v: View, error_blocks: set[int]) -> Iterator[Hit]:
    printed = v.index.tools.rates
    rates = [r for bi in error_blocks for r in printed.get(bi, ())]
    if not rates:
        return
    rates.sort()
    for claim in v.ex.claims:
        s = v.sentence_at(claim.start)
        if s is None or s.hedged or EXCLUDED_RE.search(s.text) or ERROR_WORD_RE.search(s.text):
            continue
        used = next((o for o in claim.operands if _near(rates, o.value)), None)
        if used is None:
            continue
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares a rate ({used.text}) from a run that logged failed '
                  f"responses, without the error counts beside it", {"rate": used.value})  # fmt: skip


def _near(sorted_values: list[float], x: float) -> bool:
    i = bisect_right(sorted_values, x)
    for j in (i - 1, i):
        if 0 <= j < len(sorted_values) and abs(sorted_values[j] - x) <= max(0.05, 5e-4 * abs(x)):
            return True
    return False


def _quantities(v: View, start: int, end: int) -> Iterable[Any]:
    i = bisect_right(v.q_starts, start - 1)
    while i < len(v.quantities) and v.quantities[i].start < end:
        yield v.quantities[i]
        i += 1
