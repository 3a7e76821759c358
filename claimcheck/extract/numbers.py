"""Number words, scale words and multiple words ("three", "36 million", "twice")."""

from __future__ import annotations

import math
import re

from claimcheck import lazyre
from claimcheck.textkeys import fold

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
SCALES = {"hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
SUFFIX_SCALES = {"K": 1e3, "k": 1e3, "M": 1e6, "G": 1e9}

# Words that state a multiple on their own.
MULTIPLE_WORDS = {
    "twice": 2.0, "double": 2.0, "doubled": 2.0, "triple": 3.0, "tripled": 3.0,
    "quadruple": 4.0, "quadrupled": 4.0, "half": 0.5,
}  # fmt: skip

_WORD = "|".join(sorted([*UNITS, *TENS, *SCALES], key=lambda s: (-len(s), s)))
# A run of number words: "one hundred", "twenty-five", "two thousand and ten". At most 16
# words (longer runs are not numbers anyone writes): every pattern that needs something
# after a number tries each word of a run as a start, and an unbounded run would make each
# of those tries scan to the run's end.
NUMBER_WORDS_RE = lazyre.compile(
    rf"\b(?:{_WORD})(?:(?:[ \t]+|-)(?:and[ \t]+)?(?:{_WORD})){{0,15}}\b", re.IGNORECASE
)
# Matched right after a number; the look-behind keeps a search from trying each blank.
SCALE_WORD_RE = lazyre.compile(
    r"(?<![ \t\u00a0])[ \t\u00a0]+(thousand|million|billion|trillion)\b", re.IGNORECASE
)


def words_to_number(text: str) -> float | None:
    """Value of a run of English number words, or None when it is not one.

    >>> words_to_number("one hundred")
    100.0
    >>> words_to_number("twenty-five")
    25.0
    """
    total = 0.0
    current = 0.0
    seen = False
    for word in re.split(r"[\s-]+", fold(text)):
        if word == "and" or not word:
            continue
        if word in UNITS:
            current += UNITS[word]
        elif word in TENS:
            current += TENS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in SCALES:
            total += (current or 1) * SCALES[word]
            current = 0
        else:
            return None
        seen = True
    value = total + current
    # "hundred hundred ..." multiplies without bound: past float range it is not a number.
    return value if seen and math.isfinite(value) else None


def words_scale(text: str) -> float:
    """The rounding scale of a run of number words: 1e6 for "two million", else 1.

    Only a trailing thousand, million, billion or trillion sets it, as "36 million" does.
    """
    last = re.split(r"[\s-]+", fold(text.strip()))[-1]
    return float(SCALES[last]) if last in SCALES and last != "hundred" else 1.0
