"""S006 one-sided-test: a test run on only one of the compared devices."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Measurement
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    ADV_MARK_RE,
    clip,
)


@check("one_sided_test")
def one_sided_test(facts: FactStore) -> Iterator[Hit]:
    """S006: a test run on only one of the compared devices."""
    v = facts.view
    if len(v.compared) < 2:
        return
    for s, start, end in facts.not_run_statements:
        if s.hedged:
            continue
        named = v.devices_in(s.start, s.end) & v.compared
        if not named:
            continue
        names = ", ".join(v.name(d) for d in sorted(named))
        yield Hit(start, end,
                  f'a test was run on only some of the compared devices ("{clip(s.text)}"; '
                  f"named: {names}): no comparison can be drawn on it", {"devices": sorted(named)})  # fmt: skip
    yield from _one_sided_tables(v)
    yield from _not_run_cells(facts, v)


def _not_run_cells(facts: FactStore, v: View) -> Iterator[Hit]:
    """A results table that marks a test as not run ("N/A", "not tested") for some devices
    while it gives numbers for others."""
    ms = sorted(v.ex.measurements, key=lambda m: m.start)
    starts = [m.start for m in ms]
    blocks = v.doc.blocks
    for bi, block in enumerate(blocks):
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        i = bisect_right(starts, block.start - 1)
        kinds = set()
        while i < len(ms) and ms[i].start < block.end:
            kinds.add(ms[i].kind)
            i += 1
        around = [blocks[j].text for j in (bi - 1, bi + 1) if 0 <= j < len(blocks)]
        labelled = ADV_MARK_RE.search(" ".join([block.section or "", *around]))
        if "advertised" in kinds or labelled or len(v.devices_in(block.start, block.end)) < 2:
            continue  # a specification table, or not a comparison of devices
        for row in table.body:
            cell = next((c for c in row.cells[1:] if facts.marks_not_run(c.text)), None)
            if cell is None or not any(re.search(r"\d", c.text) for c in row.cells[1:]):
                continue
            yield Hit(cell.start, cell.end,
                      f'the results table marks a test as not run ("{cell.text.strip()}") for some '
                      f"of the compared devices: no comparison can be drawn on it",
                      {"cell": cell.text.strip()})  # fmt: skip
            break


def _one_sided_tables(v: View) -> Iterator[Hit]:
    per_test: dict[str, list[Measurement]] = {}
    for m in v.ex.measurements:
        if (
            m.test
            and m.device
            and m.kind == "measured"
            and m.role == "result"
            and m.source in ("table", "tool")
        ):
            per_test.setdefault(m.test, []).append(m)
    devices = {t: {m.device for m in ms} & v.compared for t, ms in per_test.items()}
    multi = [t for t, ds in devices.items() if len(ds) >= 2]
    if len(multi) < 2:
        return
    for t, ds in devices.items():
        if len(ds) == 1 and len(per_test[t]) >= 2:
            m = per_test[t][0]
            (d,) = ds
            yield Hit(m.start, m.end,
                      f"test {t} has results for {v.name(d)} only, while {len(multi)} other tests "
                      f"compare several devices", {"test": t, "device": d})  # fmt: skip
