"""Stated multiples the number scanner does not read as multiples.

"a factor of 6" (the 6 is a multiple), "an order of magnitude" / "two orders of magnitude"
(10x and 100x, stated to the nearest power of ten), fractions "1/8th", "one eighth" (not an address "10.0.0.1/24" or a date "1/12/2024"),
"a third", "a quarter" (a share written as a fraction). Each becomes a multiplier
quantity the claim extractor reads like "6x".
"""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.quantities import _qualifier
from claimcheck.models import Quantity
from claimcheck.textkeys import fold, folded

_FACTOR_RE = lazyre.compile(r"\b(?:by\s++)?an?\s++factor\s++of\s++(?:about\s++|roughly\s++)?", re.I)
_MAGNITUDE_RE = lazyre.compile(
    r"\b(?:an|one|two|three)\s++orders?\s++of\s++magnitude\b", re.IGNORECASE
)
_FRACTION_RE = lazyre.compile(
    r"(?<![\d./])\b(?:1/(\d{1,2})(?:th|rd|nd)?(?![\d./])|one[ -](third|quarter|fifth|sixth|eighth|tenth)|"
    r"a[ -](third|quarter|fifth|sixth|eighth|tenth))\b(?!\s*(?:of\s+(?:a|an)\s+)?(?:second|ms|s)\b)",
    re.IGNORECASE,
)
DENOMINATORS = folded({"third": 3, "quarter": 4, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10})
POWERS = folded({"an": 1, "one": 1, "two": 2, "three": 3})


def with_markers(text: str, start: int, quantities: list[Quantity]) -> list[Quantity]:
    """``quantities`` of the sentence ``text`` (at source offset ``start``) with the
    multiples above added or marked, in source order."""
    if not any(w in text.lower() for w in ("factor", "magnitude", "/", "third", "quarter", "fifth",
                                            "sixth", "eighth", "tenth")):  # fmt: skip
        return quantities
    out = list(quantities)
    by_start = {q.start: i for i, q in enumerate(out)}
    for m in _FACTOR_RE.finditer(text):
        i = by_start.get(start + m.end())
        if i is not None and not out[i].unit and not out[i].multiplier:
            q = out[i]
            out[i] = q.model_copy(update={"multiplier": True, "text": text[m.start() : m.end()] + q.text,
                                          "start": start + m.start()})  # fmt: skip
    for m in _MAGNITUDE_RE.finditer(text):
        power = POWERS[fold(m.group(0).split()[0])]
        qualifier, _ = _qualifier(text, m.start())  # "over an order of magnitude"
        out.append(Quantity(text=m.group(0), start=start + m.start(), end=start + m.end(),
                            value=10.0**power, decimals=-power, multiplier=True, is_word=True,
                            qualifier=qualifier))  # fmt: skip
    for m in _FRACTION_RE.finditer(text):
        den = int(m.group(1)) if m.group(1) else DENOMINATORS[fold(m.group(2) or m.group(3))]
        if den < 2:
            continue
        a, b = start + m.start(), start + m.end()
        out = [q for q in out if q.end <= a or q.start >= b]
        qualifier, _ = _qualifier(text, m.start())  # "less than a third"
        out.append(Quantity(text=m.group(0), start=a, end=b, value=1 / den, decimals=0,
                            multiplier=True, is_word=True, qualifier=qualifier))  # fmt: skip
    return sorted(out, key=lambda q: q.start)
