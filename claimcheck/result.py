"""The result the API returns: the findings and facts of :mod:`claimcheck.models`, with the
views a notebook asks for (an HTML table, pandas frames). Kept apart from the models so
that the models import nothing from ``claimcheck.report``. The views are imported when
asked for: a command-line check never loads them."""

from __future__ import annotations

from typing import Any

from claimcheck import models


class CheckResult(models.CheckResult):
    """Findings for one or more inputs, the facts behind them, and their views."""

    def __len__(self) -> int:
        """The number of findings."""
        return len(self.findings)

    def __bool__(self) -> bool:
        """Always true, findings or not (a result is not a container): ask ``len(result)``
        or ``result.findings``."""
        return True

    def _repr_html_(self) -> str:
        """Jupyter's view of a result: a summary line and the findings table."""
        from claimcheck.report.html import repr_html

        return repr_html(self)

    @property
    def graph(self) -> Any:
        """The claim graph of the result's facts, a networkx ``MultiDiGraph`` built on demand
        (see :class:`claimcheck.facts.graph.ClaimGraph`; a check itself never builds it)."""
        from claimcheck.facts.graph import ClaimGraph

        facts = models.Extraction(
            claims=self.claims, conditions=self.conditions, measurements=self.measurements
        )
        return ClaimGraph(facts).graph

    def to_dataframe(self) -> Any:
        """The findings as a pandas DataFrame, one row per finding (needs the pandas extra)."""
        from claimcheck.report import frames

        return frames.findings(self)

    def claims_dataframe(self) -> Any:
        """The extracted claims as a pandas DataFrame (needs the pandas extra)."""
        from claimcheck.report import frames

        return frames.claims(self)

    def conditions_dataframe(self) -> Any:
        """The extracted conditions as a pandas DataFrame (needs the pandas extra)."""
        from claimcheck.report import frames

        return frames.conditions(self)
