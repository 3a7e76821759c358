"""Extract comparative claims from prose and judge them against their operands.

Pipeline per sentence: a lexical prefilter (a percentage or a multiple is
present), claimlex tokens, island parsing with the claim grammar, then the
operands the phrase names are checked with :mod:`claimcheck.extract.judge`.
Claims whose operands are not in the sentence are left ``unverifiable`` here;
later passes (tables, cross-claim) may resolve them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claimcheck import arithmetic as ar
from claimcheck.extract import judge, relation
from claimcheck.extract.claimlex import Tok, tokenize
from claimcheck.extract.markers import with_markers
from claimcheck.extract.phrases import Phrase, find_phrases
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Claim, Document, Operand, Quantity
from claimcheck.units import is_event_rate, is_information, same_dimension


@dataclass
class Pending:
    """A claim with the context later passes need."""

    claim: Claim
    sentence: Sentence
    phrase: Phrase
    stated: Quantity
    words: list[str]  # lower-cased words of the sentence
    quantities: list[Quantity] = field(default_factory=list)  # of the sentence
    earlier: list[tuple[Sentence, list[Quantity]]] = field(default_factory=list)  # same block
    # (first, previous, next): where the sentence's first stated value starts, where the
    # stated value before this one ends and where the one after it starts (its clause)
    clause: tuple[int, int, int] | None = None


def operand(
    doc: Document, q: Quantity, source: str = "sentence", label: str | None = None
) -> Operand:
    """An Operand model for a quantity found in the document."""
    line, _ = doc.position(q.start)
    return Operand(text=q.text, value=q.value, unit=q.unit, start=q.start, end=q.end, line=line,
                   source=source, label=label)  # fmt: skip


def new_claim(doc: Document, kind: str, rule: str, sentence: Sentence, stated: Quantity,
              stated_phrase: str, end: int) -> Claim:  # fmt: skip
    """A Claim located at its stated value, covering the phrase up to ``end``."""
    line, col = doc.position(stated.start)
    end_line, end_col = doc.position(max(end, stated.end))
    return Claim(kind=kind, rule=rule, text=sentence.text, start=stated.start, end=max(end, stated.end),
                 line=line, column=col, end_line=end_line, end_column=end_col,
                 stated=stated_phrase, stated_value=stated.value,
                 qualifier=stated.qualifier)  # fmt: skip


def apply(claim: Claim, j: judge.Judgement) -> None:
    """Copy a judgement into a claim."""
    claim.status = j.status  # type: ignore[assignment]
    claim.recomputed, claim.recomputed_value = j.recomputed, j.recomputed_value
    claim.severity, claim.diagnosis = j.severity, j.diagnosis  # type: ignore[assignment]
    claim.message = j.message


def direction_of(ph: Phrase, words: list[str], units: list[str]) -> str | None:
    """'higher' or 'lower' from the phrase's comparison word and the metric's polarity."""
    toks = ph.directions or ph.gap_directions
    if not toks:
        return None
    t = toks[0]
    if t.type == "UP":
        return "higher"
    if t.type == "DOWN":
        return "lower"
    better_is = judge.polarity(ph.metric_words + words, units)
    if t.type == "BETTER":
        return better_is
    return "higher" if better_is == "lower" else "lower"


def stated_wording(doc: Document, stated: Quantity, ph: Phrase) -> tuple[str, str | None]:
    """The stated phrase as written ("almost 3X more", "174%–3273% greater") and its comparison word."""
    start = stated.start
    if stated.qualifier:
        # only the 30 characters before the figure are lowered (not a copy of the document)
        lo = max(0, start - 30)
        found = doc.text[lo:start].lower().rfind(stated.qualifier)
        start = lo + found if found >= 0 else start
    end, word = stated.end, None
    if ph.directions and ph.directions[0].start - stated.end <= 2:
        end, word = ph.directions[0].end, ph.directions[0].text.lower()
    return " ".join(doc.text[start:end].split()), word


SIZE_WORDS = {"memory", "ram", "footprint", "size", "sizes", "disk", "storage", "heap", "rss",
              "binary", "image", "payload", "cache"}  # fmt: skip


def _marker_wording(doc: Document, toks: list[Tok], marker: relation.Marker) -> str:
    """The stated value as written, from its qualifier or comparison word before it to the
    comparison word after it: "rises by 25 percent", "13 points less", "about 3x faster"."""
    tok = toks[marker.index]
    q = tok.quantity
    assert q is not None
    start, end = tok.start, tok.end
    if q.qualifier:
        lo = max(0, start - 30)
        found = doc.text[lo:start].lower().rfind(q.qualifier)
        start = lo + found if found >= 0 else start
    if start and doc.text[start - 1] in "±+-−~≈" and (not q.qualifier or q.qualifier == "about"):
        start -= 1  # "±0%", "+58%", "~4%": the sign or mark is part of the stated value
    d = marker.direction
    if d is not None and d.end <= start and start - d.end <= 12:
        start = d.start
    elif d is not None and d.start >= end and d.start - end <= 20:
        end = d.end
    return " ".join(doc.text[start:end].split())


def compatible(a: Quantity, b: Quantity) -> bool:
    """Two operands measure the same kind of thing (a bare number fits anything)."""
    if not a.unit or not b.unit:
        return True
    if a.is_percent or b.is_percent:
        return a.is_percent and b.is_percent
    # a request rate set against a connection rate is still a comparison of two rates:
    # whether the two may be compared is M003's question, the arithmetic holds either way
    return same_dimension(a.unit, b.unit) or is_event_rate(a.unit) and is_event_rate(b.unit)


def sentence_claims(doc: Document, sentence: Sentence, quantities: list[Quantity]) -> list[Pending]:
    """Claims in one sentence (quantities are those inside it)."""
    quantities = with_markers(sentence.text, sentence.start, quantities)
    if not any(q.is_percent or q.multiplier for q in quantities):
        return []  # the cheap prefilter: no stated delta or multiple here
    toks = tokenize(sentence.text, sentence.start, quantities)
    words = [w for t in toks for w in t.words]
    out = []
    phrases = find_phrases(toks)
    used: set[int] = set()
    # the units of the sentence's figures tell which way "faster" goes when a claim's own
    # operands are not in its phrase
    units = [q.unit for q in quantities if q.unit and not q.multiplier and not q.is_percent]
    for ph in phrases:
        at = next((k for k in range(ph.first, ph.last) if toks[k] is ph.stated), None)
        if at is not None and (relation.a_part(toks, at) or relation.is_count(toks, at, doc.text)):
            continue
        pending = _claim_from_phrase(doc, sentence, ph, words, units)
        if pending is not None:
            pending.quantities = quantities
            out.append(pending)
            used.update(id(t.quantity) for t in ph.tokens if t.quantity is not None)
    shares = any(p.claim.kind == "share" for p in out)
    for i in relation.unparsed(toks, used):
        marker = relation.read(toks, i, doc.text, shares)
        if marker is None:
            continue
        pending = _claim_from_marker(doc, sentence, toks, marker, words, units)
        pending.quantities = quantities
        shares = shares or marker.kind == "share"
        out.append(pending)
    return sorted(out, key=lambda p: p.stated.start)


def _claim_from_marker(
    doc: Document, sentence: Sentence, toks: list[Tok], marker: relation.Marker, words: list[str],
    units: list[str],
) -> Pending:  # fmt: skip
    """A claim for a stated value the grammar left over; its operands come later (the units
    of the sentence's other figures tell which way "faster" or "better" goes)."""
    tok = toks[marker.index]
    stated = tok.quantity
    assert stated is not None
    ph = Phrase(shape="relation", first=marker.index, last=marker.index + 1, stated=tok,
                tokens=[tok])  # fmt: skip
    if marker.direction is not None:
        ph.directions = [marker.direction]
    end = stated.end
    if marker.kind == "share":
        claim = new_claim(doc, "share", "A003", sentence, stated, stated.text + " of", end)
        claim.direction = "share"
        return Pending(claim, sentence, ph, stated, words)
    rule = "A002" if marker.kind == "ratio" else "A001"
    phrase_text = _marker_wording(doc, toks, marker)
    claim = new_claim(doc, marker.kind, rule, sentence, stated, phrase_text, end)
    if marker.bound:
        claim.direction, claim.qualifier = "within", "within"
    elif marker.sign:
        claim.direction = "higher" if marker.sign == "UP" else "lower"
    else:
        claim.direction = direction_of(ph, words, units) or "ratio"
    return Pending(claim, sentence, ph, stated, words)


def _claim_from_phrase(
    doc: Document, sentence: Sentence, ph: Phrase, words: list[str], sentence_units: list[str]
) -> Pending | None:
    stated_tok: Tok | None = ph.stated
    if ph.shape == "share":
        stated_tok = next(t for t in ph.tokens if t.type == "PCT")
    if stated_tok is None or stated_tok.quantity is None:
        return None
    stated = stated_tok.quantity
    if stated.multiplier:
        after = _after(ph.tokens, stated_tok)
        if relation.a_count(stated.text, after):
            return None
    subj = ph.subject.quantity if ph.subject else None
    ref = ph.reference.quantity if ph.reference else None
    units = [q.unit for q in (subj, ref) if q is not None]
    end = ph.tokens[-1].end
    if ph.shape == "share":
        claim = new_claim(doc, "share", "A003", sentence, stated, stated.text + " of", end)
        claim.direction = "share"
        if subj and ref and compatible(subj, ref) and ref.value:
            _judge_share(doc, claim, stated, subj, ref)
        return Pending(claim, sentence, ph, stated, words)
    direction = direction_of(ph, words, units or sentence_units)
    if stated.multiplier:
        kind, rule = "ratio", "A002"
    elif direction is None:
        return None  # "was 30% at ..." states a level, not a comparison
    else:
        kind, rule = "percent-delta", "A001"
    phrase_text, word = stated_wording(doc, stated, ph)
    claim = new_claim(doc, kind, rule, sentence, stated, phrase_text, end)
    claim.direction = direction or "ratio"
    if subj is not None and ref is not None and subj is not ref and compatible(subj, ref):
        if is_information(subj.unit) and not any(w in SIZE_WORDS for w in words):
            return Pending(claim, sentence, ph, stated, words)  # "on 8 KB and 64 KB objects"
        if all(is_year(q) for q in (subj, ref)):
            return Pending(claim, sentence, ph, stated, words)  # "from 2019 to 2024"
        if stated.is_range:
            return Pending(claim, sentence, ph, stated, words)  # a range summarises several pairs
        claim.operands = [operand(doc, subj), operand(doc, ref)]
        judge_pair(claim, stated, subj, ref, words, word)
    return Pending(claim, sentence, ph, stated, words)


def is_year(q: Quantity) -> bool:
    """A bare four-digit integer between 1900 and 2100 ("from 2019 to 2024") is a year."""
    return (not q.unit and not q.decimals and q.scale == 1 and "," not in q.text
            and 1900 <= q.value <= 2100)  # fmt: skip


def _after(toks: list[Tok], tok: Tok) -> Tok | None:
    at = next((i for i, t in enumerate(toks) if t is tok), len(toks))
    return toks[at + 1] if at + 1 < len(toks) else None


def judge_pair(
    claim: Claim,
    stated: Quantity,
    subj: Quantity,
    ref: Quantity,
    words: list[str],
    word: str | None = None,
) -> None:
    """Judge a ratio or percent-delta claim against its subject and reference operands.
    "Up to 2.5x" states the best case: the pair it names must reach 2.5x, not any less."""
    ref = judge.aligned(subj, ref)
    if stated.qualifier in ar.AT_MOST:
        stated = stated.model_copy(update={"qualifier": None})
    direction = None if claim.direction == "ratio" else claim.direction
    if claim.kind == "ratio":
        apply(claim, judge.judge_ratio(stated, subj, ref, direction, claim.stated))
    else:
        apply(claim, judge.judge_delta(stated, subj, ref, direction or "higher", " ".join(words),
                                       claim.stated, word))  # fmt: skip


def _judge_share(
    doc: Document, claim: Claim, stated: Quantity, part: Quantity, whole: Quantity
) -> None:

    claim.operands = [operand(doc, part), operand(doc, whole)]
    whole = judge.aligned(part, whole)
    value = ar.share(part.value, whole.value)
    shown = ar.shown_decimals(stated.decimals)
    rec = f"{ar.format_number(value, shown)}%"
    verdict = ar.verify(stated.value, value, stated.decimals, stated.qualifier)
    status = "consistent" if verdict.consistent else "inconsistent"
    msg = None
    severity = None
    if not verdict.consistent:
        severity = "info" if verdict.truncated else "error"
        msg = f'stated "{stated.text} of"; {part.text} is {rec} of {whole.text}'
        if verdict.truncated:
            msg += " (truncated rather than rounded)"
    apply(claim, judge.Judgement(status, rec, value, severity, "share", msg))
