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

from bisect import bisect_left
from dataclasses import replace
from itertools import combinations

from claimcheck.extract.claim_summary import (
    bound_of_multiples,
    summary_operands,
    summary_range,
)
from claimcheck.extract.claimfacts import (
    MAX_OWNED,
    MAX_SCAN,
    WORD_RE,
    Candidate,
    OperandContext,
    number,
    owned_figures,
    words_between,
)
from claimcheck.extract.claimhints import GROUPS, Hints, hints_of
from claimcheck.extract.claims import SIZE_WORDS, Pending, compatible, is_year, judge_pair
from claimcheck.extract.quantities import scan
from claimcheck.extract.tablecells import cell_labels
from claimcheck.extract.verdicts import is_time, judge_share, judge_speed, judge_within, speed_word
from claimcheck.models import Document, Extraction, Measurement, Operand, Quantity
from claimcheck.units import dimensionality, is_information, same_dimension

MAX_CONTINUATION = 4  # lines an indented figure line may sit below its labelled line

MAX_CANDIDATES = 6  # figures one role may take before the claim counts as ambiguous
MAX_CLAIMS = 12  # claims of one sentence that are resolved (each reads the sentence again)
PREVIOUS_BLOCKS = 3  # paragraphs before the claim's own that it may cite
SECTION_BLOCKS = 12  # blocks of its section, each way, whose figures a claim may compare
KINDS = ("percent-delta", "ratio", "share")


def resolve_open(doc: Document, pending: list[Pending], ex: Extraction) -> None:
    """Find and judge the operands of every claim still without them."""
    todo = [p for p in pending if _open(p)]
    if not pending:
        return
    facts = OperandContext(doc, ex)
    stated_values = {id(p.stated) for p in pending}  # a claim's stated value is no operand
    stated: dict[int, list[Pending]] = {}
    for p in pending:
        stated.setdefault(p.sentence.start, []).append(p)
    for siblings in stated.values():
        _clauses(siblings)
    for p in todo:
        siblings = stated.get(p.sentence.start, [])
        if len(siblings) <= MAX_CLAIMS:  # a sentence denser than this is a table in prose
            _resolve(facts, p, siblings, stated_values)
    for p in pending:
        if _open_range(p):  # a range over figures stated in prose
            owned = _sentence_candidates(facts, p, stated.get(p.sentence.start, []))
            summary_range(facts, p, hints_of(facts, p, stated.get(p.sentence.start, []), owned))
    for p in pending:
        siblings = stated.get(p.sentence.start, [])
        if p.claim.kind in KINDS and len(siblings) <= MAX_CLAIMS and p.claim.subject is None:
            _describe(facts, p, siblings)


def _clauses(siblings: list[Pending]) -> None:
    """Give each claim of a sentence its clause: "X has 128GB, double the B2250 (64GB) but
    half the B4450 (256GB)" - each multiple's reference follows it, the subject before the
    first is shared."""
    ordered = sorted(siblings, key=lambda x: x.stated.start)
    first = ordered[0].stated.start
    for k, x in enumerate(ordered):
        previous = ordered[k - 1].stated.end if k else x.sentence.start
        nxt = ordered[k + 1].stated.start if k + 1 < len(ordered) else x.sentence.end
        x.clause = (first, previous, nxt)


def _clause_rank(p: Pending, c: Candidate) -> int:
    """0 for a figure of the claim's own clause (after its stated value, or the subject
    before the sentence's first), 1 between the stated value before and this one (maybe the
    reference of that one), 2 elsewhere."""
    if p.clause is None:
        return 0
    first, previous, nxt = p.clause
    at = c.q.start
    if p.stated.end <= at < nxt or at < first and at >= p.sentence.start:
        return 0
    return 1 if previous <= at < p.stated.start else 2


def _open_range(p: Pending) -> bool:
    c = p.claim
    return (
        c.kind in ("percent-delta", "ratio")
        and c.status == "unverifiable"
        and not c.operands
        and p.stated.is_range
    )


def _open(p: Pending) -> bool:
    c = p.claim
    return (
        c.kind in KINDS and c.status == "unverifiable" and not c.operands and not p.stated.is_range
    )


def _resolve(
    facts: OperandContext, p: Pending, siblings: list[Pending], stated_values: set[int]
) -> None:
    markers = {id(s.stated) for s in siblings}
    owned = _sentence_candidates(facts, p, siblings)
    hints = hints_of(facts, p, siblings, owned)
    named = {v for values in hints.conditions.values() for v in values}
    if named:  # "between 1 and 36 CPUs": the values of a table's condition axis
        owned = [c for c in owned if c.q.unit or c.q.value not in named]
    sizes = any(w in SIZE_WORDS for w in p.words)
    speed = speed_word(p)
    owned = [c for c in owned if _kind_fits(c, hints, sizes, speed)]
    p.claim.subject, p.claim.reference, p.claim.metric = (
        hints.subject,
        hints.reference,
        hints.metric,
    )
    if _try(facts, p, hints, owned, strict=_pinned(facts, p, hints, owned), whole_sentence=True):
        return
    # the sentences before it in its paragraph, then the paragraphs before it in its section
    earlier: list[Candidate] = []
    for sent, qs in p.earlier:
        key = (sent.start, sent.end)
        if key not in facts.owned:
            found = [q for q in qs if _operand_like(facts, q, markers)][:MAX_OWNED]
            facts.owned[key] = owned_figures(facts, *key, found, "previous_sentence")
        earlier.extend(facts.owned[key])
    earlier.extend(_previous_blocks(facts, p, markers))
    earlier = [c for c in earlier if _kind_fits(c, hints, sizes, speed)]  # not "64-bit"
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
    if bound_of_multiples(facts, p):
        return
    if not owned and _from_section(facts, p, hints, stated_values, sizes, speed):
        return
    if _from_tables(facts, p, hints, owned) or _from_runs(facts, p, hints):
        return
    # the figures its words name by meaning (an addition, CPU time, memory) before any
    # figure of its names: "1/3rd the additional latency" is no ratio of two totals
    if summary_operands(facts, p, hints, _judge) is None:
        _from_entities(facts, p, hints, sizes, speed)


def _from_entities(
    facts: OperandContext, p: Pending, hints: Hints, sizes: bool, speed: bool
) -> bool:
    """The report's figures of the two entities the claim names, wherever they stand (a
    results section above a summary, a table, a code fence): when each owns exactly one
    figure of the kind the claim compares, that pair is its operands; otherwise only a
    pair that fits decides."""
    if not (hints.subject and hints.reference) or hints.subject == hints.reference:
        return False
    mine = [c for c in facts.figures_of(hints.subject) if _kind_fits(c, hints, sizes, speed)]
    theirs = [c for c in facts.figures_of(hints.reference) if _kind_fits(c, hints, sizes, speed)]
    if not mine or not theirs or len(mine) + len(theirs) > 2 * MAX_CANDIDATES:
        return False
    return _try(facts, p, hints, mine + theirs, strict=False)


def _from_section(
    facts: OperandContext, p: Pending, hints: Hints, markers: set[int], sizes: bool, speed: bool
) -> bool:
    """The figures of the claim's section, before and after it: the list items above a
    "Gain: 8.8x" line, the list below a heading that states "10x". When the section holds
    exactly one pair the claim can compare and a name the claim states owns one of its
    figures, that pair is its operands; otherwise only a pair that fits decides."""
    cands = [c for c in _section_blocks(facts, p, markers) if _kind_fits(c, hints, sizes, speed)]
    if len(cands) < 2 or len(cands) > 2 * MAX_CANDIDATES:
        return False
    pairs = [(a, b) for a, b in combinations(cands, 2) if _fits(a, b)]
    names = {hints.subject, hints.reference} - {None}
    if len(pairs) == 1 and not any(c.owners & names for c in pairs[0]):
        # "Per-core workers = 10x gain" above "Per-core workers: 129,531 rps": the name that
        # owns a figure of the pair is written in the claim, lower-cased or not
        said = {w for w, _ in words_between(facts.doc.text, p.sentence.start, p.sentence.end, 60)}
        written = [c for c in pairs[0] if len(c.owners) == 1 and c.owners <= said]
        if len(written) == 1:
            owner = next(iter(written[0].owners))
            other = pairs[0][1] if written[0] is pairs[0][0] else pairs[0][0]
            hints = replace(hints, subject=owner, reference=next(iter(other.owners), None)
                            if len(other.owners) == 1 else None)  # fmt: skip
            names = {hints.subject, hints.reference} - {None}
    pinned = len(pairs) == 1 and any(c.owners & names for c in pairs[0])
    if pinned:  # a figure of another kind beside the pair may be what the claim compares
        pair = pairs[0]
        pinned = all(c in pair or c.q.is_percent and not pair[0].q.is_percent for c in cands)
    return _try(facts, p, hints, cands, strict=pinned, whole_sentence=True, named=False)


def _section_blocks(facts: OperandContext, p: Pending, markers: set[int]) -> list[Candidate]:
    """Figures of the prose blocks of the claim's section (its own block aside), the
    nearest blocks first, at most SECTION_BLOCKS each way."""
    doc = facts.doc
    bi = facts.block_of(p.sentence.start)
    section = doc.blocks[bi].section
    out: list[Candidate] = []
    for step in (-1, 1):
        j = bi + step
        while 0 <= j < len(doc.blocks) and abs(j - bi) <= SECTION_BLOCKS:
            b = doc.blocks[j]
            if b.section != section:
                break
            if b.table is None and b.kind in ("paragraph", "list_item", "heading"):
                out.extend(_block_figures(facts, j, markers))
            elif b.kind == "code":  # "Kafka Producer: Sent 100000 messages in 3015ms"
                out.extend(_code_figures(facts, j))
            j += step
    return out


def _code_figures(facts: OperandContext, j: int) -> list[Candidate]:
    """The figures with units of a code block's "Label: figures" lines, each owned by its
    label (the label's words, lower-cased); a block longer than a summary is a log."""
    b = facts.doc.blocks[j]
    key = (b.start, b.end)
    if key in facts.owned:
        return facts.owned[key]
    out: list[Candidate] = []
    text = facts.doc.text
    lo, hi = bisect_left(facts.q_starts, b.start), bisect_left(facts.q_starts, b.end)
    qs = [q for q in facts.quantities[lo:hi] if q.unit and not q.is_percent and not q.multiplier]
    if len(qs) <= MAX_OWNED:
        for q in qs:
            line = text.rfind("\n", b.start, q.start) + 1 or b.start
            head, sep, _ = text[line : q.start].partition(":")
            words = WORD_RE.findall(head)
            if sep and words and len(words) <= 4:
                label = " ".join(words)
                parts = {w.lower() for w in words}  # a name read without an entity: its words
                owners = {label.lower(), facts.entity_of(label), *parts} - {None}
                outer = _outer_label(text, b.start, line)
                if outer:  # an indented line continues the labelled line above it
                    owners |= {outer.lower(), facts.entity_of(outer)} - {None}
                    owners |= {w.lower() for w in WORD_RE.findall(outer)}
                out.append(Candidate(q, "paragraph", frozenset(owners)))
    facts.owned[key] = out
    return out


def _outer_label(text: str, start: int, line: int) -> str | None:
    """The label of the unindented "Label: ..." line an indented line at ``line`` continues
    ("Kestrel producer: sent 1000 messages" above "   total: 52 MiB (140 Mbit/s)"); None for
    an unindented line or when the line above it that is not indented has no short label.
    Looks back over at most a few lines, so linear in the block."""
    if line >= len(text) or text[line] not in " \t":
        return None
    end = line - 1
    for _ in range(MAX_CONTINUATION):
        if end <= start:
            return None
        begin = text.rfind("\n", start, end) + 1 or start
        row = text[begin:end]
        if row.strip() and row[0] not in " \t":
            head, sep, _ = row.partition(":")
            words = WORD_RE.findall(head)
            return " ".join(words) if sep and words and len(words) <= 4 else None
        end = begin - 1
    return None


def _block_figures(facts: OperandContext, j: int, markers: set[int]) -> list[Candidate]:
    """The candidates of block ``j``, each owned by the name beside it (read once)."""
    b = facts.doc.blocks[j]
    key = (b.start, b.end)
    if key not in facts.owned:
        lo, hi = bisect_left(facts.q_starts, b.start), bisect_left(facts.q_starts, b.end)
        qs = [q for q in facts.quantities[lo:hi] if _operand_like(facts, q, markers)]
        facts.owned[key] = owned_figures(facts, *key, qs[-MAX_OWNED:], "paragraph")
    return [c for c in facts.owned[key] if id(c.q) not in markers]


def _pinned(facts: OperandContext, p: Pending, hints: Hints, owned: list[Candidate]) -> bool:
    """May a single non-fitting pair of the sentence's own figures make the claim wrong?
    Not when the claim names a reference that owns none of them ("10 and 40 Gbps at two
    frame sizes, 25% more than Y"), nor when its clause (up to a semicolon) holds none of
    them ("X 30,000 rps and Y 20,000; at 500 users X was also 10% faster")."""
    if hints.whole is not None:
        return True  # an elliptical share takes the whole of the share before it
    named = any(c.owners for c in owned)
    if hints.reference and named and not any(hints.reference in c.owners for c in owned):
        return False
    text = facts.doc.text
    cut = [i for i in range(p.sentence.start, p.sentence.end) if text[i] == ";"]
    if not cut:
        return True
    part = sum(1 for i in cut if i < p.stated.start)
    parts = [sum(1 for i in cut if i < c.q.start) for c in owned]
    here, before = parts.count(part), parts.count(part - 1)
    return here == len(owned) or (here == 1 and before == 1 and len(owned) == 2)


def _sentence_candidates(
    facts: OperandContext, p: Pending, siblings: list[Pending]
) -> list[Candidate]:
    """The figures of the claim's sentence that may be operands, with their owners (read
    once per sentence)."""
    key = (p.sentence.start, p.sentence.end)
    if key not in facts.owned:
        markers = {id(s.stated) for s in siblings}
        sizes = any(w in SIZE_WORDS for w in p.words)
        own = [q for q in _ends(p.quantities) if _operand_like(facts, q, markers, sizes)]
        own = own[:MAX_OWNED]
        facts.owned[key] = owned_figures(facts, *key, own, "sentence")
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


def _operand_like(
    facts: OperandContext, q: Quantity, markers: set[int], sizes: bool = False
) -> bool:
    """Could the figure be a cited operand (not a stated value, a count word or a condition)?
    In a sentence about sizes, a memory or disk spec is one ("128GB of memory, double ...")."""
    if id(q) in markers or q.multiplier or q.is_range:
        return False
    if q.is_word and not q.unit:
        return False
    if not q.unit and facts.is_label(q):
        return False
    if sizes and is_information(q.unit) and facts.is_hardware(q):
        return True
    return not facts.is_condition(q)


def _previous_blocks(facts: OperandContext, p: Pending, markers: set[int]) -> list[Candidate]:
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
            facts.owned[key] = owned_figures(facts, *key, qs[-MAX_OWNED:], "paragraph")
        out.extend(facts.owned[key])
    return out


def _from_runs(facts: OperandContext, p: Pending, hints: Hints) -> bool:
    """The load-tool runs of the two entities the claim names ("the Kinto K2 is 33% faster
    than the Pollux P1" below a wrk run of each): their request rates, or mean latencies.
    A claim that names neither may take two of the report's few runs, if they fit."""
    if not facts.ex.runs:
        return False
    named = bool(hints.subject and hints.reference)
    indexes = facts.runs_of(hints.subject, hints.reference) if named else facts.measured_runs()
    if not named and len(indexes) > MAX_CANDIDATES:
        return False  # unnamed: only a report with a few runs ("±0%" between two wrk runs)
    cands = []
    for index in indexes:
        run, owners = facts.ex.runs[index], facts.run_owners(index)
        for name, metric in RUN_RESULTS.items():
            v = run.results.get(name)
            if (
                v is None
                or hints.metric
                and GROUPS.get(hints.metric, hints.metric) != GROUPS.get(metric, metric)
            ):
                continue
            unit = RUN_UNITS.get(v.unit, v.unit)  # a tool's "req/s" is the table's RPS
            q = Quantity(text=v.text, start=v.start, end=v.end, value=v.value, unit=unit)
            cands.append(Candidate(q, "run", owners, None, metric, metric, run=index))
    if len(cands) >= 2:  # unnamed, a fit decides and nothing else
        return _try(facts, p, hints, cands[: 2 * MAX_CANDIDATES], strict=False, named=named)
    return False


RUN_RESULTS = {"rps": "rps", "latency_mean": "latency"}
RUN_UNITS = {"req/s": "RPS", "s": "second", "ms": "millisecond"}


def _from_tables(facts: OperandContext, p: Pending, hints: Hints, owned: list[Candidate]) -> bool:
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
            facts.selected[memo] = _select(facts, pool, hints)
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


def _select(facts: OperandContext, pool: list[Measurement], hints: Hints) -> list[Candidate] | None:
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
            number(m.conditions.get(axis)) not in values
            for axis, values in hints.conditions.items()
        ):
            continue
        picked.append(m)
    if len(picked) < 2 or len(picked) > 3 * MAX_CANDIDATES:
        return None
    return [
        Candidate(_quantity(m), "table_cell", _table_owners(facts, m), m, m.metric, m.metric)
        for m in picked
    ]


def _table_owners(facts: OperandContext, m: Measurement) -> frozenset[str]:
    """A cell's owners: its device, its entity label, the entity that label names, the
    words of its section."""
    keys = {k for k in (m.device, m.entity and m.entity.lower(), facts.entity_of(m.entity)) if k}
    keys.update(w.lower() for w in WORD_RE.findall(m.entity or ""))  # "Kestrel K6": "k6"
    if m.section:
        keys.update(w.lower() for w in WORD_RE.findall(m.section))
    return frozenset(keys)


def _quantity(m: Measurement) -> Quantity:
    """A table cell as a quantity; a cell written with a scale word ("2.04 million") keeps
    the value that word gives it."""
    q = Quantity(text=m.text, start=m.start, end=m.end, value=m.value, decimals=m.decimals)
    found = scan(m.text, m.start)
    if len(found) == 1 and found[0].scale != 1 and not found[0].unit:
        q.value, q.scale = found[0].value, found[0].scale
    return q


def _try(
    facts: OperandContext,
    p: Pending,
    hints: Hints,
    cands: list[Candidate],
    strict: bool,
    whole_sentence: bool = False,
    named: bool = True,
) -> bool:
    """Judge the claim on every plausible assignment of ``cands``; True when decided.

    ``strict``: a single assignment that does not fit makes the claim inconsistent (the
    operands are the sentence's own or pinned by the names and conditions it states);
    otherwise only a fit decides. ``named``: one figure owned by each name the claim
    states pins the pair (not so in a wide pool, where the names own figures of other
    comparisons)."""
    pairs, roles = _assignments(p.claim.kind, cands, hints)
    if roles is None and hints.whole is not None:
        return False
    direction = p.claim.direction
    if not pairs:
        return False
    at = p.stated.start  # the pair of its clause, then the nearest: "1.47x (88K -> 130K)"
    pairs.sort(key=lambda ab: (_clause_rank(p, ab[0]) + _clause_rank(p, ab[1]),
                               abs(ab[0].q.start - at) + abs(ab[1].q.start - at)))  # fmt: skip
    if (
        len(pairs) == 1
        and hints.subject in pairs[0][0].owners
        and (hints.reference in pairs[0][1].owners)
    ):
        roles = "both"  # each name owns one figure of the only pair of one kind
    if len(pairs) > MAX_CANDIDATES * MAX_CANDIDATES:
        return False
    for subj, ref in pairs:
        if not _may_fit(facts, hints, cands, subj, ref):
            continue
        orders = [(subj, ref)] if roles else [(subj, ref), (ref, subj)]
        for a, b in orders:
            if _judge(facts, p, a, b) == "consistent":
                return True
    unique = len(pairs) == 1 and (roles or not whole_sentence or len(cands) == 2)
    a, b = pairs[0]
    unique = unique and _counterparts(a, b, roles == "both")
    # a name the claim states owns none of the candidates while the pair belongs to a third
    # name: the pair is a stand-in, never grounds for "inconsistent"
    unique = unique and not _stand_in(hints, cands, (a, b))
    strict = strict or roles == "both" and named
    if strict and unique and (roles or whole_sentence):
        subj, ref = pairs[0]
        if not roles:
            subj, ref = _changed(facts, subj, ref) or _in_direction(p, subj, ref)
        _judge(facts, p, subj, ref)
        return True
    _reset(p.claim, pairs)
    p.claim.direction = direction
    return False


def _may_fit(
    facts: OperandContext, hints: Hints, cands: list[Candidate], a: Candidate, b: Candidate
) -> bool:
    """May the pair make the claim consistent? Not when it stands in for a name the claim
    states ("half the width of the B2250" against the slots of two other names), nor when
    a bare number is one of them, owned by no name of the claim, with no unit word shared
    (a blade count beside a range bound: any two numbers fit "up to 20x")."""
    entities = replace(hints, subject=_entity(facts, hints.subject),
                       reference=_entity(facts, hints.reference))  # fmt: skip
    if _stand_in(entities, cands, (a, b), facts.entity_ids):  # "Gain:", "SSL" are no names
        return False
    if a.q.unit and b.q.unit or a.word and a.word == b.word or _changed(facts, a, b):
        return True  # figures with units, one unit word, or "400 -> 12"
    if (a.q.unit or b.q.unit) and a.source == b.source == "sentence":
        return True  # "completes 428 of them per second ... serves 71,561 requests per second"
    names = {hints.subject, hints.reference} - {None}
    return bool(names) and all(c.owners & names for c in (a, b))


def _entity(facts: OperandContext, name: str | None) -> str | None:
    """``name`` when it is one of the report's entities (not a capitalised word)."""
    return name if name in facts.entity_ids else None


MAX_BARE_SPREAD = 100.0  # a bare number this many times off a figure is no counterpart


def _counterparts(a: Candidate, b: Candidate, named: bool) -> bool:
    """May a single pair be taken as what the claim compares? Two figures with units, two
    bare numbers with the same word after them ("60K rps"), or a bare number beside a
    figure with a unit when the claim's names own one each or the two are of one magnitude
    (a footnote mark "1" beside "500 ms" is not the other operand)."""
    if a.q.unit and b.q.unit or a.word and a.word == b.word:
        return True
    if not (a.q.unit or b.q.unit):
        return False
    if named:
        return True
    small, large = sorted((abs(a.q.value), abs(b.q.value)))
    return small > 0 and large / small <= MAX_BARE_SPREAD


def _stand_in(
    hints: Hints,
    cands: list[Candidate],
    pair: tuple[Candidate, Candidate],
    entities: set[str] | None = None,
) -> bool:
    """Does the claim name a subject or a reference that owns none of ``cands``, while a
    figure of ``pair`` belongs to another name ("128GB, double the B2250's 64GB and half
    the B4450's 256GB", with the 128GB missing: 256GB stands in for it)?"""
    names = {hints.subject, hints.reference} - {None}
    missing = any(not any(n in c.owners for c in cands) for n in names)
    if entities is not None:  # only an entity counts as the other name ("SSL" does not)
        return missing and any(c.owners & entities and not c.owners & names for c in pair)
    return missing and any(c.owners and not c.owners & names for c in pair)


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


def _kind_fits(c: Candidate, hints: Hints, sizes: bool, speed: bool) -> bool:
    """Can the figure be what the claim compares? An object or memory size only where the
    sentence speaks of sizes; a count of connections or users only where it names them
    ("33x fewer connections"; "@ 50 connections" beside a rate is a load); a figure of
    another kind of metric than the one it names ("throughput is 20% higher" beside two
    latencies) never; a link or port speed never."""
    if is_information(c.q.unit) and not sizes:
        return False
    counted = dimensionality(c.q.unit) if c.q.unit else ""
    if counted in COUNTS and COUNTS[counted] != hints.counted:
        return False
    if c.spec or is_year(c.q) or speed and c.q.is_percent:
        return False  # "faster" is never said of two percentages (loads, shares of tests)
    if hints.metric == "cpu" and c.q.unit:  # CPU time ("212ms of CPU time"), a CPU share
        return same_dimension(c.q.unit, "second") or c.q.is_percent or c.q.unit == "millicore"
    metric = c.metric or _unit_metric(c.q.unit)
    if hints.metric and metric:
        return GROUPS.get(hints.metric, hints.metric) == GROUPS.get(metric, metric)
    return True


# A plain count of things (no rate), by dimension, and the noun a claim names it with.
COUNTS = {"[connection]": "connection", "[request]": "request", "[user]": "user",
          "[session]": "session", "[transaction]": "transaction", "[packet]": "packet"}  # fmt: skip


def _unit_metric(unit: str) -> str | None:
    """The metric family a unit implies: a time is a latency, a count per second a rate."""
    if not unit or unit == "percent":
        return None
    if same_dimension(unit, "second"):
        return "latency"
    if is_information(unit):
        return "memory"
    return "rps" if "/ second" in unit or unit in ("RPS", "CPS", "TPS") else None


def _fits(a: Candidate, b: Candidate) -> bool:
    if a.metric and b.metric and a.metric != b.metric and not {a.metric, b.metric} <= _WORK:
        return False  # a request rate against a connection rate is still two rates
    if (
        a.m is not None
        and b.m is not None
        and (a.m.role, a.m.statistic) != (b.m.role, b.m.statistic)
    ):
        return False  # a datasheet figure against a measured one, a p99 against a mean
    if is_information(a.q.unit) != is_information(b.q.unit):
        return False
    if a.q.value == b.q.value:
        return False
    return compatible(a.q, b.q) or _rates_of_work(a.q.unit, b.q.unit)


# Requests, connections and TLS transactions per second are rates of one kind of work a
# report may set against each other ("X served 1.2 M requests per second, Y set up 300,000
# connections per second: X is four times faster"): the arithmetic is the report's, and
# whether the metrics may be compared is a rule's question (M003), not the resolver's.
_WORK = frozenset(("rps", "cps", "ssl_tps"))
_WORK_RATES = frozenset(("[request] / [time]", "[connection] / [time]", "[transaction] / [time]"))


def _rates_of_work(a: str, b: str) -> bool:
    """Both units are rates of requests, connections or transactions."""
    return bool(a and b) and dimensionality(a) in _WORK_RATES and dimensionality(b) in _WORK_RATES


def _changed(
    facts: OperandContext, a: Candidate, b: Candidate
) -> tuple[Candidate, Candidate] | None:
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


def _judge(facts: OperandContext, p: Pending, subj: Candidate, ref: Candidate) -> str:
    claim = p.claim
    claim.operands = [_operand(facts, subj), _operand(facts, ref)]
    if claim.kind == "share":
        judge_share(p, subj.q, ref.q)
    elif claim.direction == "within":
        judge_within(p, subj.q, ref.q)
    elif claim.kind == "percent-delta" and speed_word(p) and is_time(subj.q, ref.q):
        judge_speed(p, subj.q, ref.q)
    else:
        judge_pair(claim, p.stated, subj.q, ref.q, p.words)
    return claim.status


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


def _operand(facts: OperandContext, c: Candidate) -> Operand:
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


def _describe(facts: OperandContext, p: Pending, siblings: list[Pending]) -> None:
    """Name the subject, reference and metric of a claim whose operands the grammar found,
    and the entity of each of its operands."""
    owned = _sentence_candidates(facts, p, siblings)
    hints = hints_of(facts, p, siblings, owned)
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
