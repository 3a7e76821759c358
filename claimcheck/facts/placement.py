"""Where the load generator ran: the statements that it shares a host with the device under
test, as one fact whatever the report wrote.

Three ways a report says so:

- ``stated``: a sentence places the generator on the device's host ("wrk and the proxy run
  on the same server", "clients and server on one box", "everything ran on one VM"); the
  ``client_placement`` condition, unless the same sentence puts the client on a separate
  machine or speaks of a host type ("the same host type");
- ``loopback``: a measured run's target is the loopback address (the tool's own target URL,
  never any address in the text): a run that printed results or fed a results table, or,
  when no run did, a command shown for the test;
- ``compose``: the load tool runs in a compose service against another service by name
  (``docker compose exec runner ... http://proxy:80/``): one Docker host.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any
from urllib.parse import urlsplit

from claimcheck.extract.runs.vocab import pattern
from claimcheck.models import Condition, Document

LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0", "ip6-localhost"}
# "the same host type", "the same machine class": hardware, not a placement
NOT_PLACEMENT_RE = re.compile(r"(?<!\s)\s*(?:types?|class|model|size|family|sku|spec\w*)\b", re.I)


@dataclass(frozen=True, slots=True)
class Colocation:
    """A statement that the load generator runs on the device's host: how it says so
    ("stated", "loopback", "compose"), its span and text, and the run's tool if any."""

    how: str
    start: int
    end: int
    text: str
    tool: str | None = None


def colocations(doc: Document, runs: Iterable[Any], conditions: Iterable[Condition],
                tools: Any, text: Any, hedged: Callable[[int], bool]) -> list[Colocation]:  # fmt: skip
    """Every statement of ``doc`` that its load generator shares the device's host, in
    source order (``tools``: the index's ToolFacts; ``text``: the TextIndex; ``hedged``: is
    the sentence at an offset about others' practice)."""
    out = _stated(doc, list(conditions), text, hedged)
    out += _loopback(doc, list(runs), tools)
    out += [Colocation("compose", s, e, doc.text[s:e]) for s, e in getattr(tools, "compose", ())]
    out.sort(key=lambda c: c.start)
    return out


def _stated(
    doc: Document, conditions: list[Condition], text: Any, hedged: Callable[[int], bool]
) -> list[Colocation]:
    placed = [c for c in conditions if c.name == "client_placement" and not c.hedged
              and not c.negated]  # fmt: skip
    separate = sorted(c.start for c in placed if c.value == "separate")
    out = []
    for c in placed:
        if c.value != "same_host" or NOT_PLACEMENT_RE.match(doc.text, c.end):
            continue
        if hedged(c.start):
            continue  # "benchmarks that run the load generator on the same host mislead"
        found = text.sentence_at(c.start)
        if found is not None:
            s0, s1 = found[0].start, found[0].end
            if bisect_left(separate, s0) < bisect_left(separate, s1):
                continue  # the same sentence places the client on a separate machine
        how = "compose" if pattern("placement.compose").search(c.text) else "stated"
        out.append(Colocation(how, c.start, c.end, c.text))
    return out


def _loopback(doc: Document, runs: list[Any], tools: Any) -> list[Colocation]:
    """Measured runs aimed at the loopback address; when no run printed results or fed a
    table, the commands shown for the test (and tool lines no run was read from)."""
    aimed = [r for r in runs if not r.warmup and r.target]
    measured = [r for r in aimed if r.results or r.rows]
    chosen = measured or [r for r in aimed if r.source == "command"]
    out = [Colocation("loopback", r.start, r.end, _first_line(r), r.tool)
           for r in chosen if is_loopback(r.target)]  # fmt: skip
    if not measured:
        covered = sorted((r.start, r.end) for r in runs)
        starts = [a for a, _ in covered]
        reach = list(accumulate((b for _, b in covered), max))  # furthest end so far
        for s, e in getattr(tools, "loopback", ()):
            i = bisect_right(starts, s) - 1
            if i < 0 or reach[i] <= s:  # a tool line no run was read from
                out.append(Colocation("loopback", s, e, doc.text[s:e]))
    return out


def is_loopback(target: str | None) -> bool:
    """Is a tool's target ("http://127.0.0.1:8080/", "localhost:3000") the loopback host?"""
    if not target:
        return False
    t = target.strip("'\"")
    try:
        host = urlsplit(t if "://" in t else "//" + t).hostname
    except ValueError:
        return False
    return host is not None and (host in LOOPBACK_HOSTS or host.startswith("127."))


def _first_line(run: Any) -> str:
    line = (run.command or run.target or "").strip().split("\n", 1)[0]
    return line[:120]
