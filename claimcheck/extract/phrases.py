"""Find claim phrases in a sentence: island parsing with the LALR claim grammar.

At each candidate token the parser for every claim shape is fed tokens until
it fails; the longest prefix it accepts is the phrase. Work per sentence is
bounded by ``MAX_ISLAND`` tokens per start, so it stays linear in the input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import lark
from lark.parsers.lalr_analysis import Shift

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
    types = [t.type for t in toks]
    out: list[Phrase] = []
    i = 0
    while i < len(toks):
        best: tuple[int, str] | None = None
        for shape in CLAIM_SHAPES:
            if types[i] not in STARTERS[shape]:
                continue
            end = _longest_end(_automaton(shape), types, i)
            if end is not None and (best is None or end > best[0]):
                best = (end, shape)
        if best is None:
            i += 1
            continue
        end, shape = best
        out.append(_interpret(shape, _tree(parser, shape, types, i, end), toks, i, end))
        i = end
    return out


@dataclass(frozen=True)
class _Automaton:
    """The LALR tables of one start symbol, read from lark's interactive parser."""

    states: dict[int, dict[str, tuple]]
    start: int
    end: int


@cache
def _automaton(shape: str) -> _Automaton:
    conf = claims_parser().parse_interactive("", start=shape).parser_state.parse_conf
    return _Automaton(conf.states, conf.start_state, conf.end_state)


def _feed(a: _Automaton, stack: list[int], typ: str) -> bool:
    """Feed one token type to the state stack as lark's LALR parser does (reduce until it
    shifts, or until ``$END`` reaches the end state), without building values."""
    states = a.states
    while True:
        act = states[stack[-1]].get(typ)
        if act is None:
            return False
        action, arg = act
        if action is Shift:
            if typ == "$END":
                return False  # lark asserts this cannot happen
            stack.append(arg)
            return True
        if arg.expansion:
            del stack[-len(arg.expansion) :]
        stack.append(states[stack[-1]][arg.origin.name][1])
        if typ == "$END" and stack[-1] == a.end:
            return True


def _longest_end(a: _Automaton, types: list[str], i: int) -> int | None:
    """End of the longest prefix from ``i`` that parses completely, or None.

    Only the states are kept (lark's interactive parser builds values and copies); a
    prefix after which ``$END`` has an action is checked by feeding ``$END`` to a copy
    of the stack, since an LALR reduce on ``$END`` can still fail further down."""
    stack = [a.start]
    found = None
    for j in range(i, min(len(types), i + MAX_ISLAND)):
        if not _feed(a, stack, types[j]):
            break
        if "$END" in a.states[stack[-1]] and _feed(a, stack.copy(), "$END"):
            found = j + 1
    return found


def _tree(parser: lark.Lark, shape: str, types: list[str], i: int, end: int) -> lark.Tree:
    """lark's parse tree of tokens [i, end) as ``shape``; leaves hold token indices."""
    ip = parser.parse_interactive("", start=shape)
    for j in range(i, end):
        ip.feed_token(lark.Token(types[j], j))
    return ip.feed_eof()


def _interpret(shape: str, tree: lark.Tree, toks: list[Tok], first: int, last: int) -> Phrase:
    ph = Phrase(shape=shape, first=first, last=last, tokens=toks[first:last])
    for sub in tree.iter_subtrees_topdown():
        data = str(sub.data)  # a rule name is a lark Token, whose __eq__ is Python code
        leaves = [toks[t.value] for t in sub.children if isinstance(t, lark.Token)]
        if data == "stated":
            ph.stated = leaves[0]
        elif data == "dirpart":
            ph.metric_words.extend(w for t in leaves if t.type == "W" for w in t.words)
            for child in sub.children:
                if isinstance(child, lark.Tree) and str(child.data) == "direction":
                    ph.directions.extend(toks[t.value] for t in child.children)
        elif data == "direction" and not ph.directions:
            ph.gap_directions.extend(leaves)
        elif data in ("subject", "subject_value", "part"):
            ph.subject = leaves[0]
        elif data in ("reference_value", "whole"):
            ph.reference = leaves[0]
        elif data == "pair":
            ph.pair = True
    return ph
