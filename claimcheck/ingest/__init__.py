r"""Read a report into a :class:`~claimcheck.models.Document`: exact text,
line index, and blocks (headings, paragraphs, list items, footnotes, tables).

Markdown inputs (``.md``, ``.markdown``, or a text given that name) take their block
structure (headings, fences, pipe tables, lists, block quotes, HTML comments) from
markdown-it-py (:mod:`claimcheck.ingest.markdown`); other text, and what Markdown
leaves as plain paragraphs, is cut by the text rules (:mod:`claimcheck.ingest.blocks`).
Both give the same kinds of blocks with the same conventions:

- ``Block.text`` is ``Document.text[start:end]`` with "\n" and "\r" turned
  into spaces, so block offset ``i`` is source offset ``start + i``.
- A heading spans its whole line(s), markers included ("## **Title**", or the
  title plus its setext underline); its ``section`` is its own clean title.
  Every other block's ``section`` is the title of the nearest heading above.
- A list item starts after its marker ("- ", "1. ", "a) "); a footnote
  starts at its marker ("[^1]:", "<sup>1</sup>", "\*"), which names it.
- Tables: ``kind="table"`` with ``table.kind`` tsv, pipe or aligned; a code
  fence is ``kind="table"`` with ``table.kind="tool_output"`` and ``tool`` set
  when it holds load-tool output, else ``kind="code"`` with ``table.kind="code"``,
  the same rows and ``tool=None``. Cell offsets cover the stripped cell text with enclosing
  ``**``/``<b>`` markup peeled off; empty tab cells are kept as "" cells.
- Horizontal rules, page footers ("Page 3 of 9") and blank lines are no block.
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
