"""The facts shared by every stage of the pipeline.

What leaves the pipeline (findings, claims, conditions, measurements, devices, the
extraction) is a pydantic model. The numerous facts built inside it (the document, its
blocks, tables, rows and cells, quantities, mentions and axis labels) are slotted
dataclasses: no per-object dict and no validation, a fifth of the memory and time of a
model each (they are built from values the pipeline computed, never from user data).
Mentions and axis labels leave inside devices and table grids: pydantic serializes a
dataclass field by field, as it did the model, so the JSON output is the same.

Offsets (``start``/``end``) are character offsets into ``Document.text``,
the decoded input exactly as given; lines and columns are 1-based.
"""

from __future__ import annotations

import dataclasses
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from claimcheck.extract.provenance_fact import Provenance
from claimcheck.extract.runs.model import Run

BlockKind = Literal["heading", "paragraph", "list_item", "footnote", "table", "code"]
TableKind = Literal["tsv", "pipe", "aligned", "tool_output", "code"]
Severity = Literal["error", "warning", "info"]
ClaimKind = Literal[
    "percent-delta",
    "ratio",
    "derived",
    "share",
    "sum",
    "conversion",
    "cross-reference",
    "range",
    "bound",
    "verification",
    "computed-column",
]
ClaimStatus = Literal["consistent", "inconsistent", "unverifiable"]
MeasurementRole = Literal["result", "setting", "spec", "advertised", "baseline"]
OperandSource = Literal[
    "sentence", "previous_sentence", "paragraph", "table_cell", "claim", "run", "document"
]

SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}


class _SharedFieldsSet(set):
    """A ``model_fields_set`` shared by the instances that set the same fields; never mutated."""

    __slots__ = ()


# one set per distinct combination of explicitly set fields: a set of five or more names
# takes 728 bytes, more than the rest of a small model, and a report has ~20 models per KB
_FIELDS_SETS: dict[frozenset[str], _SharedFieldsSet] = {}


def _shared(fields: set[str]) -> _SharedFieldsSet:
    key = frozenset(fields)
    found = _FIELDS_SETS.get(key)
    if found is None:
        found = _FIELDS_SETS[key] = _SharedFieldsSet(key)
    return found


# per model class: its field names, and a dict of its fields (values None) whose copies
# share one key table (a CPython split dict, see Model.model_post_init), or None
_FIELD_NAMES: dict[type, frozenset[str]] = {}
_TEMPLATES: dict[type, dict[str, Any] | None] = {}


def _template(cls: type[BaseModel]) -> dict[str, Any] | None:
    holder = type(f"_{cls.__name__}Fields", (), {})()  # a plain instance shares its keys
    for name in cls.model_fields:
        setattr(holder, name, None)
    template = holder.__dict__
    if sys.getsizeof(template.copy()) >= sys.getsizeof(dict(template)):
        template = None  # too many fields to share (or an interpreter that does not)
    _TEMPLATES[cls] = template
    return template


class Model(BaseModel):
    """Base for all claimcheck models: strict field names, no extras."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    def model_post_init(self, context: Any, /) -> None:
        """Share the set of explicitly set field names with like instances, and the key
        table of the fields dict (memory)."""
        object.__setattr__(self, "__pydantic_fields_set__", _shared(self.__pydantic_fields_set__))
        # pydantic builds each instance a dict of its own (a Measurement's takes 832 bytes);
        # a copy of a template whose keys are shared keeps only the values (296 bytes).
        # It is the same mapping, in the same order: only its storage differs.
        cls = type(self)
        template = _TEMPLATES[cls] if cls in _TEMPLATES else _template(cls)
        if template is not None:
            fields = template.copy()
            fields.update(self.__dict__)
            object.__setattr__(self, "__dict__", fields)

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute; a shared fields set is swapped for the one that includes ``name``,
        never mutated."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = frozenset(cls.model_fields)
        if name not in names:
            super().__setattr__(name, value)  # pydantic's errors and private attributes
            return
        fields = self.__pydantic_fields_set__
        if name not in fields:
            object.__setattr__(self, "__pydantic_fields_set__", _shared(fields | {name}))
        # what pydantic does for a field that is neither frozen nor validated on assignment
        self.__dict__[name] = value


class Record:
    """Base of the slotted fact classes: pydantic's ``model_copy`` and ``model_dump``, for
    code written when these facts were models."""

    __slots__ = ()

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        """A copy with the fields in ``update`` replaced (``deep`` copies nested values)."""
        copy = dataclasses.replace(self, **(update or {}))  # type: ignore[type-var]
        if deep:
            import copy as _copy

            return _copy.deepcopy(copy)
        return copy

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The fields as a dict, nested facts as dicts too (``mode="json"`` gives the same:
        every field is a string, number, boolean, None or a list of facts)."""
        return {
            f.name: _dump(getattr(self, f.name))
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.compare
        }


def _dump(value: Any) -> Any:
    if isinstance(value, Record):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    return value


@dataclass(slots=True)
class Cell(Record):
    """One table cell; ``text`` is stripped, ``start``/``end`` cover it in the source."""

    text: str
    start: int
    end: int


@dataclass(slots=True)
class Row(Record):
    """One table row, as it appears in the source (one or more source lines)."""

    cells: list[Cell]
    start: int
    end: int
    is_header: bool = False


@dataclass(slots=True)
class Table(Record):
    """Rows and cells of a table block."""

    kind: TableKind
    rows: list[Row]
    tool: str | None = None  # wrk, k6, ab, h2load, autocannon for tool output
    # Tables are not changed after ingest, yet header and body are read hundreds of times
    # per report: both are computed once and kept here (not a field of dumps, comparisons
    # and reprs), tied to the ``rows`` list they came from so that a table given other
    # rows recomputes them.
    _parts_cache: Any = field(default=None, init=False, repr=False, compare=False)

    def _parts(self) -> tuple[tuple[str, ...], tuple[Row, ...]]:
        cached = self._parts_cache
        if cached is None or cached[0] is not self.rows:
            heads = [r for r in self.rows if r.is_header]
            width = max((len(r.cells) for r in heads), default=0)
            cols = [""] * width
            for row in heads:
                for i, cell in enumerate(row.cells):
                    cols[i] = (cols[i] + " " + cell.text).strip()
            body = tuple(r for r in self.rows if not r.is_header)
            cached = self._parts_cache = (self.rows, tuple(cols), body)
        return cached[1], cached[2]

    @property
    def header(self) -> list[str]:
        """Header cell texts joined per column (multi-line headers are merged)."""
        return list(self._parts()[0])

    @property
    def body(self) -> list[Row]:
        """The rows that are not header rows."""
        return list(self._parts()[1])


@dataclass(slots=True)
class Block(Record):
    """A structural block of the document.

    ``text`` is ``Document.text[start:end]`` with line breaks replaced by
    spaces, so an offset ``i`` in ``text`` is the source offset ``start + i``.
    """

    kind: BlockKind
    start: int
    end: int
    text: str
    level: int = 0  # heading level
    section: str | None = None  # text of the nearest heading above
    table: Table | None = None


@dataclass(slots=True)
class Document(Record):
    """The input text with its line index and blocks."""

    name: str
    text: str
    encoding: str = "utf-8"
    blocks: list[Block] = field(default_factory=list)
    line_starts: list[int] = field(default_factory=lambda: [0])
    page_of_line: list[int] | None = None  # PDF input: page number per line
    # converted input (HTML): where ``text`` stands in the input as given
    # (claimcheck.ingest.sourcemap.SourceMap); None when ``text`` is the input itself
    source_map: Any = field(default=None, compare=False, repr=False)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset of ``text``."""
        offset = max(0, min(offset, len(self.text)))
        idx = bisect_right(self.line_starts, offset) - 1
        return idx + 1, offset - self.line_starts[idx] + 1

    def page_position(self, line: int) -> tuple[int, int] | None:
        """(page, line on that page) of a 1-based line of paged input; None without pages."""
        pages = self.page_of_line
        if not pages or not 0 < line <= len(pages):
            return None
        page = pages[line - 1]
        first = bisect_left(pages, page)  # pages never decrease down the text
        return page, line - first

    def given_position(self, line: int, column: int) -> tuple[int, int]:
        """A (line, column) of ``text`` as a (line, column) of the input as given (the same
        unless the input was converted, as an HTML page is)."""
        if self.source_map is None or not 1 <= line <= len(self.line_starts):
            return line, column
        return self.source_map.position(self.line_starts[line - 1] + column - 1)

    def as_given(self) -> Document:
        """The input as given, for showing findings in it: the document itself, or for a
        converted input its source text with that text's lines (no blocks)."""
        if self.source_map is None:
            return self
        source = self.source_map.source
        return Document(self.name, source, self.encoding, [], self.source_map.line_starts)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break."""
        start = self.line_starts[line - 1]
        end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r")


@dataclass(slots=True)
class Quantity(Record):
    """A number mentioned in the text, with its unit and stated precision."""

    text: str
    start: int
    end: int
    value: float
    unit: str = ""  # pint unit expression, "" for a plain number, "percent" for %
    unit_text: str = ""
    decimals: int = 0  # digits after the decimal point as written
    sig_figs: int = 1
    scale: float = 1.0  # 1e6 for "36 million": the rounding step is scaled by it
    qualifier: str | None = None  # over, more than, almost, about, up to, ...
    is_word: bool = False  # written as a number word ("three", "twice")
    multiplier: bool = False  # a multiple: "1.56x", "3 times", "twice"
    range_low: float | None = None  # for ranges "5-15%": low and high
    range_high: float | None = None
    high_decimals: int | None = None

    @property
    def is_percent(self) -> bool:
        """True when the quantity is a percentage."""
        return self.unit == "percent"

    @property
    def is_range(self) -> bool:
        """True for a stated range such as "5-15%"."""
        return self.range_low is not None and self.range_high is not None


class Operand(Model):
    """A quantity a claim cites, and where it came from."""

    text: str
    value: float
    unit: str = ""
    start: int
    end: int
    line: int = 0
    source: OperandSource = "sentence"
    label: str | None = None  # e.g. the table cell's row/column, or the device
    entity: str | None = None  # the entity the operand measures, when known
    table: int | None = None  # index into Extraction.tables when source is table_cell
    row: str | None = None  # the table cell's row label
    column: str | None = None  # the table cell's column label
    run: int | None = None  # index into Extraction.runs when source is run


class Claim(Model):
    """A comparative or derived statement with its operands and verdict."""

    kind: ClaimKind
    rule: str  # the A rule that judges it
    text: str  # the sentence or phrase
    start: int
    end: int
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    stated: str  # as written: "174%–3273% greater", "1.56x"
    stated_value: float | None = None
    qualifier: str | None = None
    direction: str | None = None  # higher, lower, ratio, share, ...
    recomputed: str | None = None  # formatted at the stated precision
    recomputed_value: float | None = None
    status: ClaimStatus = "unverifiable"
    severity: Severity | None = None  # when inconsistent
    diagnosis: str | None = None
    message: str | None = None
    operands: list[Operand] = Field(default_factory=list)
    subject: str | None = None  # the entity the claim is about
    reference: str | None = None  # the entity it is compared with
    metric: str | None = None  # the metric family the claim names or implies


@dataclass(slots=True)
class Mention(Record):
    """Where something is named in the source."""

    text: str
    start: int
    end: int
    line: int = 0


class Device(Model):
    """A product under test, with every way the report names it."""

    id: str  # stable key, e.g. "radware-alteon-5224xl"
    name: str  # the fullest name seen, e.g. "Alteon 5224 XL"
    vendor: str | None = None
    family: str | None = None
    model: str | None = None
    version: str | None = None
    aliases: list[str] = Field(default_factory=list)
    mentions: list[Mention] = Field(default_factory=list)
    kind: str | None = None  # dut (device under test), tool, backend, lab


class BenchTest(Model):
    """A test the report runs (L4 CPS, SSL TPS, ...): the scope of its figures."""

    id: str  # canonical key: "L4 cps", "SSL ssl_tps", "latency"
    name: str  # as first written: "L4 CPS"
    layer: str | None = None  # L4, L7, SSL
    metric: str | None = None  # metric family
    line: int = 0


class Condition(Model):
    """A test condition with its scope.

    ``scope`` is "document", "section:<title>", "test:<id>" or "device:<id>";
    ``test`` and ``device`` repeat the test or device it applies to, if any.
    """

    name: str
    value: Any
    scope: str = "document"
    test: str | None = None
    device: str | None = None
    section: str | None = None
    line: int = 0
    start: int = 0
    end: int = 0
    text: str = ""
    # "output": printed by a load tool; "default": what a tool does unless told otherwise
    source: Literal["text", "table", "list", "command", "output", "default"] = "text"
    negated: bool = False
    hedged: bool = False


class Measurement(Model):
    """A reported figure: metric family, value, unit, device, test."""

    metric: str
    value: float
    unit: str
    device: str | None = None
    test: str | None = None
    section: str | None = None
    line: int = 0
    start: int = 0
    end: int = 0
    text: str = ""
    decimals: int = 0
    qualifier: str | None = None
    source: Literal["text", "table", "tool", "derived"] = "text"
    kind: Literal["measured", "advertised"] = "measured"
    low: float | None = None  # for derived figures: the interval their operands allow
    high: float | None = None
    derived_from: list[str] = Field(default_factory=list)  # operand descriptions
    # what the figure is: a result the report measured, a setting the test imposed (an
    # offered load), a spec (hardware, link speed), an advertised or a baseline figure
    role: MeasurementRole = "result"
    entity: str | None = None  # the entity label as the report writes it (a table axis)
    statistic: str | None = None  # mean, p50 ... p99.9, min, max, stdev
    conditions: dict[str, str] = Field(default_factory=dict)  # from axes, caption, notes
    table: int | None = None  # index of its grid in ``Extraction.tables``


@dataclass(slots=True)
class AxisLabel(Record):
    """One row or column label of a typed table."""

    label: str
    kind: str  # entity, metric, statistic, condition, run, computed, attribute, key, label
    metric: str | None = None
    unit: str = ""
    statistic: str | None = None
    condition: str | None = None  # "name=value"
    line: int = 0


class TableGrid(Model):
    """A table read as a typed grid: its axes, orientation and table-wide metric."""

    line: int
    end_line: int = 0
    orientation: str
    metric: str | None = None
    metric_from: str | None = None  # header, caption, heading
    conditions: dict[str, str] = Field(default_factory=dict)
    columns: list[AxisLabel] = Field(default_factory=list)
    rows: list[AxisLabel] = Field(default_factory=list)
    cells: int = 0  # numeric cells typed
    computed: int = 0  # cells of computed columns (differences, ratios), kept for claims


class Finding(Model):
    """One rule violation at a location, with its evidence."""

    path: str
    rule: str
    name: str
    severity: Severity
    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    evidence: dict[str, Any] | None = None
    # paged input (PDF): the page and the line counted from the top of that page; the
    # column is ``column`` (None for inputs without pages)
    page: int | None = None
    page_line: int | None = None


class FileError(Model):
    """An input that could not be checked."""

    path: str
    message: str


class Extraction(Model):
    """The facts found in one document (no rules applied)."""

    version: int = 1
    path: str = "<text>"
    devices: list[Device] = Field(default_factory=list)  # the devices under test
    entities: list[Device] = Field(default_factory=list)  # every entity, with its kind
    tests: list[BenchTest] = Field(default_factory=list)
    claims: list[Claim] = Field(default_factory=list)
    conditions: list[Condition] = Field(default_factory=list)
    measurements: list[Measurement] = Field(default_factory=list)
    runs: list[Run] = Field(default_factory=list)  # load-tool runs (slotted dataclasses)
    # who wrote, tested and paid for the report (a slotted dataclass), None before extraction
    provenance: Provenance | None = None
    tables: list[TableGrid] = Field(default_factory=list)
    quantities: list[Quantity] = Field(default_factory=list, exclude=True)
    # the DocumentIndex (claimcheck.extract.docindex): sentences, tests, per-block facts
    index: Any = Field(default=None, exclude=True)


class CheckResult(Model):
    """Findings for one or more inputs, plus the facts behind them (the data; the result
    the API returns adds its views: :class:`claimcheck.result.CheckResult`)."""

    version: int = 1
    findings: list[Finding] = Field(default_factory=list)
    errors: list[FileError] = Field(default_factory=list)
    claims: list[Claim] = Field(default_factory=list, exclude=True)
    conditions: list[Condition] = Field(default_factory=list, exclude=True)
    measurements: list[Measurement] = Field(default_factory=list, exclude=True)
    _documents: dict[str, Document] = PrivateAttr(default_factory=dict)
    # suppression comments that silenced nothing, as U001 findings (claimcheck.suppression)
    _unused_suppressions: list[Finding] = PrivateAttr(default_factory=list)

    @property
    def unused_suppressions(self) -> list[Finding]:
        """A ``U001 unused-suppression`` finding for every suppression comment code that
        silenced no finding of an enabled rule (not part of ``findings``: the command line
        adds them with ``--report-unused-suppressions``)."""
        return self._unused_suppressions

    def worst_severity(self) -> str | None:
        """The highest severity among the findings, or None."""
        if not self.findings:
            return None
        return max((f.severity for f in self.findings), key=SEVERITY_RANK.__getitem__)
