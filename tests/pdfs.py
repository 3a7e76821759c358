"""A tiny PDF writer for tests: pages of text lines, or pages of raw content streams."""

from __future__ import annotations


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def make_pdf(pages: list[list[str] | None]) -> bytes:
    """A valid PDF 1.4 file; ``None`` makes an image-only page (a filled box, no text)."""
    streams = []
    for lines in pages:
        if lines is None:
            streams.append(b"0 0 1 rg 72 600 200 100 re f")
            continue
        ops = ["BT", "/F1 10 Tf", "14 TL", "72 740 Td"]
        for i, line in enumerate(lines):
            ops += (["T*"] if i else []) + ([f"{_pdf_string(line)} Tj"] if line else [])
        streams.append("\n".join([*ops, "ET"]).encode("cp1252"))
    return pdf_of_streams(streams)


def pdf_of_streams(streams: list[bytes]) -> bytes:
    """A valid PDF 1.4 file with one page per content stream (font /F1 is Helvetica)."""
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    kids = []
    for index, stream in enumerate(streams):
        page_id, content_id = 4 + 2 * index, 5 + 2 * index
        kids.append(f"{page_id} 0 R")
        objects[content_id] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
        objects[page_id] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content_id
        )
    objects[2] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref, size = len(out), max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, size))
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)
