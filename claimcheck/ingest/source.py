"""Read a file's bytes safely: regular files only, never more than a size limit.

Reports, config files and rule files all come through :func:`read_limited`. A
path that names a device (``/dev/zero``, or a ``.md`` symlink to it), a FIFO or
a socket is refused before it is read, since reading one may never end or may
fill the memory; so is a file larger than the limit. Files are opened
non-blocking, so a FIFO swapped in after the check cannot hang the run either.
"""

from __future__ import annotations

import os
import stat

from claimcheck import lazyre
from claimcheck.errors import InputError

MB = 1024 * 1024
DEFAULT_MAX_BYTES = 50 * MB  # a report; the limit users can change (--max-file-size)
SETTINGS_MAX_BYTES = 4 * MB  # a config or rule file: settings, never this large
_KINDS = (
    (stat.S_ISDIR, "is a directory, not a {what}"),
    (stat.S_ISFIFO, "is a FIFO (named pipe), not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
)
_SIZE = lazyre.compile(r"([0-9]{1,9}(?:\.[0-9]{1,3})?)[ ]?([kKmMgG]i?[bB]?|[bB])?")
_FACTORS = {"": 1, "b": 1, "k": 1024, "m": MB, "g": 1024 * MB}


def read_limited(path: str, limit: int = DEFAULT_MAX_BYTES, what: str = "report file") -> bytes:
    """The bytes of the regular file at ``path``; :class:`InputError` for anything else.

    The message names the path and says what is wrong: missing, a directory, a
    device, FIFO or socket (also through a symlink), unreadable, or larger than
    ``limit`` bytes (``what`` names the kind of file in that message).
    """
    try:
        kind = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except ValueError:  # a NUL byte: no file can have this name
        raise InputError(f"{path}: not a valid file name") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    _refuse_special(path, kind, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a {what}") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        _refuse_special(path, info.st_mode, what)  # replaced between stat and open
        if info.st_size > limit:
            raise InputError(_too_large(path, info.st_size, limit, what))
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if len(data) > limit:  # grew while being read
        raise InputError(_too_large(path, len(data), limit, what))
    return data


def _refuse_special(path: str, mode: int, what: str) -> None:
    for test, message in _KINDS:
        if test(mode):
            raise InputError(f"{path}: {message.format(what=what)}")


def _too_large(path: str, size: int, limit: int, what: str) -> str:
    hint = " (raise it with --max-file-size or max-file-size)" if what == "report file" else ""
    return (
        f"{path}: {what} is {format_size(size)}, more than the limit of {format_size(limit)}{hint}"
    )


def format_size(n: int) -> str:
    """``n`` bytes for a message: "512 bytes", "3.2 KB", "50 MB"."""
    if n < 1024:
        return f"{n} bytes"
    for unit, factor in (("GB", 1024 * MB), ("MB", MB), ("KB", 1024)):
        if n >= factor:
            return f"{n / factor:.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"  # pragma: no cover - unreachable


def parse_size(value: object) -> int:
    """A size limit in bytes from an int (bytes) or text such as ``"50MB"``, ``"200 KB"``, ``"1G"``.

    Raises ``ValueError`` with a readable message for anything else or for zero.
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a size such as 50MB, got {value!r}")
    if isinstance(value, int):
        size = value
    elif isinstance(value, str):
        m = _SIZE.fullmatch(value.strip())
        if m is None:
            raise ValueError(f"expected a size such as 50MB or 200KB, got {value!r}")
        unit = (m.group(2) or "").lower()[:1]
        size = int(float(m.group(1)) * _FACTORS[unit])
    else:
        raise ValueError(f"expected a size such as 50MB, got {value!r}")
    if size < 1:
        raise ValueError(f"a size limit must be at least one byte, got {value!r}")
    return size
