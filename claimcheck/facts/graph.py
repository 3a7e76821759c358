"""The claim graph: documents, sections, tests, devices, measurements, conditions, claims.

The queries rules ask (conditions in scope, claims citing a figure) read plain indexes
built from the extraction; the networkx ``MultiDiGraph`` (``ClaimGraph.graph``) is built
only when a user asks for it, so a check never imports networkx. Its edge keys are ``in_section`` (fact -> section),
``in_test`` (measurement -> test), ``applies_to`` (condition -> test, device,
section or document), ``measures`` (measurement -> device), ``cites`` (claim ->
measurement) and ``derived_from`` (derived measurement -> the cells it uses).
"Which conditions apply to this figure" is answered here, once.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from claimcheck.models import Claim, Condition, Extraction, Measurement

DOC = "doc"
# More specific scopes override less specific ones for the same condition name.
PRECEDENCE = {"device": 3, "test": 2, "section": 1, "document": 0}
DEFAULT = "\0default:"  # the key prefix of a tool's defaults among the conditions by name
Scope = dict[str, list[Condition]]


def _scope_node(scope: str) -> str:
    return DOC if scope == "document" else scope


class ClaimGraph:
    """The linked facts of one document and the queries rules ask of them."""

    def __init__(self, extraction: Extraction) -> None:
        self.extraction = extraction
        # conditions_for, memoised per (section, test, device)
        self._resolved: dict[tuple[str | None, str | None, str | None], Scope] = {}

    @cached_property
    def graph(self) -> Any:
        """The networkx ``MultiDiGraph`` of the facts (imports networkx on first use)."""
        import networkx as nx

        g, ex = nx.MultiDiGraph(), self.extraction

        def ensure(node: str, kind: str) -> str:
            if node not in g:
                g.add_node(node, kind=kind)
            return node

        def in_section(node: str, section: str | None) -> None:
            target = ensure(f"section:{section}", "section") if section else DOC
            if target != DOC:
                g.add_edge(target, DOC, key="in_section")
            g.add_edge(node, target, key="in_section")

        g.add_node(DOC, kind="document", path=ex.path)
        for t in ex.tests:
            g.add_node(f"test:{t.id}", kind="test", fact=t)
        for d in ex.devices:
            g.add_node(f"device:{d.id}", kind="device", fact=d)
        for i, m in enumerate(ex.measurements):
            node = f"measurement:{i}"
            g.add_node(node, kind="measurement", fact=m)
            in_section(node, m.section)
            if m.test:
                g.add_edge(node, ensure(f"test:{m.test}", "test"), key="in_test")
            if m.device:
                g.add_edge(node, ensure(f"device:{m.device}", "device"), key="measures")
        for i, c in enumerate(ex.conditions):
            node = f"condition:{i}"
            g.add_node(node, kind="condition", fact=c)
            in_section(node, c.section)
            g.add_edge(node, ensure(_scope_node(c.scope), c.scope.split(":")[0]), key="applies_to")
        by_span = self._measurement_by_span
        for i, c in enumerate(ex.claims):
            node = f"claim:{i}"
            g.add_node(node, kind="claim", fact=c)
            for op in c.operands:
                target = by_span.get((op.start, op.end))
                if target is not None:
                    g.add_edge(node, f"measurement:{target}", key="cites")
        return g

    @cached_property
    def _measurement_by_span(self) -> dict[tuple[int, int], int]:
        """The index of the (last) measurement at each span: the one a claim's operand cites."""
        return {(m.start, m.end): i for i, m in enumerate(self.extraction.measurements)}

    # -- queries -------------------------------------------------------------

    @cached_property
    def _conditions_by_target(self) -> dict[str, list[Condition]]:
        out: dict[str, list[Condition]] = {}
        for c in self.extraction.conditions:
            out.setdefault(_scope_node(c.scope), []).append(c)
        return out

    @cached_property
    def _resolved_by_target(self) -> dict[str, tuple[int, dict[str, list[Condition]]]]:
        """Per target node: the rank of its scope and its unhedged conditions by name; a
        tool's default (source "default") under a name of its own, ``DEFAULT + name``.

        Every condition at one target has that target's scope, hence one rank, so the
        precedence between targets is resolved by rank alone (see ``_resolve``)."""
        out: dict[str, tuple[int, dict[str, list[Condition]]]] = {}
        for target, conds in self._conditions_by_target.items():
            by_name: dict[str, list[Condition]] = {}
            rank = 0
            for c in conds:
                if c.hedged:
                    continue
                rank = PRECEDENCE[c.scope.split(":")[0]]
                key = DEFAULT + c.name if c.source == "default" else c.name
                by_name.setdefault(key, []).append(c)
            if by_name:
                out[target] = (rank, by_name)
        return out

    def _resolve(self, key: tuple[str | None, str | None, str | None]) -> Scope:
        by_target = self._resolved_by_target
        section, test, device = key
        targets = [DOC]
        if section:
            targets.append(f"section:{section}")
        if test:
            targets.append(f"test:{test}")
        if device:
            targets.append(f"device:{device}")
        best: dict[str, tuple[int, list[Condition]]] = {}
        for target in targets:
            found = by_target.get(target)
            if found is None:
                continue
            rank, by_name = found
            for name, conds in by_name.items():
                cur = best.get(name)
                if cur is None or rank > cur[0]:
                    best[name] = (rank, conds)
                elif rank == cur[0]:  # never for well-formed scopes; kept for safety
                    best[name] = (rank, [*cur[1], *conds])
        # what a tool does by default counts only where the report states nothing itself
        out = {name: conds for name, (_, conds) in best.items() if not name.startswith(DEFAULT)}
        for name, (_, conds) in best.items():
            if name.startswith(DEFAULT):
                out.setdefault(name[len(DEFAULT) :], conds)
        return out

    def conditions_for(self, measurement: Measurement) -> dict[str, list[Condition]]:
        """Conditions in scope for a figure, by name; the most specific scope wins per name.

        Resolved once per (section, test, device) and shared: treat the result as read-only.
        """
        key = (measurement.section, measurement.test, measurement.device)
        memo = self._resolved
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._resolve(key)
        return found

    def measurements(
        self, metric: str | None = None, device: str | None = None
    ) -> list[Measurement]:
        """All measurements of a metric family for a device (either may be None for any)."""
        return [
            m for m in self.extraction.measurements
            if (metric is None or m.metric == metric) and (device is None or m.device == device)
        ]  # fmt: skip

    @cached_property
    def _measurement_index(self) -> dict[int, int]:
        index: dict[int, int] = {}
        for i, m in enumerate(self.extraction.measurements):
            index.setdefault(id(m), i)
        return index

    def claims_citing(self, measurement: Measurement) -> list[Claim]:
        """Claims whose operands are this measurement."""
        idx = self._measurement_index.get(id(measurement))
        if idx is None or self.extraction.measurements[idx] is not measurement:
            return []
        return self._citing.get(idx, [])

    @cached_property
    def _citing(self) -> dict[int, list[Claim]]:
        """Per measurement index, the claims citing it, each once, in document order."""
        by_span = self._measurement_by_span
        out: dict[int, list[Claim]] = {}
        for c in self.extraction.claims:
            cited = {by_span.get((op.start, op.end)) for op in c.operands} - {None}
            for idx in sorted(cited):
                out.setdefault(idx, []).append(c)
        return out

    def conditions_named(self, name: str) -> list[Condition]:
        """Every condition of one name, whatever its scope."""
        return [c for c in self.extraction.conditions if c.name == name]
