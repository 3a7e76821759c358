"""What each prose figure of a report is: whose, which metric family, which statistic, and
whether it is a total, an addition over a baseline, the baseline itself or an earlier value.

A summary names its figures by meaning, not by number ("1/3rd the additional median
latency of Y", "1/6th the memory"), sections after the figures: "Kestrel's median latency
was 14ms, 8ms over the baseline of 6ms" gives Kestrel a total median latency of 14 ms and an
additional one of 8 ms; "Y's median was 26ms" with that baseline in its paragraph gives Y an
additional median of 26 - 6 = 20 ms (a derived figure, its operands named). Each figure's
facets are read from the words of its clause (from the figure before it to the figure):

- family: a time is a latency unless CPU is named ("212ms of CPU time"), an amount of
  information is memory, a count per second a rate; a figure with no word of its own takes
  the family and statistic of the figure before it in its sentence ("36ms, whereas Y's was
  67ms");
- statistic: median, mean, max, min, pNN, "99th percentile", "tail";
- role: additional ("an additional 6ms", "added 39ms", "20ms over"), baseline ("the baseline
  of 6ms"), previous ("previously 11ms", "down from 88ms"), else total.

The index is built once per document (bounded: the first MAX_FIGURES figures).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from claimcheck.extract.claimfacts import Candidate, OperandContext, owned_figures, words_between
from claimcheck.extract.judge import aligned
from claimcheck.models import Quantity
from claimcheck.units import dimensionality, is_information, same_dimension

MAX_FIGURES = 400  # prose figures of a report given facets
MAX_WINDOW = 16  # words of a figure's clause read for its facets

# statistic words -> the statistic ("the median latency", "at the max", "on average")
STATISTIC_WORDS = {"median": "p50", "p50": "p50", "mean": "mean", "average": "mean",
                   "averaged": "mean", "avg": "mean", "max": "max", "maximum": "max",
                   "peak": "max", "min": "min", "minimum": "min", "p90": "p90", "p95": "p95",
                   "p99": "p99", "p999": "p99.9", "p99.9": "p99.9", "tail": "tail"}  # fmt: skip
# "99th percentile": an ordinal before "percentile" names the statistic
ORDINAL_ENDS = ("th", "st", "nd", "rd")
# words right before a figure that make it an addition ("an additional 6ms", "added 39ms")
ADDITIONAL_BEFORE = {"additional", "added", "adds", "adding", "extra", "overhead"}
# words right after it that do ("8ms over the baseline", "20ms over.", "3 ms more")
ADDITIONAL_AFTER = {"over", "above", "extra", "additional"}
# words right after it that make it a difference of two figures, not a figure of one name
# ("3ms lower", "9 MB less"); and before it ("increasing by 44ms", "a difference of 9mb")
DIFFERENCE_AFTER = {"more", "less", "fewer", "lower", "higher", "faster", "slower", "longer",
                    "shorter", "better", "worse", "smaller", "larger", "bigger"}  # fmt: skip
DIFFERENCE_BEFORE = {"by", "difference", "delta", "gap", "saving", "savings"}
# what "over" goes on with when it qualifies the next figure, not this one ("26ms, over
# twice the ...")
NOT_REFERENCE = {"a", "an", "twice", "double", "half", "three", "four", "five", "ten"}
# words before it that make it the reference every addition is over
BASELINE_WORDS = {"baseline", "unproxied", "direct", "bare"}
# words before it that make it an earlier value ("previously 11ms", "down from 88ms")
PREVIOUS_WORDS = {"previously", "formerly"}
FROM_WORDS = {"down", "up", "fell", "rose", "dropped", "improved", "increased", "decreased"}
# words that end a clause: no family, statistic or owner carries over them
CLAUSE_WORDS = {"while", "whereas", "but", "than", "versus", "vs", "compared"}
CPU_WORDS = {"cpu", "cpus", "processor", "millicores", "cores"}
MEMORY_WORDS = {"memory", "ram", "rss", "heap", "footprint"}


@dataclass(slots=True)
class Figure:
    """A prose figure with the facets its words give it."""

    c: Candidate
    family: str | None
    statistic: str | None
    role: str  # total | additional | baseline | previous
    section: str | None
    block: int
    sentence: tuple[int, int]
    derived_from: tuple[Quantity, Quantity] | None = None  # total, baseline
    owner: str | None = field(default=None)


def figures(facts: OperandContext) -> list[Figure]:
    """The facets of the report's prose figures, in document order (read once)."""
    cached = getattr(facts, "_facet_figures", None)
    if cached is not None:
        return cached
    out: list[Figure] = []
    index = getattr(facts.ex, "index", None)
    doc = facts.doc
    for bi, b in enumerate(doc.blocks):
        if len(out) >= MAX_FIGURES:
            break
        if b.table is not None or b.kind not in ("paragraph", "list_item"):
            continue
        lo, hi = bisect_left(facts.q_starts, b.start), bisect_left(facts.q_starts, b.end)
        qs = facts.quantities[lo:hi]
        if not any(_figure_like(facts, q) for q in qs):
            continue
        spans = _sentences(index, bi, b.start, b.end)
        block_figs: list[Figure] = []
        for s0, s1 in spans:
            sq = [q for q in qs if s0 <= q.start < s1]
            block_figs.extend(_sentence_figures(facts, bi, b.section, (s0, s1), sq))
        out.extend(block_figs)
        out.extend(_derived(block_figs))
    facts._facet_figures = out  # type: ignore[attr-defined]
    return out


def _sentences(index, bi: int, start: int, end: int) -> list[tuple[int, int]]:  # noqa: ANN001
    if index is None:
        return [(start, end)]
    found = [
        (s.sentence.start, s.sentence.start + len(s.sentence.text)) for s in index.in_block(bi)
    ]
    return found or [(start, end)]


def _figure_like(facts: OperandContext, q: Quantity) -> bool:
    """A figure with a unit that may be a result (no percentage, multiple, range, condition)."""
    if not q.unit or q.is_percent or q.multiplier or q.is_range:
        return False
    return not facts.is_condition(q)


def _sentence_figures(
    facts: OperandContext, bi: int, section: str | None, span: tuple[int, int],
    qs: list[Quantity],
) -> list[Figure]:  # fmt: skip
    text = facts.doc.text
    figs = [q for q in qs if _figure_like(facts, q)]
    if not figs:
        return []
    owned = owned_figures(facts, span[0], span[1], figs, "document")
    out: list[Figure] = []
    prev_end = span[0]
    last: Figure | None = None
    k = 0
    for q in qs:
        if k < len(figs) and q is figs[k]:
            c = owned[k]
            k += 1
            before = words_between(text, prev_end, q.start, 200)[-MAX_WINDOW:]
            words = [w for w, _ in before]
            nxt = next((x.start for x in qs if x.start >= q.end), span[1])
            after = [w for w, _ in words_between(text, q.end, nxt, 5)]
            carried = last is not None and _same_kind(last, q)
            own = _family(q, words, after)
            family = own or (last.family if carried else None) or _unit_family(q)
            statistic = _statistic(words) or (last.statistic if carried else None)
            adjacent = not text[q.end : q.end + 1].strip()
            role = _role(words, after if adjacent else [])
            owner = _owner(facts, c, span[0])
            joined = carried and not CLAUSE_WORDS & set(words)
            if owner is None and joined and role in ("additional", "total") and last.owner:
                owner = last.owner  # "14ms, 8ms over the baseline": the same name's figures
            fig = Figure(c, family, statistic, role, section, bi, span, owner=owner)
            out.append(fig)
            last = fig
        prev_end = q.end
    return out


def _same_kind(a: Figure, q: Quantity) -> bool:
    return same_dimension(a.c.q.unit, q.unit)


def _unit_family(q: Quantity) -> str | None:
    if same_dimension(q.unit, "second"):
        return "latency"
    if is_information(q.unit):
        return "memory"
    if q.unit == "millicore":
        return "cpu"
    dims = dimensionality(q.unit) if q.unit else ""
    if dims.endswith("/ [time]"):
        return "rate"
    return None


def _family(q: Quantity, words: list[str], after: list[str]) -> str | None:
    """The family the figure's own clause names ("CPU time", "memory"), for its unit: the
    words before it, or those right after it ("212ms of control plane CPU time")."""
    near = set(words) | set(after)
    if same_dimension(q.unit, "second") and CPU_WORDS & near:
        return "cpu"
    if is_information(q.unit) and MEMORY_WORDS & near:
        return "memory"
    return None


def _owner(facts: OperandContext, c: Candidate, start: int) -> str | None:
    """The figure's one owner; "one of Y's Kestrel proxies" is Y's (a possessive name right
    before the owning name owns it)."""
    if len(c.owners) != 1:
        return None
    owner = next(iter(c.owners))
    names = facts.names(start, c.q.start)
    text = facts.doc.text
    for k in range(len(names) - 1, 0, -1):
        if names[k][2] != owner:
            continue
        prev = names[k - 1]
        gap = text[prev[1] : names[k][0]]
        if gap.strip() in ("'s", "’s", "s'"):
            return prev[2]
        break
    return owner


def statistic_of(words: list[str], last: bool = True) -> str | None:
    """The last (or first) statistic word of ``words`` ("at the max, ... added"; "99th
    percentile")."""
    return _statistic(words, last)


def _statistic(words: list[str], last: bool = True) -> str | None:
    order = range(len(words) - 1, -1, -1) if last else range(len(words))
    for k in order:
        w = words[k]
        if w in STATISTIC_WORDS:
            return STATISTIC_WORDS[w]
        if w == "percentile" and k and words[k - 1].endswith(ORDINAL_ENDS):
            digits = words[k - 1][:-2]
            if digits.replace(".", "").isdigit():
                return f"p{digits}"
    return None


def _role(words: list[str], after: list[str]) -> str:
    last = words[-3:]
    if after and after[0] in DIFFERENCE_AFTER or DIFFERENCE_BEFORE & set(words[-2:]):
        return "difference"
    if words and words[-1] == "from" and len(words) >= 2 and words[-2] in FROM_WORDS:
        return "previous"
    if words and words[-1] in PREVIOUS_WORDS:
        return "previous"
    if BASELINE_WORDS & set(last):
        return "baseline"
    if words and words[-1] in ADDITIONAL_BEFORE or words[-2:-1] == ["additional"]:
        return "additional"
    if after and after[0] in ADDITIONAL_AFTER:
        if after[0] in ("over", "above") and len(after) > 1 and after[1] in NOT_REFERENCE:
            return "total"
        return "additional"
    return "total"


def _derived(block: list[Figure]) -> list[Figure]:
    """Additions a paragraph implies: a name's total less the one baseline of its statistic
    in the paragraph, where the name's addition of that statistic is not stated."""
    out = []
    for f in block:
        if f.role != "total" or not f.owner or f.family != "latency":
            continue
        bases = [b for b in block if b.role == "baseline" and b.statistic == f.statistic
                 and same_dimension(b.c.q.unit, f.c.q.unit)]  # fmt: skip
        if len({b.c.q.value for b in bases}) != 1:
            continue
        stated = any(g.role == "additional" and g.owner == f.owner and g.statistic == f.statistic
                     and g.sentence == f.sentence for g in block)  # fmt: skip
        base = bases[0].c.q
        total = f.c.q
        b_ = aligned(total, base)
        if stated or b_.value >= total.value:
            continue
        q = total.model_copy(update={"text": f"{total.text} - {base.text}",
                                     "value": total.value - b_.value})  # fmt: skip
        c = Candidate(q, "document", f.c.owners)
        out.append(Figure(c, f.family, f.statistic, "additional", f.section, f.block,
                          f.sentence, (total, base), f.owner))  # fmt: skip
    return out
