"""Operands from the sentences before a claim.

"X's latency was 96% lower than that of Y" often cites figures stated just
before it: "X was never higher than 1.85 ms. Y's latency for 1,000, 2,000 and
4,000 users was 14.2, 26.0 and 48.2 ms, respectively." Each earlier figure is
owned by the entity named closest before it in its sentence; a "respectively"
list is aligned with its conditions, and the claim's own condition ("at 4,000
users") picks the matching figure.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from claimcheck import lazyre
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Quantity
from claimcheck.textkeys import fold
from claimcheck.units import same_dimension

_ENTITY_RE = lazyre.compile(r"\b([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)(?:'s|’s)?")
_COMMON = {"At", "With", "In", "On", "The", "A", "An", "As", "By", "For", "From", "When", "While",
           "This", "That", "These", "Those", "It", "Its", "Under", "Over", "After", "Before",
           "Both", "Each", "All", "Our", "We", "However", "Similarly", "Also", "Then", "Here",
           "Contrast", "Overall", "Using", "Compared", "And", "Of", "To", "Than"}  # fmt: skip
RESPECTIVELY_RE = lazyre.compile(r"\brespectively\b", re.IGNORECASE)


def entities(text: str) -> list[tuple[int, str]]:
    """(offset, name) of capitalised names in a text, without common sentence words."""
    return [
        (m.start(), fold(m.group(1)))
        for m in _ENTITY_RE.finditer(text)
        if m.group(1) not in _COMMON
    ]


@lru_cache(maxsize=64)
def _named(text: str) -> tuple[tuple[int, str], ...]:
    """``entities(text)``, once per sentence: each claim of a paragraph reads the sentences
    before it, and each figure of a sentence asks who owns it."""
    return tuple(entities(text))


def owner(sentence: Sentence, q: Quantity, names: set[str]) -> str | None:
    """The entity from ``names`` mentioned closest before ``q`` in its sentence."""
    before = [
        n for pos, n in entities(sentence.text) if sentence.start + pos < q.start and n in names
    ]
    return before[-1] if before else None


def _runs(qs: list[Quantity]) -> list[list[Quantity]]:
    """Runs of consecutive quantities with one unit; a bare number joins the run after it."""
    runs: list[list[Quantity]] = []
    unit: str | None = None
    for q in reversed(qs):
        u = q.unit or None
        if runs and (u is None or u == unit):
            runs[-1].append(q)
            unit = unit or u
        else:
            runs.append([q])
            unit = u
    return [list(reversed(r)) for r in reversed(runs)]


def respectively_pairs(
    qs: list[Quantity], conditions: set[float]
) -> list[tuple[Quantity, Quantity]]:
    """Align "for A, B and C users was X, Y and Z ms, respectively" (either order).

    Two neighbouring runs of equal length pair up by position; the run holding one
    of the claim's own condition values is the conditions run.
    """
    runs = _runs(qs)
    for left, right in zip(runs, runs[1:], strict=False):
        if len(left) != len(right) or len(left) < 2:
            continue
        if any(q.value in conditions for q in left):
            return list(zip(left, right, strict=True))
        if any(q.value in conditions for q in right):
            return list(zip(right, left, strict=True))
    return []


def find_operands(
    claim_sentence: Sentence,
    claim_quantities: list[Quantity],
    stated: Quantity,
    earlier: list[tuple[Sentence, list[Quantity]]],
) -> tuple[Quantity, Quantity] | None:
    """(subject, reference) figures for a claim from the sentences before it, or None."""
    stated_at = stated.start - claim_sentence.start
    names = _named(claim_sentence.text)
    subj_names = [n for pos, n in names if pos < stated_at]
    ref_names = [n for pos, n in names if pos > stated_at]
    if not subj_names or not ref_names:
        return None
    subj_name, ref_name = subj_names[-1], ref_names[0]
    if subj_name == ref_name:
        return None
    conditions = {q.value for q in claim_quantities if q is not stated and not q.is_percent}
    found: dict[str, list[Quantity]] = {subj_name: [], ref_name: []}
    for sentence, qs in earlier:
        figures = [q for q in qs if q.unit and not q.is_percent and not q.multiplier]
        if RESPECTIVELY_RE.search(sentence.text):
            pairs = respectively_pairs(qs, conditions)
            figures = [m for c, m in pairs if c.value in conditions]
        if not figures:
            continue
        # each figure's owner (see ``owner``): the last of the two names before it
        named = [(sentence.start + pos, n) for pos, n in _named(sentence.text) if n in found]
        at = [pos for pos, _ in named]
        for q in figures:
            i = bisect_left(at, q.start)
            if i:
                found[named[i - 1][1]].append(q)
    subj, ref = found[subj_name], found[ref_name]
    if len(subj) != 1 or len(ref) != 1 or not same_dimension(subj[0].unit, ref[0].unit):
        return None
    return subj[0], ref[0]
