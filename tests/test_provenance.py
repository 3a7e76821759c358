"""The provenance fact (facts.md §6): who wrote, published, tested and paid for a report.

Every text here is written for these tests, with invented vendor and product names."""

from __future__ import annotations

import gc
import math
import time

import pytest

import claimcheck
from claimcheck.extract.pipeline import extract_document
from claimcheck.extract.provenance import Provenance, core_name, extract_provenance, name_after
from claimcheck.ingest import read_text


def provenance(text: str, name: str = "doc.md") -> Provenance:
    return extract_document(read_text(text, name)).provenance


def s008(text: str, name: str = "doc.md") -> list[tuple[int, str]]:
    result = claimcheck.check_text(text, name=name)
    return [(f.line, f.message) for f in result.findings if f.rule == "S008"]


TESTED = "Devices tested: the Acme AX-1 and the Brix B-3. The Acme AX-1 reached 9 Gbps and the Brix B-3 reached 7 Gbps.\n"  # noqa: E501


# --- organisation names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Acme Networks, Inc. commissioned the study.", "Acme Networks, Inc."),
        ("Published by Foo GmbH. We thank everyone.", "Foo GmbH"),
        ("It was sponsored by Bar Ltd. and run in May.", "Bar Ltd."),
        ("Funded by Quill & Hart Systems LLC", "Quill & Hart Systems LLC"),
        ("Written by Orrin Labs, a test house.", "Orrin Labs"),
    ],
)
def test_organisation_names_keep_words_and_legal_suffixes(text: str, org: str) -> None:
    prov = provenance(text)
    assert [p.name for p in prov.parties][:1] == [org]


def test_name_after_stops_at_the_sentence_and_at_a_possessive() -> None:
    assert name_after("Hollis. It compares", 0, 19) == ("Hollis", 6)
    text = "Marlin's own performance team"
    assert name_after(text, 0, len(text)) == ("Marlin", 6)
    assert name_after("an ADC, it was", 0, 14) is None  # an indefinite is no name


def test_core_name_drops_suffixes_and_kinds_of_body() -> None:
    assert core_name("Acme Networks, Inc.") == "acme"
    assert core_name("the fooproxy team") == "fooproxy"
    assert core_name("Harrowgate Development Team") == "harrowgate"


# --- relation to the devices under test -----------------------------------------------------


def test_suffixed_vendor_before_commissioned_is_a_sponsor_of_a_tested_device() -> None:
    prov = provenance("Acme Networks, Inc. commissioned Orbis Labs to run the tests.\n\n" + TESTED)
    assert prov.relation == "sponsored"
    assert prov.statement is not None and prov.statement.org == "Acme Networks, Inc."
    assert prov.statement.entity == "Acme AX-1"
    testers = [p for p in prov.parties if p.role == "tester"]
    assert [p.name for p in testers] == ["Orbis Labs"] and testers[0].device is None


def test_a_lab_or_tool_vendor_that_makes_no_tested_device_is_independent() -> None:
    text = "This report was written by Varnell Traffic Tools, makers of the load generator.\n\n"
    prov = provenance(text + TESTED)
    assert prov.relation == "independent"
    assert not s008(text + TESTED)
    prov = provenance("The tests were conducted by Orbis Labs.\n\n" + TESTED)
    assert prov.relation == "independent"


def test_we_with_no_product_of_ours_is_no_self_benchmark() -> None:
    text = "We ran both boxes in our lab for a week with our own load generator.\n\n" + TESTED
    prov = provenance(text)
    assert prov.relation == "unknown"
    assert not s008(text)


@pytest.mark.parametrize(
    ("text", "how", "line"),
    [
        (  # a README's first person: "our proxy" is the project the title names
            "# quokkaproxy: a tiny HTTP proxy\n\nWe compared our proxy with nginx on one "
            "laptop.\n\n| Proxy | Requests/s |\n|---|---|\n| quokkaproxy | 41,000 |\n"
            "| nginx | 38,500 |\n",
            "our X",
            3,
        ),
        (  # first person, "as the author of X"
            "# wombat\n\nwombat served 31,200 requests/s and nginx 28,900 requests/s. I ran "
            "the tests myself, as the author of wombat.\n",
            "author of X",
            3,
        ),
    ],
)
def test_first_person_ownership_of_the_project_the_title_names(
    text: str, how: str, line: int
) -> None:
    prov = provenance(text)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.how == how
    assert prov.statement.entity in ("quokkaproxy", "wombat")
    assert [n for n, _ in s008(text)] == [line]


def test_a_project_team_not_under_test_is_not_a_self_benchmark() -> None:
    # the team lent equipment; it did not measure, and the title names neither project
    text = "# Two gateways\n\nWe thank the Acme team for lending us a unit.\n\n" + TESTED
    assert provenance(text).relation == "unknown"


def test_the_x_team_measured_ties_the_team_to_the_device() -> None:
    text = "The Acme team measured the Acme AX-1 against the Brix B-3.\n\n" + TESTED
    prov = provenance(text)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.how == "the X team"


def test_labelled_line_and_key_value_row() -> None:
    prov = provenance("Test conducted by: Acme Development Team\n\n" + TESTED)
    assert prov.relation == "self"
    table = "| Field | Value |\n|---|---|\n| Sponsor | Brix Systems |\n| Date | May 2025 |\n\n"
    prov = provenance(table + TESTED)
    assert prov.relation == "sponsored" and prov.sponsor == "Brix Systems"


def test_byline_with_an_organisation() -> None:
    prov = provenance("*By Jo Marsh, Brix Systems*\n\n" + TESTED)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.how == "byline"
    prov = provenance("By Jo Marsh, Netwise Magazine\n\n" + TESTED)
    assert prov.relation == "independent"
    # a sentence that opens with "By" is no byline
    assert provenance("By Acme's own count the box is fast.\n\n" + TESTED).relation == "unknown"


def test_negated_and_unpaid_statements_are_not_sponsorship() -> None:
    for text in (
        "This study was not commissioned by Acme.",
        "Neither vendor funded it; Acme engaged customers with a survey instead.",
        "Acme did not pay for the tests.",
    ):
        prov = provenance(text + "\n\n" + TESTED)
        assert prov.relation != "sponsored", text


@pytest.mark.parametrize(
    ("text", "relation", "how"),
    [
        ("Acme, the maker of the AX-1, commissioned this study.", "sponsored", "commissioned"),
        ("Acme paid Orbis Labs to run the comparison.", "sponsored", "paid"),
        ("We at Acme Networks measured both boxes.", "self", "we at X"),
        ("Disclosure: the author works for Brix Systems.", "self", "writer works for X"),
        ("The benchmark was run by the Acme maintainers.", "self", "run by"),
        ("Sponsored by\nBrix Systems GmbH", "sponsored", "sponsored by"),
        ("Acme engaged Orbis labs to run the comparison.", "sponsored", "engaged"),
        ("The author used to work with people who work for Acme.", "unknown", None),
        ("Results were verified by the Brix team.", "unknown", None),
        ("The Acme team released version 4 last week.", "unknown", None),
        ("Acme provided the test equipment and Brix lent a unit.", "unknown", None),
    ],
)
def test_more_constructions(text: str, relation: str, how: str | None) -> None:
    prov = provenance(text + "\n\n" + TESTED)
    assert prov.relation == relation
    assert (prov.statement.how if prov.statement else None) == how


def test_a_publisher_that_says_it_tested_its_own_product_needs_no_device_list() -> None:
    # no device is found in this text: the statement itself names what was tested
    text = (
        "*Published by Quillon, Inc. Our own engineers ran these tests on the open source "
        "Quillon build.*\n\nRequests per second grew from 40,000 on one core to 610,000 on 16.\n"
    )
    prov = provenance(text)
    assert prov.relation == "self" and prov.statement is not None
    assert prov.statement.org == "Quillon, Inc." and prov.statement.entity == "Quillon"
    # a team that measures others with a harness named after itself tests no product of its own
    text = "The Orbis team measures its rivals with the Orbis harness.\n\n" + TESTED
    assert provenance(text).relation == "independent"


# --- self-benchmarks told by what the maker does, not by a byline --------------------------

DOCS_PAGE = """## Varrow Edge throughput

Varrow ran these tests on three identical cloud instances.

| Scenario | Requests/s | p99 (ms) |
|---|---|---|
| Varrow proxy, no plugins | 90,400 | 4.1 |
| Varrow proxy, key auth | 71,800 | 5.6 |
"""


def test_a_maker_that_ran_these_tests_on_its_own_product_is_a_self_benchmark() -> None:
    # a docs page: the only device is named in the results table's row labels
    prov = provenance(DOCS_PAGE)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.how == "X ran"
    assert prov.statement.entity == "Varrow" and prov.statement.role == "tester"
    assert [n for n, _ in s008(DOCS_PAGE)] == [3]
    # the same construction with something of the first person's used for the work
    text = DOCS_PAGE.replace(
        "Varrow ran these tests on", "Varrow measures throughput with our open test kit on"
    )
    assert provenance(text).relation == "self"


@pytest.mark.parametrize(
    "sentence",
    [
        "Orbis Labs ran these tests on three identical cloud instances.",  # a lab: independent
        "Varrow published results last year; we could not reproduce them.",  # not this report
        "Varrow publishes its own results, which we did not use.",
        "Varrow did not run these tests.",
    ],
)
def test_a_subject_that_did_not_do_this_report_s_work_is_no_self_benchmark(sentence: str) -> None:
    text = DOCS_PAGE.replace("Varrow ran these tests on three identical cloud instances.", sentence)
    assert provenance(text).relation != "self", sentence
    assert not s008(text)


README_OTHERS = """# Quillmux Benchmark

Scripts that benchmark quillmux's throughput and compare it with other popular open source
proxies.

| Case | Requests/s |
|---|---|
| quillmux-http | 61,000 |
| ferrox-http | 58,200 |
"""


def test_a_readme_setting_its_own_project_against_the_others() -> None:
    prov = provenance(README_OTHERS)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.how == "X against others"
    assert prov.statement.entity == "quillmux"
    assert [n for n, _ in s008(README_OTHERS)] == [3]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("# Quillmux Benchmark", "# Proxy shoot-out"),  # the title is nobody's own
        ("# Quillmux Benchmark", "# Benchmarks"),
        ("with other popular open source\nproxies", "with other runs of the same\nscript"),
        ("and compare it with other", "and do not compare it with other"),
    ],
)
def test_one_against_others_needs_the_title_s_project_and_a_kind_of_product(
    old: str, new: str
) -> None:
    text = README_OTHERS.replace(old, new)
    assert text != README_OTHERS
    assert provenance(text).relation != "self"
    assert not s008(text)


BLOG = """# Tarnwick and Ossel, measured again

We re-ran the benchmarks with the latest release of both meshes. Tarnwick served 9,800
requests/s and Ossel served 6,100 requests/s at the same p99 target.

## Thanks

Our thanks to the foundation that made it possible for the Tarnwick project to run these
experiments.
"""


def test_a_project_that_ran_the_experiments_on_its_blog() -> None:
    prov = provenance(BLOG)
    assert prov.relation == "self"
    assert prov.statement is not None and prov.statement.role == "tester"
    assert prov.statement.entity == "Tarnwick"
    assert [n for n, _ in s008(BLOG)] == [8]
    # a project thanked for a harness did no measuring of its own
    text = BLOG.replace(
        "for the Tarnwick project to run these\nexperiments", "to use the\nTarnwick project harness"
    )
    assert provenance(text).relation == "unknown"


# --- competitors ------------------------------------------------------------------------------


def test_declined_and_not_invited_competitors() -> None:
    text = (
        "Acme commissioned Orbis Labs to compare the two boxes. Brix was invited to tune its "
        "appliance and declined. Corvo was not invited.\n\n" + TESTED
    )
    prov = provenance(text)
    found = {(c.name, c.status) for c in prov.competitors}
    assert found == {("Brix", "declined"), ("Corvo", "not_invited")}
    assert next(c for c in prov.competitors if c.name == "Brix").device is not None
    messages = s008(text)
    assert len(messages) == 1 and "Brix declined" in messages[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "Throughput declined by 4% at 10,000 connections.",
        "Throughput declined to 4 Gbps under load.",
        "Latency rose and goodput declined.",
        "Brix, which makes the B-3, declined to comment on the figures.",
    ],
)
def test_a_figure_or_a_comment_that_declined_is_no_competitor(text: str) -> None:
    assert provenance(text + "\n\n" + TESTED).competitors == []


# --- metamorphic: renaming the vendor and product keeps the finding ----------------------------

GENRES = [
    "# {P} 3.1 release notes\n\nPublished by {V} Networks, Inc. Our own engineering team ran "
    "the tests.\n\nDevices tested: the {V} {M}-40 and the Brix B-3. The {V} {M}-40 reached "
    "9 Gbps and the Brix B-3 reached 7 Gbps.\n",
    "{V} Systems GmbH engaged Orbis Labs to compare the {V} {M}-40 with the Brix B-3.\n\n"
    "Devices tested: the {V} {M}-40 and the Brix B-3. The {V} {M}-40 reached 9 Gbps and the "
    "Brix B-3 reached 7 Gbps. Brix declined to take part.\n",
    "# {p}\n\n{p} is a small reverse proxy. The {p} maintainers benchmarked {p} against "
    "nginx.\n\n| Proxy | Requests/s |\n|---|---|\n| {p} | 41,000 |\n| nginx | 38,500 |\n",
]
NAMES = [
    {"V": "Acme", "M": "AX", "P": "Acme OS", "p": "quokkaproxy"},
    {"V": "Tarrow", "M": "TR", "P": "Tarrow OS", "p": "lyrebird"},
    {"V": "Quillon", "M": "QN", "P": "Quillon OS", "p": "bilbyd"},
]


@pytest.mark.parametrize("genre", range(len(GENRES)))
def test_renaming_keeps_the_finding(genre: int) -> None:
    seen = set()
    for names in NAMES:
        text = GENRES[genre].format(**names)
        prov = provenance(text)
        found = s008(text)
        assert prov.relation in ("self", "sponsored"), names
        assert len(found) == 1
        message = found[0][1]
        for key in ("V", "M", "p"):
            message = message.replace(names[key], f"<{key}>")
        statement = prov.statement
        assert statement is not None
        seen.add(
            (prov.relation, statement.line, statement.role, statement.how, found[0][0], message)
        )
    assert len(seen) == 1, seen


# --- bad input ----------------------------------------------------------------------------------


def test_empty_and_odd_input() -> None:
    doc = read_text("", "empty.md")
    assert extract_provenance(doc, []).relation == "unknown"
    assert provenance("commissioned by\n\nby\n\nAuthor:\n\n| Sponsor |\n").relation == "unknown"


@pytest.mark.parametrize(
    "unit", ["Acme ", "commissioned by Acme ", "the Acme team ", "Inc., ", "our proxy ", "By A "]
)
def test_time_is_linear(unit: str) -> None:
    def run(n: int) -> float:
        # best of three with the collector paused: a full suite leaves many objects alive,
        # and a collection landing in one timing is noise, not growth
        doc = read_text(unit * n, "long.md")
        best = math.inf
        gc.disable()
        try:
            for _ in range(3):
                start = time.perf_counter()
                extract_provenance(doc, [])
                best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
        return best

    small, large = run(2_000), run(16_000)
    assert large < max(small, 0.01) * 24  # 8x the input: far below 64x (quadratic)


# --- cue patterns looked up once per block ---------------------------------------------------

CUE_TEXTS = [
    # lab review, sponsored
    "# Quillfeather QF-20 review\n\nThis study was commissioned by Quillfeather Inc. and the tests "
    "were conducted by Orrin Labs. Brackenridge was invited to take part and declined. "
    "We at Orrin Labs measured 41,000 req/s on the QF-20.\n",
    # vendor blog, first person
    "Why our proxy is fast\n\nThe Halvard team measured our proxy against Pelican 1.4. Our team "
    "ran every test three times. The author of Halvard works for Tessel Systems.\n",
    # README with tool output, no statement at all
    "# loadbox\n\nloadbox 0.9 answered 81,234 req/s with `wrk -t4 -c200`. Pelican 1.4 answered "
    "52,000 req/s.\n\n```\nRequests/sec:  81234.55\n```\n",
    # datasheet with a report-from line and non-ASCII text
    "# Tarnwick TX-900 — datasheet\n\nA report from Tarnwick GmbH. Über 40 Gbps, paid for by "
    "Tarnwick GmbH; the figures were published by Tarnwick.\n",
]


@pytest.mark.parametrize("text", CUE_TEXTS)
def test_block_cue_lookup_changes_no_statement(monkeypatch, text: str) -> None:
    from claimcheck.extract import provenance as prov_mod

    gated = provenance(text)
    monkeypatch.setattr(
        prov_mod._Reader, "hits", lambda self, rx, t, s0, s1: rx.finditer(t, s0, s1)
    )
    assert provenance(text) == gated
