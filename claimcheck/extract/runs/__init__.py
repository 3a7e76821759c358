"""Tool runs (facts.md section 5): load-tool commands, their printed summaries and the run
parameters a report states in words or in a parameter table, as ``Run`` facts linked to
the entity they measured and to the table rows that report their results.

The fact types import nothing else of claimcheck (``claimcheck.models`` types the
``Extraction.runs`` field with them); the extractor is imported when first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claimcheck.extract.runs.model import Run, RunRow, Value

if TYPE_CHECKING:
    from claimcheck.extract.devices import MentionIndex
    from claimcheck.models import Document

__all__ = ["Run", "RunRow", "Value", "extract_runs"]


def extract_runs(doc: Document, mentions: MentionIndex) -> list[Run]:
    """Every run of ``doc`` with its entity and table rows (see ``collect.extract_runs``)."""
    from claimcheck.extract.runs.collect import extract_runs as collect

    return collect(doc, mentions)
