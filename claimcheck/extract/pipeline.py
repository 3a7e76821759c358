"""Run every extractor over a Document and collect the facts."""

from __future__ import annotations

from bisect import bisect_left

from claimcheck import gcpause
from claimcheck.extract.benchtests import assign_tests
from claimcheck.extract.claim_code import code_claims
from claimcheck.extract.claim_passes import relation_claims
from claimcheck.extract.claim_scope import own_claims
from claimcheck.extract.claim_statpair import stat_pair_claims
from claimcheck.extract.claims import Pending, sentence_claims
from claimcheck.extract.cuescan import block_windows
from claimcheck.extract.derived import paragraph_claims
from claimcheck.extract.devices import MentionIndex, extract_entities
from claimcheck.extract.docindex import index_document
from claimcheck.extract.efficiency import table_claims
from claimcheck.extract.entities import is_dut
from claimcheck.extract.gridfacts import (
    grid_facts,
    name_prose_entities,
    not_results,
    note_scopes,
    summary,
)
from claimcheck.extract.measurements import (
    attribute_operands,
    derived_test,
    prose_measurements,
    table_derived,
    table_measurements,
)
from claimcheck.extract.prosestats import prose_stat_groups
from claimcheck.extract.provenance import extract_provenance
from claimcheck.extract.resolve import resolve
from claimcheck.extract.roles import restated_settings
from claimcheck.extract.runconditions import offered_loads, run_conditions
from claimcheck.extract.runs import extract_runs
from claimcheck.extract.scoping import block_conditions
from claimcheck.extract.sentences import Sentence, shared
from claimcheck.extract.statedload import stated_loads
from claimcheck.models import (
    BenchTest,
    Block,
    Condition,
    Document,
    Extraction,
    Measurement,
    Quantity,
)

PROSE = {"paragraph", "list_item", "heading", "footnote"}


def _by_sentence(
    sentences: list[Sentence], quantities: list[Quantity]
) -> list[tuple[Sentence, list[Quantity]]]:
    starts = [q.start for q in quantities]
    out = []
    for s in sentences:
        lo, hi = bisect_left(starts, s.start), bisect_left(starts, s.end)
        out.append((s, [q for q in quantities[lo:hi] if q.end <= s.end]))
    return out


def extract_document(doc: Document) -> Extraction:
    """Devices, tests, conditions, measurements, quantities and claims of a document."""
    # linear work: no heap walks while the document's facts grow; each text split once
    with gcpause.paused(), shared():
        return _extract_document(doc)


def _extract_document(doc: Document) -> Extraction:
    entities = extract_entities(doc)
    devices = [e for e in entities if is_dut(e)]
    mentions = MentionIndex(devices)
    tests, block_tests = assign_tests(doc)
    metric_of = {t.id: t.metric for t in tests}
    ex = Extraction(path=doc.name, devices=devices, entities=entities, tests=tests)
    ex.index = ix = index_document(doc, block_tests)
    pending: list[Pending] = []
    table_facts = []
    grids = []  # (index in ex.tables, block, grid) of each typed table
    prose = []  # (block, its sentences with their quantities) of each prose block
    notes: list[tuple[int, int, str]] = []  # footnotes under tables that hold for one test
    previous_text = ""
    lead_in: Block | None = None
    cues = block_windows(doc.text, doc.blocks)  # every cue literal of the document, one scan
    for index, (block, test) in enumerate(zip(doc.blocks, block_tests, strict=True)):
        found = ix.quantities_in(index)
        ex.quantities.extend(found)
        conds = block_conditions(doc, block, test, mentions, cues=cues[index])
        if block.table is not None:
            table_facts.extend(table_claims(doc, block))
            grid, typed = grid_facts(
                doc, index, mentions, devices, test, len(ex.tables), previous_text
            )
            conds = not_results(conds, typed)
        ex.conditions.extend(conds)
        if block.table is not None:
            if grid is None:
                ex.measurements.extend(
                    table_measurements(doc, block, mentions, test, previous_text)
                )
            else:
                grids.append((len(ex.tables), block, grid))
                ix.grids.append((index, grid))
                notes.extend(note_scopes(doc, index, grid, typed))
                ex.tables.append(summary(doc, block, grid))
                ex.measurements.extend(typed)
                ex.measurements.extend(table_derived(doc, block, mentions, previous_text))
        previous_text = block.text if block.table is None else previous_text
        lead = lead_in if block.kind == "list_item" else None
        if block.kind != "list_item":
            lead_in = block  # what introduces the list items that follow it
        if block.kind == "code":  # "Label: figure" lines with a verdict line below them
            pending.extend(code_claims(doc, block, found))
            continue
        if block.kind not in PROSE:
            continue
        per_sentence = _by_sentence([s.sentence for s in ix.in_block(index)], found)
        prose.append((block, per_sentence))
        block_claims: list[Pending] = []
        for i, (sentence, qs) in enumerate(per_sentence):
            for p in sentence_claims(doc, sentence, qs):
                p.earlier = per_sentence[max(0, i - 3) : i]
                block_claims.append(p)
        block_claims.extend(paragraph_claims(doc, per_sentence))
        pending.extend(block_claims)
        # a stated delta is not a result; conditions (caps, sizes) are not results either
        skip = [(c.start, c.end) for c in conds] + [
            (p.stated.start, p.stated.end) for p in block_claims
        ]
        measured = prose_measurements(
            doc, block, found, mentions, test, metric_of.get(test or ""), skip, lead
        )
        attribute_operands(mentions, block_claims, measured)
        ex.measurements.extend(measured)
    _scope_derived(doc, ex.measurements)
    _scope_notes(ex.conditions, notes)
    _cell_tests(ex)
    name_prose_entities(doc, ex.measurements)
    ex.runs = extract_runs(doc, mentions)  # before the claims: a run may hold their operands
    added, kept = run_conditions(doc, ex.runs, ex.conditions, block_tests)
    added += offered_loads(doc, ex.measurements, block_tests)
    ex.conditions = _merged(kept, added)
    restated_settings(ex.measurements, ex.conditions)
    resolve(doc, pending, ex)
    stat_pair_claims(doc, pending, ix)
    ex.claims = sorted([*(p.claim for p in pending), *table_facts], key=lambda c: (c.start, c.kind))
    ex.claims = own_claims(doc, relation_claims(doc, ex, grids, prose), ix)
    has_results = bool(ex.measurements) or any(b.table is not None for b in doc.blocks)
    ex.provenance = extract_provenance(doc, devices, has_results=has_results)
    ix.stated_loads = stated_loads(doc, ex.measurements, ex.runs)
    ix.prose_stats = prose_stat_groups(doc, ix, mentions.starts)
    return ex


def _cell_tests(ex: Extraction) -> None:
    """A test that only a table's row or column names ("Layer 7 requests per second") is a
    test fact too, with the layer its id carries: rules ask a figure's test for its layer."""
    known = {t.id for t in ex.tests}
    for m in ex.measurements:
        if m.test and m.test not in known:
            known.add(m.test)
            layer, _, metric = m.test.partition(" ")
            if layer in ("L4", "L7", "SSL") and metric:
                ex.tests.append(BenchTest(id=m.test, name=m.test, layer=layer, metric=metric,
                                          line=m.line))  # fmt: skip


def _scope_notes(conditions: list, notes: list[tuple[int, int, str]]) -> None:
    """A condition stated in a table's footnote holds for the test of the cells the note
    marks, not for every figure of the section the note sits in."""
    if not notes:
        return
    notes.sort()
    starts = [n[0] for n in notes]
    for i, c in enumerate(conditions):
        if c.source == "table" or c.scope.split(":")[0] not in ("section", "document"):
            continue
        k = bisect_left(starts, c.start + 1) - 1
        if k >= 0 and notes[k][0] <= c.start < notes[k][1]:
            test = notes[k][2]
            conditions[i] = c.model_copy(update={"scope": f"test:{test}", "test": test})


def _merged(conditions: list[Condition], added: list[Condition]) -> list[Condition]:
    """``added`` placed among ``conditions`` by source position, each after those that start
    where it starts (``conditions`` keep their order)."""
    if not added:
        return conditions
    out: list[Condition] = []
    pending = sorted(added, key=lambda c: c.start)
    k = 0
    for c in conditions:
        while k < len(pending) and pending[k].start < c.start:
            out.append(pending[k])
            k += 1
        out.append(c)
    return out + pending[k:]


def _scope_derived(doc: Document, measurements: list[Measurement]) -> None:
    """A derived figure (efficiency x power) belongs to the test its section's prose names."""
    cache: dict[tuple[str | None, str], str | None] = {}
    prose: dict[str | None, list[Block]] | None = None  # section -> its blocks but tables
    for m in measurements:
        if m.source == "derived" and m.test is None:
            key = (m.section, m.metric)
            if key not in cache:
                if prose is None:
                    prose = {}
                    for b in doc.blocks:
                        if b.table is None:
                            prose.setdefault(b.section, []).append(b)
                cache[key] = derived_test(doc, m.section, m.metric, prose.get(m.section, []))
            m.test = cache[key]
