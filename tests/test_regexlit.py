"""Required literals read off parsed patterns, on examples (their soundness on corpus and
generated text is checked in test_condition_literals.py and test_textgate.py)."""

from __future__ import annotations

import re

from claimcheck.regexlit import leads, needed


def test_needed_on_examples() -> None:
    assert needed(r"\bfoo(?:bar)?\b") == ("foo",)  # "foobar" holds "foo": one test is enough
    assert needed(r"(?i)Hello|World") == ("hello", "world")
    assert needed(r"[Pp]ercentile") == ("percentile",)
    assert needed(r"a{0,3}bcd") == ("bcd",)
    assert needed(r"\blicen[cs]\w*\b", re.I) == ("licenc", "licens")
    assert needed(r"\brequests?\b") == ("request",)
    assert needed(r"\bfast[ \t-]?path\b") == ("fast\tpath", "fast path", "fast-path", "fastpath")
    assert needed(r"x{2,}yz|(?P<a>qq)(?P=a)") == ("qq", "yz")


def test_no_gate_when_nothing_useful_is_known() -> None:
    assert needed(r"\d+") is None  # nothing literal
    assert needed(r"\d+(?:ms|s)") is None  # "s": too short to be worth a test
    assert needed(r"(?:abc)?") is None
    assert needed(r"abc|") is None  # the empty branch needs nothing
    assert needed(r"ab|\d") is None  # one branch needs nothing
    assert needed("(") is None  # not a pattern


def test_characters_outside_ascii() -> None:
    assert needed("\u017ftop") == ("top",)  # "ſ" matches "s" case-insensitively
    assert needed("\u212a", re.I) is None  # the Kelvin sign matches "k"
    assert needed("±") == ()  # cannot match ASCII text


def test_possessive_and_atomic_forms_gate_like_the_plain_ones() -> None:
    """Patterns are made linear with possessive repeats and atomic groups: the gate must
    not get weaker for it."""
    pairs = [
        (r"version[ \t]*+:?[ \t]*+v?\d", r"version[ \t]*:?[ \t]*v?\d"),
        (r"(?>ab|cd)ef", r"(?:ab|cd)ef"),
        (r"x(?:ab)++y", r"x(?:ab)+y"),
        (r"\b(?>seven|six)[ \t]++users", r"\b(?:seven|six)[ \t]+users"),
        (r"(?:kb|mb)?+ps\b", r"(?:kb|mb)?ps\b"),
    ]
    for possessive, plain in pairs:
        assert needed(possessive) == needed(plain) is not None, possessive


def test_verbose_flag() -> None:
    assert needed("lat ency", re.VERBOSE) == ("latency",)
    assert needed("lat ency") == ("lat ency",)


def test_package_patterns_are_the_same_text_in_every_process() -> None:
    """A pattern joined from a set must not depend on the hash seed: the table is keyed
    by the pattern's text, and a key that changes from run to run is never found."""
    import os
    import subprocess
    import sys

    code = "from claimcheck import regexlit\nprint(repr(regexlit.package_patterns()))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }  # fmt: skip
    assert len(outputs) == 1


def test_leading_strings_on_examples() -> None:
    assert leads(r"\bkeep[ -]?alives?\b", re.I) == ("keep alive", "keep-alive", "keepalive")
    assert leads(r"(?<![\w-])(?:no|not)\b x") == ("no x", "not x")  # assertions hold nothing
    assert leads(r"(?:ab|cd)+x") == ("ab", "cd")  # a repeat starts like its item
    assert leads(r"(?i)Hello|World") == ("hello", "world")
    assert leads(r"abc(?:def)?") == ("abc",)  # "abcdef" starts with "abc": one is enough
    assert leads(r"(?>ab|cd)ef") == ("abef", "cdef")
    assert leads(r"\d+ms") is None  # a digit first: no string starts every match
    assert leads(r"ab|c") is None  # "c" is too short to be worth a look-up
    assert leads(r"(?:an?[ \t]+)?single") is None  # may start with "a" or "single"
    assert leads(r"x*abc") is None
    assert leads("\u212a", re.I) is None  # the Kelvin sign matches "k"
    assert leads("±x") == ()  # cannot match ASCII text
    assert leads("(") is None
