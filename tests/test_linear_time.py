"""Time linear in the input, for hostile inputs too: ``check_text`` on each document of
``tests/hostile.py`` at a size n and at 8n must take less than 24 times as long (linear
is about 8, quadratic about 64; see ``tests/growth.py``).

The sizes keep each large run to about a second at most on a busy 2-core machine, and
each is large enough that the quadratic steps these documents once hit (every row
against every device, every claim against every row label, every pair of devices of a
family, every stated figure against every copy of its derivation) made the test fail.

``CLAIMCHECK_SLOW_TESTS=1`` adds the full-size variants: about 5 MB at the large end (a
single line, 100,000 claims, 100,000 table rows); several minutes.
"""

from __future__ import annotations

import os

import pytest
from growth import assert_linear
from hostile import BUILDERS

from claimcheck.api import check_text

SLOW = os.environ.get("CLAIMCHECK_SLOW_TESTS") == "1"

# case -> n (the large run is 8n)
SIZES = {
    "device_table": 250,
    "product_table_and_prose": 400,
    "table_then_claims": 100,
    "many_tables": 150,
    "claims_in_one_paragraph": 400,
    "claims_in_paragraphs": 400,
    "claims_in_table": 250,
    "variants_of_one_device": 400,
    "long_line": 500,
    "repeated_report": 15,
}
# the full-size variants: 8n is about 5 MB (or 100,000 claims or rows)
SLOW_SIZES = {
    "long_line": 25_000,
    "claims_in_paragraphs": 12_500,
    "claims_on_one_line": 12_500,
    "device_table": 12_500,
    "repeated_report": 250,
}


def _check(case: str):  # noqa: ANN202
    name = BUILDERS[case][1]
    return lambda text: check_text(text, name)


@pytest.mark.parametrize("case", sorted(SIZES))
def test_check_time_grows_linearly(case: str) -> None:
    assert_linear(_check(case), BUILDERS[case][0], SIZES[case], repeat=2)


@pytest.mark.skipif(not SLOW, reason="set CLAIMCHECK_SLOW_TESTS=1 for the 5 MB inputs")
@pytest.mark.parametrize("case", sorted(SLOW_SIZES))
def test_check_time_grows_linearly_at_full_size(case: str) -> None:
    assert_linear(_check(case), BUILDERS[case][0], SLOW_SIZES[case], repeat=1)
