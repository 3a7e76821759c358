"""Hostile HTML: the reader never raises, and its CPU time and output grow linearly.

The growth tests time the same construction at n and 8n units (best of three, CPU
time): linear work gives a ratio near 8, quadratic near 64; the test allows
:data:`RATIO`, over a floor of :data:`FLOOR` seconds so that runs too short to time
cannot fail it. A run that takes far longer than allowed is stopped (where the
platform has a CPU-time timer) instead of running on for minutes.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.errors import ClaimcheckError
from claimcheck.ingest.html import MAX_COLSPAN, MAX_LIST_DEPTH, html_to_text, read_html
from tests.test_bad_input import run_cli

RATIO = 24
FLOOR = 0.005  # seconds
UNIT_TARGET = 24_000  # characters of markup at n units; 8n is about 200 KB
OUTPUT_FACTOR = 6  # output characters per input character, at most (see test_output_bound)

# name -> markup of n units
HOSTILE: dict[str, Callable[[int], str]] = {
    # found by the review: quadratic in the old reader (text or html.parser)
    "unclosed nested lists": lambda n: "<ul><li>x" * n,
    "unclosed tag opens": lambda n: "<b" * n,
    "attributes without values": lambda n: "<b x=" * n,
    "unclosed quoted values": lambda n: "<a href='" * n,
    "unterminated comments": lambda n: "<!--" * n,
    "unterminated CDATA": lambda n: "<![CDATA[" * n,
    "end tag opens": lambda n: "</" * n,
    # quadratic in parsers that build the Standard's tree (lexbor, html5lib, html5ever)
    "deep divs": lambda n: "<div>" * n,
    "deep tables": lambda n: "<table><tr><td>" * n,
    "distinct formatting tags": lambda n: "".join(f"<b id={i}>" for i in range(n)),
    "deep empty lists": lambda n: "<ul><li>" * n,
    "distinct attribute names": lambda n: "<p " + " ".join(f"a{i}" for i in range(n)) + ">x",
    "distinct tag names": lambda n: "".join(f"<x{i}>y" for i in range(n)),
    # what the layout writes per unit stays bounded
    "deep numbered lists": lambda n: '<ol start="9999"><li>x' * n,
    "line breaks in a deep item": lambda n: "<ul><li>" * 20 + "x<br>" * n,
    "wide colspans": lambda n: "<table><tr>" + '<td colspan="99">x' * n,
    "many entities": lambda n: "&amp;&#65;&#x42;&notit;&" * n,
}


def units(make: Callable[[int], str], target: int = UNIT_TARGET) -> int:
    """How many units make about ``target`` characters."""
    return max(1, target * 100 // len(make(100)))


class _OverBudget(Exception):
    pass


@contextlib.contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise _OverBudget once the block has used ``seconds`` of CPU time (Unix, main
    thread); elsewhere the block just runs."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def over(signum, frame):
        raise _OverBudget

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def cpu_time(fn: Callable[[str], object], markup: str, budget: float = math.inf) -> float:
    """Best of three CPU times of ``fn(markup)``; pytest.fail past ``budget`` per run."""
    best = math.inf
    for _ in range(3):
        gc.collect()
        start = time.process_time()
        try:
            with cpu_budget(budget) if budget < math.inf else contextlib.nullcontext():
                fn(markup)
        except _OverBudget:
            pytest.fail(f"one run took more than {budget:.2f} s of CPU time")
        best = min(best, time.process_time() - start)
    return best


def _read(markup: str) -> object:
    return read_html(markup.encode("utf-8"), "hostile.html")


READERS = {"html_to_text": html_to_text, "read_html": _read}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("name", HOSTILE)
def test_time_grows_linearly(name: str, reader: str) -> None:
    fn, make = READERS[reader], HOSTILE[name]
    n = units(make)
    small = cpu_time(fn, make(n))
    allowed = RATIO * max(small, FLOOR)
    big = cpu_time(fn, make(8 * n), budget=2 * allowed)
    assert big <= allowed, f"{name}: {small:.4f} s at n={n}, {big:.4f} s at 8n"


@pytest.mark.parametrize("name", HOSTILE)
def test_output_bound(name: str) -> None:
    markup = HOSTILE[name](8 * units(HOSTILE[name]))
    assert len(html_to_text(markup)) <= OUTPUT_FACTOR * len(markup)


def test_list_indentation_stops_at_the_cap() -> None:
    text = html_to_text("<ol>" * 20 + "<li>deep</ol><ul><li>next")
    assert text.splitlines()[0] == "  " * (MAX_LIST_DEPTH - 1) + "1. deep"
    many = html_to_text("<ul><li>x" * 1000)
    assert max(len(line) for line in many.splitlines()) == 2 * (MAX_LIST_DEPTH - 1) + 3


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        ('<ol start="abc"><li>one<li>two</ol>', "1. one\n2. two\n"),
        ('<ol start=" 7 "><li>one</ol>', "7. one\n"),
        ('<ol start="0"><li>zero</ol>', "0. zero\n"),
        ('<ol start="-3"><li>one</ol>', "1. one\n"),  # one to four digits, nothing else
        ('<ol start="12345"><li>one</ol>', "1. one\n"),
        ('<ol start="' + "9" * 5000 + '"><li>one</ol>', "1. one\n"),
        ('<ol start="\u0663"><li>one</ol>', "1. one\n"),  # an Arabic-Indic digit
        ('<table><tr><td colspan="\u00b2">a<td>b</table>', "a\tb\n"),
        ('<table><tr><td colspan="' + "7" * 5000 + '">a<td>b</table>', "a\tb\n"),
        ('<table><tr><td colspan="0">a<td>b</table>', "a\tb\n"),
        ('<table><tr><td colspan="3">a<td>b</table>', "a\t\t\tb\n"),
        ("<table><tr><td colspan=&#51;>a<td>b</table>", "a\t\t\tb\n"),
        (
            '<table><tr><td colspan="9999">a<td>b</table>',
            "a" + "\t" * MAX_COLSPAN + "b\n",
        ),
        ("<p>&#" + "1" * 5000 + "; and &#x" + "f" * 5000 + "</p>", "\ufffd and \ufffd\n"),
        ("<p>&#" + "0" * 5000 + "65;</p>", "A\n"),
    ],
    ids=lambda value: value[:40] if isinstance(value, str) else None,
)
def test_untrusted_attributes_and_references(markup: str, expected: str) -> None:
    assert html_to_text(markup) == expected


def test_hostile_inputs_give_sane_text() -> None:
    for name, make in HOSTILE.items():
        markup = make(units(make, 2_000))
        text = html_to_text(markup)
        assert "\ue000" not in text, name  # the line-break stand-in never leaks
        assert text == "" or text.endswith("\n"), name
    assert html_to_text("<b" * 1000) == ""  # a tag open at the end of the input is dropped
    assert html_to_text("x<!--" * 1000) == "x\n"  # the first comment runs to the end
    assert html_to_text("</" * 1000) == ""  # "</<" opens a bogus comment, to the end
    assert html_to_text("<p>a" + "<a href='" * 1000) == "a\n"  # no ">" ends the tag


# -- the CLI, end to end ------------------------------------------------------------


def _hostile_files(folder: Path) -> list[Path]:
    paths = []
    for i, make in enumerate(HOSTILE.values()):
        path = folder / f"hostile-{i}.html"
        path.write_text(make(units(make, 4_000)), encoding="utf-8")
        paths.append(path)
    for i, markup in enumerate(
        [
            '<ol start="abc"><li>a</ol><table><tr><td colspan="\u00b2">b</table>',
            "<p>&#" + "9" * 5000 + ";</p>",
            '<ol start="' + "1" * 5000 + '"><li>x</ol>',
        ]
    ):
        path = folder / f"attributes-{i}.html"
        path.write_text(markup, encoding="utf-8")
        paths.append(path)
    return paths


def test_cli_on_hostile_files(capsys, tmp_path) -> None:
    for path in _hostile_files(tmp_path):
        rc, out, _ = run_cli(capsys, "check", str(path), "--format", "json")
        assert rc in (0, 1), path.read_text(encoding="utf-8")[:80]
        assert json.loads(out)["errors"] == []
        rc, _, _ = run_cli(capsys, "extract", str(path))
        assert rc == 0


def test_python_dash_m_on_hostile_files(tmp_path) -> None:
    paths = [str(p) for p in _hostile_files(tmp_path)]
    done = subprocess.run(
        [sys.executable, "-m", "claimcheck.cli", "check", *paths],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""


# -- arbitrary markup -----------------------------------------------------------------

PIECES = [
    "<p>", "</p>", "<div>", "<ul>", "<ol start=3>", "<li>", "</li>", "</ul>", "<table>", "<tr>",
    "<td colspan=2>", "<th>", "</td>", "</table>", "<pre>", "</pre>", "<br>", "<sup>", "<h2>",
    "</h2>", "<script>", "</script>", "<style>", "<!--", "-->", "<!-- claimcheck: x -->",
    "<![CDATA[", "<b", "<a href='", "</", "<", ">", "&", "&#", "&amp;", "'", '"', "=", " ", "\n",
    "9,400 Mbps", "2.2x", "x", "<ul><li>x", "<ol start=", "<td colspan=", "\u00b2", "9" * 50,
]  # fmt: skip
MARKUP = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=8)), max_size=60).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MARKUP)
def test_any_markup_is_read(markup: str) -> None:
    text = html_to_text(markup)
    assert len(text) <= OUTPUT_FACTOR * len(markup)
    with contextlib.suppress(ClaimcheckError):  # the one kind of error a reader may raise
        read_html(markup.encode("utf-8", "surrogatepass"), "any.html")
