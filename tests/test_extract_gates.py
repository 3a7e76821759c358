"""Cheap tests in front of expensive regexes must never change what the regex decides."""

from __future__ import annotations

import re
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import derived, measurements
from claimcheck.extract.quantities import finditer_from, word_starts

FAST = settings(max_examples=300, deadline=None)


def test_word_starts_cover_every_case_folding_of_a_latin_letter() -> None:
    starts = word_starts(list(string.ascii_lowercase))
    cls = re.compile(starts.pattern.split("(?<!")[0])
    letter = re.compile("[a-z]", re.IGNORECASE)
    missing = [c for c in map(chr, range(0x110000)) if letter.match(c) and not cls.match(c)]
    assert missing == []


def _texts(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=8).map("".join)


PHRASE = _texts(
    [*derived.TOTAL_WORDS, "TOTAL", "Would Draw", "x", " ", "-", "a", "ſum", "in", "all"]
    + ["\u0130n all", "_", "9"]
)


@FAST
@given(PHRASE)
def test_total_gate_is_the_regex(text: str) -> None:
    fast = [m.span() for m in finditer_from(derived.TOTAL_RE, derived._TOTAL_START_RE, text)]
    assert fast == [m.span() for m in derived.TOTAL_RE.finditer(text)]


BEFORE = _texts(
    [*measurements._NOT_A_RESULT_STEMS, "licensed", "Ports", "LIMITED", "uplinks", "report"]
    + ["rated at", "of", " ", ": ", "the", "x", "é", "ſpecified", "\n"]
)


@FAST
@given(BEFORE)
def test_not_a_result_gate_is_the_regex(before: str) -> None:
    assert measurements.not_a_result(before) == bool(measurements.NOT_A_RESULT.search(before))
