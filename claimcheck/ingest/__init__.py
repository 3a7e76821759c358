"""Read a report into a :class:`~claimcheck.models.Document`: exact text,
line index, and blocks (headings, paragraphs, list items, footnotes, tables).
"""

from claimcheck.ingest.reader import (
    READERS,
    read_bytes,
    read_path,
    read_text,
    reader_for,
    register_reader,
)

__all__ = ["READERS", "read_bytes", "read_path", "read_text", "reader_for", "register_reader"]
