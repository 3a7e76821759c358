"""The tokens of an HTML document in source order, in time linear in its length.

A tokenizer after the HTML Standard's (section 13.2.5), reduced to what a text reader
needs: start and end tags (lower-case name; the attributes asked for), text with
character references decoded, and comments. No tree is built: the Standard's tree
construction looks through the stack of open elements for most tags, so a conforming
parser (lexbor, html5lib, html5ever) spends quadratic time on ``"<div>" * 100000``;
the reader lays out text from the token stream, and what it keeps per nesting level is
bounded (see :mod:`claimcheck.ingest.html`).

Each token is one match of a pattern whose repeats are possessive (no backtracking),
starting where the previous token ended, and a construct left open at the end of the
input (a tag, a quoted value, a comment) takes the rest of it, as the Standard says: no
character is looked at more than a few times, whatever the input holds. Where this
differs from the Standard: script content ends at the first ``</script`` (the
"double-escaped" ``<!--<script>`` states are not followed), ``<![CDATA[`` is a bogus
comment even inside ``svg``/``math``, a NUL character is kept as it is, and a
reference to a control or noncharacter code point gives nothing (as
:func:`html.unescape`, which the reader used before, does).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

# Content read as text up to the matching end tag (the tokenizer's RAWTEXT, RCDATA and
# script states; <noscript> holds markup, as with scripting disabled).
RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes"})
ESCAPABLE_RAW_TEXT = frozenset({"textarea", "title"})  # character references decoded
_MAX_DIGITS = 8  # a numeric reference with more significant digits is past U+10FFFF

Attributes = dict[str, str]
Token = tuple[str, str, Attributes | None]

_WS = r"\t\n\f "  # the Standard's whitespace (CR is normalized away first)
# After a tag name, up to the ">" that ends the tag or the end of the input: whitespace
# and "/", attribute names, and values (quoted ones may run to the end of the input).
_INSIDE = (
    rf"(?:[{_WS}/]++|[^{_WS}/>][^{_WS}/>=]*+"
    rf"(?:[{_WS}]*+=[{_WS}]*+(?:\"[^\"]*+\"?+|'[^']*+'?+|[^{_WS}>]++)?+)?+)*+"
)
_ATTRIBUTE = (
    rf"([^{_WS}/>][^{_WS}/>=]*+)"
    rf"(?:[{_WS}]*+=[{_WS}]*+(?:\"([^\"]*+)\"?+|'([^']*+)'?+|([^{_WS}>]++))?+)?+"
)


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    # compiled on first use (and not module-level patterns: these are no claim patterns)
    return {
        "tag": re.compile(rf"<(/?)([A-Za-z][^{_WS}/>]*+)({_INSIDE})(>?)"),
        "attribute": re.compile(_ATTRIBUTE),
        "comment_end": re.compile(r"--!?>"),
        "charref": re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)"),
    }


@functools.cache
def _end_tag(name: str) -> re.Pattern[str]:
    """Where raw text inside ``name`` ends: its end tag (any case) and a name boundary."""
    return re.compile(rf"</{name}(?=[{_WS}/>])", re.IGNORECASE)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _lower(name: str) -> str:
    """A tag or attribute name in lower case: ASCII letters only, as the Standard says."""
    return name.lower() if name.isascii() else name.translate(_ASCII_LOWER)


def _letter(char: str) -> bool:
    return char.isascii() and char.isalpha()


def _charref(m: re.Match[str], in_attribute: bool = False) -> str:
    import html

    ref = m.group(1)
    if ref[0] != "#":
        if in_attribute and _legacy_prefix_before_name_character(ref):
            return m.group(0)
        return html.unescape(m.group(0))
    hexadecimal = ref[1] in "xX"
    digits = ref[2 if hexadecimal else 1 :].rstrip(";").lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS:  # int() would refuse past 4300 digits; it is U+FFFD
        return "\ufffd"
    return html.unescape(f"&#{'x' if hexadecimal else ''}{digits};")


def _attribute_charref(m: re.Match[str]) -> str:
    return _charref(m, in_attribute=True)


def _legacy_prefix_before_name_character(ref: str) -> bool:
    """Whether only a legacy name (one allowed without ";") at the start of ``ref``
    matches, followed by a letter, digit or "=": in an attribute value that is no
    reference (``href="?a=1&notit=2"``)."""
    from html.entities import html5

    if ref in html5:
        return False
    for size in range(len(ref) - 1, 1, -1):  # the longest, as html.unescape takes it
        if ref[:size] in html5:
            return ref[size].isascii() and (ref[size].isalnum() or ref[size] == "=")
    return False


def decode(text: str, in_attribute: bool = False) -> str:
    """``text`` with its character references replaced, as in HTML text content (or in
    an attribute value, where ``&notit=`` stays as it is)."""
    if "&" not in text:
        return text
    return _patterns()["charref"].sub(_attribute_charref if in_attribute else _charref, text)


def attributes(inside: str) -> Attributes:
    """The attributes written inside a tag: lower-case name -> decoded value ("" for
    none); the first of two with the same name counts."""
    found: Attributes = {}
    for m in _patterns()["attribute"].finditer(inside):
        name = _lower(m.group(1))
        if name not in found:
            value = m.group(2) if m.group(2) is not None else m.group(3)
            value = value if value is not None else m.group(4)
            found[name] = decode(value or "", in_attribute=True)
    return found


def _self_closing(inside: str) -> bool:
    """Whether a tag's inside (ending in "/") ends the tag with "/>": the "/" is not the
    end of an unquoted attribute value (``<a href=x/>``)."""
    last_end = 0
    for m in _patterns()["attribute"].finditer(inside):
        last_end = m.end()
    return last_end < len(inside)


def tokens(markup: str, attrs_of: frozenset[str] = frozenset()) -> Iterator[Token]:
    """``(kind, value, attrs)`` for each token of ``markup`` in source order.

    ``kind`` is "start" or "end" (``value`` the tag name in lower case), "text"
    (character references decoded; adjacent runs may come as several tokens),
    "comment" (``<!-- ... -->``) or "bogus" (what the Standard calls a bogus comment:
    ``<?xml ...>``, ``<![CDATA[...>``, ``</3>``); DOCTYPEs are left out. A
    self-closing start tag (``<svg .../>``, ``<td/>``) is followed by its end tag,
    except a raw-text one (``<script/>``), which the Standard keeps open. ``attrs`` is
    a start tag's :func:`attributes` when its name is in ``attrs_of``, else None.
    """
    text = markup.replace("\r\n", "\n").replace("\r", "\n")
    tag_at = _patterns()["tag"].match
    comment_end = _patterns()["comment_end"].search
    size = len(text)
    pos = 0
    while pos < size:
        lt = text.find("<", pos)
        if lt < 0:
            yield "text", decode(text[pos:]), None
            return
        if lt > pos:
            yield "text", decode(text[pos:lt]), None
        pos = lt
        nxt = text[lt + 1 : lt + 2]
        if _letter(nxt) or (nxt == "/" and _letter(text[lt + 2 : lt + 3])):
            m = tag_at(text, lt)
            if m is None or not m.group(4):  # left open at the end of the input: dropped
                return
            pos = m.end()
            name = _lower(m.group(2))
            if m.group(1):
                yield "end", name, None
                continue
            inside = m.group(3)
            yield "start", name, attributes(inside) if name in attrs_of else None
            raw = name in RAW_TEXT or name in ESCAPABLE_RAW_TEXT or name == "plaintext"
            if inside.endswith("/") and not raw and _self_closing(inside):
                yield "end", name, None
                continue
            if name == "plaintext":
                if pos < size:
                    yield "text", text[pos:], None
                return
            if raw:
                end = _end_tag(name).search(text, pos)
                stop = end.start() if end else size
                if stop > pos:
                    content = text[pos:stop]
                    yield "text", decode(content) if name in ESCAPABLE_RAW_TEXT else content, None
                pos = stop
        elif text.startswith("<!--", lt):
            if text.startswith(">", lt + 4) or text.startswith("->", lt + 4):  # <!--> <!--->
                pos = text.index(">", lt + 4) + 1
                yield "comment", "", None
                continue
            end = comment_end(text, lt + 4)
            if end:
                yield "comment", text[lt + 4 : end.start()], None
                pos = end.end()
                continue
            data = text[lt + 4 :]  # open to the end of the input, less an unfinished "--!>"
            for tail in ("--!", "--", "-"):
                if data.endswith(tail):
                    data = data[: -len(tail)]
                    break
            yield "comment", data, None
            return
        elif nxt in ("!", "?", "/"):  # DOCTYPE, <![CDATA[, <?xml, </3 ...: bogus comments
            if text.startswith("</>", lt):
                pos = lt + 3
                continue
            if nxt == "/" and lt + 2 == size:
                yield "text", "</", None
                return
            close = text.find(">", lt + 2)
            end = close if close >= 0 else size
            if not (nxt == "!" and text[lt + 2 : lt + 9].lower() == "doctype"):
                yield "bogus", text[lt + (1 if nxt == "?" else 2) : end], None
            pos = end + 1
        else:
            yield "text", "<", None
            pos = lt + 1
