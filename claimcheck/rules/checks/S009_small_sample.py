"""S009 small-sample: a pass/fail or rate claim resting on few transactions or a short run."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import words_pattern

MAX_SMALL = 1000  # transactions: a pass/fail or rate judged on this many or fewer is thin
MIN_STEADY = 60.0  # seconds: a measured run or steady state shorter than this is too short


@check("small_sample")
def small_sample(facts: FactStore) -> Iterator[Hit]:
    """S009: a failover or pass/fail verdict on few transactions, a rate from a few hundred
    requests, a steady state shorter than a minute."""
    v = facts.view
    data = rule_data("S009")
    failover = words_pattern(tuple(data.get("failover", ())))
    success = words_pattern(tuple(data.get("success", ())))
    failover_blocks = {v.sentences[i].block for i, _ in v.texts.search(failover)}
    reported: set[int] = set()
    for s in v.sentences:
        if s.hedged or s.block not in failover_blocks or s.block in reported:
            continue
        if not failover.search(s.text) and not success.search(s.text):
            continue
        for count in s.counts:
            n = count.value
            if n is None or not 0 < n <= MAX_SMALL:
                continue
            yield Hit(count.start, count.end,
                      f"a pass/fail verdict rests on {n:,} {count.noun.lower()}: too few to show "
                      f"the outcome is not chance", {"count": n})  # fmt: skip
            reported.add(s.block)
            break
    for counts in v.index.tools.request_counts.values():  # per tool block, in order
        n = next((n for n in counts if 0 < n.value <= MAX_SMALL), None)
        if n is not None:
            yield Hit(n.start, n.end,
                      f"the request rate is computed from only {n.value:,} requests: too few "
                      f"for a steady-state rate", {"count": n.value})  # fmt: skip
    yield from _short_runs(facts)


def _short_runs(facts: FactStore) -> Iterator[Hit]:
    """One finding for the measured runs shorter than MIN_STEADY, at the first statement of
    such a length. A sentence gives way to the tool: when the commands, outputs or parameter
    tables put every run at a minute or more, a shorter time in a sentence is some other
    phase, not the measured run."""
    found = facts.run_durations
    definitive = [d for d in found if d.definitive]
    short = [d for d in (definitive or found) if d.seconds < MIN_STEADY]
    if not short:
        return
    values = sorted({d.seconds for d in short})
    first = short[0]
    said = [d for d in found if not d.definitive and d.seconds in values]
    if said and said[0].start < first.start:
        first = said[0]  # the report's own words for the same length
    runs = [d for d in short if d.source in ("output", "command", "default")]
    tools = {d.tool for d in runs if d.tool}
    length = f"{values[0]:.3g}" + (f"-{values[-1]:.3g}" if len(values) > 1 else "")
    if len(runs) > 1:
        tool = f"{next(iter(tools))} " if len(tools) == 1 else ""
        what = f"the {len(runs)} measured {tool}runs last {length} s{' each' if len(values) == 1 else ''}"
    else:
        what = f"the measured {'steady state' if first.steady else 'run'} lasts {length} s"
    if runs and all(d.source == "default" for d in runs):
        what += " (the tool's default: the command sets no duration)"
    yield Hit(first.start, first.end,
              f"{what}, shorter than the {int(MIN_STEADY)} s a rate needs to settle (RFC 2544 "
              f"section 24)", {"seconds": values})  # fmt: skip
