"""Per-unit efficiency in tables: a "<metric>/Watt" column checked against metric / power.

A table row that gives a figure, the power drawn, and the figure per watt
can be recomputed cell by cell. The power column is the full-load one when
the table has several (idle / full load).
"""

from __future__ import annotations

import re

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.tablefacts import cell_number, row_label
from claimcheck.models import Block, Claim, Document, Operand

PER_WATT_RE = lazyre.compile(r"(?<![A-Za-z])([A-Za-z]+)\s*(?:/|per)\s*(?:watt|w)\b", re.IGNORECASE)
POWER_RE = lazyre.compile(r"\b(?:power|watts?|draw|full load|load)\b|\(w\)", re.IGNORECASE)
FULL_RE = lazyre.compile(r"\b(?:full|load|max|peak|typical)\b", re.IGNORECASE)
SCALE = {"gbps": 1e9, "mbps": 1e6, "kbps": 1e3, "bps": 1.0}


def _base_column(header: list[str], numerator: str, skip: set[int]) -> int | None:
    num = numerator.lower()
    for i, h in enumerate(header):
        if i in skip or not h:
            continue
        low = h.lower()
        if PER_WATT_RE.search(low):
            continue
        if re.search(rf"\b{re.escape(num)}\b", low) or (
            num in SCALE and re.search(r"\b[gmk]?bps\b|throughput", low)
        ):
            return i
    return None


def table_claims(doc: Document, block: Block) -> list[Claim]:
    """Efficiency claims for each row of a table with metric, power and metric-per-watt columns."""
    table = block.table
    if table is None:
        return []
    header = table.header
    out: list[Claim] = []
    for ei, head in enumerate(header):
        m = PER_WATT_RE.search(head or "")
        if not m:
            continue
        powers = [i for i, h in enumerate(header) if i != ei and h and POWER_RE.search(h)]
        if not powers:
            continue
        pi = next((i for i in powers if FULL_RE.search(header[i])), powers[-1])
        bi = _base_column(header, m.group(1), {ei, pi})
        if bi is None:
            continue
        for row in table.body:
            claim = _row_claim(doc, block, row, bi, pi, ei, header, m.group(1))
            if claim:
                out.append(claim)
    return out


def _row_claim(doc, block, row, bi, pi, ei, header, numerator) -> Claim | None:  # noqa: ANN001
    if max(bi, pi, ei) >= len(row.cells):
        return None
    cells = [row.cells[i] for i in (bi, pi, ei)]
    nums = [cell_number(c) for c in cells]
    if any(n is None for n in nums) or nums[1][0] == 0:
        return None
    (base, _), (power, _), (stated, decimals) = nums
    base_scale = (
        _scale(header[bi]) / SCALE.get(numerator.lower(), 1.0)
        if numerator.lower() in SCALE
        else 1.0
    )
    expected = base * base_scale / power
    verdict = ar.verify(stated, expected, decimals)
    line, col = doc.position(cells[2].start)
    end_line, end_col = doc.position(cells[2].end)
    label = row_label(row)
    claim = Claim(kind="derived", rule="A003", text=doc.text[row.start : row.end], start=cells[2].start,
                  end=cells[2].end, line=line, column=col, end_line=end_line, end_column=end_col,
                  stated=f"{cells[2].text} {header[ei]}", stated_value=stated, direction="per-unit")  # fmt: skip
    claim.operands = [
        Operand(
            text=c.text,
            value=n[0],
            start=c.start,
            end=c.end,
            line=doc.position(c.start)[0],
            source="table_cell",
            label=f"{label} / {header[i]}",
        )  # fmt: skip
        for c, n, i in zip(cells[:2], nums[:2], (bi, pi), strict=True)
    ]
    rec = ar.format_number(expected, decimals + 1)
    msg = None
    if not verdict.consistent:
        msg = (f'stated "{cells[2].text}" {header[ei]} for {label}; {cells[0].text} ({header[bi]}) / '
               f"{cells[1].text} ({header[pi]}) = {rec}")  # fmt: skip
    sev = None if verdict.consistent else ("info" if verdict.truncated else "error")
    apply(claim, Judgement("consistent" if verdict.consistent else "inconsistent", rec, expected, sev,
                           "per-unit", msg))  # fmt: skip
    return claim


def _scale(header: str) -> float:
    m = re.search(r"\b([gmk]?bps)\b", header.lower())
    return SCALE[m.group(1)] if m else 1.0
