"""Computed table columns ("Improvement", "Diff", "%", "Speedup", "vs X") recomputed cell by
cell, sign included.

A computed line (a column, or a row of a transposed table) is recognised by what its values
are: each of its cells should follow from two numeric cells of the same row by one formula
(a percent difference, a ratio, a difference, points between two percentages); the header's
words only narrow the formulas ("Speedup" is a ratio, "%" a percent difference) and say
whether a positive value means "better" (an improvement of a latency is a decrease). The
formula is chosen for the whole line: the one that most cells fit exactly. A cell that the
chosen formula contradicts is inconsistent; when only its sign is wrong (a positive
improvement where the product is in fact worse) the message says so.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract import grid as G
from claimcheck.extract.claim_tables import (
    TableView,
    cell_operand,
    computed_axis,
    is_computed,
    key,
    lower_is_better,
    make_claim,
)
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.labelparts import is_total
from claimcheck.models import Claim, Document

MAX_OPERANDS = 8  # numeric cells of one row tried as operands
_RATIO_HEAD = lazyre.compile(r"\b(?:ratio|speed-?up|slow-?down|times|factor|x)\b|^[x×]$", re.I)
_PCT_HEAD = lazyre.compile(r"%|\bpercent|\bpct\b", re.I)
_SHARE_HEAD = lazyre.compile(
    r"\bshare\b|(?:%|\bpercent)[ ]of\b|\bof[ ]total\b|^percent(?:age)?$", re.I
)
_GOOD_HEAD = lazyre.compile(
    r"\b(?:improvement|improved|gain|faster|better|advantage|speed-?up|savings?|reduction|"
    r"decrease|lower|less|saved)\b",
    re.I,
)
_VS_HEAD = lazyre.compile(r"\b(?:vs\.?|versus|over|against|compared[ ](?:to|with))[ ]++(.+)$", re.I)


@dataclass(slots=True, frozen=True)
class Formula:
    """How a computed cell follows from the operand cells at columns ``a`` and ``b``."""

    kind: str  # pct | points | ratio | share | diff
    a: int
    b: int
    negated: bool = False  # a positive value means a decrease (an improvement of latency)

    def value(self, x: float, y: float) -> float | None:
        """The computed value for operands ``x`` (at ``a``) and ``y`` (at ``b``)."""
        if self.kind in ("pct", "ratio", "share") and y == 0:
            return None
        v = {
            "pct": lambda: (x - y) / y * 100.0,
            "points": lambda: x - y,
            "ratio": lambda: x / y,
            "share": lambda: x / y * 100.0,
            "diff": lambda: x - y,
        }[self.kind]()
        return -v if self.negated else v


def _kind_of(text: str, header: str) -> tuple[str, ...]:
    """The formula kinds a cell and its header allow."""
    t = text.strip().lower()
    if _SHARE_HEAD.search(header):
        return ("share", "pct")  # "Share of total", "% of baseline": a part of a whole
    if t.endswith("%") or _PCT_HEAD.search(header):
        return ("pct", "points", "share")
    if t.endswith(("x", "×")) or _RATIO_HEAD.search(header):
        return ("ratio",)
    return ("diff", "ratio")


def _fits(stated: G.GridCell, value: float | None) -> bool:
    return value is not None and ar.verify(stated.value, value, max(stated.decimals, 0)).consistent


def computed_claims(doc: Document, view: TableView) -> list[Claim]:
    """A claim per cell of each computed column (or row) of one typed table."""
    grid = view.grid
    lines: dict[tuple[str, int], list[G.GridCell]] = {}
    for gc in grid.cells:
        along = computed_axis(grid, gc)
        if along is not None:
            lines.setdefault((along, gc.col if along == "col" else gc.row), []).append(gc)
    shifted = _shifted_column(grid, lines)
    if shifted is not None:
        lines[("col", shifted[0])] = shifted[1]
    if not lines:
        return []
    moved = {id(gc) for gc in shifted[1]} if shifted is not None else set()
    operands: dict[tuple[str, int], dict[int, G.GridCell]] = {}
    for gc in grid.cells:
        if id(gc) in moved:
            continue
        if not is_computed(grid, gc) and gc.role in ("result", "advertised", "baseline"):
            operands.setdefault(("row", gc.row), {})[gc.col] = gc
            operands.setdefault(("col", gc.col), {})[gc.row] = gc
    out: list[Claim] = []
    for (along, index), cells in lines.items():
        axis = grid.columns[index] if along == "col" else grid.rows[index]
        other = "row" if along == "col" else "col"
        rows = [
            (gc, operands.get((other, gc.row if along == "col" else gc.col), {})) for gc in cells
        ]
        out.extend(_line_claims(doc, view, axis, rows, along))
    return out


def _shifted_column(
    grid: G.Grid, lines: dict[tuple[str, int], list[G.GridCell]]
) -> tuple[int, list[G.GridCell]] | None:
    """A header one cell longer than its body ("| case | apisix | 1 worker | other |
    percent |" over rows of four cells): the last header is a computed one ("percent")
    with no cell under it, while the column before it holds only percentages. Those cells
    are the computed column's (the index returned is the computed header's)."""
    last = len(grid.columns) - 1
    if last < 2 or grid.columns[last].kind != L.AXIS_COMPUTED or ("col", last) in lines:
        return None
    if any(gc.col == last for gc in grid.cells):
        return None
    before = [gc for gc in grid.cells if gc.col == last - 1]
    if len(before) < 2 or not all(gc.unit == "percent" for gc in before):
        return None
    if any(gc.row == b.row and gc.col > last - 1 for gc in grid.cells for b in before[:1]):
        return None
    return last, before


def _candidates(axis: G.Axis, rows, labels: Callable[[int], str]) -> list[Formula]:  # noqa: ANN001
    """Every formula the header and the cells allow, over the operand positions."""
    positions = sorted({p for _, ops in rows for p in ops})[:MAX_OPERANDS]
    vs = _VS_HEAD.search(axis.label)
    if vs:  # "vs Quell": the reference is the column the header names
        named = [p for p in positions if key(vs.group(1)) and key(vs.group(1)) in key(labels(p))]
        refs = named or positions
    else:
        refs = positions
    kinds: dict[str, None] = {}
    for gc, _ in rows:
        for k in _kind_of(gc.cell.text, axis.label):
            kinds.setdefault(k, None)
    metrics = {op.metric for _, ops in rows for op in ops.values()}
    good = _GOOD_HEAD.search(axis.label) is not None
    negate = good and any(lower_is_better(m) for m in metrics) or "reduction" in axis.label.lower()
    out = []
    for kind in kinds:
        for a in positions:
            for b in refs:
                if a == b:
                    continue
                # a positive improvement of a latency is a decrease: on a tie, that reading
                if negate and kind not in ("ratio", "share"):
                    out.append(Formula(kind, a, b, negated=True))
                out.append(Formula(kind, a, b))
    return out


def _line_claims(doc: Document, view: TableView, axis: G.Axis, rows, along: str) -> list[Claim]:  # noqa: ANN001
    grid = view.grid

    def labels(p: int) -> str:
        ax = grid.columns if along == "col" else grid.rows
        return ax[p].label if p < len(ax) else ""

    if along == "col" and _SHARE_HEAD.search(axis.label):
        shares = _share_of_total(doc, view, axis, rows)
        if shares:
            return shares
    formulas = _candidates(axis, rows, labels)
    scored = []
    for order, f in enumerate(formulas):
        exact = flipped = 0
        for gc, ops in rows:
            x, y = ops.get(f.a), ops.get(f.b)
            if x is None or y is None:
                continue
            if f.kind == "points" and not (x.unit == y.unit == "percent"):
                continue
            if x.metric != y.metric:
                continue
            v = f.value(x.value, y.value)
            if _fits(gc, v):
                exact += 1
            elif v is not None and _fits(gc, -v):
                flipped += 1
        scored.append((exact, flipped, -order, f))
    scored.sort(key=lambda s: (s[0], s[1], s[2]), reverse=True)
    n = len(rows)
    best = scored[0] if scored else None
    chosen: Formula | None = None
    if best is not None:
        exact, flipped = best[0], best[1]
        if exact >= max(1, math.ceil(n / 2)) or (exact == 0 and flipped == n):
            chosen = best[3]
    out = []
    for gc, ops in rows:
        claim = make_claim(doc, "computed-column", "A001", f"{axis.label}: {gc.cell.text}",
                           gc.cell.start, gc.cell.end, gc.cell.text, gc.value)  # fmt: skip
        claim.metric = next((o.metric for o in ops.values()), None)
        if chosen is None:
            claim.diagnosis = "no pair of cells in its row gives this column"
            out.append(claim)
            continue
        claim.rule = {"pct": "A001", "points": "A001", "ratio": "A002", "share": "A003",
                      "diff": "A003"}[chosen.kind]  # fmt: skip
        x, y = ops.get(chosen.a), ops.get(chosen.b)
        if x is None or y is None:
            out.append(claim)
            continue
        claim.operands = [cell_operand(doc, view, x), cell_operand(doc, view, y)]
        claim.subject, claim.reference = x.entity or labels(chosen.a), y.entity or labels(chosen.b)
        claim.direction = "ratio" if chosen.kind in ("ratio", "share") else "higher"
        here = grid.rows[gc.row].label if along == "col" else grid.columns[gc.col].label
        _judge_cell(claim, gc, chosen, x, y, f"{axis.label} for {here}", labels)
        out.append(claim)
    return out


def _share_of_total(doc: Document, view: TableView, axis: G.Axis, rows) -> list[Claim]:  # noqa: ANN001
    """A "Share of total" column: each cell is its row's figure over the column's whole
    (the total row, else the sum of the rows), as a percentage. Chosen for a column of
    operands when most of its cells fit; then a cell that does not is inconsistent."""
    grid = view.grid
    positions = sorted({p for _, ops in rows for p in ops})[:MAX_OPERANDS]
    for p in positions:
        parts = [(gc, ops.get(p)) for gc, ops in rows]
        if any(x is None for _, x in parts):
            continue
        totals = [x for gc, x in parts if is_total(grid.rows[gc.row].label)]
        whole = totals[0].value if len(totals) == 1 else sum(x.value for _, x in parts)
        if whole <= 0:
            continue
        fits = sum(_fits(gc, x.value / whole * 100.0) for gc, x in parts)
        if fits < max(2, math.ceil(len(parts) / 2)):
            continue
        shown = totals[0].cell.text if totals else f"the column's sum {ar.format_number(whole, 0)}"
        out = []
        for gc, x in parts:
            claim = make_claim(doc, "computed-column", "A003", f"{axis.label}: {gc.cell.text}",
                               gc.cell.start, gc.cell.end, gc.cell.text, gc.value)  # fmt: skip
            claim.metric, claim.direction = x.metric, "ratio"
            claim.operands = [cell_operand(doc, view, x)]
            claim.subject = x.entity or grid.rows[gc.row].label
            v = x.value / whole * 100.0
            rec = f"{ar.format_number(v, ar.shown_decimals(max(gc.decimals, 0)))}%"
            if _fits(gc, v):
                apply(claim, Judgement("consistent", rec, v))
            else:
                head = f"{axis.label} for {grid.rows[gc.row].label}: stated {gc.cell.text}"
                msg = f"{head}; {x.cell.text} / {shown} = {rec}"
                apply(claim, Judgement("inconsistent", rec, v, "error", "mismatch", msg))
            out.append(claim)
        return out
    return []


def _judge_cell(claim: Claim, gc: G.GridCell, f: Formula, x: G.GridCell, y: G.GridCell,
                header: str, labels: Callable[[int], str]) -> None:  # fmt: skip
    v = f.value(x.value, y.value)
    if v is None:
        return
    dec = max(gc.decimals, 0)
    shown = ar.shown_decimals(dec)
    suffix = {"pct": "%", "points": " points", "ratio": "x", "share": "%", "diff": ""}[f.kind]
    signed = v > 0 and f.kind not in ("ratio", "share")
    rec = f"{'+' if signed else ''}{ar.format_number(v, shown)}{suffix}"
    if _fits(gc, v):
        apply(claim, Judgement("consistent", rec, v))
        return
    how = {
        "pct": f"({x.cell.text} - {y.cell.text}) / {y.cell.text}",
        "points": f"{x.cell.text} - {y.cell.text}",
        "ratio": f"{x.cell.text} / {y.cell.text}",
        "share": f"{x.cell.text} / {y.cell.text}",
        "diff": f"{x.cell.text} - {y.cell.text}",
    }[f.kind]
    if f.negated:
        how = f"-({how})"
    where = f"{labels(f.a)} vs {labels(f.b)}"
    head = f"{header}: stated {gc.cell.text}; {how} = {rec} ({where})"
    if _fits(gc, -v):
        msg = f"{head}: the sign is reversed"
        apply(claim, Judgement("inconsistent", rec, v, "error", "sign", msg))
        return
    verdict = ar.verify(gc.value, v, dec)
    if verdict.truncated:
        apply(claim, Judgement("inconsistent", rec, v, "info", "truncated",
                               head + " (truncated rather than rounded)"))  # fmt: skip
        return
    apply(claim, Judgement("inconsistent", rec, v, "error", "mismatch", head))
