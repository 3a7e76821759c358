"""S009 small-sample: a pass/fail or rate claim resting on few transactions or a short run."""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    fmt_number,
)

_I = re.IGNORECASE


MAX_SMALL = 1000  # transactions: a pass/fail or rate judged on this many or fewer is thin
MIN_STEADY = 60.0  # seconds: a measured run or steady state shorter than this is too short
STEADY_RE = lazyre.compile(
    r"steady[ -]?state|measurement\s+(?:window|phase|period|interval)"
    r"|measured\s+(?:window|phase|portion|period)|sustained\s+(?:load|phase)",
    _I,
)
FAILOVER_RE = lazyre.compile(r"\bfail-?over\b|\bfail-?back\b|\bswitch-?over\b|\bhigh[ -]availability\b"
                         r"|\bredundan\w+|\bfault[ -]toleran\w+|\bpass(?:ed)?\s*/\s*fail\w*"
                         r"|\bpass\s+or\s+fail\b", _I)  # fmt: skip
SUCCESS_RE = lazyre.compile(r"\b(?:successful|succeeded|completed|passed|without\s+(?:any\s+)?(?:errors?"
                        r"|failures?|loss)|(?:zero|no)\s+(?:errors|failures|failed|lost|dropped))\b",
                        _I)  # fmt: skip
NOT_STEADY_RE = lazyre.compile(r"\bwarm[ -]?up|\bramp\w*|\bcool[ -]?down|\bidle\b|\bsettle|\bpause"
                           r"|\bsleep|\bdelay", _I)  # fmt: skip


@check("small_sample")
def small_sample(facts: FactStore) -> Iterator[Hit]:
    """S009: a failover or pass/fail verdict on few transactions, a rate from a few hundred
    requests, a steady state shorter than a minute."""
    doc, ex = facts.doc, facts.extraction
    v = facts.view
    failover_blocks = {v.sentences[i].block for i, _ in v.texts.search(FAILOVER_RE)}
    reported: set[int] = set()
    for s in v.sentences:
        if s.hedged or s.block not in failover_blocks or s.block in reported:
            continue
        if not FAILOVER_RE.search(s.text) and not SUCCESS_RE.search(s.text):
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
    warmups = [(r.start, r.end) for r in ex.runs if r.warmup]
    for c, _ in v.conditions("duration"):
        try:
            seconds = float(c.value)
        except (TypeError, ValueError):
            continue
        if not 0 < seconds < MIN_STEADY or any(a <= c.start < b for a, b in warmups):
            continue  # long enough, or the duration of a warm-up run
        s0, s1 = v.bounds(c.start)
        if NOT_STEADY_RE.search(doc.text, max(s0, c.start - 15), min(s1, c.end + 15)):
            continue  # a warm-up or ramp, not the measured run
        steady = STEADY_RE.search(doc.text, max(s0, c.start - 40), min(s1, c.end + 25))
        what = "steady state" if steady else "run"
        yield Hit(c.start, c.end,
                  f"the measured {what} lasts {fmt_number(seconds)} s, shorter than the {int(MIN_STEADY)}"
                  f" s a rate needs to settle (RFC 2544 section 24)", {"seconds": seconds})  # fmt: skip
