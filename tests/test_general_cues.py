"""Facts that a rule reads from wording, each as the general construction it stands for.

Each construction is tested with phrasings written for this file, in several genres
(datasheet, lab review, vendor blog, README), with invented names: positives and
negatives. None quotes a report.
"""

from __future__ import annotations

import pytest

import claimcheck
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


# --- a licensed rate, in words or encoded in a licence identifier ---------------------------

LICENSE_YES = [
    # lab review: a licence file whose name encodes the rate (bare number: Mbps)
    ("Licence file QX_T5000_EDGE.lic was installed on the Vellum 40.", 5.0),
    # vendor blog: a licence key with a rate suffix
    ("Each virtual edition ran the licence key ZEN-2G-ADV.", 2.0),
    # datasheet: a SKU line
    ("Licence SKU: ARB-VE-200M (see the appendix).", 0.2),
    # README: an edition named with its rate
    ("Edition Orbit-Pro 25Gbps was used on both instances.", 25.0),
    ("subscription: Basic 1 Gbps", 1.0),
]
LICENSE_NO = [
    "The Enterprise edition reached 9 Gbps in the bulk test.",
    "Licence ID AB-C1234-XY was recorded for support.",
    "The licence renewal for 2024 cost $5,000.",
    "The VX-4000 pushed 12 Gbps with TLS-1.3 enabled.",
    "The software is released under the Apache-2.0 licence.",
]


@pytest.mark.parametrize(("text", "gbps"), LICENSE_YES)
def test_licensed_rate(text: str, gbps: float) -> None:
    assert {"value": gbps, "unit": "Gbps"} in _values(text, "license_cap")


@pytest.mark.parametrize("text", LICENSE_NO)
def test_not_a_licensed_rate(text: str) -> None:
    assert not _values(text, "license_cap")


@pytest.mark.parametrize(
    ("cell", "gbps"),
    [("ZQ-EDGE_V1000", 1.0), ("Orbit_Premium_10G_Hourly", 10.0), ("Metered Gold 40Gbps", 40.0)],
)
def test_licensed_rate_in_a_licence_column(cell: str, gbps: float) -> None:
    c = condition_from_cell("Licence", cell, 0, len(cell))
    assert c is not None and c.value == {"value": gbps, "unit": "Gbps"}


def test_licence_column_without_a_rate() -> None:
    assert condition_from_cell("Licence", "Standard annual", 0, 15) is None


# --- how a power figure was obtained ------------------------------------------------------

POWER_SOFTWARE_YES = [
    # README with a tool
    "On the Kestrel 9 we took power from the `ipmitool dcmi power reading` command.",
    # lab review
    'Draw for the blade came from the chassis "display psu" command output.',
    # vendor blog
    "Power figures for the Orrin router are as reported by its own management interface.",
    "The Tessaly gateway's wattage was read from the BMC sensors during the soak.",
    # datasheet
    "The 180 W figure is the power budget the switch grants the line card.",
]
POWER_SOFTWARE_NO = [
    'The "show version" command listed release 4.2 on the Kestrel 9.',
    'Reviewers called it "power users\' favourite" in the blog.',
    "Throughput was reported by the chassis counters at 9 Gbps.",
]


@pytest.mark.parametrize("text", POWER_SOFTWARE_YES)
def test_power_from_the_devices_own_software(text: str) -> None:
    assert "allocated" in _values(text, "power_method")


@pytest.mark.parametrize("text", POWER_SOFTWARE_NO)
def test_not_power_from_software(text: str) -> None:
    assert "allocated" not in _values(text, "power_method")


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("We measured power with a watt meter between the wall and the Vireo 2.", "measured"),
        ("The datasheet rates the PSU at 650 W.", "nameplate"),
    ],
)
def test_power_metered_or_rated(text: str, method: str) -> None:
    assert _values(text, "power_method") == [method]


# --- a load generator at its own limit ---------------------------------------------------------

GENERATOR_LIMIT_YES = [
    # lab review (an unnamed product: the limit noun is owned by "generation")
    ("At the largest object size the Rinko Flood 3 reached its CPS (~6.1K per device) "
     "generation limit.", 6100.0),
    # README with a tool
    ("Our wrk client hit its ceiling of 120k requests per second before the proxy did.",
     120000.0),
    # vendor blog
    ("Beyond 40 Gbps the numbers show the test rig's capacity, not the gateway's.", 40.0),
    ("The figures above 2 Gbps reflect the limit of the load generator, not the Quarry LB.", 2.0),
    # datasheet footnote
    ("The benchmarking host reached its maximum of 50,000 req/s on every run.", 50000.0),
]  # fmt: skip
GENERATOR_LIMIT_NO = [
    "The Borealis 7 reached its connection limit at 90,000 CPS.",
    "The Marlin proxy hit its memory ceiling after two hours.",
    "The generator ran for ten minutes at 3 Gbps.",
]


def _limits(text: str) -> list[dict]:
    return [
        v["limit"]
        for v in _values(text, "traffic_generator")
        if isinstance(v, dict) and v.get("limit")
    ]


@pytest.mark.parametrize(("text", "value"), GENERATOR_LIMIT_YES)
def test_generator_at_its_limit(text: str, value: float) -> None:
    assert [lim["value"] for lim in _limits(text)] == [value]


@pytest.mark.parametrize("text", GENERATOR_LIMIT_NO)
def test_device_limit_is_not_the_generators(text: str) -> None:
    assert not _limits(text)


# --- a result above a burstable bandwidth allowance ---------------------------------------------


def _codes(text: str) -> set[str]:
    return {f.rule for f in claimcheck.check_text(text, name="case.md").findings}


BURST_YES = [
    # lab review
    "Both proxies ran on c7.large instances with 1.25 Gbps of network bandwidth, burstable to "
    "10 Gbps. The Harrowgate reached 4.1 Gbps and the Pellmont 3.6 Gbps.",
    # vendor blog
    "Our VMs offer a guaranteed bandwidth of 2 Gbps. In the bulk test the Quarry LB moved "
    "6.4 Gbps against 5.2 Gbps for the Tarn LB.",
    # README
    "Test VMs: 4 vCPU, network 2 Gbps (bursts up to 12 Gbps).\n\n"
    "The Vellum gateway served 7.5 Gbps; the Orrin gateway served 6.0 Gbps.",
    # datasheet-style note
    "Cloud figures were taken on an instance with a committed network rate of 1 Gbps. "
    "Throughput: Kestrel VE 3.2 Gbps, Marlin VE 2.9 Gbps.",
]
BURST_NO = [
    # a result described with its own peaks, no instance or network allowance
    "The Harrowgate held 4.1 Gbps with bursts to 4.4 Gbps, and the Pellmont held 3.6 Gbps.",
    # results under the baseline
    "Both proxies ran on instances with 10 Gbps of network bandwidth, burstable to 25 Gbps. "
    "The Harrowgate reached 4.1 Gbps and the Pellmont 3.6 Gbps.",
]


@pytest.mark.parametrize("text", BURST_YES)
def test_result_above_a_burstable_allowance(text: str) -> None:
    assert "S005" in _codes(text)


@pytest.mark.parametrize("text", BURST_NO)
def test_no_burstable_allowance_exceeded(text: str) -> None:
    assert "S005" not in _codes(text)


# --- a named configuration profile -------------------------------------------------------------

PROFILE_YES = [
    # lab review: a list of names before a plural head
    ("The Kestrel 9 was configured with TurboL4 and QuickWeb performance profiles to obtain "
     "its best figures.", {"TurboL4", "QuickWeb"}),
    # vendor blog: a two-word name, written as one identifier
    ("On the Orrin gateway we applied the Edge Lite profile for every run.", {"EdgeLite"}),
    # the maker's standard configuration named in a list
    ("The Marlin box was tested with both Stock and QuickWeb performance profiles.",
     {"Standard", "QuickWeb"}),
    # README: a preset
    ("Harrowgate ships a HighConn preset, which we enabled for the CPS test.", {"HighConn"}),
    # datasheet: a mode
    ("Figures measured in Bridge mode with the Turbo template.", {"Bridge", "Turbo"}),
]  # fmt: skip
PROFILE_NO = [
    "The traffic profile mixed 60% GET and 40% POST requests.",
    "Our test profile used 128 KB objects.",
    "The Kestrel 9 reached 40 Gbps in HTTP mode.",
]


@pytest.mark.parametrize(("text", "names"), PROFILE_YES)
def test_named_configuration_profile(text: str, names: set[str]) -> None:
    assert set(_values(text, "profile")) == names


@pytest.mark.parametrize("text", PROFILE_NO)
def test_not_a_configuration_profile(text: str) -> None:
    assert not _values(text, "profile")


def test_profile_used_throughout_then_another_in_a_lab_review() -> None:
    text = (
        "## Method\n\nAll tests ran the Vellum 3 with its Balanced profile.\n\n"
        "## Results\n\nUnder the Turbo profile the Vellum 3 reached 88,000 connections per second.\n"
    )
    assert "C003" in _codes(text)


def test_threading_state_is_not_a_configuration_profile() -> None:
    text = (
        "## Method\n\nAll tests ran the Vellum 3 with its Balanced profile.\n\n"
        "## Results\n\nWith SMT enabled the Vellum 3 reached 88,000 connections per second.\n"
    )
    assert "C003" not in _codes(text)


# --- a licence said to set, or be exceeded by, a result ---------------------------------------

_PAIR = "We tested the Quarry QX-400 and the Tarn TX-800. "
LICENCE_LIMIT_YES = [
    # lab review
    "The Quarry QX-400 flattened at its 5 Gbps licence while the Tarn TX-800 reached 9 Gbps.",
    "The Quarry QX-400's throughput was held to its licensed rate, so its 5 Gbps result "
    "reflects the licence; the Tarn TX-800 reached 9 Gbps.",
    # vendor blog
    "The Quarry QX-400's software licence throttled it to 5 Gbps, well below the Tarn "
    "TX-800's 9 Gbps.",
    # datasheet-style note
    "The Quarry QX-400 delivered more than its licence allows: 6.2 Gbps against 9 Gbps for "
    "the Tarn TX-800.",
    # README
    "Its licence was what capped the Quarry QX-400 at 5 Gbps; the Tarn TX-800 reached 9 Gbps.",
]
LICENCE_LIMIT_NO = [
    "The licence never limited the Quarry QX-400, which reached 3 Gbps; the Tarn TX-800 "
    "reached 9 Gbps.",
    "Licensing terms are explained in the appendix. The Quarry QX-400 reached 3 Gbps; the "
    "Tarn TX-800 reached 9 Gbps.",
]


@pytest.mark.parametrize("text", LICENCE_LIMIT_YES)
def test_licence_said_to_limit_a_result(text: str) -> None:
    assert "S001" in _codes(_PAIR + text)


@pytest.mark.parametrize("text", LICENCE_LIMIT_NO)
def test_licence_not_said_to_limit(text: str) -> None:
    assert "S001" not in _codes(_PAIR + text)
