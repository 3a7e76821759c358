"""The device view several S checks share: a document's prose sentences (with hedge flags
and tests), device mentions, table cells and quantities, indexed once per run of the rules,
and the answer to "which device is this setting stated for".

Per-device settings stated in prose are re-bound to the device the sentence states them
for (``View.attribute``): the extractor gives them to every device named before them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.docindex import DocumentIndex, IndexedSentence
from claimcheck.facts.textgate import Texts
from claimcheck.models import Cell, Condition, Document, Extraction, Row

_I = re.IGNORECASE
PROSE_KINDS = {"paragraph", "list_item", "footnote", "heading"}


# Devices joined into one subject: "the ACE and the BIG-IP", "A, B and C".
# Both gap patterns are matched over the text between two mentions; their bounded runs keep
# a search from scanning a long run again from each of its characters.
COORD_GAP_RE = lazyre.compile(
    r"\s{0,40}+(?:[\w-]{1,30}\s++){0,2}?(?:and|&|or|as well as|plus|,)\s*(?:and\s+)?(?:the\s+|both\s+)?",
    _I,
)


def _coordinated(runs: list[list[Any]], text: str, end: int) -> set[str]:
    """The first device of ``runs``, with the devices coordinated after it when a group word
    leads them ("on both the A and the B"); without one, "on the A, and the B did ..." may
    open another clause."""
    group = {runs[0][2]}
    if not GROUP_WORD_RE.search(text, end, runs[0][0]):
        return group
    for prev, nxt in zip(runs, runs[1:], strict=False):
        if not COORD_GAP_RE.fullmatch(text, prev[1], nxt[0]):
            break
        group.add(nxt[2])
    return group


# A setting bound to the device named right after it: "turbo profile for the Kestrel K2".
FOLLOW_GAP_RE = lazyre.compile(
    r"\s{0,40}+(?:[\w-]{1,30}\s++){0,2}?(?:for|on|of|in|to)\s+(?:both\s+|all\s+)?(?:the\s+|its\s+)?",
    _I,
)
GROUP_WORD_RE = lazyre.compile(r"\b(?:both|all|each|every)\b", _I)
_HEADING_TRIM_RE = lazyre.compile(r"^[#\s*_]+(?:[\s*_#:]*$)?|(?<![\s*_#:])[\s*_#:]+$")


def _norm_heading(text: str | None) -> str:
    return _HEADING_TRIM_RE.sub("", text or "").strip().lower()


class View:
    """Sentences, device mentions and cells of one document, indexed once (``FactStore.view``)."""

    def __init__(self, doc: Document, ex: Extraction, index: DocumentIndex) -> None:
        self.doc, self.ex = doc, ex
        self.index = index
        self.block_test = index.block_tests
        self.block_starts = [b.start for b in doc.blocks]
        found: list[IndexedSentence] = []  # the sentences of the prose blocks, in order
        for bi, block in enumerate(doc.blocks):
            if block.table is None and block.kind in PROSE_KINDS:
                found.extend(index.in_block(bi))
        # the sentences' texts, to find those a cue pattern may match without running it on all
        self.texts = Texts([s.text for s in found])
        self.sentences = found
        self.sent_starts = [s.start for s in self.sentences]
        self.cells: list[tuple[int, int, int, Cell, Row]] = []  # start, end, block, cell, row
        for bi, block in enumerate(doc.blocks):
            if block.table is not None:
                for row in block.table.rows:
                    for cell in row.cells:
                        self.cells.append((cell.start, cell.end, bi, cell, row))
        self.cells.sort(key=lambda c: c[0])
        self.cell_starts = [c[0] for c in self.cells]
        self.quantities = sorted(ex.quantities, key=lambda q: q.start)
        self.q_starts = [q.start for q in self.quantities]
        self.mentions = sorted((m.start, m.end, d.id) for d in ex.devices for m in d.mentions)
        self.mention_starts = [m[0] for m in self.mentions]
        self.names = {d.id: d.name for d in ex.devices}
        measured = {m.device for m in ex.measurements if m.device and m.source != "derived"}
        self.compared = measured if len(measured) >= 2 else set(self.names)
        self.section_device: dict[str, str] = {}
        for block in doc.blocks:
            if block.kind == "heading":
                named = {d for _, _, d in self.mentions_in(block.start, block.end)}
                if len(named) == 1:
                    self.section_device[_norm_heading(block.text)] = named.pop()
        self._attributed: dict[tuple[str, int, int], set[str]] = {}
        self._groups: dict[str, list[tuple[Condition, set[str]]]] = {}

    # -- positions ---------------------------------------------------------------------------

    def sentence_at(self, offset: int) -> IndexedSentence | None:
        """The prose sentence holding a source offset."""
        i = bisect_right(self.sent_starts, offset) - 1
        if i >= 0 and self.sentences[i].start <= offset < self.sentences[i].end:
            return self.sentences[i]
        return None

    def cell_at(self, offset: int) -> tuple[int, int, int, Cell, Row] | None:
        """The table cell holding a source offset."""
        i = bisect_right(self.cell_starts, offset) - 1
        if i >= 0 and self.cells[i][0] <= offset < max(self.cells[i][1], self.cells[i][0] + 1):
            return self.cells[i]
        return None

    def block_index(self, offset: int) -> int | None:
        """Index of the block holding a source offset."""
        i = bisect_right(self.block_starts, offset) - 1
        if i >= 0 and self.doc.blocks[i].start <= offset < self.doc.blocks[i].end:
            return i
        return None

    def bounds(self, offset: int) -> tuple[int, int]:
        """The sentence, cell or block around an offset."""
        s = self.sentence_at(offset)
        if s is not None:
            return s.start, s.end
        c = self.cell_at(offset)
        if c is not None:
            return c[0], c[1]
        bi = self.block_index(offset)
        if bi is not None:
            return self.doc.blocks[bi].start, self.doc.blocks[bi].end
        return offset, offset

    def mentions_in(self, start: int, end: int) -> list[tuple[int, int, str]]:
        """Device mentions starting in [start, end)."""
        i = bisect_right(self.mention_starts, start - 1)
        out = []
        while i < len(self.mentions) and self.mentions[i][0] < end:
            out.append(self.mentions[i])
            i += 1
        return out

    def devices_in(self, start: int, end: int) -> set[str]:
        """Devices named in [start, end)."""
        return {d for _, _, d in self.mentions_in(start, end)}

    # -- which device a condition belongs to ---------------------------------------------------

    def attribute(self, start: int, end: int, fallback: set[str]) -> set[str]:
        """The devices a setting at [start, end) is stated for.

        The extractor gives a per-device setting in prose to every device named before it
        in the sentence; here it goes to the device it is bound to: a device named right
        before it ("Kestrel QuickPath"), the device after "for/on" ("turbo profile for
        the Kestrel K2"), else the nearest device named before it together with any devices
        coordinated with that one ("the Kestrel and the Orla were ..."), else the next one.
        """
        s0, s1 = self.bounds(start)
        runs: list[list[Any]] = []
        for ms, me, d in self.mentions_in(s0, s1):
            if runs and runs[-1][2] == d and ms - runs[-1][1] <= 2:
                runs[-1][1] = max(runs[-1][1], me)
            else:
                runs.append([ms, me, d])
        text = self.doc.text
        before = [r for r in runs if r[1] <= start]
        after = [r for r in runs if r[0] >= end]
        if before and start - before[-1][1] <= 3:
            return {before[-1][2]}
        if after and after[0][0] - end <= 40 and FOLLOW_GAP_RE.fullmatch(text, end, after[0][0]):
            return _coordinated(after, text, end)
        if not before and after and GROUP_WORD_RE.search(text, s0, start):
            return fallback or {r[2] for r in after}  # "both ran at 1024 SimUsers and the A ..."
        if before:
            group = {before[-1][2]}
            i = len(before) - 1
            while i > 0 and COORD_GAP_RE.fullmatch(text, before[i - 1][1], before[i][0]):
                group.add(before[i - 1][2])
                i -= 1
            return group
        if after:
            return _coordinated(after, text, end)
        return fallback

    def conditions(self, name: str) -> list[tuple[Condition, set[str]]]:
        """The report's own conditions of one name (not hedged, not negated), one per span,
        each with the devices it applies to (empty: it applies to all)."""
        if name in self._groups:
            return self._groups[name]
        spans: dict[tuple[int, int, str], list[Condition]] = {}
        for c in self.ex.conditions:
            if c.name == name and not c.hedged and not c.negated:
                spans.setdefault((c.start, c.end, repr(c.value)), []).append(c)
        out = []
        for cs in spans.values():
            c = cs[0]
            named = {x.device for x in cs if x.device}
            if named and c.source in ("text", "list"):
                named = self.attribute(c.start, c.end, named)
            elif not named:
                dev = self.section_device.get(_norm_heading(c.section))
                named = {dev} if dev else set()
            out.append((c, named))
        out.sort(key=lambda x: x[0].start)
        self._groups[name] = out
        return out

    def name(self, device: str) -> str:
        """A device's display name."""
        return self.names.get(device, device)

    def matching(self, *patterns: Any) -> list[IndexedSentence]:
        """The sentences (hedged or not, in order) where any of ``patterns`` may match: the
        others cannot match any of them."""
        return [self.sentences[i] for i in self.texts.any_of(*patterns)]

    def says(self, pattern: Any) -> bool:
        """Some sentence of the report's own (not hedged) matches ``pattern``."""
        return any(not self.sentences[i].hedged for i, _ in self.texts.search(pattern))

    def hedged_at(self, offset: int) -> bool:
        """True when the sentence at ``offset`` describes others' practice."""
        s = self.sentence_at(offset)
        return bool(s and s.hedged)
