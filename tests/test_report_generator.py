"""Whole generated reports: every wrong claim is found, no right one is flagged, in every
layout (issue 24). The reports come from :mod:`tests.reportgen` (invented names, figures
in prose, lists, tables both ways, tool output, code fences, a summary far from them)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).parent))
from reportgen import LAYOUTS, Report, addition_reports, reports  # noqa: E402  (tests/reportgen.py)

import claimcheck  # noqa: E402

A_RULES = ("A001", "A002", "A003")
BOUNDED = settings(
    max_examples=70, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _flagged(r: Report) -> list:
    findings = claimcheck.check_text(r.text, name="report.md").findings
    return [f for f in findings if f.rule in A_RULES]


@BOUNDED
@given(reports())
def test_wrong_claims_are_found_and_right_ones_are_not_flagged(r: Report) -> None:
    flagged = _flagged(r)
    if r.right:
        assert flagged == [], (r.layout, r.text, [f.message for f in flagged])
    else:
        assert flagged, (r.layout, r.text)


@BOUNDED
@given(reports(layouts=("prose",), metrics=("rate",)))
def test_the_verdict_is_the_same_in_every_layout(r: Report) -> None:
    from reportgen import RENDER

    # the same figures and claim in each layout: one verdict
    verdicts = set()
    for layout in LAYOUTS:
        text = _relayout(r, layout, RENDER)
        verdicts.add(bool(_flagged(Report(text, layout, r.kind, r.right, r.stated))))
    assert verdicts == {not r.right}, r.text


def _relayout(r: Report, layout: str, render) -> str:  # noqa: ANN001
    """The prose report's names, figures and claim, written in ``layout``."""
    import re

    m = re.search(r"The (.+?) served ([\d,]+) requests per second and the (.+?) served "
                  r"([\d,]+) requests per second\. (The .+\.)", r.text)  # fmt: skip
    assert m is not None, r.text
    big, a, small, b, claim = m.groups()
    return render[layout](big, small, int(a.replace(",", "")), int(b.replace(",", "")), claim)


def test_every_layout_kind_and_metric_is_generated() -> None:
    seen = set()

    @settings(max_examples=60, derandomize=True, deadline=None)
    @given(reports())
    def collect(r: Report) -> None:
        seen.add((r.layout, r.kind, r.metric, r.right))

    collect()
    assert {layout for layout, *_ in seen} == set(LAYOUTS)
    assert {(kind, metric, right) for _, kind, metric, right in seen} == {
        (kind, metric, right)
        for kind in ("percent", "ratio")
        for metric in ("rate", "latency")
        for right in (True, False)
    }


@BOUNDED
@given(addition_reports())
def test_summaries_of_additions_are_judged_on_the_additions(r) -> None:  # noqa: ANN001
    """A summary that compares additional latencies over a baseline, sections below them:
    the right one is consistent and unflagged; a wrong one is flagged when one pair of
    additions decides it, and never judged on the totals."""
    result = claimcheck.check_text(r.text, name="report.md")
    flagged = [f for f in result.findings if f.rule in A_RULES]
    summary = [c for c in claimcheck.extract(r.text, name="report.md").claims if c.line >= 12]
    assert summary, r.text
    if r.right:
        assert flagged == [], (r.layout, r.text, [f.message for f in flagged])
        assert summary[-1].status == "consistent", (r.layout, r.text, summary[-1])
    elif r.layout == "two_loads":  # two pairs, neither fits: open, never a guess
        assert summary[-1].status in ("inconsistent", "unverifiable"), (r.text, summary[-1])
    else:
        assert flagged, (r.layout, r.text, summary[-1])
