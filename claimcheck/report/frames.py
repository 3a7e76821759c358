"""pandas DataFrames of findings, claims and conditions (the ``pandas`` extra)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from claimcheck.models import CheckResult
from claimcheck.report.common import ordered, page_of

if TYPE_CHECKING:
    import pandas

FINDING_COLUMNS = [
    "path", "rule", "name", "severity", "line", "column", "end_line", "end_column", "message",
    "page",
]  # fmt: skip
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
        {**f.model_dump(include=set(FINDING_COLUMNS)), "page": page_of(result, f)}
        for f in ordered(result.findings)
    ]
    df = pd.DataFrame(rows, columns=FINDING_COLUMNS)
    df["severity"] = pd.Categorical(df["severity"], categories=SEVERITY_ORDER, ordered=True)
    df["page"] = df["page"].astype("Int64")
    return df


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
