"""Numbers as load tools print them: "56.20k", "1.99s", "635.91us", "2,723.20 ms", "1m30s"."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.textkeys import fold, folded

SCALE = {"": 1.0, "k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "G": 1e9}  # case-sensitive: no fold
# Every spelling TIME_RE, DURATION_PART_RE and GO_DURATION_RE accept (looked up folded).
TIME = folded({"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1.0,
               "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0, "m": 60.0, "min": 60.0,
               "mins": 60.0, "minute": 60.0, "minutes": 60.0, "h": 3600.0, "hr": 3600.0,
               "hour": 3600.0, "hours": 3600.0})  # fmt: skip
SIZE = folded({"b": 1.0, "kb": 1e3, "kib": 1024.0, "mb": 1e6, "mib": 1024.0**2, "gb": 1e9,
               "gib": 1024.0**3, "kbytes": 1e3})  # fmt: skip

NUMBER_RE = lazyre.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})++|\d++)(\.\d++)?[ \t]*+([kKMG]?)(?![\w])"
)
TIME_RE = lazyre.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})++|\d++)(\.\d++)?[ \t]*+(ns|us|µs|μs|ms|seconds?|secs?|s|minutes?"
    r"|mins?|m|hours?|hr|h)(?![\w/])"
)
DURATION_PART_RE = lazyre.compile(r"(\d++(?:\.\d++)?)(ns|us|µs|ms|s|m|h)?")
GO_DURATION_RE = lazyre.compile(r"(?<![\d.])(?:\d++(?:\.\d++)?(?:ns|us|µs|ms|s|m|h))++")
SIZE_RATE_RE = lazyre.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})++|\d++)(\.\d++)?[ \t]*+([KMG]i?B|B|[KMG]B)(?:/s(?:ec)?)?\b",
    re.I,
)


def number(text: str) -> float | None:
    """The value of one number with an optional k/M/G suffix ("56.20k" -> 56200.0)."""
    m = NUMBER_RE.search(text)
    if m is None:
        return None
    return float(m.group(1).replace(",", "") + (m.group(2) or "")) * SCALE[m.group(3)]


def seconds(text: str) -> float | None:
    """A time with its unit in seconds ("635.91us", "1.99s", "212.89 ms"); a Go duration
    with several parts ("1m30s") adds them up."""
    text = text.strip()
    if not text:
        return None
    if GO_DURATION_RE.fullmatch(text):  # "1m30s", "1.00m": the parts follow each other
        return duration(text)
    m = TIME_RE.search(text)
    if m is None:
        return None
    return float(m.group(1).replace(",", "") + (m.group(2) or "")) * TIME[fold(m.group(3))]


def duration(text: str, bare: float = 1.0) -> float | None:
    """A command-line duration in seconds: "60s", "1m", "1m30s", "250ms"; a bare number is
    ``bare`` seconds each."""
    text = text.strip().strip("'\"")
    if not text or len(text) > 30:
        return None
    pos, total = 0, 0.0
    while pos < len(text):
        m = DURATION_PART_RE.match(text, pos)
        if m is None or m.end() == pos:
            return None
        unit = m.group(2)
        if unit is None and m.end() != len(text):
            return None
        total += float(m.group(1)) * (TIME[fold(unit)] if unit else bare)
        pos = m.end()
    return total


def bytes_per_second(text: str) -> float | None:
    """A transfer rate in bytes per second ("606.33MB", "3.55 MB/s", "76 KB/s")."""
    m = SIZE_RATE_RE.search(text)
    if m is None:
        return None
    value = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    return value * SIZE.get(fold(m.group(3)), 1.0)


def count(text: str) -> int | None:
    """An integer count ("3,686", "12k" -> 12000)."""
    value = number(text)
    return None if value is None else int(round(value))
