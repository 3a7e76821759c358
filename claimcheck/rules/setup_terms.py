"""Vocabulary, conversions and message helpers several S checks share (the checks never
import each other)."""

from __future__ import annotations

import re
from typing import Any

from claimcheck import lazyre
from claimcheck.units import convert, is_bit_rate

_I = re.IGNORECASE
THROUGHPUT_FAMILIES = {"throughput", "ssl_throughput", "compression_throughput"}
NEAR_CAP = 0.95  # a result within 5% of the licensed rate or the links' capacity is at the cap


def fmt_number(value: float) -> str:
    """A figure for a message: whole numbers with thousands separators, else 4 digits."""
    return f"{value:,.4g}" if value != int(value) or abs(value) >= 1e6 else f"{int(value):,}"


def gbps(value: float, unit: str) -> float | None:
    """A bit rate in Gbps (None for any other unit)."""
    try:
        return convert(value, unit, "Gbps") if unit and is_bit_rate(unit) else None
    except Exception:  # noqa: BLE001 - an odd unit: not comparable
        return None


def clip(text: str, n: int = 90) -> str:
    """``text`` on one line, cut to ``n`` characters for a message."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


MAX_LISTED = 12  # devices a message lists (one finding per device must not list them all)


def listed(shown: list[str], total: int, sep: str = ", ") -> str:
    """``shown`` joined with ``sep``, and how many more there are of ``total``."""
    listing = sep.join(shown)
    return f"{listing} and {total - len(shown)} more" if total > len(shown) else listing


# The report sized each device's links to its capacity: different port counts are fair.
SIZED_RE = lazyre.compile(
    r"\benough\s+(?:\w+\s+)?(?:interfaces|ports|links|uplinks|bandwidth)\b|\bmet\s+or\s+exceeded\b"
    r"|\bsized\s+(?:to|for|according|in\s+proportion)|\b(?:matched|proportional)\s+to\s+(?:its|each"
    r"|the\s+device'?s?)\s+(?:\w+\s+)?(?:capacity|specification|rating|throughput)", _I)  # fmt: skip
_IF_RE = lazyre.compile(r"(?<!\d)(\d+)x(\d+(?:\.\d+)?)(Gbps|GbE|Mbps|MbE)")


def if_gbps(value: Any) -> float | None:
    """The total capacity of an interfaces condition ("4x10Gbps") in Gbps."""
    m = _IF_RE.fullmatch(str(value))
    if not m:
        return None
    speed = float(m.group(2)) / (1000 if m.group(3).startswith("M") else 1)
    return int(m.group(1)) * speed


# Words that mark a figure as advertised rather than measured.
ADV_WORDS = (r"(?:advertised|published|datasheet|data[ -]sheet|spec[ -]sheet|specifications?|specs?|rated"
        r"|nominal|claimed|marketing|vendor[ -](?:supplied|provided|stated))")  # fmt: skip
ADV_MARK_RE = lazyre.compile(rf"\b{ADV_WORDS}\b", _I)


def is_tool_block(block: Any) -> bool:
    """A code block or a table of tool output."""
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("tool_output", "code")
    )
