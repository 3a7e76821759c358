"""Find every number in a text with its unit, precision, qualifier and span.

One left-to-right scan with anchored matches at each number, so the work is
linear in the text: no pattern here can backtrack over more than a unit name.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cache
from sys import intern
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.numbers import (
    MULTIPLE_WORDS,
    NUMBER_WORDS_RE,
    SCALE_WORD_RE,
    SCALES,
    SUFFIX_SCALES,
    TENS,
    UNITS,
    words_scale,
    words_to_number,
)
from claimcheck.models import Quantity
from claimcheck.textkeys import fold
from claimcheck.units import _ALIASES, canonical_unit, dimensionality

# A number: 1,474 / 5872 / 2.04 / .5 — not part of a word, version or model name.
# Every digit run ends with (?!\d) so that a failed look-ahead cannot backtrack into a
# shorter prefix: "12345,678" and "1.25.3" are no numbers, not "1234" and "1.2".
NUMBER_RE = lazyre.compile(
    r"(?<![\w.,/])(?<!\d[.,])(?<![A-Za-z]-)"
    r"(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?!\d)|(?=\.\d))(\.\d+(?!\d))?(?!\.\d)(?!,\d{3})"
)
# Where a number can start: NUMBER_RE itself opens with look-behinds, so the regex engine
# tries it at every character; this class lets it jump from digit to digit.
NUMBER_START_RE = lazyre.compile(r"[\d.](?<![\w.,/].)")
_GAP = r"[ \t\u00a0\u202f]?-?[ \t\u00a0\u202f]?"

# Extra spellings the scanner accepts after a number (longest match wins).
_EXTRA_UNITS = [
    "GigE", "GbE", "Gigabit", "Gigabits", "Megabits", "Megabit", "Kilobytes", "Kilobyte",
    "kilobits", "Mbits/s", "Gbits/s", "HTTP requests", "HTTPS requests", "requests", "connections",
    "handshakes", "TLS handshakes", "SSL handshakes",
    "transactions", "sessions", "users", "packets", "Watts", "watts", "BTUs/hr",
    "Mbps", "Gbps", "Kbps", "kbps", "Tbps", "bps", "CPS", "RPS", "rps", "TPS", "pps", "kpps",
    "Kpps", "Mpps", "kCPS", "BTU_per_hour",
]  # fmt: skip
_UNIT_SPELLINGS = sorted(
    {*_ALIASES, *_EXTRA_UNITS} - {"k", "K", "b", "w", "h"}, key=lambda s: (-len(s), s)
)
UNIT_RE = lazyre.compile(
    _GAP
    + "("
    + "|".join(re.escape(u) for u in _UNIT_SPELLINGS)
    + r")(?![A-Za-z0-9])"
    + r"(?:(?:[ \t]+per[ \t]+|[ \t]*/[ \t]*)(?:second|sec|s|hour|hr|h|watt|Watt|W)\b)?"
)
# Words that may stand between a number and the things it counts per second: "869,183 new
# connections per second", "1.2 million Layer 7 requests per second", "20K new flows/sec",
# "120,000 SSL TPS"
# (at most three, then one of COUNTED_NOUNS and a rate: "400 concurrent connections" is a
# load, which the condition extractors read).
COUNT_MODIFIERS = [
    "new", "concurrent", "simultaneous", "active", "open", "total", "additional", "extra",
    "successful", "completed", "failed", "parallel", "persistent", "keep-alive", "short-lived",
    "simulated", "virtual", "unique", "full", "secure", "encrypted", "client", "backend",
    "upstream", "HTTP", "HTTPS", "HTTP/1.1", "HTTP/2", "HTTP/3", "TCP", "UDP", "SSL", "TLS",
    "SSL/TLS", "L4", "L7", "Layer 4", "Layer 7", "Layer-4", "Layer-7", "layer 4", "layer 7",
    "API", "GET", "POST", "web", "gRPC", "QUIC", "DNS",
]  # fmt: skip
COUNTED_NOUNS = [
    "requests", "connections", "transactions", "sessions", "handshakes", "flows", "packets",
    "users", "queries", "calls", "RPS", "CPS", "TPS", "rps", "cps", "tps",
]  # fmt: skip
_MODIFIER = "|".join(re.escape(w) for w in sorted(COUNT_MODIFIERS, key=lambda s: (-len(s), s)))
MODIFIED_COUNT_RE = lazyre.compile(
    rf"(?<![ \t])[ \t]+(?:(?:{_MODIFIER})[ \t]+){{1,3}}(?=(?:{'|'.join(COUNTED_NOUNS)})(?![A-Za-z]))"
)
# "(est)" after a figure makes it an estimate, as "~" before it does
ESTIMATE_AFTER_RE = lazyre.compile(
    r"(?<![ \t])[ \t]*\((?:est|est\.|estimate|estimated|approx\.?)\)", re.I
)
# a CPU share in thousandths of a core, as Kubernetes writes it: "250m CPU", "107m cores"
MILLICORE_RE = lazyre.compile(r"m(?=[ \t]+(?:v?CPUs?|cores?)\b)")
# a unit starts within the gap's three characters: a cheap test before the long alternation
_UNIT_FIRST = frozenset(u[0] for u in _UNIT_SPELLINGS)
SUFFIX_RE = lazyre.compile(r"([KkMG])(?![A-Za-z0-9])")
MULT_RE = lazyre.compile(r"[ \t]?[xX×](?![A-Za-z0-9])(?![ \t]*\d)")
# TIMES_RE, RANGE_SEP_RE and _HALF_RE are matched right after a number; their look-behinds
# keep a search from trying a blank run from each of its blanks (time quadratic in the run).
TIMES_RE = lazyre.compile(r"(?<![ \t])[ \t]+times\b|-fold\b|(?<![ \t])[ \t]*fold\b", re.IGNORECASE)
PERCENT_RE = lazyre.compile(r"[ \t\u00a0]?(%|percent\b|per cent\b)", re.IGNORECASE)
KEY_RE = lazyre.compile(r"[Kk][ \t-]+(?:bit[ \t-]+)?(?:RSA[ \t]+)?key", re.IGNORECASE)
LAYER_RE = lazyre.compile(r"\blayer[ \t-]?$", re.IGNORECASE)
RANGE_SEP_RE = lazyre.compile(r"(?<![ \t])[ \t]*(?:-|–|—|to|and)[ \t]*")
BETWEEN_RE = lazyre.compile(r"\b(?:between|from)[ \t]+$", re.IGNORECASE)

_QUALIFIERS = [
    "just over", "well over", "slightly over", "over", "more than", "greater than", "at least",
    "in excess of", "above", "almost", "nearly", "just under", "slightly under", "close to",
    "about", "approximately", "approx.", "around", "roughly", "some", "up to", "as much as",
    "as high as", "less than", "fewer than", "under", "below", "at most", "no more than",
    "never higher than", "~", "≈", "<", ">", "≥", "≤", "<=", ">=",
]  # fmt: skip
QUALIFIER_RE = lazyre.compile(
    r"(?:^|(?<=[^\w]))("
    + "|".join(re.escape(q) for q in sorted(_QUALIFIERS, key=lambda s: (-len(s), s)))
    + r")[ \t\u00a0]*\Z",  # \Z, not $: "over\n5" is no qualifier across a line break
    re.IGNORECASE,
)
QUALIFIER_ALIASES = {"~": "about", "≈": "about", ">": "more than", "<": "less than",
                     "≥": "at least", ">=": "at least", "≤": "at most", "<=": "at most",
                     "approx.": "approximately"}  # fmt: skip


@cache
def _unit_for(spelling: str) -> str | None:
    norm = re.sub(r"\s+", " ", spelling)
    norm = {"GigE": "Gbps", "GbE": "Gbps", "Gigabit": "Gbps", "Gigabits": "Gbps",
            "Megabit": "Mbps", "Megabits": "Mbps", "Kilobyte": "kilobyte",
            "Kilobytes": "kilobyte", "Mbits/s": "Mbps", "Gbits/s": "Gbps",
            "HTTP requests": "request", "HTTPS requests": "request", "BTUs/hr": "BTU_per_hour",
            # a full TLS handshake is the transaction an SSL TPS figure counts
            "handshakes": "transaction", "TLS handshakes": "transaction",
            "SSL handshakes": "transaction", "rps": "RPS"}.get(norm, norm)  # fmt: skip
    return canonical_unit(norm)


def _precision(intpart: str, frac: str | None) -> tuple[int, int]:
    digits = intpart.replace(",", "").lstrip("0") + (frac or "")[1:]
    decimals = len(frac) - 1 if frac else 0
    sig = len(digits.lstrip("0")) if intpart.replace(",", "").strip("0") == "" else len(digits)
    return decimals, max(sig, 1)


_QUALIFIERS_BY_LAST_CHAR: dict[str, list[str]] = {}  # longest first
for _q in sorted((q.lower() for q in _QUALIFIERS), key=lambda s: (-len(s), s)):
    _QUALIFIERS_BY_LAST_CHAR.setdefault(_q[-1], []).append(_q)
_WORD_CHAR = lazyre.compile(r"\w")


def _qualifier(text: str, start: int) -> tuple[str | None, int]:
    lo = max(0, start - 24)
    head = text[lo:start].rstrip(" \t\u00a0")
    if not head:
        return None, start
    if head.isascii():
        # QUALIFIER_RE without a regex: the longest qualifier that ends the text before the
        # number (the regex's leftmost match) and follows a non-word character
        low = head.lower()
        for q in _QUALIFIERS_BY_LAST_CHAR.get(low[-1], ()):
            if low.endswith(q):
                at = lo + len(head) - len(q)
                if at == 0 or not _WORD_CHAR.match(text, at - 1):
                    return QUALIFIER_ALIASES.get(q, q), at
        return None, start
    m = QUALIFIER_RE.search(text, lo, start)  # case folding beyond ASCII: the regex decides
    if not m:
        return None, start
    q = fold(m.group(1))
    return QUALIFIER_ALIASES.get(q, q), m.start(1)


# Words that say which requests, connections or transactions a count is, between the
# number and its unit: "1.2 million Layer 7 requests per second", "30,000 SSL transactions
# per second", "90,000 new connections per second", "400 full TLS handshakes".
COUNT_QUALIFIER_RE = lazyre.compile(
    r"(?<![ \t])(?:[ \t]++(?:[Ll]ayer[ \t-]?[3-7]|L[3-7]|SSL/TLS|SSL|TLS|HTTPS?|new|full)){1,2}+"
    r"(?=[ \t]++[a-zA-Z])"
)
COUNT_UNITS = ("[request]", "[connection]", "[transaction]", "[session]")


def _unit_after(text: str, pos: int) -> tuple[str, str, int]:
    """(pint unit, unit as written, end) of a unit at ``pos``, or ("", "", pos); the unit
    may follow a few modifier words ("12,000 new connections per second")."""
    found = _plain_unit_after(text, pos)
    if found[0] or text[pos : pos + 1] not in (" ", "\t"):
        return found
    qual = COUNT_QUALIFIER_RE.match(text, pos)
    if qual is None:
        return found
    unit, written, end = _plain_unit_after(text, qual.end())
    if unit and any(u in dimensionality(unit) for u in COUNT_UNITS):
        return unit, text[pos:end].strip(" \t\u00a0\u202f-"), end
    return found


def _plain_unit_after(text: str, pos: int) -> tuple[str, str, int]:
    """(pint unit, unit as written, end) of a unit right at ``pos`` or after modifier words
    that are no count qualifier ("400 concurrent connections"), or ("", "", pos)."""
    m = PERCENT_RE.match(text, pos)
    if m:
        return "percent", m.group(1), m.end()
    m = UNIT_RE.match(text, pos) if _UNIT_FIRST.intersection(text[pos : pos + 4]) else None
    if m is None and text[pos : pos + 1] in (" ", "\t"):
        gap = MODIFIED_COUNT_RE.match(text, pos)
        if gap is not None:
            m = UNIT_RE.match(text, gap.end())
            if m is not None and not _is_rate(_unit_for(m.group(1)), m):
                m = None  # "400 concurrent connections" is a load, read where loads are
    if m is None and MILLICORE_RE.match(text, pos):
        return "millicore", "m", pos + 1
    if m:
        written = m.group(0).strip(" \t\u00a0\u202f-")
        unit = _unit_for(m.group(1))
        if unit is not None:
            tail = written[len(m.group(1)) :].strip()
            if tail:
                per = re.sub(r"^(per|/)\s*", "", tail).lower()
                per_unit = {"second": "second", "sec": "second", "s": "second", "hour": "hour",
                            "hr": "hour", "h": "hour", "watt": "watt", "w": "watt"}[per]  # fmt: skip
                unit = f"({unit}) / {per_unit}" if unit not in ("BTU",) else "BTU_per_hour"
                if per_unit == "hour" and unit.startswith("(BTU"):
                    unit = "BTU_per_hour"
            if m.start() > pos:  # after modifier words: the span runs from the number
                written = text[pos : m.end()].strip()
            return unit, written, m.end()
    return "", "", pos


def _is_rate(unit: str | None, m: re.Match[str]) -> bool:
    """Does a unit match state a rate ("requests per second", "req/s", "flows/sec")?"""
    return bool(unit) and (unit in ("RPS", "CPS", "TPS") or m.end(1) < m.end())


def word_starts(words: list[str]) -> re.Pattern[str]:
    """Where a word-bounded, case-insensitive alternation of ``words`` can begin: the first
    letter in a case-sensitive class, so the regex engine jumps between candidates (an
    IGNORECASE class or a leading ``\\b`` makes it try every position), then the rest of
    some word in a look-ahead. Besides both cases of each letter, the class holds the
    characters Unicode case-folds onto Latin letters (long s, Kelvin sign, dotted and
    dotless i): a superset is safe, the full pattern decides."""
    letters = "".join(w[0] for w in words)
    chars = {*letters.lower(), *letters.upper(), "\u017f", "\u212a", "\u0130", "\u0131"}
    tails = "|".join(re.escape(w[1:]) for w in sorted(words, key=lambda s: (-len(s), s)))
    return re.compile("[" + re.escape("".join(sorted(chars))) + rf"](?<!\w.)(?=(?i:{tails}))")


def finditer_from(
    pattern: re.Pattern[str], starts: re.Pattern[str], text: str
) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` yields, trying ``pattern`` only where ``starts`` matches.

    ``starts`` must match (one character) at every position where a non-empty match of
    ``pattern`` can begin; look-behinds and ``\\b`` still see the text before each position.
    """
    pos = 0
    for c in starts.finditer(text):
        at = c.start()
        if at < pos:
            continue
        m = pattern.match(text, at)
        if m is not None:
            yield m
            pos = m.end()


def scan(text: str, offset: int = 0) -> list[Quantity]:
    """Every quantity in ``text``; spans are ``offset`` + index into ``text``."""
    found: list[Quantity] = []
    last_end = 0
    for m in finditer_from(NUMBER_RE, NUMBER_START_RE, text):
        if m.start() < last_end:
            continue
        q = _numeric(text, m)
        last_end = q["end"]
        if not q["unit"] and not q.get("multiplier") and in_identifier(text, m.start(), m.end()):
            continue
        found.append(q)
    _carry_units(text, found)
    found.extend(_words(text, [(q["start"], q["end"]) for q in found]))
    found.sort(key=lambda q: q["start"])
    out = []
    for q in found:
        if offset:
            q["start"] += offset
            q["end"] += offset
        # units come from a fixed table and their spellings from a fixed pattern: one
        # string each instead of one per quantity
        q["unit"], q["unit_text"] = intern(q["unit"]), intern(q["unit_text"])
        out.append(Quantity(**q))
    return out


# The characters an identifier, a version, an address or a date is written with: a run of
# them around a number is one token ("5.4.0-1009-gcp", "10.0.0.7:8443", "2024-03-18").
_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:/")
_DOTTED_RE = lazyre.compile(r"(?<![\d.])\d+\.\d+\.\d")
_DATE_RE = lazyre.compile(r"\d{4}-\d{1,2}-\d{1,2}(?!\d)|\d{1,2}/\d{1,2}/\d{2,4}(?!\d)")
_MAX_TOKEN = 64  # an identifier longer than this is not looked at as one


def in_identifier(text: str, start: int, end: int) -> bool:
    """Is the bare number text[start:end] part of a name rather than a figure: a version or
    an address ("kernel 5.4.0-1009-gcp", "10.0.0.7"), a date ("2024-03-18"), a port or a
    clock time ("host:8443", "12:30"), a hyphenated identifier ("custom-2-4096",
    "r7-2-48"), a hash ("27b1e0b")?"""
    lo = start
    while lo > 0 and start - lo < _MAX_TOKEN and text[lo - 1] in _TOKEN_CHARS:
        lo -= 1
    hi = end
    while hi < len(text) and hi - end < _MAX_TOKEN and text[hi] in _TOKEN_CHARS:
        hi += 1
    while hi > end and text[hi - 1] in ".:-_/":
        hi -= 1  # a full stop or colon that ends the sentence or a label
    mark = text[start - 1 : start]
    if mark == "^" or mark == "[" and text[end : end + 1] == "]":
        return True  # a footnote or citation mark: "1.2%^1", "[^2]", "[3]"
    if text[end : end + 1] in (".", ")") and text[end + 1 : end + 2] in (" ", "\t"):
        line = text.rfind("\n", max(0, start - 16), start) + 1
        if (line or start <= 16) and not text[line:start].strip(" \t#>*-"):
            return True  # the number of a list item or a heading: "3. Results", "### 0. Summary"
    if lo == start and hi == end:
        return False
    token = text[lo:hi]
    if _DOTTED_RE.search(token) or _DATE_RE.match(token):
        return True
    before = text[start - 1] if start > lo else ""
    after = text[end : end + 2] if hi > end else ""
    if after[:1] == ":" and after[1:2].isdigit():
        return True  # "12:30", "3:1": a clock time or a ratio written with a colon
    if before == ":" and start - 1 > lo:
        host = text[lo : start - 1]  # "10.0.0.7:8443", "http://edge:8080", "12:30"
        if host[-1].isdigit() or "." in host or "//" in host or host.lower() == "localhost":
            return True
    if before == "-" and after[:1] == "-" and after[1:2].isalnum():
        return True  # "0-1009-gcp": hyphens on both sides
    if before == "-" and text[lo].isalpha() and any(ch.isdigit() for ch in text[lo : start - 1]):
        return True  # "custom-2-4096": the last part of a name that mixes words and numbers
    rest = text[end:hi]
    return rest[:1].isalpha() and any(ch.isdigit() for ch in rest)  # "27b1e0b"


# Words that set a second figure beside a first, so that the second, written bare, counts
# what the first does: "2,900 rps for A against 1,300 for B" (a comparison word), "A served
# 40,000 RPS and B 55,000" (a plain conjunction, with the other name between).
STRONG_PARALLEL = {"against", "vs", "versus", "compared", "while", "whilst", "whereas", "where"}
PARALLEL_WORDS = STRONG_PARALLEL | {"and", "but", "than", "or"}
# A bare number right after one of these is a condition or a count of its own ("... and
# 40,000 at 16", "against 12 threads"); right before, a word of its own is its unit.
OWN_CONTEXT = {"at", "with", "on", "under", "using", "of", "by", "per", "in", "over", "x",
               "from", "to", "between", "after", "before", "every", "each", "about"}  # fmt: skip
PREPOSITIONS_AFTER = {"for", "on", "from", "by", "with", "in", "at", "under", "via", "using",
                      "respectively"}  # fmt: skip
MAX_CARRY_WORDS = 10
MAX_SEEN = 8  # figures with a unit of a sentence a bare number may parallel
_CARRY_WORD_RE = lazyre.compile(r"[A-Za-z]+")
_SENTENCE_END_RE = lazyre.compile(r"[.!?](?:\s|$)|\n[ \t]*\n|[;:|\n]")


def _carry_units(text: str, found: list[_Fields]) -> None:
    """A bare number set beside a figure with a unit in a parallel clause of the same
    sentence counts what that figure counts and takes its unit (its written unit stays
    empty): "2,927 requests per second per watt for A against 1,304 for B". The figure in
    the parallel place is the one after the same word ("A served 70,000 rps with 0 KB
    files, and B served 120,000"), else the nearest that is no condition ("with 0 KB")."""
    seen: list[_Fields] = []  # figures with a unit since the sentence began
    for q in found:
        if q["unit"]:
            if q["unit"] != "percent" and not q.get("multiplier"):
                seen = [*seen[-(MAX_SEEN - 1) :], q]  # a bounded look back: linear time
            continue
        if not seen or q.get("multiplier"):
            continue
        gap = text[seen[-1]["end"] : q["start"]]
        words = _CARRY_WORD_RE.findall(gap)
        if len(words) > MAX_CARRY_WORDS or _SENTENCE_END_RE.search(gap):
            seen = []
            continue
        lowered = {w.lower() for w in words}
        if not lowered & STRONG_PARALLEL and not (
            lowered & PARALLEL_WORDS and any(w[:1].isupper() for w in words)
        ):
            continue  # "... and 58,000 on the second day": the same system, no parallel
        if words and words[-1].lower() in OWN_CONTEXT or gap.rstrip()[-1:] in ("(", "-", "/", "x"):
            continue
        nxt = (
            _CARRY_WORD_RE.match(text, q["end"] + 1)
            if text[q["end"] : q["end"] + 1] == " "
            else None
        )
        if nxt is not None and nxt.group(0).lower() not in PREPOSITIONS_AFTER:
            continue  # "1,304 users": a unit word of its own
        if text[q["end"] : q["end"] + 1].isalnum():
            continue
        source = _parallel(text, seen, q)
        if source is not None:
            q["unit"] = source["unit"]


# A figure after one of these is a condition of the test, not a result a later bare number
# parallels ("with 0 KB files", "using 64-byte frames").
CONDITION_BEFORE = {"with", "using", "under", "on", "per", "for"}


def _word_before(text: str, at: int) -> str:
    words = _CARRY_WORD_RE.findall(text, max(0, at - 24), at)
    return words[-1].lower() if words else ""


def _parallel(text: str, seen: list[_Fields], q: _Fields) -> _Fields | None:
    """The figure with a unit that the bare number ``q`` parallels (see _carry_units)."""
    word = _word_before(text, q["start"])
    same = [s for s in seen if word and _word_before(text, s["start"]) == word]
    if same:
        return same[-1]
    for s in reversed(seen):
        if _word_before(text, s["start"]) not in CONDITION_BEFORE:
            return s
    return None


def _numeric(text: str, m: re.Match[str]) -> _Fields:
    intpart, frac = m.group(1), m.group(2)
    value = float(intpart.replace(",", "") + (frac or ""))
    decimals, sig = _precision(intpart, frac)
    end = m.end()
    scale = 1.0
    multiplier = False
    unit, unit_text = "", ""
    key = KEY_RE.match(text, end)
    if key and value < 64:  # "2K key": RSA key sizes are powers of two
        return _make(text, m.start(), end + 1, value * 1024, "bit", "K", decimals, sig, 1024)
    suffix = SUFFIX_RE.match(text, end)
    if suffix:
        after_unit = _unit_after(text, suffix.end())
        scale = SUFFIX_SCALES[suffix.group(1)]
        end = suffix.end()
        if after_unit[0] and after_unit[0] != "percent":
            unit, unit_text, end = after_unit
            if "byte" in unit and unit == "byte":
                unit, scale = "kilobyte", 1.0  # "64K bytes" is 64 kilobytes
        value *= scale
        if unit == "kilobyte":
            value /= scale if scale != 1.0 else 1.0
    else:
        word = SCALE_WORD_RE.match(text, end)
        if word:
            scale = SCALES[fold(word.group(1))]
            value *= scale
            end = word.end()
        mult = MULT_RE.match(text, end) or TIMES_RE.match(text, end)
        if mult:
            multiplier = True
            unit_text = mult.group(0).strip()
            end = mult.end()
        else:
            unit, unit_text, end = _unit_after(text, end)
    if unit and LAYER_RE.search(text, max(0, m.start() - 7), m.start()):
        unit, unit_text, end = "", "", m.end()  # "Layer 7 CPS" names a layer, not 7 CPS
    q = _make(text, m.start(), end, value, unit, unit_text, decimals, sig, scale)
    q["multiplier"] = multiplier
    _attach_range(text, q)
    return q


_Fields = dict[str, Any]  # the fields of a Quantity before it is built


def _make(text, start, end, value, unit, unit_text, decimals, sig, scale) -> _Fields:  # noqa: ANN001
    qual, _ = _qualifier(text, start)
    if qual is None and ESTIMATE_AFTER_RE.match(text, end):
        qual = "about"
    return {
        "text": text[start:end],
        "start": start,
        "end": end,
        "value": value,
        "unit": unit,
        "unit_text": unit_text,
        "decimals": decimals,
        "sig_figs": sig,
        "scale": float(scale),  # 1024 for "2K key", 100 for "5 hundred": a float like the rest
        "qualifier": qual,
    }


def _attach_range(text: str, q: _Fields) -> None:
    """Turn "5-15%" / "174%–3273%" / "200 to 340 ms" into one ranged quantity."""
    sep = RANGE_SEP_RE.match(text, q["end"])
    if not sep:
        return
    start = q["start"]
    if "and" in sep.group(0) and not BETWEEN_RE.search(text, max(0, start - 12), start):
        return
    m = NUMBER_RE.match(text, sep.end())
    if not m:
        return
    high = _numeric_simple(text, m)
    if high is None:
        return
    hv, hunit, hunit_text, hend, hdec = high
    if not hunit or q["multiplier"]:
        return
    if q["unit"] and not (q["unit"] == hunit == "percent"):
        return  # "1,200 RPS to 1,800 RPS" is a change, not a range; "5-15%" and "5%-15%" are
    # "14.1-21.57" or "4-port": a dash between bare numbers is not a range unless a unit follows.
    dash = "to" not in sep.group(0) and "-" in sep.group(0)
    if dash and not q["unit"] and hunit != "percent" and text[m.end() : m.end() + 1].isalpha():
        return
    q["range_low"], q["range_high"] = min(q["value"], hv), max(q["value"], hv)
    q["high_decimals"] = hdec
    q["unit"] = hunit
    q["unit_text"] = (
        q["unit_text"] or hunit_text
    )  # "5-15%": the unit is written once, after the high
    q["end"] = hend
    q["text"] = text[start:hend]


def _numeric_simple(text: str, m: re.Match[str]) -> tuple[float, str, str, int, int] | None:
    intpart, frac = m.group(1), m.group(2)
    value = float(intpart.replace(",", "") + (frac or ""))
    decimals, _ = _precision(intpart, frac)
    unit, unit_text, end = _unit_after(text, m.end())
    return value, unit, unit_text, end, decimals


_MULTIPLE_RE = lazyre.compile(r"\b(" + "|".join(MULTIPLE_WORDS) + r")\b", re.IGNORECASE)
_MULTIPLE_START_RE = word_starts(list(MULTIPLE_WORDS))
_NUMBER_WORD_START_RE = word_starts([*UNITS, *TENS, *SCALES])
_HALF_RE = lazyre.compile(r"(?<![ \t])[ \t]+(?:the|that|of|as)\b", re.IGNORECASE)


def _words(text: str, taken: list[tuple[int, int]]) -> list[_Fields]:
    """Number words ("three", "one hundred") and multiple words ("twice", "half")."""
    # ``taken`` spans do not overlap, so their ends are sorted too: one bisection per word
    # keeps the scan linear ("5 million" a thousand times once compared every pair).
    spans = sorted(taken)
    starts, ends = [s for s, _ in spans], [e for _, e in spans]

    def free(start: int, end: int) -> bool:
        i = bisect_right(ends, start)
        return i == len(starts) or starts[i] >= end

    out: list[_Fields] = []
    for m in finditer_from(NUMBER_WORDS_RE, _NUMBER_WORD_START_RE, text):
        value = words_to_number(m.group(0))
        if value is None or not free(m.start(), m.end()):
            continue
        end = m.end()
        multiplier = False
        unit, unit_text = "", ""
        mult = TIMES_RE.match(text, end)
        if mult:
            multiplier, unit_text, end = True, mult.group(0).strip(), mult.end()
        else:
            unit, unit_text, end = _unit_after(text, end)
        if not free(m.start(), end):
            continue
        scale = words_scale(m.group(0))
        sig = len(str(round(value / scale)).lstrip("0")) or 1
        q = _make(text, m.start(), end, value, unit, unit_text, 0, sig, scale)
        q["is_word"], q["multiplier"] = True, multiplier
        out.append(q)
    for m in finditer_from(_MULTIPLE_RE, _MULTIPLE_START_RE, text):
        word = fold(m.group(1))
        if word == "half" and not _HALF_RE.match(text, m.end()):
            continue
        if not free(m.start(), m.end()):
            continue
        q = _make(text, m.start(), m.end(), MULTIPLE_WORDS[word], "", word, 0, 1, 1.0)
        q["is_word"], q["multiplier"] = True, True
        out.append(q)
    return out
