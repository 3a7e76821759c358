"""A name at a structural position of a report (a seed of an entity), and the shape tests
every reader of structure shares: where the name is in a fragment, and whether a label
names rather than measures."""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.extract.names import clean_name, tokens


@dataclass(slots=True)
class Seed:
    """A name at a structural position: the name as written, its span and version."""

    name: str
    start: int
    end: int
    source: str  # axis | header | title | list | subject
    version: str | None = None
    vendor: str | None = None  # from a maker column beside a table axis
    cell_end: int = 0  # a table label: where its cell ends


def make_seed(fragment: str, at: int, source: str, side: str = "left") -> Seed | None:
    """The seed of the name ``fragment`` holds (``at``: the fragment's offset in the
    document; ``side``: which end touches the structural cue, as in ``clean_name``)."""
    found = clean_name(fragment, side)
    if found is None:
        return None
    name, offset, version = found
    start = at + offset
    return Seed(name, start, start + len(name), source, version)


_METRICISH = lazyre.compile(
    r"(?i:req|rps|tps|cps|qps|ops|mbps|gbps|kbps|ms|us|sec|/s|latency|throughput|avg|mean|"
    r"median|stdev|min|max|p\d|errors?|timeouts?|transfer|rate|%|cpu|memory|bytes?|kb|mb|gb)"
)


def plain_label(name: str) -> bool:
    """A header that names and does not measure: no unit, rate or statistic in it."""
    parts = [p for t in tokens(name) for p in re.split(r"[/()]", t) if p]
    return "/" not in name and not any(_METRICISH.fullmatch(p) for p in parts)
