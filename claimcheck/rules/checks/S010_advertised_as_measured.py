"""S010 advertised-as-measured: advertised figures standing in for measured ones."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.rules.cues import HEDGE_CUES
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    ADV_MARK_RE,
    ADV_WORDS,
    clip,
)

_I = re.IGNORECASE


# "the results reported in the overview are the advertised performance numbers".
ADVERTISED_RES = [
    # ... "its row uses the datasheet value", "the figures shown are taken from the spec sheet",
    # "the Y value is the figure its vendor advertises"
    lazyre.compile(rf"\b(?:results?|numbers?|figures?|values?|data|rows?|entry|entries)\b[^.;]{{0,80}}?"
               rf"\b(?:are|is|were|was|uses?|used|shows?|showed|quotes?|quoted|(?:comes?|came|taken)"
               rf"\s+from)\s+(?:(?:the|a|an|their|its|vendor'?s?|simply|just|only)\s+){{0,2}}"
               rf"(?:{ADV_WORDS}\b|(?:figure|value|number|rate)s?\s+(?:(?:the|its|their)\s+)?(?:vendor"
               rf"|maker|manufacturer)s?\s+(?:advertises|advertised|publishes|published|claims|claimed"
               rf"|quotes|quoted|lists|listed)\b)", _I),
    lazyre.compile(rf"\b{ADV_WORDS}\b[^.;]{{0,80}}?\b(?:in\s+place\s+of|instead\s+of|in\s+lieu\s+of|substitut"
               rf"\w+|stand(?:s|ing)?\s+in\s+for|as\s+a\s+placeholder|untested)\b", _I),
    lazyre.compile(rf"\b(?:taken|copied|quoted|used)\s+(?:directly\s+)?from\s+(?:the\s+)?(?:vendor'?s?\s+)?"
               rf"{ADV_WORDS}\b[^.;]{{0,60}}?\b(?:because|as|since)\b[^.;]{{0,40}}?\bnot\s+(?:be\s+)?"
               rf"(?:tested|measured|run)\b", _I),
]  # fmt: skip
# The sentence insists the figures are the report's own: it describes the practice, not doing it.
OWN_MEASUREMENT_RE = lazyre.compile(r"\b(?:our|this\s+report'?s?|this\s+review'?s?)\s+own\s+"
                                r"(?:measurements?|tests?|results?)\b|\ball\s+(?:\w+\s+){0,4}?(?:were|are)"
                                r"\s+(?:\w+\s+)?measured\b", _I)  # fmt: skip
# Hedge cues that are the subject of this rule itself do not make a sentence hedged here.
_OWN_TOPIC = {"datasheets", "data sheets", "marketing literature", "marketing numbers",
              "vendor published", "vendor's published", "published by the vendor",
              "according to", "instead of"}  # fmt: skip
_S010_HEDGE_RE = lazyre.compile(
    r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in sorted(set(HEDGE_CUES) - _OWN_TOPIC,
                                                             key=lambda s: (-len(s), s))) + r")(?![\w-])",
    _I,
)  # fmt: skip


@check("advertised_as_measured")
def advertised_as_measured(facts: FactStore) -> Iterator[Hit]:
    """S010: advertised figures reported in place of measured ones, or mixed with measured
    ones in a comparison without saying which is which."""
    ex = facts.extraction
    v = facts.view
    topic: dict[int, bool] = {}  # block -> its first sentence names others' practice
    for s in v.matching(*ADVERTISED_RES):  # a sentence none of them matches never fires
        if _S010_HEDGE_RE.search(s.text):
            continue
        if s.block not in topic:
            first = v.index.in_block(s.block)[:1]  # its first sentence opens with a topic cue
            topic[s.block] = bool(first) and first[0].topic_cue
        if topic[s.block]:
            continue
        m = next((m for rx in ADVERTISED_RES if (m := rx.search(s.text))), None)
        if m is None or s.hedged or OWN_MEASUREMENT_RE.search(s.text):
            continue
        yield Hit(s.start + m.start(), s.start + m.end(),
                  f'advertised figures are reported in place of measured ones ("{clip(m.group(0))}")'
                  f": they were not measured under the report's conditions", {"cue": m.group(0)})  # fmt: skip
    yield from _mixed_sources(v)
    by_span = {(m.start, m.end): m for m in ex.measurements}
    for claim in ex.claims:
        kinds = {
            by_span[(o.start, o.end)].kind for o in claim.operands if (o.start, o.end) in by_span
        }
        if kinds != {"advertised", "measured"} or ADV_MARK_RE.search(claim.text):
            continue
        if v.hedged_at(claim.start):
            continue
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares advertised with measured figures without saying '
                  f"which is which", {"claim": claim.stated})  # fmt: skip


# A table column that says where each figure comes from, and the words that mark a figure
# as the report's own measurement.
SOURCE_HEADER_RE = lazyre.compile(r"\b(?:source|origin|provenance|basis)\b|measured\s*/\s*(?:advertised"
                              r"|published|claimed)|\b(?:figure|value|data|number)s?[ \t]+(?:from"
                              r"|taken[ \t]+from)\b", _I)  # fmt: skip
MEASURED_CELL_RE = lazyre.compile(r"\b(?:measured|tested|our\s+(?:lab|test\w*|measurements?|bench\w*|runs?|own)"
                              r"|this\s+(?:report|test\w*)|in[ -]house)\b", _I)  # fmt: skip


def _mixed_sources(v: View) -> Iterator[Hit]:
    """A results table whose source column marks some rows as measured and others as datasheet
    figures or not at all; prose that quotes those rows beside measured ones."""
    flagged: list[tuple[str, float, str]] = []  # device, value, unit of rows not measured
    ms = sorted(v.ex.measurements, key=lambda m: m.start)
    starts = [m.start for m in ms]
    for block in v.doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        col = next((i for i, h in enumerate(table.header) if SOURCE_HEADER_RE.search(h)), None)
        if col is None:
            continue
        rows = [(r, r.cells[col].text.strip() if col < len(r.cells) else "") for r in table.body]
        if not any(MEASURED_CELL_RE.search(t) for _, t in rows):
            continue
        for row, text in rows:
            if MEASURED_CELL_RE.search(text) or not row.cells:
                continue
            devs = v.devices_in(row.start, row.end)
            i = bisect_right(starts, row.start - 1)
            while i < len(ms) and ms[i].start < row.end:
                for d in devs:
                    flagged.append((d, ms[i].value, ms[i].unit))
                i += 1
            what = f'a "{clip(text, 40)}" figure' if text else "a figure of unstated origin"
            yield Hit(row.cells[0].start, row.cells[0].end,
                      f"{what} sits in a table of measured results: advertised and measured "
                      f"figures are mixed", {"source": text})  # fmt: skip
    if not flagged:
        return
    flagged_devices: dict[tuple[float, str], set[str]] = {}  # (value, unit) -> devices
    for d, value, unit in flagged:
        flagged_devices.setdefault((value, unit), set()).add(d)
    done: set[int] = set()
    for m in ms:
        if m.source != "text" or (m.kind != "measured" or m.role != "result"):
            continue
        s = v.sentence_at(m.start)
        if s is None or s.hedged or s.start in done or ADV_MARK_RE.search(s.text):
            continue
        named = v.devices_in(s.start, s.end)
        if m.value == m.value and not named.isdisjoint(flagged_devices.get((m.value, m.unit), ())):
            done.add(s.start)
            yield Hit(m.start, m.end,
                      f"{m.text} is quoted beside measured figures but is not a measurement of "
                      f"this report (see its table): advertised and measured figures are mixed",
                      {"value": m.text})  # fmt: skip
