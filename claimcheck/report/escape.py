"""Make untrusted text safe to print: file names and report text shown to a terminal or CI log.

A report, or a file's name, can hold characters a terminal acts on rather than
shows: ESC starts sequences that set the window title or clear the screen, a
newline in a file name forges a line of output (GitHub reads ``::warning::``
workflow commands from stdout and stderr alike), and bidirectional overrides
reorder what a reviewer reads. :func:`printable` shows each of them as a visible
escape (``\\x1b``, ``\\n``, ``\\u202e``); every other character is kept.
"""

from __future__ import annotations

# C0 controls (tab and newline included: output is line-oriented), DEL, C1 controls,
# line and paragraph separators, and the bidirectional embeddings, overrides and isolates.
_ESCAPED = [*range(0x00, 0x20), *range(0x7F, 0xA0), 0x2028, 0x2029,
            *range(0x202A, 0x202F), *range(0x2066, 0x206A)]  # fmt: skip
_NAMED = {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}
_TABLE = {
    cp: _NAMED.get(cp) or (f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}") for cp in _ESCAPED
}


def printable(text: str) -> str:
    """``text`` with control and bidirectional-override characters shown as escapes.

    Linear in the length of ``text``; text without such characters comes back unchanged.
    """
    return text.translate(_TABLE)
