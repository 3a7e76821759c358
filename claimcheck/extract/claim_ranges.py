"""Claims that summarise several pairs of the report's tables: a range of deltas ("ahead of
the others by 4-12% at every load", "20% ~ 45% or more faster", "between 2x and 3x
faster") and a bound on a delta ("within 15% of X").

The subject and the references are the table entities the sentence names (by their role:
an entity after "than", "of", "over", "vs", "against" is a reference, one after "and" keeps
the role of the one before; "the others", "competitors" stand for every other entity of
the table); a sentence that names no subject takes the last entity the paragraph named
before it. The pairs are the cells of subject and reference that share metric, statistic
and conditions, in the tables of the claim's section, else of the document. A range holds
when every delta it summarises falls inside it ("or more" opens it at the top); the
message lists the deltas outside with their conditions.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract import grid as G
from claimcheck.extract.claim_tables import (
    NUMBER,
    RATE_METRICS,
    LabelIndex,
    TableView,
    cell_key,
    cell_operand,
    condition_text,
    in_scope,
    lower_is_better,
    make_claim,
    named_entities,
    roles,
)
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Quantity
from claimcheck.textkeys import fold

MAX_LISTED = 6  # deltas listed in a message
_NUM = NUMBER
RANGE_RE = lazyre.compile(
    rf"(?P<between>\bbetween[ ]++|\bfrom[ ]++)?(?<![\d.,])(?P<lo>{_NUM})[ ]?(?P<lu>%|[x×](?![a-z]))?[ ]?"
    rf"(?P<sep>-|–|—|~|\bto\b|\band\b)[ ]?(?P<hi>{_NUM})[ ]?"
    r"(?P<hu>%|[x×](?![a-z])|-?fold\b|[ ]times\b)"
    r"(?P<more>[ ]++or[ ]++(?:more|higher|greater|better|faster|above)\b)?",
    re.I,
)
WITHIN_RE = lazyre.compile(
    rf"\bwithin[ ]++(?:about[ ]++)?(?P<n>{_NUM})[ ]?(?:%|percent\b)"
    r"(?P<of>[ ]++of[ ]++(?:(?:the|an?|its|their|our)[ ]++)?)?",
    re.I,
)
_EACH_OTHER = lazyre.compile(r"\b(?:each[ ]other|one[ ]another)\b", re.I)
_QUALIFIED = lazyre.compile(r"\b(?:about|approximately|around|roughly|some)[ ]++$", re.I)
_DIRECTION = lazyre.compile(
    r"\b(?:(?P<better>faster|better|ahead|outperform(?:s|ed|ing)?|quicker|beats?|leads?|"
    r"improvements?|gains?|advantage)|(?P<higher>more|higher|greater|increase[sd]?)|"
    r"(?P<lower>lower|less|fewer|smaller|reductions?|decrease[sd]?|cheaper)|"
    r"(?P<worse>slower|worse|behind|trails?))\b",
    re.I,
)
_OTHERS = lazyre.compile(
    r"\b(?:others?|competitors?|competition|rivals?|alternatives|the[ ]rest|every(?:one|thing)?|"
    r"all[ ]the|each)\b",
    re.I,
)


@dataclass(slots=True)
class Stated:
    """A stated range or bound: [low, high] in percent or as a multiple."""

    text: str
    start: int
    end: int
    low: float
    high: float
    decimals: int
    high_decimals: int
    percent: bool
    open_top: bool = False
    within: bool = False
    qualifier: str | None = None


@dataclass(slots=True)
class Pair:
    """Subject and reference cells of one table under one set of conditions."""

    view: TableView
    subject: G.GridCell
    reference: G.GridCell
    readings: list[float] = field(default_factory=list)  # the delta, then other readings


def _decimals(text: str) -> int:
    return len(text.split(".", 1)[1]) if "." in text else 0


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def stated_ranges(sentence: Sentence) -> list[Stated]:
    """The ranges and "within" bounds a sentence states."""
    out = []
    for m in RANGE_RE.finditer(sentence.text):
        unit = fold(m.group("hu").strip())
        if fold(m.group("sep")) == "and" and not m.group("between"):
            continue  # "5% and 10%" are two figures, not a range
        lu = fold(m.group("lu") or "")
        percent = unit == "%"
        if lu and (lu == "%") != percent:
            continue
        lo, hi = _number(m.group("lo")), _number(m.group("hi"))
        if lo > hi:
            continue
        start = sentence.start + m.start("lo")
        q = _QUALIFIED.search(sentence.text[max(0, m.start() - 20) : m.start()])
        out.append(Stated(m.group(0).strip(), start, sentence.start + m.end(), lo, hi,
                          _decimals(m.group("lo")), _decimals(m.group("hi")), percent,
                          bool(m.group("more")), qualifier=fold(q.group(0).strip()) if q else None))  # fmt: skip
    for m in WITHIN_RE.finditer(sentence.text):
        if not m.group("of"):
            continue  # "within 2%" with no reference: a tolerance, not a comparison
        n = _number(m.group("n"))
        text = " ".join(m.group(0).split()[:2])
        end = m.start() + len(m.group(0).rstrip())
        out.append(Stated(text, sentence.start + m.start(), sentence.start + end, 0.0, n,
                          0, _decimals(m.group("n")), True, within=True))  # fmt: skip
    return out


def _names_reference(sentence: Sentence, st: Stated, index: LabelIndex) -> bool:
    """True when a table entity is named right after "within N% of (the)"."""
    tail = sentence.text[st.end - sentence.start :].lstrip()
    first, _, rest = tail.partition(" ")
    if first.lower() in ("the", "a", "an", "its", "their", "our"):
        tail = rest.lstrip()
    found = named_entities(
        tail[: 20 + max((len(v) for v in index.labels.values()), default=0)], index
    )
    return bool(found) and found[0][0] == 0


def _direction(text: str) -> str | None:
    m = _DIRECTION.search(text)
    if m is None:
        return None
    return next(g for g in ("better", "higher", "lower", "worse") if m.group(g))


def _readings(s: float, r: float, direction: str, metric: str | None, percent: bool) -> list[float]:
    """The delta (or multiple) of subject ``s`` against reference ``r``: the usual reading
    first, then the others the wording allows."""
    if s <= 0 or r <= 0:
        return []
    low_better = lower_is_better(metric)
    if direction in ("better", "worse"):
        up = (direction == "better") != low_better  # the subject's figure is the larger
    else:
        up = direction == "higher"
    if not percent:
        return [s / r] if up else [r / s]
    if up:
        return [(s / r - 1) * 100]
    if direction in ("better", "worse") and low_better:
        return [(r / s - 1) * 100, (1 - s / r) * 100]  # "30% faster": speed, or time saved
    return [(1 - s / r) * 100]


def _pairs(tables: list[TableView], subject: str, refs: list[str], metric: str) -> list[Pair]:
    out = []
    for view in tables:
        mine = [gc for gc in view.by_entity.get(subject, []) if gc.metric == metric]
        if not mine:
            continue
        for ref in refs:
            theirs = {
                cell_key(view.grid, gc): gc
                for gc in view.by_entity.get(ref, [])
                if gc.metric == metric
            }
            for gc in mine:
                other = theirs.get(cell_key(view.grid, gc))
                if other is not None and gc.statistic in (None, "mean", "median", "p50"):
                    out.append(Pair(view, gc, other))
    return out


def _metrics(hint: str | None, tables: list[TableView], entities: set[str]) -> list[str]:
    """The metrics to try, the one the sentence names first, then rates, then the rest."""
    found: dict[str, None] = {}
    for t in tables:
        for m in t.metrics():
            if all(any(gc.metric == m for gc in t.by_entity.get(e, [])) for e in entities):
                found.setdefault(m, None)
    order = sorted(found, key=lambda m: (m != hint, m not in RATE_METRICS))
    return order if hint is None or hint in found else []


def range_claims(
    doc: Document,
    tables: list[TableView],
    index: LabelIndex,
    section: str | None,
    sentence: Sentence,
    earlier: list[tuple[Sentence, list[Quantity]]],
) -> list[Claim]:
    """Range and "within" claims of one sentence, judged against the tables' pairs."""
    if not tables:
        return []
    stated = stated_ranges(sentence)
    if not stated or _EACH_OTHER.search(sentence.text):
        return []  # runs "within 3% of each other": a spread, not a comparison
    labels = index.labels
    out = []
    for st in stated:
        subjects, refs = roles(sentence.text, index)
        if not subjects:
            for s, _ in reversed(earlier):
                found, _r = roles(s.text, index)
                if found:
                    subjects = found[-1:]
                    break
        direction = "higher" if st.within else _direction(sentence.text)
        if direction is None and not st.percent:
            direction = "higher"  # "between 2x and 3x the connections of X" is a multiple of X
        if not subjects or direction is None:
            continue
        subject = subjects[0]
        refs = [r for r in refs if r != subject]
        if st.within and not _names_reference(sentence, st, index):
            continue
        others = not refs and _OTHERS.search(sentence.text) is not None
        claim = make_claim(doc, "bound" if st.within else "range",
                           "A001" if st.percent else "A002", sentence.text, st.start, st.end,
                           st.text, st.high)  # fmt: skip
        claim.subject, claim.direction = labels[subject], direction
        claim.qualifier = "or more" if st.open_top else st.qualifier
        claim.metric = L.metric_of(sentence.text)
        levels = in_scope(tables, section, {subject} if others else {subject, *refs})
        if not refs and not others:
            levels = []
        _judge(doc, claim, st, levels, subject, refs, direction, labels)
        out.append(claim)
    return out


def _judge(doc: Document, claim: Claim, st: Stated, levels: list[list[TableView]], subject: str,
           refs: list[str], direction: str, labels: dict[str, str]) -> None:  # fmt: skip
    for scope in levels:
        others = refs
        if not others:
            others = [
                k for k in dict.fromkeys(k for t in scope for k in t.by_entity) if k != subject
            ]
        metrics = _metrics(claim.metric, scope, {subject})
        tried: list[tuple[str, list[Pair]]] = []
        for metric in metrics:
            pairs = _pairs(scope, subject, others, metric)
            for p in pairs:
                p.readings = _readings(
                    p.subject.value, p.reference.value, direction, metric, st.percent
                )
            pairs = [p for p in pairs if p.readings]
            if not pairs:
                continue
            tried.append((metric, pairs))
            if _fits(st, pairs):
                _verdict(doc, claim, st, metric, pairs, [], labels)
                return
            by_table: dict[int, list[Pair]] = {}
            for p in pairs:
                by_table.setdefault(p.view.index, []).append(p)
            if len(by_table) > 1:
                for one in by_table.values():
                    if _fits(st, one):
                        _verdict(doc, claim, st, metric, one, [], labels)
                        return
        if tried:
            metric, pairs = tried[0]
            _verdict(doc, claim, st, metric, pairs, _outside(st, pairs), labels)
            return


def _bounds(st: Stated) -> tuple[float, float]:
    if st.within:
        hi = ar.rounding_interval(st.high, st.high_decimals)[1]
        return -hi, hi
    lo, hi = ar.range_bounds(st.low, st.high, st.decimals, st.high_decimals)
    if st.qualifier in ar.ABOUT:
        lo, hi = lo * (1 - ar.ABOUT_TOLERANCE), hi * (1 + ar.ABOUT_TOLERANCE)
    return lo, (math.inf if st.open_top else hi)


def _fits(st: Stated, pairs: list[Pair]) -> bool:
    if _inside_all(st, pairs, 0):
        return True
    return all(len(p.readings) > 1 for p in pairs) and _inside_all(st, pairs, 1)


def _inside_all(st: Stated, pairs: list[Pair], reading: int) -> bool:
    lo, hi = _bounds(st)
    vals = [p.readings[min(reading, len(p.readings) - 1)] for p in pairs]
    if st.within:
        return all(-hi < v < hi for v in vals)
    return all(lo <= v < hi for v in vals)


def _outside(st: Stated, pairs: list[Pair]) -> list[Pair]:
    lo, hi = _bounds(st)
    if st.within:
        return [p for p in pairs if not -hi < p.readings[0] < hi]
    return [p for p in pairs if not lo <= p.readings[0] < hi]


def _fmt(st: Stated, v: float) -> str:
    return f"{v:+.2f}%" if st.percent else f"{v:.2f}x"


def _verdict(doc: Document, claim: Claim, st: Stated, metric: str, pairs: list[Pair],
             outside: list[Pair], labels: dict[str, str]) -> None:  # fmt: skip
    listed = pairs[:8]
    for p in listed:
        claim.operands.append(cell_operand(doc, p.view, p.subject))
        claim.operands.append(cell_operand(doc, p.view, p.reference))
    claim.reference = ", ".join(dict.fromkeys(p.reference.entity or "" for p in pairs))
    claim.metric = metric
    values = [p.readings[0] for p in pairs]
    lo, hi = min(values), max(values)
    rec = _fmt(st, lo) if len(values) == 1 else f"{_fmt(st, lo)} to {_fmt(st, hi)}"
    if not outside:
        apply(claim, Judgement("consistent", rec, hi))
        return
    shown = "; ".join(
        f"{p.reference.entity} {_fmt(st, p.readings[0])}"
        + (f" at {condition_text(p.subject)}" if condition_text(p.subject) else "")
        for p in outside[:MAX_LISTED]
    )
    more = f" and {len(outside) - MAX_LISTED} more" if len(outside) > MAX_LISTED else ""
    what = "within" if st.within else "range"
    msg = (f'stated "{st.text}" for {claim.subject} ({metric}); {len(outside)} of {len(pairs)} '
           f"recomputed deltas fall outside the {what}: {shown}{more}")  # fmt: skip
    apply(claim, Judgement("inconsistent", rec, hi, "error", "range", msg))
