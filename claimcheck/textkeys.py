"""One table key for every spelling a pattern can match.

A case-insensitive pattern (``re.IGNORECASE``) matches more than the ASCII cases of its
words: Unicode case folding makes the long s "ſ" an "s", the Kelvin sign "K" a "k",
the dotless "ı" and the dotted "İ" an "i", and the micro sign "µ", Greek "μ" and "Μ"
one letter. So "2 mſ" matches a pattern written for "ms", and looking the match up
among lower-case ASCII keys fails. Every lookup of what a pattern matched goes through
:func:`fold`, and every table it looks in is built with :func:`folded`, so both sides
are spelled the same way: NFKC (full-width letters, the Kelvin sign), the Turkish i's
made "i", then Unicode case folding ("µs" and "μs" both become "μs").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import TypeVar

V = TypeVar("V")

# Case folding leaves "ı" as it is and makes "İ" an "i" with a combining dot, while the
# regex engine takes either for "i".
_TURKISH_I = str.maketrans({"\u0131": "i", "\u0130": "i"})


def fold(text: str) -> str:
    """The key of ``text`` as a case-insensitive pattern matched it: "Mſ" -> "ms",
    "\u212aB" -> "kb", "µs" -> "μs" (the Greek letter), "TWıCE" -> "twice"."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKC", text).translate(_TURKISH_I).casefold()


def folded(table: Mapping[str, V]) -> dict[str, V]:
    """``table`` with every key written as :func:`fold` writes it (two keys that fold
    alike must mean the same: the first one's value is kept)."""
    out: dict[str, V] = {}
    for key, value in table.items():
        out.setdefault(fold(key), value)
    return out


def lower(text: str) -> str:
    """``text.lower()`` with one character for each character of ``text``, so offsets in
    it are offsets in ``text``: "İ" alone lowers to two ("i" and a combining dot)."""
    if text.isascii():
        return text.lower()
    return text.replace("\u0130", "i").lower()
