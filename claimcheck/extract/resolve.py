"""Resolve claims whose operands are not in their sentence.

Three passes, in order:
1. table: the sentence names two devices and a metric that a table has a
   column for ("A is 5x more efficient than B as RPS/watt");
2. group: a stated range over a vendor's devices against the others
   ("F5 devices have 174%-3273% greater efficiency than the others");
3. cross-claim: a headline with no operands restates a claim made elsewhere
   with the same figure ("up to 64% more efficient" ← "64% lower CPU").
"""

from __future__ import annotations

import re
from bisect import bisect_left

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract import context, tablefacts
from claimcheck.extract.claims import Pending, judge_pair, operand
from claimcheck.extract.operands import resolve_open
from claimcheck.models import Claim, Document, Extraction, Operand, Quantity
from claimcheck.textkeys import fold

_METRIC_RE = lazyre.compile(
    r"[A-Za-z][A-Za-z0-9]{0,40}\s*/\s*(?:watt|w|ru|gbps|core|vcpu|\$)\b", re.I
)
_OTHERS_RE = lazyre.compile(
    r"\b(?:other|others|competitors?|competing|rest|remaining|rival)\b", re.IGNORECASE
)
EFFICIENCY_WORDS = ("efficien", "per watt", "/watt")


def resolve(doc: Document, pending: list[Pending], facts: Extraction | None = None) -> None:
    """Fill operands and verdicts of unverifiable claims where the document allows (with
    ``facts``, the extraction so far, operands are also looked for through the facts)."""
    open_claims = [p for p in pending if p.claim.status == "unverifiable" and not p.claim.operands]
    if open_claims:
        _tables_and_context(doc, open_claims)
    if facts is not None:
        resolve_open(doc, pending, facts)
    if open_claims:
        _cross_claims(doc, pending)


def _tables_and_context(doc: Document, open_claims: list[Pending]) -> None:
    """The metric-column pass and the earlier-sentences pass."""
    vendors: tablefacts.Vendors | None = None
    by_vendor: dict[int, dict[str, str | None]] = {}  # id(cells) -> row label -> vendor
    worked: dict[tuple, _Pairs | None] = {}  # (id(cells), vendor, lower) -> its pairs
    cells_cache: dict = {}
    # id(cells) -> the first cell per label, and their labels' finder
    labelled: dict[int, tuple[list[tablefacts.CellValue], tablefacts.LabelFinder]] = {}
    for p in open_claims:
        if p.claim.kind not in ("percent-delta", "ratio"):
            continue
        cells = _metric_cells(doc, p, cells_cache)
        if cells:
            if p.stated.is_range:
                if vendors is None:
                    vendors = tablefacts.Vendors(tablefacts.vendor_map(doc))
                if id(cells) not in by_vendor:
                    labels = {c.row_label: 0 for c in cells}
                    by_vendor[id(cells)] = {label: vendors.vendor_of(label) for label in labels}
                _group(doc, p, cells, by_vendor[id(cells)], worked)
            else:
                if id(cells) not in labelled:
                    first = _first_per_label(cells)
                    finder = tablefacts.LabelFinder([c.row_label for c in first])
                    labelled[id(cells)] = first, finder
                _pairwise(doc, p, *labelled[id(cells)])
        if not p.claim.operands and p.earlier and not p.stated.is_range:
            _from_context(doc, p)


def _metric_cells(doc: Document, p: Pending, cache: dict) -> list[tablefacts.CellValue]:
    names = frozenset(
        fold(m.group(0).replace(" ", "")) for m in _METRIC_RE.finditer(p.sentence.text)
    )
    if not names:
        return []
    if names not in cache:

        def matches(header: str) -> bool:
            flat = header.replace(" ", "").lower()
            return any(n in flat for n in names)

        cache[names] = tablefacts.column_values(doc, matches)
    return cache[names]


def _cell_operand(doc: Document, c: tablefacts.CellValue) -> Operand:
    line, _ = doc.position(c.start)
    return Operand(text=c.text, value=c.value, start=c.start, end=c.end, line=line,
                   source="table_cell", label=f"{c.row_label} / {c.column}")  # fmt: skip


def _as_quantity(c: tablefacts.CellValue) -> Quantity:
    text = tablefacts.strip_markup(c.text).strip()
    return Quantity(text=text, start=c.start, end=c.end, value=c.value, decimals=c.decimals)


def _from_context(doc: Document, p: Pending) -> None:
    """Operands named in the sentences just before the claim."""
    found = context.find_operands(p.sentence, p.quantities, p.stated, p.earlier)
    if found is None:
        return
    subj, ref = found
    claim = p.claim
    claim.operands = [
        operand(doc, subj, "previous_sentence"),
        operand(doc, ref, "previous_sentence"),
    ]
    judge_pair(claim, p.stated, subj, ref, p.words)


def pick_pair(
    cells: list[tablefacts.CellValue],
    text: str,
    stated_at: int,
    finder: tablefacts.LabelFinder | None = None,
) -> tuple[tablefacts.CellValue, tablefacts.CellValue] | None:
    """The cells of the device named last before the stated value and first after it
    (``finder``: the LabelFinder of the cells' row labels, when the caller keeps one)."""
    if finder is None:
        finder = tablefacts.LabelFinder([c.row_label for c in cells])
    found = finder.first_mentions(text)
    before, after = [], []
    for i in sorted(found):  # in cell order: the first cell wins a tie
        pos = found[i]
        (before if pos < stated_at else after).append((pos, cells[i]))
    if not before or not after:
        return None
    return max(before, key=lambda x: x[0])[1], min(after, key=lambda x: x[0])[1]


def _first_per_label(cells: list[tablefacts.CellValue]) -> list[tablefacts.CellValue]:
    """The first cell of each row label, in order: cells with one label are found at one
    place in a sentence, and the first of them wins any tie, so the others never count."""
    first: dict[str, tablefacts.CellValue] = {}
    for c in cells:
        first.setdefault(c.row_label, c)
    return list(first.values())


def _pairwise(
    doc: Document, p: Pending, cells: list[tablefacts.CellValue], finder: tablefacts.LabelFinder
) -> None:
    """Two devices named in the sentence, one metric column: judge their two cells."""
    picked = pick_pair(cells, p.sentence.text, p.stated.start - p.sentence.start, finder)
    if picked is None:
        return
    subj, ref = picked
    claim = p.claim
    claim.operands = [_cell_operand(doc, subj), _cell_operand(doc, ref)]
    judge_pair(claim, p.stated, _as_quantity(subj), _as_quantity(ref), p.words)


def _group(
    doc: Document,
    p: Pending,
    cells: list[tablefacts.CellValue],
    by_vendor: dict[str, str | None],
    worked: dict[tuple, _Pairs | None],
) -> None:
    """A stated range for one vendor's devices against the other devices in a column (the
    vendor of each row label in ``by_vendor``; ``worked``: the pairs of each vendor group
    and direction, kept across the claims about one column)."""
    text = p.sentence.text
    stated_at = p.stated.start - p.sentence.start
    named = {
        v for v in set(by_vendor.values()) if v
        and re.search(rf"(?<!\w){re.escape(v)}(?!\w)", text[:stated_at], re.I)
    }  # fmt: skip
    if len(named) != 1 or not _OTHERS_RE.search(text[stated_at:]):
        return
    vendor = named.pop()
    lower = p.claim.direction == "lower"
    key = (id(cells), vendor, lower)
    if key not in worked:
        ours = [c for c in cells if by_vendor[c.row_label] == vendor]
        theirs = [c for c in cells if by_vendor[c.row_label] not in (vendor, None)]
        usable = ours and theirs and not any(c.value == 0 for c in theirs)
        worked[key] = _Pairs(ours, theirs, lower) if usable else None
    pairs = worked[key]
    if pairs is None:
        return
    q = p.stated
    claim = p.claim
    claim.operands = [_cell_operand(doc, c) for c in pairs.ours + pairs.theirs]
    bounds = ar.range_bounds(q.range_low, q.range_high, q.decimals, q.high_decimals)
    outside = pairs.outside(*bounds)
    shown = ar.shown_decimals(q.decimals)
    least, most = pairs.deltas[0], pairs.deltas[-1]
    span = f"{ar.format_number(least, shown)}%–{ar.format_number(most, shown)}%"
    claim.recomputed, claim.recomputed_value = span, most
    if not outside:
        claim.status = "consistent"
        return
    last = claim.stated.split()[-1]
    word = last if last.isalpha() else claim.direction
    lo, hi = pairs.lowest, pairs.highest
    claim.status, claim.severity, claim.diagnosis = "inconsistent", "error", "range"
    msg = (f'stated "{claim.stated}"; {cells[0].column}, {vendor} devices vs the others: '
           f"{lo[1].text} vs {lo[2].text} is {ar.format_number(lo[0], shown)}% {word}, "
           f"{hi[1].text} vs {hi[2].text} is {ar.format_number(hi[0], shown)}% {word}")  # fmt: skip
    if not pairs.ratios_outside(*bounds):
        claim.diagnosis = "ratio-as-increase"
        ratios = pairs.ratios
        msg += (f" (ratios {ar.format_number(ratios[0], 0)}%–{ar.format_number(ratios[-1], 0)}% "
                "stated as increases)")  # fmt: skip
    else:
        msg += "; outside the range: " + ", ".join(
            f"{ar.format_number(d, shown)}%" for d in outside
        )
    claim.message = tablefacts.strip_markup(msg)


SHOWN_OUTSIDE = 6  # differences outside a stated range that a message shows


class _Pairs:
    """Every pair of one vendor's device and another's in one column, with the percentage
    between them, worked out once for all the claims about that group: the claims differ
    only in their stated range, which is checked by bisection in the sorted differences."""

    def __init__(
        self, ours: list[tablefacts.CellValue], theirs: list[tablefacts.CellValue], lower: bool
    ) -> None:
        self.ours, self.theirs = ours, theirs
        delta = ar.percent_lower if lower else ar.percent_higher
        pairs = [(delta(a.value, b.value), a, b) for a in ours for b in theirs]
        self.lowest = min(pairs, key=lambda x: x[0])
        self.highest = max(pairs, key=lambda x: x[0])
        order = sorted(range(len(pairs)), key=lambda i: pairs[i][0])
        self.values = [pairs[i][0] for i in range(len(pairs))]
        self.deltas = [pairs[i][0] for i in order]
        self.ratios = sorted(a.value / b.value * 100 for _, a, b in pairs)
        # the first pairs (in pair order) among the smallest k differences, and among the
        # differences from the k-th on: what a pass in pair order would show first
        self.first_below: list[list[int]] = [[]]
        for i in order:
            self.first_below.append(sorted([i, *self.first_below[-1]])[:SHOWN_OUTSIDE])
        self.first_above: list[list[int]] = [[] for _ in range(len(order) + 1)]
        for k in range(len(order) - 1, -1, -1):
            self.first_above[k] = sorted([order[k], *self.first_above[k + 1]])[:SHOWN_OUTSIDE]

    def outside(self, lo: float, hi: float) -> list[float]:
        """The first ``SHOWN_OUTSIDE`` differences (in pair order) outside [lo, hi)."""
        below, above = bisect_left(self.deltas, lo), bisect_left(self.deltas, hi)
        found = sorted({*self.first_below[below], *self.first_above[above]})
        return [self.values[i] for i in found[:SHOWN_OUTSIDE]]

    def ratios_outside(self, lo: float, hi: float) -> bool:
        """Is some ratio (in percent) outside [lo, hi)?"""
        return bisect_left(self.ratios, lo) > 0 or bisect_left(self.ratios, hi) < len(self.ratios)


def _cross_claims(doc: Document, pending: list[Pending]) -> None:
    """A headline without operands takes the verdict of the claim it restates."""
    resolved: dict[tuple, list[Pending]] = {}
    for r in pending:
        if r.claim.operands and len(r.claim.operands) == 2:
            key = (r.claim.kind, r.claim.stated_value, r.stated.decimals)
            resolved.setdefault(key, []).append(r)
    for p in pending:
        c = p.claim
        if c.status != "unverifiable" or c.operands or c.kind not in ("percent-delta", "ratio"):
            continue
        candidates = resolved.get((c.kind, c.stated_value, p.stated.decimals), [])
        if len(candidates) > 2:
            continue  # two or more others restate it: ambiguous (not a pass over them all)
        same = [r for r in candidates if r is not p]
        if len(same) != 1:
            continue
        src = same[0]
        c.operands = [o.model_copy(update={"source": "claim"}) for o in src.claim.operands]
        words = " ".join(p.words)
        if (c.kind == "percent-delta" and c.direction == "higher" and src.claim.direction == "lower"
                and any(w in words for w in EFFICIENCY_WORDS)):  # fmt: skip
            _relabelled(c, src)
            continue
        if c.direction and src.claim.direction and c.direction != src.claim.direction:
            c.operands = []
            continue  # not the same comparison after all
        headline = c.qualifier in ar.AT_MOST  # "up to 2.5x" restating the measured "2.5x"
        if c.qualifier != src.claim.qualifier and not headline or not restates(c, src.claim):
            c.operands = []
            continue  # "almost" what another states plainly, or another comparison
        c.status, c.recomputed, c.recomputed_value = (
            src.claim.status,
            src.claim.recomputed,
            src.claim.recomputed_value,
        )
        c.severity, c.diagnosis, c.message = (
            src.claim.severity,
            src.claim.diagnosis,
            src.claim.message,
        )


def restates(c: Claim, src: Claim) -> bool:
    """May ``c`` restate ``src`` (same stated figure)? Their metrics must not differ, and a
    round figure ("2x", "half", "10%") also needs the same metric named or the same two
    names: "half the width" does not restate "double the number of slots"."""
    from claimcheck.extract.claimhints import GROUPS

    a, b = c.metric, src.metric
    if a and b and GROUPS.get(a, a) != GROUPS.get(b, b):
        return False
    if specific(c.stated_value):
        return True
    pair = {c.subject, c.reference}
    names = bool(c.subject and c.reference) and pair == {src.subject, src.reference}
    return bool(a and b) or names or bool(_tail(c)) and _tail(c) == _tail(src)


def _tail(c: Claim) -> tuple[str, ...]:
    """The two words after a claim's stated figure ("10x performance gain" -> ("performance",
    "gain")): two claims of one round figure with the same words say one thing."""
    at = c.text.find(c.stated)
    if at < 0:
        return ()
    words = [w.strip("*_`.,;:()").lower() for w in c.text[at + len(c.stated) :].split()[:2]]
    return tuple(w for w in words if w)


def specific(value: float | None) -> bool:
    """Is a stated figure specific enough that two claims stating it state one thing
    ("1.47x", "15.5%", "47%"), unlike a round one ("2x", "half", "10%")?"""
    if value is None:
        return False
    digits = f"{abs(value):.6g}".replace(".", "").strip("0")
    return len(digits) >= 2


def _relabelled(c, src: Pending) -> None:  # noqa: ANN001
    """ "N% more efficient" restating "N% less <cost>": the efficiency gain is ref/subj - 1."""
    subj, ref = src.claim.operands
    if not subj.value:
        return
    gain = (ref.value / subj.value - 1) * 100
    shown = ar.shown_decimals(0)
    c.recomputed, c.recomputed_value = f"{ar.format_number(gain, shown)}%", gain
    if ar.verify(c.stated_value or 0, gain, 0, None).consistent:
        c.status = "consistent"
        return
    c.status, c.severity, c.diagnosis = "inconsistent", "error", "relabelled-metric"
    c.message = (f'stated "{c.stated}"; it restates "{src.claim.stated}" ({subj.text} vs {ref.text}, '
                 f"line {src.claim.line}): {ref.value:g}/{subj.value:g} - 1 = "
                 f"{ar.format_number(gain, shown)}% more efficient (relabelled metric)")  # fmt: skip
