"""Read figures out of tables: a metric column, device rows, and each device's vendor.

Tables broken by PDF extraction come with multi-line headers and stray empty
cells; columns are matched by their header text, rows by the device names
they start with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.models import Block, Cell, Document, Row

_TAG_RE = lazyre.compile(r"<[^>]{0,40}>")
_NUM_RE = lazyre.compile(r"^[~≈<>]?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([A-Za-z%/]*)$")
_TOKEN_RE = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9+.-]*[A-Za-z0-9]|[A-Za-z0-9]")
GENERIC = {"the", "a", "an", "of", "with", "in", "and", "chassis", "blade", "one", "w", "device",
           "appliance", "edition", "virtual", "(1)", "1", "module", "series"}  # fmt: skip


@dataclass(frozen=True)
class CellValue:
    """A numeric table cell with its row label and column header."""

    value: float
    text: str
    decimals: int
    start: int
    end: int
    row_label: str
    column: str


def cell_number(cell: Cell) -> tuple[float, int] | None:
    """The number in a cell ("<b>10,114</b>" -> 10114.0, 0 decimals), or None."""
    text = _TAG_RE.sub("", cell.text).strip().strip("*")
    m = _NUM_RE.match(text)
    if not m:
        return None
    value = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    return value, len(m.group(2)) - 1 if m.group(2) else 0


def strip_markup(text: str) -> str:
    """Cell text without inline HTML tags ("<b>10,114</b>" -> "10,114")."""
    return _TAG_RE.sub("", text)


def tokens(text: str) -> set[str]:
    """Lower-cased name tokens of a label, without generic words."""
    return {t.lower() for t in _TOKEN_RE.findall(_TAG_RE.sub("", text))} - GENERIC


def distinctive(tok: str) -> bool:
    """A token that can identify a product on its own: it has a digit and a letter, or 3+ digits."""
    has_digit = any(c.isdigit() for c in tok)
    return has_digit and (any(c.isalpha() for c in tok) or len(tok) >= 3)


def row_label(row: Row) -> str:
    """The first non-empty, non-numeric cell of a row."""
    for cell in row.cells:
        if cell.text and cell_number(cell) is None:
            return _TAG_RE.sub("", cell.text).strip()
    return ""


def tables(doc: Document) -> list[Block]:
    """Table blocks of the document."""
    return [b for b in doc.blocks if b.table is not None and b.table.rows]


def column_values(doc: Document, matches) -> list[CellValue]:  # noqa: ANN001
    """Numeric cells of every table column whose header satisfies ``matches(header)``."""
    out: list[CellValue] = []
    for block in tables(doc):
        table = block.table
        header = table.header
        for ci, head in enumerate(header):
            if not head or not matches(head):
                continue
            for row in table.body:
                label = row_label(row)
                cell = _cell_at(row, ci, len(header))
                if cell is None or not label:
                    continue
                num = cell_number(cell)
                if num is None:
                    continue
                out.append(CellValue(num[0], cell.text, num[1], cell.start, cell.end, label, head))
    return out


def _cell_at(row: Row, index: int, width: int) -> Cell | None:
    """The cell under header column ``index``; rows missing leading empties align right."""
    cells = row.cells
    if len(cells) == width:
        return cells[index]
    nonempty = [c for c in cells if c.text]
    if len(nonempty) == width:
        return nonempty[index]
    if len(cells) > width:
        return cells[index] if index < len(cells) else None
    shift = width - len(cells)
    j = index - shift
    return cells[j] if 0 <= j < len(cells) else (cells[index] if index < len(cells) else None)


def find_label(label: str, text: str) -> int:
    """Offset in ``text`` where a row label is mentioned by a distinctive token, or -1."""
    best = -1
    low = text.lower()
    for tok in tokens(label):
        if not distinctive(tok):
            continue
        m = re.search(rf"(?<![\w-]){re.escape(tok)}(?![\w-])", low)
        if m and (best < 0 or m.start() < best):
            best = m.start()
    return best


_RUN_RE = r"[\w-]+"  # through re's own cache: no pattern of claimcheck's (see regexlit)
_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789+.-")


class LabelFinder:
    """``find_label`` for many row labels at once. A distinctive token is found where it is
    not inside a longer run of word characters and hyphens, so it starts a run of the text
    and ends at the end of one: the text's runs are looked up in the labels' tokens instead
    of the text being searched once per label."""

    def __init__(self, labels: list[str]) -> None:
        self.labels: dict[str, list[int]] = {}  # distinctive token -> indices of its labels
        for i, label in enumerate(labels):
            for tok in tokens(label):
                if distinctive(tok):
                    self.labels.setdefault(tok, []).append(i)
        self.longest = max(map(len, self.labels), default=0)

    def first_mentions(self, text: str) -> dict[int, int]:
        """Label index -> ``find_label(label, text)``, for the labels ``text`` mentions."""
        out: dict[int, int] = {}
        if not self.labels:
            return out
        low = text.lower()
        runs = [(m.start(), m.end()) for m in re.finditer(_RUN_RE, low)]
        for k, (start, _) in enumerate(runs):
            # a token is one run, or several joined by "." or "+": try each run end in reach
            for j in range(k, len(runs)):
                end = runs[j][1]
                if end - start > self.longest:
                    break
                if j > k and not _TOKEN_CHARS.issuperset(low[runs[j - 1][1] : runs[j][0]]):
                    break
                for i in self.labels.get(low[start:end], ()):
                    if i not in out or start < out[i]:
                        out[i] = start
        return out


def vendor_map(doc: Document) -> dict[str, str]:
    """Device label -> vendor, from tables with a Vendor column and "Vendor, Device" list items."""
    out: dict[str, str] = {}
    for block in tables(doc):
        header = [h.lower() for h in block.table.header]
        if not any(h.startswith("vendor") for h in header):
            continue
        vi = next(i for i, h in enumerate(header) if h.startswith("vendor"))
        for row in block.table.body:
            cells = [c.text for c in row.cells]
            if len(cells) > vi + 1 and cells[vi]:
                out[" ".join(cells[vi + 1 : vi + 2])] = cells[vi].strip()
    for block in doc.blocks:
        if block.kind == "list_item":
            m = re.match(r"^\W*([A-Z][\w&.]*(?: [A-Z][\w&.]*)?)\s*(?:Networks|Systems|Inc\.?)?,\s+(.+)$",
                         block.text.strip())  # fmt: skip
            if m:
                vendor = m.group(1).split()[0]
                out.setdefault(m.group(2), vendor)
    return out


def vendor_of(label: str, vendors: dict[str, str]) -> str | None:
    """The vendor of a row label, by the best name-token overlap with known devices."""
    toks = tokens(label)
    best, best_score = None, 0
    for device, vendor in vendors.items():
        shared = toks & tokens(device)
        score = len(shared) + sum(1 for t in shared if distinctive(t))
        if score > best_score and any(distinctive(t) for t in shared) | (len(shared) >= 2):
            best, best_score = vendor, score
    return best


class Vendors:
    """``vendor_of`` over one vendor map for many labels: each device's tokens are read once
    and a label is scored only against the devices it shares a token with (the others
    score nothing), in the map's order."""

    def __init__(self, vendors: dict[str, str]) -> None:
        self.entries = [(tokens(device), vendor) for device, vendor in vendors.items()]
        self.holding: dict[str, list[int]] = {}  # token -> the devices that have it
        for i, (toks, _) in enumerate(self.entries):
            for t in toks:
                self.holding.setdefault(t, []).append(i)

    def vendor_of(self, label: str) -> str | None:
        """What ``vendor_of(label, vendors)`` answers."""
        toks = tokens(label)
        candidates = sorted({i for t in toks for i in self.holding.get(t, ())})
        best, best_score = None, 0
        for i in candidates:
            device_toks, vendor = self.entries[i]
            shared = toks & device_toks
            score = len(shared) + sum(1 for t in shared if distinctive(t))
            if score > best_score and any(distinctive(t) for t in shared) | (len(shared) >= 2):
                best, best_score = vendor, score
        return best
