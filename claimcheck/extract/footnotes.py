"""Footnote markers on table cells and labels, and the notes they point to.

A marker is a superscript digit (¹ ² ³), an asterisk or dagger run (``*``, ``**``, ``†``),
or a bracketed number (``[1]``, ``(2)``, ``^3``) at the end of a cell. Its note is a line
below the table that starts with the same marker. The note's test conditions (object
size, connections, offered load) then hold for the marked cell or label only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.models import Block

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUP_DIGITS = str.maketrans(SUPERSCRIPTS, "0123456789")
# at the end of a cell: "29,855*", "1.2 ms¹", "Alpha [2]", "Beta^3", "12 (a)"
_TRAILING = lazyre.compile(
    r"(?:\\?\*{1,3}|[†‡§]{1,3}|["
    + SUPERSCRIPTS
    + r"]{1,3}|\[(?:\d{1,2}|[a-z])\]|\^(?:\d{1,2}|[a-z])"
    r"|<sup>[^<]{1,4}</sup>)$"
)
# at the start of a note: "¹ ...", "* ...", "\* ...", "[1] ...", "1) ..." is too loose
_LEADING = lazyre.compile(
    r"^[ \t]*(\\?\*{1,3}|[†‡§]{1,3}|[" + SUPERSCRIPTS + r"]{1,3}|\[(?:\d{1,2}|[a-z])\]"
    r"|\^(?:\d{1,2}|[a-z])|<sup>[^<]{1,4}</sup>)[ \t]*(?=\S)"
)
MAX_NOTE_BLOCKS = 12  # notes sit right under their table, one block each or one for all


def marker_key(marker: str) -> str:
    """One spelling per marker: ``\\*`` and ``*`` are one, ``¹``, ``^1`` and ``[1]`` are one."""
    key = marker.strip().replace("\\", "")
    key = re.sub(r"</?sup>", "", key)
    key = key.strip("[]^")
    return key.translate(_SUP_DIGITS)


def split_marker(text: str) -> tuple[str, str | None]:
    """(text without its trailing footnote marker, the marker's key or None)."""
    stripped = text.rstrip()
    if len(stripped) < 2:
        return text, None
    m = _TRAILING.search(stripped, max(0, len(stripped) - 16))
    if m is None or not stripped[: m.start()].strip():
        return text, None
    body = stripped[: m.start()].rstrip()
    marker = m.group(0)
    if marker.strip("\\*") == "" and (
        body.endswith("*") or stripped.startswith(marker.lstrip("\\"))
    ):
        return text, None  # "**bold**": emphasis, not a marker
    return body, marker_key(m.group(0))


@dataclass(slots=True)
class Note:
    """A footnote: its marker key, text and source span."""

    key: str
    text: str
    start: int
    end: int


@dataclass(slots=True)
class Notes:
    """The notes under one table, by marker key."""

    by_key: dict[str, Note] = field(default_factory=dict)

    def get(self, key: str | None) -> Note | None:
        """The note a marker points to, if the report wrote one."""
        return self.by_key.get(key) if key else None


def notes_after(blocks: list[Block], index: int, text: str | None = None) -> Notes:
    """Notes in the few prose blocks right after the table at ``blocks[index]``.

    With the document's ``text``, a block whose lines each open with their own marker
    ("¹ ...", "² ...", written without blank lines between) gives one note per marker, each
    running to the next marked line; without it a block is one note."""
    found = Notes()
    for block in blocks[index + 1 : index + 1 + MAX_NOTE_BLOCKS]:
        if block.table is not None or block.kind in ("heading", "code"):
            break
        marked = _marked_lines(block, text)
        if not marked and found.by_key:
            break  # the prose after the notes
        for key, start, end in marked:
            found.by_key.setdefault(key, Note(key, block.text[start - block.start : end - block.start],
                                              start, end))  # fmt: skip
    return found


def _marked_lines(block: Block, text: str | None) -> list[tuple[str, int, int]]:
    """(marker key, start of the note after its marker, end) of each marked line of a block."""
    m = _LEADING.match(block.text)
    if m is None:
        return []
    if text is None or "\n" not in text[block.start : block.end]:
        return [(marker_key(m.group(1)), block.start + m.end(), block.end)]
    out: list[tuple[str, int, int]] = []
    pos = block.start
    for line in text[block.start : block.end].split("\n"):
        lm = _LEADING.match(line)
        if lm is not None:
            if out:
                key, start, _ = out[-1]
                out[-1] = (key, start, pos - 1)  # the previous note ends at this line
            out.append((marker_key(lm.group(1)), pos + lm.end(), block.end))
        pos += len(line) + 1
    return out
