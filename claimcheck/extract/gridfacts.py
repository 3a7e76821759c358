"""Measurements from typed table grids, and the grids' summaries for ``extract`` output.

The context of a table (its lead-in sentence or caption, its heading, the footnotes under
it) is gathered here; :mod:`claimcheck.extract.grid` types the axes; each numeric cell then
becomes a :class:`Measurement` with entity, metric, statistic, conditions and role. Entity
labels resolve to devices through the mention index (a label the device list does not know
keeps its label as ``entity``).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from claimcheck import lazyre
from claimcheck.extract import grid as G
from claimcheck.extract.devices import MentionIndex
from claimcheck.extract.footnotes import notes_after
from claimcheck.extract.measurements import ADVERTISED
from claimcheck.extract.sentences import split
from claimcheck.models import (
    AxisLabel,
    Block,
    Condition,
    Device,
    Document,
    Measurement,
    TableGrid,
)
from claimcheck.textkeys import lower

MAX_CAPTION = 400  # a lead-in longer than this is prose, not a caption: its last sentence is
# Words that call a text a specification rather than a test: "Fixed specifications",
# "Flavor quotas", "Gateway limits".
SPEC_WORDS = lazyre.compile(r"\b(?:specifications?|specs|quotas?|limits)\b", re.IGNORECASE)
# A lead-in that calls the table what the test was set to ("Benchmark settings:", "Test
# parameters", "Load profile:") or what the product is specified for ("Fixed specifications
# for a network load balancer", "Flavor quotas"): its figures are settings or specs.
CAPTION_ROLES = (
    (
        "setting",
        lazyre.compile(
            r"\b(?:settings|parameters|configuration|config|load[ ]profile"
            r"|test[ ]profile)\b[^.;!?]{0,30}+:?[ ]*+$",
            re.IGNORECASE,
        ),
    ),
    ("spec", SPEC_WORDS),
)


def context(doc: Document, index: int, previous_text: str = "") -> G.Context:
    """The caption or lead-in, heading and footnotes of the table at ``doc.blocks[index]``;
    ``previous_text`` is the prose above it (its figures are advertised when it says so)."""
    block = doc.blocks[index]
    caption = ""
    previous = doc.blocks[index - 1] if index else None
    if (
        previous is not None
        and previous.table is None
        and previous.kind in ("paragraph", "list_item")
        and previous.section == block.section
    ):
        sentences = split(previous.text, previous.start)
        caption = sentences[-1].text if sentences else previous.text
        caption = caption[-MAX_CAPTION:]
    notes = notes_after(doc.blocks, index, doc.text)
    ctx = G.Context(caption=caption, heading=block.section or "", notes=notes)
    ctx.advertised = bool(ADVERTISED.search(previous_text or caption))
    for key, note in notes.by_key.items():
        found = G.note_conditions(note.text)
        if found:
            ctx.notes_conditions[key] = found
    return ctx


def grid_facts(
    doc: Document, index: int, mentions: MentionIndex, devices: list[Device], test: str | None,
    table_no: int, previous_text: str = "",
) -> tuple[G.Grid | None, list[Measurement]]:  # fmt: skip
    """The grid of the table at ``doc.blocks[index]`` and a measurement per typed cell
    (``test``: the test of the section, for cells whose axes name none)."""
    block = doc.blocks[index]
    try:
        grid = G.build(block, context(doc, index, previous_text), test)
    except Exception:  # noqa: BLE001 - a table no reading fits gives no grid, never an error
        return None, []
    if grid is None:
        return None, []
    only = devices[0] if len(devices) == 1 else None
    role = _caption_role(doc, index)
    out: list[Measurement] = []
    for gc in grid.cells:
        if gc.computed or gc.metric is None:
            continue
        if role and gc.role == "result":
            gc.role = role  # "Test settings:" above a row of rate, connections and duration
        device = _device(mentions, gc, block, only)
        line = doc.position(gc.cell.start)[0]
        cell_test = gc.test
        m = Measurement(metric=gc.metric, value=gc.value, unit=gc.unit, device=device, test=cell_test,
                        section=block.section, line=line, start=gc.cell.start, end=gc.cell.end,
                        text=gc.cell.text, decimals=gc.decimals, source="table",
                        kind="advertised" if gc.role == "advertised" else "measured",
                        role=gc.role, entity=gc.entity, statistic=gc.statistic,
                        conditions=gc.conditions, table=table_no,
                        qualifier=gc.qualifier)  # fmt: skip
        out.append(m)
    return grid, out


def _device(
    mentions: MentionIndex, gc: G.GridCell, block: Block, only: Device | None
) -> str | None:
    """The device an entity label names; in a table without entities, the report's only
    device (a result, not a spec)."""
    if gc.entity_span is not None and gc.entity_span[1] > gc.entity_span[0]:
        found = mentions.span(*gc.entity_span)
        if found:
            return found[0][1].id
        return None
    if gc.entity is None and only is not None and gc.role == "result":
        return only.id
    return None


KEPT_IN_RESULTS = frozenset({"errors"})  # a result cell may count errors


def _caption_role(doc: Document, index: int) -> str | None:
    """The role a short caption line right above the table gives its figures: "setting"
    ("Test settings:"), "spec" ("Fixed specifications of the small flavor") or None. The
    caption may stand a line above a header row read as a paragraph of its own."""
    for k in (index - 1, index - 2):
        if k < 0 or doc.blocks[k].table is not None or doc.blocks[k].kind == "heading":
            return None
        lead = doc.blocks[k].text.rstrip().rsplit("\n", 1)[-1]
        if len(lead) > 100:
            return None
        role = next((role for role, rx in CAPTION_ROLES if rx.search(lead)), None)
        if role is not None:
            return role
    return None


def not_results(conditions: list[Condition], typed: list[Measurement]) -> list[Condition]:
    """The table's conditions without those read from cells the grid typed as results: the
    "Memory (MB)" or "Cores in use" of each product under load is not its test bed, and the
    61,500 under "SSL TPS, 1 request/conn" is not a number of requests per connection."""
    spans = sorted((m.start, m.end) for m in typed if m.role == "result")
    starts = [a for a, _ in spans]

    def in_result(c: Condition) -> bool:
        k = bisect_right(starts, c.end - 1) - 1  # the last result cell starting inside or before
        return k >= 0 and spans[k][1] > c.start

    return [c for c in conditions if c.name in KEPT_IN_RESULTS or not in_result(c)]


def summary(doc: Document, block: Block, grid: G.Grid) -> TableGrid:
    """The grid's axes and orientation, for ``claimcheck extract``."""

    def axis(a: G.Axis) -> AxisLabel:
        cond = f"{a.condition[0]}={a.condition[1]}" if a.condition and a.condition[1] else None
        return AxisLabel(label=a.label[:80], kind=a.kind, metric=a.metric, unit=a.unit,
                         statistic=a.statistic, condition=cond,
                         line=doc.position(a.start)[0] if a.start else 0)  # fmt: skip

    return TableGrid(line=doc.position(block.start)[0], end_line=doc.position(block.end)[0],
                     orientation=grid.orientation, metric=grid.metric, metric_from=grid.metric_from,
                     conditions=grid.conditions, columns=[axis(a) for a in grid.columns],
                     rows=[axis(a) for a in grid.rows[:200]],
                     cells=sum(not c.computed for c in grid.cells),
                     computed=sum(c.computed for c in grid.cells))  # fmt: skip


_WORD = lazyre.compile(r"[a-z0-9][a-z0-9.+_-]*[a-z0-9+]|[a-z0-9]")
MAX_LABEL_WORDS = 5


def _words(text: str) -> list[tuple[str, int]]:
    """Lower-cased words of ``text`` with their offsets."""
    return [(m.group(0), m.start()) for m in _WORD.finditer(lower(text))]


def name_prose_entities(doc: Document, measurements: list[Measurement]) -> None:
    """Give a prose figure whose sentence names exactly one table entity (a label of an
    entity axis, matched as whole words, any case) that entity:
    "Quill could serve up to 30 thousand requests per second" above a table with a
    Quill row. Each sentence is read once, word by word."""
    labels: dict[tuple[str, ...], str] = {}
    for m in measurements:
        if m.source == "table" and m.entity:
            words = tuple(w for w, _ in _words(m.entity))
            if words and len(words) <= MAX_LABEL_WORDS and len("".join(words)) >= 3:
                labels.setdefault(words, m.entity)
    if not labels:
        return
    lengths = sorted({len(words) for words in labels})
    cache: dict[tuple[int, int], set[str]] = {}
    starts = [b.start for b in doc.blocks]
    sentences: dict[int, tuple[list, list[int]]] = {}  # block -> its sentences and starts
    for m in measurements:
        if m.source != "text" or m.entity:
            continue
        bi = bisect_right(starts, m.start) - 1
        if bi < 0 or m.start >= doc.blocks[bi].end:
            continue
        if bi not in sentences:
            found = split(doc.blocks[bi].text, doc.blocks[bi].start)
            sentences[bi] = (found, [x.start for x in found])
        found, found_starts = sentences[bi]
        k = bisect_right(found_starts, m.start) - 1
        sentence = found[k] if k >= 0 and m.start < found[k].end else None
        if sentence is None:
            continue
        key = (sentence.start, sentence.end)
        if key not in cache:
            words = [w for w, _ in _words(sentence.text)]
            named: set[str] = set()
            for i in range(len(words)):  # each label length at each word: a dict lookup
                for n in lengths:
                    found_label = labels.get(tuple(words[i : i + n]))
                    if found_label is not None:
                        named.add(found_label)
            cache[key] = named
        if len(cache[key]) == 1:
            m.entity = next(iter(cache[key]))


def note_scopes(
    doc: Document, index: int, grid: G.Grid, typed: list[Measurement]
) -> list[tuple[int, int, str]]:
    """(start, end, test) of each footnote under the table at ``doc.blocks[index]`` whose
    marked cells all belong to one test: what the note states holds for that test only, not
    for the whole section ("¹ 100 requests per connection" under the L7 row, not the L4 one)."""
    tests: dict[str, set[str | None]] = {}
    by_span = {(m.start, m.end): m.test for m in typed}
    for gc in grid.cells:
        if gc.note:
            test = by_span.get((gc.cell.start, gc.cell.end), gc.test)
            tests.setdefault(gc.note, set()).add(test)
    out = []
    for key, note in notes_after(doc.blocks, index, doc.text).by_key.items():
        found = tests.get(key, set())
        if len(found) == 1 and None not in found:
            out.append((note.start, note.end, next(iter(found))))  # type: ignore[arg-type]
    return out
