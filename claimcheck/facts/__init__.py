"""The facts of a document (``facts.md``): one store built once per document, and the
questions the rules ask of it."""

from claimcheck.facts.store import FactStore, FrozenFactsError, build_facts

__all__ = ["FactStore", "FrozenFactsError", "build_facts"]
