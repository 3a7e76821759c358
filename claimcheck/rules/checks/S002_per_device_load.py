"""S002 per-device-load: load-generator settings chosen per device, and comparisons drawn
across such loads.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Condition
from claimcheck.rules.context import line_label
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    MAX_LISTED,
    fmt_number,
    listed,
)
from claimcheck.rules.wordcues import says_any


def _load_value(value: Any) -> str:
    v = value.get("value")
    unit = "%" if value.get("kind") == "cpu_target" else value.get("unit")
    shown = ", ".join(fmt_number(x) for x in v) if isinstance(v, list) else fmt_number(float(v))
    return f"{shown} {unit}" if unit else shown


_LOAD_KIND = {"simusers": "SimUsers", "clients": "clients", "vus": "virtual users",
              "connections": "connections", "cpu_target": "CPU target",
              "rate": "offered rate"}  # fmt: skip


@check("per_device_load")
def per_device_load(facts: FactStore) -> Iterator[Hit]:
    """S002: load-generator settings (SimUsers, clients, connections, offered load, CPU target)
    that differ between the compared devices or are set for one device only, and comparisons
    drawn across such loads.

    Settings are compared within one table column (a per-device table) or, in prose, within
    one test; one finding per differing setting, at its first statement."""
    v = facts.view
    groups: dict[tuple[str, Any], dict[str, list[Condition]]] = {}
    group_test: dict[tuple[str, Any], str | None] = {}
    shared: dict[str, set[str]] = {}
    for c, devs in v.conditions("load_setting"):
        if not isinstance(c.value, dict) or c.value.get("value") is None:
            continue
        kind = str(c.value.get("kind"))
        if c.value.get("per_device"):
            yield Hit(c.start, c.end,
                      f"the {_LOAD_KIND.get(kind, kind)} setting was chosen per device "
                      f"({_load_value(c.value)}): the devices were not offered the same load",
                      {"setting": c.value})  # fmt: skip
            continue
        devs = devs & v.compared
        if not devs:
            shared.setdefault(kind, set()).add(_load_value(c.value))
            continue
        key, test = _load_group(v, c, kind)
        group_test[key] = test
        for d in devs:
            groups.setdefault(key, {}).setdefault(d, []).append(c)
    differing: dict[str, str] = {}  # test -> the listing of the differing loads
    table_kinds: set[str] = set()  # kinds a per-device table shows differing
    for key, per in sorted(groups.items(), key=lambda kv: kv[0][1][0] != "table"):
        kind = key[0]
        label = _LOAD_KIND.get(kind, kind)
        values = {d: {_load_value(c.value) for c in cs} for d, cs in per.items()}
        if len(per) >= 2:
            if set.intersection(*values.values()):
                continue
            if key[1][0] == "table":
                table_kinds.add(kind)
            elif kind in table_kinds:
                continue  # prose restating what the table shows: one finding
            # every claim on this test repeats the listing: at most MAX_LISTED devices
            listing = listed([f"{v.name(d)}: {', '.join(sorted(vals))}"
                               for d, vals in sorted(values.items())[:MAX_LISTED]],
                              len(values), "; ")  # fmt: skip
            test = group_test.get(key)
            if test:
                differing[test] = f"{label} {listing}"
            c = min((cs[0] for cs in per.values()), key=lambda c: c.start)
            yield Hit(c.start, c.end,
                      f"{label} differs between the devices ({listing}"
                      f"{', test ' + test if test else ''}): each device was offered a different "
                      f"load", {"values": {k: sorted(x) for k, x in values.items()}})  # fmt: skip
        elif len(v.compared) >= 2:
            ((d, cs),) = per.items()
            for c in cs:
                if _load_value(c.value) in shared.get(kind, set()):
                    continue
                if not _for_one_only(facts.around(c.start)):
                    continue
                yield Hit(c.start, c.end,
                          f"{label} {_load_value(c.value)} was set for {v.name(d)} only: the "
                          f"other devices ran under a different load", {"device": d})  # fmt: skip
    yield from _requests_per_connection(v)
    yield from _claims_across_loads(v, differing)
    if not differing:
        yield from _side_by_side_at_different_loads(facts)


def _for_one_only(sentence: str) -> bool:
    """Does the sentence set a load for one device only ("for the Harrier LB only"), not
    for every device ("for both devices only")? Words from the rule's data."""
    data = rule_data("S002")
    every = [
        f"{q} _? {n}" for q in data.get("every_device", []) for n in data.get("device_nouns", [])
    ]
    return says_any(sentence, data.get("only")) and not says_any(sentence, every)


LOAD_NAMES = ("concurrency", "load_setting")
CLAIM_REACH = 2  # blocks after the last of the figures where the comparison may be drawn


def _own_load(facts: FactStore, m: Any) -> str | None:
    """The load stated with a figure itself ("14,755 rps @ 50 connections"), shown."""
    for name in LOAD_NAMES:
        for c in facts.stated_with(m, name, scoped=False):
            if isinstance(c.value, dict):
                return _load_value(c.value) if c.value.get("value") is not None else None
            if isinstance(c.value, int | float) and not isinstance(c.value, bool):
                return f"{fmt_number(float(c.value))} connections"
    return None


def _side_by_side_at_different_loads(facts: FactStore) -> Iterator[Hit]:
    """Figures of one metric in neighbouring blocks (list items, short paragraphs), each with
    its own subject and its own stated load, followed by a claim comparing them: the ratio
    mixes the two setups with two loads ("X: 14,755 rps @ 50 connections; Y: 129,531 rps @
    400 connections; 8.8x faster")."""
    v = facts.view
    rows = []  # (block index, figure, subject, load)
    for m in facts.measured():
        if m.source == "table" or m.metric not in ("rps", "cps", "ssl_tps", "throughput"):
            continue
        load = _own_load(facts, m)
        bi = v.block_index(m.start)
        if load is None or bi is None:
            continue
        subject = m.device or line_label(facts.doc, m.start)
        if subject:
            rows.append((bi, m, subject.lower(), load))
    claims = sorted(
        (c for c in facts.claims if c.kind in ("ratio", "delta")), key=lambda c: c.start
    )
    for (b0, m0, s0, l0), (b1, m1, s1, l1) in zip(rows, rows[1:], strict=False):
        if b1 - b0 > 1 or m0.metric != m1.metric or s0 == s1 or l0 == l1:
            continue
        end = facts.doc.blocks[min(len(facts.doc.blocks) - 1, b1 + CLAIM_REACH)].end
        claim = next((c for c in claims if m1.end <= c.start < end
                      and not facts.hedged(c.start)), None)  # fmt: skip
        if claim is None:
            continue
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares {m0.text} at {l0} with {m1.text} at {l1}: the two '
                  f"setups were not offered the same load", {"loads": [l0, l1]})  # fmt: skip


def _requests_per_connection(v: View) -> Iterator[Hit]:
    """Requests per connection set per device and different between the compared devices
    ("100 requests per connection for the X and 1 for the Y"): one finding, at the first."""
    per: dict[str, list[Condition]] = {}
    for c, devs in v.conditions("requests_per_connection"):
        if isinstance(c.value, int | float) and not isinstance(c.value, bool):
            for d in devs & v.compared:
                per.setdefault(d, []).append(c)
    values = {d: {fmt_number(float(c.value)) for c in cs} for d, cs in per.items()}
    if len(values) < 2 or set.intersection(*values.values()):
        return
    listing = listed([f"{v.name(d)}: {', '.join(sorted(vals))}"
                      for d, vals in sorted(values.items())[:MAX_LISTED]], len(values), "; ")  # fmt: skip
    c = min((cs[0] for cs in per.values()), key=lambda c: c.start)
    yield Hit(c.start, c.end,
              f"requests per connection differ between the devices ({listing}): each device "
              f"was driven differently, so their rates are not comparable",
              {"values": {k: sorted(x) for k, x in values.items()}})  # fmt: skip


def _keep_two(values: list[Any], value: Any) -> None:
    """Add ``value`` to at most two distinct ``values`` (enough to tell none, one, several)."""
    if len(values) < 2 and value not in values:
        values.append(value)


def _load_group(v: View, c: Condition, kind: str) -> tuple[tuple[str, Any], str | None]:
    """Where a load setting is compared: its table column (with the test the column header
    names), else its test in prose."""
    if c.source == "table":
        found = v.cell_at(c.start)
        if found is not None:
            _, _, bi, cell, row = found
            col = next((i for i, x in enumerate(row.cells) if x is cell), 0)
            named = v.index.column_tests.get(bi, [])
            test = named[col] if col < len(named) else None
            return (kind, ("table", bi, col)), (test if test is not None else c.test)
    return (kind, ("prose", c.test)), c.test


def _claims_across_loads(v: View, differing: dict[str, str]) -> Iterator[Hit]:
    if not differing:
        return
    by_span = {(m.start, m.end): m for m in v.ex.measurements}
    # the tests and devices of the figures of a value in the tests run at differing loads;
    # a claim needs one test and two devices, so two of each are all that is kept
    by_value: dict[float, tuple[list[str | None], list[str | None]]] = {}
    for m in v.ex.measurements:
        if m.test in differing and m.device:
            tests, devices = by_value.setdefault(m.value, ([], []))
            _keep_two(tests, m.test)
            _keep_two(devices, m.device)
    for claim in v.ex.claims:
        tests, devices = [], []
        for o in claim.operands:
            m = by_span.get((o.start, o.end))
            found = ([m.test], [m.device]) if m is not None else by_value.get(o.value, ([], []))
            for t in found[0]:
                if t in differing:
                    _keep_two(tests, t)
            for d in found[1]:
                if d:
                    _keep_two(devices, d)
        if len(tests) != 1 or len(devices) < 2 or v.hedged_at(claim.start):
            continue
        (test,) = tests
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares devices on {test}, where they ran under different '
                  f"loads ({differing[test]})", {"test": test})  # fmt: skip
