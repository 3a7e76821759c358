"""Consistency checks (C001-C004): does the report agree with itself?

Every check indexes first (hash maps keyed by label, sentence or number) and then
makes one pass, so the work is linear in the size of the report.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.runs.query import parameter_conflicts
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Block, Condition, Device, Document, Extraction
from claimcheck.rules.queries import (
    PROSE,
    hedged,
    measured_figures,
    prose_matches,
    prose_sentences,
    stated,
    text_index,
)
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.runcache import per_document

# --- captions (shared by C001 and C004) -----------------------------------------------------------

CAPTION_RE = lazyre.compile(
    r"[\s*_#>]{0,6}(?P<kind>charts?|figures?|figs?\.?|tables?|exhibits?|graphs?|diagrams?)[ \t]+"
    r"(?P<num>\d{1,3})(?P<suffix>[a-z]?)\b(?:[ \t]*[:.\-–—][ \t]*(?P<title>\S.*))?$",
    re.IGNORECASE,
)
KINDS = {"chart": "chart", "figure": "figure", "fig": "figure", "table": "table",
         "exhibit": "exhibit", "graph": "graph", "diagram": "diagram"}  # fmt: skip


def _kind(word: str) -> str:
    w = word.lower().rstrip(".")
    w = w[:-1] if w.endswith("s") and w[:-1] in KINDS else w
    return KINDS.get(w, w)


@dataclass
class Caption:
    """A figure, chart or table caption at the start of a block."""

    kind: str
    number: int
    title: str  # normalised, for comparison
    text: str  # as written
    start: int
    end: int


def captions(doc: Document) -> list[Caption]:
    """Caption lines ("Chart 3: L7 CPS over file sizes", a bare "Figure 2") at the start of a
    line of a prose block or heading: PDF text often runs several captions together. Found
    once per run of the rules (C001 and C004 both read them)."""
    return list(per_document(doc, "captions", lambda: _captions(doc)))


def _captions(doc: Document) -> list[Caption]:
    out = []
    starts = doc.line_starts
    for b in doc.blocks:
        if b.kind not in ("paragraph", "heading", "list_item"):
            continue
        i = bisect_right(starts, b.start) - 1
        while i < len(starts) and starts[i] < b.end:
            lo = max(starts[i], b.start)
            hi = min(starts[i + 1] if i + 1 < len(starts) else len(doc.text), b.end)
            line = doc.text[lo:hi].rstrip()
            i += 1
            if len(line) > 300:
                continue
            m = CAPTION_RE.match(line)
            if m is None:
                continue
            if not m.group("title") and len(line.strip(" *_#")) > 12:
                continue  # "Figure 2 shows ..." is a sentence, not a caption
            title = _norm(m.group("title") or "")
            raw = _MARKUP.sub("", m.group("title") or "").strip()
            out.append(Caption(_kind(m.group("kind")), int(m.group("num")), title, raw, lo, hi))
    return out


_MARKUP = lazyre.compile(r"[*_`]+|<[^>]{1,20}>")


def _norm(text: str) -> str:
    """Lower case, markup and spacing removed, trailing punctuation dropped."""
    return re.sub(r"\s+", " ", _MARKUP.sub("", text)).strip().strip(".,;:").lower()


# --- C001 duplicate-label -----------------------------------------------------------------------

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
def duplicate_label(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Caption numbers used twice, repeated sentences, one scenario label with two results."""
    yield from _duplicate_captions(doc)
    yield from _repeated_sentences(doc, extraction)
    yield from _scenario_labels(doc, extraction)
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
            labels = tuple(_norm(c) for c, v in zip(cells, is_value, strict=True) if c and not v)
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


def _duplicate_captions(doc: Document) -> Iterator[Hit]:
    first: dict[tuple[str, int], Caption] = {}
    for c in captions(doc):
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


def _repeated_sentences(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Exact repeats, by hash: in the same or the next block, or within one section when the
    sentence carries a figure, and a sentence that repeats the end of the one before it. A
    summary restated under another heading (a conclusion box) is deliberate."""
    figures = sorted(m.start for m in extraction.measurements)

    def has_figure(s: Sentence) -> bool:
        i = bisect_left(figures, s.start)
        return i < len(figures) and figures[i] < s.end

    seen: dict[str, tuple[Block, Sentence, int]] = {}
    prev: tuple[Block, str] | None = None
    position = {id(b): i for i, b in enumerate(doc.blocks)}
    for s, block, _hedged in text_index(doc).sentences:  # the blocks' sentences, split once
        if block.kind not in PROSE:
            continue
        index = position[id(block)]
        key = _norm(s.text)
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


def _scenario_labels(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """One label ("With LB + Policy,") leading two different results in one section."""
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
    for block, s in prose_sentences(doc, ("paragraph", "list_item")):
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
        if res0 == res or hedged(doc, s.start, s.end):
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
        label = _norm(m.group("label"))
        first = label.split(" ")[0] if label else ""
        if not label or label in LABEL_STOP or first in LABEL_STOP or not re.search("[a-z]", label):
            continue
        return label, _MARKUP.sub("", m.group("label")).strip()
    return None


# --- C002 name-inconsistency ----------------------------------------------------------------------

_VERSION_PART = lazyre.compile(r"\d++|[a-z]++|[^\da-z]")
MAX_VERSIONS = 20  # distinct versions compared per device (pairs among them are bounded)


def version_key(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(release numbers, build or hotfix suffix) of a version string.

    The release is the run of numbers joined by dots or parentheses after any leading
    letters; whatever follows (a hyphen, a word such as Build, HF or patch) is the
    suffix: "11.2.1-HF1" -> ((11, 2, 1), (hf, 1)); "A5(2.1)" -> ((5, 2, 1), ());
    "A1.3" and "A.1.3" -> ((1, 3), ()); "10.1 Build 120.13" -> ((10, 1), (build, 120, 13)).
    """
    parts = _VERSION_PART.findall(text.lower())
    i = next((k for k, p in enumerate(parts) if p.isdigit()), len(parts))
    release: list[str] = []
    while i < len(parts) and parts[i].isdigit():
        release.append(parts[i])
        i += 1
        dotted = i + 1 < len(parts) and parts[i] in ".()" and parts[i + 1].isdigit()
        if dotted or (i < len(parts) and parts[i] == ")"):
            i += 1
    suffix = tuple(p for p in parts[i:] if p.isalnum())
    return tuple(release), suffix


def _refines(
    a: tuple[tuple[str, ...], tuple[str, ...]], b: tuple[tuple[str, ...], tuple[str, ...]]
) -> bool:
    """One version is the other or the same release with a build or hotfix suffix added
    (11.2.1 -> 11.2.1-HF1). Differing dotted releases (10.0 and 10.0.1) conflict."""
    if a[0] != b[0]:
        return False
    short, long_ = (a[1], b[1]) if len(a[1]) <= len(b[1]) else (b[1], a[1])
    return long_[: len(short)] == short


def _shortens(
    short: tuple[tuple[str, ...], tuple[str, ...]], full: tuple[tuple[str, ...], tuple[str, ...]]
) -> bool:
    """``short`` is ``full``'s release cut after fewer numbers, with no suffix (11.2 of 11.2.1-HF1)."""
    return not short[1] and len(short[0]) < len(full[0]) and full[0][: len(short[0])] == short[0]


def _abbreviating_blocks(
    doc: Document, kept: dict[str, list[tuple[tuple[tuple[str, ...], tuple[str, ...]], Condition]]]
) -> set[tuple[str | None, str]]:
    """Places (section and block kind: the items of one list, one table) that shorten the
    releases of two or more devices stated in full elsewhere: a summary giving every
    device's major.minor release, not a conflict."""
    devices_by_block: dict[tuple[str | None, str], set[str]] = {}
    index = text_index(doc)
    for device, items in kept.items():
        for key, cond in items:
            if any(_shortens(key, other) for other, _ in items):
                block = index.block_at(cond.start)
                if block is not None:
                    place = (block.section, block.kind)
                    devices_by_block.setdefault(place, set()).add(device)
    return {place for place, devs in devices_by_block.items() if len(devs) >= 2}


def _abbreviates(doc: Document, summaries: set[tuple[str | None, str]], a: tuple, b: tuple) -> bool:
    """One of two statements is a summary block's shortened form of the other's release."""
    for (short, cond), (full, _) in ((a, b), (b, a)):
        block = text_index(doc).block_at(cond.start)
        place = (block.section, block.kind) if block is not None else None
        if place in summaries and _shortens(short, full):
            return True
    return False


@check("name_inconsistency")
def name_inconsistency(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """One device given two releases that are not refinements of each other, or a model
    number that appears once beside a device tested under a near-identical number."""
    versions: dict[str, dict[tuple[tuple[str, ...], tuple[str, ...]], Condition]] = {}
    for c in stated(extraction.conditions, "software_version"):
        if not c.device or not isinstance(c.value, str):
            continue
        key = version_key(c.value)
        if key[0] and len(versions.setdefault(c.device, {})) < MAX_VERSIONS:
            versions[c.device].setdefault(key, c)
    owners: dict[tuple[tuple[str, ...], tuple[str, ...]], set[str]] = {}
    for device, found in versions.items():
        for key in found:
            owners.setdefault(key, set()).add(device)
    names = {d.id: d.name for d in extraction.devices}
    kept = {
        # a release attributed to two devices was read from a sentence naming both: unreliable
        device: sorted(((k, c) for k, c in found.items() if len(owners[k]) == 1),
                       key=lambda kv: kv[1].start)
        for device, found in versions.items()
    }  # fmt: skip
    summaries = _abbreviating_blocks(doc, kept)
    for device, items in kept.items():
        for i, (key, cond) in enumerate(items):
            clash = next(
                (c0 for k0, c0 in items[:i] if not _refines(k0, key)
                 and not _abbreviates(doc, summaries, (k0, c0), (key, cond))),
                None,
            )  # fmt: skip
            if clash is not None and _one_sentence(doc, clash.end, cond.start):
                continue  # "6.4.1 in campaign B and 2.1.7 in campaign A": two setups, stated
            if clash is None or hedged(doc, cond.start, cond.end):
                continue
            line = doc.position(clash.start)[0]
            msg = (f'{names.get(device, device)} is given release "{clash.value}" (line {line}) '
                   f'and "{cond.value}" here; neither refines the other')  # fmt: skip
            yield Hit(cond.start, cond.end, msg, {"device": device,
                                                  "versions": [clash.value, cond.value]})  # fmt: skip
            break
    reported = False
    for hit in _model_slips(doc, extraction):
        reported = True
        yield hit
    if not reported:
        yield from _token_slips(doc)


def _one_sentence(doc: Document, end: int, start: int) -> bool:
    """Do the offsets lie in one sentence (no sentence end or blank line between)?"""
    gap = doc.text[end:start]
    return 0 <= len(gap) < 300 and not _SENTENCE_GAP.search(gap)


_SENTENCE_GAP = lazyre.compile(r"[.!?][ \t\n]|\n[ \t]*+\n")


SIBLING_RE = lazyre.compile(r"\b(?:famil\w+|series|line|siblings?|successors?|predecessors?|larger"
                        r"|smaller|bigger|other[ \t]+models?|models?|range|replac\w+|upgrade\w*)\b",
                        re.IGNORECASE)  # fmt: skip


def _model_slips(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    tested = {m.device for m in measured_figures(doc, extraction) if m.device}
    by_family: dict[tuple[str, str], list[Device]] = {}
    for d in extraction.devices:
        if d.model and d.family:
            by_family.setdefault(((d.vendor or "").lower(), d.family.lower()), []).append(d)
    for group in by_family.values():
        if len(group) < 2 or len(group) > 12:
            continue
        main = [d for d in group if d.id in tested]
        for slip in group:
            if slip.id in tested or len(slip.mentions) > 2 or not slip.mentions:
                continue
            other = next((d for d in main if _near(d.model or "", slip.model or "")
                          and len(d.mentions) >= 3 * len(slip.mentions)), None)  # fmt: skip
            if other is None:
                continue
            m = slip.mentions[0]
            block = text_index(doc).block_at(m.start)
            context = block.text if block is not None else ""
            if hedged(doc, m.start, m.end) or SIBLING_RE.search(context):
                continue
            msg = (
                f'"{m.text}" appears {len(slip.mentions)} time(s) beside {other.name}, the '
                f"tested device ({len(other.mentions)} mentions); one model number is wrong"
            )
            yield Hit(m.start, m.end, msg, {"device": other.id, "variant": slip.model})


MODEL_TOKEN_RE = lazyre.compile(r"(?<![\w.-])(?P<prefix>[A-Z]{1,4})-?(?P<num>\d{3,5})(?P<suffix>[A-Za-z]{0,3})"
                            r"(?![\w-])")  # fmt: skip
NOT_MODEL_PREFIXES = {"RFC", "ISO", "IEC", "IEEE", "EN", "ITU", "CVE", "SP", "NIST", "TLS", "SSL",
                      "SHA", "AES", "DES", "MD", "RC", "TCP", "UDP", "IP", "HTTP", "H", "X", "P",
                      "Q", "PCI", "DDR", "PC", "USB", "CAT", "ANSI", "ETSI", "UTC", "GMT", "AD",
                      "BC", "NS", "PO", "SKU", "ID", "US", "EU", "UK"}  # fmt: skip


def _token_slips(doc: Document) -> Iterator[Hit]:
    """Model numbers in the text: one written once or twice beside a near-identical one
    written many times (KV-3200 once, KV-3000 throughout)."""
    counts: dict[str, list[re.Match[str]]] = {}
    index = text_index(doc)
    for block in doc.blocks:  # the report's text (blocks leave out comments and markup)
        if block.kind == "code":
            continue
        for m in MODEL_TOKEN_RE.finditer(doc.text, block.start, block.end):
            if m.group("prefix") in NOT_MODEL_PREFIXES:
                continue
            key = f"{m.group('prefix')}-{m.group('num')}{m.group('suffix').lower()}"
            counts.setdefault(key, []).append(m)
    groups: dict[tuple[str, int], list[str]] = {}
    for key in counts:
        prefix, rest = key.split("-", 1)
        groups.setdefault((prefix, len(rest)), []).append(key)
    for keys in groups.values():
        if len(keys) < 2 or len(keys) > 12:
            continue
        for rare in keys:
            if len(counts[rare]) > 2:
                continue
            main = next((k for k in keys if len(counts[k]) >= max(3, 3 * len(counts[rare]))
                         and _near(k.split("-", 1)[1], rare.split("-", 1)[1])), None)  # fmt: skip
            if main is None:
                continue
            m = counts[rare][0]
            found = index.sentence_at(m.start())
            text = found[0].text if found is not None else ""
            same_prefix = {x.group(0) for x in MODEL_TOKEN_RE.finditer(text)
                           if x.group("prefix") == m.group("prefix")}  # fmt: skip
            if (found is not None and found[2]) or SIBLING_RE.search(text) or len(same_prefix) > 1:
                continue  # about others, about the product line, or a list of models
            shown = counts[main][0].group(0)
            msg = (
                f'"{m.group(0)}" appears {len(counts[rare])} time(s), while the report names '
                f'"{shown}" {len(counts[main])} times; one model number is wrong'
            )
            yield Hit(m.start(), m.end(), msg, {"variant": m.group(0), "model": shown})


def _near(a: str, b: str) -> bool:
    """Same length, digits in both, at most two characters different."""
    a, b = a.lower(), b.lower()
    if a == b or len(a) != len(b) or not re.search(r"\d", a) or not re.search(r"\d", b):
        return False
    return sum(x != y for x, y in zip(a, b, strict=True)) <= 2


# --- C003 methodology-contradiction ---------------------------------------------------------------

ZERO_FAILURE_RE = lazyre.compile(
    r"\bwithout\b|\bno\b|\bzero\b|\ball\b[^.;]{0,40}\bsuccessful\b", re.I
)
UNIVERSAL_RE = lazyre.compile(
    r"\b(?:all|every|each)[ \t]+(?:of[ \t]+the[ \t]+)?(?:tests?|runs?|measurements?|scenarios?"
    r"|results?|benchmarks?|trials?)\b|\bthroughout\b|\bfor[ \t]+all\b|\bexclusively\b|\bin[ \t]+every\b|\balways\b",
    re.IGNORECASE,
)


@check("methodology_contradiction")
def methodology_contradiction(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """A zero-failure criterion beside counted failures; a profile said to be used for all
    tests and a different one of the same kind elsewhere."""
    yield from _failures_despite_criteria(doc, extraction)
    yield from _profile_contradiction(doc, extraction)
    yield from _admitted_deviation(doc)
    yield from _run_parameter_conflicts(doc, extraction)


def _run_parameter_conflicts(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """A run parameter (threads, connections, duration, pipelining) stated with two values
    for the same test: at the later of the two definitive statements, listing every one."""
    for c in parameter_conflicts(extraction.runs):
        value, _run = c.second
        listed = "; ".join(
            f"{_param_text(v)} in the {_SOURCE_NAMES[r.source]}{' of ' + r.tool if r.tool else ''} (line "
            f"{doc.position(v.start)[0]})"
            for v, r in sorted(c.stated, key=lambda p: p[0].start)
        )
        yield Hit(value.start, value.end,
                  f"the report states the test's {c.name} as {_param_text(c.first[0])} and as "
                  f"{_param_text(value)}: {listed}", {"parameter": c.name,
                  "values": sorted({v.value for v, _ in c.stated})})  # fmt: skip


_SOURCE_NAMES = {"command": "command", "output": "tool output", "table": "parameter table",
                 "prose": "text"}  # fmt: skip


def _param_text(value: Any) -> str:
    return f"{value.value:g} s" if value.unit == "s" else f"{value.value:g}"


_METHOD_WORDS = (
    r"(?:section[ \t]+\d[\d.]*|method(?:ology)?|criteri(?:on|a)|procedure|test[ \t]+plan|protocol)"
)
ADMITTED_RE = lazyre.compile(
    rf"\b(?:while|whereas|although|though|but|even[ \t]+though|despite)\b[^.;]{{0,80}}?\b"
    rf"{_METHOD_WORDS}\b[^.;]{{0,40}}?\b(?:requires?|specif(?:y|ies|ied)|mandates?|calls?[ \t]+for"
    rf"|prescribes?)\b|(?<!not[ \t])(?<!never[ \t])\bcontrary[ \t]+to[ \t]+(?:the|our|its)[ \t]+"
    rf"(?:stated[ \t]+|own[ \t]+)?{_METHOD_WORDS}|(?<!not[ \t])(?<!never[ \t])\b(?:deviat\w+|departs?"
    rf"|departed)[ \t]+from[ \t]+(?:the|our|its)[ \t]+(?:stated[ \t]+|own[ \t]+)?{_METHOD_WORDS}",
    re.IGNORECASE,
)


def _admitted_deviation(doc: Document) -> Iterator[Hit]:
    """A sentence that itself says a test departed from the report's own method ("while
    section 1.2 requires the reference policy for every test")."""
    for _block, s, _m in prose_matches(doc, ADMITTED_RE):
        if hedged(doc, s.start):
            continue
        msg = (
            f'the report says this test departed from its own method ("{s.text[:120]}"); '
            f"its result is not valid under the stated method"
        )
        yield Hit(s.start, s.end, msg, {"sentence": s.text})


def _failures_despite_criteria(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Criteria indexed by test (a criterion for test T, or for no test, governs errors
    counted in T; errors counted outside any test meet the first criterion)."""
    first_any: Condition | None = None
    first_untested: Condition | None = None
    by_test: dict[str, Condition] = {}
    for c in stated(extraction.conditions, "failure_criteria"):
        if not isinstance(c.value, str) or not ZERO_FAILURE_RE.search(c.value):
            continue
        first_any = first_any or c
        if c.test:
            by_test.setdefault(c.test, c)
        else:
            first_untested = first_untested or c
    if first_any is None:
        return
    names = {d.id: d.name for d in extraction.devices}
    index = text_index(doc)
    grouped: dict[int, tuple[Condition, Condition, list[str]]] = {}  # one finding per sentence
    for e in stated(extraction.conditions, "errors"):
        value = e.value if isinstance(e.value, dict) else {}
        count = value.get("count")
        if not isinstance(count, int | float) or isinstance(count, bool) or count <= 0:
            continue
        if e.test:
            found = [c for c in (by_test.get(e.test), first_untested) if c is not None]
            crit = min(found, key=lambda c: c.start) if found else None
        else:
            crit = first_any
        if crit is None:
            continue
        what = str(value.get("kind") or "errors").replace("_", " ")
        device = names.get(e.device or "", e.device)
        located = index.sentence_at(e.start)
        key = located[0].start if located is not None else e.start
        entry = grouped.setdefault(key, (e, crit, []))
        entry[2].append(f"{count:,g} {what}{f' for {device}' if device else ''}")
    for e, crit, counts in grouped.values():
        line = doc.position(crit.start)[0]
        msg = (f'the method requires "{crit.value}" (line {line}), but the results report '
               f"{', '.join(counts)}; either the criterion was not applied or the figure is not "
               f"valid under it")  # fmt: skip
        yield Hit(e.start, e.end, msg, {"criterion": crit.value, "counts": counts})


def _profile_kind(value: str) -> str | None:
    """The kind of a profile value: a device runs one of each kind at a time. SMT or HT on
    or off is one kind; a named configuration (a profile, preset or template, the standard
    configuration, factory defaults) another; descriptions of a mode ("fast path", "L4-only
    mode") name no one configuration and have no kind."""
    low = value.lower()
    if low.startswith(("smt ", "ht ")):
        return low.split()[0]
    if low in ("fast path", "l4-only mode"):
        return None
    return "configuration"


def _profile_contradiction(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    index = text_index(doc)
    profiles = [c for c in stated(extraction.conditions, "profile")
                if not c.negated and isinstance(c.value, str)]  # fmt: skip
    in_sentence: dict[int, set[str]] = {}  # profiles named per sentence
    for c in profiles:
        found = index.sentence_at(c.start)
        if found is not None:
            in_sentence.setdefault(found[0].start, set()).add(c.value.lower())
    universal: dict[str, Condition] = {}
    for c in profiles:
        found = index.sentence_at(c.start)
        if found is None or len(in_sentence[found[0].start]) != 1:
            continue  # "FastL4 for L4 tests and FastHTTP for L7" is not one profile throughout
        if UNIVERSAL_RE.search(found[0].text):
            universal.setdefault(c.device or "*", c)
    if not universal:
        return
    reported: set[tuple[str, str]] = set()
    for c in profiles:
        claim = universal.get(c.device or "*") or universal.get("*")
        if claim is None or claim is c or claim.value.lower() == c.value.lower():
            continue
        kind = _profile_kind(claim.value)
        if kind is None or kind != _profile_kind(c.value):
            continue
        if index.block_at(c.start) is index.block_at(claim.start):
            continue  # both named in one passage: a comparison, not a contradiction
        key = (c.device or "*", c.value.lower())
        if key in reported:
            continue
        reported.add(key)
        line = doc.position(claim.start)[0]
        msg = (
            f"the report says the {claim.value} profile was used throughout (line {line}), "
            f"but here the {c.value} profile is used"
        )
        yield Hit(c.start, c.end, msg, {"stated": claim.value, "found": c.value})


# --- C004 dangling-reference ----------------------------------------------------------------------

APPENDIX_REF_RE = lazyre.compile(
    r"\bappendix[ \t]+(?P<app>[A-Z]|\d{1,2}|[IVX]{1,4})\b(?:[ \t]*+,?[ \t]*+(?:question|Q)[ \t]*+#?"
    r"[ \t]*+(?P<q>\d{1,3}))?",
    re.IGNORECASE,
)
QUESTION_REF_RE = lazyre.compile(r"\bquestion[ \t]*+#?[ \t]*+(?P<q>\d{1,3})\b", re.IGNORECASE)
SECTION_REF_RE = lazyre.compile(r"(?:\bsection|§)[ \t]*(?P<s>\d{1,2}(?:\.\d{1,2}){0,3})\b", re.I)
FIGURE_REF_RE = lazyre.compile(
    r"\b(?P<kind>charts?|figures?|figs?\.|tables?|exhibits?|graphs?)[ \t]+(?P<n>\d{1,3})"
    r"(?:[ \t]*(?:-|–|to|through)[ \t]*(?P<n2>\d{1,3}))?\b",
    re.IGNORECASE,
)
FOOTNOTE_REF_RE = lazyre.compile(r"<sup>[ \t]*(?P<n>\d{1,3})[ \t]*</sup>|\[\^(?P<md>[\w-]{1,20})\]")
# "RFC 2544 section 26", "Appendix C of RFC 3511", "section 4 of the IxLoad user guide"
EXTERNAL_BEFORE_RE = lazyre.compile(
    r"\b(?:RFC|ISO|IEEE|IETF|NIST|ETSI|ITU|EN|BS)\b[^.;]{0,25}$", re.I
)
EXTERNAL_AFTER_RE = lazyre.compile(  # matched right after a reference
    r"(?<![ \t])[ \t]*(?:of|in)[ \t]+(?:RFC|ISO|IEEE|IETF|NIST|ETSI|ITU)\b"
    r"|(?<![ \t])[ \t]*(?:of|in)[ \t]+(?:the[ \t]+"
    r"|their[ \t]+|an?[ \t]+)?(?!this\b)(?:[\w.-]+[ \t]+){0,3}(?:guide|standard|specification|paper"
    r"|datasheet|manual|white[ \t]?paper|handbook)\b",
    re.IGNORECASE,
)
APPENDIX_LABEL_RE = lazyre.compile(
    r"^[ \t#*_>|-]{0,8}appendix[ \t]+(?P<app>[A-Z]|\d{1,2}|[IVX]{1,4})\b", re.IGNORECASE | re.M
)
# "### 3. How is ...?", "Q4: Why ...", "Question 2 - ..." at the start of a line
QUESTION_LABEL_RE = lazyre.compile(
    r"^[ \t*_#>-]{0,8}(?:(?P<qq>Q(?:uestion)?[ \t]*+#?)(?P<q1>\d{1,3})\b[.):\-–]?"
    r"|(?P<q2>\d{1,3})[.)][ \t]++(?=[^\n]*\?))",
    re.MULTILINE,
)
SECTION_LABEL_RE = lazyre.compile(r"[\s*_#]{0,6}(?:section[ \t]+)?(?P<s>\d{1,2}(?:\.\d{1,2}){0,3})\.?"
                              r"[ \t]+[A-Z]", re.IGNORECASE)  # fmt: skip
FOOTNOTE_LABEL_RE = lazyre.compile(r"[\s\\*]{0,4}(?:<sup>[ \t]*(?P<n>\d{1,3})[ \t]*</sup>|\[?(?P<m>\d{1,3})"
                               r"[\].)][ \t])")  # fmt: skip
MD_FOOTNOTE_DEF_RE = lazyre.compile(r"^\[\^(?P<md>[\w-]{1,20})\]:", re.M)
MIN_CAPTIONS = 3  # figure/table references are checked only against this many captions
# every dangling reference lists what the report has: bounded, or the findings would grow
# with the references times the captions
MAX_RANGES = 12  # ranges of numbers in a message ("1-3, 5, 7-9")
MAX_NUMBERS = 100  # question numbers in a finding's evidence


@check("dangling_reference")
def dangling_reference(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """References to appendices, questions, sections, figures, tables or footnotes that the
    report does not contain."""
    index = _Targets(doc)
    sentences = text_index(doc)
    refs = (APPENDIX_REF_RE, QUESTION_REF_RE, SECTION_REF_RE, FIGURE_REF_RE, FOOTNOTE_REF_RE)
    for i in sentences.texts.any_of(*refs):  # a sentence none of them matches refers to nothing
        s, block, is_hedged = sentences.sentences[i]
        if block.kind in (*PROSE, "table") and not is_hedged:
            yield from index.check_sentence(doc, block, s)


class _Targets:
    """What the report contains: appendix labels, the questions of each appendix, numbered
    sections, caption numbers by kind, footnote numbers."""

    def __init__(self, doc: Document) -> None:
        text = doc.text
        self.appendices: list[tuple[int, str]] = sorted(
            (m.start(), m.group("app").upper()) for m in APPENDIX_LABEL_RE.finditer(text)
        )
        self.appendix_names = {a for _, a in self.appendices}
        self.questions: dict[str, set[int]] = {}  # appendix ("" for none) -> question numbers
        self.all_questions: set[int] = set()
        self.sections: set[str] = set()
        bounds = [p for p, _ in self.appendices]

        starts = doc.line_starts
        for n, lo in enumerate(starts):  # question labels, line by line (PDF text runs them on)
            hi = starts[n + 1] if n + 1 < len(starts) else len(text)
            q = QUESTION_LABEL_RE.match(text, lo, min(hi, lo + 300))
            if q is None:
                continue
            i = bisect_right(bounds, lo) - 1
            app = self.appendices[i][1] if i >= 0 else ""
            number = int(q.group("q1") or q.group("q2"))
            self.questions.setdefault(app, set()).add(number)
            self.all_questions.add(number)
        for b in doc.blocks:
            if b.kind != "heading" and not (b.kind == "paragraph" and len(b.text) <= 100):
                continue
            s = SECTION_LABEL_RE.match(b.text)
            if s and len(b.text) <= 100:
                self.sections.add(s.group("s"))
        self.captions: dict[str, set[int]] = {}
        for c in captions(doc):
            self.captions.setdefault(c.kind, set()).add(c.number)
        self.footnotes: set[int] = set()
        for b in doc.blocks:
            if b.kind == "footnote":
                f = FOOTNOTE_LABEL_RE.match(b.text)
                if f:
                    self.footnotes.add(int(f.group("n") or f.group("m")))
        self.md_footnotes = {m.group("md") for m in MD_FOOTNOTE_DEF_RE.finditer(text)}
        # per reference only a maximum and, for a finding, a listing: worked out once
        self.top_caption = {kind: max(numbers) for kind, numbers in self.captions.items()}
        self.top_footnote = max(self.footnotes, default=0)
        self.known_appendices = ", ".join(sorted(self.appendix_names)) or "none"
        self._shown: dict[tuple[str, str], str] = {}
        self._sorted: dict[str, list[int]] = {}

    def shown(self, what: str, key: str, numbers: set[int]) -> str:
        """``_ranges(numbers)`` for one listing (questions of an appendix, captions of a
        kind), formatted once: every reference that misses it shows the same text, so it
        shows at most ``MAX_RANGES`` ranges."""
        found = self._shown.get((what, key))
        if found is None:
            found = self._shown[(what, key)] = _ranges(numbers, MAX_RANGES)
        return found

    def check_sentence(self, doc: Document, block: Block, s: Sentence) -> Iterator[Hit]:
        text = s.text
        appendix_q_spans: list[tuple[int, int]] = []
        for m in APPENDIX_REF_RE.finditer(text):
            if (block.start == s.start and _leads(text, m.start(), 8)) or self._external(text, m):
                continue  # the appendix's own label, or another document's appendix
            app = m.group("app").upper()
            if m.group("q"):
                appendix_q_spans.append((m.start(), m.end()))
            start, end = s.start + m.start(), s.start + m.end()
            if app not in self.appendix_names:
                known = self.known_appendices
                yield Hit(start, end, f'"{m.group(0)}" refers to an appendix the report does not '
                          f"contain (appendices: {known})", {"reference": m.group(0)})  # fmt: skip
                continue
            q = m.group("q")
            found = self.questions.get(app, set())
            if q and found and int(q) not in found:
                msg = (
                    f'"{m.group(0)}" refers to question {q}, but Appendix {app} has questions '
                    f"{self.shown('appendix', app, found)}"
                )
                if app not in self._sorted:
                    self._sorted[app] = sorted(found)
                numbers = self._sorted[app]
                evidence = {"reference": m.group(0), "questions": numbers[:MAX_NUMBERS]}
                if len(numbers) > MAX_NUMBERS:
                    evidence["questions_total"] = len(numbers)
                yield Hit(start, end, msg, evidence)
        for m in QUESTION_REF_RE.finditer(text):
            if any(a <= m.start() < b for a, b in appendix_q_spans) or self._external(text, m):
                continue
            q = int(m.group("q"))
            if self.all_questions and q not in self.all_questions:
                msg = (
                    f'"{m.group(0)}" refers to a question the report does not contain '
                    f"(questions {self.shown('questions', '', self.all_questions)})"
                )
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})
        if len(self.sections) >= 2:
            for m in SECTION_REF_RE.finditer(text):
                if self._external(text, m) or m.group("s") in self.sections:
                    continue
                if m.group("s").split(".")[0] in self.sections and "." in m.group("s"):
                    continue  # the chapter exists; its subsections may be unnumbered headings
                msg = f'"{m.group(0)}" refers to a section the report does not contain'
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})
        yield from self._figures(doc, block, s)
        yield from self._footnotes(block, s)

    def _figures(self, doc: Document, block: Block, s: Sentence) -> Iterator[Hit]:
        for m in FIGURE_REF_RE.finditer(s.text):
            if block.start == s.start and _leads(s.text, m.start()) or self._external(s.text, m):
                continue  # the caption itself
            kind = _kind(m.group("kind"))
            have = self.captions.get(kind, set())
            if len(have) < MIN_CAPTIONS:
                continue
            top = max(int(m.group("n")), int(m.group("n2") or 0))
            if top > self.top_caption[kind]:
                msg = (
                    f'"{m.group(0)}" refers to a {kind} the report does not contain '
                    f"({kind}s {self.shown('captions', kind, have)})"
                )
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})

    def _footnotes(self, block: Block, s: Sentence) -> Iterator[Hit]:
        if block.kind == "footnote":
            return
        for m in FOOTNOTE_REF_RE.finditer(s.text):
            if m.group("md"):
                if self.md_footnotes and m.group("md") not in self.md_footnotes:
                    yield Hit(s.start + m.start(), s.start + m.end(),
                              f'footnote "{m.group(0)}" has no definition', {"reference": m.group(0)})  # fmt: skip
                continue
            n = int(m.group("n"))
            if len(self.footnotes) >= 2 and n > self.top_footnote:
                msg = f"footnote {n} is cited, but the footnotes end at {self.top_footnote}"
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})

    @staticmethod
    def _external(text: str, m: re.Match[str]) -> bool:
        return bool(EXTERNAL_BEFORE_RE.search(text[max(0, m.start() - 40) : m.start()])
                    or EXTERNAL_AFTER_RE.match(text, m.end()))  # fmt: skip


def _leads(text: str, at: int, limit: int = 6) -> bool:
    """Only markup precedes ``at`` ("**Figure 2**" leads; "See Figure 4" does not)."""
    return at <= limit and not any(ch.isalnum() for ch in text[:at])


def _ranges(numbers: set[int], limit: int | None = None) -> str:
    """{1, 2, 3, 5} -> "1-3, 5"; past ``limit`` ranges, "and N more"."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    if limit is not None and len(out) > limit:
        return f"{', '.join(out[:limit])} and {len(out) - limit} more"
    return ", ".join(out)
