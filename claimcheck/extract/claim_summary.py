"""Summary claims judged on the figures their words name, anywhere in the report.

"X delivered 1/3rd the additional median latency of Y" names its operands by meaning: X's
and Y's additional median latencies, stated (or implied by a total and a baseline) sections
before. The claim's facets (family, statistic, total or additional) are read from its words
as :mod:`claimcheck.extract.facets` reads each figure's; its two names from the sentence (a
reference named once for a list of claims: "X used 1/6th the memory and 55% of the CPU ...
of Y"). The pairs are a figure of X and one of Y with the claim's facets, measured under
the same conditions (one section):

- consistent when one pair gives the stated value;
- inconsistent only when exactly one pair (by values) is left and both names and the
  family are the claim's own words;
- unverifiable otherwise, with the pairs tried in the message.
"""

from __future__ import annotations

from bisect import bisect_left

from claimcheck import arithmetic as ar
from claimcheck.extract import facets as F
from claimcheck.extract.claimfacts import Candidate, OperandContext, words_between
from claimcheck.extract.claimhints import Hints
from claimcheck.extract.claims import Pending, apply, operand
from claimcheck.extract.judge import Judgement, aligned

MAX_PAIRS = 24  # pairs of figures judged for one claim
ADDITIONAL_WORDS = {"additional", "added", "extra", "overhead"}
# the family a claim's noun names ("1/6th the memory", "55% of the CPU")
FAMILY_WORDS = {"latency": "latency", "latencies": "latency", "delay": "latency",
                "memory": "memory", "ram": "memory", "footprint": "memory", "cpu": "cpu",
                "throughput": "rate", "rps": "rate", "requests": "rate"}  # fmt: skip
ROLES = ("total", "additional")


def summary_operands(facts: OperandContext, p: Pending, hints: Hints, judge) -> bool | None:  # noqa: ANN001
    """Judge the claim on the facet-matched figures of its two names (``judge``: the
    resolver's judge of one (subject, reference) pair): True when decided, False when its
    words name figures none of which fit (no other search should pair other figures), None
    when they name no figures this reads."""
    subject = hints.subject
    reference = hints.reference or _later_reference(facts, p, subject)
    if not subject or not reference or subject == reference:
        return None
    words = _claim_words(facts, p)
    asked = _family_and_role(words)
    if asked is None:
        return None
    family, role = asked
    statistic = F.statistic_of(words, last=False)  # the first statistic word after it
    figs = [f for f in F.figures(facts) if f.family == family and f.role == role]
    if statistic:
        figs = [f for f in figs if f.statistic == statistic]
    mine = [f for f in figs if f.owner == subject]
    theirs = [f for f in figs if f.owner == reference]
    pairs: list[tuple[F.Figure, F.Figure]] = []
    seen = set()
    for a in mine:
        for b in theirs:
            if a.section != b.section or a.statistic != b.statistic:
                continue
            key = (a.c.q.value, a.c.q.unit, b.c.q.value, b.c.q.unit)
            if key not in seen and len(pairs) < MAX_PAIRS:
                seen.add(key)
                pairs.append((a, b))
    if not pairs:
        # "the additional latency", "the CPU": only figures of that meaning may answer
        return False if role == "additional" or family == "cpu" else None
    for a, b in pairs:
        if judge(facts, p, _cand(a), _cand(b)) == "consistent":
            _provenance(facts, p, a, b)
            return True
    if len(pairs) == 1:
        a, b = pairs[0]
        judge(facts, p, _cand(a), _cand(b))
        _provenance(facts, p, a, b)
        return True
    claim = p.claim
    claim.operands = []
    claim.status, claim.recomputed, claim.recomputed_value = "unverifiable", None, None
    claim.severity = None
    claim.diagnosis = "ambiguous"
    shown = ", ".join(f"{a.c.q.text} vs {b.c.q.text}" for a, b in pairs[:3])
    more = f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
    claim.message = (f'stated "{claim.stated}": {len(pairs)} pairs of {subject} and '
                     f"{reference} figures ({shown}{more}), none fits")  # fmt: skip
    return False


def _cand(f: F.Figure) -> Candidate:
    return Candidate(f.c.q, "document", frozenset({f.owner}) if f.owner else f.c.owners)


def _provenance(facts: OperandContext, p: Pending, *figs: F.Figure) -> None:
    """Name where each operand stands, and what a derived one is made of."""
    doc = facts.doc
    for o, f in zip(p.claim.operands, figs, strict=False):
        o.entity = f.owner or o.entity
        if f.derived_from is not None:
            total, base = f.derived_from
            line_t, line_b = doc.position(total.start)[0], doc.position(base.start)[0]
            o.label = (f"{total.text} (line {line_t}) less the baseline {base.text} "
                       f"(line {line_b})")  # fmt: skip
    if p.claim.status == "inconsistent" and p.claim.message:
        where = "; ".join(f"{o.text} line {o.line}" for o in p.claim.operands)
        p.claim.message += f" (operands: {where})"


def _family_and_role(words: list[str]) -> tuple[str, str] | None:
    """The metric family a claim's words ask about and whether they compare totals or what
    one adds over the other ("additional"); None when no word names a family."""
    family = next((FAMILY_WORDS[w] for w in words if w in FAMILY_WORDS), None)
    if family is None:
        return None
    return family, "additional" if ADDITIONAL_WORDS & set(words) else "total"


def _claim_words(facts: OperandContext, p: Pending) -> list[str]:
    """The words after the stated value, up to the next stated value of its sentence or a
    clause end ("1/3rd the additional median latency and ...")."""
    end = p.clause[2] if p.clause else p.sentence.end
    words = [w for w, _ in words_between(facts.doc.text, p.stated.end, end, 10)]
    out = []
    for w in words:
        if w in ("and", "while", "whereas", "but", "of", "than") and out:
            break
        out.append(w)
    return out


def _later_reference(facts: OperandContext, p: Pending, subject: str | None) -> str | None:
    """The one name after the stated value that is not the subject, named after "of",
    "than" or "vs" (the reference a list of claims shares: "... and 1/8th the latency of Y")."""
    names = facts.names(p.stated.end, p.sentence.end)
    text = facts.doc.text
    found = set()
    for start, _end, key in names:
        if key == subject:
            continue
        before = text[max(p.stated.end, start - 12) : start].split()
        if before and before[-1].lower() in ("of", "than", "vs", "vs.", "versus"):
            found.add(key)
    return next(iter(found)) if len(found) == 1 else None


def summary_range(facts: OperandContext, p: Pending, hints: Hints) -> bool:
    """ "Y introduced between 130% and 850% more additional latency than X": the deltas of
    Y's figures over X's, one per statistic, in the claim's section. Consistent when every
    delta falls inside the range; inconsistent only when each statistic has one pair, all
    in the claim's paragraph, and one falls outside."""
    q = p.stated
    subject, reference = hints.subject, hints.reference or _later_reference(facts, p, None)
    if not subject or not reference or subject == reference or not q.is_range:
        return False
    words = _claim_words(facts, p)
    asked = _family_and_role(words)
    if asked is None:
        return False
    family, role = asked
    section = facts.doc.blocks[facts.block_of(p.sentence.start)].section
    figs = [f for f in F.figures(facts) if f.family == family and f.role == role
            and f.section == section and f.statistic]  # fmt: skip
    pairs: dict[str, list[tuple[F.Figure, F.Figure]]] = {}
    for a in (f for f in figs if f.owner == subject):
        for b in (f for f in figs if f.owner == reference and f.statistic == a.statistic):
            pairs.setdefault(a.statistic or "", []).append((a, b))
    if not pairs or any(len(v) > 1 for v in pairs.values()):
        return False  # several pairs of one statistic: which the range summarises is unknown
    chosen = [v[0] for v in pairs.values()]
    lo, hi = ar.range_bounds(q.range_low or 0.0, q.range_high or 0.0, q.decimals,
                             q.high_decimals)  # fmt: skip
    lower = p.claim.direction == "lower"
    deltas = []
    for a, b in chosen:
        s, r = a.c.q.value, aligned(a.c.q, b.c.q).value
        if not s or not r:
            return False
        if q.multiplier:
            deltas.append(s / r if not lower else r / s)
        else:
            deltas.append((s / r - 1) * 100 if not lower else (1 - s / r) * 100)
    outside = [(ab, d) for ab, d in zip(chosen, deltas, strict=True) if not lo <= d < hi]
    claim = p.claim
    doc = facts.doc
    claim.operands = [operand(doc, f.c.q, "document") for ab in chosen for f in ab]
    unit = "x" if q.multiplier else "%"
    shown = "; ".join(f"{a.statistic} {a.c.q.text} vs {b.c.q.text}: {d:.1f}{unit}"
                      for (a, b), d in zip(chosen, deltas, strict=True))  # fmt: skip
    rec = f"{min(deltas):.1f}{unit} to {max(deltas):.1f}{unit}"
    if not outside:
        apply(claim, Judgement("consistent", rec, max(deltas)))
        return True
    block = facts.block_of(p.sentence.start)
    if len(chosen) < 2 or any(f.block != block for ab in chosen for f in ab):
        claim.operands = []
        return False
    where = "; ".join(f"{o.text} line {o.line}" for o in claim.operands)
    msg = (f'stated "{claim.stated}"; {len(outside)} of {len(chosen)} recomputed deltas fall '
           f"outside the range ({shown}; operands: {where})")  # fmt: skip
    apply(claim, Judgement("inconsistent", rec, max(deltas), "error", "range", msg))
    return True


# the end of a stated range a claim names ("within 86% of the lower bound")
BOUND_ENDS = {"lower": 0, "low": 0, "minimum": 0, "upper": 1, "high": 1, "maximum": 1}
BOUND_WORDS = {"bound", "end", "estimate", "target"}
MAX_SECTION_FIGURES = 60  # quantities of a section read for multiples


def bound_of_multiples(facts: OperandContext, p: Pending) -> bool:
    """ "Actual gain: 1.47x ... (within 86% of the lower bound)" under "Expected gain:
    1.7-2.2x": a share of one multiple in an end of a stated range of multiples, in the
    claim's section. Consistent when the share (or, for "within", the gap) gives the stated
    percentage; never inconsistent (which reading the writer meant is not written)."""
    claim = p.claim
    before = words_between(facts.doc.text, max(p.sentence.start, p.stated.start - 12),
                           p.stated.start)  # fmt: skip
    within = claim.direction == "within" or bool(before) and before[-1][0] == "within"
    if not (claim.kind == "share" or within) or not p.stated.is_percent:
        return False
    said = [w for w, _ in words_between(facts.doc.text, p.sentence.start, p.sentence.end, 40)]
    end = next((BOUND_ENDS[w] for k, w in enumerate(said[:-1])
                if w in BOUND_ENDS and said[k + 1] in BOUND_WORDS), None)  # fmt: skip
    if end is None:
        return False
    ranges, single = _section_multiples(facts, p)
    ends = {r[end].value for r in ranges}
    if len(ends) != 1 or len(single) != 1:
        return False
    whole = next(r[end] for r in ranges)
    part = single[0]
    share = part.value / whole.value * 100 if whole.value else None
    gap = abs(part.value - whole.value) / whole.value * 100 if whole.value else None
    stated = p.stated
    for value in (share, gap if within else None):
        if value is None:
            continue
        if ar.verify(stated.value, value, stated.decimals, None, stated.scale).consistent:
            doc = facts.doc
            claim.operands = [operand(doc, part, "paragraph"), operand(doc, whole, "paragraph")]
            rec = f"{ar.format_number(value, ar.shown_decimals(stated.decimals))}%"
            apply(claim, Judgement("consistent", rec, value))
            return True
    return False


def _section_multiples(facts: OperandContext, p: Pending) -> tuple[list, list]:
    """(ranges of multiples as (low, high) quantities, single multiples) of the claim's
    section: "1.7-2.2x" is read as a bare number, a dash and a multiple."""
    doc = facts.doc
    bi = facts.block_of(p.sentence.start)
    section = doc.blocks[bi].section
    lo = bi
    while lo > 0 and doc.blocks[lo - 1].section == section:
        lo -= 1
    hi = bi
    while hi + 1 < len(doc.blocks) and doc.blocks[hi + 1].section == section:
        hi += 1
    start, stop = doc.blocks[lo].start, doc.blocks[hi].end
    a, b = bisect_left(facts.q_starts, start), bisect_left(facts.q_starts, stop)
    qs = facts.quantities[a:b][:MAX_SECTION_FIGURES]
    ranges, single, used = [], [], set()
    for k, q in enumerate(qs):
        if q.multiplier and q.is_range and q.range_low is not None and q.range_high is not None:
            low = q.model_copy(update={"value": q.range_low, "range_low": None, "range_high": None})
            high = q.model_copy(update={"value": q.range_high, "range_low": None,
                                        "range_high": None})  # fmt: skip
            ranges.append((low, high))
            continue
        nxt = qs[k + 1] if k + 1 < len(qs) else None
        if (not q.unit and not q.multiplier and nxt is not None and nxt.multiplier
                and doc.text[q.end : nxt.start].strip() in ("-", "–", "to")):  # fmt: skip
            ranges.append((q, nxt))
            used.add(id(nxt))
            continue
        if q.multiplier and not q.is_word and id(q) not in used:
            single.append(q)
    return ranges, single
