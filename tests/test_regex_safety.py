"""Every regular expression of claimcheck takes time linear in its input, on inputs built
to make a backtracking engine slow (claimcheck runs in CI on reports anyone can write: a
few KB must never stall a job).

The patterns are found by tests/regex_collect.py, the inputs and timing are in
tests/regex_growth.py. ``CLAIMCHECK_SLOW_TESTS=1`` runs the same test on longer inputs and
with every literal of each pattern.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import cache

import pytest
from pydantic import ValidationError

import claimcheck
from claimcheck import suppression
from claimcheck.models import Document
from claimcheck.rules.spec import RuleSpec
from tests.regex_collect import Found, collect
from tests.regex_growth import Limits, Shape, Stopwatch, shapes, slow_inputs

SLOW = os.environ.get("CLAIMCHECK_SLOW_TESTS") == "1"
LIMITS = Limits(n=4096, repeats=5, literals=1000) if SLOW else Limits()


@cache
def package_patterns() -> tuple[Found, ...]:
    return tuple(collect())


def test_the_collector_finds_every_kind_of_pattern() -> None:
    found = package_patterns()
    assert len(found) > 450  # about 580: a collector that finds nothing must not pass
    texts = {(f.pattern, f.flags) for f in found}
    from claimcheck.extract.conditions import http
    from claimcheck.rules import queries as disclosure

    where = [f.where for f in found]
    assert any(w.startswith("claimcheck.suppression.DIRECTIVE ") for w in where)  # lazyre
    assert (http.SIZE_HINT_RE.pattern, 0) in texts  # @gated(re.compile(...))
    assert any(w.startswith("grammars/expr.lark ") for w in where)  # grammar terminals
    data = disclosure.rule_data("D001")["implied_by_text"]["processing_layer"]
    assert all((p, re.IGNORECASE) in texts for p in data)  # compiled by a check as it runs


def test_every_pattern_is_linear_on_hostile_input() -> None:
    slow = []
    for f in package_patterns():
        hit = next(slow_inputs(re.compile(f.pattern, f.flags), LIMITS), None)
        if hit is not None:
            slow.append(f"{f.where}: {f.pattern!r}\n    {hit}")
    assert not slow, "time grows faster than the input:\n" + "\n".join(slow)


# --- the test itself ------------------------------------------------------------------------

QUICK = Limits(budget=0.3, repeats=2)


@pytest.mark.parametrize(
    "pattern",
    [
        r"[ \t]*x",  # a blank run tried from each of its characters
        r"\d+(?:ms|s)\b",  # the same with a digit run
        r"(a+)+b",  # nested repeats: exponential
        r"\bversion[ \t]*:?[ \t]*v?\d",  # two blank runs after a keyword
        r"<!--\s*claimcheck:\s*([A-Z0-9, ]+?)\s*-->",  # a lazy class that takes blanks
    ],
)
def test_a_superlinear_pattern_is_flagged(pattern: str) -> None:
    hit = next(slow_inputs(re.compile(pattern), QUICK), None)
    assert hit is not None
    assert "at n=1024" in str(hit)  # names the input shape and the times


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?<![ \t])[ \t]*x",
        r"(?<!\d)\d+(?:ms|s)\b",
        r"\bversion[ \t]*+:?[ \t]*+v?\d",
        r"<!--\s*+claimcheck:\s*+([A-Z0-9,]++(?:[ ]++[A-Z0-9,]++)*+)\s*+-->",
    ],
)
def test_a_linear_pattern_is_not_flagged(pattern: str) -> None:
    assert next(slow_inputs(re.compile(pattern), QUICK), None) is None


def test_inputs_are_built_from_the_patterns_own_literals_and_repeats() -> None:
    built = shapes(r"\bsoftware[ \t]+version[ \t]*:?[ \t]*(\d+)")
    assert Shape("software", " ") in built  # a literal, a blank run, a character that fails
    assert Shape("", "version,") in built  # a literal repeated with a separator
    assert Shape("software version", " ") in built  # the text before a repeat, then its pump
    assert all(1000 - len(s.unit) < len(s.build(1000)) <= 1000 for s in built)


# --- the inputs that found them -------------------------------------------------------------
# Each took time quadratic or worse in its length before its pattern was mended: run through
# the code that reads it, its time at 8n must stay within a linear bound of its time at n.

END_TO_END = Limits(n=4096, budget=5.0)


def _grows_linearly(what: str, run: Callable[[str], object], build: Callable[[int], str]) -> None:
    with Stopwatch(END_TO_END.budget) as watch:
        g = watch.growth(what, run, build, END_TO_END)
    assert g is None, str(g)


def test_a_suppression_comment_with_a_long_blank_run() -> None:
    def parse(text: str) -> object:
        return suppression.parse(Document(name="r.md", text=text), {"A001"})

    def build(n: int) -> str:
        return "<!-- claimcheck: disable-next-line=A001" + " " * n + "!\n"

    _grows_linearly("a directive, blanks, a stray character", parse, build)


def test_version_then_a_long_blank_run() -> None:
    def build(n: int) -> str:
        return "The appliance ran software version" + " " * n + "!\n"

    _grows_linearly("check_text of 'version' and blanks", claimcheck.check_text, build)


def test_tool_output_that_logs_errors_and_a_long_run_of_numbers() -> None:
    def build(n: int) -> str:
        return (
            "## Results\n\n```\nRunning 30s test @ http://10.0.0.2/\n"
            "  Socket errors: connect 0, read 12, write 0, timeout 3\n"
            "Requests/sec:  41000.00\n" + "1,000," * (n // 6) + "\n```\n"
        )

    what = "check_text of a wrk block with socket errors and 1,000,1,000,..."
    _grows_linearly(what, claimcheck.check_text, build)


def test_a_rule_code_with_a_trailing_newline_is_rejected() -> None:
    with pytest.raises(ValidationError, match="capital letter and three digits"):
        RuleSpec(code="X001\n", name="x", severity="info", summary="s", check="x")
    assert RuleSpec(code="X001", name="x", severity="info", summary="s", check="x").code == "X001"
