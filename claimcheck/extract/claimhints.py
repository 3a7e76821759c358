"""What a claim's sentence says about its operands: the subject it names before the stated
value, the reference after "than", "of", "vs", the metric and statistic words, and the
condition values it names around the stated value ("for 0 KB files ... between 1 and 36
CPUs", matched against the axes of the document's tables).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from claimcheck.extract.claimfacts import Candidate, OperandContext, number, words_between
from claimcheck.extract.claims import Pending

GROUPS = {"rps": "rate", "cps": "rate", "throughput": "rate", "ssl_tps": "rate",
          "concurrent_connections": "rate"}  # fmt: skip

STATISTICS = {"p50": "p50", "median": "p50", "p90": "p90", "p95": "p95", "p99": "p99",
              "p99.9": "p99.9", "average": "mean", "mean": "mean"}  # fmt: skip

CLAUSE_ENDS = {"and", "while", "whereas", "but", "so", "which", "where"}

CONNECTORS = {"than", "of", "vs", "vs.", "versus", "against", "compared", "over", "to"}
# after a stated value, what names its subject when none stands before it ("45% faster
# with the Kestrel K2", "2x gain for the Forge F1")
BY_WORDS = {"with", "for", "by", "using"}

NUMBER_WORDS = {"single": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0}

METRIC_WORDS = {
    "request": "rps", "requests": "rps", "rps": "rps", "req": "rps", "latency": "latency",
    "latencies": "latency", "throughput": "throughput", "connections": "cps", "cps": "cps",
    "efficiency": "efficiency", "efficient": "efficiency", "cpu": "cpu", "transactions": "ssl_tps", "tps": "ssl_tps",
    "memory": "memory", "ram": "memory", "footprint": "memory",
}  # fmt: skip


# The nouns of counted things next to a stated value ("33x fewer connections", "holds
# 180,000 sessions, 3 times as many"): the claim compares counts of them, not rates.
COUNTED = {"connections": "connection", "connection": "connection", "requests": "request",
           "request": "request", "users": "user", "sessions": "session",
           "transactions": "transaction", "packets": "packet"}  # fmt: skip


@dataclass(slots=True)
class Hints:
    """What a claim's sentence says about its operands."""

    subject: str | None = None
    reference: str | None = None
    metric: str | None = None
    conditions: dict[str, set[float]] = field(default_factory=dict)
    whole: int | None = None  # the start of the whole an earlier share of the sentence took
    statistic: str | None = None  # "p99", "median": the statistic of the cells it compares
    counted: str | None = (
        None  # the things it counts, when it compares counts ("fewer connections")
    )


def hints_of(
    facts: OperandContext, p: Pending, siblings: list[Pending], owned: list[Candidate]
) -> Hints:
    """The subject (the name last before the stated value, after the figure before it), the
    reference (a name after "than", "of", "vs"), the metric words and the conditions named
    around the stated value."""
    s = p.stated
    sent = p.sentence
    before = [c.q.end for c in owned if c.q.end <= s.start]
    earlier = [x for x in siblings if x.stated.start < s.start]
    lo = max([*before, *(x.stated.end for x in earlier), sent.start])
    names = facts.names(sent.start, sent.end)
    text = facts.doc.text
    subject = next((n[2] for n in reversed(names) if lo <= n[0] < s.start
                    and not _after_connector(text, sent.start, n[0])
                    and not _label(text, n[1])), None)  # fmt: skip
    if subject is None and earlier:  # "... than Y, and its p99 is 25% lower": the same X
        subject = earlier[-1].claim.subject
    after = [c.q.start for c in owned if c.q.start >= s.end]
    later = [x.stated.start for x in siblings if x.stated.start > s.start]
    hi = min([*after, *later, sent.end])
    reference = None
    words = words_between(facts.doc.text, s.end, hi)
    connected = next((k for k, (w, _) in enumerate(words) if w in CONNECTORS), None)
    if connected is not None:
        phrase = words[connected : connected + 5]
        stop = next((a for w, a in phrase[1:] if w in CLAUSE_ENDS), None)
        end = min(stop or hi, phrase[-1][1] + len(phrase[-1][0]), hi)
        start = words[connected][1]
        reference = next((n[2] for n in names if start <= n[0] < end and n[2] != subject), None)
    if subject is None:  # "Gain: 45% faster with the Kestrel K2": the subject comes after
        by = next((k for k, (w, _) in enumerate(words) if w in BY_WORDS), None)
        if by is not None and (connected is None or by < connected):
            start = words[by][1]
            subject = next((n[2] for n in names if start <= n[0] < hi and n[2] != reference),
                           None)  # fmt: skip
    whole = None
    if reference is None and p.claim.kind == "share":
        reference, whole = _shared_whole(p, siblings)
    near = [w for w, _ in words]
    before_words = [w for w, _ in reversed(words_between(facts.doc.text, sent.start, s.start, 200))]
    metric = next((METRIC_WORDS[w] for w in [*near, *before_words] if w in METRIC_WORDS), None)
    statistic = next((STATISTICS[w] for w in [*near, *before_words[:6]] if w in STATISTICS), None)
    if statistic and statistic not in ("mean",):
        metric = "latency" if metric is None or metric in GROUPS else metric
    first = min((x.stated.start for x in siblings), default=s.start)
    nxt = min(later, default=sent.end)
    conditions = _conditions(facts, s.end, nxt, sent.start, first)
    counted = next((COUNTED[w] for w in [*near[:4], *before_words[:4]] if w in COUNTED), None)
    return Hints(subject, reference, metric, conditions, whole, statistic, counted)


def _label(text: str, end: int) -> bool:
    """Is the name ending at ``end`` a label ("**Gain**:", "Result:"), not a subject?"""
    return text[end : end + 3].lstrip("*_").startswith(":")


def _after_connector(text: str, start: int, at: int) -> bool:
    """Is the name at ``at`` the object of "than", "vs", "of" (a reference, not a subject)?"""
    words = text[max(start, at - 20) : at].split()
    return (
        bool(words)
        and words[-1].lower() in CONNECTORS | {"the"}
        and (words[-1].lower() != "the" or len(words) > 1 and words[-2].lower() in CONNECTORS)
    )


def _shared_whole(p: Pending, siblings: list[Pending]) -> tuple[str | None, int | None]:
    """ "A keeps 58% of X's rate and B 49%": B's share has A's reference, and A's whole
    once A's operands are found."""
    earlier = [x for x in siblings if x.claim.kind == "share" and x.stated.start < p.stated.start]
    if not earlier:
        return None, None
    last = earlier[-1].claim
    whole = last.operands[1].start if len(last.operands) == 2 else None
    return last.reference, whole


def _conditions(
    facts: OperandContext, start: int, end: int, prefix: int, first: int
) -> dict[str, set[float]]:
    """Condition values named after the stated value (up to the next one), else before the
    sentence's first stated value: axis -> values."""
    out: dict[str, set[float]] = {}
    for lo, hi in ((start, end), (prefix, first)):
        found = _named_values(facts, lo, hi)
        for axis, values in found.items():
            out.setdefault(axis, values)
    return out


def _named_values(facts: OperandContext, start: int, end: int) -> dict[str, set[float]]:
    out: dict[str, set[float]] = {}
    for name, value in facts.conditions_in(start, end):
        v = number(value)
        if v is not None and v in facts.axes.get(name, ()):
            out.setdefault(name, set()).add(v)
    lo, hi = bisect_left(facts.q_starts, start), bisect_left(facts.q_starts, end)
    text = facts.doc.text
    values = [(q.value, q.end) for q in facts.quantities[lo:hi]
              if not q.unit and not q.is_percent and not facts.is_label(q)]  # fmt: skip
    values += [(NUMBER_WORDS[w], at + len(w)) for w, at in words_between(text, start, end, 40)
               if w in NUMBER_WORDS]  # fmt: skip
    for axis, known in facts.axes.items():
        if axis in out or "size" in axis:
            continue
        stems = facts.axis_words.get(axis, set())
        hit = {v for v, at in values if v in known and _noun_follows(text, at, end, stems)}
        if hit:
            out[axis] = hit
    return out


def _noun_follows(text: str, at: int, end: int, stems: set[str]) -> bool:
    """Is a word of the axis's name among the few words after a number ("1 and 36 CPUs")?"""
    return any(w[:3] in stems for w, _ in words_between(text, at, end, 4))
