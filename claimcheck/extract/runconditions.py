"""Conditions that tool runs state without a sentence saying them.

A load tool's printed summary states the run's conditions as surely as a sentence does:
"Running 30s test" is the duration, "4 threads and 64 connections" the concurrency,
"Document Length: 612 bytes" (ab) or "Size/request: 140 bytes" (hey) the object size.
And a report that names its load tool in words ("we drove the proxy with wrk") states what
that tool fixes by itself: HTTP, so a device that answers parses requests, and connections
kept alive for many requests (``tools.toml``, ``implies``).

Each becomes a :class:`Condition` scoped like a sentence of its block would be, with its
origin in ``source``: ``"output"`` for what a tool printed, ``"default"`` for what the tool
does by itself. A default the output restates (a command without ``-d`` whose summary
prints "Running 10s test") is kept once, as the output says it.
"""

from __future__ import annotations

from bisect import bisect_right

from claimcheck.extract import tooltable
from claimcheck.extract.runs.model import Run, Value
from claimcheck.extract.scoping import scope_for
from claimcheck.models import Condition, Document

# The run parameters a printed summary states, and the condition each one is.
_PRINTED = ("duration", "connections", "object_size")


def run_conditions(
    doc: Document, runs: list[Run], conditions: list[Condition], block_tests: list[str | None]
) -> tuple[list[Condition], list[Condition]]:
    """(conditions, without): the conditions the runs' printed output states, those of a
    run with results that the tool's defaults fix (wrk without ``-d`` runs 10 s) and those
    tools named in prose imply; and ``conditions`` without the tool defaults that a run's
    output restates."""
    starts = [b.start for b in doc.blocks]
    added: list[Condition] = []
    superseded: set[tuple[int, str]] = set()  # (tool-word start, name) a printed value replaces
    for run in runs:
        if run.warmup or run.source not in ("command", "output"):
            continue
        i = bisect_right(starts, run.start) - 1
        if i < 0:
            continue
        block, test = doc.blocks[i], block_tests[i]
        command_end = run.start + len(run.command or "") if run.source == "command" else run.start
        tool = tooltable.table().get(run.tool or "")
        for name in _PRINTED:
            value = getattr(run, name)
            if value is None or (value.default and not run.results):
                continue  # no run to speak of: the command alone, never shown running
            if not value.default and value.start < command_end:
                continue  # the command line set it (conditions_in_command read it)
            cond = _printed(doc, name, value, tool, block, test)
            if cond is not None:
                added.append(cond)
                superseded.add((run.start, cond.name))
        if run.source == "output" and tool is not None:
            added += _implied(doc, run, tool, block, test)
    kept = [
        c for c in conditions if not (c.source == "default" and (c.start, c.name) in superseded)
    ]
    added += _implied_by_named_tools(doc, kept)
    return added, kept


def _implied(doc: Document, run: Run, tool, block, test) -> list[Condition]:  # noqa: ANN001
    """What a tool fixes by itself, for a run shown only by its printed summary (its
    keep-alive as the summary shows it: ab prints "Keep-Alive requests")."""
    out = []
    for name, value in tool.implies.items():
        kept_alive = run.keepalive if run.keepalive is not None else value != 1
        if name == "requests_per_connection" and (value == 1) == kept_alive:
            continue  # ab printed "Keep-Alive requests": not one request per connection
        out.append(Condition(name=name, value=value, scope=scope_for(block, test), test=test,
                             section=block.section, line=doc.position(run.start)[0],
                             start=run.start, end=run.start, text="", source="default"))  # fmt: skip
    return out


def _printed(doc: Document, name: str, value: Value, tool, block, test) -> Condition | None:  # noqa: ANN001
    """The condition a printed run parameter states."""
    if name == "duration":
        cond_name, cond_value = "duration", float(value.value)
    elif name == "connections":
        kind = _load_kind(tool)
        cond_name, cond_value = "load_setting", {"kind": kind, "value": int(value.value)}
    else:
        cond_name, cond_value = "object_size", int(value.value)
    return Condition(name=cond_name, value=cond_value, scope=scope_for(block, test), test=test,
                     section=block.section, line=doc.position(value.start)[0], start=value.start,
                     end=value.end, text=value.text,
                     source="default" if value.default else "output")  # fmt: skip


def _load_kind(tool) -> str:  # noqa: ANN001
    """What a tool's concurrency counts: connections (wrk), clients (h2load) or VUs (k6)."""
    if tool is not None:
        for kind in ("connections", "clients", "vus"):
            if kind in tool.options.values():
                return kind
    return "connections"


def offered_loads(
    doc: Document, measurements: list, block_tests: list[str | None]
) -> list[Condition]:  # noqa: ANN001
    """A load_setting condition for each rate a sentence gives as the load a test was run at
    ("we evaluated both meshes at 20, 200 and 2,000 RPS"): the figure is a setting, and the
    load it states is a condition of the figures measured under it."""
    starts = [b.start for b in doc.blocks]
    out = []
    for m in measurements:
        if m.role != "setting" or m.source != "text" or "load_setting" not in m.conditions:
            continue
        i = bisect_right(starts, m.start) - 1
        if i < 0:
            continue
        block, test = doc.blocks[i], block_tests[i]
        value = {"kind": "rate", "value": m.value, "unit": m.unit}
        out.append(Condition(name="load_setting", value=value, scope=scope_for(block, test),
                             test=test, section=block.section, line=m.line, start=m.start,
                             end=m.end, text=m.text, source="text"))  # fmt: skip
    return out


def _implied_by_named_tools(doc: Document, conditions: list[Condition]) -> list[Condition]:
    """What a load tool named in a sentence fixes by itself, at the name and in its scope;
    not where the block already states the condition (a tool told otherwise)."""
    out: list[Condition] = []
    by_block: dict[int, set[str]] = {}
    starts = [b.start for b in doc.blocks]
    for c in conditions:
        i = bisect_right(starts, c.start) - 1
        by_block.setdefault(i, set()).add(c.name)
    seen: set[tuple[str, str, str]] = set()
    for c in conditions:
        if (
            c.name != "traffic_generator"
            or c.hedged
            or c.negated
            or c.source not in ("text", "list")
        ):
            continue
        tool = (
            tooltable.named(str((c.value or {}).get("name") or ""))
            if isinstance(c.value, dict)
            else None
        )
        if tool is None:
            continue
        here = by_block.get(bisect_right(starts, c.start) - 1, set())
        for name, value in tool.implies.items():
            key = (name, repr(value), c.scope)
            if name in here or key in seen:
                continue
            seen.add(key)
            out.append(Condition(name=name, value=value, scope=c.scope, test=c.test,
                                 device=c.device, section=c.section, line=c.line, start=c.start,
                                 end=c.end, text=c.text, source="default"))  # fmt: skip
    return out
