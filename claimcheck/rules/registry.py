"""Registered check functions: the small Python checks rule files name.

A check takes the document and its extraction and yields ``Hit``s; the
engine turns hits into findings with the rule's code, name and severity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from claimcheck.models import Document, Extraction


@dataclass
class Hit:
    """One place a check fires: source offsets, a message and its evidence."""

    start: int
    end: int
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)
    severity: str | None = None  # overrides the rule's default (e.g. truncation → info)


CheckFn = Callable[[Document, Extraction], Iterator[Hit]]
_CHECKS: dict[str, CheckFn] = {}
# The rule whose check is running: a check reads its parameters (the rule file's [data])
# from here, so a user's rule file can reuse a shipped check with data of its own.
RUNNING_DATA: ContextVar[dict[str, Any] | None] = ContextVar("claimcheck_rule_data", default=None)


def running_data() -> dict[str, Any] | None:
    """The ``[data]`` table of the rule whose check is running, if any."""
    return RUNNING_DATA.get()


def check(name: str) -> Callable[[CheckFn], CheckFn]:
    """Register a check function under ``name``."""

    def deco(fn: CheckFn) -> CheckFn:
        _CHECKS[name] = fn
        return fn

    return deco


def _load() -> None:
    import claimcheck.rules.checks  # noqa: F401  (registers the checks)


def get_check(name: str) -> CheckFn:
    """The check registered under ``name``."""
    _load()
    return _CHECKS[name]


def known_check(name: str) -> bool:
    """True when a check of that name is registered."""
    _load()
    return name in _CHECKS
