"""What a pattern matched is looked up in the table it feeds, whatever its spelling.

A case-insensitive pattern matches the long s "ſ" for "s", the Kelvin sign for "k",
dotless and dotted i for "i", and the micro sign, Greek mu and capital Mu for each
other; a table written in lower-case ASCII would miss them (a KeyError: an internal
error for the whole report). Every pattern below feeds the table beside it: each
string it matches, generated from the pattern and from case and Unicode variants of
the table's own keys, must find its key through :func:`claimcheck.textkeys.fold`.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.extract import axislabels, markers, measurements, numbers, statedload
from claimcheck.extract.conditions import base as cond_base
from claimcheck.extract.conditions import cells as cond_cells
from claimcheck.extract.conditions import configs as cond_configs
from claimcheck.extract.runs import outputs, values
from claimcheck.textkeys import fold, folded, lower

# Letters the regex engine equates under re.IGNORECASE, and full-width forms (NFKC).
TWINS = {
    "s": ["S", "ſ"],
    "k": ["K", "\u212a"],
    "i": ["I", "ı", "İ"],
    "µ": ["μ", "Μ"],
    "μ": ["µ", "Μ"],
    "m": ["M", "\uff4d"],
}


def _compiled(pattern) -> re.Pattern[str]:  # noqa: ANN001 - a LazyPattern or a re.Pattern
    return re.compile(pattern.pattern, getattr(pattern, "source_flags", 0) or pattern.flags)


def _stat_key(text: str) -> str:
    return fold(text).replace(" ", "").replace(".", "")


# (name, pattern, group(s) holding the key, table, key of the matched text)
FEEDS = [
    ("tool time units", values.TIME_RE, (3,), values.TIME, fold),
    ("duration parts", values.DURATION_PART_RE, (2,), values.TIME, fold),
    ("transfer sizes", values.SIZE_RATE_RE, (3,), values.SIZE, fold),
    ("stated mean latency", statedload.MEAN_RE, (2, 4, 6), statedload._TIME, fold),
    ("fractions", markers._FRACTION_RE, (2, 3), markers.DENOMINATORS, fold),
    ("scale words", numbers.SCALE_WORD_RE, (1,), numbers.SCALES, fold),
    ("k6 durations", cond_base._DUR_PART, (2,), cond_base._DUR_UNITS, fold),
    ("cell sizes", cond_cells._CELL_SIZE_RE, (3,), cond_cells._CELL_SIZE_UNITS, fold),
    ("header sizes", cond_cells._HEADER_UNIT_RE, (1,), cond_cells._CELL_SIZE_UNITS, fold),
    ("k6 thresholds", cond_configs.STAT_THRESHOLD_RE, ("s",), cond_configs._STATS, fold),
    ("per-watt figures", measurements.PER_WATT, (1,), None, fold),
    ("label statistics", axislabels._STAT, (4,), axislabels._STAT_NAMES, _stat_key),
]


def _keys_of(m: re.Match[str], groups: tuple) -> list[str]:
    return [m.group(g) for g in groups if m.group(g) is not None]


def _variant(draw, text: str) -> str:  # noqa: ANN001 - hypothesis' draw
    """``text`` with some letters swapped for a twin the regex engine takes for them."""
    out = []
    for ch in text:
        twins = TWINS.get(ch.lower() if ch.isascii() else ch)
        out.append(draw(st.sampled_from([ch, *twins])) if twins else ch)
    return "".join(out)


@pytest.mark.parametrize(
    ("name", "pattern", "groups", "table", "key"), FEEDS, ids=[f[0] for f in FEEDS]
)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_match_is_a_key_of_its_table(data, name, pattern, groups, table, key) -> None:
    """A string generated from the pattern, and the same with letters swapped for their
    case-folding twins, finds its table key when the pattern matches it."""
    if table is None:  # the numerator table: the figures it knows, matched or not
        table = measurements.NUMERATOR_FAMILY
    rx = _compiled(pattern)
    text = data.draw(st.from_regex(rx))
    for candidate in (text, _variant(data.draw, text)):
        for m in rx.finditer(candidate):
            for matched in _keys_of(m, groups):
                if pattern is measurements.PER_WATT:
                    if fold(matched) in table:
                        assert fold(matched) in measurements.NUMERATOR_UNIT
                    continue
                assert key(matched) in table, (name, candidate, matched)


@pytest.mark.parametrize(
    ("name", "pattern", "groups", "table", "key"),
    [f for f in FEEDS if f[3] is not None],
    ids=[f[0] for f in FEEDS if f[3] is not None],
)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_twins_of_each_key_fold_to_it(data, name, pattern, groups, table, key) -> None:
    """Every table's keys are folded, and every twin spelling of a key folds to it."""
    for k in table:
        assert fold(k) == k, (name, k)
    k = data.draw(st.sampled_from(sorted(table)))
    assert fold(_variant(data.draw, k)) == k


def test_spelled_out_hours_are_time_units() -> None:
    assert values.seconds("2hour") == 7200.0
    assert values.seconds("1 hour") == 3600.0
    assert values.seconds("1.5 hours") == 5400.0
    assert values.duration("2h") == 7200.0


@pytest.mark.parametrize(
    ("written", "key"),
    [("mſ", "ms"), ("\u212ab", "kb"), ("µs", "μs"), ("Μs", "μs"), ("TWıCE", "twice"),
     ("thİrd", "third"), ("ＭＳ", "ms"), ("Hour", "hour")],
)  # fmt: skip
def test_fold(written: str, key: str) -> None:
    assert fold(written) == key


def test_folded_keeps_the_first_of_two_spellings() -> None:
    assert folded({"µs": 1, "μs": 2, "MS": 3}) == {"μs": 1, "ms": 3}


@given(st.text(alphabet=st.sampled_from("aİıſK\u212aµß xZ"), max_size=30))
def test_lower_keeps_every_offset(text: str) -> None:
    assert len(lower(text)) == len(text)
    if "İ" not in text:
        assert lower(text) == text.lower()


def test_stat_names_of_tool_headers() -> None:
    assert outputs.stat_name("Avg") == "mean"
    assert outputs.stat_name("ſtdev") == "stdev"
    assert outputs.stat_name("\u212a") is None
