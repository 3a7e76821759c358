"""C001 duplicate-label: one caption number used twice, a sentence repeated with other
figures, one scenario label with two results.

Every check indexes first (hash maps keyed by label, sentence or number) and then makes one
pass, so the work is linear in the size of the report.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.facts.captions import Caption, normalise
from claimcheck.facts.text import PROSE, Sentence
from claimcheck.models import Block, Document
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check

MIN_WORDS = 8  # a repeated sentence shorter than this is a caption, a footer or a phrase
MIN_SUFFIX_WORDS = 6


@check("duplicate_label")
def duplicate_label(facts: FactStore) -> Iterator[Hit]:
    """Caption numbers used twice, repeated sentences, one scenario label with two results."""
    yield from _duplicate_captions(facts)
    yield from _repeated_sentences(facts)
    yield from _scenario_labels(facts)
    yield from _table_rows(facts)


def _table_rows(facts: FactStore) -> Iterator[Hit]:
    """Within one typed table, two rows with one label and different numbers: one row
    carries another scenario's result. The label is the grid's (a blank first cell
    continues the group above, a row of a label alone heads the rows below, condition and
    description columns count), never the raw cells. A label with a footnote marker is
    left alone: its note may say why that case has more than one result."""
    doc = facts.doc
    for _block, grid in facts.index.grids:
        values: dict[int, list] = {}
        for gc in grid.cells:
            values.setdefault(gc.row, []).append(gc)
        seen: dict[tuple[str, ...], tuple[tuple, list, int]] = {}
        for r, axis in enumerate(grid.rows):
            cells = values.get(r)
            key = tuple(normalise(k) for k in axis.key if k)
            if not cells or not any(len(k) >= 3 and re.search("[a-z]", k) for k in key):
                continue
            shown = tuple((gc.col, gc.cell.text.strip()) for gc in cells)
            earlier = seen.get(key)
            if earlier is None:
                seen[key] = (shown, cells, r)
                continue
            if earlier[0] == shown or axis.note or grid.rows[earlier[2]].note:
                continue  # a footnote on the label may say why the case has two results
            line = doc.position(earlier[1][0].cell.start)[0]
            name = " / ".join(k for k in axis.key if k)
            before = ", ".join(t for _, t in earlier[0][:4])
            here = ", ".join(t for _, t in shown[:4])
            msg = (f'the row "{name}" appears twice in one table with different results '
                   f"({before} on line {line}; {here} here); "
                   f"one of them belongs to another scenario")  # fmt: skip
            start, end = _line_span(doc, min(gc.cell.start for gc in cells))
            yield Hit(start, end, msg, {"label": name, "first_line": line})


def _line_span(doc: Document, at: int) -> tuple[int, int]:
    """The span of the line holding offset ``at``, without its trailing blanks."""
    line = doc.position(at)[0]
    start = doc.line_starts[line - 1]
    return start, start + len(doc.line_text(line).rstrip(" \t"))


def _duplicate_captions(facts: FactStore) -> Iterator[Hit]:
    doc = facts.doc
    first: dict[tuple[str, int], Caption] = {}
    for c in facts.captions:
        if not c.title:
            continue
        key = (c.kind, c.number)
        seen = first.get(key)
        if seen is None:
            first[key] = c
        elif seen.title != c.title:
            line = doc.position(seen.start)[0]
            name = f"{c.kind.capitalize()} {c.number}"
            msg = (f'{name} labels two different captions: "{seen.text[:60]}" (line {line}) and '
                   f'"{c.text[:60]}"; references to {name} are ambiguous')  # fmt: skip
            yield Hit(c.start, c.end, msg, {"label": f"{c.kind} {c.number}", "first_line": line})


def _repeated_sentences(facts: FactStore) -> Iterator[Hit]:
    """Exact repeats, by hash: in the same or the next block, or within one section when the
    sentence carries a figure, and a sentence that repeats the end of the one before it. A
    summary restated under another heading (a conclusion box) is deliberate, and so are
    items that each name their own subject before saying the same thing."""
    doc, extraction = facts.doc, facts.extraction
    figures = sorted(m.start for m in extraction.measurements)

    def has_figure(s: Sentence) -> bool:
        i = bisect_left(figures, s.start)
        return i < len(figures) and figures[i] < s.end

    seen: dict[str, tuple[Block, Sentence, int]] = {}
    prev: tuple[Block, str] | None = None
    position = {id(b): i for i, b in enumerate(doc.blocks)}
    for s, block, _hedged in facts.text.sentences:  # the blocks' sentences, split once
        if block.kind not in PROSE:
            continue
        index = position[id(block)]
        key = normalise(s.text)
        words = len(key.split())
        tail = (prev is not None and prev[0] is block and words >= MIN_SUFFIX_WORDS
                and prev[1] != key and prev[1].endswith(" " + key))  # fmt: skip
        prev = (block, key)
        if tail:
            msg = f'the sentence repeats the end of the one before it: "{s.text[:100]}"'
            yield Hit(s.start, s.end, msg, {"repeated": s.text})
            continue
        if words < MIN_WORDS:
            continue
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = (block, s, index)
            continue
        b0, s0, i0 = earlier
        if block is not b0 and _parallel(b0, s0, block, s):
            continue  # "- **idle**: ... is 5 seconds." beside "- **connect**: ... is 5 seconds."
        near = index - i0 <= 1 or (block.section is not None and block.section == b0.section)
        if not near or not (has_figure(s) or index - i0 <= 1):
            continue  # a summary restated under another heading is deliberate
        line = doc.position(s0.start)[0]
        msg = f'sentence repeated from line {line}: "{s.text[:100]}"'
        yield Hit(s.start, s.end, msg, {"repeated": s.text, "first_line": line})


def _lead(block: Block, s: Sentence) -> str:
    """What a block says before one of its sentences (its item label, its subject)."""
    return normalise(block.text[: max(0, s.start - block.start)])


def _parallel(b0: Block, s0: Sentence, b1: Block, s1: Sentence) -> bool:
    """Two blocks that each lead to the same sentence by saying something different first:
    parallel items about different subjects (settings, plugins, devices), not a repeat."""
    first, second = _lead(b0, s0), _lead(b1, s1)
    return bool(first) and bool(second) and first != second


def _scenario_labels(facts: FactStore) -> Iterator[Hit]:
    """One label ("With LB + Policy,") leading two different results in one section."""
    doc, extraction = facts.doc, facts.extraction
    figures = sorted(extraction.measurements, key=lambda m: m.start)
    starts = [m.start for m in figures]

    def results(start: int, end: int) -> tuple[tuple, list[str], tuple]:
        """(values, texts, what was measured: metric families and devices) in a span."""
        i = bisect_left(starts, start)
        values, texts, what = [], [], set()
        while i < len(figures) and figures[i].start < end:
            m = figures[i]
            values.append((round(m.value, 6), m.unit))
            texts.append(m.text)
            what.add((m.metric, m.device or ""))
            i += 1
        return tuple(sorted(values)), texts, tuple(sorted(what))

    seen: dict[tuple[str, str, tuple], tuple[Sentence, tuple, list[str]]] = {}
    for block, s in facts.text.prose(("paragraph", "list_item")):
        found = _label(facts, s, block)
        if not found:
            continue
        key_label, shown_label = found
        res, texts, what = results(s.start, s.end)
        if not res:
            continue
        key = (block.section or "", key_label, what)  # same scenario, metric and devices
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = (s, res, texts)
            continue
        s0, res0, texts0 = earlier
        if res0 == res or facts.hedged(s.start):
            continue
        line = doc.position(s0.start)[0]
        msg = (f'the label "{shown_label}" leads two different results in one section: '
               f"{' vs '.join(texts0[:3])} (line {line}) and {' vs '.join(texts[:3])}; one of them "
               f"belongs to another scenario")  # fmt: skip
        yield Hit(s.start, s.end, msg, {"label": shown_label, "first_line": line})


def _label(facts: FactStore, s: Sentence, block: Block) -> tuple[str, str] | None:
    """(normalised, as written) scenario label leading the sentence, if any: a sentence
    opener ("In addition,", "For example,") is none (rule data ``not_labels``)."""
    stop = {w.lower() for w in rule_data("C001").get("not_labels", [])}
    for label, shown in facts.lead_labels(s, block):
        if label not in stop and label.split(" ")[0] not in stop:
            return label, shown
    return None
