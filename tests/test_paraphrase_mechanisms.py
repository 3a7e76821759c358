"""Constructions that the paraphrase probes exposed, each tested with phrasings of its own.

Every test names one mechanism: a way reports word a fact that claimcheck now reads. The
texts are invented (products, numbers) and differ from the probes in tests/probes/.
"""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.api import extract


def _codes(text: str) -> set[str]:
    return {f.rule for f in claimcheck.check_text(text, name="mechanism.md").findings}


def _devices(text: str) -> set[str]:
    return {d.name for d in extract(text).devices}


def _owned(text: str, name: str) -> dict[str, list]:
    """Each device's values of condition ``name``."""
    out: dict[str, list] = {}
    for c in extract(text).conditions:
        if c.name == name and c.device:
            out.setdefault(c.device, []).append(c.value)
    return out


# --- gapped clauses: the verb (and unit) of the clause before is understood -------------


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("The Hollin H-3 reached 12 Gbps and the Ixby 9 Gbps.", "Ixby"),
        ("Hollin served 30,000 requests per second, Ixby 21,000.", "Ixby"),
        ("The Marlow M-1 posted 410 ms, whereas the Nelby N-6 1.2 s.", "Nelby N-6"),
    ],
)
def test_gapped_result_clause_names_a_device(text, second):
    assert second in _devices(text)


def test_gapped_clause_needs_a_result_clause_first():
    # no result verb anywhere: a list of places and numbers names no device
    assert _devices("Rooms in Oxford, Bath 12 and Leeds 30.") == set()


def test_result_verb_coordinated_with_first_verb_shares_subject():
    text = "The Pelton P-4 ran under a 20 Gbps license and still delivered 19.8 Gbps."
    assert "Pelton P-4" in _devices(text)
    assert "S001" in _codes(text)


def test_license_figure_stays_a_spec_without_result_verb():
    text = "The Pelton P-4 ran under a 20 Gbps license and moved 7 Gbps."
    found = extract(text).measurements
    assert [m.value for m in found] == [7.0]


def test_ahead_of_names_the_compared_device():
    assert "Quill Q-2" in _devices("The Rother R-5 finished 14% ahead of the Quill Q-2 at 8 Gbps.")


# --- gapped condition values: a later clause repeats a setting's value alone -----------

RESULTS = " The Sandle S-1 reached 11 Gbps and the Tisbury T-4 reached 17 Gbps."


def test_gapped_load_setting_after_the_device():
    text = "The Sandle S-1 ran with 300 simulated users and the Tisbury T-4 with 900." + RESULTS
    owned = _owned(text, "load_setting")
    assert sorted(v["value"] for vs in owned.values() for v in vs) == [300, 900]
    assert len(owned) == 2


def test_gapped_interface_count_in_words():
    text = "The Sandle S-1 had six 25 GbE ports, the Tisbury T-4 three." + RESULTS
    owned = _owned(text, "interfaces")
    assert sorted(v for vs in owned.values() for v in vs) == ["3x25GbE", "6x25GbE"]


def test_gapped_value_with_words_before_it():
    text = (
        "The offered load was 80,000 connections per second for the Sandle S-1, "
        "but we reduced it to 50,000 for the Tisbury T-4." + RESULTS
    )
    owned = _owned(text, "load_setting")
    assert sorted(v["value"] for vs in owned.values() for v in vs) == [50000, 80000]


def test_no_gap_when_a_unit_follows():
    # "the Tisbury T-4 with 900 W": a figure of its own, not the setting's value
    text = (
        "The Sandle S-1 ran with 300 simulated users and the Tisbury T-4 with 900 W supplies."
        + RESULTS
    )
    owned = _owned(text, "load_setting")
    assert sum(len(v) for v in owned.values()) == 1


def test_copular_metric_of_names_the_device():
    assert "Orrin O-2" in _devices("The latency of the Orrin O-2 was 2.1 ms under load.")
    assert _devices("The latency of the system was 2.1 ms under load.") == set()


# --- run selection: which policy a report applies ---------------------------------------


def _runs(text: str) -> list:
    return [c.value for c in extract(text).conditions if c.name == "runs"]


@pytest.mark.parametrize(
    "text",
    [
        "We repeated the benchmark several times and took the best figure for each proxy.",
        "The chart shows the fastest of four attempts for every build.",
        "Each value is the top result out of five tries.",
    ],
)
def test_best_of_several_is_a_best_run_policy(text):
    assert [v["policy"] for v in _runs(text)] == ["best"]


def test_a_reported_policy_outranks_a_named_one():
    text = "Quoting the best run would flatter everyone, so we report the median of nine runs."
    assert [v["policy"] for v in _runs(text)] == ["median"]


def test_a_stated_policy_outranks_best_result_about_a_product():
    text = "Our best result came from the Pellow P-1 (average of four runs)."
    assert [v["policy"] for v in _runs(text)] == ["mean"]


# --- provenance ---------------------------------------------------------------------------


def test_we_are_the_developers_of_x_is_a_self_benchmark():
    text = "We are the developers of Quaystone. Quaystone served 51,000 req/s and Rendcombe 37,000."
    assert "S008" in _codes(text)


# --- M005: a one-way cue on the other figure ----------------------------------------------


def test_one_way_cue_on_the_other_figure_keeps_the_finding():
    text = (
        "The Ludlow L-9 moved 60 Gbps with both directions summed, against 34 Gbps for the "
        "Marsh M-3 counted in a single direction."
    )
    assert "M005" in _codes(text)


def test_one_way_restatement_of_the_same_figure_is_no_finding():
    text = "The Ludlow L-9 moved 60 Gbps bidirectional, that is 30 Gbps in each direction."
    assert "M005" not in _codes(text)


# --- a practice judged in general terms is about others ----------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (
            "Resumed TLS sessions flatter a handshake rate. We measured full handshakes only: "
            "one request per connection, and the Parva P-2 reached 8,800 TPS.",
            "M001",
        ),
        (
            "Empty responses exaggerate connection rates; our objects were 8 KB and the Parva "
            "P-2 opened 140,000 connections per second.",
            "M004",
        ),
    ],
)
def test_judged_practice_sets_no_condition(text, rule):
    assert rule not in _codes(text)


# --- pipelining depth in words -------------------------------------------------------------


@pytest.mark.parametrize(
    "setup",
    [
        "pipelined 32 deep",
        "32-deep pipelining",
        "pipelining with a depth of 32",
        "HTTP pipelining",  # pipelined, depth not given: no bound
    ],
)
def test_stated_pipelining_bounds_littles_law(setup):
    text = (
        f"Over 64 connections with {setup}, the Sutton S-3 answered 200,000 requests per "
        "second at a mean latency of 4 ms."
    )
    assert "A006" not in _codes(text)


def test_without_pipelining_littles_law_still_fires():
    text = (
        "Over 64 connections without pipelining, the Sutton S-3 answered 200,000 requests per "
        "second at a mean latency of 4 ms."
    )
    assert "A006" in _codes(text)


# --- "instead of" marks only the alternative not taken --------------------------------------


def _values(text: str, name: str) -> list:
    return [c.value for c in extract(text).conditions if c.name == name and not c.hedged]


def test_instead_of_negates_what_follows_only():
    text = "Every client closed with RST instead of FIN. The Tolpuddle T-1 reached 90,000 CPS."
    assert _values(text, "connection_close") == ["RST"]


def test_instead_of_before_the_value_hedges_it():
    assert _values("We sent FIN instead of an RST.", "connection_close") == ["FIN"]


# --- processing layer in more wordings -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The listener ran a Layer 4 profile for this test.",
        "Traffic went through without HTTP parsing.",
        "The virtual service was set to TCP passthrough.",
        "The balancer was in pass-through mode.",
    ],
)
def test_layer_four_wordings(text):
    assert _values(text, "processing_layer") == ["L4"]


def test_pci_pass_through_is_not_a_processing_layer():
    assert _values("The NIC used PCI pass-through into the VM.", "processing_layer") == []


# --- a paragraph that opens on its test -----------------------------------------------------


def test_opening_in_the_layer_test_names_the_figures_test():
    text = (
        "For the Layer 7 runs, the Upton U-8 answered 210,000 HTTP requests per second with "
        "a rule on the Host header."
    )
    tests = {m.test for m in extract(text).measurements}
    assert tests == {"L7 rps"}


def test_opening_without_a_metric_or_layer_names_nothing():
    text = "In the first test, the Upton U-8 answered 210,000 HTTP requests per second."
    assert {m.test for m in extract(text).measurements} == {None}


# --- S005: generator capacity, plateau in words, one host running both ----------------------


def test_generator_capacity_reached_is_the_bottleneck():
    text = (
        "Our client machine can drive no more than 20 Gbps. The Vexley V-3 delivered "
        "19.6 Gbps of HTTP throughput."
    )
    assert "S005" in _codes(text)


def test_generator_capacity_far_above_the_result_is_not():
    text = (
        "Our client machine can drive no more than 80 Gbps. The Vexley V-3 delivered "
        "19.6 Gbps of HTTP throughput."
    )
    assert "S005" not in _codes(text)


def test_plateau_in_words_near_the_links_capacity():
    text = (
        "Every gateway sat behind one 25 GbE port. The Wyre W-1 and the Yelden Y-2 both "
        "levelled off at 22.4 Gbps."
    )
    assert "S005" in _codes(text)


def test_near_the_links_capacity_without_plateau_words_needs_five_percent():
    text = "Every gateway sat behind one 25 GbE port. The Wyre W-1 delivered 22.4 Gbps."
    assert "S005" not in _codes(text)


def test_one_host_running_both_the_generator_and_the_device():
    text = (
        "A single laptop hosted both the load generator and the Zeal proxy. "
        "Zeal answered 18,000 req/s."
    )
    assert "S005" in _codes(text)


def test_name_before_its_device_noun_is_not_a_tool():
    text = "We pointed the traffic generator at the Quarrel gateway. Quarrel served 9,000 req/s."
    assert "Quarrel" in _devices(text)


@pytest.mark.parametrize(
    "text",
    [
        "The Abbot A-1 and the Bramley B-4 both topped 30,000 requests per second.",
        "Corfe and Dunster alike handled 12,000 requests per second.",
    ],
)
def test_coordinated_subject_names_every_device(text):
    assert len(_devices(text)) == 2


# --- S010, S011, C003 wordings -----------------------------------------------------------


def test_row_that_uses_a_datasheet_value_is_advertised():
    text = (
        "No Wilton W-2 was available, so its entry shows the spec sheet number.\n\n"
        "| Device | HTTP throughput |\n|---|---|\n| Wilton W-2 | 25 Gbps |\n| Amble A-1 | 21 Gbps |\n"
    )
    assert "S010" in _codes(text)


def test_value_the_vendor_advertises_is_advertised():
    text = (
        "For the Wilton W-2 we show the rate the vendor advertises, 900,000 CPS; the Amble A-1 "
        "measured 610,000 CPS. The Wilton W-2 number is the figure its maker publishes."
    )
    assert "S010" in _codes(text)


def test_source_column_marking_own_runs():
    text = (
        "| Gateway | Req/s | Source |\n|---|---|---|\n| Bexhill | 41,000 | our runs |\n"
        "| Cuckfield | 55,000 | press release |\n"
    )
    assert "S010" in _codes(text)


@pytest.mark.parametrize("lead", ["as much as", "as high as", "up to"])
def test_best_case_qualifiers_are_up_to_headlines(lead):
    assert "S011" in _codes(f"The new firmware delivers {lead} 2.5x the throughput of the old one.")


def test_not_a_single_failure_is_a_zero_failure_criterion():
    text = (
        "## Method\nA run is valid only if none of the requests fail.\n\n"
        "## Results\nAt 30,000 requests per second the Dunton D-3 was valid, with 1.1% of "
        "requests failing.\n"
    )
    assert "C003" in _codes(text)


def test_profile_said_of_all_figures_then_another():
    text = (
        "All latency figures used the Balanced profile.\n\n"
        "For the latency test we switched the box to the Turbo profile."
    )
    assert "C003" in _codes(text)


def test_connections_per_second_is_not_a_concurrency():
    assert _values("At 45,000 connections per second the box held steady.", "concurrency") == []


# --- the report's own product in the first person --------------------------------------------


def test_first_person_product_is_one_entity():
    text = (
        "We benchmarked our gateway against Eardley. Our gateway reached 31,000 req/s and "
        "Eardley 22,000 req/s; ours also used less memory."
    )
    devices = {d.name: d for d in extract(text).devices}
    assert set(devices) == {"ours", "Eardley"}
    assert len(devices["ours"].mentions) == 3


def test_first_person_subject_with_an_appositive():
    text = "Our appliance, licensed for 2 Gbps, delivered 1.97 Gbps in every run."
    assert "S001" in _codes(text)


def test_first_person_words_without_a_measured_product_name_nothing():
    text = "Our lab used two servers. The Fenny F-1 reached 12 Gbps and the Gorley G-3 9 Gbps."
    assert "ours" not in _devices(text)


def test_present_tense_result_verbs_name_devices():
    text = (
        "The Hinton H-9 serves 700,000 requests per second, while the Ixworth I-1 handles 240,000."
    )
    assert _devices(text) == {"Hinton H-9", "Ixworth I-1"}


def test_connection_kept_alive_for_n_requests():
    assert _values(
        "Our client keeps each TCP connection alive for 40 requests.", "requests_per_connection"
    ) == [40]


def test_property_table_headed_by_the_product():
    text = (
        "| Performance | Keymer K-40 |\n|---|---|\n| TLS handshakes per second | 21,000 |\n"
        "| Protocol | SSLv3, 1024-bit RSA |\n"
    )
    assert "Keymer K-40" in _devices(text)
    assert "M008" in _codes(text)


def test_property_table_with_a_plain_value_header_names_nothing():
    text = "| Item | Value |\n|---|---|\n| Throughput | 20 Gbps |\n| Ports | 4 |\n"
    assert _devices(text) == set()


def test_model_numbered_name_opening_a_comparison_is_its_subject():
    text = (
        "The Jesmond J-7 keeps one core for itself, so its 30% CPU beat the 45% on the Kirtle K-2."
    )
    assert _devices(text) == {"Jesmond J-7", "Kirtle K-2"}


def test_reported_is_not_a_port():
    # "reported" contains "port": a spec word must start a word to make a figure a spec
    found = extract(
        "The Lanark L-1 dashboard reported 38% CPU while the Lanark L-1 reached 9 Gbps."
    )
    assert 38.0 in [m.value for m in found.measurements]


def test_reserved_management_cores_make_cpu_incomparable():
    text = (
        "The Melrose M-5 sets aside two of its twelve cores for management; its dashboard "
        "showed 20% CPU at 4 Gbps against 35% on the Nairn N-3."
    )
    assert "M007" in _codes(text)


# --- A005 count label, A006 table rows --------------------------------------------------------


def test_rate_unit_under_a_concurrent_label():
    assert "A005" in _codes("- Simultaneous sessions: 3 million sessions per second\n")
    assert "A005" not in _codes("- New sessions: 300,000 sessions per second\n")


def test_littles_law_reads_table_rows_with_their_concurrency():
    text = (
        "Numbers for the Oxnam O-2 proxy, one request in flight per connection:\n\n"
        "| Concurrency | Req/s | Avg latency (ms) |\n|---|---|---|\n| 50 | 12,000 | 15 |\n"
    )
    assert "A006" in _codes(text)
    ok = text.replace("| 15 |", "| 4 |")
    assert "A006" not in _codes(ok)


def test_littles_law_skips_table_rows_that_count_errors():
    text = (
        "Numbers for the Oxnam O-2 proxy:\n\n"
        "| Concurrency | Req/s | Avg latency (ms) | Errors |\n|---|---|---|---|\n"
        "| 50 | 12,000 | 15 | 9,000 |\n"
    )
    assert "A006" not in _codes(text)


@pytest.mark.parametrize(
    "wording",
    ["the service module only", "the line card alone", "the card's draw, excluding the chassis"],
)
def test_module_without_chassis_is_not_measured_power(wording):
    text = (
        f"For the Quendale Q-1 we list {wording}: 140 W. "
        "The Rosshire R-4 drew 350 W at the wall under the same load."
    )
    assert "M009" in _codes(text)


def test_chassis_included_is_measured_power():
    text = "The Quendale Q-1 chassis with its card drew 300 W at the wall, the Rosshire R-4 350 W."
    assert "M009" not in _codes(text)


# --- found with the fresh probes ---------------------------------------------------------------


def test_participle_lead_label_is_no_test_name():
    text = "## Layer 7 requests per second\nTested with a 1 KB page: 90,000 requests per second."
    assert {m.test for m in extract(text).measurements} == {"L7 rps"}


def test_adjective_between_count_and_runs():
    assert [v["policy"] for v in _runs("We quote the top result of three timed runs.")] == ["best"]


def test_appositive_between_subject_and_verb():
    text = "The Quarley Q-8 gateway, tuned for small packets, forwarded 31 Mpps and 40 Gbps."
    assert "Quarley Q-8" in _devices(text)
