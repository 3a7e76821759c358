"""Entities named by the structure of a report (facts.md §2): a heading over one system's
results, a list introduced by "the following proxies", a kind followed by its members in
brackets, "Label: figure" lines and "Proxy: X" lines; and the words that are never a
system (protocols, certificate types, computed columns, heading words). Every text is
written for these tests, with invented product names, in several genres."""

from __future__ import annotations

import pytest

from claimcheck.extract.devices import extract_devices, extract_entities
from claimcheck.extract.pipeline import extract_document
from claimcheck.ingest import read_text


def _duts(text: str) -> dict[str, object]:
    return {d.name.casefold(): d for d in extract_devices(read_text(text, name="r.md"))}


WRK = """```
$ wrk -t4 -c64 -d30s http://127.0.0.1:{port}/
Running 30s test @ http://127.0.0.1:{port}/
  4 threads and 64 connections
Requests/sec:  {rps}
Transfer/sec:      6.10MB
```
"""


def _readme(*sections: tuple[str, int]) -> str:
    parts = ["# Proxy shoot-out\n\nEach proxy ran on the same laptop.\n"]
    for i, (heading, rps) in enumerate(sections):
        parts.append(f"## {heading}\n\n" + WRK.format(port=8000 + i, rps=rps))
    return "\n".join(parts)


def test_headings_over_tool_output_name_the_systems() -> None:
    text = _readme(("Brackenlb (2.4.1)", 48211), ("Tollgate", 45100), ("ferrox --> nginx", 39000))
    duts = _duts(text)
    assert {"brackenlb", "tollgate", "ferrox"} <= set(duts)
    assert duts["brackenlb"].version == "2.4.1"
    assert "nginx" not in duts  # what ferrox forwards to is no contender
    # the runs belong to the systems their headings name
    runs = extract_document(read_text(text, name="r.md")).runs
    assert [r.device for r in runs] == ["brackenlb", "tollgate", "ferrox"]


def test_a_heading_with_more_than_a_name_or_over_no_results_names_nothing() -> None:
    text = _readme(("Experimental setup", 48211), ("Segment Two", 45100))
    assert not {"experimental", "segment"} & set(_duts(text))
    # a lone capitalised heading over results, named nowhere else: a section, not a system
    assert "tuning" not in _duts(_readme(("Tuning", 48211)))
    # a heading over a configuration listing holds no results
    text = "# Notes\n\n## Brackenlb\n\n```\nworkers 4;\nlisten 8080;\n```\n"
    assert "brackenlb" not in _duts(text)


def test_a_lone_heading_counts_when_the_report_names_the_system_elsewhere() -> None:
    text = _readme(("Tollgate", 45100)) + "\nWe built Tollgate from its main branch.\n"
    assert "tollgate" in _duts(text)


def test_a_heading_keeps_the_name_and_drops_the_words_around_it() -> None:
    text = _readme(("QuillD Performance", 48211), ("Tarnproxy Results", 40100))
    assert {"quilld", "tarnproxy"} <= set(_duts(text))
    assert "quilld performance" not in _duts(text)


def test_the_following_proxies_lead_in() -> None:
    text = "# Benchmarks\n\nWe test the following proxies:\n\n- Corvel\n- Brightgate\n- Ostrander\n"
    assert {"corvel", "brightgate", "ostrander"} <= set(_duts(text))
    # a list of settings after "the following" names no system
    text = "# Setup\n\nWe changed the following settings:\n\n- Keepalive\n- Buffers\n"
    assert _duts(text) == {}


def test_a_kind_followed_by_its_members_in_brackets() -> None:
    text = (
        "Different proxy programs (quillmux, ferrox, tarnhttp) are installed and tested to "
        "compare.\n"
    )
    assert {"quillmux", "ferrox", "tarnhttp"} <= set(_duts(text))
    # brackets that hold no members, or a sentence that tests nothing
    assert _duts("Different proxy programs (see below) are installed.\n") == {}
    assert _duts("Proxy programs (quillmux, ferrox) are popular.\n") == {}


def test_label_figure_lists_and_program_output() -> None:
    blog = (
        "## Results\n\nThroughput on one core:\n\n- Brightgate: 41,200 req/s\n"
        "- OstraProxy: 38,900 req/s\n\nBrightgate kept its p99 under 4 ms.\n"
    )
    assert {"brightgate", "ostraproxy"} <= set(_duts(blog))
    output = "```\nQuillD: 12,820 req/sec, avg 7ms\nferroxd: 11,400 req/sec, avg 9ms\n```\n"
    output += "\nBoth ferroxd and QuillD ran with four workers.\n"
    assert {"quilld", "ferroxd"} <= set(_duts(output))


@pytest.mark.parametrize(
    "text",
    [
        # a protocol's run, not a system's
        "```\nHTTP/1.1: 9,100 req/sec, avg 9ms\nHTTP/2: 12,820 req/sec, avg 7ms\n```\n",
        # the fields of a tool's output
        "```\nRequests/sec: 48211.07\nTransfer/sec: 6.10MB\nLatency: 1.2ms\n```\n",
        # configurations of one system, written once each
        "- Single-threaded proxy: 14,755 rps\n- Per-core workers: 129,531 rps\n",
        # certificate types
        "- RSA: 2,000 TPS\n- EC: 8,000 TPS\n",
    ],
)
def test_labels_that_are_no_system(text: str) -> None:
    assert _duts(text) == {}


def test_a_name_with_its_figure_in_brackets() -> None:
    text = (
        "http/2: quillmux is faster than ferrox: quillmux(112,650 req/s), ferrox(42,658 req/s).\n"
    )
    assert {"quillmux", "ferrox"} <= set(_duts(text))


def test_a_proxy_line_puts_the_system_under_test_and_a_backend_line_does_not() -> None:
    text = (
        "## Test configuration\n\n- **Proxy**: Kestrane with per-core workers\n"
        "- **Backend**: Ossel echo server\n- **Load tester**: wrk, 12 threads\n\n"
        "Kestrane served 129,531 rps.\n"
    )
    duts = _duts(text)
    assert "kestrane" in duts and "ossel" not in duts and "wrk" not in duts


def test_computed_columns_are_no_systems() -> None:
    text = (
        "| Metric | Corvel | Ostrander | Winner | Improvement |\n|---|---|---|---|---|\n"
        "| Requests/s | 41,200 | 38,900 | Corvel | 5.9% |\n| p99 (ms) | 3.1 | 4.0 | Corvel | 22% |\n"
    )
    assert set(_duts(text)) == {"corvel", "ostrander"}


def test_words_that_say_what_a_heading_shows_are_not_part_of_the_name() -> None:
    text = (
        "## Comparing CPU Flamegraphs Tarnwick eBPF vs Ossel eBPF\n\nTarnwick eBPF served "
        "9,800 requests/s and Ossel eBPF served 6,100 requests/s.\n"
    )
    names = set(_duts(text))
    assert "tarnwick ebpf" in names and not any("flamegraph" in n for n in names)


def test_names_carry_no_trailing_blank() -> None:
    text = "| Concurrency | Corvel | HAProxy |\n|---|---|---|\n| 10 | 41,200 | 38,900 |\n"
    for e in extract_entities(read_text(text, name="r.md")):
        assert e.name == e.name.strip(), e.name


def test_a_heading_over_a_setting_of_the_system_is_no_system() -> None:
    text = _readme(("Brackenlb Configuration", 48211), ("Tollgate Tuning", 45100))
    assert not {"brackenlb", "tollgate"} & set(_duts(text))


def test_a_latin_name_ends_where_another_script_begins() -> None:
    text = _readme(("Corvel静态页测试", 48211), ("Tollgate转发测试", 45100))
    assert {"corvel", "tollgate"} <= set(_duts(text))


def test_brackets_that_cite_examples_list_no_contenders() -> None:
    text = "Other user space implementations (examples: Quarro and Vistal) have been measured.\n"
    assert _duts(text) == {}


@pytest.mark.parametrize(
    "item",
    [
        "* `Ostrander <https://ostrander.example/>`_ 2.0",
        "- [Ostrander](https://ostrander.example/docs) 2.0",
    ],
)
def test_a_linked_list_item_keeps_the_version_after_the_link(item: str) -> None:
    text = f"The following frameworks were tested:\n\n{item}\n* Corvel 1.4\n"
    duts = _duts(text)
    assert duts["ostrander"].version == "2.0"


def test_a_docs_placeholder_for_the_release_is_a_stated_version() -> None:
    text = "The following frameworks were tested:\n\n* Ostrander |release|\n* Corvel 1.4\n"
    assert _duts(text)["ostrander"].version == "|release|"
