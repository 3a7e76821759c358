"""Questions every rule check asks of a document: its measured figures (without extraction
artefacts), its prose sentences and their hedges, the conditions stated under a name, and
a rule's ``[data]`` table.

Rule data: a check receives only the document and its extraction, so it reads its
parameters from the rule files with :func:`rule_data`. That sees the shipped rules;
to add a metric family or a required condition, edit ``[data.required]`` of D001
(``family = ["cond", ["alt1", "alt2"]]``: a nested list is a set of alternatives, any
one of which suffices).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cache
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.docindex import DocumentIndex, index_document
from claimcheck.extract.sentences import Sentence
from claimcheck.extract.statedload import StatedLoad
from claimcheck.extract.statedload import stated_loads as _stated_loads
from claimcheck.models import Block, Claim, Condition, Document, Extraction, Measurement
from claimcheck.rules.runcache import per_document, per_run
from claimcheck.rules.textgate import Texts


def rule_data(code: str) -> dict[str, Any]:
    """The ``[data]`` table of the running rule (so a user's rule file can reuse this check
    with its own table), else that of the shipped rule ``code``, else {}."""
    from claimcheck.rules.registry import running_data

    data = running_data()
    return data if data else _shipped_data(code)


@cache
def _shipped_data(code: str) -> dict[str, Any]:
    from claimcheck.rules.loader import rules_for_checking

    return next((spec.data for spec in rules_for_checking() if spec.code == code), {})


# "Layer 7 CPS", "L4 connections per second": the layer number read as a figure.
_LAYER_BEFORE = lazyre.compile(r"(?:\blayer|\bL)[ \t-]?$", re.IGNORECASE)
# "delay their response 60 seconds", "a 30 s timeout": a setting, not a measured latency.
_SETTING_BEFORE = lazyre.compile(
    r"\b(?:delay(?:ed|s)?|timeouts?|think[ -]time|wait(?:ed|s)?|keep[ -]?alive|idle|sleep)\b"
    r"[^.;]{0,40}$",
    re.IGNORECASE,
)


_SETTING_AFTER = lazyre.compile(
    r"[ \t-]{0,20}+(?:delay|timeout|think[ -]time|wait|idle|sleep)\b", re.I
)
# "10GbE", "25GBASE-SR": an interface name, not a rate anybody measured.
_INTERFACE_TEXT = lazyre.compile(r"\d[ \t]?(?:G|M)(?:b)?E\b|\dG?BASE-|\d[ \t]?Gig(?:abit)?E", re.I)
# "licensed for 8 Gbps", "a 2.3 Gbps baseline", "burst to 10 Gbps": a cap, not a result.
_CAP_BEFORE = lazyre.compile(
    r"(?:\blicen[cs]ed[ \t]+(?:for|at|to)|\blicen[cs]e[ \t]+(?:of|cap|limit)(?:[ \t]+of)?|\bbaseline"
    r"(?:[ \t]+bandwidth)?[ \t]+of|\bburst(?:s|ing)?[ \t]+to|\brated[ \t]+(?:at|for)|\blimited[ \t]+to"
    r"|\bcapped[ \t]+at)[ \t]+(?:an?[ \t]+|the[ \t]+)?$",
    re.IGNORECASE,
)
_CAP_AFTER = lazyre.compile(
    r"[ \t-]{0,30}+(?:of[ \t]+)?(?:(?:a|an|the|one|each|single|its|their)[ \t]+){0,2}(?:licen[cs]e|baseline|burst|links?\b|ports?\b|uplinks?|interfaces?\b|NICs?\b"
    r"|switch|Ethernet|line[ \t-]rate|instance[ \t]+bandwidth|network[ \t]+bandwidth)",
    re.IGNORECASE,
)
THROUGHPUT_FAMILIES = ("throughput", "ssl_throughput", "compression_throughput")
DATASHEET_RE = lazyre.compile(
    r"\b(?:data[ \t-]?sheet|spec(?:ification)?s?[ \t-]sheet|product[ \t]+brief)\b", re.IGNORECASE
)


def is_artefact(doc: Document, m: Measurement) -> bool:
    """True for a figure the extractor misread: a layer number, a configured delay, an
    interface name or a licence, link or baseline rate."""
    pre = doc.text[max(0, m.start - 50) : m.start]
    if m.value in (2, 3, 4, 7) and _LAYER_BEFORE.search(pre[-8:]):
        return True
    if m.metric in THROUGHPUT_FAMILIES:
        if _INTERFACE_TEXT.search(m.text) or _CAP_BEFORE.search(pre):
            return True
        return bool(_CAP_AFTER.match(doc.text, m.end, m.end + 30))
    if m.metric != "latency":
        return False
    return bool(_SETTING_BEFORE.search(pre) or _SETTING_AFTER.match(doc.text, m.end, m.end + 20))


def is_datasheet(doc: Document, extraction: Extraction) -> bool:
    """A datasheet or product brief (its title says so and it names no load generator):
    its figures are specifications, not measurements."""
    if any(c.name == "traffic_generator" and not c.hedged for c in extraction.conditions):
        return False
    head = [b for b in doc.blocks[:4] if b.kind in ("heading", "paragraph")]
    return any(DATASHEET_RE.search(b.text[:200]) for b in head)


def measured_figures(doc: Document, extraction: Extraction) -> list[Measurement]:
    """Figures the report measured (not advertised, not derived by us, not misread), in
    source order; none for a datasheet. Found once per run of the rules."""
    found = per_document(
        doc, ("measured_figures", id(extraction)), lambda: (extraction, _measured(doc, extraction))
    )
    if found[0] is not extraction:
        return _measured(doc, extraction)
    return list(found[1])


def _measured(doc: Document, extraction: Extraction) -> list[Measurement]:
    if is_datasheet(doc, extraction):
        return []
    out = [
        m for m in extraction.measurements
        if m.kind == "measured" and m.role == "result" and m.source != "derived" and not is_artefact(doc, m)
    ]  # fmt: skip
    return sorted(out, key=lambda m: m.start)


PROSE = ("paragraph", "list_item", "footnote")


def document_index(doc: Document) -> DocumentIndex:
    """The DocumentIndex of a document: the extraction's, when the run of the rules was
    given one (see :func:`share_index`), else built once per run of the rules."""
    return per_document(doc, DocumentIndex, lambda: index_document(doc))


def share_index(doc: Document, extraction: Extraction) -> None:
    """Inside a run of the rules over ``doc``, let every rule read the index the
    extraction built (an extraction read back from JSON has none: it is built again)."""
    index = getattr(extraction, "index", None)
    if isinstance(index, DocumentIndex) and index.matches(doc):
        per_document(doc, DocumentIndex, lambda: index)


def stated_loads(doc: Document, extraction: Extraction) -> list[StatedLoad]:
    """The loads (rate, mean latency, connections) prose blocks state together."""
    index = getattr(extraction, "index", None)
    if isinstance(index, DocumentIndex) and index.matches(doc):
        return index.stated_loads
    return _stated_loads(doc, extraction.measurements)


class TextIndex:
    """Blocks and sentences of one document with their hedge flags, read from the
    DocumentIndex, so that "which block / sentence holds this offset" is a bisect, not a
    scan. A sentence is hedged when it holds a hedge cue or its paragraph opens with a
    topic cue."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.block_starts = [b.start for b in doc.blocks]
        index = document_index(doc)
        entries = index.sentences  # the sentences of every block but code, in order
        self.texts = Texts([s.text for s in entries])
        self.hedge_cues = {i for i, s in enumerate(entries) if s.hedge_cue}
        self.sentences: list[tuple[Sentence, Block, bool]] = []  # sentence, block, hedged
        topic = False  # the block's first sentence names others' practice
        for i, sent in enumerate(entries):
            if sent.first:
                topic = sent.topic_cue
            block = doc.blocks[sent.block]
            self.sentences.append((sent.sentence, block, topic or i in self.hedge_cues))
        self.sentence_starts = [t[0].start for t in self.sentences]
        self._says: dict[tuple[Any, int], bool] = {}

    def block_at(self, offset: int) -> Block | None:
        """The block holding a source offset."""
        i = bisect_right(self.block_starts, offset) - 1
        if i >= 0 and self.doc.blocks[i].start <= offset < self.doc.blocks[i].end:
            return self.doc.blocks[i]
        return None

    def sentence_at(self, offset: int) -> tuple[Sentence, Block, bool] | None:
        """(sentence, block, hedged) for the sentence holding a source offset."""
        i = bisect_right(self.sentence_starts, offset) - 1
        if i >= 0 and offset < self.sentences[i][0].end:
            return self.sentences[i]
        return None

    def says(self, pattern: Any, offset: int) -> bool:
        """Does ``pattern`` match the sentence holding ``offset`` (the empty text outside any
        sentence)? Searched once per sentence: many figures share one sentence."""
        i = bisect_right(self.sentence_starts, offset) - 1
        if i < 0 or offset >= self.sentences[i][0].end:
            return pattern.search("") is not None
        key = (pattern, i)
        found = self._says.get(key)
        if found is None:
            found = self._says[key] = pattern.search(self.sentences[i][0].text) is not None
        return found

    def hedge_cue_at(self, offset: int) -> bool:
        """Does the sentence holding ``offset`` hold a hedge cue (an event of the index)?"""
        i = bisect_right(self.sentence_starts, offset) - 1
        return i >= 0 and offset < self.sentences[i][0].end and i in self.hedge_cues

    def prose(self, kinds: tuple[str, ...] = PROSE) -> Iterator[tuple[Block, Sentence]]:
        """(block, sentence) for the sentences of blocks of the given kinds."""
        for sent, block, _hedged in self.sentences:
            if block.kind in kinds:
                yield block, sent


def text_index(doc: Document) -> TextIndex:
    """The TextIndex of a document (built once per run of the rules)."""
    return per_document(doc, TextIndex, lambda: TextIndex(doc))


def hedged(doc: Document, start: int, end: int = 0) -> bool:
    """True when the sentence at ``start`` (or its paragraph's topic) is about others' practice."""
    found = text_index(doc).sentence_at(start)
    return found is not None and found[2]


def sentence_text(doc: Document, offset: int) -> str:
    """The text of the sentence holding a source offset ("" outside any sentence)."""
    found = text_index(doc).sentence_at(offset)
    return found[0].text if found is not None else ""


def prose_sentences(
    doc: Document, kinds: tuple[str, ...] = PROSE
) -> Iterator[tuple[Block, Sentence]]:
    """(block, sentence with source offsets) for every sentence of the prose blocks."""
    return text_index(doc).prose(kinds)


def prose_matches(
    doc: Document, pattern: Any, kinds: tuple[str, ...] = PROSE
) -> Iterator[tuple[Block, Sentence, re.Match[str]]]:
    """(block, sentence, its first match) for each sentence of the prose blocks that
    ``pattern`` matches, in source order; ``pattern`` runs only where it may match."""
    index = text_index(doc)
    for i, m in index.texts.search(pattern):
        sent, block, _ = index.sentences[i]
        if block.kind in kinds:
            yield block, sent, m


def stated(conditions: list[Condition], name: str) -> list[Condition]:
    """The conditions of one name that the report states for itself (not hedged)."""
    # grouped by name once per run of the rules (the list is kept, so its id stays its own)
    found = per_run(("stated", id(conditions)), lambda: (conditions, _by_name(conditions)))
    if found[0] is not conditions:
        return _by_name(conditions).get(name, [])
    return list(found[1].get(name, ()))


def _by_name(conditions: list[Condition]) -> dict[str, list[Condition]]:
    out: dict[str, list[Condition]] = {}
    for c in conditions:
        if not c.hedged:
            out.setdefault(c.name, []).append(c)
    return out


def label(name: str) -> str:
    """A condition name for a message: "requests_per_connection" -> "requests per connection"."""
    return name.replace("_", " ")


def figures_by_span(figures: list[Measurement]) -> dict[tuple[int, int], Measurement]:
    """The figures keyed by their source span (how a claim's operands name them)."""
    return {(m.start, m.end): m for m in figures}


def cited_figures(claim: Claim, spans: dict[tuple[int, int], Measurement]) -> list[Measurement]:
    """The figures a claim cites (matched by source span), each once."""
    out = []
    for op in claim.operands:
        m = spans.get((op.start, op.end))
        if m is not None and m not in out:
            out.append(m)
    return out
