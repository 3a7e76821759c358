"""The registered checks; importing this package registers them all."""

from claimcheck.rules.checks import (
    claims,
    consistency,
    crossref,
    disclosure,
    littles_law,
    metric_defs,
    order_stats,
    pipelining,
    setup_fairness,
    unit_misuse,
)

__all__ = [
    "claims",
    "consistency",
    "crossref",
    "disclosure",
    "littles_law",
    "metric_defs",
    "order_stats",
    "pipelining",
    "setup_fairness",
    "unit_misuse",
]
