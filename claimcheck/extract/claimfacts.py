"""The facts a claim's operands are looked for in: the document's names, each prose figure
with the name that owns it, the conditions and table axes, indexed once per document.

A figure is owned by the name of a prepositional phrase right after it ("1.1 ms on the
Falcon"), else by the name written last before it ("device Y 100,000 RPS"); in a
"respectively" list the k-th name owns the k-th figure.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from itertools import islice

from claimcheck import lazyre
from claimcheck.extract.claimlex import IDENT_WORDS
from claimcheck.extract.context import RESPECTIVELY_RE
from claimcheck.extract.context import entities as capitalised
from claimcheck.extract.measurements import SPEC_AFTER
from claimcheck.models import Document, Extraction, Measurement, Quantity
from claimcheck.textkeys import fold

# Capitalised words that name a metric or a protocol, never a product a figure belongs to.
NOT_NAMES = {"cpu", "cpus", "ram", "rps", "cps", "tps", "qps", "tls", "ssl", "http", "https",
             "tcp", "udp", "p50", "p90", "p95", "p99", "gbps", "mbps", "api", "rss", "ms"}  # fmt: skip
MAX_SCAN = 2000  # table cells looked at per claim (the document's first ones)
MAX_NAME_SCAN = 400_000  # characters scanned for the names a report writes
MAX_OWNED = 40  # figures of one sentence or paragraph that may be operands

# what ends the prepositional phrase after a figure: "212ms of CPU time versus Y's 5 s"
# names Y's figure, not this one's owner
OWNER_STOPS = {"and", "while", "whereas", "but", "versus", "vs", "than", "against"}

PREPOSITIONS = {"on", "for", "from", "by", "with", "in", "at", "under", "via", "using", "of"}

WORD_RE = lazyre.compile(r"[A-Za-z][A-Za-z0-9.'’-]*+")


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


class OperandContext:
    """The document's names and figures, indexed once for all the claims."""

    def __init__(self, doc: Document, ex: Extraction) -> None:
        self.doc = doc
        self.ex = ex
        spans = sorted((m.start, m.end, d.id) for d in ex.entities for m in d.mentions)
        self.mentions = spans
        self.entity_ids = {d.id for d in ex.entities}
        self._ids_by_label: dict[str, str] | None = None  # entity_of, on first use
        self.mention_starts = [s for s, _, _ in spans]
        self.quantities = ex.quantities
        self.q_starts = [q.start for q in ex.quantities]
        self.block_starts = [b.start for b in doc.blocks]
        self.tables = [m for m in ex.measurements if m.table is not None and m.source == "table"]
        self.prose = {(m.start, m.end): m for m in ex.measurements if m.source == "text"}
        self.axes: dict[str, set[float]] = {}
        for m in self.tables[:MAX_SCAN]:
            for name, value in m.conditions.items():
                v = number(value)
                if v is not None:
                    self.axes.setdefault(name, set()).add(v)
        self.axis_words = _axis_words(ex, self.axes)
        self.condition_spans = sorted((c.start, c.end, c.name, c.value) for c in ex.conditions
                                      if c.end > c.start)  # fmt: skip
        self.cond_starts = [c[0] for c in self.condition_spans]
        self._names: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
        self.owned: dict[tuple[int, int], list[Candidate]] = {}
        self.selected: dict[tuple, list[Candidate] | None] = {}
        self._run_owners: list[frozenset[str]] | None = None  # built on first use
        self._by_entity: dict[str, list[Candidate]] | None = None  # figures_of, on first use
        self._runs_by_owner: dict[str, list[int]] = {}
        self._written: frozenset[str] | None = None  # written_names, on first use

    def entity_of(self, label: str | None) -> str | None:
        """The id of the entity a label names ("Kestrel K6" in a table row or a code line),
        by its letters and digits; None when no entity is written that way."""
        if not label:
            return None
        if self._ids_by_label is None:
            self._ids_by_label = {}
            for d in self.ex.entities:
                for m in d.mentions[:MAX_LABELS]:
                    key = _alnum(self.doc.text[m.start : m.end])
                    if key:
                        self._ids_by_label.setdefault(key, d.id)
                self._ids_by_label.setdefault(_alnum(d.name), d.id)
        return self._ids_by_label.get(_alnum(label))

    def figures_of(self, entity: str) -> list[Candidate]:
        """The results of ``entity`` anywhere in the report (prose, tables, tool output),
        as candidates owned by it; the index is built on first use, once."""
        if self._by_entity is None:
            self._by_entity = {}
            prose = self._prose_owners()
            for m in self.ex.measurements[:MAX_SCAN]:
                if m.role != "result" or m.source == "derived":
                    continue
                owner = prose.get((m.start, m.end), m.device) if m.source == "text" else m.device
                if not owner:
                    continue
                q = Quantity(text=m.text.strip(), start=m.start, end=m.end, value=m.value,
                             unit=m.unit, decimals=m.decimals)  # fmt: skip
                source = "table_cell" if m.source == "table" else "document"
                c = Candidate(q, source, frozenset({owner}), m, m.metric, m.metric)
                self._by_entity.setdefault(owner, []).append(c)
        return self._by_entity.get(entity, [])

    def _prose_owners(self) -> dict[tuple[int, int], str]:
        """(start, end) -> the name that owns each prose result figure, read as a claim's
        own figures are (the name beside it in its paragraph), one pass over the blocks."""
        spans = {(m.start, m.end) for m in self.ex.measurements if m.source == "text"}
        out: dict[tuple[int, int], str] = {}
        for b in self.doc.blocks:
            if b.table is not None or b.kind not in ("paragraph", "list_item", "heading"):
                continue
            lo, hi = bisect_left(self.q_starts, b.start), bisect_left(self.q_starts, b.end)
            qs = [q for q in self.quantities[lo:hi] if (q.start, q.end) in spans][:MAX_OWNED]
            if not qs:
                continue
            for c in owned_figures(self, b.start, b.end, qs, "document"):
                if len(c.owners) == 1:
                    out[(c.q.start, c.q.end)] = next(iter(c.owners))
        return out

    def run_owners(self, index: int) -> frozenset[str]:
        """The names run ``index`` belongs to: its device and the words of its section."""
        self._index_runs()
        return self._run_owners[index]

    def runs_of(self, *names: str | None) -> list[int]:
        """Indexes, in document order, of the runs (warm-ups aside; the first MAX_SCAN)
        that belong to any of ``names``: a claim reads its names' runs, not every run."""
        self._index_runs()
        return sorted({i for n in names for i in self._runs_by_owner.get(n, ())})

    def measured_runs(self) -> list[int]:
        """Indexes of the runs that are not warm-ups, in document order (the first MAX_SCAN)."""
        return [i for i, run in enumerate(self.ex.runs[:MAX_SCAN]) if not run.warmup]

    def _index_runs(self) -> None:
        if self._run_owners is not None:
            return
        self._run_owners = []
        for index, run in enumerate(self.ex.runs[:MAX_SCAN]):
            owners = {run.device} if run.device else set()
            owners |= {w.lower() for w in WORD_RE.findall(run.section or "")}
            self._run_owners.append(frozenset(owners))
            if not run.warmup:
                for owner in owners:
                    self._runs_by_owner.setdefault(owner, []).append(index)

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
        # a mention inside a longer one ("B2" in "Brisa B2") names the longer one's entity
        found = [x for i, x in enumerate(found)
                 if not any(y[0] <= x[0] and x[1] <= y[1] and y[1] - y[0] > x[1] - x[0]
                            for y in found[max(0, i - 2) : i + 1])]  # fmt: skip
        taken = [(a, b) for a, b, _ in found]
        text = self.doc.text[start:end]
        lead = len(text) - len(text.lstrip())
        words: list[tuple[int, int, str]] = []
        for pos, word in capitalised(text):
            if (
                pos == lead
                and not any(ch.isdigit() for ch in word)
                and not word.isupper()
                and self.entity_of(word) is None
                and not _possessive(text, pos + len(word))
                and word not in self.written_names()
            ):
                continue  # "Throughput rose ...": a capital that starts the sentence
            known = self.entity_of(word) if pos == lead else None
            if known is not None:  # "Kestrel's p99 was ...": the entity, named first
                words.append((start + pos, start + pos + len(word), known))
                continue
            a = start + pos
            if any(x <= a < y for x, y in taken) or self._in_quantity(a):
                continue
            if word.lower() in NOT_NAMES:
                continue  # "55% of the CPU": a metric, not a product
            if words and words[-1][1] + 1 == a and self.doc.text[a - 1] in " \n":
                words[-1] = (words[-1][0], a + len(word), word)  # "Alpha A1": one name
            else:
                words.append((a, a + len(word), word))
        return sorted(found + words)

    def written_names(self) -> frozenset[str]:
        """Capitalised words the report writes as names somewhere: inside a sentence, or
        with a possessive ("Kestrel's p99"); one scan of the text, on first use. A
        sentence may open with one ("Kestrel had 40% less ... than Harrier")."""
        if self._written is None:
            text = self.doc.text[:MAX_NAME_SCAN]
            found: set[str] = set()
            for pos, word in capitalised(text):
                before = text[max(0, pos - 2) : pos].rstrip(" \t*_")
                inside = bool(before) and before[-1:].isalnum() or before[-1:] in ",;("
                if inside or _possessive(text, pos + len(word)):
                    found.add(word)
            self._written = frozenset(found - NOT_NAMES)
        return self._written

    def _in_quantity(self, at: int) -> bool:
        i = bisect_left(self.q_starts, at + 1) - 1
        return i >= 0 and self.quantities[i].start <= at < self.quantities[i].end

    def conditions_in(self, start: int, end: int) -> list[tuple[str, str]]:
        """(name, value) of the conditions stated inside [start, end)."""
        lo, hi = bisect_left(self.cond_starts, start), bisect_left(self.cond_starts, end)
        return [(n, v) for _, e, n, v in self.condition_spans[lo:hi] if e <= end]

    def is_condition(self, q: Quantity) -> bool:
        """Is the figure a stated condition (an object size, a load), not a result?"""
        return covered(self.condition_spans, self.cond_starts, q)

    def is_hardware(self, q: Quantity) -> bool:
        """Is the figure part of a stated hardware spec ("128GB of memory", "32 cores")?"""
        i = bisect_left(self.cond_starts, q.end) - 1
        while i >= 0 and self.condition_spans[i][1] > q.start:
            if self.condition_spans[i][0] <= q.start:
                return self.condition_spans[i][2] == "hardware"
            i -= 1
        return False

    def is_label(self, q: Quantity) -> bool:
        """Is a bare number part of a name ("ACE 30", "Build 7", "Table 2")?"""
        if covered(self.mentions, self.mention_starts, q):
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


MAX_LABELS = 8  # mentions of an entity whose spellings name it in labels


def _alnum(text: str) -> str:
    """Letters and digits of a name, lower-cased ("Kestrel K6" -> "kestrelk6")."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _possessive(text: str, at: int) -> bool:
    """Does a possessive follow the word ending at ``at`` ("Harrier's median latency")? A
    sentence that opens with one names its owner."""
    return text[at : at + 2] in ("'s", "’s")


def covered(spans: list[tuple], starts: list[int], q: Quantity) -> bool:
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


def number(value: object) -> float | None:
    """A condition value as a number ("1,000" -> 1000.0), or None."""
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return None


def owned_figures(
    facts: OperandContext, start: int, end: int, qs: list[Quantity], source: str
) -> list[Candidate]:
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
        after = words_between(text, q.end, nxt)
        if after and after[0][0] in PREPOSITIONS:
            stop = next((a for w, a in after if w in OWNER_STOPS), nxt)
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


def words_between(text: str, start: int, end: int, most: int = 8) -> list[tuple[str, int]]:
    """The first ``most`` words of text[start:end], lower-cased, with their offsets."""
    found = islice(WORD_RE.finditer(text, start, end), most)
    # a full stop or a closing quote that ends the sentence is no part of its last word
    return [(fold(m.group(0)).rstrip(".'’-") or fold(m.group(0)), m.start()) for m in found]
