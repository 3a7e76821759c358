"""Comparisons without a number: "X is much better than Y", "X is almost the same as Y",
"X is not doing well", judged by the direction the figures of the same sentence give.

A comparison word (better, faster, worse, slower, higher, lower, ahead, behind; the same
as, on par with, comparable to) between two names is a claim only when the sentence gives
exactly one figure of one kind to each name ("vproxy(112650.86 req/s) and
haproxy(42658.64 req/s)"): the figures then decide it and nothing else does.

- better / worse: the direction of the difference, by the metric's polarity (a rate is
  better higher, a time lower); a direction the figures contradict is inconsistent (A001);
- higher / lower / more / less: the direction of the figures themselves;
- the same: consistent within 10%, inconsistent beyond 50% apart, undecided between.

A comparison whose figures are not unambiguous is not reported (never guessed).
"""

from __future__ import annotations

from claimcheck import lazyre
from claimcheck.extract import judge
from claimcheck.extract.claimfacts import Candidate, OperandContext, owned_figures, words_between
from claimcheck.extract.claimhints import GROUPS, METRIC_WORDS
from claimcheck.extract.claims import apply, compatible, new_claim
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Operand, Quantity

# comparison word -> what it asserts of the subject against the reference
BETTER = {"better", "faster", "quicker", "superior", "ahead", "outperforms", "outperformed",
          "outperforming", "beats", "wins"}  # fmt: skip
WORSE = {"worse", "slower", "poorer", "behind", "lags", "trails", "inferior"}
UP = {"higher", "more", "greater", "larger", "bigger"}
DOWN = {"lower", "less", "fewer", "smaller"}
# "not doing well", "does not do well": the subject fares worse than the other name
NOT_WELL = {"doing", "do", "does", "did", "performing", "perform", "performs", "faring"}
# the same as, on par with, comparable to, similar to, equal to, identical to, as fast as
SAME_HEADS = {"same", "par", "comparable", "similar", "equal", "identical", "equivalent"}
INTENSIFIERS = {"much", "far", "significantly", "dramatically", "substantially", "way",
                "considerably", "a", "lot", "slightly", "somewhat", "bit", "almost",
                "nearly", "about", "roughly", "basically", "essentially", "exactly", "the",
                "is", "was", "are", "were", "performs", "performed", "runs", "ran"}  # fmt: skip
SAME_WITHIN = 0.10  # "the same": at most this far apart
NOT_SAME_BEYOND = 0.50  # and certainly not the same this far apart
MAX_WORDS = 60  # words of a sentence looked at


def qualitative_claims(
    doc: Document, facts: OperandContext, sentence: Sentence, quantities: list[Quantity]
) -> list[Claim]:
    """The number-less comparisons of one sentence that its own figures decide."""
    out = []
    for part in _lines(doc.text, sentence):
        qs = [q for q in quantities if part.start <= q.start and q.end <= part.end]
        figures = [q for q in qs if q.unit and not q.is_percent and not q.multiplier
                   and not facts.is_condition(q)]  # fmt: skip
        if len(figures) < 2 or any(q.is_percent or q.multiplier for q in qs):
            continue  # a stated percentage or multiple is the claim, read elsewhere
        words = words_between(doc.text, part.start, part.end, MAX_WORDS)
        for k in range(len(words)):
            kind = _kind(words, k)
            if kind is None:
                continue
            claim = _judge(doc, facts, part, figures, words, k, kind)
            if claim is not None:
                out.append(claim)
                break  # one comparison per sentence: its two figures are spent
    return out


def _lines(doc_text: str, sentence: Sentence) -> list[Sentence]:
    """The sentence, cut where a line of the document ends with a full stop (a hard line
    break the sentence splitter kept together: "... req/s).  \ntcp long connection: ...")
    and at semicolons (a comparison and its figures stay in one clause)."""
    out, at = [], 0
    text = doc_text[sentence.start : sentence.end]
    for m in _LINE_END_RE.finditer(text):
        out.append(Sentence(text[at : m.start() + 1], sentence.start + at))
        at = m.end()
    out.append(Sentence(text[at:], sentence.start + at))
    return [s for s in out if s.text.strip()]


_LINE_END_RE = lazyre.compile(r"[.!?][ \t]*\n|;")


def _kind(words: list[tuple[str, int]], k: int) -> str | None:
    """What the word at ``k`` asserts: better, worse, up, down, same, or None."""
    word = words[k][0]
    prev = words[k - 1][0] if k else ""
    negated = prev in ("not", "never") or prev.endswith("n't")
    if word == "well" and prev in NOT_WELL and k >= 2 and words[k - 2][0] in ("not", "never"):
        return "worse"
    if negated:
        return None
    if word in BETTER:
        return "better"
    if word in WORSE:
        return "worse"
    if word in SAME_HEADS and (word != "same" or prev == "the"):
        return "same"
    nxt = words[k + 1][0] if k + 1 < len(words) else ""
    if word in UP and nxt == "than":
        return "up"
    if word in DOWN and nxt == "than":
        return "down"
    return None


def _judge(
    doc: Document,
    facts: OperandContext,
    sentence: Sentence,
    figures: list[Quantity],
    words: list[tuple[str, int]],
    k: int,
    kind: str,
) -> Claim | None:
    at = words[k][1]
    owned = _labelled(doc.text, figures)
    if owned is None:
        names = facts.names(sentence.start, sentence.end)
        before = [n for n in names if n[1] <= at]
        if not before:
            return None
        subject = before[-1][2]
        owned = owned_figures(facts, sentence.start, sentence.end, figures, "sentence")
    else:
        said = [w for w, a in words if a < at]  # the label named before the comparison
        subject = next((w for w in reversed(said) if any(w in c.owners for c in owned)), "")
        if not subject:
            return None
    concluding = all(q.end <= at for q in figures)  # "A 41 ms, B 58 ms, so A is faster"
    if (
        not concluding
        and not _labelled(doc.text, figures)
        and not _reference_after(facts, sentence, words, k)
    ):
        return None  # "has gotten worse": a change over time, not a comparison of two names
    owned = [c for c in owned if not c.spec]  # "a 10 Gbps link" is no result
    mine = [c for c in owned if subject in c.owners]
    others = [c for c in owned if c.owners and subject not in c.owners]
    if len(mine) != 1 or len({o for c in others for o in c.owners}) != 1 or len(others) != 1:
        return None
    a, b = mine[0], others[0]
    if not compatible(a.q, b.q) or not _metric_agrees(words, k, a):
        return None
    b_q = judge.aligned(a.q, b.q)
    if not a.q.value or not b_q.value:
        return None
    start, end = _span(words, k)
    stated = Quantity(text=doc.text[start:end], start=start, end=end, value=0.0)
    claim = new_claim(doc, "percent-delta", "A001", sentence, stated, stated.text, end)
    claim.stated_value = None
    claim.direction = kind
    claim.subject, claim.reference = subject, next(iter(b.owners))
    claim.operands = [_operand(doc, a), _operand(doc, b)]
    verdict = _verdict(kind, a.q.value, b_q.value, [a.q.unit])
    if verdict is None:
        return None
    ok, rec = verdict
    if ok:
        apply(claim, judge.Judgement("consistent", rec, a.q.value / b_q.value))
        return claim
    msg = f'stated "{claim.stated}"; {a.q.text} vs {b.q.text}: {rec}'
    apply(claim, judge.Judgement("inconsistent", rec, a.q.value / b_q.value, "error",
                                 "wrong-direction", msg))  # fmt: skip
    return claim


def _reference_after(
    facts: OperandContext, sentence: Sentence, words: list[tuple[str, int]], k: int
) -> bool:
    """Does a name follow the comparison after "than", "as", "to" or "with" ("faster than
    the Forge F1", "the same as Y")? Without one, the figures' owners do not say what is
    compared with what."""
    for w, at in words[k + 1 : k + 4]:
        if w in ("than", "as", "to", "with", "against", "versus", "vs"):
            names = facts.names(at, min(sentence.end, at + 60))
            return bool(names)
    return False


def _labelled(text: str, figures: list[Quantity]) -> list[Candidate] | None:
    """Figures written right after a label of their own ("vproxy(112650.86 req/s)",
    "nginx: 41 ms"), each owned by its label, lower-cased; None unless every figure has a
    label and the labels differ."""
    out = []
    for q in figures:
        m = _LABEL_RE.search(text, max(0, q.start - 40), q.start)
        if m is None:
            return None
        out.append(Candidate(q, "sentence", frozenset({m.group(1).lower()})))
    labels = {next(iter(c.owners)) for c in out}
    return out if len(labels) == len(out) else None


_LABEL_RE = lazyre.compile(r"([A-Za-z][\w.-]{0,30})[ \t]*[(:=][ \t]*\Z")


def _verdict(kind: str, a: float, b: float, units: list[str]) -> tuple[bool, str] | None:
    """(holds, what the figures say) for the comparison ``kind`` of ``a`` against ``b``."""
    diff = (a - b) / abs(b)
    shown = f"{abs(diff) * 100:.1f}% {'higher' if diff > 0 else 'lower'}"
    if kind == "same":
        if abs(diff) <= SAME_WITHIN:
            return True, shown
        return (False, shown) if abs(diff) > NOT_SAME_BEYOND else None
    if kind in ("up", "down"):
        return (diff > 0) == (kind == "up"), shown
    better_high = judge.polarity([], units) == "higher"
    better = diff > 0 if better_high else diff < 0
    return better == (kind == "better"), shown


def _metric_agrees(words: list[tuple[str, int]], k: int, c: Candidate) -> bool:
    """A metric word in the words after the comparison ("better latency", "better than Y
    on latency") must be the figures'."""
    after = [w for w, _ in words[k + 1 : k + 6]]
    named = next((METRIC_WORDS[w] for w in after if w in METRIC_WORDS), None)
    if named is None:
        return True
    unit = c.q.unit
    from claimcheck.units import same_dimension

    mine = "latency" if same_dimension(unit, "second") else c.metric or "rps"
    return GROUPS.get(named, named) == GROUPS.get(mine, mine)


def _span(words: list[tuple[str, int]], k: int) -> tuple[int, int]:
    """The comparison as written, with its intensifier ("much better", "almost the same")."""
    first = k
    while first > 0 and words[first - 1][0] in INTENSIFIERS - {"is", "was", "are", "were"}:
        first -= 1
    last = k
    if words[k][0] in SAME_HEADS and k + 1 < len(words) and words[k + 1][0] in ("as", "to", "with"):
        last = k + 1
    if words[k][0] == "well":
        first = max(0, k - 2)
    return words[first][1], words[last][1] + len(words[last][0])


def _operand(doc: Document, c: Candidate) -> Operand:
    line, _ = doc.position(c.q.start)
    return Operand(text=c.q.text, value=c.q.value, unit=c.q.unit, start=c.q.start,
                   end=c.q.end, line=line, source="sentence",
                   entity=next(iter(sorted(c.owners)), None))  # fmt: skip
