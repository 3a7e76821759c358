"""pandas DataFrames of findings, claims and conditions (the ``pandas`` extra)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from claimcheck.models import CheckResult
from claimcheck.report.common import ordered, page_of, rule_url

if TYPE_CHECKING:
    import pandas

FINDING_COLUMNS = [
    "path", "rule", "name", "severity", "line", "column", "end_line", "end_column", "message",
    "page", "stated", "recomputed", "evidence", "rule_url",
]  # fmt: skip
# The evidence key a rule states its recomputed value under, when not "recomputed".
RECOMPUTED_KEYS = ("recomputed", "derived")
CLAIM_COLUMNS = [
    "line", "column", "kind", "rule", "status", "stated", "recomputed", "severity",
    "qualifier", "operands", "message", "text",
]  # fmt: skip
CONDITION_COLUMNS = [
    "line", "name", "value", "scope", "test", "device", "section", "source", "negated",
    "hedged", "text",
]  # fmt: skip
SEVERITY_ORDER = ["info", "warning", "error"]


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as exc:
        raise ImportError(
            "DataFrames need pandas: install the pandas extra (pip install 'claimcheck-reports[pandas]')"
        ) from exc
    return pandas


def findings(result: CheckResult) -> pandas.DataFrame:
    """One row per finding; ``severity`` is an ordered categorical (info < warning < error)."""
    pd = _pandas()
    rows = [
        {
            **f.model_dump(include=set(FINDING_COLUMNS)),
            "page": page_of(result, f),
            **_evidence_columns(f.evidence or {}),
            "rule_url": rule_url(f.rule),
        }
        for f in ordered(result.findings)
    ]
    df = pd.DataFrame(rows, columns=FINDING_COLUMNS)
    df["severity"] = pd.Categorical(df["severity"], categories=SEVERITY_ORDER, ordered=True)
    df["page"] = df["page"].astype("Int64")
    return df


def _evidence_columns(evidence: dict) -> dict:
    """The stated and recomputed values a finding's evidence holds (None where it has
    none), and the whole evidence, for filtering and reading in a notebook."""
    recomputed = next((evidence[k] for k in RECOMPUTED_KEYS if k in evidence), None)
    return {
        "stated": _scalar(evidence.get("stated")),
        "recomputed": _scalar(recomputed),
        "evidence": dict(evidence),
    }


def _scalar(value: Any) -> Any:
    return value if value is None or isinstance(value, str | int | float) else str(value)


def claims(result: CheckResult) -> pandas.DataFrame:
    """One row per extracted claim, with its stated and recomputed values and verdict."""
    pd = _pandas()
    rows = []
    for c in result.claims:
        row = c.model_dump(include=set(CLAIM_COLUMNS) - {"operands"})
        row["operands"] = ", ".join(o.text for o in c.operands)
        rows.append(row)
    return pd.DataFrame(rows, columns=CLAIM_COLUMNS)


def conditions(result: CheckResult) -> pandas.DataFrame:
    """One row per extracted test condition, with its scope."""
    pd = _pandas()
    rows = [c.model_dump(include=set(CONDITION_COLUMNS)) for c in result.conditions]
    return pd.DataFrame(rows, columns=CONDITION_COLUMNS)
