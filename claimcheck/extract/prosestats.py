"""Summary statistics stated in prose: "a p50 of 3.4 ms and a p99 of 2.9 ms", "median
3.4 ms, 99th percentile 2.9 ms", "average latency was 12 ms, max 9 ms".

A statistic word right before a time figure types it; the typed figures of one sentence
form one group (one distribution) when the sentence names at most one system and sets
nothing side by side, so that "X's p99 ... while Y's p50" is never read as one
distribution. A007 checks their order as it
does a table's.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.extract.docindex import DocumentIndex
from claimcheck.extract.statsets import StatGroup, stat_key
from claimcheck.models import Document
from claimcheck.textkeys import fold
from claimcheck.units import convert, dimensionality

# the statistic word and what may stand between it and its figure ("p99 latency of",
# "median was", "99th percentile:"), anchored at the end of the text before the figure
_STAT_BEFORE = lazyre.compile(
    r"(?<![\w.])(?P<stat>p[ ]?\d{1,2}(?:\.\d{1,3})?|\d{1,2}(?:\.\d{1,3})?(?:st|nd|rd|th)[ ]percentile"
    r"|median|mean|average|avg|min(?:imum)?|max(?:imum)?)"
    r"(?:[ ](?:latency|response[ ]time|round[ -]trip[ ]time|rtt))?"
    r"(?:[ ](?:of|was|is|were|at|came[ ]to|reached|stood[ ]at|around|about))?"
    r"[ ]?+[:=]?+[ ]?+$",
    re.IGNORECASE,
)
# a sentence that sets two things side by side may give each its own distribution
_TWO_SUBJECTS = lazyre.compile(
    r"(?i:\b(?:while|whereas|but|compared|against|versus|vs|than|respectively|unlike)\b)"
    r"|(?:\band|,|;)[ ]the[ ][A-Z]"
)
_WINDOW = 48  # characters before a figure that may hold its statistic word


@dataclass(slots=True)
class Figure:
    """A figure's text and span (what A007's message and location need)."""

    text: str
    start: int
    end: int


def prose_stat_groups(
    doc: Document, ix: DocumentIndex, mention_starts: list[int]
) -> list[StatGroup]:
    """One group per sentence holding two or more typed time figures and naming at most
    one system (``mention_starts``: every device mention's offset, sorted)."""
    out: list[StatGroup] = []
    qs = ix.quantities
    q_starts = [q.start for q in qs]
    time_dims = dimensionality("second")
    for s in ix.sentences:
        sent = s.sentence
        lo, hi = bisect_left(q_starts, sent.start), bisect_left(q_starts, sent.end)
        if hi - lo < 2:
            continue
        named = bisect_left(mention_starts, sent.end) - bisect_left(mention_starts, sent.start)
        if named > 1 or _TWO_SUBJECTS.search(sent.text):
            continue
        stats = []
        for q in qs[lo:hi]:
            if not q.unit or q.is_range or dimensionality(q.unit) != time_dims:
                continue
            before = doc.text[max(sent.start, q.start - _WINDOW) : q.start]
            m = _STAT_BEFORE.search(before)
            if m is None:
                continue
            word = fold(m.group("stat")).replace(" ", "")
            key = stat_key(word.replace("percentile", " percentile"))
            if key is None:
                continue
            try:
                seconds = convert(q.value, q.unit, "second")
            except Exception:  # noqa: BLE001 - a unit that does not convert is not a latency
                continue
            stats.append((key, seconds, Figure(q.text, q.start, q.end), m.group("stat")))
        if len({k for k, *_ in stats}) == len(stats) >= 2:
            out.append(StatGroup(stats, ""))
    return out
