"""Facts that a rule reads from wording, each as the general construction it stands for.

Each construction is tested with phrasings written for this file, in several genres
(datasheet, lab review, vendor blog, README), with invented names: positives and
negatives. None quotes a report.
"""

from __future__ import annotations

import pytest

from claimcheck.extract.conditions import condition_from_cell, conditions_in_text


def _values(text: str, name: str) -> list[object]:
    return [c.value for c in conditions_in_text(text) if c.name == name and not c.hedged]


# --- a load setting chosen per system under test ----------------------------------------------

PER_DEVICE_YES = [
    # lab review
    "Each appliance faced 400, 800 or 1,600 simulated users, the figure varying by device.",
    # datasheet-style line
    "Load: 2,000 clients (chosen per platform).",
    # vendor blog
    "We drove 800 virtual users against each gateway, tuned for each product so it stayed "
    "under its error budget.",
    # README
    "The SimUsers count was 256 or 512 depending on which proxy was under test.",
    "Simulated users: 512 / 1024 (vendor-specific).",
]
PER_DEVICE_NO = [
    "SimUsers were set to 256 or 512 depending on the test.",
    "We used 1,024 simulated users for every device.",
    "The 2,000 clients were spread across racks based on the rack number.",
    "1024 simulated users were set for each device.",
]


@pytest.mark.parametrize("text", PER_DEVICE_YES)
def test_load_chosen_per_device(text: str) -> None:
    assert any(isinstance(v, dict) and v.get("per_device") for v in _values(text, "load_setting"))


@pytest.mark.parametrize("text", PER_DEVICE_NO)
def test_load_not_chosen_per_device(text: str) -> None:
    values = _values(text, "load_setting")
    assert values and not any(isinstance(v, dict) and v.get("per_device") for v in values)


def test_load_chosen_per_device_in_a_cell() -> None:
    c = condition_from_cell("Simulated users", "600 or 900 (per appliance)", 0, 26)
    assert c is not None and c.value.get("per_device")
