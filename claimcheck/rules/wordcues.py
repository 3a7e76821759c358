"""Word lists from a rule's ``[data]`` table as patterns: a checks' vocabulary lives in the
rule file beside an example of each word, and becomes a pattern here, once per list.

A word ending in ``*`` is a stem ("recommend*": recommend, recommended, recommends);
other words and phrases match whole ("if you", "no longer"); blanks match any run of
blanks or a line break; a part ``_?`` stands for one optional word ("all _? devices":
all devices, all three devices).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["says_any", "words_pattern"]


@lru_cache(maxsize=256)
def words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One case-insensitive pattern for a word list (a never-matching one when empty)."""
    alts = []
    for w in sorted({w.strip() for w in words if isinstance(w, str) and w.strip()}, key=len,
                    reverse=True):  # fmt: skip
        stem = w.endswith("*")
        body = r"\s+".join(re.escape(part) for part in w.rstrip("*").split())
        body = body.replace(r"\s+_\?\s+", r"\s+(?:\w+\s+)?")  # an optional word between two
        alts.append(body + (r"\w*" if stem else r"(?![\w-])"))
    if not alts:
        return re.compile(r"(?!)")
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + ")", re.IGNORECASE)


def says_any(text: str, words: Any) -> bool:
    """Does ``text`` hold one of ``words`` (a list from a rule's data)?"""
    if not text or not isinstance(words, list | tuple):
        return False
    return words_pattern(tuple(words)).search(text) is not None
