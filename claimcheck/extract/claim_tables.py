"""The report's typed tables as operands for claims: which entities each names, the cells
of an entity by condition, and finding the entities a sentence names.

A :class:`TableView` wraps one typed grid (:mod:`claimcheck.extract.grid`) with its index
in ``Extraction.tables``; claims that summarise pairs (ranges, bounds) choose tables by
entity and metric along a scope ladder: the tables of the claim's section first, then
every table of the document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract import grid as G
from claimcheck.extract.judge import LOWER_IS_BETTER_WORDS
from claimcheck.models import Block, Claim, Document, Operand
from claimcheck.textkeys import lower

RATE_METRICS = ("rps", "cps", "ssl_tps", "throughput", "tps", "bandwidth", "goodput")
LOWER_METRICS = ("latency", "cpu", "memory", "power", "response_time", "ttfb")
_WORD = lazyre.compile(r"[a-z0-9][a-z0-9.+_-]*[a-z0-9+]|[a-z0-9]")
MAX_LABEL_WORDS = 5
NUMBER = r"\d{1,3}(?:,\d{3})++(?:\.\d++)?|\d++(?:\.\d++)?"  # 1,234.5 or 1234.5, as written
_REFERENCE_BEFORE = lazyre.compile(
    r"\b(?:than|of|over|vs\.?|versus|against|with|to|beats?|beat|outperform(?:s|ed)?|"
    r"trails?|behind)[ ,:]*+(?:(?:the|a|an|its|their|our)[ ]++)?$",
    re.I,
)
_SAME_ROLE = lazyre.compile(
    r"^[ ,]*+(?:and|or|&|as[ ]well[ ]as)?[ ,]*+(?:(?:the|a|an|its|their|our)[ ]++)?$", re.I
)


def key(label: str | None) -> str:
    """One spelling of an entity label: lower-case letters and digits only."""
    return "".join(ch for ch in (label or "").lower() if ch.isalnum())


def words(text: str) -> list[tuple[str, int]]:
    """Lower-cased words of ``text`` with their offsets in it."""
    return [(m.group(0), m.start()) for m in _WORD.finditer(lower(text))]


def lower_is_better(metric: str | None) -> bool:
    """True for metrics where a smaller figure is the better one (latency, CPU, power)."""
    return bool(metric) and (metric in LOWER_METRICS or metric in LOWER_IS_BETTER_WORDS)


@dataclass(slots=True)
class TableView:
    """One typed table: its index in ``Extraction.tables``, its block and grid."""

    index: int
    block: Block
    grid: G.Grid
    by_entity: dict[str, list[G.GridCell]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # entity key -> label as written

    def __post_init__(self) -> None:
        for gc in self.grid.cells:
            if is_computed(self.grid, gc) or gc.metric is None or not gc.entity:
                continue
            if gc.role not in ("result", "advertised"):
                continue
            k = key(gc.entity)
            if k:
                self.by_entity.setdefault(k, []).append(gc)
                self.labels.setdefault(k, gc.entity)

    @property
    def section(self) -> str | None:
        """The section the table sits in."""
        return self.block.section

    def metrics(self) -> list[str]:
        """The metric families of the table's entity cells, in column order."""
        seen: dict[str, None] = {}
        for cells in self.by_entity.values():
            for gc in cells:
                seen.setdefault(gc.metric or "", None)
        return [m for m in seen if m]


def computed_axis(grid: G.Grid, gc: G.GridCell) -> str | None:
    """ "col" or "row" when the cell lies on a computed line (a difference, a ratio, an
    improvement), else None; a line the grid took for an entity ("Improvement" as the last
    row of a transposed table) counts by its label's words."""
    col, row = grid.columns[gc.col], grid.rows[gc.row]
    if col.kind == L.AXIS_COMPUTED or (gc.computed and row.kind != L.AXIS_COMPUTED):
        return "col"
    if row.kind == L.AXIS_COMPUTED or gc.computed:
        return "row"
    for along, axis in (("row", row), ("col", col)):
        if axis.kind in (L.AXIS_ENTITY, L.AXIS_UNKNOWN) and L.is_computed(axis.label):
            return along
    return None


def is_computed(grid: G.Grid, gc: G.GridCell) -> bool:
    """True for a cell of a computed line."""
    return computed_axis(grid, gc) is not None


def cell_key(grid: G.Grid, gc: G.GridCell) -> tuple:
    """What two entities' cells must share to be one pair: metric, statistic, conditions,
    and the label of the axis across the entities (a header "100" the grid could not type
    still tells one column from the next)."""
    row, col = grid.rows[gc.row], grid.columns[gc.col]
    across = col.label if row.kind == L.AXIS_ENTITY else row.label
    return (gc.metric, gc.statistic, tuple(sorted(gc.conditions.items())), across.strip().lower())


def views(grids: list[tuple[int, Block, G.Grid]]) -> list[TableView]:
    """A view per typed table."""
    return [TableView(i, b, g) for i, b, g in grids]


def in_scope(
    tables: list[TableView], section: str | None, wanted: set[str]
) -> list[list[TableView]]:
    """The scope ladder: tables of ``section`` naming every entity key of ``wanted``, then
    those of the whole document."""
    fits = [t for t in tables if wanted <= t.by_entity.keys()]
    same = [t for t in fits if t.section == section]
    return [s for s in (same, fits) if s]


@dataclass(slots=True)
class LabelIndex:
    """The tables' entity labels, keyed by their words, built once per document."""

    labels: dict[str, str]  # entity key -> label as written
    by_words: dict[tuple[str, ...], str] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for k, label in self.labels.items():
            ws = tuple(w for w, _ in words(label))
            if ws and len(ws) <= MAX_LABEL_WORDS and len("".join(ws)) >= 2:
                self.by_words.setdefault(ws, k)
        self.lengths = sorted({len(ws) for ws in self.by_words}, reverse=True)


def label_index(tables: list[TableView]) -> LabelIndex:
    """The entity labels of every table (the first spelling of each entity wins)."""
    labels: dict[str, str] = {}
    for t in tables:
        for k, label in t.labels.items():
            labels.setdefault(k, label)
    return LabelIndex(labels)


def named_entities(text: str, index: LabelIndex) -> list[tuple[int, int, str]]:
    """(start, end, entity key) of each table entity label ``text`` names as whole words,
    in order. A label of several words is matched word by word; a longer label wins over a
    shorter one at one place."""
    if not index.by_words:
        return []
    found = words(text)
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(found):
        for n in index.lengths:
            if i + n > len(found):  # fewer words left: the slice could equal a shorter label
                continue
            k = index.by_words.get(tuple(w for w, _ in found[i : i + n]))
            if k is not None:
                last = found[i + n - 1]
                out.append((found[i][1], last[1] + len(last[0]), k))
                i += n
                break
        else:
            i += 1
    return out


def cell_operand(doc: Document, view: TableView, gc: G.GridCell) -> Operand:
    """An operand for a table cell, with its table, row, column and entity."""
    row = view.grid.rows[gc.row].label if gc.row < len(view.grid.rows) else None
    col = view.grid.columns[gc.col].label if gc.col < len(view.grid.columns) else None
    return Operand(text=gc.cell.text, value=gc.value, unit=gc.unit, start=gc.cell.start,
                   end=gc.cell.end, line=doc.position(gc.cell.start)[0], source="table_cell",
                   label=f"{row} / {col}", entity=gc.entity, table=view.index, row=row,
                   column=col)  # fmt: skip


def make_claim(doc: Document, kind: str, rule: str, text: str, start: int, end: int,
               stated: str, value: float | None) -> Claim:  # fmt: skip
    """A claim located at ``start``-``end`` of the document."""
    line, col = doc.position(start)
    end_line, end_col = doc.position(max(start, end))
    return Claim(kind=kind, rule=rule, text=text, start=start, end=end, line=line, column=col,
                 end_line=end_line, end_column=end_col, stated=stated,
                 stated_value=value)  # fmt: skip


def condition_text(gc: G.GridCell) -> str:
    """A cell's conditions for messages ("concurrency=50"), or its statistic."""
    parts = [f"{k}={v}" for k, v in sorted(gc.conditions.items())]
    if gc.statistic:
        parts.append(gc.statistic)
    return ", ".join(parts)


def roles(text: str, index: LabelIndex) -> tuple[list[str], list[str]]:
    """(subjects, references): entity keys the text names, by the words before each."""
    subjects: list[str] = []
    refs: list[str] = []
    last_end, last_role = 0, "subject"
    for at, end, k in named_entities(text, index):
        gap = text[last_end:at]
        if _REFERENCE_BEFORE.search(gap):
            role = "reference"
        elif last_end and _SAME_ROLE.match(gap):
            role = last_role
        else:
            role = "subject"
        (refs if role == "reference" else subjects).append(k)
        last_role = role
        last_end = end
    return subjects, refs
