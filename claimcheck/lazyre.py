"""Regular expressions compiled the first time they are used.

The extractors and checks keep hundreds of patterns at module level; compiling them
all at import costs a large part of start-up, while a short report reaches only a
few of them (most extractors are gated by cue words). :func:`compile` returns a
stand-in that compiles on first attribute access and then exposes the compiled
pattern's methods directly, so later calls cost the same as on a ``re.Pattern``.
"""

from __future__ import annotations

import re
import sys
from typing import Any

# The compiled pattern's attributes copied onto the stand-in after the first use.
_FORWARDED = (
    "search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
    "groups", "groupindex", "flags",
)  # fmt: skip


class LazyPattern:
    """A ``re.Pattern`` in waiting: same methods, compiled on first use. ``site`` is the
    (module, line) that wrote it, when known."""

    def __init__(self, pattern: str, flags: int = 0, site: tuple[str, int] | None = None) -> None:
        self.pattern = pattern
        self.source_flags = flags
        self.site = site

    def __getattr__(self, name: str) -> Any:
        # only reached for attributes not yet on the instance, i.e. before the first use
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.source_flags)
        for attr in _FORWARDED:
            setattr(self, attr, getattr(compiled, attr))
        self.compiled = compiled
        return (
            object.__getattribute__(self, name) if name == "compiled" else getattr(compiled, name)
        )

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}, {self.source_flags})"


def flags_of(pattern: re.Pattern[str] | LazyPattern) -> int:
    """The flags a pattern was written with, without compiling a lazy one."""
    return pattern.source_flags if isinstance(pattern, LazyPattern) else pattern.flags


# Every pattern compile() has made, wherever it is kept (a list, a dict, a class attribute,
# a default argument): tests/test_regex_safety.py times them all on hostile input. compile()
# is for patterns written at module level, so this holds a few hundred and stops growing.
REGISTRY: list[LazyPattern] = []


def compile(pattern: str, flags: int = 0) -> LazyPattern:  # noqa: A001 - mirrors re.compile
    """A pattern like ``re.compile(pattern, flags)`` that is compiled when first used."""
    caller = sys._getframe(1)
    lazy = LazyPattern(pattern, flags, (caller.f_globals.get("__name__", "?"), caller.f_lineno))
    REGISTRY.append(lazy)
    return lazy
