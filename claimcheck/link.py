"""The claim graph: documents, sections, tests, devices, measurements, conditions, claims.

A networkx ``MultiDiGraph`` with edge keys ``in_section`` (fact -> section),
``in_test`` (measurement -> test), ``applies_to`` (condition -> test, device,
section or document), ``measures`` (measurement -> device), ``cites`` (claim ->
measurement) and ``derived_from`` (derived measurement -> the cells it uses).
"Which conditions apply to this figure" is answered here, once.
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from claimcheck.models import Claim, Condition, Extraction, Measurement

DOC = "doc"
# More specific scopes override less specific ones for the same condition name.
PRECEDENCE = {"device": 3, "test": 2, "section": 1, "document": 0}
Scope = dict[str, list[Condition]]


def _scope_node(scope: str) -> str:
    return DOC if scope == "document" else scope


class ClaimGraph:
    """The linked facts of one document and the queries rules ask of them."""

    def __init__(self, extraction: Extraction) -> None:
        self.extraction = extraction
        self.graph = nx.MultiDiGraph()
        # conditions_for, memoised per (section, test, device)
        self._resolved: dict[tuple[str | None, str | None, str | None], Scope] = {}
        self._build()

    def _build(self) -> None:
        g, ex = self.graph, self.extraction
        g.add_node(DOC, kind="document", path=ex.path)
        for t in ex.tests:
            g.add_node(f"test:{t.id}", kind="test", fact=t)
        for d in ex.devices:
            g.add_node(f"device:{d.id}", kind="device", fact=d)
        for i, m in enumerate(ex.measurements):
            node = f"measurement:{i}"
            g.add_node(node, kind="measurement", fact=m)
            self._in_section(node, m.section)
            if m.test:
                g.add_edge(node, self._ensure(f"test:{m.test}", "test"), key="in_test")
            if m.device:
                g.add_edge(node, self._ensure(f"device:{m.device}", "device"), key="measures")
        for i, c in enumerate(ex.conditions):
            node = f"condition:{i}"
            g.add_node(node, kind="condition", fact=c)
            self._in_section(node, c.section)
            g.add_edge(
                node, self._ensure(_scope_node(c.scope), c.scope.split(":")[0]), key="applies_to"
            )
        by_span = {(m.start, m.end): f"measurement:{i}" for i, m in enumerate(ex.measurements)}
        for i, c in enumerate(ex.claims):
            node = f"claim:{i}"
            g.add_node(node, kind="claim", fact=c)
            for op in c.operands:
                target = by_span.get((op.start, op.end))
                if target:
                    g.add_edge(node, target, key="cites")

    def _ensure(self, node: str, kind: str) -> str:
        if node not in self.graph:
            self.graph.add_node(node, kind=kind)
        return node

    def _in_section(self, node: str, section: str | None) -> None:
        target = self._ensure(f"section:{section}", "section") if section else DOC
        if target != DOC:
            self.graph.add_edge(target, DOC, key="in_section")
        self.graph.add_edge(node, target, key="in_section")

    # -- queries -------------------------------------------------------------

    @cached_property
    def _conditions_by_target(self) -> dict[str, list[Condition]]:
        out: dict[str, list[Condition]] = {}
        for node, target, key in self.graph.edges(keys=True):
            if key == "applies_to":
                out.setdefault(target, []).append(self.graph.nodes[node]["fact"])
        return out

    @cached_property
    def _resolved_by_target(self) -> dict[str, tuple[int, dict[str, list[Condition]]]]:
        """Per target node: the rank of its scope and its unhedged conditions by name.

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
                by_name.setdefault(c.name, []).append(c)
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
        return {name: conds for name, (_, conds) in best.items()}

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
        node = f"measurement:{idx}"
        return [
            self.graph.nodes[u]["fact"]
            for u, _, k in self.graph.in_edges(node, keys=True)
            if k == "cites"
        ]

    def conditions_named(self, name: str) -> list[Condition]:
        """Every condition of one name, whatever its scope."""
        return [c for c in self.extraction.conditions if c.name == name]
