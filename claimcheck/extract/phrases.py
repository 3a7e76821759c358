"""Find claim phrases in a sentence: island parsing with the LALR claim grammar.

At each candidate token the parser for every claim shape is fed tokens until
it fails; the longest prefix it accepts is the phrase. Work per sentence is
bounded by ``MAX_ISLAND`` tokens per start, so it stays linear in the input.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import lark
from lark.exceptions import LarkError

from claimcheck.extract.claimlex import Tok
from claimcheck.grammars import CLAIM_SHAPES, claims_parser

MAX_ISLAND = 40
STARTERS = {
    "led": {"QTY", "PCT"},
    "comparison": {"PCT", "PCTRANGE", "MULT"},
    "share": {"QTY"},
    "change": {"FROM", "QTY", "PCT"},
}


@dataclass
class Phrase:
    """A parsed claim phrase: its shape and the tokens in each role."""

    shape: str
    first: int  # index of the first token
    last: int  # index one past the last token
    stated: Tok | None = None
    directions: list[Tok] = field(default_factory=list)  # the stated value's own words
    gap_directions: list[Tok] = field(default_factory=list)  # comparison words further on
    metric_words: list[str] = field(default_factory=list)
    subject: Tok | None = None
    reference: Tok | None = None
    pair: bool = False  # subject and reference given side by side ("A compared with B")
    tokens: list[Tok] = field(default_factory=list)


def find_phrases(toks: list[Tok]) -> list[Phrase]:
    """Non-overlapping claim phrases in a token list, left to right."""
    parser = claims_parser()
    out: list[Phrase] = []
    i = 0
    while i < len(toks):
        best: tuple[int, str, lark.Tree] | None = None
        for shape in CLAIM_SHAPES:
            if toks[i].type not in STARTERS[shape]:
                continue
            found = _longest(parser, shape, toks, i)
            if found and (best is None or found[0] > best[0]):
                best = (found[0], shape, found[1])
        if best is None:
            i += 1
            continue
        end, shape, tree = best
        out.append(_interpret(shape, tree, toks, i, end))
        i = end
    return out


def _longest(parser: lark.Lark, shape: str, toks: list[Tok], i: int):  # noqa: ANN202
    """(end, tree) of the longest prefix from ``i`` that parses as ``shape``, or None."""
    ip = parser.parse_interactive("", start=shape)
    ends = []
    for j in range(i, min(len(toks), i + MAX_ISLAND)):
        try:
            ip.feed_token(lark.Token(toks[j].type, j))
        except LarkError:
            break
        if "$END" in ip.choices():
            ends.append(j + 1)
    # Replaying beats copying the parser state at every candidate end (a deepcopy).
    for end in reversed(ends):
        replay = parser.parse_interactive("", start=shape)
        try:
            for j in range(i, end):
                replay.feed_token(lark.Token(toks[j].type, j))
            return end, replay.feed_eof()
        except LarkError:
            continue
    return None


def _interpret(shape: str, tree: lark.Tree, toks: list[Tok], first: int, last: int) -> Phrase:
    ph = Phrase(shape=shape, first=first, last=last, tokens=toks[first:last])
    for sub in tree.iter_subtrees_topdown():
        leaves = [toks[t.value] for t in sub.children if isinstance(t, lark.Token)]
        if sub.data == "stated":
            ph.stated = leaves[0]
        elif sub.data == "dirpart":
            ph.metric_words.extend(w for t in leaves if t.type == "W" for w in t.words)
            for child in sub.children:
                if isinstance(child, lark.Tree) and child.data == "direction":
                    ph.directions.extend(toks[t.value] for t in child.children)
        elif sub.data == "direction" and not ph.directions:
            ph.gap_directions.extend(leaves)
        elif sub.data in ("subject", "subject_value", "part"):
            ph.subject = leaves[0]
        elif sub.data in ("reference_value", "whole"):
            ph.reference = leaves[0]
        elif sub.data == "pair":
            ph.pair = True
    return ph
