"""D001 missing-condition: a figure whose metric family needs a condition (object size,
connection reuse, cipher, ...) the report never states.

The questions the D checks share with other checks (measured figures, hedges, prose
sentences, rule data) live in :mod:`claimcheck.rules.queries`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.models import Block, Measurement
from claimcheck.rules.queries import label, rule_data
from claimcheck.rules.registry import Hit, check

SSL_BULK_RE = lazyre.compile(
    r"\b(?:SSL|TLS|HTTPS|encrypted|bulk[ \t]+crypto)\b[^.;]{0,30}\bthroughput\b|\bthroughput\b"
    r"[^.;]{0,20}\b(?:of|for)[ \t]+(?:SSL|TLS|HTTPS|encrypted)\b",
    re.IGNORECASE,
)


def family_of(facts: FactStore, m: Measurement) -> str:
    """The metric family of a figure; plain throughput said in its sentence to be SSL/TLS
    bulk throughput counts as ``ssl_throughput``."""
    if m.metric == "throughput" and facts.text.says(SSL_BULK_RE, m.start):
        return "ssl_throughput"
    return m.metric


_BYTES_RE = lazyre.compile(r"\b(?:object|file|response|page|payload|body|asset|image|document|html|json"
                       r"|static|serv(?:e|es|ed|ing)|return(?:s|ed|ing)?|fetch\w*|GET|download\w*"
                       r"|transfer\w*|message|record|frame|packet)s?\b", re.IGNORECASE)  # fmt: skip
_NOT_OBJECT_RE = lazyre.compile(r"\b(?:memory|RAM|disk|storage|heap|buffer|cache[ \t]+size|key|cookie"
                            r"|header)s?\b", re.IGNORECASE)  # fmt: skip


GENERAL_SECTION_RE = lazyre.compile(
    r"methodolog|\bmethod\b|\bsetup\b|\bset-up\b|\bsettings?\b|\bconfiguration|\benvironment"
    r"|\bappendix|\bdetails\b|\bprocedure|\bprofiles?\b|\btraffic\b|\btest[ \t-]?bed\b"
    r"|\bhow[ \t]+we\b|\bparameters\b|\bconditions\b|\bworkload\b",
    re.IGNORECASE,
)


def _stated_in_text(
    facts: FactStore, patterns: dict[str, list[re.Pattern[str]]]
) -> dict[str | None, set[str]]:
    """Condition names the report's own sentences state in words the extractor does not read
    ([data.implied_by_text] of D001), plus an object size given as a byte quantity beside
    "object", "response", "serving" and the like; by section (None: text under no heading
    or under a methodology-like heading, which applies to the whole report). One pass."""
    extraction = facts.extraction
    from claimcheck.units import is_bytes

    general: dict[str, bool] = {}  # section title -> methodology-like (many sentences each)

    def where(block: Block) -> str | None:
        sec = block.section
        if sec is None:
            return None
        if sec not in general:
            general[sec] = bool(GENERAL_SECTION_RE.search(sec))
        return None if general[sec] else sec

    found: dict[str | None, set[str]] = {}
    index = facts.text
    for _sent, block, is_hedged in index.sentences:
        if not is_hedged:
            found.setdefault(where(block), set())
    for name, rxs in patterns.items():
        for rx in rxs:  # each pattern runs only on the sentences that hold a word it needs
            for i, _ in index.texts.search(rx):
                _sent, block, is_hedged = index.sentences[i]
                if not is_hedged:
                    found[where(block)].add(name)
    for q in extraction.quantities:
        if not q.unit or not is_bytes(q.unit) or "/" in q.unit:
            continue
        located = index.sentence_at(q.start)
        if located is None or located[2] or _tool_text(located[1]):
            continue  # a tool's summary ("Transfer/sec: 18.54MB") sizes no object
        text = located[0].text
        if _BYTES_RE.search(text) and not _NOT_OBJECT_RE.search(text):
            found.setdefault(where(located[1]), set()).add("object_size")
    return found


def _tool_text(block: Block) -> bool:
    """A code block or a tool's printed output: its byte counts are what the tool read."""
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("code", "tool_output")
    )


def _family_evidence(
    facts: FactStore,
) -> tuple[dict[str, list[Measurement]], dict[str, tuple[int, int, str]]]:
    """Measured figures by family, and for families with a test but no figure, the first
    comparison stated in the block that introduces the test ("370% higher throughput")."""
    doc, extraction = facts.doc, facts.extraction
    by_family: dict[str, list[Measurement]] = {}
    for m in facts.results():  # sentences, tables and the tools' printed results
        by_family.setdefault(family_of(facts, m), []).append(m)
    index = facts.text
    claims_by_block: dict[int, list[tuple[int, int, str]]] = {}
    for c in extraction.claims:
        b = index.block_at(c.start)
        if b is not None and not facts.hedged(c.start):
            claims_by_block.setdefault(b.start, []).append((c.start, c.end, c.stated))
    tested: dict[str, tuple[int, int, str]] = {}
    for t in extraction.tests:
        if not t.metric or t.metric in by_family or t.metric in tested or t.line < 1:
            continue
        if t.line > len(doc.line_starts):
            continue
        b = index.block_at(doc.line_starts[t.line - 1])
        if b is not None and b.start in claims_by_block:
            tested[t.metric] = min(claims_by_block[b.start])
    return by_family, tested


@check("missing_condition")
def missing_condition(facts: FactStore) -> Iterator[Hit]:
    """One finding per measured metric family that lacks a required condition (D001 data)."""
    doc, extraction = facts.doc, facts.extraction
    data = rule_data("D001")
    required: dict[str, list[Any]] = data.get("required", {})
    if not required:
        return
    index = facts.text
    test_metric = {t.id: t.metric for t in extraction.tests}
    anywhere: set[str] = set()  # stated at document, section or device scope
    per_family: dict[str, set[str]] = {}  # stated for a test of that family
    per_test: dict[str, set[str]] = {}
    # every statement counts: prose, table cells, command lines, what a tool printed and
    # what a tool does by itself (wrk keeps its connections alive; iperf carries no objects)
    for c in extraction.conditions:
        if c.hedged:
            continue
        if c.scope.startswith("test:"):
            test = c.test or c.scope[5:]
            per_test.setdefault(test, set()).add(c.name)
            per_family.setdefault(test_metric.get(test) or "", set()).add(c.name)
        else:
            anywhere.add(c.name)
    patterns = {
        name: [re.compile(p, re.IGNORECASE) for p in ([ps] if isinstance(ps, str) else ps)]
        for name, ps in data.get("implied_by_text", {}).items()
    }
    in_text = _stated_in_text(facts, patterns)
    anywhere |= in_text.get(None, set())
    test_layer = {t.id: t.layer for t in extraction.tests if t.layer in ("L4", "L7")}
    headers = {
        n: re.compile(p, re.IGNORECASE) for n, p in data.get("implied_by_header", {}).items()
    }
    by_family, tested = _family_evidence(facts)
    first_test: dict[str, int] = {}
    for t in extraction.tests:
        if t.metric and 0 < t.line <= len(doc.line_starts):
            intro = index.block_at(doc.line_starts[t.line - 1])
            if intro is not None and intro.kind in ("paragraph", "list_item"):
                first_test[t.metric] = min(first_test.get(t.metric, t.line), t.line)
    for family, needs in required.items():
        figures = by_family.get(family, [])
        if not figures and family not in tested:
            continue
        have = anywhere | per_family.get(family, set())
        tables: set[int] = set()
        for m in figures:
            have |= per_test.get(m.test or "", set()) | in_text.get(m.section, set())
            if m.test in test_layer or (m.test or "").split(" ")[0] in ("L4", "L7"):
                have.add("processing_layer")  # a "Layer 4 throughput" test states its layer
            if m.statistic:  # a table axis (column, row or caption) names the statistic
                have.add("latency_statistic")
            have |= set(m.conditions) & {"object_size", "concurrency", "load_setting"}
            block = index.block_at(m.start)
            if block is not None and block.table is not None and block.start not in tables:
                tables.add(block.start)  # a column header may name the condition ("p99 latency")
                heads = block.table.header
                have |= {n for n, rx in headers.items() if any(rx.search(h) for h in heads)}
        missing = []
        for need in needs:
            options = need if isinstance(need, list) else [need]
            if not any(o in have for o in options):
                missing.append(" or ".join(label(o) for o in options))
        if not missing:
            continue
        if figures:
            start, end, text = figures[0].start, figures[0].end, figures[0].text
        else:
            start, end, text = tested[family]
        line = doc.position(start)[0]
        intro = first_test.get(family)
        if intro is not None and intro < line:  # a results paragraph that introduced the test
            start = doc.line_starts[intro - 1]
            end = start + len(doc.line_text(intro))
        what = "figures (first" if figures else "results (stated as"
        msg = (f"{label(family)} {what} \"{text}\", line {line}) do not state "
               f"{', '.join(missing)} anywhere in the report; without it the figure cannot be "
               f"read or compared")  # fmt: skip
        yield Hit(start, end, msg, {"family": family, "missing": missing})
