"""Capability claims against the report's own tables ("can serve up to 40 thousand requests
per second", "up to 52+ thousand") and verification claims ("beat its rated 800,000
sessions with 815,000", "fell short of", "met").

A capability names an entity (a table label the sentence or its paragraph names) and a
metric (the unit of its figure); the entity's best figure of that metric in the tables of
the section, else of the document, must respect the bound: "up to N" is contradicted by a
larger figure, "N+" by a smaller one. Consistent when one table fits; inconsistent only in
the section's own tables or when the document has one candidate table.

A verification compares two figures of one sentence: the target (the figure a word such as
"rated", "target", "budget", "advertised" introduces) and the achieved figure; the verb
says which way they must compare (a latency "beats" its budget by being lower).
"""

from __future__ import annotations

import math
import re

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract.claim_tables import (
    NUMBER,
    LabelIndex,
    TableView,
    cell_operand,
    in_scope,
    lower_is_better,
    make_claim,
    roles,
)
from claimcheck.extract.claims import apply, operand
from claimcheck.extract.judge import Judgement, polarity
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Quantity
from claimcheck.textkeys import fold
from claimcheck.units import convert, same_dimension

_INTRO = (" with", " at", "reaching", "hitting", "delivering", "achieving", ":")
MAX_VERBS = 8  # verification verbs read per sentence
_NUM = NUMBER
CAPABILITY_RE = lazyre.compile(
    r"\b(?P<q>up[ ]to|as[ ]many[ ]as|as[ ]much[ ]as|as[ ]high[ ]as|a[ ]peak[ ]of|peaks?[ ]at|"
    r"peaked[ ]at|a[ ]maximum[ ]of|max(?:imum)?[ ]of)[ ]++(?:~[ ]?)?"
    rf"(?P<n>{_NUM})(?P<plus>\+)?[ ]?(?P<scale>thousand|million|billion|[kKM](?![A-Za-z]))?",
    re.I,
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "k": 1e3, "m": 1e6}
VERB_RE = lazyre.compile(
    r"\b(?:(?P<exceed>beat(?:s|ing)?|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|top(?:s|ped)|"
    r"outstrip(?:s|ped)|went[ ]past|came[ ]in[ ](?:above|over))|"
    r"(?P<meet>met|meets|meeting|match(?:es|ed)|reach(?:es|ed)|hit(?:s|ting)?|achiev(?:es|ed))|"
    r"(?P<short>f[ae]ll(?:s|ing)?[ ]short[ ]of|miss(?:es|ed)|failed[ ]to[ ](?:reach|meet|hit))|"
    r"(?P<under>(?:came|stay(?:s|ed)|remain(?:s|ed)|kept)[ ](?:in[ ])?(?:under|below|within)))\b",
    re.I,
)
TARGET_RE = lazyre.compile(
    r"\b(?:rated|advertised|specified|spec(?:ification)?|datasheet|claimed|target(?:ed)?|goal|"
    r"promised|quoted|budget|limit|requirement|required|guaranteed|sla|nominal|listed|published|"
    r"objective|threshold)\b[^.;:\d]{0,30}$",
    re.I,
)
TARGET_AFTER_RE = lazyre.compile(
    r"^[ ]?(?:[a-z/]{1,12}[ ]){0,2}(?:rating|target|goal|budget|limit|requirement|spec|sla|"
    r"threshold|objective|figure|promise)\b",
    re.I,
)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _best(view: TableView, entity: str, metric: str, unit: str, low: bool) -> tuple | None:
    """(value in ``unit``, cell) of the entity's best figure of ``metric`` in one table."""
    best = None
    for gc in view.by_entity.get(entity, []):
        if gc.metric != metric:
            continue
        try:
            v = gc.value * (
                convert(1.0, gc.unit, unit) if gc.unit and unit and gc.unit != unit else 1.0
            )
        except Exception:  # noqa: BLE001 - another dimension: not this metric
            continue
        if best is None or (v < best[0] if low else v > best[0]):
            best = (v, gc)
    return best


def capability_claims(doc: Document, tables: list[TableView], index: LabelIndex, section: str | None,
                      sentence: Sentence, quantities: list[Quantity],
                      earlier: list[tuple[Sentence, list[Quantity]]]) -> list[Claim]:  # fmt: skip
    """Capability bounds of one sentence judged against the entity's table figures."""
    if not tables:
        return []
    out = []
    labels = index.labels
    for m in CAPABILITY_RE.finditer(sentence.text):
        start, end = sentence.start + m.start("n"), sentence.start + m.end()
        q = next((x for x in quantities if x.start <= end + 1 and x.end > start and x.unit), None)
        if q is None or q.is_percent or q.multiplier:
            continue
        metric = L.family_of_unit(q.unit)  # the figure's own unit says what it measures
        if metric is None:
            continue
        scale = _SCALE.get(fold(m.group("scale") or ""), 1.0)
        value = _number(m.group("n")) * scale
        decimals = len(m.group("n").split(".", 1)[1]) if "." in m.group("n") else 0
        subjects, _ = roles(sentence.text, index)
        for s, _qs in reversed(earlier):
            if subjects:
                break
            subjects = roles(s.text, index)[0][-1:]
        if not subjects:
            continue
        entity = subjects[0]
        stated = " ".join(doc.text[sentence.start + m.start() : max(end, q.end)].split())
        claim = make_claim(
            doc, "bound", "A004", sentence.text, start, max(end, q.end), stated, value
        )
        claim.subject, claim.metric = labels[entity], metric
        claim.qualifier = "at least" if m.group("plus") else fold(m.group("q"))
        claim.direction = "at-most" if not m.group("plus") else "at-least"
        _judge_capability(doc, claim, tables, section, entity, metric, q.unit, value, decimals,
                          scale, bool(m.group("plus")))  # fmt: skip
        out.append(claim)
    return out


def _judge_capability(doc: Document, claim: Claim, tables: list[TableView], section: str | None,
                      entity: str, metric: str, unit: str, value: float, decimals: int,
                      scale: float, plus: bool) -> None:  # fmt: skip
    lo, hi = ar.rounding_interval(value / scale, decimals)
    lo, hi = lo * scale, hi * scale
    if plus:
        lo, hi = value, math.inf
    else:
        lo = -math.inf
    low = lower_is_better(metric)
    if low:
        return  # "up to 3 ms" of a latency is a ceiling the best figure says nothing about
    levels = in_scope(tables, section, {entity})
    for n, scope in enumerate(levels):
        bests = [(t, b) for t in scope if (b := _best(t, entity, metric, unit, low)) is not None]
        if not bests:
            continue
        for t, (v, gc) in bests:
            if lo <= v < hi:
                claim.operands = [cell_operand(doc, t, gc)]
                apply(claim, Judgement("consistent", f"{v:,.0f}", v))
                return
        t, (v, gc) = bests[0]
        claim.operands = [cell_operand(doc, t, gc)]
        if n == 0 and scope[0].section == section or len(bests) == 1:
            side = "above" if v >= hi else "below"
            msg = (f'stated "{claim.stated}" for {claim.subject}; its best {metric} in the table '
                   f"(line {claim.operands[0].line}) is {gc.cell.text}, {side} the bound")  # fmt: skip
            apply(claim, Judgement("inconsistent", f"{v:,.0f}", v, "error", "bound", msg))
        else:
            claim.diagnosis = "no table of the document fits, and none is the claim's own"
        return


def verification_claims(
    doc: Document, sentence: Sentence, quantities: list[Quantity]
) -> list[Claim]:
    """Verification claims of one sentence: an achieved figure against a stated target."""
    figures = [q for q in quantities if not q.is_percent and not q.multiplier and not q.is_range]
    if len(figures) < 2:
        return []
    out = []
    for n, m in enumerate(VERB_RE.finditer(sentence.text)):
        if n >= MAX_VERBS:
            break
        after = [q for q in figures if q.start >= sentence.start + m.end()]
        if not after:
            continue
        target = after[0]
        before = sentence.text[: target.start - sentence.start]
        following = sentence.text[target.end - sentence.start :][:40]
        if not (TARGET_RE.search(before[-60:]) or TARGET_AFTER_RE.search(following)):
            continue
        others = [
            q
            for q in figures
            if q is not target and _compatible(q, target) and _achieved(q, target, sentence)
        ]
        if not others:
            continue
        with_unit = [q for q in others if q.unit]
        achieved = min(with_unit or others, key=lambda q: abs(q.start - target.start))
        verb = next(g for g in ("exceed", "meet", "short", "under") if m.group(g))
        words = sentence.text.lower().split()
        low = polarity(words, [target.unit, achieved.unit]) == "lower" and verb != "under"
        stated = " ".join(doc.text[sentence.start + m.start() : target.end].split())
        claim = make_claim(doc, "verification", "A004", sentence.text, sentence.start + m.start(),
                           target.end, stated, target.value)  # fmt: skip
        claim.direction = verb
        claim.operands = [operand(doc, achieved), operand(doc, target)]
        _judge_verification(claim, verb, low, achieved, target)
        out.append(claim)
    return out


def _achieved(q: Quantity, target: Quantity, sentence: Sentence) -> bool:
    """A figure that can be the achieved one: with a unit, or bare but introduced as a
    result ("with 512,400", "at 9,800", "reaching 41,200") and of the target's order of
    magnitude (not a count of tests: "in 3 of 4 runs")."""
    if q.unit:
        return True
    before = sentence.text[: q.start - sentence.start].rstrip().lower()
    if not before.endswith(_INTRO):
        return False
    return target.value > 0 and 0.1 <= q.value / target.value <= 10


def _compatible(a: Quantity, b: Quantity) -> bool:
    if not a.unit or not b.unit:
        return True
    return a.unit == b.unit or same_dimension(a.unit, b.unit)


def _judge_verification(
    claim: Claim, verb: str, low: bool, achieved: Quantity, target: Quantity
) -> None:
    try:
        a = achieved.value * (
            convert(1.0, achieved.unit, target.unit)
            if achieved.unit and target.unit and achieved.unit != target.unit
            else 1.0
        )
    except Exception:  # noqa: BLE001 - incomparable units
        return
    t = target.value
    better = a < t if low else a > t
    equal = math.isclose(a, t, rel_tol=1e-9)
    ok = {
        "exceed": better,
        "meet": better or equal,
        "short": not better and not equal,
        "under": a <= t,
    }[verb]
    pct = (a / t - 1) * 100 if t else math.nan
    rec = (
        f"{achieved.text} vs {target.text} ({pct:+.1f}%)"
        if t
        else f"{achieved.text} vs {target.text}"
    )
    if ok:
        apply(claim, Judgement("consistent", rec, a))
        return
    how = "equal to" if equal else ("below" if a < t else "above")
    msg = f'stated "{claim.stated}"; the achieved {achieved.text} is {how} the target {target.text}'
    if t:
        msg += f" ({pct:+.1f}%)"
    apply(claim, Judgement("inconsistent", rec, a, "error", "verification", msg))
