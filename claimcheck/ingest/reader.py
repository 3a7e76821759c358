"""Entry points: read a string, bytes, or a file into a :class:`Document`.

Readers are looked up by file suffix in a small table, so formats such as
PDF or HTML can be added with :func:`register_reader` without touching
:func:`read_path`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from claimcheck import gcpause
from claimcheck.ingest.decode import decode
from claimcheck.ingest.segment import segment
from claimcheck.ingest.source import DEFAULT_MAX_BYTES, read_limited
from claimcheck.models import Document

Reader = Callable[[bytes, str], Document]

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
# Markdown inputs are read with markdown-it-py (claimcheck.ingest.markdown); False reads
# them with the plain-text rules like every other text.
MARKDOWN_READER = True


def is_markdown(name: str) -> bool:
    """True when ``name`` (a path or the name given with a text) is a Markdown file."""
    return MARKDOWN_READER and Path(name).suffix.lower() in MARKDOWN_SUFFIXES


def read_text(text: str, name: str = "<text>") -> Document:
    """Segment ``text`` into a :class:`Document`; ``text`` is kept exactly as given.

    The one exception: lone surrogates (which no encoding can write out) become
    U+FFFD, one character for one, so every offset stays the same.
    """
    with gcpause.paused():
        return segment(text, name, "utf-8", markdown=is_markdown(name))


def read_bytes(data: bytes, name: str) -> Document:
    """Decode ``data`` (BOM, UTF-8, declared charset, detection, latin-1) and segment it.

    Raises :class:`InputError` for binary or PDF data, and for nothing else.
    """
    text, encoding = decode(bytes(data), name)
    return segment(text, name, encoding, markdown=is_markdown(name))


def _read_pdf(data: bytes, name: str) -> Document:
    # Imported on use: pypdf (the pdf extra) is optional and slow to import.
    from claimcheck.ingest.pdf import read_pdf

    return read_pdf(data, name)


def _read_html(data: bytes, name: str) -> Document:
    from claimcheck.ingest.html import read_html

    return read_html(data, name)


# Suffix (lower case, with the dot; "" for none) -> reader. Unknown suffixes
# are read as text: binary files are refused by the decoder's own check.
READERS: dict[str, Reader] = {
    "": read_bytes,
    ".txt": read_bytes,
    ".text": read_bytes,
    ".md": read_bytes,
    ".markdown": read_bytes,
    ".rst": read_bytes,
    ".html": _read_html,  # visible text with block structure: claimcheck.ingest.html
    ".htm": _read_html,
    ".pdf": _read_pdf,  # extracted text, page by page: claimcheck.ingest.pdf (pdf extra)
}


def register_reader(suffix: str, reader: Reader) -> None:
    """Use ``reader(data, name)`` for files ending in ``suffix`` (e.g. ``".pdf"``)."""
    READERS[suffix.lower() if suffix.startswith(".") or not suffix else "." + suffix.lower()] = (
        reader
    )


def reader_for(path: str | os.PathLike[str]) -> Reader:
    """The reader registered for ``path``'s suffix (text for unknown suffixes)."""
    return READERS.get(Path(path).suffix.lower(), read_bytes)


def read_path(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> Document:
    """Read the file at ``path`` with the reader for its suffix.

    Only regular files of at most ``max_bytes`` are read (see
    :func:`claimcheck.ingest.source.read_limited`); anything else raises
    :class:`InputError` with a one-line message naming the path.
    """
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    data = read_limited(name, max_bytes)
    return reader_for(name)(data, name)
