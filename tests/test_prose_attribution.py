"""Which system a prose figure belongs to, and what an elided figure measures.

General constructions, each with positive and negative phrasings (invented names):
- a fronted adverbial before the subject ("At 3 Gbps, the X showed ...");
- a system named right after the figure ("47% for the Y", "3.4 ms on the Y");
- a bare figure in a parallel clause takes the unit of the clause before it
  ("X handled 72,000 connections per second; Y handled 58,000");
- "N connections per second" is a rate, not a run's connection count;
- an entity named as what generates or monitors traffic is a tool, whatever its name.
"""

from __future__ import annotations

import pytest

from claimcheck.api import extract


def _facts(text: str, name: str = "r.md"):  # noqa: ANN202
    return extract(text, name)


def _measured(text: str) -> list[tuple[str | None, float, str, str]]:
    ex = _facts(text)
    names = {d.id: d.name for d in ex.devices}
    return [(names.get(m.device), m.value, m.unit, m.metric) for m in ex.measurements]


@pytest.mark.parametrize(
    "text",
    [
        "At 3 Gbps, the Tarn T-3 showed 18% CPU and the Wick W-2 showed 47% CPU.",
        "In our lab, the Tarn T-3 showed 18% CPU and the Wick W-2 showed 47% CPU.",
        "With 400 connections and 2 KB bodies, the Tarn T-3 used 18% CPU while the Wick W-2 used 47% CPU.",
        "At 2 Gbps the Tarn T-3 used 18% CPU, compared with 47% for the Wick W-2.",
    ],
)
def test_fronted_adverbial_and_postposed_system(text: str) -> None:
    got = {(d, v) for d, v, _, metric in _measured(text) if metric == "cpu"}
    assert got == {("Tarn T-3", 18.0), ("Wick W-2", 47.0)}


def test_postposed_system_needs_a_result_sentence() -> None:
    # a configuration sentence: "for the X" names no measured system
    ex = _facts("Buffers were set to 64 KB for the Tarn T-3 by the installer.")
    assert [d.name for d in ex.devices if d.kind == "dut"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The Brae B-4 handled 72,000 connections per second; the Cole C-2 handled 58,000.",
            {("Brae B-4", 72000.0, "CPS"), ("Cole C-2", 58000.0, "CPS")},
        ),
        (
            "## Results\nThe Brae B-4 served 41,000 requests per second and the Cole C-2 served 39,500.\n",
            {("Brae B-4", 41000.0, "RPS"), ("Cole C-2", 39500.0, "RPS")},
        ),
        (
            "On the bench, the Brae B-4 pushed 18 Gbps, while the Cole C-2 pushed 11.",
            {("Brae B-4", 18.0, "Gbps"), ("Cole C-2", 11.0, "Gbps")},
        ),
    ],
)
def test_elided_unit_comes_from_the_parallel_clause(text: str, expected: set) -> None:
    assert {(d, v, u) for d, v, u, _ in _measured(text)} == expected


@pytest.mark.parametrize(
    "text",
    [
        # the bare figure counts something else: a noun follows it
        "The Brae B-4 handled 72,000 connections per second; the Cole C-2 handled 58,000 sessions.",
        # the same system, not a parallel clause
        "The Brae B-4 handled 72,000 connections per second and 58,000 on the second day.",
        # a year is far out of scale with the figure before it
        "The Brae B-4 handled 72 connections per second; the Cole C-2 shipped in 2019.",
    ],
)
def test_no_elided_unit(text: str) -> None:
    assert [m for m in _measured(text) if m[1] != 72000.0 and m[1] != 72.0] == []


@pytest.mark.parametrize(
    "text",
    [
        "The Brae B-4 handled 72,000 connections per second.",
        "The Brae B-4 opened 9,000 connections/s at peak.",
    ],
)
def test_connection_rate_is_not_a_run_connection_count(text: str) -> None:
    assert all(r.connections is None for r in _facts(text).runs)


def test_connection_count_is_still_a_run_parameter() -> None:
    runs = _facts("We ran wrk with 8 threads and 400 connections for 30 s.").runs
    assert [r.connections.value for r in runs if r.connections] == [400.0]


@pytest.mark.parametrize(
    "sentence",
    [
        "The Quorn Q-Gen 900, release 4.1, was used to generate the client traffic.",
        "Client transactions were generated from the Quorn Q-Gen 900.",
        "The Quorn Q-Gen 900 was used to monitor failed transactions.",
        "The Quorn Q-Gen 900 was used for the performance tests.",
        "All tests were run using the Quorn Q-Gen 900.",
    ],
)
def test_traffic_source_is_a_tool_whatever_its_name(sentence: str) -> None:
    text = (
        "## Results\n"
        f"{sentence} At the largest size, the Quorn Q-Gen 900 reached its own limit. "
        "The Lyle L-8 served 40,000 requests per second and the Moss M-1 served 30,000 requests per second.\n"
    )
    kinds = {d.name: d.kind for d in _facts(text).devices}
    assert kinds.get("Quorn Q-Gen 900", "tool") == "tool"
    assert kinds.get("Lyle L-8") == "dut"
