"""The fact store: every fact of one document, built once, read by every rule.

``build_facts(doc)`` runs the extractors once and freezes what they found; rules and
reports then ask the store questions (``conditions_for``, ``measured``, ``runs_of``,
``sentences``, ``hedged`` ...) instead of scanning the text or re-running an extractor.
Views several rules share (the prose index, the device attribution view, the claim graph,
captions) are built on first use and kept for the document's life, here and nowhere else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any, TypeVar

from claimcheck.extract.docindex import DocumentIndex, index_document
from claimcheck.extract.modeltokens import PRODUCT_LINE_RE
from claimcheck.extract.sentences import Sentence
from claimcheck.extract.statedload import StatedLoad, stated_loads
from claimcheck.facts.attribution import View
from claimcheck.facts.captions import Caption, captions
from claimcheck.facts.figures import is_datasheet, measured_figures, run_figures
from claimcheck.facts.graph import ClaimGraph
from claimcheck.facts.leadlabels import lead_labels
from claimcheck.facts.methodcues import ADMITTED_RE, UNIVERSAL_RE
from claimcheck.facts.notrun import NOT_RUN_RE, marks_not_run, not_run_span
from claimcheck.facts.text import PROSE, TextIndex, one_sentence
from claimcheck.models import (
    BenchTest,
    Block,
    Claim,
    Condition,
    Device,
    Document,
    Extraction,
    Measurement,
    Quantity,
    TableGrid,
)

T = TypeVar("T")

ROW_LINES = 3  # lines with their own figures that make one run-on "sentence" a list of rows
# The fact lists a store holds, in the order ``extract --format json`` writes them.
FACT_FIELDS = ("entities", "devices", "tests", "tables", "runs", "conditions",
               "measurements", "claims")  # fmt: skip


class FrozenFactsError(AttributeError):
    """A fact of a built store was to be replaced: facts are read, never rewritten."""


class FactStore:
    """The facts of one document and the questions rules ask of them.

    The fact lists are tuples and the store refuses new attributes once built: a rule
    reads facts, it never adds or replaces them (derived views go through :meth:`cached`).
    """

    doc: Document
    extraction: Extraction
    index: DocumentIndex
    entities: tuple[Device, ...]
    devices: tuple[Device, ...]
    tests: tuple[BenchTest, ...]
    tables: tuple[TableGrid, ...]
    runs: tuple[Any, ...]
    conditions: tuple[Condition, ...]
    measurements: tuple[Measurement, ...]
    claims: tuple[Claim, ...]
    quantities: tuple[Quantity, ...]
    provenance: Any

    def __init__(self, doc: Document, extraction: Extraction) -> None:
        set_ = object.__setattr__
        set_(self, "doc", doc)
        set_(self, "extraction", extraction)
        index = getattr(extraction, "index", None)
        if not (isinstance(index, DocumentIndex) and index.matches(doc)):
            index = index_document(doc)  # an extraction read back from JSON carries none
        set_(self, "index", index)
        for name in (*FACT_FIELDS, "quantities"):
            set_(self, name, tuple(getattr(extraction, name)))
        set_(self, "provenance", extraction.provenance)
        set_(self, "_views", {})

    def __setattr__(self, name: str, value: Any) -> None:
        # (a cached_property stores its value in __dict__ without coming through here)
        raise FrozenFactsError(f"the fact store is read-only: cannot set {name!r}")

    @property
    def path(self) -> str:
        """The document's name as given (a path, or the name passed with text)."""
        return self.doc.name

    # -- views shared by the rules, built on first use ---------------------------------

    @cached_property
    def text(self) -> TextIndex:
        """Sentences with their blocks and hedge flags (one split, from the index)."""
        return TextIndex(self.doc, self.index)

    @cached_property
    def view(self) -> View:
        """Sentences, device mentions and cells, and which device a setting is stated for."""
        return View(self.doc, self.extraction, self.index)

    @cached_property
    def graph(self) -> ClaimGraph:
        """The linked facts: which conditions apply to a figure, which claims cite it."""
        return ClaimGraph(self.extraction)

    @cached_property
    def captions(self) -> tuple[Caption, ...]:
        """Figure, chart and table captions at the start of a line."""
        return tuple(captions(self.doc))

    @cached_property
    def stated_loads(self) -> tuple[StatedLoad, ...]:
        """The loads (rate, mean latency, connections) prose blocks state together."""
        found = getattr(self.index, "stated_loads", None)
        if found is None:
            found = stated_loads(self.doc, list(self.measurements), self.extraction.runs)
        return tuple(found)

    @cached_property
    def _measured(self) -> tuple[Measurement, ...]:
        return tuple(measured_figures(self.doc, self.extraction))

    @cached_property
    def is_datasheet(self) -> bool:
        """A datasheet or product brief: its figures are specifications, not measurements."""
        return is_datasheet(self.doc, self.extraction)

    def cached(self, key: Any, build: Callable[[], T]) -> T:
        """``build()`` once per store and ``key``: a view a rule derives from the facts and
        shares with other rules (the expression environments, a check's own index)."""
        views = self._views
        if key not in views:
            views[key] = build()
        return views[key]

    # -- questions ---------------------------------------------------------------------

    def measured(
        self, entity: str | None = None, metric: str | None = None, test: str | None = None
    ) -> list[Measurement]:
        """Results the report measured (not advertised, derived by claimcheck or misread; none
        of a datasheet), in source order; narrowed to an entity, metric family or test."""
        return [
            m for m in self._measured
            if (entity is None or m.device == entity) and (metric is None or m.metric == metric)
            and (test is None or m.test == test)
        ]  # fmt: skip

    def conditions_for(self, measurement: Measurement) -> dict[str, list[Condition]]:
        """Conditions in scope for a figure, by name; the most specific scope wins per name
        (read-only: shared between figures of one section, test and device)."""
        return self.graph.conditions_for(measurement)

    def stated(self, name: str) -> list[Condition]:
        """The conditions of one name the report states for itself (not hedged), in order."""
        return list(self._stated.get(name, ()))

    @cached_property
    def _stated(self) -> dict[str, list[Condition]]:
        out: dict[str, list[Condition]] = {}
        for c in self.conditions:
            if not c.hedged:
                out.setdefault(c.name, []).append(c)
        return out

    def runs_of(self, entity: str | None = None) -> list[Any]:
        """The tool runs of an entity (every run when ``entity`` is None), in source order."""
        if entity is None:
            return list(self.runs)
        return [r for r in self.runs if getattr(r, "device", None) == entity]

    def claims_citing(self, measurement: Measurement) -> list[Claim]:
        """The claims whose operands are this figure."""
        return self.graph.claims_citing(measurement)

    def sentences(
        self,
        cue: re.Pattern[str] | Any | None = None,
        *,
        own: bool | None = None,
        kinds: tuple[str, ...] = PROSE,
    ) -> Iterator[tuple[Block, Sentence]]:
        """(block, sentence) of the prose blocks of ``kinds``, in order: those ``cue`` matches
        when given (run only where its literals occur); ``own=True`` keeps the report's own
        statements, ``own=False`` only those about others' practice."""
        text = self.text
        found = (
            ((b, s) for b, s, _ in text.matches(cue, kinds))
            if cue is not None
            else text.prose(kinds)
        )
        for block, sent in found:
            if own is None or text.hedged(sent.start) != own:
                yield block, sent

    def sentence_at(self, offset: int) -> Sentence | None:
        """The prose sentence holding a source offset."""
        found = self.text.sentence_at(offset)
        return found[0] if found is not None else None

    def sentence_text(self, offset: int) -> str:
        """The text of the sentence holding a source offset ("" outside any sentence)."""
        return self.text.sentence_text(offset)

    def hedged(self, offset: int) -> bool:
        """True when the sentence at ``offset`` describes others' practice, not the report's."""
        return self.text.hedged(offset)

    def block_at(self, offset: int) -> Block | None:
        """The block holding a source offset."""
        return self.text.block_at(offset)

    def stated_with(self, figure: Measurement, name: str, scoped: bool = True) -> list[Condition]:
        """Conditions of one name that hold for a figure, the most specific first found:
        stated in the figure's own sentence (prose) or its own table line, else those in
        its scope (``conditions_for``). "X served 1.2 M requests per second with ten
        requests per connection; Y set up 300,000 connections per second with one" gives
        each figure its own. ``scoped=False``: only those stated with the figure."""
        key = self._place_of(figure)
        own = self._conditions_by_place.get(key, {}).get(name) if key else None
        if own and figure.device:  # "reuse enabled for the X: 95,000 against 41,000 for Y"
            own = [c for c in own if not c.device or c.device == figure.device]
        if own or not scoped:
            return list(own or ())
        # a condition stated with another figure is that figure's ("- RC4-MD5: 7,370 TPS",
        # "- 80 requests per session: 10,797 TPS"): it does not reach this one by scope
        held = self._figure_places
        by_target = self.graph._resolved_by_target  # noqa: SLF001 - the graph's own index
        targets = [f"device:{figure.device}" if figure.device else None,
                   f"test:{figure.test}" if figure.test else None,
                   f"section:{figure.section}" if figure.section else None, "doc"]  # fmt: skip
        for target in targets:  # most specific first, as conditions_for ranks them
            found = by_target.get(target) if target else None
            if found is None:
                continue
            kept = [c for c in found[1].get(name, ()) if self._condition_place(c) not in held]
            if kept:
                return kept
        return []

    def _place_of(self, figure: Measurement) -> tuple[str, int] | None:
        """The sentence (prose) or table line of a figure."""
        return self._place(figure.source, figure.line, figure.start)

    def _condition_place(self, c: Condition) -> tuple[str, int] | None:
        """The sentence (prose) or table line that states a condition."""
        return self._place(c.source, c.line, c.start)

    def _place(self, source: str, line: int, start: int) -> tuple[str, int] | None:
        """A table line; a sentence; or, in a "sentence" that runs over three or more lines
        each with its own figure (a table the text lost, rows without full stops), the line."""
        if source == "table":
            return ("line", line)
        sent = self.sentence_at(start)
        if sent is None:
            return None
        if len(self._figure_lines.get(sent.start, ())) >= ROW_LINES:
            return ("line", line)
        return ("sentence", sent.start)

    @cached_property
    def _figure_lines(self) -> dict[int, set[int]]:
        """Per prose sentence start, the lines that hold a measured figure."""
        out: dict[int, set[int]] = {}
        for m in self.measurements:
            if m.kind == "measured" and m.source != "table":
                sent = self.sentence_at(m.start)
                if sent is not None:
                    out.setdefault(sent.start, set()).add(m.line)
        return out

    @cached_property
    def _figure_places(self) -> set[tuple[str, int] | None]:
        """The places (sentence or table line) that state a measured figure."""
        return {self._place_of(m) for m in self.measurements if m.kind == "measured"} - {None}

    @cached_property
    def _conditions_by_place(self) -> dict[tuple[str, int], dict[str, list[Condition]]]:
        """Unhedged conditions by the sentence (prose) or table line that states them."""
        out: dict[tuple[str, int], dict[str, list[Condition]]] = {}
        for c in self.conditions:
            key = None if c.hedged else self._condition_place(c)
            if key is not None:
                out.setdefault(key, {}).setdefault(c.name, []).append(c)
        return out

    @cached_property
    def run_durations(self) -> tuple[Any, ...]:
        """How long each measured run lasted (``RunDuration``), in source order: from tool
        output, command lines (the tool's default included), parameter tables and sentences
        that state a test's length; never a timeout, a warm-up or other time figure."""
        from claimcheck.extract.runs.durations import run_durations

        def hedged(offset: int) -> bool:
            return self.text.hedged(offset) or self.view.hedged_at(offset)

        return tuple(run_durations(self.doc, self.runs, self.conditions, self.text, hedged))

    @cached_property
    def colocations(self) -> tuple[Any, ...]:
        """The statements that the load generator shares the device's host (``Colocation``),
        in source order: a sentence that places it there, a measured run aimed at the
        loopback address, a load tool run in a compose service next to the device."""
        from claimcheck.facts.placement import colocations

        def hedged(offset: int) -> bool:
            return self.text.hedged(offset) or self.view.hedged_at(offset)

        found = colocations(
            self.doc, self.runs, self.conditions, self.index.tools, self.text, hedged
        )
        return tuple(found)

    @cached_property
    def tool_results(self) -> tuple[Measurement, ...]:
        """The figures the load tools printed (request rates, latency statistics) with the
        run's concurrency, in source order: results no sentence or table restates."""
        return tuple(run_figures(self.doc, list(self.runs)))

    def results(self, metric: str | None = None) -> list[Measurement]:
        """Every result the report measured, from its sentences and tables (``measured``)
        and from the output of its tool runs (``tool_results``), in source order."""
        found = [*self.measured(metric=metric),
                 *(m for m in self.tool_results if metric is None or m.metric == metric)]  # fmt: skip
        return sorted(found, key=lambda m: m.start)

    @cached_property
    def releases(self) -> dict[str, int]:
        """Names the report writes with a software release ("NGINX 1.25.3", "Apache/2.2.22",
        "haproxy:2.8"), lower-cased, each with the offset of its first release; load tools
        ("wrk 4.2.0", "Vegeta v12.13.0") are left out: their release is not a product's."""
        from claimcheck.extract.tooltable import command_words
        from claimcheck.facts.versions import written_releases

        tools = set(command_words())
        return {n: at for n, at in written_releases(self.doc.text).items() if n not in tools}

    def around(self, offset: int) -> str:
        """The text of the sentence, table cell or block holding a source offset (what a
        condition stated there is said with)."""
        start, end = self.view.bounds(offset)
        return self.doc.text[start:end]

    def lead_labels(self, sentence: Sentence, block: Block) -> list[tuple[str, str]]:
        """(normalised, as written) scenario labels a prose sentence opens with ("With LB +
        Policy, ...", at a block's start also "Cold cache: ..."), most likely first."""
        return lead_labels(sentence.text, sentence.start == block.start)

    def one_sentence(self, end: int, start: int) -> bool:
        """Do the end of one statement and the start of a later one lie in one sentence
        (no sentence end or blank line between): "6.4.1 in campaign B and 2.1.7 in A"."""
        return one_sentence(self.doc.text, end, start)

    @cached_property
    def zero_failure_criteria(self) -> tuple[Condition, ...]:
        """The stated pass rules that allow no failure at all ("without errors", "no failed
        transactions"), in source order."""
        from claimcheck.extract.conditions.method import demands_zero_failures

        return tuple(c for c in self.stated("failure_criteria")
                     if isinstance(c.value, str) and demands_zero_failures(c.value))  # fmt: skip

    def says_throughout(self, offset: int) -> bool:
        """Does the sentence holding ``offset`` say something held for every test ("used
        for all tests", "throughout", "in every run")?"""
        return self.text.says(UNIVERSAL_RE, offset)

    @cached_property
    def admitted_deviations(self) -> tuple[Sentence, ...]:
        """Sentences that say a test departed from the report's own stated method ("while
        section 2 requires ...", "contrary to our methodology"), in source order."""
        return tuple(s for _block, s, _m in self.text.matches(ADMITTED_RE))

    @cached_property
    def not_run_statements(self) -> tuple[tuple[Any, int, int], ...]:
        """(sentence, start, end) of each prose sentence about a test that says it was not
        run, or run only, on some device ("not conducted on the Brightgate"), with the
        source span of that phrase; hedged sentences included (``sentence.hedged``)."""
        found = []
        for s in self.view.matching(NOT_RUN_RE):
            span = not_run_span(s.text)
            if span is not None:
                found.append((s, s.start + span[0], s.start + span[1]))
        return tuple(found)

    def marks_not_run(self, cell: str) -> bool:
        """Does a results cell say the test was not run for its device ("N/A", "DNF")?"""
        return marks_not_run(cell)

    def about_product_line(self, offset: int, whole_block: bool = False) -> bool:
        """Does the sentence (or, with ``whole_block``, the block) holding ``offset`` speak
        of a product line or of other models ("the 3000 series", "its successor")?"""
        if whole_block:
            block = self.text.block_at(offset)
            return bool(block is not None and PRODUCT_LINE_RE.search(block.text))
        return self.text.says(PRODUCT_LINE_RE, offset)


def build_facts(doc: Document) -> FactStore:
    """Run every extractor over ``doc`` once and freeze what they found."""
    from claimcheck.extract.pipeline import extract_document

    return FactStore(doc, extract_document(doc))
