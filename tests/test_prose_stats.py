"""Summary statistics stated in prose (claimcheck.extract.prosestats) and A007 on them:
phrasings in several genres with invented names, impossible orders and possible ones."""

from __future__ import annotations

import pytest

import claimcheck

BAD = [
    "Latency for the Harl H3: median 4.1 ms, 99th percentile 3.0 ms.",
    "On the Harl H3 we measured a p50 of 4.1 ms and a p99 of 3.0 ms.",
    "In our runs the p90 latency was 8 ms and the p99 latency was 6 ms.",
    "Mean latency came to 5.2 ms, with a maximum of 4.0 ms.",
    "The Harl H3 answered with a minimum of 2 ms and a median of 1500 us.",
    "Response times: p50 = 0.9 s, p99 = 700 ms.",
]
GOOD = [
    "Latency for the Harl H3: median 3.0 ms, 99th percentile 4.1 ms.",
    "On the Harl H3 we measured a p50 of 900 us and a p99 of 3.0 ms.",
    # two systems side by side: not one distribution
    "The Harl H3 had a p99 of 3.0 ms while the Ossel O4 had a p50 of 4.1 ms.",
    "The Harl H3 had a p99 of 3.0 ms and the Ossel O4 a p50 of 4.1 ms.",
    "The p99 of the Harl H3 was 3.0 ms, lower than the Ossel O4's median of 4.1 ms.",
    # statistics in separate sentences may be of separate tests
    "The median was 4.1 ms at full load. At half load the p99 was 3.0 ms.",
    # a figure without a statistic word is not typed
    "The Harl H3 took 4.1 ms on average requests and 3.0 ms on small ones.",
]


@pytest.mark.parametrize("text", BAD)
def test_prose_statistics_out_of_order(text: str) -> None:
    found = [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "A007"]
    assert len(found) == 1, found


@pytest.mark.parametrize("text", GOOD)
def test_prose_statistics_in_order_or_not_one_distribution(text: str) -> None:
    assert [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "A007"] == []


def test_finding_points_at_the_later_figure() -> None:
    text = "Latency for the Harl H3: median 4.1 ms, 99th percentile 3.0 ms."
    (f,) = [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "A007"]
    assert text[f.column - 1 :].startswith("3.0 ms")
