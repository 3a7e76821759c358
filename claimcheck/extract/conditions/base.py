"""Shared pieces of the condition extractors: the record, the per-text context, number
parsing, negation and the hedging cue lists.

Every pattern here and in the sibling modules is anchored on a keyword and uses only
bounded gaps, so a scan is linear in the text (tests/test_regex_safety.py times them all
on hostile input).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck import lazyre
from claimcheck.extract import cuescan
from claimcheck.extract.numbers import NUMBER_WORDS_RE, words_to_number
from claimcheck.extract.quantities import scan
from claimcheck.extract.sentences import split
from claimcheck.models import Quantity
from claimcheck.regexlit import gate
from claimcheck.textkeys import fold, folded


@dataclass(frozen=True)
class RawCondition:
    """A test condition found in text: its name, normalised value and source span."""

    name: str
    value: Any
    start: int
    end: int
    text: str
    negated: bool = False
    hedged: bool = False
    # the text opens with the name of what the value belongs to ("NGINX 1.25.3"): it is that
    # thing's, and nobody else's
    owner_named: bool = False
    # where it comes from when no sentence states it: "default" (what the tool does when the
    # command leaves it out, or fixes by itself), "output" (what the tool printed)
    origin: str = ""


# --- cue lists (data, not code) -----------------------------------------------------------

# A sentence with one of these describes someone else's practice, a definition or a
# warning: the report is not doing it.
HEDGE_CUES = (
    "other vendors", "some vendors", "many vendors", "most vendors", "one vendor",
    "another vendor", "vendors often", "vendors typically", "vendors have defined",
    "vendors define", "vendor published", "vendor's published", "published by the vendor",
    "another report", "other reports", "some reports", "such reports", "these reports",
    "third-party reports", "competitive report", "competitor", "competitors",
    "competing vendor", "many of the publicly available", "publicly available numbers",
    "some in the industry", "should never", "can be misleading", "could be misleading",
    "misleading", "instead of", "rather than measure", "artificially inflate",
    "inflate", "one vendor released", "according to", "datasheets", "data sheets",
    "marketing literature", "marketing numbers", "defines", "is defined as",
    "calls that", "hypothetical", "for example, a vendor", "beware", "older reports",
    "earlier reports", "previous reports", "past reports",
    # a practice judged in general terms: "zero-byte objects flatter connection rates",
    # "nameplate ratings overstate real draw", "a TPS number taken with resumption on tells
    # you little", "such a figure is meaningless"
    "flatter", "flatters", "overstate", "overstates", "exaggerate", "exaggerates",
    "tells you little", "tell you little", "says little", "say little", "meaningless",
)  # fmt: skip
# Cues that mark only what follows them as not done: "torn down with a TCP reset instead of
# a FIN" (the reset was used, the FIN was not).
POSITIONAL_CUES = ("instead of",)
# Cues that, in a paragraph's first sentence, make the whole paragraph about others.
TOPIC_CUES = (
    "other vendors", "some vendors", "one vendor", "another vendor", "another report",
    "other reports", "some reports", "competitor", "competitors",
    "many of the publicly available", "third-party reports",
)  # fmt: skip
# A cue right after one of these contrasts with others instead ("unlike other vendors").
CONTRAST_BEFORE = ("unlike", "in contrast to", "as opposed to")


def _cue_re(cues: tuple[str, ...]) -> re.Pattern[str]:
    # longest first, then alphabetical: the same pattern text in every process
    alts = "|".join(re.escape(c) for c in sorted(set(cues), key=lambda c: (-len(c), c)))
    return re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])", re.IGNORECASE)


HEDGE_RE = _cue_re(HEDGE_CUES)
cuescan.register(HEDGE_CUES)  # Ctx.has(HEDGE_CUES) reads the scan
TOPIC_RE = _cue_re(TOPIC_CUES)
# Other parties' publications as a sentence's subject, beyond the hedge cues: "several public
# reviews quote ...", "other benchmarks run ...", "many vendor reports ...".
OTHERS_RE = lazyre.compile(
    r"\b(?:other|several|many|some|most|public|published|third[ -]party|competing|competitors?'?)"
    r"\s+(?:\w+\s+)?(?:reviews|reports|publications|studies|write-?ups|blog\s+posts|vendors)\b"
    r"|\b(?:other|public|published|third[ -]party|competitors?'?)\s+benchmarks\b",
    re.IGNORECASE,
)
# A sentence that starts like this is about the report's own method (matched at a sentence
# start: a few quotes or brackets may open it).
SELF_RE = lazyre.compile(
    r"[\s\"'(]{0,8}+(?:we|our|in[ \t]+our|for[ \t]+our|in[ \t]+this[ \t]+(?:test|report|study)"
    r"|this[ \t]+(?:test|report|study|benchmark))\b",
    re.IGNORECASE,
)
_CONTRAST_RE = lazyre.compile(r"\b(?:" + "|".join(CONTRAST_BEFORE) + r")\s+$", re.IGNORECASE)

_NEG_BEFORE = lazyre.compile(
    r"(?<![\w-])(?:no|not|without|never|nor|disable|disabled|disabling|zero)\b"
    r"(?:[ \t]+[\w/-]+){0,3}[ \t]*$",
    re.IGNORECASE,
)
# Matched in the 40 characters after a span: the leading blank runs are bounded to match.
_NEG_AFTER = lazyre.compile(
    r"[ \t]{0,40}+(?:(?:was|were|is|are|has[ \t]+been|have[ \t]+been|remained|stayed)[ \t]+)?"
    r"(?:not[ \t]+(?:used|enabled|supported|active|on|in[ \t]+use)|never[ \t]+used|disabled"
    r"|turned[ \t]+off|switched[ \t]+off|off\b)"
    r"|[ \t]{0,40}+[:=][ \t]*(?:no|off|false|disabled|none)\b",
    re.IGNORECASE,
)

# --- numbers --------------------------------------------------------------------------------

INT = r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+(?!\d))(?![.,]\d)"
WORDS = NUMBER_WORDS_RE.pattern
NUM = rf"(?:{INT}|{WORDS})"
LIST_SEP = r"(?:[ \t]*,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or)[ \t]+|[ \t]*/[ \t]*)"
# Each number of a list is atomic: "ten and twenty" is one run of number words or two
# numbers joined by "and", and trying both readings at every "and" takes exponential time.
NUM_LIST = rf"(?>{NUM})(?:{LIST_SEP}(?>{NUM})){{0,15}}"
_NUM_RE = lazyre.compile(NUM, re.IGNORECASE)
_ONE_RE = lazyre.compile(r"(?:an?[ \t]+)?single|an?|one", re.IGNORECASE)


def to_int(s: str) -> int | None:
    """An integer written in digits ("2,048"), words ("one hundred") or "a single" (1)."""
    s = s.strip()
    if not s:
        return None
    digits = s.replace(",", "")
    if digits.isdigit():
        return int(digits) if len(digits) < 19 else None
    if _ONE_RE.fullmatch(s):
        return 1
    value = words_to_number(s)
    if value is None or value != int(value) or value > 1e15:
        return None
    return int(value)


def int_list(s: str) -> list[int]:
    """Every integer in a list text: "1, 10, 100" / "512, 768 or 1024" / "1 and 100"."""
    out = []
    for m in _NUM_RE.finditer(s):
        v = to_int(m.group(0))
        if v is not None:
            out.append(v)
    return out


def one_or_list(values: list[int]) -> int | list[int] | None:
    """A single value as itself, several as a list, none as None."""
    if not values:
        return None
    return values[0] if len(values) == 1 else values


_DUR_UNITS = folded({"ms": 0.001, "us": 1e-6, "µs": 1e-6, "s": 1.0, "sec": 1.0, "secs": 1.0,
              "second": 1.0, "seconds": 1.0, "m": 60.0, "min": 60.0, "mins": 60.0,
              "minute": 60.0, "minutes": 60.0, "h": 3600.0, "hr": 3600.0, "hrs": 3600.0,
              "hour": 3600.0, "hours": 3600.0})  # fmt: skip
_DUR_PART = lazyre.compile(
    r"(\d+(?:\.\d+)?)[ \t]*("
    + "|".join(sorted(_DUR_UNITS, key=lambda s: (-len(s), s)))
    + r")?(?![A-Za-z])",
    re.IGNORECASE,
)


def parse_duration(s: str, default: float = 1.0) -> float | None:
    """Seconds in a Go/k6 style duration ("60s", "5m", "1m30s", "250ms"; bare = ``default``)."""
    s = s.strip().strip("'\"`")
    if not s or len(s) > 40:
        return None
    pos, total, seen = 0, 0.0, False
    while pos < len(s):
        m = _DUR_PART.match(s, pos)
        if not m or m.end() == pos:
            return None
        unit = fold(m.group(2) or "")
        if not unit and (seen or m.end() != len(s)):
            return None
        total += float(m.group(1)) * (_DUR_UNITS[unit] if unit else default)
        pos, seen = m.end(), True
    return total if seen else None


def clean(s: str) -> str:
    """Whitespace collapsed and trailing punctuation dropped."""
    return re.sub(r"\s+", " ", s).strip().rstrip(".,;:").strip()


# --- context --------------------------------------------------------------------------------


class Ctx:
    """One text under extraction: its sentences and (lazily) its quantities."""

    def __init__(self, text: str, gate_hint: int = -1, cues: cuescan.Window | None = None) -> None:
        self.text = text
        self.gate_hint = gate_hint  # pattern gates that may open (see pattern_gate_hints)
        self._given_cues = cues  # the text's window of a document's scan, if there is one
        self._scans: dict[int, tuple[list[int], list[Quantity]]] = {}
        self._context: dict[tuple[str, int], bool] = {}
        self._lower: str | None = None

    # Most texts meet no detector's gate: their sentences are never needed.
    @functools.cached_property
    def sentences(self) -> list[tuple[int, int]]:
        """(start, end) of each sentence of the text."""
        return [(s.start, s.end) for s in split(self.text)] or [(0, len(self.text))]

    @functools.cached_property
    def _starts(self) -> list[int]:
        return [s for s, _ in self.sentences]

    @property
    def lower(self) -> str:
        """The text lower-cased (computed once)."""
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    @functools.cached_property
    def ascii(self) -> bool:
        """True for an all-ASCII text (lower-casing keeps every offset)."""
        return self.text.isascii()

    @functools.cached_property
    def cues(self) -> cuescan.Window | None:
        """Where the cue literals occur in the text (:mod:`claimcheck.extract.cuescan`):
        the document scan's window when given, else a scan of the text; None for a text
        that is not ASCII (never gated)."""
        if not self.ascii:
            return None
        cues = self._given_cues
        if cues is None or not cues.current():
            cues = cuescan.window_of(self.text)
        return cues if cues.usable else None

    def may_match(self, rx: re.Pattern[str]) -> bool:
        """False only when ``rx`` cannot match the text: an ASCII text holding none of the
        literals every match of ``rx`` contains (:mod:`claimcheck.regexlit`), read from
        the scan instead of a regex search, mostly a case-insensitive one."""
        cues = self.cues
        if cues is None:
            return True
        need, _ = cuescan.pattern_ids(rx)
        if need is not None:
            return cues.has(need)
        words = gate(rx).words  # no gate, or a pattern newer than the table
        if words is None:
            return True
        low = self.lower
        return any(w in low for w in words)

    def finditer(self, rx: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """``rx.finditer(self.text)``: tried only where one of the pattern's leading
        strings starts, when it has some; else nothing at once when :meth:`may_match`
        says no."""
        cues = self.cues
        if cues is None:
            return rx.finditer(self.text)
        need, lead = cuescan.pattern_ids(rx)
        present = cues.present
        if lead is not None:
            if present.isdisjoint(lead):  # the usual answer: said without another call
                return iter(())
            return cuescan.finditer(rx, self.text, cues.starts(lead))
        if need is not None:
            return iter(()) if present.isdisjoint(need) else rx.finditer(self.text)
        return rx.finditer(self.text) if self.may_match(rx) else iter(())

    def maybe_in(self, rx: re.Pattern[str], start: int, end: int) -> bool:
        """False only when ``rx`` cannot match inside text[start:end] (no literal it needs
        lies wholly there)."""
        cues = self.cues
        if cues is None:
            return True
        need = cuescan.pattern_ids(rx)[0]
        return need is None or cues.has_in(need, start, end)

    def each(
        self, name: str, patterns: Iterable[tuple[re.Pattern[str], Any]], negate: bool = True
    ) -> list[RawCondition]:
        """One condition ``name`` per match of each (pattern, value), in pattern order; with
        ``negate``, a negated match ("no FastL4 profile") is marked so."""
        out = []
        for rx, value in patterns:
            for m in self.finditer(rx):
                neg = negate and self.negated(m.start(), m.end())
                out.append(self.make(name, value, m.start(), m.end(), negated=neg))
        return out

    @functools.cached_property
    def open_gates(self) -> int:
        """Bit mask of the gates (see :func:`gated`) the text passes, all decided at once:
        the word cues' mask, plus each pattern gate whose words did not already pass."""
        if self.ascii:
            mask = self.cue_mask
            hint = self.gate_hint
            cues = self.cues
            if cues is None:
                low = self.lower
                for bit, patterns in _PATTERN_GATES:
                    if not mask & bit and hint & bit and any(_hit(p, low) for p in patterns):
                        mask |= bit
                return mask
            present = cues.present
            low = self.lower
            for bit, any_ids, gated, ungated in _gate_plan():
                if mask & bit or not hint & bit:
                    continue
                opens = not present.isdisjoint(any_ids) and self._gated_hit(gated)
                if opens or any(p.search(low) if plain else _hit(p, low) for p, plain in ungated):
                    mask |= bit
            return mask
        mask = 0
        for bit, words, patterns in _GATES:
            if self.has(words) or any(_folded(p).search(self.text) for p in patterns):
                mask |= bit
        return mask

    def _gated_hit(self, gated: list[_Planned]) -> bool:
        """True when one of a gate's patterns (lower case, no flags) that the scan gates
        matches the lower-cased text: tried at its leading strings, or searched when one
        of its literals occurs."""
        cues = self.cues
        low = self.lower
        for p, need, lead in gated:
            if lead is not None:
                if cuescan.search(p, low, cues.starts(lead)) is not None:  # type: ignore[union-attr]
                    return True
            elif cues.has(need) and p.search(low) is not None:  # type: ignore[union-attr,arg-type]
                return True
        return False

    def has(self, words: tuple[str, ...]) -> bool:
        """True when any of ``words`` (lower case) occurs in the text: a cheap gate that
        spares the regular expressions on text that cannot match them (read from the scan
        for words registered with :func:`cuescan.register`)."""
        cues = self.cues
        if cues is not None:
            ids = cuescan.word_ids(words)
            if ids is not None:
                return cues.has(ids)
        low = self.lower
        return any(w in low for w in words)

    @functools.cached_property
    def cue_mask(self) -> int:
        """Bit mask of the gates with a word cue in the text (see :func:`gated`)."""
        cues = self.cues
        found = _cue_bits_by_id() if cues is not None else None
        if found is None:
            return tokens_cue_mask(self.lower)
        bits, ids = found
        mask = 0
        for i in cues.present & ids:  # type: ignore[union-attr]
            mask |= bits[i]
        return mask

    def matches(self, patterns: tuple[re.Pattern[str], ...]) -> bool:
        """True when one of ``patterns`` (written in lower case, without flags) matches
        the text case-insensitively. ASCII text is searched lower-cased and without
        IGNORECASE, which is several times faster; other text with IGNORECASE, since
        lower-casing does not map every character to one character."""
        if self.text.isascii():
            low = self.lower
            return any(p.search(low) for p in patterns)
        return any(_folded(p).search(self.text) for p in patterns)

    def _scanned(self, i: int) -> tuple[list[int], list[Quantity]]:
        """Quantities of sentence ``i`` and their starts, scanned on first use."""
        found = self._scans.get(i)
        if found is None:
            s, e = self.sentences[i]
            qs = scan(self.text[s:e], s)
            found = self._scans[i] = ([q.start for q in qs], qs)
        return found

    @property
    def quantities(self) -> list[Quantity]:
        """Every quantity in the text."""
        return [q for i in range(len(self.sentences)) for q in self._scanned(i)[1]]

    def quantities_where(self, *hints: re.Pattern[str]) -> list[Quantity]:
        """Quantities of the sentences that match every one of ``hints`` (cheap pre-checks)."""
        out: list[Quantity] = []
        for i, (s, e) in enumerate(self.sentences):
            if all(self.maybe_in(hint, s, e) for hint in hints) and all(
                hint.search(self.text, s, e) for hint in hints
            ):
                out += self._scanned(i)[1]
        return out

    def quantities_in(self, start: int, end: int) -> list[Quantity]:
        """Quantities starting in [start, end)."""
        out: list[Quantity] = []
        i = self.sentence_index(start)
        while i < len(self.sentences) and self.sentences[i][0] < end:
            starts, qs = self._scanned(i)
            j = bisect_left(starts, start)
            while j < len(qs) and qs[j].start < end:
                out.append(qs[j])
                j += 1
            i += 1
        return out

    def sentence_index(self, pos: int) -> int:
        """Index of the sentence holding ``pos``."""
        return max(0, bisect_right(self._starts, pos) - 1)

    def sentence(self, pos: int) -> tuple[int, int]:
        """(start, end) of the sentence holding ``pos``."""
        return self.sentences[self.sentence_index(pos)]

    def sentence_has(self, rx: re.Pattern[str], pos: int) -> bool:
        """True when the sentence holding ``pos`` matches ``rx`` (memoised per sentence)."""
        key = (rx.pattern, self.sentence_index(pos))
        found = self._context.get(key)
        if found is None:
            s, e = self.sentences[key[1]]
            found = self.maybe_in(rx, s, e) and bool(rx.search(self.text, s, e))
            self._context[key] = found
        return found

    def make(self, name: str, value: Any, start: int, end: int, negated: bool = False):  # noqa: ANN201
        """A RawCondition over text[start:end] (local offsets)."""
        return RawCondition(name, value, start, end, self.text[start:end], negated)

    def negated(self, start: int, end: int) -> bool:
        """True when a negation ("no", "without", "was not used", "disabled") governs the span."""
        s0, s1 = self.sentence(start)
        before = self.text[max(s0, start - 40) : start]
        cut = max(before.rfind(c) for c in ",;:(")
        if cut >= 0:
            before = before[cut + 1 :]
        if _NEG_BEFORE.search(before):
            return True
        return bool(_NEG_AFTER.match(self.text, end, min(s1, end + 40)))

    def hedge_flags(self, positional: bool = False) -> list[bool]:
        """Per sentence: True when it describes others' practice or warns. A topic cue in
        the first sentence carries over to the rest, except sentences about "we"/"our".
        With ``positional``, a cue such as "instead of" does not hedge its whole sentence
        (the caller hedges what follows it, see :meth:`after_positional_cue`)."""
        if not self.has(HEDGE_CUES):
            return [False] * len(self.sentences)
        flags = [self._hedged(s, e, positional) for s, e in self.sentences]
        s0, e0 = self.sentences[0]
        topic = self.maybe_in(TOPIC_RE, s0, e0) and TOPIC_RE.finditer(self.text, s0, e0)
        if topic and any(not self._contrast(m) for m in topic):
            return [
                f or not SELF_RE.match(self.text, s)
                for f, (s, _) in zip(flags, self.sentences, strict=True)
            ]
        return flags

    def _hedged(self, start: int, end: int, positional: bool = False) -> bool:
        if not self.maybe_in(HEDGE_RE, start, end):
            return False
        return any(
            not self._contrast(m) and not (positional and m.group().lower() in POSITIONAL_CUES)
            for m in HEDGE_RE.finditer(self.text, start, end)
        )

    def after_positional_cue(self, start: int) -> bool:
        """Does a cue such as "instead of" come before ``start`` in its sentence (the
        alternative a sentence says was not taken)?"""
        s0, _ = self.sentence(start)
        before = self.text[s0:start].lower()
        return any(cue in before for cue in POSITIONAL_CUES)

    def _contrast(self, m: re.Match[str]) -> bool:
        return bool(_CONTRAST_RE.search(self.text[max(0, m.start() - 20) : m.start()]))


@functools.cache
def _folded(p: re.Pattern[str]) -> re.Pattern[str]:
    return re.compile(p.pattern, p.flags | re.IGNORECASE)


def pattern_gate_hints(texts: list[str]) -> list[int]:
    """Per text, the bits of the pattern gates (see :func:`gated`) that may open on it, from
    one scan of all the texts joined (:mod:`claimcheck.extract.cuescan`). A clear bit is
    certain (no pattern of that gate can match the text, nor the text with some of its
    line breaks as spaces); a set bit leaves it to the patterns. A text outside ASCII
    gets every bit (it is never gated)."""
    scan = cuescan.Scan("\0".join(texts))  # no literal holds "\0": none spans two texts
    plan = _gate_plan()
    always = 0
    for bit, _, _, ungated in plan:
        if ungated:
            always |= bit
    out = []
    pos = 0
    for t in texts:
        window = cuescan.Window(scan, pos, pos + len(t), True)
        pos += len(t) + 1
        if not t.isascii():
            out.append(-1)
            continue
        mask = always
        for bit, any_ids, _, _ in plan:
            if not mask & bit and window.has(any_ids):
                mask |= bit
        out.append(mask)
    return out


def _hit(p: re.Pattern[str], low: str) -> bool:
    """``p.search(low)`` for a gate pattern on ASCII lower-cased text, behind its literals."""
    return gate(p).search(low, low) is not None


# Word cues of all gates, each with the bit mask of the gates that name it. A text's cues
# are found per distinct token (Ctx.cue_mask) instead of by one search per gate.
_CUE_BITS: dict[str, int] = {}
_CUE_GATES: list[tuple[str, ...]] = []  # the word cues of each gate; its bit is its index
_GATES: list[tuple[int, tuple[str, ...], tuple[re.Pattern[str], ...]]] = []  # bit, words, patterns
_PATTERN_GATES: list[tuple[int, tuple[re.Pattern[str], ...]]] = []  # the gates with patterns
_cue_index_cache: list[tuple[re.Pattern[str], dict[str, int]]] = []  # emptied by gated()
_token_masks: dict[str, int] = {}  # per process: tokens recur across blocks and documents
MAX_TOKEN_MASKS = 200_000


def _cue_index() -> tuple[re.Pattern[str], dict[str, int]]:
    """One alternation of every word cue, longest first, so that a match is the longest
    cue at its position; and per cue, the gates of every cue that is a prefix of it (the
    cues that also start there)."""
    if not _cue_index_cache:
        cues = sorted(_CUE_BITS, key=lambda s: (-len(s), s))
        masks = dict.fromkeys(cues, 0)
        for c in cues:
            for p, bits in _CUE_BITS.items():
                if c.startswith(p):
                    masks[c] |= bits
        _cue_index_cache.append((re.compile("|".join(re.escape(c) for c in cues)), masks))
        _token_masks.clear()
    return _cue_index_cache[0]


_Planned = tuple[re.Pattern[str], frozenset[int] | None, frozenset[int] | None]
_plan_cache: list[tuple[cuescan.Literals, list[Any]]] = []  # emptied by gated()


def _gate_plan() -> list[tuple[int, frozenset[int], list[_Planned], list[tuple[Any, bool]]]]:
    """Per pattern gate: its bit, the ids of every literal its gated patterns need, those
    patterns with their (required, leading) ids, and its patterns the scan cannot gate
    (each with True when no literal gates it at all: searched as it is)."""
    lits = cuescan.literals()
    if not _plan_cache or _plan_cache[0][0] is not lits:
        plan = []
        for bit, patterns in _PATTERN_GATES:
            gated: list[_Planned] = []
            ungated = []
            for p in patterns:
                need, lead = cuescan.pattern_ids(p)
                if need is None and lead is None:
                    ungated.append((p, gate(p).words is None))
                else:
                    gated.append((p, need, lead))
            any_ids = frozenset().union(
                *(lead if lead is not None else need for _, need, lead in gated)
            )  # type: ignore[misc]
            plan.append((bit, any_ids, gated, ungated))
        _plan_cache[:] = [(lits, plan)]
    return _plan_cache[0][1]


CueBits = tuple[dict[int, int], frozenset[int]]
_cue_bits_cache: list[tuple[cuescan.Literals, CueBits | None]] = []  # emptied by gated()


def _cue_bits_by_id() -> CueBits | None:
    """Literal id of each word cue in the scan's automaton -> the bits of its gates, and
    those ids as a set (None when a cue is missing from the automaton)."""
    lits = cuescan.literals()
    if not _cue_bits_cache or _cue_bits_cache[0][0] is not lits:
        table: dict[int, int] = {}
        found: CueBits | None = None
        for word, bits in _CUE_BITS.items():
            i = lits.ids.get(word)
            if i is None:
                break
            table[i] = bits
        else:
            found = (table, frozenset(table))
        _cue_bits_cache[:] = [(lits, found)]
    return _cue_bits_cache[0][1]


def cue_mask(low: str) -> int:
    """Bit mask of the gates with a word cue in ``low`` (lower-cased text): every position
    where a cue starts is visited (a search from each match's start + 1, so overlapping
    cues are not lost)."""
    rx, masks = _cue_index()
    mask = 0
    m = rx.search(low)
    while m is not None:
        mask |= masks[m.group()]
        m = rx.search(low, m.start() + 1)
    return mask


def tokens_cue_mask(low: str) -> int:
    """:func:`cue_mask` of ``low``, computed per distinct whitespace-separated token (a cue
    holds no whitespace, so it lies inside one token) and memoised per token."""
    _cue_index()
    if len(_token_masks) > MAX_TOKEN_MASKS:
        _token_masks.clear()
    mask = 0
    for token in set(low.split()):
        bits = _token_masks.get(token)
        if bits is None:
            bits = _token_masks[token] = cue_mask(token)
        mask |= bits
    return mask


def _cue(word: str) -> str:
    """The part of a word cue looked up in tokens: its longest whitespace-free piece (a
    text with "based on" has "based")."""
    return max(word.split(), key=len) if word.strip() else word


Detector = Callable[..., list[RawCondition]]


def gated(*cues: str | re.Pattern[str] | lazyre.LazyPattern) -> Callable[[Detector], Detector]:
    """Run the detector only when the text has one of ``cues`` (case-insensitively): words,
    or patterns written in lower case that every match of the detector needs. A gate is a
    cheap necessary condition, never a filter: ``tests/test_condition_gates.py`` checks
    that the ungated detector (``detector.__wrapped__``) finds nothing where it says no."""
    words = tuple(c for c in cues if isinstance(c, str))
    patterns = tuple(c for c in cues if not isinstance(c, str))
    bit = 1 << len(_CUE_GATES)
    _CUE_GATES.append(words)
    _GATES.append((bit, words, patterns))
    if patterns:
        _PATTERN_GATES.append((bit, patterns))
    for w in words:
        _CUE_BITS[_cue(w)] = _CUE_BITS.get(_cue(w), 0) | bit
    _cue_index_cache.clear()
    _cue_bits_cache.clear()
    _plan_cache.clear()
    cuescan.register(_CUE_BITS)

    def passes(ctx: Ctx) -> bool:
        if "open_gates" in ctx.__dict__:  # already decided for every gate
            return bool(ctx.open_gates & bit)
        if ctx.ascii:
            if words and ctx.cue_mask & bit:
                return True
            low = ctx.lower
            return any(_hit(p, low) for p in patterns)
        return ctx.has(words) or any(_folded(p).search(ctx.text) for p in patterns)

    def wrap(fn: Detector) -> Detector:
        @functools.wraps(fn)
        def run(ctx: Ctx, *args: Any, **kwargs: Any) -> list[RawCondition]:
            return fn(ctx, *args, **kwargs) if passes(ctx) else []

        run.words, run.patterns, run.bit = words, patterns, bit  # type: ignore[attr-defined]
        run.passes = passes  # type: ignore[attr-defined]
        return run

    return wrap
