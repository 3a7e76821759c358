"""A page whose title calls it a specification or a list of limits states ratings, not
measurements: the disclosure rules do not ask it for test conditions, runs or set-ups."""

from __future__ import annotations

import pytest

from claimcheck import check_text

BODY = """
Pick the model that fits your traffic; above its limits new requests are refused.

The Wrenfield W-2 serves 40,000 requests per second and the Osgood O-1 31,000.
"""


def _codes(text: str) -> set[str]:
    return {f.rule for f in check_text(text, "page.md").findings}


@pytest.mark.parametrize(
    "title",
    ["# Specifications of Wrenfield gateways", "# Wrenfield gateway limits", "# Service quotas"],
)
def test_specification_page_gets_no_disclosure_findings(title: str) -> None:
    assert not _codes(title + "\n" + BODY) & {"D001", "D002", "D003"}


@pytest.mark.parametrize(
    "title", ["# Wrenfield gateway test results", "# Benchmarking Wrenfield gateways"]
)
def test_a_results_page_still_gets_them(title: str) -> None:
    assert _codes(title + "\n" + BODY) & {"D001", "D002", "D003"}
