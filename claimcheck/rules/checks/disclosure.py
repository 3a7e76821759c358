"""Disclosure checks (D001-D003): is every condition needed to read a figure stated?

The questions they share with other checks (measured figures, hedges, prose sentences,
rule data) live in :mod:`claimcheck.rules.queries`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.conditions.base import HEDGE_RE
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Block, Condition, Device, Document, Extraction, Measurement
from claimcheck.rules.queries import (
    PROSE,
    hedged,
    is_datasheet,
    label,
    measured_figures,
    rule_data,
    stated,
    text_index,
)
from claimcheck.rules.registry import Hit, check
from claimcheck.units import in_unit_table

# --- D001 missing-condition -----------------------------------------------------------------------


SSL_BULK_RE = lazyre.compile(
    r"\b(?:SSL|TLS|HTTPS|encrypted|bulk[ \t]+crypto)\b[^.;]{0,30}\bthroughput\b|\bthroughput\b"
    r"[^.;]{0,20}\b(?:of|for)[ \t]+(?:SSL|TLS|HTTPS|encrypted)\b",
    re.IGNORECASE,
)


def family_of(doc: Document, m: Measurement) -> str:
    """The metric family of a figure; plain throughput said in its sentence to be SSL/TLS
    bulk throughput counts as ``ssl_throughput``."""
    if m.metric == "throughput" and text_index(doc).says(SSL_BULK_RE, m.start):
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
    doc: Document, extraction: Extraction, patterns: dict[str, list[re.Pattern[str]]]
) -> dict[str | None, set[str]]:
    """Condition names the report's own sentences state in words the extractor does not read
    ([data.implied_by_text] of D001), plus an object size given as a byte quantity beside
    "object", "response", "serving" and the like; by section (None: text under no heading
    or under a methodology-like heading, which applies to the whole report). One pass."""
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
    index = text_index(doc)
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
        if located is None or located[2]:
            continue
        text = located[0].text
        if _BYTES_RE.search(text) and not _NOT_OBJECT_RE.search(text):
            found.setdefault(where(located[1]), set()).add("object_size")
    return found


def _family_evidence(
    doc: Document, extraction: Extraction
) -> tuple[dict[str, list[Measurement]], dict[str, tuple[int, int, str]]]:
    """Measured figures by family, and for families with a test but no figure, the first
    comparison stated in the block that introduces the test ("370% higher throughput")."""
    by_family: dict[str, list[Measurement]] = {}
    for m in measured_figures(doc, extraction):
        by_family.setdefault(family_of(doc, m), []).append(m)
    index = text_index(doc)
    claims_by_block: dict[int, list[tuple[int, int, str]]] = {}
    for c in extraction.claims:
        b = index.block_at(c.start)
        if b is not None and not hedged(doc, c.start, c.end):
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
def missing_condition(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """One finding per measured metric family that lacks a required condition (D001 data)."""
    data = rule_data("D001")
    required: dict[str, list[Any]] = data.get("required", {})
    implied: dict[str, list[str]] = data.get("implied_by_tool", {})
    if not required:
        return
    index = text_index(doc)
    test_metric = {t.id: t.metric for t in extraction.tests}
    anywhere: set[str] = set()  # stated at document, section or device scope
    per_family: dict[str, set[str]] = {}  # stated for a test of that family
    per_test: dict[str, set[str]] = {}
    tools: set[str] = set()
    for c in extraction.conditions:
        if c.hedged:
            continue
        if c.scope.startswith("test:"):
            test = c.test or c.scope[5:]
            per_test.setdefault(test, set()).add(c.name)
            per_family.setdefault(test_metric.get(test) or "", set()).add(c.name)
        else:
            anywhere.add(c.name)
        if c.name == "traffic_generator" and isinstance(c.value, dict):
            tools.add(str(c.value.get("name") or "").lower())
    for table in (b.table for b in doc.blocks if b.table is not None and b.table.tool):
        tools.add(table.tool.lower())
    for name, tool_names in implied.items():
        if tools & {t.lower() for t in tool_names}:
            anywhere.add(name)
    patterns = {
        name: [re.compile(p, re.IGNORECASE) for p in ([ps] if isinstance(ps, str) else ps)]
        for name, ps in data.get("implied_by_text", {}).items()
    }
    in_text = _stated_in_text(doc, extraction, patterns)
    anywhere |= in_text.get(None, set())
    test_layer = {t.id: t.layer for t in extraction.tests if t.layer in ("L4", "L7")}
    headers = {
        n: re.compile(p, re.IGNORECASE) for n, p in data.get("implied_by_header", {}).items()
    }
    by_family, tested = _family_evidence(doc, extraction)
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
            if m.test in test_layer:  # a "Layer 4 throughput" test states its layer
                have.add("processing_layer")
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


# --- D002 missing-repeatability -------------------------------------------------------------------

VARIATION_RE = lazyre.compile(
    r"standard[ \t]+deviations?|\bstd\.?[ \t]?dev\b|\bstdev\b|coefficient[ \t]+of[ \t]+variation"
    r"|\bCoV\b|±|\+/-|run[ \t-]to[ \t-]run|between[ \t]+runs|across[ \t]+(?:the[ \t]+)?runs"
    r"|\bvariance\b|confidence[ \t]+intervals?|error[ \t]+bars?|\bvaried[ \t]+(?:by[ \t]+)?"
    r"(?:less[ \t]+than|under|within|no[ \t]+more[ \t]+than)|within[ \t]+\d+(?:\.\d+)?[ \t]*%"
    r"[ \t]+of[ \t]+each[ \t]+other|repeatab\w{1,12}[ \t]+(?:was|were|is|within)|spread[ \t]+of",
    re.IGNORECASE,
)
METHOD_HEADING_RE = lazyre.compile(
    r"methodolog|\btest(?:ing)?[ \t]+(?:setup|set-up|procedure|process|bed|environment|method)"
    r"|\bhow[ \t]+we[ \t]+test|\btestbed\b",
    re.IGNORECASE,
)


_RUN_WORDS = lazyre.compile(
    r"\b(?:runs?|iterations?|trials?|repeat\w*|repetitions?|times|passes)\b", re.I
)


# "repeated every test three times", "three runs per server" (what the runs extractor misses)
_NUMW = r"(?:two|three|four|five|six|seven|eight|nine|ten|twenty|\d{1,3})"
# "repeated every test three times", "five 120-second runs" (what the runs extractor misses)
RUNS_TEXT_RE = lazyre.compile(
    rf"\b(?:repeat\w*|re-?ran|ran|run|executed|performed|conducted)\b[^.;]{{0,40}}?\b(?:twice"
    rf"|thrice|(?:{_NUMW}|multiple|several)[ \t]+times)\b|(?<![\w.,-]){_NUMW}[ \t]+(?:[\w-]+[ \t]+){{0,2}}"
    rf"(?:runs|iterations|trials|repetitions|passes)\b",
    re.IGNORECASE,
)
RUN_TIMES_RE = lazyre.compile(
    rf"\b(?:twice|thrice|(?:{_NUMW}|multiple|several)[ \t]+times)\b(?![ \t]+(?:higher|faster|more"
    rf"|lower|slower|less|larger|greater|better|worse|as|the|that|than|over|bigger|smaller))",
    re.IGNORECASE,
)
RUN_WORD_RE = lazyre.compile(r"\b(?:runs?|ran|repeat\w*|executed|iterations?|trials?|scenarios?"
                         r"|tests?|measurements?)\b", re.IGNORECASE)  # fmt: skip
VARIATION_NEAR_RUNS_RE = lazyre.compile(
    r"\b(?:var(?:ied|ies|y|iation)|differ(?:ed|s|ence)?|deviat\w*|fluctuat\w*|spread|range[ds]?"
    r"|agreed?)\b[^.;]{0,50}?\b(?:by|than|within|of|to)\b[^.;]{0,25}?\d+(?:\.\d+)?[ \t]*%",
    re.IGNORECASE,
)
# "each run lasted 300 seconds", "a 30-second steady state" (what the duration extractor misses)
DURATION_TEXT_RE = lazyre.compile(
    r"\b(?:lasted|lasting|held|duration[ \t]+(?:of|was)|period[ \t]+of|steady[ \t-]state[ \t]+of"
    r"|ran[ \t]+for|run[ \t]+for|runs[ \t]+for)[ \t]+(?:a[ \t]+|an[ \t]+|about[ \t]+)?\d+(?:\.\d+)?"
    r"[ \t-]*(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?)\b|\b\d+(?:\.\d+)?[ \t-]*"
    r"(?:second|minute|hour|s|min)s?[ \t-]+(?:long[ \t]+)?(?:runs?|tests?|steady[ \t-]state"
    r"|iterations?|trials?|soak|measurement[ \t]+(?:window|period)|window)\b",
    re.IGNORECASE,
)


def _states_runs(doc: Document, c: Condition) -> bool:
    """A runs condition with a count, or one whose text is about runs ("best run", not
    "the best results"); a count glued to a model number ("the E-400 runs cool") is not."""
    value = c.value if isinstance(c.value, dict) else {}
    if value.get("count") is not None:
        before = doc.text[max(0, c.start - 1) : c.start]
        return not (before.isalnum() or before in "-/")
    return bool(_RUN_WORDS.search(c.text))


_METHOD_OPENINGS = ("how we test", "methodolog", "test setup", "test methodolog")


def _methodology_block(doc: Document) -> Block | None:
    """The methodology heading (or a short title line, or a paragraph opening "How we tested")."""
    for b in doc.blocks:
        short = b.kind == "heading" or (b.kind == "paragraph" and len(b.text) <= 80)
        opens = b.kind == "paragraph" and b.text[:40].lower().startswith(_METHOD_OPENINGS)
        if (short and METHOD_HEADING_RE.search(b.text)) or opens:
            return b
    return None


@check("missing_repeatability")
def missing_repeatability(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Document level: the number of runs, the run duration or run-to-run variation is unstated."""
    figures = measured_figures(doc, extraction)
    if not figures:
        return
    conds = extraction.conditions
    missing = []
    runs = any(_states_runs(doc, c) for c in stated(conds, "runs"))
    duration = bool(stated(conds, "duration"))
    index = text_index(doc)
    kinds = (*PROSE, "table")
    hedge = {i for i, _ in index.texts.search(HEDGE_RE)}
    eligible = [i not in hedge and t[1].kind in kinds for i, t in enumerate(index.sentences)]

    def said(rx: Any) -> set[int]:  # the sentences a cue matches, if they count
        return {i for i, _ in index.texts.search(rx) if eligible[i]}

    run_words = said(RUN_WORD_RE)
    runs = runs or bool(said(RUNS_TEXT_RE)) or bool(run_words & said(RUN_TIMES_RE))
    variation = bool(said(VARIATION_RE)) or bool(run_words & said(VARIATION_NEAR_RUNS_RE))
    duration = duration or bool(said(DURATION_TEXT_RE))
    if not runs:
        missing.append("the number of runs")
    if not duration:
        missing.append("the run duration")
    if not variation:
        missing.append("the variation between runs")
    if not missing:
        return
    where = _methodology_block(doc)
    if where is not None:
        start, end = where.start, min(where.end, where.start + 80)
    else:
        start, end = figures[0].start, figures[0].end
    msg = (f"the report does not state {', '.join(missing[:-1])}{' or ' if len(missing) > 1 else ''}"
           f"{missing[-1]}; without them a reader cannot tell whether the figures are stable or "
           f"a difference between devices is more than run-to-run noise")  # fmt: skip
    yield Hit(start, end, msg, {"missing": missing})


# --- D003 missing-configuration -------------------------------------------------------------------

CONFIG_RE = lazyre.compile(r"\bconfig(?:uration)?s?\b|\bconfig(?:uration)?[ \t]+files?\b", re.I)
_NOT_OUT = (
    r"(?:not[ \t]+(?:been[ \t]+)?(?:publicly[ \t]+|freely[ \t]+)?(?:made[ \t]+)?"
    r"(?:available|published|disclosed|provided|released|shared)|unavailable|confidential"
    r"|available[ \t]+[^.;:]{0,40}?\b(?:up)?on[ \t]+request|withheld)"
)
# "the configurations are not published", "device configs were unavailable"
UNAVAILABLE_AFTER_RE = lazyre.compile(
    rf"\bconfig(?:uration)?s?\b[^.;:]{{0,60}}?\b(?:is|are|was|were|remain|remains|has|have)[ \t]+"
    rf"(?:\w+[ \t]+)?{_NOT_OUT}\b",
    re.IGNORECASE,
)
# "we did not publish the configurations", "cannot share our configuration files"
UNAVAILABLE_BEFORE_RE = lazyre.compile(
    r"\b(?:did|do|does|will)[ \t]+not[ \t]+(?:publish|disclose|release|share)\b|\bcan(?:not|'t)"
    r"[ \t]+(?:publish|disclose|release|share)\b|\bnot[ \t]+(?:publish|disclose|release|share)"
    r"(?:ed|ing)?\b[^.;:]{0,40}?\bconfig",
    re.IGNORECASE,
)
PUBLISHED_RE = lazyre.compile(
    r"\b(?:published|publish|released|posted|shared|available|included|attached|provided)\b",
    re.IGNORECASE,
)


def _unavailable(text: str) -> bool:
    if UNAVAILABLE_AFTER_RE.search(text):
        return True
    m = UNAVAILABLE_BEFORE_RE.search(text)
    return bool(m) and bool(CONFIG_RE.search(text, m.start()))


@check("missing_configuration")
def missing_configuration(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Configurations said to be unavailable, or compared devices without a software version."""
    unavailable: Sentence | None = None
    published = False
    index = text_index(doc)
    for i, _ in index.texts.search(CONFIG_RE):
        s, block, _ = index.sentences[i]
        if block.kind not in PROSE or hedged(doc, s.start, s.end):
            continue
        if _unavailable(s.text):
            unavailable = unavailable or s
        elif PUBLISHED_RE.search(s.text):
            published = True
    if unavailable is not None and not published:
        msg = (f'configurations are not published ("{unavailable.text[:120]}"); '
               f"the results cannot be reproduced or checked for fairness")  # fmt: skip
        yield Hit(unavailable.start, unavailable.end, msg, {"reason": "configurations unavailable"})
    elif unavailable is None and not published:
        yield from _no_configuration(doc, extraction)
    yield from _missing_versions(doc, extraction)


# A configuration listing: "key value;", "key: value", "key = value" lines or a braced block.
_CONFIG_LINE = lazyre.compile(
    r"(?m)^[ \t]*+[\w.$/-]{1,40}+(?:[ \t]*+[:=][ \t]*+\S|[ \t]++[^\n;]{1,120}+;[ \t]*+$"
    r"|[ \t]*+\{[ \t]*+$)"
)
_URL = lazyre.compile(r"https?://|\]\(")
# where a report keeps its configurations: "are in the appendix", "reproduced in Section 6"
_CONFIG_PLACE = lazyre.compile(
    r"\b(?:appendix|appendices|annex|section|repository|repo|reproduced|listed|attached|below"
    r"|above|github|gitlab|website|web[ \t]+site|online|download\w*)\b",
    re.I,
)
# a section of ratings rather than results: "Specifications", "Technical data", "At a glance"
_SPEC_SECTION = lazyre.compile(
    r"\bspecifications?\b|\bspecs?\b|data[ \t]?sheet|technical[ \t]+data|at[ \t]+a[ \t]+glance",
    re.I,
)
# how a device was set up, described in prose: "was configured with ...", "configured in routed mode"
_CONFIGURED = lazyre.compile(r"\bconfigured[ \t]++(?:with|in|to|for|as|using|on)\b", re.I)


def _no_configuration(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Compared devices with results, and no configuration anywhere: no listing in a code
    block, no section about the configuration with content under it, no link to one."""
    compared = {m.device for m in measured_figures(doc, extraction)
                if m.device and not (m.section and _SPEC_SECTION.search(m.section))}  # fmt: skip
    if len(compared) < 2 or is_datasheet(doc, extraction):
        return  # a datasheet's figures are the maker's ratings of its own models
    blocks = doc.blocks
    for i, b in enumerate(blocks):
        if b.kind == "code" or (b.table is not None and b.table.kind == "code"):
            if len(_CONFIG_LINE.findall(doc.text, b.start, b.end)) >= 2:
                return  # a configuration listing
        elif b.kind == "heading" and CONFIG_RE.search(b.text):
            if i + 1 < len(blocks) and blocks[i + 1].kind != "heading":
                return  # a section about the configuration, with content
        elif (
            b.kind in PROSE
            and CONFIG_RE.search(b.text)
            and (_URL.search(b.text) or _CONFIG_PLACE.search(b.text))
        ):
            return  # a link to the configurations, or where the report keeps them
    described = sum(len(_CONFIGURED.findall(b.text)) for b in blocks if b.kind in PROSE)
    if described >= 2:
        return  # the devices' set-up described in prose
    first = next((b for b in blocks if b.kind == "heading"), blocks[0] if blocks else None)
    start, end = (first.start, first.end) if first is not None else (0, 0)
    yield Hit(start, end,
              "no device or load-generator configuration is published (no listing, no "
              "configuration section, no link): the results cannot be reproduced or checked "
              "for fairness", {"reason": "no configuration"})  # fmt: skip


# "Strata Gateway 2.0.1", "Basin (v5.7)", "PAN-OS 10.1.6" right after a device's name
_VERSION_AFTER = lazyre.compile(
    r"[ ]{0,40}+(?:[(,][ ]*+)?(?:(?:v|ver\.?|version|release|rel\.?|firmware|build|software|OS)[ \t]*+)?"
    r"(?:[A-Za-z][\w-]{0,12}[ \t]+)?(?<!\d)(?<!\d\.)v?\d+(?:\.\d+)+",
    re.IGNORECASE,
)
_VERSION_SENTENCE = lazyre.compile(
    r"\b(?:firmware|software|release|version|build|OS|running|ran)\b[^.;]{0,40}?(?<![\w.])v?\d+"
    r"(?:\.\d+){1,3}\b",
    re.IGNORECASE,
)


_UNIT_AFTER = lazyre.compile(r"[ ]?+([A-Za-z/%]{1,8})")


def _versioned_by_name(doc: Document, device: Device) -> bool:
    """A version written in or right after one of the device's mentions (not across a table
    cell, and not a figure with a unit: "stock<TAB>1.1 ms")."""
    for m in device.mentions:
        if re.search(r"\d\.\d", m.text):
            return True
        v = _VERSION_AFTER.match(doc.text, m.end, m.end + 40)
        if v is not None:
            unit = _UNIT_AFTER.match(doc.text, v.end())
            if unit is None or not in_unit_table(unit.group(1)):
                return True
    return False


def _missing_versions(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    compared = {m.device for m in measured_figures(doc, extraction) if m.device}
    if len(compared) < 2:
        return
    versions = {c.device for c in stated(extraction.conditions, "software_version") if c.device}
    if any(not c.device for c in stated(extraction.conditions, "software_version")):
        return  # versions stated that the extractor could not attach to a device
    lacking = [d for d in extraction.devices if d.id in compared and d.id not in versions
               and not d.version and not _versioned_by_name(doc, d)]  # fmt: skip
    if not lacking:
        return
    index = text_index(doc)
    if len(lacking) == len(compared) and any(
        index.sentences[i][1].kind in PROSE and not hedged(doc, index.sentences[i][0].start)
        for i, _ in index.texts.search(_VERSION_SENTENCE)
    ):
        return  # a release is stated in words the extractor could not attach to a device
    first = lacking[0].mentions[0] if lacking[0].mentions else None
    start, end = (first.start, first.end) if first else (0, 0)
    names = ", ".join(d.name for d in lacking)
    msg = (f"no software version is stated for {names}; results of compared devices depend on "
           f"the release they ran")  # fmt: skip
    yield Hit(start, end, msg, {"devices": [d.id for d in lacking]})
