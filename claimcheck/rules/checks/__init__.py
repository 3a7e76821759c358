"""The registered checks; importing this package registers them all."""

from claimcheck.rules.checks import claims, crossref, littles_law, order_stats, unit_misuse

__all__ = ["claims", "crossref", "littles_law", "order_stats", "unit_misuse"]
