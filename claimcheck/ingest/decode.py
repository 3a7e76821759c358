"""Turn the bytes of a report into text, or refuse them as binary.

Order of trust: a byte-order mark; strict UTF-8; an encoding the file
declares (HTML ``<meta charset>``, XML declaration, Emacs/PEP 263 coding
cookie), if it is a text encoding browsers accept (:data:`DECLARABLE`: a
declared ``unicode_escape``, ``utf-7`` or ``rot13`` is ignored); charset-normalizer's guess (Windows-1252 preferred when the text is
mostly ASCII and the guess is just another single-byte code page, because
short English reports fool the detector); latin-1, which never fails.
"""

from __future__ import annotations

import codecs
import re

from claimcheck import lazyre
from claimcheck.errors import InputError

SAMPLE = 8192
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Declarations are searched in the first 4 KB only, with bounded patterns.
_DECLARED = (
    lazyre.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?([A-Za-z0-9_.:-]{1,40})""", re.I),
    lazyre.compile(rb"""<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9_.:-]{1,40})["']""", re.I),
    lazyre.compile(rb"-\*-[^\n]{0,100}?coding[:=]\s*([A-Za-z0-9_.:-]{1,40})"),
)
# A PEP 263 style cookie counts on the first two lines only, as in Python.
_COOKIE = lazyre.compile(rb"coding[:=]\s*([A-Za-z0-9_.:-]{1,40})")
_HIGH = bytes(range(128, 256))
# Encodings a file may declare, by Python's canonical codec name: those of the WHATWG
# Encoding Standard (what browsers accept) and two DOS code pages. Anything else a
# file declares is ignored: codecs such as unicode_escape turn "\\ud800" into a lone
# surrogate, and utf-7 or rot13 would change what the text says.
DECLARABLE = frozenset(
    {"utf-8", "ascii", "cp437", "cp850", "cp866", "koi8-r", "koi8-u", "mac-roman",
     "mac-cyrillic", "cp874", "gbk", "gb2312", "gb18030", "big5", "big5hkscs", "euc_jp",
     "iso2022_jp", "shift_jis", "cp932", "euc_kr", "cp949"}
    | {f"iso8859-{n}" for n in range(1, 17) if n != 12}
    | {f"cp{n}" for n in range(1250, 1259)}
)  # fmt: skip
# Control characters that are normal in text files.
_TEXT_CONTROLS = frozenset("\t\n\r\f\v\x1b")


def decode(data: bytes, name: str) -> tuple[str, str]:
    """Decode ``data`` and return ``(text, encoding)``.

    Raises :class:`InputError` for binary data; never raises anything else.
    """
    if data.startswith(b"%PDF-"):
        raise InputError(
            f"{name}: PDF input needs the pdf extra (pip install 'claimcheck-reports[pdf]')"
        )
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = data[len(bom) :].decode(encoding, errors="replace")
            return _checked(text, name), "utf-8-sig" if encoding == "utf-8-sig" else encoding
    if b"\x00" in data[:SAMPLE]:
        encoding = _utf16_without_bom(data[:SAMPLE])
        if encoding is None:
            raise _binary(name)
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            raise _binary(name) from None
        return _checked(text, name), encoding
    try:
        return _checked(data.decode("utf-8"), name), "utf-8"
    except UnicodeDecodeError:
        pass
    for encoding in _declared(data):
        text = _try(data, encoding)
        if text is not None:
            return _checked(text, name), encoding
    guess = _guess(data)
    if guess is not None:
        return _checked(guess[0], name), guess[1]
    return _checked(data.decode("latin-1"), name), "latin-1"


def _binary(name: str) -> InputError:
    return InputError(f"{name}: looks like a binary file, not a report")


def _checked(text: str, name: str) -> str:
    """``text`` unless more than 30% of its first 8 K characters are controls."""
    sample = text[:SAMPLE]
    if not sample:
        return text
    controls = sum(
        1 for ch in sample if (ch < " " or "\x7f" <= ch <= "\x9f") and ch not in _TEXT_CONTROLS
    )
    if controls > 0.3 * len(sample):
        raise _binary(name)
    return text


def _utf16_without_bom(sample: bytes) -> str | None:
    """ "utf-16-le"/"utf-16-be" when NULs sit on one byte parity only, else None."""
    if len(sample) < 2:
        return None
    sample = sample[: len(sample) // 2 * 2]
    half = len(sample) // 2
    even_zero = sample[0::2].count(0)
    odd_zero = sample[1::2].count(0)
    if odd_zero >= 0.3 * half and even_zero <= 0.02 * half:
        return "utf-16-le"
    if even_zero >= 0.3 * half and odd_zero <= 0.02 * half:
        return "utf-16-be"
    return None


def _declared(data: bytes) -> list[str]:
    """Encodings the head of the file declares, usable ones first-come."""
    head = data[:4096]
    first_lines = b"\n".join(head.split(b"\n", 2)[:2])
    found: list[str] = []
    searches = [(pattern, head) for pattern in _DECLARED] + [(_COOKIE, first_lines)]
    for pattern, where in searches:
        match = pattern.search(where)
        if match is None:
            continue
        label = match.group(1).decode("ascii", errors="ignore").strip(".:-").lower()
        # UTF-16/32 are not in the list: such a label on a file without NULs is a lie.
        if _declarable(label):
            found.append(label)
    return found


def _declarable(label: str) -> bool:
    """True when ``label`` names an encoding of :data:`DECLARABLE`."""
    try:
        return codecs.lookup(label).name in DECLARABLE
    except (LookupError, ValueError):
        return False


def _try(data: bytes, encoding: str) -> str | None:
    """``data`` decoded strictly with ``encoding``, or None when that fails."""
    try:
        codecs.lookup(encoding)
        text = data.decode(encoding)
    except (LookupError, UnicodeError, ValueError, TypeError):
        return None
    return text if isinstance(text, str) else None


def _guess(data: bytes) -> tuple[str, str] | None:
    """charset-normalizer's best guess as ``(text, encoding)``, or None."""
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data).best()
        encoding = best.encoding if best is not None else None
    except Exception:  # the detector is a heuristic: never let it crash a read
        encoding = None
    non_ascii = len(data) - len(data.translate(None, _HIGH))
    mostly_ascii = non_ascii <= 0.25 * len(data)
    text = _try(data, encoding) if encoding else None
    if text is not None and not (mostly_ascii and len(text) == len(data)):
        return text, encoding  # a multi-byte guess, or a mostly non-Latin text
    western = _try(data, "cp1252")
    if western is not None and (mostly_ascii or text is None):
        return western, "cp1252"
    return (text, encoding) if text is not None and encoding else None
