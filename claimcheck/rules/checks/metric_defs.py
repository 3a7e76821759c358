"""Metric-definition checks (M005-M007): does the figure measure what its name says?

M005 throughput definitions (bidirectional sums set against one-way figures, goodput
compared with wire throughput), M006 latency definitions (average only, compared at
different loads, handshakes left out on a TLS-terminating device), M007 CPU
utilisation compared across devices whose percentages do not mean the same work.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.conditions.base import HEDGE_RE
from claimcheck.extract.sentences import Sentence
from claimcheck.link import PRECEDENCE
from claimcheck.models import Claim, Condition, Device, Document, Extraction, Measurement
from claimcheck.rules.queries import (
    hedged,
    measured_figures,
    prose_matches,
    prose_sentences,
    stated,
    text_index,
)
from claimcheck.rules.registry import Hit, check

THROUGHPUTS = ("throughput", "ssl_throughput", "compression_throughput")


def _by_span(figures: list[Measurement]) -> dict[tuple[int, int], Measurement]:
    return {(m.start, m.end): m for m in figures}


def _operands(claim: Claim, spans: dict[tuple[int, int], Measurement]) -> list[Measurement]:
    """The measured figures a claim cites (matched by source span)."""
    out = []
    for op in claim.operands:
        m = spans.get((op.start, op.end))
        if m is not None and m not in out:
            out.append(m)
    return out


# --- M005 throughput-definition -------------------------------------------------------------------

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
def throughput_definition(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Bidirectional throughput set against one-way figures; goodput compared with throughput."""
    figures = [m for m in measured_figures(doc, extraction) if m.metric in THROUGHPUTS]
    if not figures:
        return
    yield from _bidirectional(doc, extraction, figures)
    yield from _goodput_vs_wire(doc, extraction, figures)


def _bidirectional(
    doc: Document, extraction: Extraction, figures: list[Measurement]
) -> Iterator[Hit]:
    for _block, s, _m in prose_matches(doc, BLANKET_BIDI_RE):
        if not HEDGE_RE.search(s.text):
            return  # the report says every throughput figure counts both directions
    bidi, oneway = [], []
    for m in figures:
        (bidi if BIDI_RE.search(_clause(doc, m)) else oneway).append(m)
    # a figure a table row or another sentence calls bidirectional is that figure wherever the
    # report repeats it, unless the repeating sentence itself talks about directions
    two_way = {(m.value, m.unit) for m in bidi} | _bidirectional_cells(doc, extraction)
    two_way -= {(v, u) for v, u in two_way if v in ROUND_RATES}
    index = text_index(doc)
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
    spans = _by_span(figures)
    partners: dict[int, list[Measurement]] = {}  # figure start -> one-way figures cited with it
    for c in extraction.claims:
        ops = _operands(c, spans)
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
        if hedged(doc, m.start, m.end):
            continue
        found = index.sentence_at(m.start)
        if found is not None and ONE_WAY_RE.search(found[0].text):
            continue  # "38 Gbps both ways, or 19 Gbps in each direction": said where it matters
        near = in_sentence.get(found[0].start, []) if found is not None else []
        other = next((o for o in near if o.device != m.device), near[0] if near else None)
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


def _bidirectional_cells(doc: Document, extraction: Extraction) -> set[tuple[float, str]]:
    """(value, unit) of the quantities in table rows that say both directions are added."""
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


def _clause(doc: Document, m: Measurement) -> str:
    """The words that describe one figure: its clause up to the figure and a few words after."""
    found = text_index(doc).sentence_at(m.start)
    lo = found[0].start if found is not None else max(0, m.start - 80)
    hi = found[0].end if found is not None else m.end + 30
    pre = doc.text[max(lo, m.start - 100) : m.start]
    cuts = list(_CLAUSE_CUT.finditer(pre))
    pre = pre[cuts[-1].end() :] if cuts else pre
    post = doc.text[m.end : min(hi, m.end + 40)]
    cut = _CLAUSE_CUT.search(post)
    return pre + " " + (post[: cut.start()] if cut else post)


def _kind_of(doc: Document, m: Measurement) -> str | None:
    block = text_index(doc).block_at(m.start)
    lo, hi = (block.start, block.end) if block is not None else (0, len(doc.text))
    text = doc.text[max(lo, m.start - 60) : min(hi, m.end + 40)]
    goodput, wire = bool(GOODPUT_RE.search(text)), bool(WIRE_RE.search(text))
    if goodput == wire:
        return None
    return "goodput" if goodput else "wire"


def _goodput_vs_wire(
    doc: Document, extraction: Extraction, figures: list[Measurement]
) -> Iterator[Hit]:
    kinds = {id(m): _kind_of(doc, m) for m in figures}
    if not {"goodput", "wire"} <= set(kinds.values()):
        return
    spans = _by_span(figures)
    for c in extraction.claims:
        ops = _operands(c, spans)
        found = {kinds[id(m)] for m in ops}
        if {"goodput", "wire"} <= found and not hedged(doc, c.start, c.end):
            g = next(m for m in ops if kinds[id(m)] == "goodput")
            w = next(m for m in ops if kinds[id(m)] == "wire")
            msg = (
                f'"{c.stated}" compares goodput ({g.text}, payload only) with wire throughput '
                f"({w.text}, headers and framing included); they measure different things"
            )
            yield Hit(c.start, c.end, msg, {"goodput": g.text, "throughput": w.text})


# --- M006 latency-definition ----------------------------------------------------------------------

SETUP_RE = lazyre.compile(
    r"\b(?:TCP[ \t]+)?(?:connection[ \t]+(?:establishment|setup|set-up|open\w*)|three[ \t-]way"
    r"[ \t]+handshake|(?:TLS|SSL)[ \t]+(?:handshakes?|negotiation|session[ \t]+setup)|handshakes?)\b",
    re.IGNORECASE,
)
EXCLUDED_RE = lazyre.compile(
    r"\bnot[ \t]+(?:been[ \t]+)?(?:included|counted|measured|part[ \t]+of|considered)\b|\bexclud\w*"
    r"|\b(?:did|does|do)[ \t]+not[ \t]+(?:include|count|cover|measure)\b|\bleaves?[ \t]+out\b"
    r"|\bleft[ \t]+out\b|\bomit\w*|\bwithout[ \t]+(?:the[ \t]+)?(?:TCP|TLS|SSL|connection)\b"
    r"|\bafter[ \t]+the[ \t]+(?:connection|handshake|TLS)[^.;]{0,30}(?:established|complete)",
    re.IGNORECASE,
)
NOT_EXCLUDED_RE = lazyre.compile(r"\b(?:not|never)[ \t]+(?:been[ \t]+)?(?:exclud\w*|left[ \t]+out|omitted)\b",
                             re.IGNORECASE)  # fmt: skip
LATENCY_WORDS_RE = lazyre.compile(r"\blaten\w*|\bresponse[ \t]+times?\b|\bdelay\b|\bduration\b"
                              r"|\bround[ \t-]trip|\bTTFB\b|\btime[ \t]+to[ \t]+first", re.I)  # fmt: skip
TLS_TERMINATION_RE = lazyre.compile(
    r"\b(?:TLS|SSL)[ \t]+(?:termination|offload\w*|content[ \t]+switching|virtual[ \t]+servers?"
    r"|decryption|bridging|re-?encryption)\b|\bterminat\w+[ \t]+(?:the[ \t]+)?(?:TLS|SSL|HTTPS)\b"
    r"|\bencrypted[ \t]+(?:sessions|traffic|connections)\b|\bHTTPS\b|\bTLS[ \t]*1\.[0-3]\b"
    r"|\bTLS_[A-Z0-9_]{6,}\b",
    re.IGNORECASE,
)
SPREAD_RE = lazyre.compile(
    r"\b[Pp]\d{2}(?:\.\d+)?\b|\bpercentiles?\b|\bmedian\b|\bstd\.?[ \t]?dev|\bstandard[ \t]+deviation"
    r"|\bmax(?:imum)?\b|\bmin(?:imum)?\b|\bdistribution\b|\bhistogram\b|\bjitter\b|\bspread\b"
    r"|\btail\b|±|\+/-",
    re.IGNORECASE,
)


@check("latency_definition")
def latency_definition(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """Latency as an average only; latency compared at different loads; latency without the
    connection/TLS setup on a device that terminates TLS."""
    figures = [m for m in measured_figures(doc, extraction) if m.metric == "latency"]
    yield from _setup_excluded(doc, extraction, figures)
    if figures:
        average = list(_average_only(doc, extraction, figures))
        yield from average or _average_only_tables(doc, figures)
        yield from _different_loads(doc, extraction, figures)


def _setup_excluded(
    doc: Document, extraction: Extraction, figures: list[Measurement]
) -> Iterator[Hit]:
    tls = any(stated(extraction.conditions, n) for n in ("tls_version", "cipher", "key_size"))
    if not tls:
        tls = next(prose_matches(doc, TLS_TERMINATION_RE), None) is not None
    found: list[Sentence] = []
    for block, s, _m in prose_matches(doc, SETUP_RE):
        if not EXCLUDED_RE.search(s.text):
            continue
        if NOT_EXCLUDED_RE.search(s.text):
            continue
        if not LATENCY_WORDS_RE.search(s.text) and not LATENCY_WORDS_RE.search(block.text):
            continue
        if hedged(doc, s.start, s.end):
            continue
        found.append(s)
    if not found:
        return
    if not tls:
        for b in doc.blocks:
            if b.kind in ("table", "code") and TLS_TERMINATION_RE.search(b.text):
                tls = True
                break
    if not tls or not (figures or extraction.claims):
        return
    for s in found[:1]:
        msg = (f'latency leaves out connection and TLS setup ("{s.text[:110]}") although the '
               f"devices terminate TLS: the handshake is the work that differs most between "
               f"them, and comparisons of these latencies do not say so")  # fmt: skip
        yield Hit(s.start, s.end, msg, {"excluded": s.text})


def _average_only(
    doc: Document, extraction: Extraction, figures: list[Measurement]
) -> Iterator[Hit]:
    stats = {str(c.value) for c in stated(extraction.conditions, "latency_statistic")}
    if stats != {"mean"}:
        return  # a percentile is given, or no statistic at all (that is D001's finding)
    for b in doc.blocks:
        if b.kind == "heading":
            continue
        if LATENCY_WORDS_RE.search(b.text) and SPREAD_RE.search(b.text):
            return
        if b.table is not None and any(SPREAD_RE.search(h) for h in b.table.header):
            return
    m = figures[0]
    msg = (
        f"latency is given only as an average ({m.text}); with no percentile or spread, "
        f"tail latency, which users notice, is hidden"
    )
    yield Hit(m.start, m.end, msg, {"statistic": "mean"})


def _average_only_tables(doc: Document, figures: list[Measurement]) -> Iterator[Hit]:
    """A result table whose latency is only a mean, in a section that gives no other
    latency statistic: one finding per such table, at its first figure (a table of
    percentiles elsewhere in the report does not cover this result set)."""
    by_table: dict[int, list[Measurement]] = {}
    section_stats: dict[str | None, set[str | None]] = {}
    for m in figures:
        section_stats.setdefault(m.section, set()).add(m.statistic)
        if m.table is not None:
            by_table.setdefault(m.table, []).append(m)
    spread: set[str | None] = set()  # sections whose text or tool output gives a spread
    for b in doc.blocks:
        if b.kind != "heading" and LATENCY_WORDS_RE.search(b.text) and SPREAD_RE.search(b.text):
            spread.add(b.section)
    for ms in by_table.values():
        if {m.statistic for m in ms} != {"mean"} or section_stats[ms[0].section] != {"mean"}:
            continue
        if ms[0].section in spread:
            continue
        m = min(ms, key=lambda x: x.start)
        yield Hit(m.start, m.end,
                  f"latency in this table is only an average ({m.text}); with no percentile or "
                  f"spread for these results, tail latency, which users notice, is hidden",
                  {"statistic": "mean"})  # fmt: skip


class _Loads:
    """The load (concurrency, else load setting) stated for each scope, indexed once, so a
    figure's load is the most specific of its document, section, test and device scopes."""

    def __init__(self, extraction: Extraction) -> None:
        self.by_scope: dict[str, dict[str, list[Condition]]] = {}
        for c in extraction.conditions:
            if c.name in ("concurrency", "load_setting") and not c.hedged:
                self.by_scope.setdefault(c.scope, {}).setdefault(c.name, []).append(c)

    def of(self, m: Measurement) -> tuple[str, bool] | None:
        """(load value, stated per device) for a figure, or None when unknown or ambiguous."""
        scopes = ["document"]
        scopes += [f"section:{m.section}"] if m.section else []
        scopes += [f"test:{m.test}"] if m.test else []
        scopes += [f"device:{m.device}"] if m.device else []
        for name in ("concurrency", "load_setting"):
            found = [(PRECEDENCE[s.split(":")[0]], self.by_scope[s][name]) for s in scopes
                     if name in self.by_scope.get(s, {})]  # fmt: skip
            if not found:
                continue
            conds = max(found, key=lambda f: f[0])[1]
            if len(conds) != 1:
                return None
            value = conds[0].value
            if isinstance(value, dict):
                value = value.get("value")
            if isinstance(value, list) or value is None:
                return None
            return repr(value), conds[0].scope.startswith("device:")
        return None


def _different_loads(
    doc: Document, extraction: Extraction, figures: list[Measurement]
) -> Iterator[Hit]:
    loads = _Loads(extraction)
    spans = _by_span(figures)
    for c in extraction.claims:
        ops = [m for m in _operands(c, spans) if m.device]
        if len(ops) < 2 or ops[0].device == ops[1].device:
            continue
        a, b = loads.of(ops[0]), loads.of(ops[1])
        if a is None or b is None or a[0] == b[0] or not (a[1] or b[1]):
            continue
        if hedged(doc, c.start, c.end):
            continue
        msg = (
            f'"{c.stated}" compares latencies measured at different loads ({ops[0].text} at '
            f"{a[0]}, {ops[1].text} at {b[0]}); latency rises with load"
        )
        yield Hit(c.start, c.end, msg, {"loads": [a[0], b[0]]})


# --- M007 cpu-not-comparable ----------------------------------------------------------------------

OWN_TOOL_RE = lazyre.compile(
    r"\b(?:own|native|built-in|onboard|on-box|vendor-supplied|vendor's)[ \t]+(?:\w+[ \t]+)?"
    r"(?:tools?|console|GUI|dashboard|counters?|agents?|monitor\w*|statistics|commands?|CLI)\b"
    r"|\bas[ \t]+reported[ \t]+by[ \t]+(?:each|the)[ \t]+(?:device|appliance|DUT|vendor)"
    r"|\bshow[ \t]+(?:cpu|proc\w*|system[ \t]+resources)\b|\b(?:each|every)[ \t]+(?:device|appliance"
    r"|DUT|vendor)'s[ \t]+(?:own[ \t]+)?(?:management[ \t]+)?(?:tools?|console|GUI|dashboard"
    r"|counters?|agents?|monitor\w*|statistics|CLI|reporting|interface|software)\b",
    re.IGNORECASE,
)
CORES_RE = lazyre.compile(
    r"\bSMT\b|\bhyper-?thread\w*|\bHT\b|\blogical[ \t]+(?:cores|CPUs|processors)\b|\bmanagement"
    r"[ \t]+(?:cores?|CPUs?|planes?)\b|\breserved[ \t]+(?:cores?|CPUs?)\b|\bdata[ \t-]plane[ \t]+"
    r"(?:cores?|CPUs?)\b|\bdedicated[ \t]+(?:cores?|CPUs?)\b|\bpacket[ \t]+engines?\b",
    re.IGNORECASE,
)
CPU_WORDS_RE = lazyre.compile(r"\bCPU\b|\bprocessor\b|\butili[sz]ation\b", re.IGNORECASE)


@check("cpu_not_comparable")
def cpu_not_comparable(doc: Document, extraction: Extraction) -> Iterator[Hit]:
    """CPU percentages of different devices compared although they count different work."""
    figures = [m for m in measured_figures(doc, extraction) if m.metric == "cpu" and m.device]
    devices = {m.device for m in figures}
    if len(devices) < 2:
        return
    compared = [d for d in extraction.devices if d.id in devices]
    reason = _cores_differ(extraction, devices) or _own_tools(doc) or _threading(doc, compared)
    if reason is None:
        return
    spans = _by_span(figures)
    where: tuple[int, int, str] | None = None
    for c in extraction.claims:  # the first comparison that states its own numbers
        ops = _operands(c, spans)
        if len({m.device for m in ops}) < 2 or hedged(doc, c.start, c.end):
            continue
        if all(op.source == "sentence" for op in c.operands):
            where = (c.start, c.end, f'"{c.stated}" ({ops[0].text} vs {ops[1].text})')
            break
    if where is None:
        second = next(m for m in figures if m.device != figures[0].device)
        where = (second.start, second.end, f"{figures[0].text} vs {second.text}")
    start, end, shown = where
    msg = (
        f"CPU utilisation is compared across devices ({shown}), but {reason}; the two "
        f"percentages need not count the same work"
    )
    yield Hit(start, end, msg, {"reason": reason})


def _cores_differ(extraction: Extraction, devices: set[str]) -> str | None:
    cores: dict[str, Any] = {}
    for c in stated(extraction.conditions, "hardware"):
        if c.device in devices and isinstance(c.value, dict):
            n = c.value.get("cores") or c.value.get("vcpus") or c.value.get("vcpu")
            if n:
                cores.setdefault(c.device, n)
    if len(cores) >= 2 and len(set(map(repr, cores.values()))) > 1:
        shown = ", ".join(f"{d}: {n} cores" for d, n in sorted(cores.items()))
        return f"the devices have different core counts ({shown})"
    return None


def _own_tools(doc: Document) -> str | None:
    for _block, s, _m in prose_matches(doc, CPU_WORDS_RE):
        if OWN_TOOL_RE.search(s.text) and not hedged(doc, s.start, s.end):
            return f'each device\'s CPU comes from its own reporting ("{s.text[:90]}")'
    return None


def _names(device: Device) -> list[str]:
    names = {device.name, *device.aliases}
    return [n for n in names if n and len(n) >= 3]


STATE_RE = lazyre.compile(r"\b(?:enabled|disabled|on|off|reserved|dedicated|all|\d+)\b", re.I)


def _threading(doc: Document, compared: list[Device]) -> str | None:
    """A core or hyper-threading arrangement stated differently for the compared devices
    (for one device only, or with different settings)."""
    owner = {n: d.id for d in compared for n in _names(d)}
    if not owner:
        return None
    names_rx = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)"
                                   for n in sorted(owner, key=lambda s: (-len(s), s))))  # fmt: skip
    spans: list[str] = []
    for block in doc.blocks:
        if block.table is not None:
            spans.extend(" ".join(c.text for c in row.cells) for row in block.table.rows)
    spans.extend(s.text for _b, s in prose_sentences(doc))
    said: dict[str, tuple[frozenset[str], str]] = {}
    for text in spans:
        if not CORES_RE.search(text) or HEDGE_RE.search(text):
            continue
        named = {owner[m.group(0)] for m in names_rx.finditer(text)}
        if len(named) != 1:
            continue
        words = {m.group(0).lower() for m in CORES_RE.finditer(text)}
        words |= {m.group(0).lower() for m in STATE_RE.finditer(text)}
        said.setdefault(named.pop(), (frozenset(words), text))
    if not said:
        return None
    if len(said) == len({owner[n] for n in owner}) and len({w for w, _ in said.values()}) == 1:
        return None  # the same arrangement stated for every device
    device, (_, text) = next(iter(said.items()))
    name = next(d.name for d in compared if d.id == device)
    return f'core or hyper-threading handling differs between the devices ("{text[:90]}", {name})'
