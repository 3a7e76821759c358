"""The DocumentIndex (facts.md section 1): a document's quantities and sentences, built
once, each sentence with its block, its cue events (a hedge cue, a topic cue) and the extractor's hedge reading; the test
each block and each table column belongs to; and the small facts read off blocks and cells
once (conditions stated inside table cells, figures of tool output, loads stated in prose), so that no rule splits sentences or runs an extractor again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from claimcheck import regexlit
from claimcheck.extract.benchtests import assign_tests, parse_test_name
from claimcheck.extract.cellfacts import (
    BaselineCell,
    CellCondition,
    baseline_cells,
    cell_conditions,
)
from claimcheck.extract.conditions.base import HEDGE_RE, OTHERS_RE, TOPIC_RE, Ctx
from claimcheck.extract.eventcounts import EventCount, event_counts
from claimcheck.extract.modeltokens import ModelToken, model_tokens
from claimcheck.extract.quantities import scan
from claimcheck.extract.sentences import Sentence, split
from claimcheck.extract.statedload import StatedLoad
from claimcheck.extract.statsets import StatGroup, StatTable, stat_tables
from claimcheck.extract.toolfacts import ToolFacts, tool_facts
from claimcheck.models import Document, Quantity


@dataclass(slots=True)
class IndexedSentence:
    """One sentence of a (non-code) block, with where it sits and the cues it holds."""

    sentence: Sentence  # the splitter's sentence (text and source start)
    block: int  # index into ``doc.blocks``
    first: bool  # the first sentence of its block
    # about others' practice or a warning: the one reading every rule uses (hedge cues not
    # in contrast, a topic sentence carried over to the block's sentences not about "we" or
    # "our", a sentence whose subject is other parties' publications)
    hedged: bool
    hedge_cue: bool  # a hedge cue occurs in it ("some vendors", "beware", ...)
    topic_cue: bool  # a topic cue occurs in it (the paragraph is about others' practice)
    counts: list[EventCount]  # counts of events it states ("500 transactions")
    test: str | None = None  # the test its block belongs to

    @property
    def text(self) -> str:
        """The sentence text."""
        return self.sentence.text

    @property
    def start(self) -> int:
        """Source offset of the sentence."""
        return self.sentence.start

    @property
    def end(self) -> int:
        """Source offset just past the sentence."""
        return self.sentence.end


@dataclass(slots=True)
class DocumentIndex:
    """Sentences, tests and per-block facts of one document (built by :func:`index_document`)."""

    text: str  # the indexed document's text (tells whether an index is this document's)
    sentences: list[IndexedSentence] = field(default_factory=list)
    block_ranges: list[tuple[int, int]] = field(default_factory=list)  # per block: sentences[a:b]
    quantities: list[Quantity] = field(default_factory=list)  # every block's, in block order
    quantity_ranges: list[tuple[int, int]] = field(default_factory=list)  # per block
    block_tests: list[str | None] = field(default_factory=list)  # per block: its test id
    # per table block: the test id each header cell names (None: it names none)
    column_tests: dict[int, list[str | None]] = field(default_factory=dict)
    cell_conditions: list[CellCondition] = field(default_factory=list)
    baseline_cells: list[BaselineCell] = field(default_factory=list)
    tools: ToolFacts | None = None  # figures of tool output and command lines
    stat_tables: list[StatTable] = field(default_factory=list)  # min/mean/p99/max groups
    model_tokens: list[ModelToken] = field(default_factory=list)  # "KV-3000", in order
    stated_loads: list[StatedLoad] = field(default_factory=list)  # filled after measurements
    prose_stats: list[StatGroup] = field(default_factory=list)  # filled after the entities
    # (block index, typed grid) of each table the grid reader typed, filled by the
    # extraction (an index built again for a rule run has none)
    grids: list[tuple[int, Any]] = field(default_factory=list)

    def in_block(self, block: int) -> list[IndexedSentence]:
        """The sentences of one block, in order."""
        a, b = self.block_ranges[block]
        return self.sentences[a:b]

    def quantities_in(self, block: int) -> list[Quantity]:
        """The quantities of one block, in order."""
        a, b = self.quantity_ranges[block]
        return self.quantities[a:b]

    def matches(self, doc: Document) -> bool:
        """True when this is the index of ``doc`` (its text, split into the same blocks)."""
        if len(self.block_ranges) != len(doc.blocks):
            return False
        return self.text is doc.text or self.text == doc.text


def index_document(doc: Document, block_tests: list[str | None] | None = None) -> DocumentIndex:
    """The index of ``doc`` (``block_tests``: the per-block tests when already assigned).
    Linear in the document."""
    if block_tests is None:
        block_tests = assign_tests(doc)[1]
    ix = DocumentIndex(doc.text, block_tests=list(block_tests))
    for bi, block in enumerate(doc.blocks):
        a = len(ix.sentences)
        if block.kind != "code":
            _add_sentences(ix, bi, block.text, block.start)
        ix.block_ranges.append((a, len(ix.sentences)))
        q = len(ix.quantities)
        ix.quantities.extend(scan(block.text, block.start))
        ix.quantity_ranges.append((q, len(ix.quantities)))
        if block.table is not None:
            ix.column_tests[bi] = [_test_id(h) for h in block.table.header]
    ix.cell_conditions = cell_conditions(doc)
    ix.baseline_cells = baseline_cells(doc)
    ix.tools = tool_facts(doc)
    ix.stat_tables = stat_tables(doc)
    ix.model_tokens = model_tokens(doc)
    return ix


def _add_sentences(ix: DocumentIndex, bi: int, text: str, start: int) -> None:
    test = ix.block_tests[bi] if bi < len(ix.block_tests) else None
    sentences = split(text, start)
    if not sentences:
        return
    # a cue's literals missing from the whole block are missing from each of its sentences
    hedge_gate, topic_gate = regexlit.gate(HEDGE_RE), regexlit.gate(TOPIC_RE)
    low = text.lower()
    may_hedge, may_topic = hedge_gate.possible(text, low), topic_gate.possible(text, low)
    # every hedge cue is a match of HEDGE_RE: a block without its literals has no cue, and
    # the extractor's reading flags none of its sentences
    flags = Ctx(text).hedge_flags() if may_hedge else [False] * len(sentences)
    for k, (sent, hedged) in enumerate(zip(sentences, flags, strict=True)):
        hedge = may_hedge and hedge_gate.search(sent.text) is not None
        topic = may_topic and topic_gate.search(sent.text) is not None
        counts = event_counts(sent.text, sent.start)
        others = hedged or OTHERS_RE.search(sent.text) is not None
        ix.sentences.append(IndexedSentence(sent, bi, k == 0, others, hedge, topic, counts, test))


def _test_id(header: str) -> str | None:
    parsed = parse_test_name(header)
    return parsed[0] if parsed else None
