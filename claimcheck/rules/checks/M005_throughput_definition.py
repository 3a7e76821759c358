"""M005 throughput-definition: bidirectional sums set against one-way figures, goodput
compared with wire throughput.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.models import Measurement
from claimcheck.rules.queries import cited_figures, figures_by_span
from claimcheck.rules.registry import Hit, check

THROUGHPUTS = ("throughput", "ssl_throughput", "compression_throughput")

BIDI_RE = lazyre.compile(
    r"\bbi-?directional\b|\bfull[ \t-]duplex\b|\bboth[ \t]+directions\b|\b(?:sum|total)[ \t]+of"
    r"[ \t]+(?:both|the[ \t]+two)[ \t]+directions\b|\bTx[ \t]*\+[ \t]*Rx\b",
    re.IGNORECASE,
)
BLANKET_BIDI_RE = lazyre.compile(
    r"\ball\b[^.;]{0,60}\b(?:throughput|figures|results|numbers|rates)\b[^.;]{0,40}"
    r"(?:bi-?directional|full[ \t-]duplex|both[ \t]+directions)",
    re.IGNORECASE,
)
GOODPUT_RE = lazyre.compile(
    r"\bgoodput\b|\bpayload\b|\bapplication[ \t-]layer\b|\bL7[ \t]+(?:data|content|payload)"
    r"|\bTransfer/sec\b|\bdata[ \t]+received\b|\bHTTP[ \t]+(?:body|payload|content)\b",
    re.IGNORECASE,
)
WIRE_RE = lazyre.compile(
    r"\bon[ \t]+the[ \t]+wire\b|\bwire[ \t-](?:rate|speed)\b|\bline[ \t-]rate\b|\blayer[ \t-]?[12]\b"
    r"|\bL[12][ \t]+(?:throughput|rate|bits?)\b|\bframes?\b|\binterface[ \t]+(?:counters?|rate)\b"
    r"|\bincluding[ \t]+(?:all[ \t]+)?(?:headers|overhead|framing)\b",
    re.IGNORECASE,
)
COMPARE_RE = lazyre.compile(r"\bthan\b|\bcompared\b|\bversus\b|\bvs\.?|\bagainst\b|\d(?:\.\d+)?[ \t]?x\b",
                        re.IGNORECASE)  # fmt: skip


@check("throughput_definition")
def throughput_definition(facts: FactStore) -> Iterator[Hit]:
    """Bidirectional throughput set against one-way figures; goodput compared with throughput."""
    figures = [m for m in facts.measured() if m.metric in THROUGHPUTS]
    if not figures:
        return
    yield from _bidirectional(facts, figures)
    yield from _goodput_vs_wire(facts, figures)


def _bidirectional(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    doc, extraction = facts.doc, facts.extraction
    for _block, s, _m in facts.text.matches(BLANKET_BIDI_RE):
        if not facts.text.hedge_cue_at(s.start):
            return  # the report says every throughput figure counts both directions
    bidi, oneway = [], []
    for m in figures:
        (bidi if BIDI_RE.search(_clause(facts, m)) else oneway).append(m)
    # a figure a table row or another sentence calls bidirectional is that figure wherever the
    # report repeats it, unless the repeating sentence itself talks about directions
    two_way = {(m.value, m.unit) for m in bidi} | _bidirectional_cells(facts)
    two_way -= {(v, u) for v, u in two_way if v in ROUND_RATES}
    index = facts.text
    moved = [
        m for m in oneway if (m.value, m.unit) in two_way and not index.says(AWARE_RE, m.start)
    ]
    if moved:
        taken = {id(m) for m in moved}
        oneway = [m for m in oneway if id(m) not in taken]
        bidi.extend(moved)
    bidi.sort(key=lambda m: m.start)
    if not bidi or not oneway:
        return
    spans = figures_by_span(figures)
    partners: dict[int, list[Measurement]] = {}  # figure start -> one-way figures cited with it
    for c in extraction.claims:
        ops = cited_figures(c, spans)
        for a in ops:
            partners.setdefault(a.start, []).extend(b for b in ops if b is not a)
    by_device: dict[str, Measurement] = {}  # the first one-way figure of each of two devices
    for o in oneway:
        if o.device and o.device not in by_device and len(by_device) < 2:
            by_device[o.device] = o
    oneway_ids = {id(o) for o in oneway}
    in_sentence: dict[int, list[Measurement]] = {}  # sentence start -> one-way figures in it
    for o in oneway:
        found = index.sentence_at(o.start)
        if found is not None:
            in_sentence.setdefault(found[0].start, []).append(o)
    reported: set[int] = set()
    for m in bidi:
        if facts.hedged(m.start):
            continue
        found = index.sentence_at(m.start)
        near = in_sentence.get(found[0].start, []) if found is not None else []
        other = next((o for o in near if o.device != m.device), near[0] if near else None)
        if (
            found is not None
            and ONE_WAY_RE.search(found[0].text)
            and not (
                other is not None
                and other.device != m.device
                and COMPARE_RE.search(found[0].text)
                and ONE_WAY_RE.search(_clause(facts, other, 80))
            )
        ):
            # "38 Gbps both ways, or 19 Gbps in each direction": said where it matters; but
            # "versus 25 Gbps for the Y in one direction" compares with a one-way figure
            continue
        if other is None:
            other = next((o for o in partners.get(m.start, []) if id(o) in oneway_ids), None)
        if other is None:
            other = next((o for d, o in by_device.items() if m.device and d != m.device), None)
        if other is None:
            continue
        line = doc.position(m.start)[0]
        if line in reported:
            continue
        reported.add(line)
        oline = doc.position(other.start)[0]
        msg = (f"{m.text} is a bidirectional throughput (both directions added), while "
               f"{other.text} (line {oline}) and the report's other throughput figures are not "
               f"said to be; a two-way sum is about twice a one-way figure and cannot be set "
               f"against it")  # fmt: skip
        yield Hit(m.start, m.end, msg, {"bidirectional": m.text, "other": other.text})


ONE_WAY_RE = lazyre.compile(r"\b(?:each|one|per|a[ \t]+single)[ \t]+direction\b|\bone[ \t-]way\b"
                        r"|\bunidirectional\b|\bhalf[ \t-]duplex\b", re.IGNORECASE)  # fmt: skip
ROUND_RATES = {1.0, 2.5, 5.0, 10.0, 25.0, 40.0, 50.0, 100.0, 200.0, 400.0}
AWARE_RE = lazyre.compile(r"\bdirections?\b|\bduplex\b|\bone[ \t-]way\b|\bboth[ \t]+ways\b|\bgoodput\b",
                      re.IGNORECASE)  # fmt: skip


def _bidirectional_cells(facts: FactStore) -> set[tuple[float, str]]:
    """(value, unit) of the quantities in table rows that say both directions are added."""
    doc, extraction = facts.doc, facts.extraction
    rows = [(r.start, r.end) for b in doc.blocks if b.table is not None for r in b.table.rows
            if BIDI_RE.search(" ".join(c.text for c in r.cells))]  # fmt: skip
    if not rows:
        return set()
    starts = [r[0] for r in rows]
    out = set()
    for q in extraction.quantities:
        i = bisect_right(starts, q.start) - 1
        if i >= 0 and q.start < rows[i][1] and q.unit:
            out.add((q.value, q.unit))
    return out


_CLAUSE_CUT = lazyre.compile(r"[,;:]|\b(?:while|whereas|against|compared|than|versus|vs|but|and)\b",
                         re.IGNORECASE)  # fmt: skip


def _clause(facts: FactStore, m: Measurement, after: int = 40) -> str:
    """The words that describe one figure: its clause up to the figure and ``after``
    characters after it."""
    doc = facts.doc
    found = facts.text.sentence_at(m.start)
    lo = found[0].start if found is not None else max(0, m.start - 80)
    hi = found[0].end if found is not None else m.end + 30
    pre = doc.text[max(lo, m.start - 100) : m.start]
    cuts = list(_CLAUSE_CUT.finditer(pre))
    pre = pre[cuts[-1].end() :] if cuts else pre
    post = doc.text[m.end : min(hi, m.end + after)]
    cut = _CLAUSE_CUT.search(post)
    return pre + " " + (post[: cut.start()] if cut else post)


def _kind_of(facts: FactStore, m: Measurement) -> str | None:
    doc = facts.doc
    block = facts.text.block_at(m.start)
    lo, hi = (block.start, block.end) if block is not None else (0, len(doc.text))
    text = doc.text[max(lo, m.start - 60) : min(hi, m.end + 40)]
    goodput, wire = bool(GOODPUT_RE.search(text)), bool(WIRE_RE.search(text))
    if goodput == wire:
        return None
    return "goodput" if goodput else "wire"


def _goodput_vs_wire(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    extraction = facts.extraction
    kinds = {id(m): _kind_of(facts, m) for m in figures}
    if not {"goodput", "wire"} <= set(kinds.values()):
        return
    spans = figures_by_span(figures)
    for c in extraction.claims:
        ops = cited_figures(c, spans)
        found = {kinds[id(m)] for m in ops}
        if {"goodput", "wire"} <= found and not facts.hedged(c.start):
            g = next(m for m in ops if kinds[id(m)] == "goodput")
            w = next(m for m in ops if kinds[id(m)] == "wire")
            msg = (
                f'"{c.stated}" compares goodput ({g.text}, payload only) with wire throughput '
                f"({w.text}, headers and framing included); they measure different things"
            )
            yield Hit(c.start, c.end, msg, {"goodput": g.text, "throughput": w.text})
