"""C001 duplicate-label: one caption number used twice, a sentence repeated with other
figures, one scenario label with two results.

Every check indexes first (hash maps keyed by label, sentence or number) and then makes one
pass, so the work is linear in the size of the report.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.captions import MARKUP, Caption, normalise
from claimcheck.facts.text import PROSE, Sentence
from claimcheck.models import Block, Document
from claimcheck.rules.registry import Hit, check

MIN_WORDS = 8  # a repeated sentence shorter than this is a caption, a footer or a phrase
MIN_SUFFIX_WORDS = 6

LABEL_RES = [
    lazyre.compile(r"(?:With|For|Using|Under|In|At)[ \t]++(?:the[ \t]++)?(?P<label>[^,;:]{2,48}?)"
               r"(?:[ \t]++(?:tests?|scenarios?|cases?|configurations?|modes?|profiles?|runs?))?"
               r"[ \t]*+,[ \t]"),
    lazyre.compile(r"(?P<label>[A-Z][\w +/&.()-]{1,40}?)[ \t]*:[ \t]"),
]  # fmt: skip
LABEL_STOP = {"these", "this", "that", "those", "such", "all", "both", "each", "addition",
              "contrast", "general", "short", "summary", "particular", "our", "fact", "practice",
              "comparison", "total", "turn", "other", "most", "some", "many", "any", "every",
              "order", "case", "note", "example", "conclusion", "either", "which", "it", "its",
              "their", "his", "her", "a", "an", "my", "your", "we", "they", "the", "no", "one",
              "first", "second", "third", "last", "last two", "addition to", "sum", "brief",
              "theory", "reality", "result", "results", "terms"}  # fmt: skip


@check("duplicate_label")
def duplicate_label(facts: FactStore) -> Iterator[Hit]:
    """Caption numbers used twice, repeated sentences, one scenario label with two results."""
    doc = facts.doc
    yield from _duplicate_captions(facts)
    yield from _repeated_sentences(facts)
    yield from _scenario_labels(facts)
    yield from _table_rows(doc)


_NUMERIC_CELL = lazyre.compile(
    r"^[\s<>~≈$€£+\-–]*+\d[\d,.]*+\s*+(?:%|[A-Za-z/µ]{0,8})?[\s*)]*+(?:\(.*\))?$"
)


DIMENSION_RE = lazyre.compile(
    r"\b(?:size|object|file|frame|packet|payload|connections?|users?|concurren\w*|clients?"
    r"|threads?|VUs?|load|runs?|iterations?|trials?|tests?|scenarios?|cases?|modes?|profiles?"
    r"|cipher|keys?|direction|steps?|date|time|day|region|zone|instance|version|release|build"
    r"|protocol|method|workers?|cores?|vCPUs?|streams?|depth|pipelin\w*|rules?|policy|No\.?)\b|#",
    re.IGNORECASE,
)


def _table_rows(doc: Document) -> Iterator[Hit]:
    """Within one table, two rows with the same labels (every non-numeric cell equal) and
    different numbers: one row carries another scenario's result."""
    for block in doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        seen: dict[tuple[str, ...], tuple[tuple[str, ...], int]] = {}
        # columns that say which case a row is (object size, users, run) label it even when
        # their cells are numbers
        dims = {i for i, h in enumerate(table.header) if DIMENSION_RE.search(h)}
        for row in table.body:
            cells = [c.text.strip() for c in row.cells]
            is_value = [bool(c) and i not in dims and bool(_NUMERIC_CELL.match(c))
                        for i, c in enumerate(cells)]  # fmt: skip
            labels = tuple(
                normalise(c) for c, v in zip(cells, is_value, strict=True) if c and not v
            )
            values = tuple(c for c, v in zip(cells, is_value, strict=True) if v)
            if not values or not any(len(lab) >= 3 and re.search("[a-z]", lab) for lab in labels):
                continue
            earlier = seen.get(labels)
            if earlier is None:
                seen[labels] = (values, row.start)
                continue
            if earlier[0] == values:
                continue
            line = doc.position(earlier[1])[0]
            name = " / ".join(c for c in cells if c and not _NUMERIC_CELL.match(c))
            msg = (f'the row "{name}" appears twice in one table with different results '
                   f"({', '.join(earlier[0][:4])} on line {line}; {', '.join(values[:4])} here); "
                   f"one of them belongs to another scenario")  # fmt: skip
            yield Hit(row.start, row.end, msg, {"label": name, "first_line": line})


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
    summary restated under another heading (a conclusion box) is deliberate."""
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
        near = index - i0 <= 1 or (block.section is not None and block.section == b0.section)
        if not near or not (has_figure(s) or index - i0 <= 1):
            continue  # a summary restated under another heading is deliberate
        line = doc.position(s0.start)[0]
        msg = f'sentence repeated from line {line}: "{s.text[:100]}"'
        yield Hit(s.start, s.end, msg, {"repeated": s.text, "first_line": line})


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
        found = _label(s, block)
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


def _label(s: Sentence, block: Block) -> tuple[str, str] | None:
    """(normalised, as written) scenario label leading the sentence, if any."""
    at_block_start = s.start == block.start
    for i, rx in enumerate(LABEL_RES):
        if i == 1 and not at_block_start:
            continue
        m = rx.match(s.text)
        if m is None:
            continue
        label = normalise(m.group("label"))
        first = label.split(" ")[0] if label else ""
        if not label or label in LABEL_STOP or first in LABEL_STOP or not re.search("[a-z]", label):
            continue
        return label, MARKUP.sub("", m.group("label")).strip()
    return None
