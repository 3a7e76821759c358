"""S009 small-sample: a pass/fail or rate claim resting on few transactions or a short run."""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.models import Document, Extraction
from claimcheck.rules.cues import NUM, to_int
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    fmt_number,
)
from claimcheck.rules.views import view

_I = re.IGNORECASE


MAX_SMALL = 1000  # transactions: a pass/fail or rate judged on this many or fewer is thin
MIN_STEADY = 60.0  # seconds: a measured run or steady state shorter than this is too short
STEADY_RE = lazyre.compile(
    r"steady[ -]?state|measurement\s+(?:window|phase|period|interval)"
    r"|measured\s+(?:window|phase|portion|period)|sustained\s+(?:load|phase)",
    _I,
)
COUNT_RE = lazyre.compile(
    rf"(?<![\w.,])(?P<n>{NUM})\s+(?:(?:HTTP|HTTPS|TCP|UDP|SIP|DNS|client|test|successful|failed|total"
    r"|simulated|individual|web)\s+){0,2}(?P<u>transactions|requests|connections|sessions|calls"
    r"|queries|flows|pings)\b(?!\s*(?:per|/|each|a\s+second|every))", _I)  # fmt: skip
FAILOVER_RE = lazyre.compile(r"\bfail-?over\b|\bfail-?back\b|\bswitch-?over\b|\bhigh[ -]availability\b"
                         r"|\bredundan\w+|\bfault[ -]toleran\w+|\bpass(?:ed)?\s*/\s*fail\w*"
                         r"|\bpass\s+or\s+fail\b", _I)  # fmt: skip
SUCCESS_RE = lazyre.compile(r"\b(?:successful|succeeded|completed|passed|without\s+(?:any\s+)?(?:errors?"
                        r"|failures?|loss)|(?:zero|no)\s+(?:errors|failures|failed|lost|dropped))\b",
                        _I)  # fmt: skip
NOT_STEADY_RE = lazyre.compile(r"\bwarm[ -]?up|\bramp\w*|\bcool[ -]?down|\bidle\b|\bsettle|\bpause"
                           r"|\bsleep|\bdelay", _I)  # fmt: skip
AB_COUNT_RES = [
    lazyre.compile(r"(?m)^[^\S\n]*Complete requests:\s+(\d+)\s*$"),
    # the gap to "-n" stops at the next tool name: each name starts one scan of its line
    lazyre.compile(
        r"(?<![\w./-])(?:ab|hey|h2load|oha)\b(?:(?!(?<![\w./-])(?:ab|hey|h2load|oha)\b)"
        r"[^\n`])*?\s(?:-n|--requests)[ =]?(\d+)\b"
    ),
]


@check("small_sample")
def small_sample(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S009: a failover or pass/fail verdict on few transactions, a rate from a few hundred
    requests, a steady state shorter than a minute."""
    v = view(doc, ex)
    failover_blocks = {v.sentences[i].block for i, _ in v.texts.search(FAILOVER_RE)}
    reported: set[int] = set()
    for s in v.sentences:
        if s.hedged or s.block not in failover_blocks or s.block in reported:
            continue
        if not FAILOVER_RE.search(s.text) and not SUCCESS_RE.search(s.text):
            continue
        for m in COUNT_RE.finditer(s.text):
            n = to_int(m.group("n"))
            if n is None or not 0 < n <= MAX_SMALL:
                continue
            yield Hit(s.start + m.start(), s.start + m.end(),
                      f"a pass/fail verdict rests on {n:,} {m.group('u').lower()}: too few to show "
                      f"the outcome is not chance", {"count": n})  # fmt: skip
            reported.add(s.block)
            break
    for block in doc.blocks:
        if block.kind != "code" and not (
            block.table and block.table.kind in ("tool_output", "code")
        ):
            continue
        text = doc.text[block.start : block.end]
        m = next((m for rx in AB_COUNT_RES for m in rx.finditer(text)
                  if 0 < int(m.group(1)) <= MAX_SMALL), None)  # fmt: skip
        if m is not None:
            n = int(m.group(1))
            yield Hit(block.start + m.start(1), block.start + m.end(1),
                      f"the request rate is computed from only {n:,} requests: too few for a "
                      f"steady-state rate", {"count": n})  # fmt: skip
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
