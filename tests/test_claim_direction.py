"""Which way "faster" or "better" goes comes from the compared figures' units before the
sentence's other words: a throughput claim in a sentence that also mentions power is
still a throughput claim. Invented names."""

from __future__ import annotations

import pytest

import claimcheck


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("With up to 40 Gbps of throughput, the Vell V-4 is 2x faster than the older Vell V-2 "
         "(20 Gbps) and delivers 333 Mbps per watt at maximum power.", "consistent"),
        ("With up to 40 Gbps of throughput, the Vell V-4 is 3x faster than the older Vell V-2 "
         "(20 Gbps) at the same power draw.", "inconsistent"),
        ("The Vell V-4 answered in 2 ms, 3x faster than the Vell V-2 at 6 ms, using less power.",
         "consistent"),
        ("The Vell V-4 draws 100 W, 50% less power than the Vell V-2 at 200 W.", "consistent"),
    ],
)  # fmt: skip
def test_direction_follows_the_operands_units(text: str, status: str) -> None:
    claims = claimcheck.extract(text, "r.md").claims
    assert [c.status for c in claims] == [status]
