"""JSON output, as documented in interfaces.md."""

from __future__ import annotations

import json

from claimcheck.models import CheckResult, Extraction


def format_findings(result: CheckResult) -> str:
    """``{"version": 1, "findings": [...], "errors": [...]}``."""
    return result.model_dump_json(indent=2)


def format_extraction(extraction: Extraction) -> str:
    """``{"version": 1, "claims": [...], "conditions": [...], "measurements": [...]}``."""
    data = extraction.model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False)
