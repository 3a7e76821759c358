"""Registered check functions: the small Python checks rule files name.

A check takes the document and its extraction and yields ``Hit``s; the
engine turns hits into findings with the rule's code, name and severity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from importlib import import_module
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


# Which module of claimcheck.rules.checks registers each shipped check, so that loading
# rule files imports no check and running one imports only its module (a test keeps this
# equal to what the modules register).
SHIPPED: dict[str, str] = {
    "percent_delta": "claims", "ratio": "claims", "derived_metric": "claims",
    "duplicate_label": "consistency", "name_inconsistency": "consistency",
    "methodology_contradiction": "consistency", "dangling_reference": "consistency",
    "cross_reference": "crossref",
    "missing_condition": "disclosure", "missing_repeatability": "disclosure",
    "missing_configuration": "disclosure",
    "littles_law": "littles_law", "pipelined_rates": "pipelining",
    "throughput_definition": "metric_defs", "latency_definition": "metric_defs",
    "cpu_not_comparable": "metric_defs",
    "order_statistics": "order_stats",
    "license_capped": "setup_fairness", "per_device_load": "setup_fairness",
    "asymmetric_testbed": "setup_fairness", "asymmetric_configuration": "setup_fairness",
    "bottleneck_not_dut": "setup_fairness", "one_sided_test": "setup_fairness",
    "small_sample": "setup_fairness", "advertised_as_measured": "setup_fairness",
    "errors_in_results": "setup_fairness",
    "unit_misuse": "unit_misuse",
}  # fmt: skip


def _load(name: str | None = None) -> None:
    """Import the module that registers ``name`` (all check modules when not a shipped one)."""
    # Always through the import system, even once registered: a check is registered while
    # its module is still executing, and only the import lock makes another thread wait
    # until the module is complete.
    if name in SHIPPED:
        import_module(f"claimcheck.rules.checks.{SHIPPED[name]}")
    elif name not in _CHECKS:
        import claimcheck.rules.checks  # noqa: F401  (registers the checks)


def get_check(name: str) -> CheckFn:
    """The check registered under ``name``."""
    _load(name)
    return _CHECKS[name]


def known_check(name: str) -> bool:
    """True when a check of that name is registered."""
    if name in SHIPPED:
        return True
    _load(name)
    return name in _CHECKS
