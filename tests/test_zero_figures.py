"""A zero printed where a rate or latency would be (an idle counter of tool output, an empty
queue column) is no result: no rule quotes it as the figure a report measured."""

from __future__ import annotations

from claimcheck import check_text
from claimcheck.api import extract_facts

REPORT = """# Kestrel-7 connection rate

The Kestrel-7 proxy summary after one minute:

    Total-CPS     :  88.40 Kcps
    Planned-CPS   :   0.00 cps
"""


def test_a_zero_is_not_a_measured_result() -> None:
    values = [m.value for m in extract_facts(REPORT, "r.md").measured()]
    assert 0 not in values


def test_findings_never_quote_a_zero_figure() -> None:
    for f in check_text(REPORT, "r.md").findings:
        assert '"0.00"' not in f.message and '"0"' not in f.message
