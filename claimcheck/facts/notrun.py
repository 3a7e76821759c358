"""Statements that a test was not run on a device (S006 reads them): a sentence ("The HA
tests were not conducted on the Brightgate", "only tested on the Harrier LB", "no results
for the Kestrel-7") and a results cell ("N/A", "not tested", "DNF")."""

from __future__ import annotations

import re

from claimcheck import lazyre

_I = re.IGNORECASE

# "The HA tests were not conducted on the BIG-IP", "only tested on the ACE".
_DONE = (
    r"(?:conducted|run|performed|tested|done|carried\s+out|executed|measured|evaluated|repeated)"
)
NOT_RUN_RE = lazyre.compile(
    rf"\b(?:was|were|could|did|has|have|had|is|are)(?:\s*not|n't)\s+(?:be\s+|been\s+)?{_DONE}\b"
    rf"|\bnot\s+{_DONE}\s+(?:on|for|with|against)\b"
    rf"|\bonly\s+{_DONE}\s+(?:on|for|with|against)\b|\b{_DONE}\s+only\s+(?:on|for|with|against)\b"
    rf"|\b{_DONE}\s+(?:on|for|with|against)\s++(?:the\s++)?[^.;,]{{1,40}}?\s+only\b"
    rf"|\bno\s+(?:results?|data|figures?|numbers?|measurements?)\s+(?:for|from|on)\b", _I)  # fmt: skip
# ... in a sentence about a test, not about a feature ("TLS 1.3 is not supported on ...")
TEST_WORD_RE = lazyre.compile(r"\btest\w*|\bbenchmark\w*|\bmeasure\w*|\bscenario", _I)

# A results cell that says the test was not run for that device.
NOT_RUN_CELL_RE = lazyre.compile(r"\(?(?:n/?a|not\s+(?:tested|run|measured|available)|untested|dnf"
                             r"|did\s+not\s+(?:run|complete|finish)|no\s+(?:data|results?))\)?\.?\**",
                             _I)  # fmt: skip


def not_run_span(sentence: str) -> tuple[int, int] | None:
    """Where a sentence about a test says it was not run (or run only) on some device,
    relative to the sentence; None when it says nothing of the kind."""
    m = NOT_RUN_RE.search(sentence)
    if m is None or not TEST_WORD_RE.search(sentence):
        return None
    return m.start(), m.end()


def marks_not_run(cell: str) -> bool:
    """Does a results cell, as a whole, say the test was not run ("N/A", "(not tested)")?"""
    return NOT_RUN_CELL_RE.fullmatch(cell.strip()) is not None
