"""Range and "within" claims summarising several pairs of a report's tables, on reports
written for these tests."""

from __future__ import annotations

import pytest

import claimcheck
from tests import tablerender as R

CONCURRENCY = """
## Throughput

Requests per second at each concurrency level:

| Concurrency | Lumen L4 | Parrot R2 | Sable S1 |
|---|---|---|---|
| 10 | 11,000 | 10,000 | 10,200 |
| 100 | 22,000 | 20,000 | 19,500 |
| 1000 | 33,000 | 30,000 | 29,000 |

{claim}
"""

SIZES = """
# Object size results

Connections per second by object size.

| Size | Gannet G7 | Tercel T1 |
|---|---|---|
| 1 KB | 40,000 | 16,000 |
| 16 KB | 30,000 | 12,000 |
| 128 KB | 20,000 | 9,000 |

{claim}
"""

RUNS = """
# Ospry proxy

{claim}

## Run on the laptop

| Proxy | Req/s | Avg latency |
|---|---|---|
| ospry | 14,000 | 7.0 ms |
| hawkbit | 10,000 | 10.0 ms |

## Run on the server

| Proxy | Req/s | Avg latency |
|---|---|---|
| ospry | 26,000 | 4.0 ms |
| hawkbit | 20,000 | 5.0 ms |
"""

LATENCY = """
## Latency

Mean latency in milliseconds by load.

| Load | Quarry Q3 | Mistral M1 |
|---|---|---|
| 10k RPS | 2.0 | 2.4 |
| 50k RPS | 3.0 | 3.9 |

{claim}
"""

# (genre, template, claim sentence, kind, status)
CASES = [
    ("lab review", CONCURRENCY,
     "At every concurrency level the Lumen L4 stays ahead of the other two by 8-15%.",
     "range", "consistent"),
    ("lab review", CONCURRENCY,
     "At every concurrency level the Lumen L4 stays ahead of the other two by 12-15%.",
     "range", "inconsistent"),
    ("vendor blog", CONCURRENCY,
     "**Lumen L4 wins.** It leads the others by 5% to 10% at every level.",
     "range", "inconsistent"),
    ("vendor blog", CONCURRENCY,
     "The Lumen L4 is between 8% and 15% faster than the Parrot R2 and the Sable S1.",
     "range", "consistent"),
    ("datasheet", SIZES,
     "The Gannet G7 handles between 2x and 3x the connections of the Tercel T1 at every size.",
     "range", "consistent"),
    ("datasheet", SIZES,
     "The Gannet G7 is 2.5-3x faster than the Tercel T1 across all sizes.",
     "range", "inconsistent"),
    ("README", RUNS,
     "ospry is 20% ~ 30% or more faster than hawkbit.",
     "range", "consistent"),
    ("README", RUNS,
     "ospry is 45% ~ 60% faster than hawkbit.",
     "range", "inconsistent"),
    ("lab review", LATENCY,
     "The Quarry Q3 answers 20-30% faster than the Mistral M1 at every load.",
     "range", "consistent"),
    ("lab review", LATENCY,
     "The Quarry Q3 answers 40-50% faster than the Mistral M1 at every load.",
     "range", "inconsistent"),
    ("README", RUNS,
     "Even on the laptop hawkbit finished within 30% of ospry.",
     "bound", "consistent"),
    ("README", RUNS,
     "On both machines hawkbit finished within 10% of ospry.",
     "bound", "inconsistent"),
    ("lab review", CONCURRENCY,
     "The Sable S1 came within 5% of the Parrot R2 at every load.",
     "bound", "consistent"),
    ("lab review", CONCURRENCY,
     "The Sable S1 came within 2% of the Parrot R2 at every load.",
     "bound", "inconsistent"),
]  # fmt: skip


def claim_of(text: str, kind: str, name: str = "report.md"):
    found = [c for c in claimcheck.extract(text, name).claims if c.kind == kind]
    assert len(found) == 1, [
        (c.kind, c.stated) for c in claimcheck.extract(text, "report.md").claims
    ]
    return found[0]


@pytest.mark.parametrize("genre,template,sentence,kind,status", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])  # fmt: skip
def test_phrasing(genre, template, sentence, kind, status):
    claim = claim_of(template.format(claim=sentence), kind)
    assert claim.status == status, claim.message
    assert claim.operands and all(o.source == "table_cell" for o in claim.operands)


def test_message_lists_the_deltas_outside_with_their_conditions():
    text = CONCURRENCY.format(claim=CASES[1][2])
    claim = claim_of(text, "range")
    assert "2 of 6" in claim.message or "of 6" in claim.message
    assert "Parrot R2 +10.00% at concurrency=10" in claim.message
    found = [f for f in claimcheck.check_text(text, "report.md").findings if f.rule == "A001"]
    assert [f.line for f in found] == [claim.line]


def test_ratio_range_reports_a002():
    text = SIZES.format(claim=CASES[5][2])
    found = [f for f in claimcheck.check_text(text, "report.md").findings if f.rule[0] == "A"]
    assert [f.rule for f in found] == ["A002"]


def test_renamed_entities_give_the_same_verdicts():
    for genre, template, sentence, kind, status in CASES[:8]:
        text = template.format(claim=sentence)
        for old, new in (("Lumen", "Orrin"), ("Gannet", "Kestle"), ("ospry", "wendle")):
            text = text.replace(old, new)
        assert claim_of(text, kind).status == status, (genre, sentence)


def test_a_range_of_levels_is_not_a_comparison():
    text = CONCURRENCY.format(claim="CPU use of the Lumen L4 stayed at 40-60% throughout.")
    assert not [c for c in claimcheck.extract(text, "report.md").claims if c.kind == "range"]


def test_no_table_entity_named_stays_unverifiable():
    text = CONCURRENCY.format(claim="Some products are 5-15% faster than others.")
    claims = [c for c in claimcheck.extract(text, "report.md").claims if c.kind == "range"]
    assert all(c.status == "unverifiable" for c in claims)


@pytest.mark.parametrize("form", ["tsv", "transposed"])
def test_rerendered_tables_give_the_same_verdicts(form):
    for _genre, template, sentence, kind, status in CASES:
        text, _, _ = R.rerender(template.format(claim=sentence), form)
        assert claim_of(text, kind, "report.txt" if form == "tsv" else "report.md").status == status
