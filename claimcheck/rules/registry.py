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
    "advertised_as_measured": "advertised",
    "asymmetric_configuration": "asymmetric_configuration",
    "asymmetric_testbed": "asymmetric_testbed", "bottleneck_not_dut": "bottleneck",
    "cpu_not_comparable": "cpu_comparison", "cross_reference": "crossref",
    "dangling_reference": "dangling_reference", "duplicate_label": "duplicate_label",
    "errors_in_results": "errors_in_results", "latency_definition": "latency_definition",
    "license_capped": "license_capped", "littles_law": "littles_law",
    "methodology_contradiction": "methodology", "missing_condition": "missing_condition",
    "missing_configuration": "missing_configuration",
    "name_inconsistency": "name_inconsistency", "one_sided_test": "one_sided",
    "order_statistics": "order_stats", "per_device_load": "per_device_load",
    "pipelined_rates": "pipelining", "missing_repeatability": "repeatability",
    "small_sample": "small_sample", "throughput_definition": "throughput_definition",
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
