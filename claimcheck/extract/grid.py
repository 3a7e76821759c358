"""Any table as a typed grid: which axis holds the entities, which the metrics, statistics,
conditions or runs, and what every numeric cell therefore is.

The table arrives as a :class:`~claimcheck.models.Table` (pipe, HTML, TSV or aligned text
all give the same rows). Leading label columns are found by their contents (text, or
conditions such as "1 KB") or by a header that says what they hold ("Proxy", "CPUs",
"Percentile"). The other columns are typed by their header words
(:mod:`claimcheck.extract.axislabels`). Then the orientation follows:

- metric columns: rows are entities (or conditions of one entity);
- name-like columns with statistic, metric or condition rows: products as columns;
- condition columns ("0 KB", "10k RPS", "c=50"): the metric comes from the caption or
  lead-in sentence, else from the heading above;
- two columns of keys and values: a transposed key-value table (a datasheet or a test
  bed), whose hardware keys are specs.

A blank first cell continues the group above; a footnote marker binds its note's
conditions to its cell, row or column; computed columns (difference, %, ratio, "vs X")
are kept, marked, and give no measurement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract.benchtests import parse_test_name
from claimcheck.extract.footnotes import Notes, split_marker
from claimcheck.extract.labelparts import cell_annotation, is_protocol, label_conditions
from claimcheck.extract.quantities import scan
from claimcheck.extract.tablefacts import cell_number, strip_markup
from claimcheck.ingest import cells as C
from claimcheck.models import Block, Cell, Row
from claimcheck.textkeys import fold

MAX_COLUMNS = 64  # wider "tables" are walls of text: only their first columns are typed
_CELL_UNIT = lazyre.compile(r"[\d.,][ ]?([A-Za-zµ%/]{1,8})$")
_BASELINE = lazyre.compile(r"\b(?:baseline|no[ -]proxy|bare[ -]metal)\b", re.I)
_POWER_WORDS = lazyre.compile(r"\b(?:power|watts?|draw|consumption)\b|/\s*w(?:att)?\b", re.I)


@dataclass(slots=True)
class Axis:
    """One row or column label and its type."""

    index: int
    label: str
    kind: str = L.AXIS_UNKNOWN
    metric: str | None = None
    unit: str = ""
    statistic: str | None = None
    condition: tuple[str, str] | None = None
    setting: bool = False
    test: str | None = None
    start: int = 0
    end: int = 0
    note: str | None = None  # footnote marker key
    extra: dict[str, str] = field(default_factory=dict)  # conditions inside the label ("(1 KB)")
    # a row's label as the grid reads it: its group (a blank first cell continues the one
    # above; a row of a label alone heads the rows below), its own label cells, and the
    # texts of its condition and description columns. Two rows with one key are one case.
    key: tuple[str, ...] = ()
    group: str = ""  # a name over a group of columns: a product, or a test when rows are
    group_span: tuple[int, int] | None = None


@dataclass(slots=True)
class GridCell:
    """A numeric cell with everything its axes, caption and footnotes say about it."""

    row: int
    col: int
    cell: Cell
    value: float
    decimals: int
    unit: str
    metric: str | None
    statistic: str | None
    entity: str | None  # the entity label as written
    entity_span: tuple[int, int] | None
    conditions: dict[str, str]
    role: str
    computed: bool
    test: str | None
    note: str | None = None
    qualifier: str | None = None  # "about" for "~41,000", "estimated" for "38,500 (est.)"


@dataclass(slots=True)
class Grid:
    """A table read as a typed grid."""

    start: int
    orientation: str  # entities-in-rows | entities-in-columns | key-value | conditions
    rows: list[Axis]
    columns: list[Axis]
    metric: str | None = None  # the table-wide metric, when the axes do not name one
    unit: str = ""  # the table-wide unit, from the caption ("Memory (MB) by load")
    metric_from: str | None = None  # header | caption | heading | unit
    conditions: dict[str, str] = field(default_factory=dict)  # from the caption
    cells: list[GridCell] = field(default_factory=list)
    label_columns: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Context:
    """What surrounds a table: the lead-in sentence or caption, the heading, the notes, and
    whether the text above calls its figures advertised."""

    caption: str = ""
    heading: str = ""
    notes: Notes = field(default_factory=Notes)
    advertised: bool = False
    notes_conditions: dict[str, dict[str, str]] = field(default_factory=dict)


def clean(text: str) -> tuple[str, str | None]:
    """A label or cell without markup and without its footnote marker (returned apart)."""
    text = strip_markup(text).strip()
    body, key = split_marker(text)
    return body.strip().strip("*_`").strip(), key


_SUFFIX_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6}  # not "m" (minutes) nor "B" (bytes)


def _number(text: str) -> tuple[float, int, str] | None:
    """(value, decimals, unit as written) of a numeric cell, or None; a leading sign counts
    ("+5.9%", "-3 ms": the cells of computed columns)."""
    text = cell_annotation(text)[0]
    sign = -1.0 if text[:1] in "-−–" and len(text) > 1 else 1.0
    bare = text[1:].lstrip() if text[:1] in "+-−–" and len(text) > 1 else text
    num = cell_number(Cell(text=bare, start=0, end=0))
    if num is None:
        whole = _spelled_quantity(bare)
        return None if whole is None else (sign * whole[0], whole[1], whole[2])
    num = (sign * num[0], num[1])
    m = _CELL_UNIT.search(text[-12:])
    unit = m.group(1) if m else ""
    scale = _SUFFIX_SCALE.get(unit)
    if scale:  # "2M" connections, "37.4k" requests per second
        return num[0] * scale, num[1], ""
    return num[0], num[1], unit


def _spelled_quantity(text: str) -> tuple[float, int, str] | None:
    """A cell that is one quantity with its unit spelled out ("38 gigabits per second",
    "1.2 million requests per second"), read as the prose reader reads it."""
    text = text.strip()
    if not text or len(text) > 60 or not text[0].isdigit():
        return None
    found = scan(text, 0)
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(text) or not found[0].unit:
        return None
    q = found[0]
    return q.value, q.decimals, q.unit


def _header_cells(rows: list[Row]) -> list[Cell | None]:
    """The last header row's cells (the one nearest the body), for spans."""
    heads = [r for r in rows if r.is_header]
    return list(heads[-1].cells) if heads else []


_UNIT_CELL = lazyre.compile(r"\(?([^()]{1,12})\)?")


def _unit_row(row: Row) -> list[str] | None:
    """The units of a header row that holds only units ("(Gbps)", "(ms)"), or None."""
    units = [c.text.strip() for c in row.cells if c.text.strip()]
    if not units:
        return None
    for text in units:
        m = _UNIT_CELL.fullmatch(text)
        if m is None or not _unit(m.group(1).strip()):
            return None
    return units


def _header_groups(rows: list[Row]) -> list[tuple[str, Cell, bool] | None]:
    """Per column, the label of an upper header row that spans it: a two-row header
    ("HTTP/1.1 | | HTTP/2 |" over "Req/s | p99 | Req/s | p99") leaves the cells a group
    spans blank, so a group runs right over blank cells while the row below labels them.
    Each is (label, its cell, whether it reaches this column over a blank cell); None for a
    column no upper label spans, or whose upper label covers it alone (a wrapped header)."""
    heads = [r for r in rows if r.is_header and _unit_row(r) is None]
    if len(heads) < 2:
        return []
    upper, lower = heads[-2], heads[-1]
    groups: list[tuple[str, Cell, bool] | None] = []
    current: tuple[str, Cell, bool] | None = None
    for i, below in enumerate(lower.cells):
        cell = upper.cells[i] if i < len(upper.cells) else None
        text = clean(cell.text)[0] if cell is not None else ""
        if text:
            current = (text, cell, False) if i else None  # the corner names the label column
        elif not clean(below.text)[0] or L.metric_of(below.text):
            current = None  # an unlabelled column, or one that names its own metric
        elif current is not None:
            current = (current[0], current[1], True)
        groups.append(current if i else None)
    spanning = {id(g[1]) for g in groups if g is not None and g[2]}
    if not spanning:
        return []  # no group spans a blank cell: a header wrapped onto two lines
    return [g if g is not None and id(g[1]) in spanning else None for g in groups]


def _header_texts(rows: list[Row]) -> list[str]:
    """Header texts per column. A row of units only (PDF text often shifts it by a cell or
    two) goes onto the last columns, right-aligned: units follow the value columns."""
    heads = [r for r in rows if r.is_header]
    width = max((len(r.cells) for r in heads), default=0)
    cols = [""] * width
    units: list[str] = []
    for row in heads:
        found = _unit_row(row) if row is not heads[0] else None
        if found is not None:
            units = found
            continue
        for i, cell in enumerate(row.cells):
            cols[i] = (cols[i] + " " + cell.text).strip()
    while cols and not cols[-1]:
        cols.pop()
    if units and len(units) <= len(cols):
        for i, unit in enumerate(units):
            j = len(cols) - len(units) + i
            cols[j] = f"{cols[j]} {unit}".strip()
    return cols


def _with_header(rows: list[Row]) -> list[Row]:
    """The rows, the first one marked as the header when nothing is and it is a row of
    labels: a blank or text corner and conditions, names or metrics ("", "1 KB", "64 KB"),
    which ingest takes for numbers."""
    if any(r.is_header for r in rows):
        return _with_subheader(rows)
    if len(rows) < 2 or len(rows[0].cells) < 2:
        return rows
    first = rows[0].cells
    corner = clean(first[0].text)[0]
    if corner and _number(corner) is not None:
        return rows
    kinds = [L.classify(clean(c.text)[0]).kind for c in first[1:] if c.text.strip()]
    if not kinds:
        return rows
    if all(k in (L.AXIS_CONDITION, L.AXIS_RUN, L.AXIS_STATISTIC, L.AXIS_METRIC) for k in kinds):
        return [rows[0].model_copy(update={"is_header": True}), *rows[1:]]
    return rows


def _with_subheader(rows: list[Row]) -> list[Row]:
    """The rows, the first body row marked as a second header row when the header leaves
    cells blank for groups and that row names what each column of a group holds (a pipe
    table has one header row, so "| | Req/s | p99 | Req/s | p99 |" arrives as body)."""
    heads = [k for k, r in enumerate(rows) if r.is_header]
    k = heads[-1] + 1
    if len(heads) != 1 or k >= len(rows) - 1:
        return rows
    head, sub = rows[heads[-1]], rows[k]
    if not any(not c.text.strip() for c in head.cells[1:]) or len(sub.cells) < 3:
        return rows
    texts = [clean(c.text)[0] for c in sub.cells[1:] if c.text.strip()]
    if len(texts) < 2 or clean(sub.cells[0].text)[0]:
        return rows
    typed = (L.AXIS_STATISTIC, L.AXIS_METRIC, L.AXIS_CONDITION, L.AXIS_RUN)
    if any(L.classify(t).kind not in typed for t in texts):
        return rows
    return [*rows[:k], sub.model_copy(update={"is_header": True}), *rows[k + 1 :]]


def _aligned(row: Row, width: int) -> list[Cell | None]:
    """The row's cells under ``width`` columns; a short row keeps its left cells."""
    cells: list[Cell | None] = list(row.cells[:width])
    return cells + [None] * (width - len(cells))


def _mostly_text(cells: list[Cell | None]) -> bool:
    """Most filled cells of a column are labels (not numbers, or conditions like "1 KB")."""
    texts = numbers = 0
    for cell in cells:
        if cell is None or C.is_null(cell.text):
            continue
        body, _ = clean(cell.text)
        if _number(body) is None or L.classify(body).kind in (L.AXIS_CONDITION, L.AXIS_RUN):
            texts += 1
        else:
            numbers += 1
    return texts > numbers


def _named_rates(c: int, header: str, cells: list[Cell | None]) -> bool:
    """A column after the first, headed by a name (no metric, condition or load), whose cells
    are rates with their unit ("512 TPS", "9,000 RPS"): results of what the header names,
    not offered loads labelling rows."""
    if c == 0 or not header.strip() or L.header_kind(clean(header)[0]) not in (None, L.AXIS_ENTITY):
        return False
    filled = [x for x in cells if x is not None and not C.is_null(x.text)]
    if not filled:
        return False
    for cell in filled:
        body, _ = clean(cell.text)
        num = _number(body)
        if num is None or not num[2]:
            return False
        if L.family_of_unit(_unit(num[2]) or num[2]) not in ("rps", "cps", "throughput"):
            return False  # sizes, times: "128 GB" of memory is an attribute
    return True


def _plain_numbers(cells: list[Cell | None]) -> bool:
    """Every filled cell is a bare number ("10", "1,000"): a column of condition values, not
    of results with their units ("42%", "0.65 ms")."""
    seen = False
    for cell in cells:
        if cell is None or C.is_null(cell.text):
            continue
        num = _number(clean(cell.text)[0])
        if num is None or num[2]:
            return False
        seen = True
    return seen


def build(block: Block, ctx: Context, block_test: str | None = None) -> Grid | None:
    """The typed grid of a table block, or None for tool output and tables with no number."""
    table = block.table
    if table is None or table.kind in ("tool_output", "code") or not table.rows:
        return None
    rows = _with_header(table.rows)
    header = [clean(h)[0] for h in _header_texts(rows)][:MAX_COLUMNS]
    head_cells = _header_cells(rows)
    body = [r for r in rows if not r.is_header]
    width = min(MAX_COLUMNS, max([len(header), *(len(r.cells) for r in body)], default=0))
    if width < 2 or not body:
        return None
    header += [""] * (width - len(header))
    grid_rows = [_aligned(r, width) for r in body]
    columns_cells = [[r[c] for r in grid_rows] for c in range(width)]

    # leading label columns: text or conditions, or a header saying what its labels are
    label_cols: list[int] = []
    for c in range(width - 1):
        kind = L.header_kind(header[c])
        named = kind not in (None, L.AXIS_METRIC) and (
            kind in (L.AXIS_ENTITY, L.AXIS_STATISTIC, "key") or _plain_numbers(columns_cells[c])
        )
        if (
            _mostly_text(columns_cells[c]) and not _named_rates(c, header[c], columns_cells[c])
        ) or (named and c == len(label_cols)):
            if c != len(label_cols):
                break
            label_cols.append(c)
        else:
            break
    if not label_cols and not header[0]:
        label_cols = [0]  # an unlabelled first column
    grid = Grid(start=block.start, orientation="entities-in-rows", rows=[], columns=[],
                label_columns=label_cols)  # fmt: skip

    # column axes
    groups = _header_groups(rows)
    for c in range(width):
        cell = head_cells[c] if c < len(head_cells) else None
        raw = header[c]
        text, note = clean(raw)
        axis = _axis(c, text, cell, note)
        if c < len(groups) and groups[c] is not None:
            _apply_group(axis, *groups[c][:2])
        if c in label_cols:
            kind = L.header_kind(text)
            axis.kind = "label"
            axis.condition = (kind, "") if kind else None
        elif _mostly_text(columns_cells[c]) and not _named_rates(c, raw, columns_cells[c]):
            axis.kind = L.AXIS_ATTRIBUTE
        elif _condition_header(text) and _plain_numbers(columns_cells[c]):
            # "Run" or "Connections" after the results: each row's case, not a result
            axis.kind = L.AXIS_RUN if _condition_header(text) == "run" else L.AXIS_CONDITION
            axis.condition, axis.metric, axis.statistic = (_condition_header(text), ""), None, None
        grid.columns.append(axis)

    # the label column that names the entities, those that give conditions or metrics
    entity_col, condition_cols, row_kind, metric_col = _label_roles(
        header, label_cols, columns_cells
    )
    keyed_cols = _keyed_columns(grid.columns, label_cols)
    caption_metric, caption_from = _context_metric(ctx)
    grid.conditions = dict(ctx.notes_conditions.get("", {}))
    grid.conditions.update(_caption_conditions(ctx.caption))

    # row axes, with group rows continued
    carried: dict[int, str] = {}
    group = ""
    for r, cells in enumerate(grid_rows):
        heads_group = _group_row(cells, label_cols)
        if heads_group:
            group, _ = clean(cells[0].text)  # type: ignore[union-attr]
            carried.clear()
        labels = []
        for c in label_cols:
            cell = cells[c]
            text, note = clean(cell.text) if cell is not None else ("", None)
            if not text and c in carried:
                text = carried[c]  # a blank label continues the group above
            elif text:
                carried[c] = text
                for later in label_cols:
                    if later > c:
                        carried.pop(later, None)
            labels.append((c, text, cell, note))
        axis = _row_axis(r, labels, entity_col, condition_cols, row_kind, metric_col)
        own = tuple(t for _, t, _, _ in labels)
        described = tuple(clean(cells[c].text)[0] if cells[c] else "" for c in keyed_cols)
        axis.key = ((group,) if group and not heads_group else ()) + own + described
        grid.rows.append(axis)

    _settle_orientation(grid, header, caption_metric)
    if grid.orientation == "key-value":
        grid.metric, grid.metric_from = caption_metric, caption_from
    elif not any(a.metric for a in grid.columns + grid.rows):
        grid.metric, grid.metric_from = caption_metric, caption_from
        grid.unit = L.unit_of(ctx.caption[-300:]) if caption_from == "caption" else ""
        if grid.metric is None and _power_table(grid, ctx):
            grid.metric, grid.metric_from = "power", "caption"
    else:
        grid.metric_from = "header"
        grid.metric = caption_metric if caption_metric else None
        grid.unit = L.unit_of(ctx.caption[-300:]) if caption_from == "caption" else ""
    _cells(grid, grid_rows, ctx, block_test)
    return grid if grid.cells or any(a.kind == L.AXIS_COMPUTED for a in grid.columns) else None


def _axis(index: int, text: str, cell: Cell | None, note: str | None) -> Axis:
    label = L.classify(text)
    axis = Axis(index=index, label=text, kind=label.kind, metric=label.metric, unit=label.unit,
                statistic=label.statistic, condition=label.condition, setting=label.setting,
                note=note)  # fmt: skip
    if cell is not None:
        axis.start, axis.end = cell.start, cell.end
    if label.kind == L.AXIS_UNKNOWN and L.looks_like_name(text):
        axis.kind = L.AXIS_ENTITY
    if axis.metric:
        parsed = parse_test_name(text)
        if parsed and parsed[2] in ("ssl_throughput", "compression_throughput", "ssl_tps"):
            axis.metric = parsed[2]
        if parsed and parsed[2] == axis.metric and axis.metric not in ("power", "efficiency"):
            axis.test = parsed[0]  # power is drawn during some other test: the section's
    return axis


def _apply_group(axis: Axis, group: str, cell: Cell) -> None:
    """What the header group over a column adds: a condition ("1 KB" over "p50 | p99"), the
    metric ("Latency (ms)" over "p50 | p99"), else a name: a product or a test, which the
    cells settle (:func:`_cells`)."""
    cond = L.condition_of(group)
    if cond is None and is_protocol(group):
        cond = ("test", group)
    if cond is not None:
        axis.extra[cond[0]] = _norm_value(cond[0], cond[1])
        return
    label = L.classify(group)
    if label.metric and not axis.metric:
        axis.metric, axis.unit = label.metric, label.unit or axis.unit
        axis.kind = L.AXIS_METRIC if axis.kind in (L.AXIS_STATISTIC, L.AXIS_UNKNOWN) else axis.kind
    elif not label.metric and label.kind in (L.AXIS_UNKNOWN, L.AXIS_ENTITY):
        axis.group, axis.group_span = group, (cell.start, cell.end)


def _label_roles(
    header: list[str], label_cols: list[int], columns_cells: list[list[Cell | None]]
) -> tuple[int | None, dict[int, str], str | None]:
    """(the entity label column, {column: condition name}, what the first label column's
    labels are when its header says so)."""
    entity_col = None
    metric_col = None
    conditions: dict[int, str] = {}
    first_kind = None
    for c in label_cols:
        kind = L.header_kind(header[c])
        if c != label_cols[0] and metric_col is None and _names_metrics(kind, columns_cells[c]):
            metric_col = c  # "Scenario | Metric | A | B": the second label names the metric
            continue
        if kind == L.AXIS_ENTITY and _typed_labels(columns_cells[c]):
            kind = None  # "Proxy" over "Req/s" and "p99": the products are the columns
        if c == label_cols[0]:
            first_kind = kind
        if kind == L.AXIS_ENTITY and entity_col is None:
            entity_col = c
        elif kind not in (None, L.AXIS_ENTITY, L.AXIS_STATISTIC, L.AXIS_METRIC, "key"):
            conditions[c] = kind
        elif kind is None and entity_col is None and c == label_cols[0]:
            # an unnamed first column: entities unless its labels type as something else
            kinds = [L.classify(clean(x.text)[0]).kind for x in columns_cells[c] if x and x.text]
            if kinds and sum(k == L.AXIS_UNKNOWN for k in kinds) * 2 > len(kinds):
                entity_col = c
        elif kind is None and c != label_cols[0]:
            values = [clean(x.text)[0] for x in columns_cells[c] if x and x.text]
            conds = [L.condition_of(v) for v in values]
            if values and all(conds):
                conditions[c] = conds[0][0]
    return entity_col, conditions, first_kind, metric_col


def _names_metrics(kind: str | None, cells: list[Cell | None]) -> bool:
    """A label column whose header says "Metric" or whose labels mostly name metrics in
    words ("Mean latency", "Avg CPU", "Req/s"); "0.0 us, 0.3 sy" is a quantity, not a name."""
    if kind == L.AXIS_METRIC:
        return True
    if kind is not None:
        return False
    texts = [clean(x.text)[0] for x in cells if x and x.text.strip()]
    named = [t for t in texts if t[:1].isalpha() and L.metric_of(t)]  # by words, not units
    return bool(texts) and len(named) * 2 > len(texts)


def _group_row(cells: list[Cell | None], label_cols: list[int]) -> bool:
    """A body row holding only its first label ("HTTP/2" above the rows it groups)."""
    if not label_cols or label_cols[0] != 0 or len(cells) < 3 or cells[0] is None:
        return False
    if not clean(cells[0].text)[0]:
        return False
    return all(c is None or not c.text.strip() for c in cells[1:])


def _keyed_columns(columns: list[Axis], label_cols: list[int]) -> list[int]:
    """Columns outside the labels that still say which case a row is: a condition column
    ("Connections" over 100, 400), a run number, or a description (version, notes)."""
    out = []
    for a in columns:
        if a.index in label_cols:
            continue
        names_case = a.kind in (L.AXIS_CONDITION, L.AXIS_RUN) and not (a.condition or ("", ""))[1]
        if names_case or a.kind == L.AXIS_ATTRIBUTE:
            out.append(a.index)  # "1 KB" over figures is a value column, not a case column
    return out


def _condition_header(label: str) -> str | None:
    """The condition a column header names ("Run", "Connections", "Object size"), or None."""
    kind = L.header_kind(label)
    return (
        kind if kind not in (None, L.AXIS_ENTITY, L.AXIS_STATISTIC, L.AXIS_METRIC, "key") else None
    )


# Conditions a row label may set for its own row only ("RC4-MD5", "2048-bit", "no session
# reuse", "80 requests per TLS session" as the labels of a table's rows).
ROW_LABEL_CONDITIONS = frozenset(("cipher", "key_size", "tls_version", "tls_session_reuse",
                                  "requests_per_connection", "pipelining"))  # fmt: skip


def _label_conditions(text: str) -> dict[str, str]:
    """The conditions of ROW_LABEL_CONDITIONS a short row label states, as cell values."""
    if not text or len(text) > 80:
        return {}
    from claimcheck.extract.conditions import conditions_in_text  # the detectors import grid

    out: dict[str, str] = {}
    for raw in conditions_in_text(text):
        if raw.name in ROW_LABEL_CONDITIONS and not raw.hedged and raw.name not in out:
            value = raw.value
            if raw.negated and not isinstance(value, bool):
                continue
            out[raw.name] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


def _typed_labels(cells: list[Cell | None]) -> bool:
    """Most labels of a column name metrics, statistics or conditions."""
    kinds = [L.classify(clean(x.text)[0]).kind for x in cells if x and x.text]
    typed = sum(k in (L.AXIS_METRIC, L.AXIS_STATISTIC, L.AXIS_CONDITION) for k in kinds)
    return bool(kinds) and typed * 2 > len(kinds)


def _row_axis(r: int, labels, entity_col, condition_cols, row_kind, metric_col=None) -> Axis:  # noqa: ANN001
    """The axis of one body row: its entity, its conditions, or the metric or statistic
    its label names (in a transposed table)."""
    axis = Axis(index=r, label=" / ".join(t for _, t, _, _ in labels if t))
    for c, text, cell, note in labels:
        if note:
            axis.note = note
        for name, value in _label_conditions(text).items():
            axis.extra.setdefault(name, value)
        if c == metric_col:
            continue  # read last: it names the row's metric whatever the other labels say
        if c == entity_col:
            axis.kind = L.AXIS_ENTITY
            axis.label = text
            if cell is not None:
                axis.start, axis.end = cell.start, cell.end
        elif c in condition_cols:
            axis.condition = (condition_cols[c], text)
            if axis.kind == L.AXIS_UNKNOWN:
                axis.kind = L.AXIS_CONDITION
            if condition_cols[c] == "test":  # "HTTP RPS (1 KB)": a test names its metric
                label = L.classify(text)
                parts = label_conditions(text)
                if label.metric and not axis.metric and not _states_load(text, parts):
                    axis.metric, axis.unit, axis.statistic = (
                        label.metric,
                        label.unit,
                        label.statistic,
                    )
                    parsed = parse_test_name(text)
                    axis.test = parsed[0] if parsed and parsed[2] == label.metric else None
                axis.extra.update(_caption_conditions(text))
                axis.extra.update(_part_conditions(parts))
        elif entity_col is None and c == labels[0][0]:
            label = L.classify(text)
            parts = label_conditions(text)
            if parts and label.kind in (L.AXIS_METRIC, L.AXIS_UNKNOWN):
                # "20 req/s, 10 pods": a composite of conditions, not a metric or a name
                axis.kind, axis.condition = L.AXIS_CONDITION, ("test", text)
                axis.extra.update(_part_conditions(parts))
                if cell is not None:
                    axis.start, axis.end = cell.start, cell.end
                axis.label = text
                continue
            if row_kind == L.AXIS_STATISTIC:
                axis.kind, axis.statistic = L.AXIS_STATISTIC, label.statistic or text.lower()
                axis.metric = label.metric if label.kind == L.AXIS_METRIC else None
            elif row_kind == "key":
                axis.kind, axis.metric, axis.unit = "key", label.metric, label.unit
                axis.statistic = label.statistic
            else:
                axis.kind, axis.metric, axis.unit = label.kind, label.metric, label.unit
                axis.statistic, axis.condition = label.statistic, label.condition
                axis.setting = label.setting
                if label.kind == L.AXIS_UNKNOWN and L.looks_like_name(text):
                    axis.kind = L.AXIS_ENTITY
            if axis.metric:
                parsed = parse_test_name(text)
                if parsed and parsed[2] == axis.metric:
                    axis.test = parsed[0]
            if cell is not None:
                axis.start, axis.end = cell.start, cell.end
            axis.label = text
    for c, text, _cell, _note in labels:
        if c == metric_col and text:
            label = L.classify(text)
            axis.metric = label.metric or axis.metric
            axis.unit = label.unit if label.metric else axis.unit
            axis.statistic = label.statistic or axis.statistic
            if axis.kind == L.AXIS_UNKNOWN:
                axis.kind = L.AXIS_METRIC if label.metric else L.AXIS_STATISTIC
    return axis


def _states_load(text: str, parts: tuple[tuple[str, str], ...]) -> bool:
    """A label that states an offered load ("20 Requests/Sec, 10 pods"): its rate is a
    condition of the row, not the metric its cells measure."""
    return any(name == "load_setting" for name, _ in parts) or "load_setting" in (
        _caption_conditions(text)
    )


def _part_conditions(parts: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The conditions of a composite label's parts, one spelling per value."""
    return {name: _norm_value(name, value) for name, value in parts}


def _settle_orientation(grid: Grid, header: list[str], caption_metric: str | None) -> None:
    """Entities in rows or in columns, a key-value table, or conditions only."""
    value_cols = [a for a in grid.columns if a.index not in grid.label_columns]
    col_kinds = [a.kind for a in value_cols]
    row_kinds = {a.kind for a in grid.rows}
    first = L.header_kind(header[grid.label_columns[0]]) if grid.label_columns else None
    lone = value_cols[0] if len(value_cols) == 1 else None
    keyed = first == "key" or (
        lone is not None and header[lone.index].strip().lower() in ("value", "values", "")
    )
    if (
        keyed
        and row_kinds & {"key", L.AXIS_METRIC, L.AXIS_ENTITY, L.AXIS_UNKNOWN}
        and first != L.AXIS_ENTITY
    ):
        grid.orientation = "key-value"
        if lone is not None and lone.kind == L.AXIS_ATTRIBUTE:
            lone.kind = L.AXIS_UNKNOWN  # "16 cores", "64 GB": values, whatever they look like
        for a in grid.rows:
            if a.kind == L.AXIS_ENTITY:
                a.kind = "key"
        return
    entity_cols = sum(k == L.AXIS_ENTITY for k in col_kinds)
    metric_cols = sum(k in (L.AXIS_METRIC, L.AXIS_STATISTIC) for k in col_kinds)
    row_list = [a.kind for a in grid.rows]
    row_names = sum(k == L.AXIS_ENTITY for k in row_list)
    row_typed = len(row_list) - row_names
    if entity_cols and entity_cols >= metric_cols and row_typed > row_names:
        grid.orientation = "entities-in-columns"
        for a in grid.rows:
            if a.kind == L.AXIS_ENTITY:
                a.kind = "key"  # "Rack units" beside metric rows: a property, not a product
        return
    for a in value_cols:  # name-like headers beside metric columns are not products
        if a.kind == L.AXIS_ENTITY:
            a.kind = L.AXIS_UNKNOWN
    if L.AXIS_ENTITY in row_kinds:
        grid.orientation = "entities-in-rows"
    else:
        grid.orientation = "conditions"


def _context_metric(ctx: Context) -> tuple[str | None, str | None]:
    """The metric the caption or lead-in names, else the heading's."""
    for text, source in ((ctx.caption, "caption"), (ctx.heading, "heading")):
        if text:
            metric = L.metric_of(text[-300:])
            parsed = parse_test_name(text[-300:])
            if parsed and parsed[2] in (
                "ssl_tps",
                "ssl_throughput",
                "compression_throughput",
                "cps",
            ):
                metric = parsed[2]
            if metric:
                return metric, source
    return None, None


_CAPTION_CONDITIONS = (
    ("concurrency", lazyre.compile(r"(?<![\d,.])(\d[\d,]{0,8})[ ](?:concurrent[ ]|simultaneous[ ]|open[ ])?(?:connections|clients|users|VUs)\b", re.I)),
    ("load_setting", lazyre.compile(r"(?<![\w,.])(\d[\d,.]{0,9}[ ]?[km]?)[ ]?(?:RPS|QPS|req(?:uest)?s?/s(?:ec)?|requests per second)\b", re.I)),
    ("object_size", lazyre.compile(r"(?<![\d,.])(\d{1,6}(?:\.\d{1,3})?[ ]?(?:B|KB|KiB|kB|MB|MiB|bytes?))(?:[ ](?:files?|objects?|responses?|payloads?|bodies)\b|\))")),
)  # fmt: skip


def _caption_conditions(caption: str) -> dict[str, str]:
    """Conditions a caption or lead-in states: connections, an offered load, a size."""
    found: dict[str, str] = {}
    text = caption[-400:]
    for name, pattern in _CAPTION_CONDITIONS:
        m = pattern.search(text)
        if m:
            found[name] = _norm_value(name, m.group(1))
    return found


def note_conditions(text: str) -> dict[str, str]:
    """Conditions a footnote states (the caption's vocabulary)."""
    return _caption_conditions(text)


_SIZE_SCALE = {"b": 1, "byte": 1, "k": 1000, "kb": 1000, "kib": 1024, "kilobyte": 1000,
               "mb": 1e6, "mib": 1048576, "megabyte": 1e6, "gb": 1e9}  # fmt: skip


def norm_value(name: str, value: str) -> str:
    """One spelling per condition value (a label's "1 KB" -> "1000"; see ``_norm_value``)."""
    return _norm_value(name, value)


def _norm_value(name: str, value: str) -> str:
    """One spelling per condition value: "1,000" and "1000" are one; "1 KB" and "1KB" too."""
    v = fold(value.strip()).replace(",", "").replace(" ", "")
    if name in ("concurrency", "cpus", "run", "instances"):
        digits = re.search(r"\d+", v)
        return digits.group(0) if digits else v
    if name == "object_size":
        m = re.match(r"(\d+(?:\.\d+)?)([a-z]*)", v)
        if m:
            scale = _SIZE_SCALE.get(m.group(2).rstrip("s"))
            if scale is not None:
                return f"{float(m.group(1)) * scale:g}"
    if name == "load_setting":
        m = re.match(r"(\d+(?:\.\d+)?)(k|m)?", v)
        if m:
            n = float(m.group(1)) * {"k": 1e3, "m": 1e6}.get(m.group(2) or "", 1)
            return f"{n:g}"
    return v


def _power_table(grid: Grid, ctx: Context) -> bool:
    """Idle / full-load columns of a table about power (its caption says so, or it holds a
    per-watt column): power figures, not loads."""
    loads = [a for a in grid.columns if a.condition and a.condition[0] == "load_setting"]
    if not loads:
        return False
    return bool(_POWER_WORDS.search(ctx.caption[-300:]) or _POWER_WORDS.search(ctx.heading))


def _cells(
    grid: Grid, grid_rows: list[list[Cell | None]], ctx: Context, block_test: str | None
) -> None:
    """Every numeric cell outside the label columns, typed by its row and column."""
    kv = grid.orientation == "key-value"
    for r, cells in enumerate(grid_rows):
        row = grid.rows[r]
        for c, cell in enumerate(cells):
            col = grid.columns[c]
            offered = c in grid.label_columns and col.metric and _is_load_header(col.label)
            if (
                cell is None
                or (c in grid.label_columns and not offered)
                or col.kind == L.AXIS_ATTRIBUTE
            ):
                continue
            if col.kind == L.AXIS_CONDITION and col.condition and not col.condition[1]:
                continue  # a column of conditions ("SimUsers") holds settings, not results
            text, note = clean(cell.text)
            num = _number(text)
            if num is None:
                continue
            qualifier = cell_annotation(text)[1]
            value, decimals, cell_unit = num
            computed = col.kind == L.AXIS_COMPUTED or row.kind == L.AXIS_COMPUTED
            metric = col.metric or row.metric or grid.metric
            statistic = col.statistic or row.statistic
            unit = _unit(cell_unit) or col.unit or row.unit
            if metric is None and unit:
                metric = L.family_of_unit(unit)
                if metric == "rps" and _tls_context(unit, ctx):
                    metric = "ssl_tps"  # "512 TPS" cells under a summary of TLS handshakes
            if not unit and metric == grid.metric:
                fits = grid.unit and L.family_of_unit(grid.unit) in (metric, None)
                unit = (grid.unit if fits else "") or L.FAMILY_UNIT.get(metric or "", "")
            entity, span = _entity(grid, row, col)
            conditions = dict(grid.conditions)
            conditions.update(_row_case(grid, cells))
            if col.group and entity != col.group:
                conditions["test"] = _norm_value("test", col.group)  # rows name the products
            for axis in (row, col):
                conditions.update(axis.extra)
                if axis.condition and axis.condition[1]:
                    name, value_text = axis.condition
                    conditions[name] = _norm_value(name, value_text)
                if axis.kind == L.AXIS_STATISTIC and not axis.metric and axis.statistic:
                    statistic = axis.statistic
            for key in (row.note, col.note, note):
                found = ctx.notes_conditions.get(key or "")
                if key and found:
                    conditions.update(found)
            role = "setting" if offered else _role(kv, row, col, metric, ctx)
            test = col.test or row.test or block_test
            grid.cells.append(GridCell(r, c, cell, value, decimals, unit, metric, statistic, entity,
                                       span, conditions, role, computed, test,
                                       note or row.note or col.note, qualifier))  # fmt: skip


def _row_case(grid: Grid, cells: list[Cell | None]) -> dict[str, str]:
    """The conditions a row states in condition columns outside its labels ("Connections"
    holding 100 on this row)."""
    found: dict[str, str] = {}
    for col in grid.columns:
        if col.index in grid.label_columns or not col.condition or col.condition[1]:
            continue
        cell = cells[col.index] if col.index < len(cells) else None
        name = col.condition[0]
        if cell is None or name == "load_setting" and not _condition_header(col.label):
            continue  # "SimUsers (L7 RPS)": a load per device, read where it is needed
        text = clean(cell.text)[0]
        if text and not C.is_null(text) and _number(text) is not None:
            found[name] = _norm_value(name, text)
    return found


_TLS_WORDS = ("ssl", "tls", "https", "handshake")


def _tls_context(unit: str, ctx: Context) -> bool:
    """Transactions per second in a table whose caption or heading speaks of TLS: TLS
    transactions (a handshake each), as prose figures read them."""
    if "transaction" not in L.dimensionality(unit) and unit != "TPS":
        return False
    around = f"{ctx.caption[-400:]} {ctx.heading}".lower()
    return any(w in around for w in _TLS_WORDS)


def _is_load_header(label: str) -> bool:
    """A label column of offered loads ("Target rate (req/s)"): its numbers are settings."""
    return L.header_kind(label) == "load_setting"


def _unit(raw: str) -> str:
    if not raw:
        return ""
    from claimcheck.units import canonical_unit

    return L.UNIT_ALIASES.get(fold(raw)) or canonical_unit(raw) or ""


def _entity(grid: Grid, row: Axis, col: Axis) -> tuple[str | None, tuple[int, int] | None]:
    if grid.orientation == "entities-in-columns" and col.kind == L.AXIS_ENTITY:
        return col.label, (col.start, col.end)
    if row.kind == L.AXIS_ENTITY:
        return row.label, (row.start, row.end)
    if col.group:  # "Quillon" over "Req/s | p99": the product of its columns
        return col.group, col.group_span
    return None, None


def _role(kv: bool, row: Axis, col: Axis, metric: str | None, ctx: Context) -> str:
    """result, setting, spec, advertised or baseline."""
    if kv and (L.is_spec_key(row.label) or row.kind == "key" and metric is None):
        return "spec"
    if kv and L.is_setting_key(row.label) and row.metric is None:
        return "setting"
    spec_row = row.kind in ("key", L.AXIS_METRIC) and L.is_spec_key(row.label)
    if not kv and spec_row and row.metric not in ("cpu", "memory"):
        return "spec"  # "Power supply", "Interfaces" rows of a product comparison
    if row.setting or col.setting:
        return "setting"
    if _BASELINE.search(row.label) or _BASELINE.search(col.label):
        return "baseline"
    if ctx.advertised:
        return "advertised"
    return "result"
