"""S006 one-sided-test: a test run on only one of the compared devices."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Measurement
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    ADV_MARK_RE,
    clip,
)

_I = re.IGNORECASE


# "The HA tests were not conducted on the BIG-IP", "only tested on the ACE".
_DONE = (
    r"(?:conducted|run|performed|tested|done|carried\s+out|executed|measured|evaluated|repeated)"
)
NOT_RUN_RE = lazyre.compile(
    rf"\b(?:was|were|could|did|has|have|had|is|are)(?:\s*not|n't)\s+(?:be\s+|been\s+)?{_DONE}\b"
    rf"|\bnot\s+{_DONE}\s+(?:on|for|with|against)\b"
    rf"|\bonly\s+{_DONE}\s+(?:on|for|with|against)\b|\b{_DONE}\s+only\s+(?:on|for|with|against)\b"
    rf"|\b{_DONE}\s+(?:on|for|with|against)\s++(?:the\s++)?[^.;,]{{1,40}}?\s+only\b"
    rf"|\bno\s+(?:results?|data|figures?|numbers?|measurements?)\s+(?:for|from|on)\b", _I)  # fmt: skip
TEST_WORD_RE = lazyre.compile(r"\btest\w*|\bbenchmark\w*|\bmeasure\w*|\bscenario", _I)


@check("one_sided_test")
def one_sided_test(facts: FactStore) -> Iterator[Hit]:
    """S006: a test run on only one of the compared devices."""
    v = facts.view
    if len(v.compared) < 2:
        return
    for s in v.matching(NOT_RUN_RE):
        if s.hedged:
            continue
        m = NOT_RUN_RE.search(s.text)
        if m is None or not TEST_WORD_RE.search(s.text):
            continue
        named = v.devices_in(s.start, s.end) & v.compared
        if not named:
            continue
        names = ", ".join(v.name(d) for d in sorted(named))
        yield Hit(s.start + m.start(), s.start + m.end(),
                  f'a test was run on only some of the compared devices ("{clip(s.text)}"; '
                  f"named: {names}): no comparison can be drawn on it", {"devices": sorted(named)})  # fmt: skip
    yield from _one_sided_tables(v)
    yield from _not_run_cells(v)


# A results cell that says the test was not run for that device.
NOT_RUN_CELL_RE = lazyre.compile(r"\(?(?:n/?a|not\s+(?:tested|run|measured|available)|untested|dnf"
                             r"|did\s+not\s+(?:run|complete|finish)|no\s+(?:data|results?))\)?\.?\**",
                             _I)  # fmt: skip


def _not_run_cells(v: View) -> Iterator[Hit]:
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
            cell = next(
                (c for c in row.cells[1:] if NOT_RUN_CELL_RE.fullmatch(c.text.strip())), None
            )
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
