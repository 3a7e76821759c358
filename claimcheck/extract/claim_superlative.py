"""Superlatives over the report's tables: "X consistently has the lowest latency and CPU
usage", "Y delivers the highest throughput in every test".

A superlative word (lowest, highest, fastest, best, ...) after one table entity the
sentence names, followed by the metric nouns it is said of ("the lowest latency and
average CPU usage": two claims), is judged on the tables that have that entity: in each
scenario (cells of one metric, statistic and conditions, one per entity) the entity must
hold the extreme value (a tie holds). The verdict:

- consistent when it holds in every scenario;
- inconsistent when it fails in every scenario, or fails in one while the sentence says it
  holds everywhere ("consistently", "always", "in every", "across all");
- unverifiable (not kept) otherwise: "the lowest latency" true in some scenarios and
  not in others says nothing about which the writer meant.
"""

from __future__ import annotations

from claimcheck import lazyre
from claimcheck.extract import axislabels as L
from claimcheck.extract.claim_tables import (
    LabelIndex,
    TableView,
    cell_key,
    cell_operand,
    condition_text,
    in_scope,
    lower_is_better,
    make_claim,
    named_entities,
)
from claimcheck.extract.claim_tables import words as words_of
from claimcheck.extract.claimfacts import words_between
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document

# superlative -> "min", "max", or "better"/"worse" (by the metric's polarity)
SUPERLATIVES = {"lowest": "min", "least": "min", "smallest": "min", "fewest": "min",
                "highest": "max", "largest": "max", "biggest": "max", "most": "max",
                "greatest": "max", "fastest": "better", "best": "better", "quickest": "better",
                "slowest": "worse", "worst": "worse"}  # fmt: skip
# words that say the superlative holds in every scenario ("consistently the lowest")
EVERY_WORDS = {"consistently", "always", "every", "all", "each", "across", "throughout",
               "uniformly", "invariably"}  # fmt: skip
# metric nouns after the superlative -> the table metric families they name
METRIC_NOUNS = {"latency": ("latency",), "latencies": ("latency",),
                "response": ("latency", "response_time"), "cpu": ("cpu",),
                "memory": ("memory",), "ram": ("memory",), "footprint": ("memory",),
                "throughput": ("rps", "throughput", "bandwidth"),
                "rps": ("rps",), "requests": ("rps",), "connections": ("cps",),
                "bandwidth": ("bandwidth", "throughput"), "power": ("power",)}  # fmt: skip
ENDS = {"while", "whereas", "but", "than", "although", "though", "except"}
# A superlative the report's own table contradicts is a contradiction between its prose and
# its results (C003's family), not a miscomputed figure: no A rule reports it
RULE = "C003"
MAX_AFTER = 8  # words after the superlative its metric nouns are read in
MAX_SCENARIOS = 64  # scenarios judged per claim


def superlative_claims(
    doc: Document, tables: list[TableView], index: LabelIndex, section: str | None,
    sentence: Sentence,
) -> list[Claim]:  # fmt: skip
    """The superlatives of one sentence, judged against the tables' scenarios (``index``:
    the tables' labels as :func:`bare_index` spells them)."""
    if not tables:
        return []
    words = words_between(doc.text, sentence.start, sentence.start + len(sentence.text), 80)
    out: list[Claim] = []
    for k, (w, at) in enumerate(words):
        sense = SUPERLATIVES.get(w)
        if sense is None or (k and words[k - 1][0] in ("not", "never")):
            continue
        named = named_entities(doc.text[sentence.start : at], index)
        if len({n[2] for n in named}) != 1:
            continue  # no one entity it is said of (or a list of them)
        subject = named[-1][2]
        every = any(_every(x) for x, _ in words)
        for noun, noun_at, families in _metric_nouns(words, k):
            claim = _judge(doc, tables, section, sentence, subject, sense, every,
                           (at, noun_at + len(noun)), families)  # fmt: skip
            if claim is not None:
                out.append(claim)
        break  # one superlative per sentence
    return out


def _metric_nouns(words: list[tuple[str, int]], k: int) -> list[tuple[str, int, tuple[str, ...]]]:
    """The metric nouns the superlative at ``k`` is said of, up to the clause's end."""
    out = []
    for w, at in words[k + 1 : k + 1 + MAX_AFTER]:
        if w in ENDS:
            break
        if w in METRIC_NOUNS and all(f != METRIC_NOUNS[w] for _, _, f in out):
            out.append((w, at, METRIC_NOUNS[w]))
    return out


def _judge(
    doc: Document, tables: list[TableView], section: str | None, sentence: Sentence,
    subject: str, sense: str, every: bool, span: tuple[int, int], families: tuple[str, ...],
) -> Claim | None:  # fmt: skip
    levels = in_scope(tables, section, {subject})
    if not levels:
        return None
    scope = levels[0]
    groups: dict[tuple, list[tuple[TableView, object]]] = {}
    for view in scope:
        for cells in view.by_entity.values():
            for gc in cells:
                if gc.metric in families:
                    groups.setdefault((view.index, *cell_key(view.grid, gc)), []).append((view, gc))
    scenarios = []
    for cells in list(groups.values())[:MAX_SCENARIOS]:
        mine = [x for x in cells if _key(x[1].entity) == subject]
        if len(mine) != 1 or len(cells) < 2:
            continue
        scenarios.append((mine[0], [x for x in cells if x is not mine[0]]))
    if not scenarios:
        return None
    metric = scenarios[0][0][1].metric
    want_min = (
        sense == "min"
        or (sense in ("better", "worse"))
        and (lower_is_better(metric) == (sense == "better"))
    )
    failed = []
    for (view, gc), others in scenarios:
        best = (
            min(others, key=lambda x: x[1].value)
            if want_min
            else max(others, key=lambda x: x[1].value)
        )
        holds = gc.value <= best[1].value if want_min else gc.value >= best[1].value
        if not holds:
            failed.append(((view, gc), best))
    stated = " ".join(doc.text[span[0] : span[1]].split())
    claim = make_claim(doc, "percent-delta", RULE, sentence.text, span[0], span[1], stated, None)
    claim.direction = "lowest" if want_min else "highest"
    claim.subject = scenarios[0][0][1].entity
    claim.metric = metric
    n = len(scenarios)
    if not failed:
        claim.operands = [cell_operand(doc, v, g) for (v, g), _ in scenarios[:8]]
        apply(claim, Judgement("consistent", f"extreme in {n} of {n}", float(n)))
        return claim
    if len(failed) < n and not every:
        return None  # true in some scenarios: which the writer meant is unknown
    shown = "; ".join(
        f"{condition_text(g) or L.metric_of(stated) or metric}: {b[1].entity} {b[1].cell.text} "
        f"(line {doc.position(b[1].cell.start)[0]}) against {g.entity} {g.cell.text} "
        f"(line {doc.position(g.cell.start)[0]})"
        for (v, g), b in failed[:4]
    )
    more = f" and {len(failed) - 4} more" if len(failed) > 4 else ""
    for (v, g), (bv, bg) in failed[:4]:
        claim.operands += [cell_operand(doc, v, g), cell_operand(doc, bv, bg)]
    which = "lowest" if want_min else "highest"
    msg = (f'stated "{stated}" for {claim.subject}; not the {which} {metric} in {len(failed)} '
           f"of {n} scenarios: {shown}{more}")  # fmt: skip
    apply(claim, Judgement("inconsistent", f"extreme in {n - len(failed)} of {n}",
                           float(n - len(failed)), "error", "wrong-direction", msg))  # fmt: skip
    return claim


def bare_index(index: LabelIndex) -> LabelIndex:
    """``index`` with each label also spelled without its parenthesised part ("Kiln
    (Value)" is named "Kiln" in prose); build it once per document."""
    out = LabelIndex(dict(index.labels))
    for k, label in index.labels.items():
        plain = _PAREN.sub(" ", label).strip()
        ws = tuple(w for w, _ in words_of(plain))
        if plain != label and ws and len("".join(ws)) >= 2:
            out.by_words.setdefault(ws, k)
    out.lengths = sorted({len(ws) for ws in out.by_words}, reverse=True)
    return out


_PAREN = lazyre.compile(r"\([^()]*\)")


def _every(word: str) -> bool:
    """Is ``word`` one of EVERY_WORDS, or a long one with a letter dropped ("consistenly")?"""
    if word in EVERY_WORDS:
        return True
    return len(word) >= 7 and any(
        len(v) == len(word) + 1 and any(v[:i] + v[i + 1 :] == word for i in range(len(v)))
        for v in EVERY_WORDS
    )


def _key(label: str | None) -> str:
    return "".join(ch for ch in (label or "").lower() if ch.isalnum())
