"""A004 (cross_reference): the routes that disagree with a stated figure are found by
bisection; they are the ones a comparison of every pair finds."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.api import check_text
from claimcheck.models import Measurement
from claimcheck.rules.checks import A004_cross_reference as crossref

QUALIFIERS = st.sampled_from([None, "over", "about", "up to", "almost"])
UNITS = st.sampled_from(["Gbps", "Mbps"])


@st.composite
def figures(draw: st.DrawFn, source: str) -> Measurement:
    value = draw(st.sampled_from([0.0, 1.0, 1.5, 12.0, 12.3, 15.0, 1500.0, 12000.0]))
    low = draw(st.one_of(st.none(), st.sampled_from([11.0, 12.0, -math.inf])))
    return Measurement(metric="throughput", value=value, unit=draw(UNITS), line=1,
                       start=draw(st.integers(0, 50)), end=60, text=f"{value}",
                       decimals=draw(st.integers(0, 2)), qualifier=draw(QUALIFIERS),
                       source=source, low=low, high=None if low is None else low + 1.5)  # fmt: skip


def _every_pair(stated: list[Measurement], routes: list[Measurement]) -> list[tuple]:
    """Each stated figure against every route, the first MAX_ROUTES that disagree."""
    found = []
    for si, s in enumerate(stated):
        try:
            s_lo, s_hi = crossref.interval(s, s.unit)
        except Exception:  # noqa: BLE001
            continue
        hits = []
        for ri, d in enumerate(routes):
            try:
                d_lo, d_hi = crossref.interval(d, s.unit)
            except Exception:  # noqa: BLE001
                continue
            if s_hi < d_lo or d_hi < s_lo:
                hits.append((ri, si, (s_lo, s_hi), (d_lo, d_hi)))
        found += hits[: crossref.MAX_ROUTES]
    found.sort(key=lambda f: (f[0], f[1]))
    return [(routes[ri], stated[si], s_span, d_span) for ri, si, s_span, d_span in found]


@settings(max_examples=400, deadline=None)
@given(st.lists(figures("text"), max_size=6), st.lists(figures("derived"), max_size=8))
def test_disagreements_are_those_of_every_pair(
    stated: list[Measurement], routes: list[Measurement]
) -> None:
    assert crossref._disagreements(stated, routes) == _every_pair(stated, routes)


def test_a_repeated_derivation_is_one_route() -> None:
    """A report repeated: each stated figure once against the first copy of its derivation."""
    part = (
        "# Review\n\n## Layer 4 Throughput\n\nThe Granite G-40 reached a measured 15 Gbps of "
        "throughput.\n\n## Power\n\nThe efficiency figures divide the measured L4 Throughput "
        "by the power drawn at full load.\n\n| Device | Idle | Full Load | Mbps/Watt |\n"
        "|---|---|---|---|\n| Granite G-40 | 150 | 200 | 60 |\n| Granite G-80 | 200 | 300 | 90 |\n"
    )
    once = [f for f in check_text(part, "r.md").findings if f.rule == "A004"]
    assert len(once) == 1
    three = [f for f in check_text("\n\n".join([part] * 3), "r.md").findings if f.rule == "A004"]
    assert len(three) == 3
    assert len({f.message.split("(line ")[2] for f in three}) == 1  # the first copy's route
