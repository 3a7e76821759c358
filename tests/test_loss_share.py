"""A share lost or failed ("0.3% packet loss", "an error rate of 1.2%") is an errors fact,
so a zero-loss or zero-error criterion is contradicted by it (C003); tolerances and bounds
are not losses. Invented names, several genres."""

from __future__ import annotations

import pytest

import claimcheck

CRITERION = "## Method\nEvery figure is the highest load the {d} carried with zero packet loss.\n\n## Results\n"
ERRORS_CRITERION = "## Method\nA run counts only when it completed without errors.\n\n## Results\n"

BAD = [
    (CRITERION, "The Pell P-3 forwarded 9.4 Gbps with 0.3% packet loss."),
    (CRITERION, "At 12 Gbps the Pell P-3 showed 0.02% frame drops."),
    (CRITERION, "The Pell P-3 reached 8 Gbps; the loss rate was 0.2% at that load."),
    (ERRORS_CRITERION, "The Pell P-3 served 41,000 req/s with 1.5% errors."),
    (ERRORS_CRITERION, "The Pell P-3 served 41,000 req/s, but 2% of requests failed."),
    (ERRORS_CRITERION, "The Pell P-3 served 41,000 req/s at an error rate of 0.4%."),
]
GOOD = [
    (CRITERION, "The Pell P-3 forwarded 9.4 Gbps with 0% packet loss."),
    (
        CRITERION,
        "The Pell P-3 forwarded 9.4 Gbps; the loss tolerance of 0.001% loss tolerance was never reached.",
    ),
    (CRITERION, "The Pell P-3 forwarded 9.4 Gbps, always below 0.1% loss."),
    (ERRORS_CRITERION, "The Pell P-3 served 41,000 req/s; CPU stayed at 45%."),
]


@pytest.mark.parametrize(("head", "result"), BAD)
def test_a_loss_share_contradicts_a_zero_criterion(head: str, result: str) -> None:
    text = head.format(d="Pell P-3") + result + "\n"
    found = [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "C003"]
    assert len(found) == 1, text
    assert "%" in found[0].message


@pytest.mark.parametrize(("head", "result"), GOOD)
def test_no_loss_or_only_a_bound_is_no_contradiction(head: str, result: str) -> None:
    text = head.format(d="Pell P-3") + result + "\n"
    assert [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "C003"] == []
