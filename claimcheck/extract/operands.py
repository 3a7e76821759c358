"""Operands of a claim found through the facts, not through the wording of its sentence.

For a claim left without operands, candidates are asked for along a scope ladder: the
figures of its sentence, of the sentences before it in the paragraph, of the paragraphs
before it in the section, then the table cells of its section and of the document. Each
prose figure is owned by the name beside it ("1.1 ms on the Falcon", "device Y 100,000
RPS"); each table cell by its entity, its table's title and its conditions. The claim's
own names (the subject before the stated value, the reference after "than", "of", "vs")
and the conditions it names ("for 0 KB files ... between 1 and 36 CPUs") select among
them. Every plausible assignment of subject and reference is tried (a bounded number):
the claim is consistent when one fits, inconsistent only when the assignment is
unambiguous, and unverifiable otherwise, with a message that says which.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace
from itertools import combinations, islice

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import judge
from claimcheck.extract.claimlex import IDENT_WORDS
from claimcheck.extract.claims import SIZE_WORDS, Pending, apply, compatible, judge_pair
from claimcheck.extract.context import RESPECTIVELY_RE
from claimcheck.extract.context import entities as capitalised
from claimcheck.extract.measurements import SPEC_AFTER
from claimcheck.extract.tablecells import cell_labels
from claimcheck.models import Document, Extraction, Measurement, Operand, Quantity
from claimcheck.units import is_information, same_dimension

MAX_CANDIDATES = 6  # figures one role may take before the claim counts as ambiguous
MAX_CLAIMS = 12  # claims of one sentence that are resolved (each reads the sentence again)
MAX_OWNED = 40  # figures of one sentence or paragraph that may be operands
MAX_SCAN = 2000  # table cells looked at per claim (the document's first ones)
PREVIOUS_BLOCKS = 3  # paragraphs before the claim's own that it may cite
GROUPS = {"rps": "rate", "cps": "rate", "throughput": "rate", "ssl_tps": "rate",
          "concurrent_connections": "rate"}  # fmt: skip
STATISTICS = {"p50": "p50", "median": "p50", "p90": "p90", "p95": "p95", "p99": "p99",
              "p99.9": "p99.9", "average": "mean", "mean": "mean"}  # fmt: skip
KINDS = ("percent-delta", "ratio", "share")
PREPOSITIONS = {"on", "for", "from", "by", "with", "in", "at", "under", "via", "using", "of"}
CLAUSE_ENDS = {"and", "while", "whereas", "but", "so", "which", "where"}
CONNECTORS = {"than", "of", "vs", "vs.", "versus", "against", "compared", "over", "to", "with"}
NUMBER_WORDS = {"single": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0}
_WORD_RE = lazyre.compile(r"[A-Za-z][A-Za-z0-9.'’-]*+")
METRIC_WORDS = {
    "request": "rps", "requests": "rps", "rps": "rps", "req": "rps", "latency": "latency",
    "latencies": "latency", "throughput": "throughput", "connections": "cps", "cps": "cps",
    "efficiency": "efficiency", "efficient": "efficiency", "cpu": "cpu", "transactions": "ssl_tps", "tps": "ssl_tps",
}  # fmt: skip


@dataclass(slots=True)
class Candidate:
    """A figure that may be one operand of a claim, and who or what it measures."""

    q: Quantity
    source: str
    owners: frozenset[str] = frozenset()
    m: Measurement | None = None
    metric: str | None = None
    word: str = ""  # the word right after a bare number ("60K rps"): its unit as written
    spec: bool = False  # what a link, a port or a licence is rated for ("a 10 Gbps link")
    run: int | None = None  # index of its load-tool run in ``Extraction.runs``


@dataclass(slots=True)
class Hints:
    """What a claim's sentence says about its operands."""

    subject: str | None = None
    reference: str | None = None
    metric: str | None = None
    conditions: dict[str, set[float]] = field(default_factory=dict)
    whole: int | None = None  # the start of the whole an earlier share of the sentence took
    statistic: str | None = None  # "p99", "median": the statistic of the cells it compares


class Facts:
    """The document's names and figures, indexed once for all the claims."""

    def __init__(self, doc: Document, ex: Extraction) -> None:
        self.doc = doc
        self.ex = ex
        spans = sorted((m.start, m.end, d.id) for d in ex.entities for m in d.mentions)
        self.mentions = spans
        self.mention_starts = [s for s, _, _ in spans]
        self.quantities = ex.quantities
        self.q_starts = [q.start for q in ex.quantities]
        self.block_starts = [b.start for b in doc.blocks]
        self.tables = [m for m in ex.measurements if m.table is not None and m.source == "table"]
        self.prose = {(m.start, m.end): m for m in ex.measurements if m.source == "text"}
        self.axes: dict[str, set[float]] = {}
        for m in self.tables[:MAX_SCAN]:
            for name, value in m.conditions.items():
                v = _number(value)
                if v is not None:
                    self.axes.setdefault(name, set()).add(v)
        self.axis_words = _axis_words(ex, self.axes)
        self.condition_spans = sorted((c.start, c.end, c.name, c.value) for c in ex.conditions
                                      if c.end > c.start)  # fmt: skip
        self.cond_starts = [c[0] for c in self.condition_spans]
        self._names: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
        self.owned: dict[tuple[int, int], list[Candidate]] = {}
        self.selected: dict[tuple, list[Candidate] | None] = {}

    def names(self, start: int, end: int) -> list[tuple[int, int, str]]:
        """(start, end, key) of every name in [start, end): entity mentions (key: the entity's
        id) and, where none is, capitalised words (key: the word in lower case). Each span
        is read once (the claims of one sentence ask about it again and again)."""
        key = (start, end)
        if key not in self._names:
            self._names[key] = self._find_names(start, end)
        return self._names[key]

    def _find_names(self, start: int, end: int) -> list[tuple[int, int, str]]:
        lo, hi = bisect_left(self.mention_starts, start), bisect_left(self.mention_starts, end)
        found = [x for x in self.mentions[lo:hi] if x[1] <= end]
        taken = [(a, b) for a, b, _ in found]
        text = self.doc.text[start:end]
        lead = len(text) - len(text.lstrip())
        words: list[tuple[int, int, str]] = []
        for pos, word in capitalised(text):
            if pos == lead and not any(ch.isdigit() for ch in word) and not word.isupper():
                continue  # "Throughput rose ...": a capital that starts the sentence
            a = start + pos
            if any(x <= a < y for x, y in taken) or self._in_quantity(a):
                continue
            if words and words[-1][1] + 1 == a and self.doc.text[a - 1] == " ":
                words[-1] = (words[-1][0], a + len(word), word)  # "Alpha A1": one name
            else:
                words.append((a, a + len(word), word))
        return sorted(found + words)

    def _in_quantity(self, at: int) -> bool:
        i = bisect_left(self.q_starts, at + 1) - 1
        return i >= 0 and self.quantities[i].start <= at < self.quantities[i].end

    def conditions_in(self, start: int, end: int) -> list[tuple[str, str]]:
        """(name, value) of the conditions stated inside [start, end)."""
        lo, hi = bisect_left(self.cond_starts, start), bisect_left(self.cond_starts, end)
        return [(n, v) for _, e, n, v in self.condition_spans[lo:hi] if e <= end]

    def is_condition(self, q: Quantity) -> bool:
        """Is the figure a stated condition (an object size, a load), not a result?"""
        return _covered(self.condition_spans, self.cond_starts, q)

    def is_label(self, q: Quantity) -> bool:
        """Is a bare number part of a name ("ACE 30", "Build 7", "Table 2")?"""
        if _covered(self.mentions, self.mention_starts, q):
            return True
        before = self.doc.text[max(0, q.start - 30) : q.start]
        words = before.split()
        if not words or not before.endswith((" ", "\t")) or before.endswith("  "):
            return False
        last = words[-1]
        if q.scale != 1 or "," in q.text or not last[-1:].isalnum():
            return False  # "36,000", "60K" and a figure after "N2:" are figures
        return last[:1].isupper() or last.lower() in IDENT_WORDS

    def block_of(self, at: int) -> int:
        """The index of the block holding offset ``at``."""
        return max(0, bisect_left(self.block_starts, at + 1) - 1)


def _covered(spans: list[tuple], starts: list[int], q: Quantity) -> bool:
    """Does one of the sorted (start, end, ...) ``spans`` cover the quantity's start?"""
    i = bisect_left(starts, q.end) - 1
    while i >= 0 and spans[i][1] > q.start:
        if spans[i][0] <= q.start:
            return True
        i -= 1
    return False


def _axis_words(ex: Extraction, axes: dict[str, set[float]]) -> dict[str, set[str]]:
    """The first three letters of each word that names a condition axis: its canonical
    name ("cpus") and the header of the labels that carry it ("Workers")."""
    out = {axis: _stems(axis) for axis in axes}
    for t in ex.tables:
        for labels, other in ((t.rows, t.columns), (t.columns, t.rows)):
            named = {
                a.condition.split("=")[0] for a in labels if a.condition and "=" in a.condition
            }
            heads = [a.label for a in (*labels, *other) if a.kind == "label"]
            for axis in named & out.keys():
                for head in heads:
                    out[axis] |= _stems(head)
    return out


def _stems(text: str) -> set[str]:
    return {t[:3] for t in re.split(r"[_\W]+", text.lower()) if len(t) >= 3}


def _number(value: object) -> float | None:
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return None


def resolve_open(doc: Document, pending: list[Pending], ex: Extraction) -> None:
    """Find and judge the operands of every claim still without them."""
    todo = [p for p in pending if _open(p)]
    if not pending:
        return
    facts = Facts(doc, ex)
    stated: dict[int, list[Pending]] = {}
    for p in pending:
        stated.setdefault(p.sentence.start, []).append(p)
    for p in todo:
        siblings = stated.get(p.sentence.start, [])
        if len(siblings) <= MAX_CLAIMS:  # a sentence denser than this is a table in prose
            _resolve(facts, p, siblings)
    for p in pending:
        siblings = stated.get(p.sentence.start, [])
        if p.claim.kind in KINDS and len(siblings) <= MAX_CLAIMS and p.claim.subject is None:
            _describe(facts, p, siblings)


def _open(p: Pending) -> bool:
    c = p.claim
    return (
        c.kind in KINDS and c.status == "unverifiable" and not c.operands and not p.stated.is_range
    )


def _resolve(facts: Facts, p: Pending, siblings: list[Pending]) -> None:
    markers = {id(s.stated) for s in siblings}
    owned = _sentence_candidates(facts, p, siblings)
    hints = _hints(facts, p, siblings, owned)
    named = {v for values in hints.conditions.values() for v in values}
    if named:  # "between 1 and 36 CPUs": the values of a table's condition axis
        owned = [c for c in owned if c.q.unit or c.q.value not in named]
    sizes = any(w in SIZE_WORDS for w in p.words)
    owned = [c for c in owned if _kind_fits(c, hints, sizes)]
    p.claim.subject, p.claim.reference, p.claim.metric = (
        hints.subject,
        hints.reference,
        hints.metric,
    )
    if _try(facts, p, hints, owned, strict=True, whole_sentence=True):
        return
    # the sentences before it in its paragraph, then the paragraphs before it in its section
    earlier: list[Candidate] = []
    for sent, qs in p.earlier:
        key = (sent.start, sent.end)
        if key not in facts.owned:
            found = [q for q in qs if _operand_like(facts, q, markers)][:MAX_OWNED]
            facts.owned[key] = _owned(facts, *key, found, "previous_sentence")
        earlier.extend(facts.owned[key])
    earlier.extend(_previous_blocks(facts, p, markers))
    by_name = [c for c in earlier if c.owners & {hints.subject, hints.reference}]
    if by_name and p.claim.kind == "share" and hints.reference is None and not owned:
        by_name = earlier[:MAX_CANDIDATES]  # "keeps 75% of that rate": the whole is unnamed
    if by_name and _try(facts, p, hints, owned + by_name, strict=False):
        return
    if not owned and p.earlier:  # the operands stated just before: "A vs B. So A is 3x B."
        sent, _ = p.earlier[-1]
        last = [c for c in earlier if sent.start <= c.q.start < sent.end]
        if _try(facts, p, hints, last, strict=False, whole_sentence=True):
            return
    if not _from_tables(facts, p, hints, owned):
        _from_runs(facts, p, hints)


def _sentence_candidates(facts: Facts, p: Pending, siblings: list[Pending]) -> list[Candidate]:
    """The figures of the claim's sentence that may be operands, with their owners (read
    once per sentence)."""
    key = (p.sentence.start, p.sentence.end)
    if key not in facts.owned:
        markers = {id(s.stated) for s in siblings}
        own = [q for q in _ends(p.quantities) if _operand_like(facts, q, markers)][:MAX_OWNED]
        facts.owned[key] = _owned(facts, *key, own, "sentence")
    return facts.owned[key]


def _ends(qs: list[Quantity]) -> list[Quantity]:
    """The figures of a sentence, a change read as a range ("from 41% to 32%") as its two
    ends."""
    out = []
    for q in qs:
        parts = q.text.split(" to ") if q.is_range and q.range_low is not None else []
        if len(parts) != 2 or q.range_high is None:
            out.append(q)
            continue
        cut = q.start + len(parts[0])
        first = float(
            q.range_low if q.text.find(str(int(q.range_low))) < len(parts[0]) else q.range_high
        )
        second = q.range_high if first == q.range_low else q.range_low
        out.append(q.model_copy(update={"text": parts[0], "end": cut, "value": first,
                                        "range_low": None, "range_high": None}))  # fmt: skip
        out.append(q.model_copy(update={"text": parts[1], "start": q.end - len(parts[1]),
                                        "value": second, "range_low": None, "range_high": None}))  # fmt: skip
    return out


def _operand_like(facts: Facts, q: Quantity, markers: set[int]) -> bool:
    """Could the figure be a cited operand (not a stated value, a count word or a condition)?"""
    if id(q) in markers or q.multiplier or q.is_range:
        return False
    if q.is_word and not q.unit:
        return False
    if not q.unit and facts.is_label(q):
        return False
    return not facts.is_condition(q)


def _owned(facts: Facts, start: int, end: int, qs: list[Quantity], source: str) -> list[Candidate]:
    """Candidates for the figures of one sentence, each owned by the name beside it: the
    name of a prepositional phrase right after it ("1.1 ms on the Falcon"), else the name
    written last before it and after the figure before ("device Y 100,000 RPS")."""
    names = facts.names(start, end)
    at = [n[0] for n in names]
    text = facts.doc.text
    out: list[Candidate] = []
    claimed = start
    for i, q in enumerate(qs):
        nxt = qs[i + 1].start if i + 1 < len(qs) else end
        owner = None
        after = _words_between(text, q.end, nxt)
        if after and after[0][0] in PREPOSITIONS:
            stop = next((a for w, a in after if w in ("and", "while", "whereas", "but")), nxt)
            stop = min(stop, _comma(text, q.end, nxt))
            k = bisect_left(at, q.end)
            if k < len(names) and names[k][0] < stop:
                owner, claimed = names[k][2], stop
        if owner is None:
            k = bisect_left(at, q.start) - 1
            owner = names[k][2] if k >= 0 and names[k][0] >= claimed else None
            claimed = q.end
        m = facts.prose.get((q.start, q.end))
        owners = frozenset({owner} if owner else ())
        word = after[0][0] if after and not q.unit and after[0][1] - q.end <= 1 else ""
        spec = bool(SPEC_AFTER.match(text, q.end, min(end, q.end + 40)))
        out.append(Candidate(q, source, owners, m, m.metric if m else None, word, spec))
    _respectively(text, start, end, names, out)
    return out


def _respectively(
    text: str, start: int, end: int, names: list[tuple[int, int, str]], cands: list[Candidate]
) -> None:
    """ "A and B reached 30,000 and 20,000 rps, respectively": the k-th name owns the k-th
    figure (when the names listed before the figures are as many as the figures)."""
    if not cands or not RESPECTIVELY_RE.search(text, start, end):
        return
    listed = []
    for n in names:
        if n[0] >= cands[0].q.start:
            break
        if n[2] not in listed:
            listed.append(n[2])
    if len(listed) == len(cands):
        for c, name in zip(cands, listed, strict=True):
            c.owners = frozenset({name})


def _comma(text: str, start: int, end: int) -> int:
    at = text.find(",", start, end)
    return end if at < 0 else at


def _words_between(text: str, start: int, end: int, most: int = 8) -> list[tuple[str, int]]:
    """The first ``most`` words of text[start:end], lower-cased, with their offsets."""
    found = islice(_WORD_RE.finditer(text, start, end), most)
    return [(m.group(0).lower(), m.start()) for m in found]


def _hints(facts: Facts, p: Pending, siblings: list[Pending], owned: list[Candidate]) -> Hints:
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
                    and not _after_connector(text, sent.start, n[0])), None)  # fmt: skip
    if subject is None and earlier:  # "... than Y, and its p99 is 25% lower": the same X
        subject = earlier[-1].claim.subject
    after = [c.q.start for c in owned if c.q.start >= s.end]
    later = [x.stated.start for x in siblings if x.stated.start > s.start]
    hi = min([*after, *later, sent.end])
    reference = None
    words = _words_between(facts.doc.text, s.end, hi)
    connected = next((k for k, (w, _) in enumerate(words) if w in CONNECTORS), None)
    if connected is not None:
        phrase = words[connected : connected + 5]
        stop = next((a for w, a in phrase[1:] if w in CLAUSE_ENDS), None)
        end = min(stop or hi, phrase[-1][1] + len(phrase[-1][0]), hi)
        start = words[connected][1]
        reference = next((n[2] for n in names if start <= n[0] < end and n[2] != subject), None)
    whole = None
    if reference is None and p.claim.kind == "share":
        reference, whole = _shared_whole(p, siblings)
    near = [w for w, _ in words]
    before_words = [
        w for w, _ in reversed(_words_between(facts.doc.text, sent.start, s.start, 200))
    ]
    metric = next((METRIC_WORDS[w] for w in [*near, *before_words] if w in METRIC_WORDS), None)
    statistic = next((STATISTICS[w] for w in [*near, *before_words[:6]] if w in STATISTICS), None)
    if statistic and statistic not in ("mean",):
        metric = "latency" if metric is None or metric in GROUPS else metric
    first = min((x.stated.start for x in siblings), default=s.start)
    nxt = min(later, default=sent.end)
    conditions = _conditions(facts, s.end, nxt, sent.start, first)
    return Hints(subject, reference, metric, conditions, whole, statistic)


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
    facts: Facts, start: int, end: int, prefix: int, first: int
) -> dict[str, set[float]]:
    """Condition values named after the stated value (up to the next one), else before the
    sentence's first stated value: axis -> values."""
    out: dict[str, set[float]] = {}
    for lo, hi in ((start, end), (prefix, first)):
        found = _named_values(facts, lo, hi)
        for axis, values in found.items():
            out.setdefault(axis, values)
    return out


def _named_values(facts: Facts, start: int, end: int) -> dict[str, set[float]]:
    out: dict[str, set[float]] = {}
    for name, value in facts.conditions_in(start, end):
        v = _number(value)
        if v is not None and v in facts.axes.get(name, ()):
            out.setdefault(name, set()).add(v)
    lo, hi = bisect_left(facts.q_starts, start), bisect_left(facts.q_starts, end)
    text = facts.doc.text
    values = [(q.value, q.end) for q in facts.quantities[lo:hi]
              if not q.unit and not q.is_percent and not facts.is_label(q)]  # fmt: skip
    values += [(NUMBER_WORDS[w], at + len(w)) for w, at in _words_between(text, start, end, 40)
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
    return any(w[:3] in stems for w, _ in _words_between(text, at, end, 4))


def _previous_blocks(facts: Facts, p: Pending, markers: set[int]) -> list[Candidate]:
    """Figures of the prose paragraphs before the claim's own, in its section."""
    doc = facts.doc
    bi = facts.block_of(p.sentence.start)
    section = doc.blocks[bi].section
    out: list[Candidate] = []
    for j in range(bi - 1, max(-1, bi - 1 - PREVIOUS_BLOCKS), -1):
        b = doc.blocks[j]
        if b.section != section:
            break
        if b.table is not None or b.kind not in ("paragraph", "list_item"):
            continue
        lo, hi = bisect_left(facts.q_starts, b.start), bisect_left(facts.q_starts, b.end)
        key = (b.start, b.end)
        if key not in facts.owned:
            qs = [q for q in facts.quantities[lo:hi] if _operand_like(facts, q, markers)]
            facts.owned[key] = _owned(facts, *key, qs[-MAX_OWNED:], "paragraph")
        out.extend(facts.owned[key])
    return out


def _from_runs(facts: Facts, p: Pending, hints: Hints) -> None:
    """The load-tool runs of the two entities the claim names ("the Kinto K2 is 33% faster
    than the Pollux P1" below a wrk run of each): their request rates, or mean latencies."""
    if not (hints.subject and hints.reference) or not facts.ex.runs:
        return
    cands = []
    for index, run in enumerate(facts.ex.runs[:MAX_SCAN]):
        owners = {run.device} if run.device else set()
        owners |= {w.lower() for w in _WORD_RE.findall(run.section or "")}
        if run.warmup or not owners & {hints.subject, hints.reference}:
            continue
        for name, metric in RUN_RESULTS.items():
            v = run.results.get(name)
            if (
                v is None
                or hints.metric
                and GROUPS.get(hints.metric, hints.metric) != GROUPS.get(metric, metric)
            ):
                continue
            q = Quantity(text=v.text, start=v.start, end=v.end, value=v.value, unit=v.unit)
            cands.append(Candidate(q, "run", frozenset(owners), None, metric, metric, run=index))
    if len(cands) >= 2:
        _try(facts, p, hints, cands[: 2 * MAX_CANDIDATES], strict=False)


RUN_RESULTS = {"rps": "rps", "latency_mean": "latency"}


def _from_tables(facts: Facts, p: Pending, hints: Hints, owned: list[Candidate]) -> bool:
    """Table cells chosen by the claim's metric, conditions and names: its section's
    tables first, then the document's."""
    if not facts.tables or not (hints.conditions or hints.subject or hints.reference):
        return False
    section = facts.doc.blocks[facts.block_of(p.sentence.start)].section
    hints = replace(hints, whole=None)  # a sibling's whole is a figure of its own conditions
    in_section = [m for m in facts.tables[:MAX_SCAN] if m.section == section]
    for pool in (in_section, facts.tables[:MAX_SCAN]):
        memo = (pool is in_section, section, hints.metric, hints.statistic,
                tuple(sorted((k, tuple(sorted(v))) for k, v in hints.conditions.items())))  # fmt: skip
        if memo not in facts.selected:
            facts.selected[memo] = _select(pool, hints)
        cands = facts.selected[memo]
        if cands is None:
            continue
        if not hints.conditions and not (len(cands) == 2 and (hints.subject or hints.reference)):
            # no condition named: the cells of the names it names
            cands = [c for c in cands if c.owners & {hints.subject, hints.reference}]
        # cells the claim names no condition of are pinned only by both its names
        if len(cands) >= 2 and _try(
            facts, p, hints, cands, strict=bool(hints.conditions), whole_sentence=True
        ):
            return True
    return False


def _select(pool: list[Measurement], hints: Hints) -> list[Candidate] | None:
    """The cells that match every condition the claim names, of its metric."""
    picked = []
    for m in pool:
        if m.role not in ("result", "advertised", "spec"):
            continue
        if m.statistic != hints.statistic and not (
            hints.statistic is None and m.statistic == "mean"
        ):
            continue
        if hints.metric and m.metric != hints.metric:
            continue
        if any(
            _number(m.conditions.get(axis)) not in values
            for axis, values in hints.conditions.items()
        ):
            continue
        picked.append(m)
    if len(picked) < 2 or len(picked) > 3 * MAX_CANDIDATES:
        return None
    return [
        Candidate(_quantity(m), "table_cell", _table_owners(m), m, m.metric, m.metric)
        for m in picked
    ]


def _table_owners(m: Measurement) -> frozenset[str]:
    keys = {k for k in (m.device, m.entity and m.entity.lower()) if k}
    if m.section:
        keys.update(w.lower() for w in _WORD_RE.findall(m.section))
    return frozenset(keys)


def _quantity(m: Measurement) -> Quantity:
    return Quantity(text=m.text, start=m.start, end=m.end, value=m.value, decimals=m.decimals)


def _try(
    facts: Facts,
    p: Pending,
    hints: Hints,
    cands: list[Candidate],
    strict: bool,
    whole_sentence: bool = False,
) -> bool:
    """Judge the claim on every plausible assignment of ``cands``; True when decided.

    ``strict``: a single assignment that does not fit makes the claim inconsistent (the
    operands are the sentence's own or pinned by the names and conditions it states);
    otherwise only a fit decides."""
    pairs, roles = _assignments(p.claim.kind, cands, hints)
    if roles is None and hints.whole is not None:
        return False
    direction = p.claim.direction
    if not pairs:
        return False
    if len(pairs) > MAX_CANDIDATES * MAX_CANDIDATES:
        return False
    for subj, ref in pairs:
        orders = [(subj, ref)] if roles else [(subj, ref), (ref, subj)]
        for a, b in orders:
            if _judge(facts, p, a, b) == "consistent":
                return True
    unique = len(pairs) == 1 and (roles or not whole_sentence or len(cands) == 2)
    a, b = pairs[0]  # two bare numbers may be anything, unless a unit word follows both
    unique = unique and bool(a.q.unit or b.q.unit or a.word and a.word == b.word)
    strict = strict or roles == "both"
    if strict and unique and (roles or whole_sentence):
        subj, ref = pairs[0]
        if not roles:
            subj, ref = _changed(facts, subj, ref) or _in_direction(p, subj, ref)
        _judge(facts, p, subj, ref)
        return True
    _reset(p.claim, pairs)
    p.claim.direction = direction
    return False


def _assignments(
    kind: str, cands: list[Candidate], hints: Hints
) -> tuple[list[tuple[Candidate, Candidate]], bool]:
    """(subject, reference) pairs of compatible candidates, and whether the roles are known."""
    subj = [c for c in cands if hints.subject and hints.subject in c.owners]
    ref = [c for c in cands if hints.reference and hints.reference in c.owners]
    roles: str | None = (
        "both" if len(subj) == 1 and len(ref) == 1 else ("one" if subj or ref else None)
    )
    if ref and hints.whole is not None and kind == "share":
        ref = [c for c in ref if c.q.start == hints.whole]
    elif hints.whole is not None and kind == "share":
        ref = [c for c in cands if c.q.start == hints.whole]
    if subj and not ref:
        ref = [c for c in cands if hints.subject not in c.owners]
    elif ref and not subj:
        subj = [c for c in cands if hints.reference not in c.owners]
    if roles and subj and ref:
        pairs = [(a, b) for a in subj for b in ref if a is not b and _fits(a, b)]
        if pairs or len(subj) + len(ref) > 2:
            return pairs, roles
    pairs = [(a, b) for a, b in combinations(cands[: 2 * MAX_CANDIDATES], 2) if _fits(a, b)]
    return pairs, None


def _kind_fits(c: Candidate, hints: Hints, sizes: bool) -> bool:
    """Can the figure be what the claim compares? An object or memory size only where the
    sentence speaks of sizes; a figure of another kind of metric than the one it names
    ("throughput is 20% higher" beside two latencies) never; a link or port speed never."""
    if is_information(c.q.unit) and not sizes:
        return False
    if c.spec:
        return False
    if hints.metric and c.metric:
        return GROUPS.get(hints.metric, hints.metric) == GROUPS.get(c.metric, c.metric)
    return True


def _fits(a: Candidate, b: Candidate) -> bool:
    if a.metric and b.metric and a.metric != b.metric:
        return False
    if (
        a.m is not None
        and b.m is not None
        and (a.m.role, a.m.statistic) != (b.m.role, b.m.statistic)
    ):
        return False  # a datasheet figure against a measured one, a p99 against a mean
    if is_information(a.q.unit) != is_information(b.q.unit):
        return False
    return compatible(a.q, b.q) and a.q.value != b.q.value


def _changed(facts: Facts, a: Candidate, b: Candidate) -> tuple[Candidate, Candidate] | None:
    """ "from A to B", "A → B": B is the new figure, compared with A."""
    first, second = (a, b) if a.q.start <= b.q.start else (b, a)
    between = facts.doc.text[first.q.end : second.q.start].split()
    if between and between[-1].lower() in ("to", "→", "->", "=>") and len(between) <= 3:
        return second, first
    return None


def _in_direction(p: Pending, a: Candidate, b: Candidate) -> tuple[Candidate, Candidate]:
    """With the roles unknown, the order the claim's direction implies."""
    if p.claim.kind == "share":
        return (a, b) if abs(a.q.value) <= abs(b.q.value) else (b, a)
    lower = p.claim.direction == "lower"
    bigger, smaller = (a, b) if a.q.value >= b.q.value else (b, a)
    return (smaller, bigger) if lower else (bigger, smaller)


def _judge(facts: Facts, p: Pending, subj: Candidate, ref: Candidate) -> str:
    claim = p.claim
    claim.operands = [_operand(facts, subj), _operand(facts, ref)]
    if claim.kind == "share":
        _judge_share(p, subj.q, ref.q)
    elif claim.direction == "within":
        _judge_within(p, subj.q, ref.q)
    elif claim.kind == "percent-delta" and _speed_word(p) and _is_time(subj.q, ref.q):
        _judge_speed(p, subj.q, ref.q)
    else:
        judge_pair(claim, p.stated, subj.q, ref.q, p.words)
    return claim.status


def _speed_word(p: Pending) -> bool:
    toks = p.phrase.directions or p.phrase.gap_directions
    return bool(toks) and toks[0].type in ("BETTER", "WORSE")


def _judge_speed(p: Pending, a: Quantity, b: Quantity) -> None:
    """ "25% faster" ("slower") on two times: the times 25% apart against the smaller, or
    against the larger (the rates, 1/time, are then 25% apart): either reading fits."""
    claim = p.claim
    fast, slow = (a, b) if a.value <= b.value else (b, a)
    claim.direction = "lower"
    judge_pair(claim, p.stated, fast, slow, p.words)
    if claim.status == "consistent":
        return
    first = claim.model_copy()
    claim.direction = "higher"
    judge_pair(claim, p.stated, slow, fast, p.words)
    if claim.status != "consistent":
        for name in RESULT_FIELDS:
            setattr(claim, name, getattr(first, name))


RESULT_FIELDS = ("status", "recomputed", "recomputed_value", "severity", "diagnosis", "message",
                 "direction")  # fmt: skip


def _is_time(a: Quantity, b: Quantity) -> bool:
    return all(q.unit and same_dimension(q.unit, "second") for q in (a, b))


def _judge_share(p: Pending, part: Quantity, whole: Quantity) -> None:
    stated = p.stated
    if not whole.value:
        return
    value = ar.share(part.value, whole.value)
    shown = ar.shown_decimals(stated.decimals)
    rec = f"{ar.format_number(value, shown)}%"
    verdict = ar.verify(stated.value, value, stated.decimals, stated.qualifier, stated.scale)
    if verdict.consistent:
        apply(p.claim, judge.Judgement("consistent", rec, value))
        return
    severity = "info" if verdict.truncated else "error"
    msg = f'stated "{p.claim.stated}"; {part.text} is {rec} of {whole.text}'
    if verdict.truncated:
        msg += " (truncated rather than rounded)"
    apply(p.claim, judge.Judgement("inconsistent", rec, value, severity, "share", msg))


def _judge_within(p: Pending, a: Quantity, b: Quantity) -> None:
    """ "within N% of X": the difference, against the reference, is at most N%."""
    stated = p.stated
    if not b.value:
        return
    value = abs(a.value - b.value) / abs(b.value) * 100
    shown = ar.shown_decimals(stated.decimals)
    rec = f"{ar.format_number(value, shown)}%"
    if ar.verify(stated.value, value, stated.decimals, "at most", stated.scale).consistent:
        apply(p.claim, judge.Judgement("consistent", rec, value))
        return
    msg = f'stated "{p.claim.stated}"; {a.text} vs {b.text} differ by {rec}'
    apply(p.claim, judge.Judgement("inconsistent", rec, value, "error", "mismatch", msg))


def _reset(claim, pairs: list[tuple[Candidate, Candidate]]) -> None:  # noqa: ANN001
    """Back to unverifiable, saying which assignments were tried."""
    claim.operands = []
    claim.status, claim.recomputed, claim.recomputed_value = "unverifiable", None, None
    claim.severity = None
    shown = ", ".join(f"{a.q.text} vs {b.q.text}" for a, b in pairs[:3])
    more = f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
    claim.diagnosis = "ambiguous"
    claim.message = (f'stated "{claim.stated}": {len(pairs)} possible operand pairs '
                     f"({shown}{more}), none fits and none is certain")  # fmt: skip


def _operand(facts: Facts, c: Candidate) -> Operand:
    doc = facts.doc
    q = c.q
    line, _ = doc.position(q.start)
    if c.run is not None:
        owner = facts.ex.runs[c.run].device
    elif c.m is not None and c.source == "table_cell":
        owner = c.m.entity or c.m.device
    else:
        owner = next(iter(sorted(c.owners)), None)
    op = Operand(text=q.text, value=q.value, unit=q.unit, start=q.start, end=q.end, line=line,
                 source=c.source, entity=owner)  # fmt: skip
    op.run = c.run
    if c.m is not None and c.source == "table_cell":
        op.table = c.m.table
        op.row, op.column = cell_labels(doc, c.m.start)
        op.label = f"{op.row} / {op.column}"
    return op


def _describe(facts: Facts, p: Pending, siblings: list[Pending]) -> None:
    """Name the subject, reference and metric of a claim whose operands the grammar found,
    and the entity of each of its operands."""
    owned = _sentence_candidates(facts, p, siblings)
    hints = _hints(facts, p, siblings, owned)
    c = p.claim
    c.subject, c.reference, c.metric = hints.subject, hints.reference, hints.metric
    if len(c.operands) == 2 and c.kind in KINDS:  # the grammar gives the roles
        for o, name in zip(c.operands, (c.subject, c.reference), strict=True):
            o.entity = o.entity or name
        return
    by_start = {x.q.start: x for x in owned}
    for o in c.operands:
        x = by_start.get(o.start)
        if o.entity is None and x is not None and x.owners:
            o.entity = min(x.owners)
