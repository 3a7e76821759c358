"""Open-world entities: names found by where a report puts them, in several genres, with
invented product names none of which the product prior knows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract.devices import extract_devices, extract_entities
from claimcheck.extract.entities import entity_named
from claimcheck.extract.names import clean_name, names_label
from claimcheck.extract.pipeline import extract_document
from claimcheck.ingest import read_text


def _entities(text: str, name: str = "r.md") -> dict[str, object]:
    return {e.name.casefold(): e for e in extract_entities(read_text(text, name=name))}


def _duts(text: str, name: str = "r.md") -> set[str]:
    return {d.name.casefold() for d in extract_devices(read_text(text, name=name))}


README = """# quillproxy benchmarks

We loaded each proxy with wrk for 30 seconds.

| Proxy | Req/s | p99 |
|---|---|---|
| quillproxy | 41,200 | 3.1 ms |
| ferrox 2.4.1 | 35,900 | 4.0 ms |
| tarnhttp | 20,100 | 9.8 ms |

quillproxy handled 41,200 requests per second where ferrox handled 35,900.
"""


def test_lower_case_names_on_a_table_axis_are_devices() -> None:
    ents = _entities(README)
    assert {"quillproxy", "ferrox", "tarnhttp"} <= _duts(README)
    assert ents["ferrox"].version == "2.4.1"
    # named in the prose in another case: still one entity with all its mentions
    assert len(ents["quillproxy"].mentions) >= 3


def test_a_tool_named_in_a_sentence_is_not_a_device() -> None:
    ents = _entities(README)
    assert "wrk" not in _duts(README)
    assert all(e.kind != "dut" for n, e in ents.items() if n == "wrk")


def test_a_product_named_once_in_a_table_axis() -> None:
    text = """## Results

| Gateway | RPS |
|---|---|
| Pelican Edge 3.2 | 18,000 |
| Bramblegate | 12,500 |
"""
    assert {"pelican edge", "bramblegate"} <= _duts(text)


def test_column_headers_name_systems_when_rows_are_percentiles() -> None:
    text = """| Percentile | vexa | Orrin-7 | qlb |
|---|---|---|---|
| 50% | 1.2 ms | 1.9 ms | 2.2 ms |
| 99% | 8.8 ms | 9.1 ms | 15.0 ms |
"""
    assert {"vexa", "orrin-7", "qlb"} <= _duts(text)


def test_vs_title_and_brand_alone() -> None:
    text = """Falcon F300 vs. Heron HX-40: a lab review

The Falcon served 28,000 requests per second in the first round. The Heron reached 19,500.
Falcon pricing starts at 4,000 dollars.
"""
    ents = _entities(text, "r.txt")
    falcon = ents["falcon f300"]
    assert falcon.kind == "dut"
    texts = [m.text for m in falcon.mentions]
    assert texts.count("Falcon") >= 2  # the brand alone names the one Falcon
    assert "heron hx-40" in ents


def test_names_with_digits_and_dots() -> None:
    text = """## Contenders

Systems under test:

- Nimbus.io 4
- K9-Relay 2.0.3

Nimbus.io 4 answered 9,100 requests per second; K9-Relay reached 7,700.
"""
    duts = _duts(text)
    assert "nimbus.io 4" in duts
    assert "k9-relay" in duts


def test_we_compared_list_and_vendor_blog_genre() -> None:
    text = """# Why Orbly is fast

We compared Orbly, Zentor and Calyx on the same four-core machine. Orbly finished
first with 52,000 requests per second, Zentor delivered 40,100 and Calyx 38,000.
"""
    assert {"orbly", "zentor", "calyx"} <= _duts(text)


def test_pronoun_after_naming_a_device() -> None:
    text = """Heron HX-40 vs Falcon F300

The Heron HX-40 sat in rack 2. It had two 10GbE ports and reached 9.4 Gbps.
"""
    ents = _entities(text, "r.txt")
    heron = ents["heron hx-40"]
    assert any(m.text == "It" for m in heron.mentions)
    assert "It" not in heron.aliases


def test_former_and_latter() -> None:
    text = """Heron HX-40 vs Falcon F300

We set up the Heron HX-40 and the Falcon F300 side by side. The former reached 9.4 Gbps.
"""
    ents = _entities(text, "r.txt")
    assert any("former" in m.text for m in ents["heron hx-40"].mentions)


def test_pronoun_without_a_device_before_names_nothing() -> None:
    text = """Heron HX-40 vs Falcon F300

The lab is in a basement. It has good cooling.
"""
    ents = _entities(text, "r.txt")
    assert not any(m.text == "It" for e in ents.values() for m in e.mentions)


def test_backend_in_a_direct_row_is_not_a_device() -> None:
    text = """| Target | Requests/s |
|---|---|
| echosrv, direct | 60,000 |
| ferrox 2.4.1 | 35,900 |

Two backends, each running echosrv, sat behind the proxy.
"""
    ents = _entities(text)
    assert ents["echosrv"].kind == "backend"
    assert "echosrv" not in _duts(text)


def test_lab_that_was_engaged_is_not_a_device() -> None:
    text = """Falcon F300 vs Heron HX-40

Falcon Systems engaged Marrow Test Labs to compare the Falcon F300 with the Heron HX-40.
"""
    assert "marrow test labs" not in _duts(text, "r.txt")


def test_clean_name_cuts_generic_words_and_versions() -> None:
    assert clean_name("Performance of Quill Edge", "right")[0] == "Quill Edge"
    assert clean_name("ferrox v2.4.1 (default build)")[0:3:2] == ("ferrox", "2.4.1")
    assert clean_name("the results") is None
    assert names_label("Orrin-7")
    assert not names_label("99%")


def test_model_alone_folds_into_the_product_named_with_its_maker() -> None:
    text = """## Products tested

| Vendor | Device | L4 CPS |
|---|---|---|
| Ostrava | Kestrel KX-9100 | 400,000 |
| Lindvik | Tarn TR-220 | 300,000 |

The KX-9100 reached 400,000 connections per second; the TR-220 reached 300,000.
Ostrava wrote this report.
"""
    ents = _entities(text)
    kx = ents["kestrel kx-9100"]
    assert kx.vendor == "Ostrava"
    assert any(m.text == "KX-9100" for m in kx.mentions)
    assert "kx-9100" not in ents  # one entity, not two


def test_abbreviation_in_parentheses_names_the_product() -> None:
    text = """Quill Edge vs Orca Virtual Edition

We compared Quill Edge with the Orca Virtual Edition (VE) on one host. The Orca VE
reached 3.1 Gbps and Quill Edge reached 5.2 Gbps. Orca VE latency was higher.
"""
    ents = _entities(text, "r.txt")
    orca = ents["orca virtual edition"]
    assert sum(1 for m in orca.mentions if m.text == "Orca VE") == 2
    assert "orca ve" not in ents


def test_test_equipment_is_a_tool_whatever_its_name() -> None:
    text = """Falcon F300 vs Heron HX-40

Every run used Brindle BX80 appliances as the traffic source and the measuring device.
The Brindle BX80 ran software 6.0. The Falcon F300 reached 9 Gbps and the Heron HX-40
reached 7 Gbps.
"""
    ents = _entities(text, "r.txt")
    assert ents["brindle bx80"].kind == "tool"
    assert "brindle bx80" not in _duts(text, "r.txt")


def test_interior_words_of_a_name_are_not_aliases() -> None:
    text = """Orca Virtual Edition vs Quill Edge

A virtual switch carried the traffic. Virtual machines had 8 vCPUs each.
"""
    ents = _entities(text, "r.txt")
    assert not any(m.text.startswith("Virtual m") for m in ents["orca virtual edition"].mentions)
    assert all(m.line == 1 for m in ents["orca virtual edition"].mentions)


DATASHEET = """# Brindle firewall family

| Model | BX-200 | BX-400 |
|---|---|---|
| Firewall throughput | 10 Gbps | 20 Gbps |
| IPS throughput | 3 Gbps | 6 Gbps |
| Concurrent sessions | 2,000,000 | 4,000,000 |
"""


def test_datasheet_columns_name_the_models_not_the_metric_rows() -> None:
    duts = _duts(DATASHEET)
    assert {"bx-200", "bx-400"} <= duts
    assert not duts & {"ips", "firewall", "concurrent sessions"}


def test_per_device_table_with_metric_headers_keeps_its_row_labels() -> None:
    text = """| Device | Throughput (Gbps) | Latency (ms) |
|---|---|---|
| Quill Q7 | 9.1 | 0.8 |
| Tarn T3 | 7.4 | 1.1 |
"""
    duts = _duts(text)
    assert {"quill q7", "tarn t3"} <= duts
    assert not duts & {"throughput", "latency"}


def test_entity_named_answers_for_table_labels() -> None:
    ents = extract_entities(read_text(README, name="r.md"))
    assert entity_named("QuillProxy", ents).name == "quillproxy"
    assert entity_named("ferrox", ents).name == "ferrox"
    assert entity_named("Req/s", ents) is None
    assert entity_named("", ents) is None


def test_a_release_after_a_load_generator_is_not_the_devices() -> None:
    text = """Falcon F300 vs Heron HX-40

The Falcon F300 ran release 4.2.1 and the Heron HX-40 ran release 4.2.1.
The Brindle 2700C, software release 7.51, drove traffic into the Falcon F300.
The Falcon F300 reached 9 Gbps and the Heron HX-40 reached 7 Gbps.
"""
    ex = extract_document(read_text(text, name="r.txt"))
    versions = {(c.value, c.device) for c in ex.conditions if c.name == "software_version"}
    assert not any(v == "7.51" and d for v, d in versions)


def test_and_compared_heading() -> None:
    assert {"quillgate", "tarnway"} <= _duts("## Quillgate and Tarnway compared\n\nOne host.\n")


def test_versus_title() -> None:
    assert {"falcon f300", "heron hx-40"} <= _duts("# Falcon F300 versus Heron HX-40\n\nText.\n")


def test_contenders_list_under_a_heading() -> None:
    text = """## The contenders

- Pelion 3
- orrinlb
- Vexa Edge 2.1

Pelion 3 answered 9,000 requests per second.
"""
    ents = _entities(text)
    assert {"pelion 3", "orrinlb", "vexa edge"} <= _duts(text)
    assert ents["vexa edge"].version == "2.1"


def test_devices_tested_lead_in() -> None:
    text = "The lab compared three proxies.\n\nDevices tested:\n\n- Quill Q7\n- Tarn T3\n"
    assert {"quill q7", "tarn t3"} <= _duts(text)


def test_a_sentence_that_merely_describes_names_no_entity() -> None:
    text = "The results were averaged over three runs. Throughput reached 9 Gbps on the link.\n"
    assert _duts(text) == set()


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from([*"Ab1 .,:;|-\n#()'", " vs ", "It ", "the ", " served 9 ", "X9", "|---|"]),
        max_size=60,
    ).map("".join)
)
def test_any_text_gives_entities_without_error(text: str) -> None:
    for e in extract_entities(read_text(text, name="h.md")):
        assert e.mentions and all(0 <= m.start < m.end <= len(text) for m in e.mentions)


def test_a_model_that_shares_a_tools_name_is_no_tool():
    from claimcheck.extract.entity_kinds import TOOL, kind_of

    assert kind_of(["Kestrel", "K6"], [], strong=True) != TOOL
    assert kind_of(["Orla", "Hey"], [], strong=False) != TOOL
    assert kind_of(["k6", "v0.49"], [], strong=False) == TOOL
    assert kind_of(["wrk2"], [], strong=False) == TOOL
    assert kind_of(["Spirent", "Avalanche"], [], strong=False) == TOOL
