"""Which relations are claims of the report (claim_scope) and claims judged on the two
samples of a statistics block that follows them (claim_statpair), on invented reports."""

from __future__ import annotations

import claimcheck


def _claims(text: str) -> list:
    return claimcheck.extract(text, "report.md").claims


def _stated(text: str) -> list[str]:
    return [c.stated for c in _claims(text)]


# --- others' work -------------------------------------------------------------------------

OTHERS = """
# Harrier LB tuning notes

According to a study published by a large search company, a 400 ms slowdown cuts
their ad revenue by 1.6%.

We ran the Harrier LB at 42,000 req/s with a p99 of 12 ms.
"""

OWN = """
# Harrier LB tuning notes

After the tuning, the Harrier LB served 8% more requests than before.

We ran the Harrier LB at 42,000 req/s with a p99 of 12 ms.
"""


def test_relation_in_a_sentence_about_others_work_is_not_extracted() -> None:
    assert not any("1.6" in (c.stated or "") for c in _claims(OTHERS))


def test_own_unverifiable_relation_is_still_extracted() -> None:
    assert any("8%" in (c.stated or "") for c in _claims(OWN))


# --- physical and commercial comparisons ------------------------------------------

PHYSICAL = """
# Kestrel-7 blade overview

The Kestrel-7 blades are half the width of the older K5 blades. A Kestrel-7 blade also
costs half the price of a K9 blade.

| Blade | L7 req/s |
|---|---|
| K5 | 410,000 |
| Kestrel-7 | 930,000 |
"""

RESULT_MULTIPLES = """
# Kestrel-7 blade overview

The Kestrel-7 blade serves twice the requests of the older K5 blade at half the latency
of the K9, and half the price per Gbps of the K9.

| Blade | L7 req/s |
|---|---|
| K5 | 410,000 |
| Kestrel-7 | 930,000 |
"""


def test_physical_and_commercial_multiples_are_not_claims() -> None:
    assert _stated(PHYSICAL) == []


def test_multiples_of_results_stay_claims() -> None:
    stated = " ".join(_stated(RESULT_MULTIPLES)).lower()
    assert "twice" in stated
    assert stated.count("half") == 2  # "half the latency", "half the price per Gbps"


def test_compares_non_result_reads_only_the_words_after_the_value() -> None:
    from claimcheck.extract.claim_scope import compares_non_result
    from claimcheck.models import Claim

    text = "Brightgate is 4x the cost of Harrier but 2x the throughput of Harrier."
    cost = Claim(kind="ratio", rule="A002", text=text, start=text.index("4x"), end=0,
                 stated="4x")  # fmt: skip
    speed = Claim(kind="ratio", rule="A002", text=text, start=text.index("2x"), end=0,
                  stated="2x")  # fmt: skip
    assert compares_non_result(text, cost, len(text))
    assert not compares_non_result(text, speed, len(text))
    assert not compares_non_result("", cost, 0)  # bad input: no text, no attribute


# --- the two samples of a statistics block ------------------------------------------------

STATS = """
# Brightgate 4.2 vs 4.1 forwarding

Forwarding rate drops with the new build ({stated}):

```
x build-4.1.pps
+ build-4.2.pps
    N           Min           Max        Median           Avg        Stddev
x   5        500100        510300        505000      505200.0      3900.1
+   5        398000        402600        400100      400350.0      1800.7
```
"""


def _stat_claim(stated: str):  # noqa: ANN202
    found = [c for c in _claims(STATS.format(stated=stated)) if c.line == 4]
    assert len(found) == 1
    return found[0]


def test_delta_of_two_sample_means_is_judged() -> None:
    c = _stat_claim("-21%")  # 400350 / 505200 - 1 = -20.75%
    assert c.status == "consistent"
    assert [o.value for o in c.operands] == [400350.0, 505200.0]


def test_delta_that_no_order_of_the_means_gives_stays_unverifiable() -> None:
    c = _stat_claim("-40%")  # which sample is the reference is not written: no accusation
    assert c.status == "unverifiable"
    assert not c.operands


def test_statistics_block_elsewhere_resolves_nothing() -> None:
    text = STATS.format(stated="-21%").replace(
        "Forwarding rate drops with the new build (-21%):",
        "Forwarding rate drops with the new build (-21%).\n\nThe raw samples are below:",
    )
    found = [c for c in _claims(text) if c.stated and "21" in c.stated]
    assert found and all(c.status == "unverifiable" for c in found)


# --- figures on an indented line continue the labelled line above them --------------------

CONTINUED = """
# Queue brokers

```
Quillmq Producer: Sent 50000 messages of 512 bytes in 2100ms
                  Total sent: 24.4 MiB (97.5 Mbit/s)
Harbor Producer: Sent 50000 messages of 512 bytes in 6300ms
                 Total sent: 24.4 MiB (32.5 Mbit/s)
```

Quillmq reaches {stated} the throughput of Harbor on the producer side.
"""


def _continued(stated: str):  # noqa: ANN202
    found = [c for c in _claims(CONTINUED.format(stated=stated)) if c.line == 11]
    assert len(found) == 1
    return found[0]


def test_indented_figure_belongs_to_the_label_above() -> None:
    c = _continued("triple")  # 97.5 / 32.5 = 3.0
    assert c.status == "consistent"
    assert sorted(o.text for o in c.operands) == ["32.5 Mbit/s", "97.5 Mbit/s"]


def test_unindented_lines_keep_their_own_label() -> None:
    from claimcheck.extract.operands import _outer_label

    text = "Alpha: 1 ms\nBeta: 2 ms\n   total: 3 ms\n"
    beta = text.index("   total")
    assert _outer_label(text, 0, beta) == "Beta"
    assert _outer_label(text, 0, text.index("Beta")) is None
    assert _outer_label("  x: 1", 0, 0) is None  # bad input: nothing above


# --- an ordinal of a name is no operand ----------------------------------------------------

LAYERS = """
# Brightgate memory notes

As a rule of thumb, a TLS connection on the Brightgate uses about twice the memory of a
plain layer 7 connection, and four times the memory of a layer 4 one.
"""

LAYER_FIGURES = """
# Brightgate memory notes

At layer 7 the Harrier LB served 40,000 req/s and the Brightgate 20,000 req/s, so the
Harrier LB served twice the requests of the Brightgate.
"""


def test_layer_numbers_are_not_candidate_operands() -> None:
    claims = _claims(LAYERS)
    assert claims and all(c.status == "unverifiable" for c in claims)
    assert not any("7 vs 4" in (c.message or "") for c in claims)


def test_figures_beside_a_layer_number_still_resolve() -> None:
    twice = [c for c in _claims(LAYER_FIGURES) if c.stated == "twice"]
    assert twice and twice[0].status == "consistent"
