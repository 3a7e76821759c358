"""Registered check functions: the small Python checks rule files name.

A check takes the document's fact store (:class:`claimcheck.facts.FactStore`) and yields
``Hit``s; the engine turns hits into findings with the rule's code, name and severity.
"""

from __future__ import annotations

import pkgutil
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from claimcheck.facts import FactStore


@dataclass
class Hit:
    """One place a check fires: source offsets, a message and its evidence."""

    start: int
    end: int
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)
    severity: str | None = None  # overrides the rule's default (e.g. truncation → info)


CheckFn = Callable[["FactStore"], Iterator[Hit]]
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


# A shipped check lives in claimcheck/rules/checks/<CODE>_<check name>.py: rules/A006.toml
# names check "littles_law", found in checks/A006_littles_law.py (one hop from code to code).
_MODULE_NAME = re.compile(r"(?P<code>[A-Z][0-9]{3})_(?P<check>[a-z][a-z0-9_]*)")


@cache
def shipped_checks() -> dict[str, str]:
    """Check name -> the module of claimcheck.rules.checks that registers it, read from the
    package's file names (nothing is imported)."""
    spec = find_spec("claimcheck.rules.checks")
    out = {}
    for info in pkgutil.iter_modules(spec.submodule_search_locations if spec else ()):
        m = _MODULE_NAME.fullmatch(info.name)
        if m:
            out[m.group("check")] = info.name
    return out


def _load(name: str | None = None) -> None:
    """Import the module that registers ``name`` (every check module when it is not a shipped
    one: a user's rule file may name a check registered by a plug-in module)."""
    # Always through the import system, even once registered: a check is registered while
    # its module is still executing, and only the import lock makes another thread wait
    # until the module is complete.
    shipped = shipped_checks()
    if name in shipped:
        import_module(f"claimcheck.rules.checks.{shipped[name]}")
    elif name not in _CHECKS:
        load_shipped_checks()


def load_shipped_checks() -> None:
    """Import every shipped check module (a worker warming up before its first report)."""
    for module in shipped_checks().values():
        import_module(f"claimcheck.rules.checks.{module}")


def get_check(name: str) -> CheckFn:
    """The check registered under ``name``."""
    _load(name)
    return _CHECKS[name]


def known_check(name: str) -> bool:
    """True when a check of that name is registered."""
    if name in shipped_checks():
        return True
    _load(name)
    return name in _CHECKS
