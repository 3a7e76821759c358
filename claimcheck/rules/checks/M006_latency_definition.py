"""M006 latency-definition: average only, compared at different loads, handshakes left out
on a TLS-terminating device.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.graph import PRECEDENCE
from claimcheck.facts.text import Sentence
from claimcheck.models import Condition, Document, Extraction, Measurement
from claimcheck.rules.queries import cited_figures, figures_by_span
from claimcheck.rules.registry import Hit, check

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
def latency_definition(facts: FactStore) -> Iterator[Hit]:
    """Latency as an average only; latency compared at different loads; latency without the
    connection/TLS setup on a device that terminates TLS."""
    doc = facts.doc
    figures = [m for m in facts.measured() if m.metric == "latency"]
    yield from _setup_excluded(facts, figures)
    if figures:
        average = list(_average_only(facts, figures))
        yield from average or _average_only_tables(doc, figures)
        yield from _different_loads(facts, figures)


def _setup_excluded(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    doc, extraction = facts.doc, facts.extraction
    tls = any(facts.stated(n) for n in ("tls_version", "cipher", "key_size"))
    if not tls:
        tls = next(facts.text.matches(TLS_TERMINATION_RE), None) is not None
    found: list[Sentence] = []
    for block, s, _m in facts.text.matches(SETUP_RE):
        if not EXCLUDED_RE.search(s.text):
            continue
        if NOT_EXCLUDED_RE.search(s.text):
            continue
        if not LATENCY_WORDS_RE.search(s.text) and not LATENCY_WORDS_RE.search(block.text):
            continue
        if facts.hedged(s.start):
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


def _average_only(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    doc = facts.doc
    stats = {str(c.value) for c in facts.stated("latency_statistic")}
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


def _different_loads(facts: FactStore, figures: list[Measurement]) -> Iterator[Hit]:
    extraction = facts.extraction
    loads = _Loads(extraction)
    spans = figures_by_span(figures)
    for c in extraction.claims:
        ops = [m for m in cited_figures(c, spans) if m.device]
        if len(ops) < 2 or ops[0].device == ops[1].device:
            continue
        a, b = loads.of(ops[0]), loads.of(ops[1])
        if a is None or b is None or a[0] == b[0] or not (a[1] or b[1]):
            continue
        if facts.hedged(c.start):
            continue
        msg = (
            f'"{c.stated}" compares latencies measured at different loads ({ops[0].text} at '
            f"{a[0]}, {ops[1].text} at {b[0]}); latency rises with load"
        )
        yield Hit(c.start, c.end, msg, {"loads": [a[0], b[0]]})
