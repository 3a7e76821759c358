"""Which unverifiable relations are claims of the report at all.

A001/A002 judge a stated relation between two quantities the report cites
(rule-catalog.md A). Two kinds of sentence state a multiple or a percentage that no
figure of the report stands behind, and are not extracted when no figure resolves them:

- a sentence about others' work (the index's hedge reading, ``IndexedSentence.hedged``:
  "according to a study by a search company, a 500 ms slowdown cost 1.2% of revenue");
- a relation whose compared attribute is physical or commercial ("half the width of",
  "half the price of"; the words are data in ``claimscope.toml``). A sizing target ("3
  times our production load") is not one of them: the report may state both figures.

A claim the document resolves consistently is always kept, and so is every claim of
another kind of sentence: an unverifiable claim whose operands are ambiguous stays. A
comparison of a size or price is dropped when inconsistent too: the resolver pairs result
figures (req/s, Gbps), never widths or prices, so its non-fitting pair is not the claim's.
"""

from __future__ import annotations

import tomllib
from bisect import bisect_right
from functools import cache
from importlib import resources

from claimcheck import lazyre
from claimcheck.extract.docindex import DocumentIndex
from claimcheck.models import Claim, Document

_WORD = lazyre.compile(r"[a-z]+|[^a-z\s]")  # lower-case words and single other characters
LOOKAHEAD = 80  # characters after the stated value read for the attribute


@cache
def _vocab() -> tuple[dict[tuple[str, ...], str], frozenset[str], frozenset[str]]:
    """(attribute word tuples, connective words, result suffix words) of claimscope.toml."""
    text = resources.files("claimcheck.extract").joinpath("claimscope.toml").read_text("utf-8")
    data = tomllib.loads(text)
    attributes = {tuple(k.lower().split()): v for k, v in data["attributes"].items()}
    return (attributes, frozenset(data["connectives"]["words"]),
            frozenset(data["result_suffixes"]["words"]))  # fmt: skip


def own_claims(doc: Document, claims: list[Claim], index: DocumentIndex) -> list[Claim]:
    """``claims`` without the unverifiable ones that are not claims of the report."""
    starts = [s.start for s in index.sentences]
    out = []
    for c in claims:
        if c.status != "consistent" and c.kind in ("percent-delta", "ratio", "share"):
            i = bisect_right(starts, c.start) - 1
            sent = index.sentences[i] if i >= 0 and c.start < index.sentences[i].end else None
            if sent is not None and _not_own(doc, c, sent.hedged, sent.end):
                continue
        out.append(c)
    return out


def _not_own(doc: Document, c: Claim, hedged: bool, sentence_end: int) -> bool:
    """An unverifiable claim about others' work, or a claim comparing a size or a price
    that no figure fits: the figures the resolver pairs are results, so a
    non-fitting pair for "half the width" is a pair of some other metric, not its operands."""
    if hedged and c.status == "unverifiable":
        return True
    return compares_non_result(doc.text, c, sentence_end)


def compares_non_result(text: str, claim: Claim, sentence_end: int) -> bool:
    """Does the claim's stated value compare an attribute of ``claimscope.toml`` (a size or
    a price) rather than a result? Read from the stated value on, through
    the number, connective words and at most one attribute; linear in LOOKAHEAD."""
    attributes, connectives, suffixes = _vocab()
    window = text[claim.start : min(sentence_end, claim.start + LOOKAHEAD)].lower()
    words = _WORD.findall(window)
    i = 0
    while i < len(words) and (words[i] in connectives or _numeric(words[i])):
        i += 1
    for size in (2, 1):
        if tuple(words[i : i + size]) in attributes:
            after = words[i + size] if i + size < len(words) else ""
            return after not in suffixes and after not in ("-", "/")
    return False


def _numeric(word: str) -> bool:
    """A digit, decimal point, tilde or other piece of a written number ("~2", "1.5")."""
    return word in (".", ",", "~", "-") or word.isdigit()
