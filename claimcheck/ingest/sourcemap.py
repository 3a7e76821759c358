"""Where the text read out of a converted input (an HTML page) stands in the input as given.

The readers lay an HTML page out as text (blocks, headings, tab-separated rows) and every
later stage works on that text; a finding, though, must point at the line and column of
the file the user has. The map aligns the words of the laid-out text with the words of
the page's visible text in order: a word found verbatim is an *anchor* and maps character
for character; an offset between anchors maps to the nearest anchor before it.

Linear in the input: the page is scanned once for its text (tags, comments, scripts and
styles skipped by ``str.find`` jumps); each laid-out word is looked up among the next
occurrences of the same word with a bisect, and a jump past :data:`LOOKAHEAD` words is
taken only when the words after it agree as well (a common word far ahead is no anchor).
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from claimcheck.ingest.html_tokens import decode

LOOKAHEAD = 64  # source words an anchor may skip without confirmation
SHORT = 3  # a word this short ("of", "M4", "38") may skip only SHORT_LOOKAHEAD words
SHORT_LOOKAHEAD = 4
CONFIRM = 3  # laid-out words after a far jump that must match the words after it
NEAR = 8  # an offset this close before an anchored word maps to it (layout marks, indents)
# Elements whose content is no visible text (and may hold any characters, "<" included).
_HIDDEN = ("script", "style", "template", "textarea", "title", "svg", "noscript", "iframe")
_WORD = re.compile(r"[^\s<>&]+")
# a word of the page, character references included ("AT&amp;T", "Merlin&nbsp;M4")
_WORD_OR_REF = re.compile(r"(?:[^\s<>&]|&(?:#[0-9]{1,8};?|#[xX][0-9a-fA-F]{1,8};?|\w{1,32};?)|&)+")
_HIDDEN_START = re.compile(r"<(" + "|".join(_HIDDEN) + r")\b", re.IGNORECASE)
_HIDDEN_END = {tag: re.compile(rf"</{tag}\b", re.IGNORECASE) for tag in _HIDDEN}


def _line_starts(text: str) -> list[int]:
    starts = [0]
    find = text.find
    at = find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = find("\n", at + 1)
    return starts


def _visible_words(source: str) -> list[tuple[int, str]]:
    """(offset, word) of the words outside tags, comments and hidden elements, in order."""
    out: list[tuple[int, str]] = []
    size, pos, find = len(source), 0, source.find
    while pos < size:
        lt = find("<", pos)
        end = size if lt < 0 else lt
        for m in _WORD_OR_REF.finditer(source, pos, end):
            word = m.group()
            if "&" not in word:
                out.append((m.start(), word))
            else:  # "Merlin&nbsp;M4" shows as "Merlin M4": its words, at the word's start
                out.extend((m.start(), w) for w in decode(word).split())
        if lt < 0:
            break
        nxt = source[lt + 1 : lt + 2]
        if not (nxt.isascii() and (nxt.isalpha() or nxt in "/!?")):
            pos = lt + 1  # a "<" that opens no markup is text
            continue
        if source.startswith("<!--", lt):
            close = find("-->", lt + 4)
            pos = size if close < 0 else close + 3
            continue
        hidden = _HIDDEN_START.match(source, lt)
        if hidden:
            close = _HIDDEN_END[hidden.group(1).lower()].search(source, lt + 1)
            pos = size if close is None else close.start()
            gt = find(">", pos)
            pos = size if gt < 0 else gt + 1
            continue
        gt = find(">", lt + 1)
        pos = size if gt < 0 else gt + 1
    return out


@dataclass(slots=True)
class SourceMap:
    """The input as given and the anchors that map laid-out offsets into it."""

    source: str
    line_starts: list[int]
    out: array  # anchor offsets in the laid-out text, increasing
    src: array  # the same anchors' offsets in the source
    size: array  # anchor lengths

    def offset(self, at: int) -> int:
        """The source offset of a laid-out offset: exact inside an anchored word or at its end;
        just before a word (behind the layout's "# ", "- " or a tab) that word's start; else
        the end of the last anchored word before it."""
        i = bisect_right(self.out, at) - 1
        following = i + 1 < len(self.out) and self.out[i + 1] - at <= NEAR
        if i < 0:
            return self.src[0] if len(self.src) else 0
        inside = at - self.out[i]
        if inside <= self.size[i]:
            return self.src[i] + inside
        return self.src[i + 1] if following else self.src[i] + self.size[i]

    def position(self, at: int) -> tuple[int, int]:
        """1-based (line, column) in the source of a laid-out offset."""
        offset = max(0, min(self.offset(at), len(self.source)))
        line = bisect_right(self.line_starts, offset) - 1
        return line + 1, offset - self.line_starts[line] + 1


def build_source_map(source: str, text: str) -> SourceMap:
    """Align the words of the laid-out ``text`` with the visible words of ``source``."""
    words = _visible_words(source)
    where: dict[str, list[int]] = {}
    for k, (_, w) in enumerate(words):
        where.setdefault(w, []).append(k)
    laid = [(m.start(), m.group()) for m in _WORD.finditer(text)]
    out, src, size = array("q"), array("q"), array("q")
    j = 0  # the next source word that may anchor
    for i, (at, w) in enumerate(laid):
        spots = where.get(w)
        if not spots:
            continue
        n = bisect_left(spots, j)
        if n == len(spots):
            continue
        k = spots[n]
        reach = SHORT_LOOKAHEAD if len(w) <= SHORT else LOOKAHEAD
        if k - j > reach and not _confirmed(laid, i, words, k):
            continue
        out.append(at)
        src.append(words[k][0])
        size.append(len(w))
        j = k + 1
    return SourceMap(source, _line_starts(source), out, src, size)


def _confirmed(laid: list[tuple[int, str]], i: int, words: list[tuple[int, str]], k: int) -> bool:
    """The laid-out words after ``i`` are the source words after ``k`` (as far as both go)."""
    ahead = min(CONFIRM, len(laid) - i - 1, len(words) - k - 1)
    return ahead > 0 and all(laid[i + d][1] == words[k + d][1] for d in range(1, ahead + 1))
