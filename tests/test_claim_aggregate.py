"""Multiples whose reference is an entity's highest or lowest figure over every condition,
on reports written for these tests."""

from __future__ import annotations

import pytest

import claimcheck

LATENCY = """
# Tail latency under load

p99 latency in milliseconds at each offered load.

| Load | Merrin M5 | Corvin C2 |
|---|---|---|
| 10k RPS | 1.2 | 3.0 |
| 50k RPS | 1.6 | 52.0 |
| 100k RPS | 1.7 | 180.0 |

{claim}
"""

THROUGHPUT = """
## Throughput by object size

Requests per second for each object size.

| Size | Ostrel O4 | Pardee D1 |
|---|---|---|
| 1 KB | 90,000 | 30,000 |
| 64 KB | 40,000 | 9,000 |
| 512 KB | 12,000 | 1,500 |

{claim}
"""

CASES = [
    ("lab review", LATENCY,
     "At 100k RPS the Corvin C2's p99 was more than 100x the Merrin M5's highest p99 at any load.",
     "consistent"),
    ("lab review", LATENCY,
     "At 50k RPS the Corvin C2's p99 was more than 40x the Merrin M5's highest p99 at any load.",
     "inconsistent"),
    ("vendor blog", LATENCY,
     "At 50k RPS the Corvin C2 needed about 30 times the Merrin M5's worst p99 across all loads.",
     "consistent"),
    ("vendor blog", LATENCY,
     "At 10k RPS the Corvin C2 needed about 5 times the Merrin M5's worst p99 across all loads.",
     "inconsistent"),
    ("datasheet", THROUGHPUT,
     "At 1 KB the Ostrel O4 serves 60x the Pardee D1's lowest rate at any size.",
     "consistent"),
    ("datasheet", THROUGHPUT,
     "At 1 KB the Ostrel O4 serves 90x the Pardee D1's lowest rate at any size.",
     "inconsistent"),
    ("README", THROUGHPUT,
     "Even at 64 KB the Ostrel O4 does nearly 27x the Pardee D1's smallest figure across all sizes.",
     "consistent"),
    ("README", THROUGHPUT,
     "Even at 64 KB the Ostrel O4 does nearly 40x the Pardee D1's smallest figure across all sizes.",
     "inconsistent"),
]  # fmt: skip


@pytest.mark.parametrize(
    "genre,template,sentence,status", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_aggregate_operand(genre, template, sentence, status):
    text = template.format(claim=sentence)
    claims = [c for c in claimcheck.extract(text, "report.md").claims if c.kind == "ratio"]
    assert [c.status for c in claims] == [status], [c.message for c in claims]
    assert [o.source for o in claims[0].operands] == ["table_cell", "table_cell"]
    hits = [f for f in claimcheck.check_text(text, "report.md").findings if f.rule == "A002"]
    assert len(hits) == (status == "inconsistent")


def test_no_condition_named_stays_unverifiable():
    text = LATENCY.format(
        claim="The Corvin C2's p99 was more than 40x the Merrin M5's highest p99 at any load."
    )
    claims = [c for c in claimcheck.extract(text, "report.md").claims if c.kind == "ratio"]
    assert [c.status for c in claims] == ["unverifiable"]
