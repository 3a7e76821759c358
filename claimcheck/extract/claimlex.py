"""Turn one sentence into the abstract tokens the claim grammar reads.

Quantities become QTY / PCT / PCTRANGE / MULT tokens; comparison words become
UP / DOWN / BETTER / WORSE; connectives (than, of, at, compared with, vs,
from, to, and) keep their own types; every other run of words collapses into
one W token. Parentheses that hold only words ("(better)") are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.models import Quantity

UP_WORDS = {
    "higher", "more", "greater", "larger", "bigger", "increase", "increased", "increases",
    "improvement", "improved", "gain", "boost", "advantage", "margin", "premium", "lead",
    "up", "exceeds", "exceeded", "ahead",
}  # fmt: skip
DOWN_WORDS = {
    "lower", "less", "fewer", "smaller", "reduction", "reduced", "reduces", "decrease",
    "decreased", "drop", "decline", "cut", "saving", "savings", "down", "cheaper", "behind",
    "shorter",
}  # fmt: skip
BETTER_WORDS = {"better", "faster", "quicker", "outperformed", "outperforms", "outperforming",
                "surpassing", "surpassed", "surpasses", "beat", "beats", "superior"}  # fmt: skip
WORSE_WORDS = {"worse", "slower", "longer", "poorer"}
COPULAS = {"is", "was", "were", "are", "be", "been", "being", "reached", "achieved",
           "delivered", "sustained", "hit", "measured", "scored", "recorded", "showed",
           "posted", "ran", "did", "handled", "managed", "gave", "got"}  # fmt: skip
SIMPLE = {
    "than": "THAN", "that": "THAT", "those": "THAT", "of": "OF", "at": "AT", "to": "TO",
    "from": "FROM", "and": "AND", "which": "WHICH", "respectively": "RESPECTIVELY",
    "versus": "COMPARED", "vs": "COMPARED", "against": "COMPARED", "with": "WITH",
    "by": "BY", "over": "COMPARED", "for": "FOR",
}  # fmt: skip
_WORD_RE = lazyre.compile(r"[A-Za-z][A-Za-z'’-]*|[,;:()]|[^\sA-Za-z,;:()]+")
_COMPARED_RE = lazyre.compile(
    r"(?:compared|relative|contrasted|as\s+opposed)\s+(?:with|to)\b|\bvs\.?(?!\w)|as\s+against\b",
    re.IGNORECASE,
)


@dataclass
class Tok:
    """An abstract token: its type, the source span and the words or quantity it stands for."""

    type: str
    start: int
    end: int
    text: str
    quantity: Quantity | None = None
    words: list[str] = field(default_factory=list)


def tokenize(sentence: str, start: int, quantities: list[Quantity]) -> list[Tok]:
    """Abstract tokens of ``sentence`` (which begins at source offset ``start``)."""
    toks: list[Tok] = []
    # a bare number word ("the new one", "three tests") is prose, not an operand
    qs = sorted(
        (q for q in quantities if not (q.is_word and not q.multiplier and not q.unit)),
        key=lambda q: q.start,
    )
    qi = 0
    pos = 0
    n = len(sentence)
    while pos < n:
        src = start + pos
        while qi < len(qs) and qs[qi].end <= src:
            qi += 1
        if qi < len(qs) and qs[qi].start <= src < qs[qi].end:
            q = qs[qi]
            toks.append(Tok(_qty_type(q), q.start, q.end, q.text, quantity=q))
            pos = q.end - start
            qi += 1
            continue
        nxt = qs[qi].start - start if qi < len(qs) else n
        m = _COMPARED_RE.match(sentence, pos)
        if m and m.end() <= nxt:
            toks.append(Tok("COMPARED", src, start + m.end(), m.group(0)))
            pos = m.end()
            continue
        m = _WORD_RE.match(sentence, pos)
        if not m:
            pos += 1
            continue
        if m.end() > nxt:  # a word run never swallows a quantity
            pos = nxt
            continue
        _word_token(toks, m.group(0), src, start + m.end())
        pos = m.end()
    return _drop_word_parens(_qualifier_over(_identifiers(toks)))


IDENT_WORDS = {"build", "version", "release", "model", "series", "gen", "generation", "node",
               "box", "server", "router", "appliance", "device", "test", "scenario", "run",
               "figure", "fig", "chart", "table", "section", "page", "phase", "step", "appendix",
               "option", "ver", "v", "rev", "revision", "case", "group", "segment", "tier",
               "question", "item", "no", "number",
               # an ordinal of a stack or a stage: "layer 7 connections", "level 3 cache"
               "layer", "level", "slot", "stage"}  # fmt: skip


def _identifiers(toks: list[Tok]) -> list[Tok]:
    """A bare integer after a name ("Build 7", "BIG-IP 8400", "Chart 3", "In 2024") is a label."""
    for i, t in enumerate(toks):
        q = t.quantity
        if i == 0 or q is None or t.type != "QTY" or q.unit or q.decimals or q.is_word:
            continue
        prev = toks[i - 1]
        if prev.type != "W" or prev.end != t.start - 1:
            continue
        last = prev.text.split()[-1]
        if last[:1].isupper() or last.lower() in IDENT_WORDS:
            t.type, t.quantity, t.words = "W", None, [t.text.lower()]
    return toks


def _qty_type(q: Quantity) -> str:
    if q.multiplier:
        return "MULT"
    if q.is_percent:
        return "PCTRANGE" if q.is_range else "PCT"
    return "QTY"


_PUNCT = {",": "COMMA", ";": "SEMI", ":": "COLON", "(": "LPAR", ")": "RPAR"}
# word -> token type; a word in several sets takes the first of UP, DOWN, BETTER, WORSE, COP
_WORD_TYPES = {
    **SIMPLE,
    **dict.fromkeys(COPULAS, "COP"),
    **dict.fromkeys(WORSE_WORDS, "WORSE"),
    **dict.fromkeys(BETTER_WORDS, "BETTER"),
    **dict.fromkeys(DOWN_WORDS, "DOWN"),
    **dict.fromkeys(UP_WORDS, "UP"),
}


def _word_token(toks: list[Tok], word: str, start: int, end: int) -> None:
    low = word.lower().strip("'’")
    typ = _PUNCT.get(word) or _WORD_TYPES.get(low, "W")
    if typ == "W" and toks and toks[-1].type == "W":
        last = toks[-1]
        last.end, last.text = end, last.text + " " + word
        last.words.append(low)
        return
    toks.append(Tok(typ, start, end, word, words=[low]))


def _qualifier_over(toks: list[Tok]) -> list[Tok]:
    """ "over" right before a quantity qualifies it; it is not "compared with"."""
    out = []
    for i, t in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.type == "COMPARED" and t.text.lower() == "over" and nxt and nxt.quantity is not None:
            continue
        out.append(t)
    return out


def _drop_word_parens(toks: list[Tok]) -> list[Tok]:
    """Remove "( words )" groups without quantities, e.g. "(better)" or "(worse)"."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        if toks[i].type == "LPAR":
            j = i + 1
            while j < len(toks) and j - i < 8 and toks[j].type not in ("RPAR", "LPAR"):
                j += 1
            if j < len(toks) and toks[j].type == "RPAR":
                inner = toks[i + 1 : j]
                if all(t.quantity is None for t in inner):
                    i = j + 1
                    continue
        out.append(toks[i])
        i += 1
    # a W token may now sit beside another W token: merge them
    merged: list[Tok] = []
    for t in out:
        if t.type == "W" and merged and merged[-1].type == "W":
            merged[-1].end, merged[-1].text = t.end, merged[-1].text + " " + t.text
            merged[-1].words.extend(t.words)
        else:
            merged.append(t)
    return merged
