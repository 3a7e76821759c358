"""Link runs to what they measured: the entity (named in the command's target, in the run's
own text, in the sentence before its block or in its heading) and the results-table rows
measured under the run's parameters."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.axislabels import classify
from claimcheck.extract.devices import MentionIndex
from claimcheck.extract.runs.model import Run, RunRow, Value
from claimcheck.extract.runs.query import ERRORS_HEAD_RE
from claimcheck.extract.runs.values import count, number, seconds
from claimcheck.extract.sentences import split
from claimcheck.models import Block, Document, Table
from claimcheck.units import convert

_I = re.IGNORECASE
# A column saying each row was measured under its own load: the run's flags do not apply.
OWN_LOAD_HEAD_RE = lazyre.compile(
    r"\b(?:connections?|concurrency|clients?|users|vus|threads|pipelin\w*|load)\b", _I
)
MEASURED = ("command", "output", "prose", "table")


def link_entities(doc: Document, runs: list[Run], mentions: MentionIndex) -> None:
    """Set each run's device: a device named in the run's own text (its command target, its
    sentence), else in the prose just before its block, else in its section's heading."""
    blocks = doc.blocks
    starts = [b.start for b in blocks]
    heading_of: list[Block | None] = []  # the heading each block is under
    current = None
    for b in blocks:
        current = b if b.kind == "heading" else current
        heading_of.append(current)
    for run in runs:
        named = mentions.span(run.start, run.end)
        if named:
            run.device = named[0][1].id
            continue
        i = _block_at(starts, run.start)
        if run.source in ("command", "output") and i and blocks[i - 1].table is None:
            prev = blocks[i - 1]
            if prev.kind in ("paragraph", "list_item"):
                last = split(prev.text, prev.start)[-1:]
                named = mentions.span(last[0].start, last[0].end) if last else []
                if len({d.id for _, d in named}) == 1:
                    run.device = named[0][1].id
        if run.device is None and blocks:
            heading = heading_of[i]
            if heading is not None:
                named = mentions.span(heading.start, heading.end)
                if len(named) == 1:
                    run.device = named[0][1].id


def _block_at(starts: list[int], offset: int) -> int:
    return max(0, bisect_right(starts, offset) - 1)


def link_tables(doc: Document, runs: list[Run], mentions: MentionIndex) -> None:
    """Attach to a run the rows of each results table (a requests/s column, a mean-latency
    or errors column) measured under it: the last run stated before the table in its
    section, else, when every measured run before it agrees on its connections, the last of
    those. A table with its own load column is measured under that, not under a run."""
    measured = sorted((r for r in runs if r.source in MEASURED and not r.warmup and r.connections),
                      key=lambda r: r.end)  # fmt: skip
    tables: list[tuple[Block, list[RunRow]]] = []
    seen = _Before()
    for block in doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        cols = _columns(table)
        if cols is None:
            continue
        rows = _rows(doc, table, cols, mentions)
        tables.append((block, rows))
        seen.advance(measured, block.start)
        run = seen.governing(block.section)
        if run is not None:
            run.rows.extend(rows)
    ends = [b.end for b, _ in tables]
    for run in runs:
        if run.errors and run.source == "prose" and not run.rows:
            i = bisect_right(ends, run.start)
            if i:
                _error_rows(doc, run, tables[i - 1][1])


def _error_rows(doc: Document, run: Run, rows: list[RunRow]) -> None:
    """The rows of the results table just before an error statement that the statement
    names ("The tarnproxy run finished with 512 errors"): the errors are those rows' run's."""
    text = doc.text[run.start : run.end].lower()
    words = set(re.findall(r"[\w.-]+", text))
    for row in rows:
        label = row.label.lower()
        if label.split(" ", 1)[0] in words and re.search(
            rf"(?<![\w-]){re.escape(label)}(?![\w-])", text
        ):
            run.rows.append(row)


class _Before:
    """The measured runs that end before a point, walked forward once: the last one per
    section, the last one overall and the connection counts seen."""

    def __init__(self) -> None:
        self.i = 0
        self.last: Run | None = None
        self.by_section: dict[str | None, Run] = {}
        self.connections: set[float] = set()

    def advance(self, measured: list[Run], offset: int) -> None:
        """Take in the runs that end at or before ``offset``."""
        while self.i < len(measured) and measured[self.i].end <= offset:
            run = measured[self.i]
            self.last = run
            self.by_section[run.section] = run
            if run.connections is not None:
                self.connections.add(run.connections.value)
            self.i += 1

    def governing(self, section: str | None) -> Run | None:
        """The run a table in ``section`` was measured under: the section's last run, else
        the last run when every run so far agrees on its connections."""
        if section in self.by_section:
            return self.by_section[section]
        return self.last if len(self.connections) == 1 else None


@dataclass
class _Columns:
    """The columns of a results table a run's rows are read from."""

    rps: int
    mean: int | None
    errors: int | None
    unit: str  # the mean column's unit, when its head gives one
    # further latency statistics: (column, "max" / "stdev" / "p99", unit of the head)
    stats: list[tuple[int, str, str]]


def _columns(table: Table) -> _Columns | None:
    """The rate, mean latency, errors and other latency-statistic columns of a results
    table."""
    header = table.header
    if not header or any(OWN_LOAD_HEAD_RE.search(h) for h in header[1:]):
        return None
    labels = [classify(h) for h in header]  # the typed-table reader's reading of each head
    # a rate column that is a spread or an extreme ("Req/Sec Stdev", "Req/Sec Max") is not a
    # rate anybody measured the run at
    rps = next((i for i, a in enumerate(labels) if i and a.metric == "rps" and not a.setting
                and a.statistic in (None, "mean")), None)  # fmt: skip
    if rps is None:
        return None
    mean = next((i for i, a in enumerate(labels)
                 if i and a.statistic == "mean" and a.metric in (None, "latency")), None)  # fmt: skip
    # a latency column that does not say which statistic it is ("Latency") is not read as a
    # mean: wrk prints an average, other tools a median; a mean column's cells need a time unit
    errors = next((i for i, h in enumerate(header) if i and ERRORS_HEAD_RE.search(h)), None)
    unit = labels[mean].unit if mean is not None else ""
    stats = [(i, a.statistic, a.unit) for i, a in enumerate(labels)
             if i and i != mean and a.metric in (None, "latency") and a.statistic
             and (a.statistic in ("max", "stdev") or a.statistic.startswith("p"))]  # fmt: skip
    return _Columns(rps, mean, errors, unit, stats)


def _rows(doc: Document, table: Table, cols: _Columns, mentions: MentionIndex) -> list[RunRow]:
    rps_i, mean_i, err_i, unit = cols.rps, cols.mean, cols.errors, cols.unit
    out = []
    for row in table.body:
        cells = row.cells
        if len(cells) <= rps_i or not cells:
            continue
        rps_cell = cells[rps_i]
        rps = _plain(rps_cell.text)
        if rps is None:
            continue
        item = RunRow(label=_clean(cells[0].text), line=doc.position(row.start)[0],
                      start=row.start, end=row.end)  # fmt: skip
        item.rps = Value(rps, "req/s", rps_cell.start, rps_cell.end, rps_cell.text)
        item.rps_head = table.header[rps_i]
        if mean_i is not None and mean_i < len(cells):
            item.latency_mean = _time_cell(cells[mean_i], unit)
        for i, stat, stat_unit in cols.stats:
            if i < len(cells) and (v := _time_cell(cells[i], stat_unit)) is not None:
                item.latency[stat] = v
        if err_i is not None and err_i < len(cells):
            c = cells[err_i]
            n = count(_clean(c.text)) if re.fullmatch(r"[\d,]+", _clean(c.text)) else None
            if n is not None:
                item.errors = Value(float(n), "", c.start, c.end, c.text)
        named = mentions.span(row.start, row.end)
        item.device = named[0][1].id if named else None
        out.append(item)
    return out


def _time_cell(cell: Any, unit: str) -> Value | None:
    """A cell's time in seconds: by the unit it carries ("61.22ms", "1.83s"), else by the
    unit of its column's head; None for a cell that is no time."""
    text = _clean(cell.text)
    secs = seconds(text) if re.search(r"[a-zµ]", text) else None
    if secs is None and unit and (n := _plain(text)) is not None:
        secs = convert(n, unit, "second")
    return None if secs is None else Value(secs, "s", cell.start, cell.end, cell.text)


def _clean(text: str) -> str:
    return text.replace("*", "").replace("`", "").strip()


def _plain(text: str) -> float | None:
    """A plain number cell ("25,630.20", "31.6k"), not a range or a sentence."""
    t = _clean(text)
    if not re.fullmatch(r"\d[\d,]*(?:\.\d+)?[ \t]*[kKM]?", t):
        return None
    return number(t)
