"""Lazily compiled patterns behave like re.Pattern, and every module-level one compiles."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import claimcheck
from claimcheck import lazyre


def test_a_lazy_pattern_is_compiled_on_first_use_and_matches_like_re() -> None:
    p = lazyre.compile(r"(?P<n>\d+)\s*ms", re.IGNORECASE)
    assert "compiled" not in vars(p)
    expected = re.compile(r"(?P<n>\d+)\s*ms", re.IGNORECASE)
    text = "p50 12 MS, p99 40 ms"
    assert [m.span() for m in p.finditer(text)] == [m.span() for m in expected.finditer(text)]
    assert p.search(text).group("n") == "12"
    assert p.sub("#", text) == expected.sub("#", text)
    assert (p.flags, p.groups, p.groupindex) == (expected.flags, expected.groups, {"n": 1})
    assert vars(p)["compiled"].pattern == p.pattern


def test_a_bad_pattern_fails_when_used() -> None:
    p = lazyre.compile("(unclosed")
    with pytest.raises(re.error):
        p.search("x")


def _lazy_patterns(value: object) -> list[lazyre.LazyPattern]:
    if isinstance(value, lazyre.LazyPattern):
        return [value]
    if isinstance(value, dict):
        return [p for v in value.values() for p in _lazy_patterns(v)]
    if isinstance(value, list | tuple | set | frozenset):
        return [p for v in value for p in _lazy_patterns(v)]
    return []


def test_every_module_level_pattern_compiles() -> None:
    """Lazy compilation moves a typo in a pattern from import time to first use: catch it here."""
    found = 0
    for info in pkgutil.walk_packages(claimcheck.__path__, "claimcheck."):
        if info.name == "claimcheck.lazyre":
            continue  # its REGISTRY holds every lazy pattern, the tests' own bad ones too
        if info.name == "claimcheck.__main__":
            continue  # `python -m claimcheck`: importing it runs the command
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            for p in _lazy_patterns(value):
                assert p.compiled.pattern == p.pattern, f"{info.name}.{name}"
                found += 1
    assert found > 200
