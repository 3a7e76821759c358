"""JSON output, as documented in interfaces.md."""

from __future__ import annotations

import json

from claimcheck.facts.serialize import store_data
from claimcheck.facts.store import FactStore
from claimcheck.models import CheckResult, Extraction


def format_findings(result: CheckResult) -> str:
    """``{"version": 1, "findings": [...], "errors": [...]}``."""
    return result.model_dump_json(indent=2)


def format_extraction(extraction: Extraction) -> str:
    """``{"version": 1, "claims": [...], "conditions": [...], "measurements": [...]}``."""
    data = extraction.model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False)


def format_store(facts: FactStore) -> str:
    """The whole fact store: the extraction's facts plus quantities and sentences."""
    return json.dumps(store_data(facts), indent=2, ensure_ascii=False)
