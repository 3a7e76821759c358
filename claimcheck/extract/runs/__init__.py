"""Tool runs (facts.md section 5): load-tool commands, their printed summaries and the run
parameters a report states in words or in a parameter table, as ``Run`` facts linked to
the entity they measured and to the table rows that report their results."""

from __future__ import annotations

from claimcheck.extract.runs.collect import extract_runs
from claimcheck.extract.runs.model import Run, RunRow, Value

__all__ = ["Run", "RunRow", "Value", "extract_runs"]
