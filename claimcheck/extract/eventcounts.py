"""Counts of events a sentence states: "500 HTTP transactions", "twelve failed requests",
"200 sessions" (not rates: "500 requests per second" is not a count). Read once per
document from the index's sentences; a rule decides whether a count is small."""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre, regexlit
from claimcheck.extract.conditions.base import NUM, to_int

COUNT_RE = lazyre.compile(
    rf"(?<![\w.,])(?P<n>{NUM})\s+(?:(?:HTTP|HTTPS|TCP|UDP|SIP|DNS|client|test|successful|failed|total"
    r"|simulated|individual|web)\s+){0,2}(?P<u>transactions|requests|connections|sessions|calls"
    r"|queries|flows|pings)\b(?!\s*(?:per|/|each|a\s+second|every))", re.IGNORECASE)  # fmt: skip


@dataclass(slots=True)
class EventCount:
    """A count of events in a sentence: its span, the number (None when unreadable) and
    the event noun as written."""

    start: int
    end: int
    value: int | None
    noun: str


def event_counts(text: str, start: int) -> list[EventCount]:
    """The counts stated in one sentence ``text`` that starts at source offset ``start``."""
    if not regexlit.gate(COUNT_RE).possible(text):
        return []
    return [EventCount(start + m.start(), start + m.end(), to_int(m.group("n")), m.group("u"))
            for m in COUNT_RE.finditer(text)]  # fmt: skip
