"""Products in table lines: a count over a stated duration is a rate times that duration.

A table line whose label counts something over a duration ("Total requests (30s)",
"Connections in 60 s") beside a line of the same table with the rate of it ("Requests/sec")
states, for each entity, count = rate x duration. A count that the product gives (at the
rate's precision, or the rounding of an approximate rate) is consistent. One that does not
stays unverifiable: a tool's rate is its count over the time it really ran, a little longer
than the nominal duration, so a measured count and a measured rate need not multiply out.
"""

from __future__ import annotations

from claimcheck import arithmetic as ar
from claimcheck.extract import grid as G
from claimcheck.extract.claim_tables import RATE_METRICS, TableView, cell_operand, make_claim
from claimcheck.extract.claims import apply
from claimcheck.extract.judge import Judgement
from claimcheck.extract.quantities import scan
from claimcheck.models import Claim, Document
from claimcheck.units import convert, same_dimension

# words of a line label that make its cells counts of the rate's events
COUNT_WORDS = {"total", "requests", "connections", "transactions", "sessions", "count"}
MAX_CELLS = 64  # count cells judged per table


def product_claims(doc: Document, view: TableView) -> list[Claim]:
    """A claim per cell of a count line whose label states a duration."""
    grid = view.grid
    out: list[Claim] = []
    for gc in grid.cells[: MAX_CELLS * 4]:
        if gc.metric is not None or gc.unit or gc.computed or len(out) >= MAX_CELLS:
            continue
        for along, label in (("row", grid.rows[gc.row].label), ("col", grid.columns[gc.col].label)):
            seconds = _duration(label)
            if seconds is None:
                continue
            rate = _rate_cell(grid, gc, along)
            if rate is not None:
                out.append(_judge(doc, view, gc, rate, seconds, label))
            break
    return out


def _duration(label: str) -> float | None:
    """The duration a count label states, in seconds ("Total requests (30s)"), or None."""
    words = {w.strip("()*:,").lower() for w in label.split()}
    if not COUNT_WORDS & words:
        return None
    found = [q for q in scan(label, 0) if q.unit and same_dimension(q.unit, "second")]
    if len(found) != 1 or found[0].is_range:
        return None
    try:
        return convert(found[0].value, found[0].unit, "second")
    except Exception:  # noqa: BLE001 - a unit pint cannot convert: no duration
        return None


def _rate_cell(grid: G.Grid, gc: G.GridCell, along: str) -> G.GridCell | None:
    """The one rate cell on the count cell's other axis (its column when the count line is
    a row: the same entity, whether or not the grid could name it)."""
    found = [
        x
        for x in grid.cells
        if x is not gc
        and x.metric in RATE_METRICS
        and (x.col == gc.col if along == "row" else x.row == gc.row)
        and not x.computed
    ]
    return found[0] if len(found) == 1 else None


def _judge(doc: Document, view: TableView, count: G.GridCell, rate: G.GridCell, seconds: float,
           label: str) -> Claim:  # fmt: skip
    claim = make_claim(doc, "derived", "A003", f"{label}: {count.cell.text}", count.cell.start,
                       count.cell.end, count.cell.text, count.value)  # fmt: skip
    claim.subject, claim.direction = rate.entity or count.entity, "product"
    claim.operands = [cell_operand(doc, view, rate)]
    value = rate.value * seconds
    step = ar.step(max(rate.decimals, 0)) / 2 * seconds  # the rate's rounding, times the duration
    rec = ar.format_number(value, 0)
    if abs(value - count.value) <= max(step, ar.step(max(count.decimals, 0)) / 2):
        apply(claim, Judgement("consistent", rec, value))
    else:
        claim.diagnosis = "a measured count need not equal the rate times the nominal duration"
        claim.message = (f"{label}: {count.cell.text} against {rate.cell.text} x "
                         f"{ar.format_number(seconds, 0)} s = {rec}")  # fmt: skip
    return claim
