"""Line breaks inside a paragraph are spaces: the same text with soft breaks flattened.

A paragraph wrapped at another width (a PDF's hard breaks, an editor's fill column) must
read the same, so the extractors see a space where a line merely wraps. Offsets do not
move (one character for one). A break stays where the next line starts its own item: a
"Label: value" line, a bullet or a numbered step, or after a line ending in a colon.
"""

from __future__ import annotations

from claimcheck import lazyre

# A line that starts an item of its own: "CPU: 16 cores", "- item", "2) step", "| cell".
_ITEM_START = lazyre.compile(
    r"(?<![ \t])[ \t]*+(?:[-*+•|>]|\d{1,3}[.)][ \t]|[A-Z][\w()/&.-]{0,30}+(?:[ \t][\w()/&.-]{1,30}+){0,4}:[ \t])"
)


def soft_breaks_as_spaces(text: str) -> str:
    """``text`` with each line break that only wraps a sentence replaced by a space."""
    if "\n" not in text:
        return text
    chars = list(text)
    line_start = 0
    pos = text.find("\n")
    while pos != -1:
        last = pos - 1  # the line's last character that is not a blank (within the line)
        while last >= line_start and text[last] in " \t":
            last -= 1
        nxt = pos + 1
        keep = (
            last < line_start
            or text[last] == ":"
            or nxt >= len(text)
            or text[nxt] == "\n"
            or _ITEM_START.match(text, nxt) is not None
        )
        if not keep:
            chars[pos] = " "
        line_start = nxt
        pos = text.find("\n", nxt)
    return "".join(chars)
