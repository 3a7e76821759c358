"""S004 asymmetric-configuration: a profile, mode or tuning set for some devices only."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Condition
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    MAX_LISTED,
    listed,
)
from claimcheck.rules.spans import Spans
from claimcheck.rules.wordcues import says_any
from claimcheck.textkeys import fold

_I = re.IGNORECASE


DEFAULT_PROFILES = {"standard", "factory defaults", "default", "defaults", "keep-alive"}
# Settings compared only when every device states one, never as one device's extra: the
# protocol a report names for one device only ("https traffic") says nothing of the others.
TWO_SIDED = {"TLS on", "TLS off"}
# A sentence that sets the configuration, preferred as the place to point at.
CONFIG_VERB_RE = lazyre.compile(
    r"\b(?:configured|configuration|set|enabled|turned\s+on|applied|used|using|ran|run|running"
    r"|tested|deployed|tuned|activated)\b", _I)  # fmt: skip
# Settings the extractor has no name for yet: hardware, TLS or TCP offload, DPDK, SR-IOV,
# a compression level; they count when the sentence switches them on for a device.
OFFLOAD_RE = lazyre.compile(r"\b(?:(?:hardware|SSL|TLS|crypto|TCP|checksum|segmentation|NIC|flow)\s+)?"
                        r"offload(?:ing)?\b|\bSR-IOV\b|\bDPDK\b|\bcompression\s+level\s+\d\b"
                        r"|\b(?:accelerated|enhanced)\s+networking\b|\bjumbo\s+frames\b", _I)  # fmt: skip
SWITCHED_ON_RE = lazyre.compile(
    r"\b(?:enabled|turned\s+on|switched\s+on|configured|activated)\b", _I
)
# "does not support its feature called OneConnect": a feature named, not set.
NEG_NEAR_RE = lazyre.compile(r"\b(?:not|no|never|without|lacks?|lacking|cannot|can't|doesn't|don't"
                         r"|isn't|unsupported)\b[^.;,]{0,40}$", _I)  # fmt: skip
TUNED_RE = lazyre.compile(
    r"\b(?:tuned|optimi[sz]ed|customi[sz]ed|hand[ -]tuned|adjusted|tweaked)\b", _I
)


def _profiles(v: View) -> list[tuple[Condition | Any, set[str]]]:
    """Profile conditions with their devices, plus profiles stated inside table cells whose
    column the extractor does not read (a "Notes" column)."""
    found = list(v.conditions("profile"))
    covered = Spans((c.start, c.end) for c, _ in found)
    row_devices: dict[tuple[int, int], set[str]] = {}  # row span -> the one device it names
    for fact in v.index.cell_conditions:  # profiles in cells whose column is not read
        if covered.overlaps(fact.cell_start, fact.cell_end):
            continue
        raw = fact.condition
        devs = v.attribute(raw.start, raw.end, set())
        if not devs:
            row = (fact.row_start, fact.row_end)
            if row not in row_devices:
                named = {d for _, _, d in v.mentions_in(*row)}
                row_devices[row] = named if len(named) == 1 else set()
            devs = set(row_devices[row])
        if devs:
            found.append((raw, devs))
    for sent in v.matching(
        SWITCHED_ON_RE
    ):  # offload, DPDK, SR-IOV switched on: no extracted form yet
        if sent.hedged or not SWITCHED_ON_RE.search(sent.text):
            continue
        for m in OFFLOAD_RE.finditer(sent.text):
            start, end = sent.start + m.start(), sent.start + m.end()
            if NEG_NEAR_RE.search(v.doc.text, max(sent.start, start - 50), start):
                continue
            devs = v.attribute(start, end, set())
            if devs:
                value = fold(re.sub(r"\s+", " ", m.group(0)))
                found.append((_Setting(value, start, end, m.group(0)), devs))
    return found


@dataclass(frozen=True)
class _Setting:
    """A configuration setting read from a sentence (shaped like a Condition for S004)."""

    value: str
    start: int
    end: int
    text: str


@check("asymmetric_configuration")
def asymmetric_configuration(facts: FactStore) -> Iterator[Hit]:
    """S004: a fast-path profile, SMT/HT handling, offload or tuning stated for some of the
    compared devices and not for the others; one device tuned while another runs defaults."""
    v = facts.view
    if len(v.compared) < 2:
        return
    per: dict[str, dict[str, list[Any]]] = {}
    not_a_setting = rule_data("S004").get("not_a_setting", [])
    for c, devs in _profiles(v):
        value = str(c.value)
        s0, _ = v.bounds(c.start)
        if value in TWO_SIDED and says_any(facts.sentence_text(c.start), not_a_setting):
            continue  # "testing should be done with http traffic": a suggestion, not a run
        if NEG_NEAR_RE.search(v.doc.text, max(s0, c.start - 50), c.start):
            continue
        for d in devs & v.compared:
            per.setdefault(d, {}).setdefault(value, []).append(c)
    holders: dict[str, set[str]] = {}
    for d, vals in per.items():
        for value in vals:
            holders.setdefault(value, set()).add(d)
    compared = sorted(v.compared)
    settled = yield from _one_setting_two_values(v, per)
    lacking: dict[str, str] = {}  # value -> the compared devices without it, as listed
    for d in sorted(per):
        odd = [val for val in per[d]
               if holders[val] != v.compared and val not in settled and val not in TWO_SIDED]  # fmt: skip
        special = [val for val in odd if val.lower() not in DEFAULT_PROFILES]
        defaults = [
            (val, c) for val in odd if val.lower() in DEFAULT_PROFILES and val != "keep-alive"
            for c in per[d][val] if _tuned_other(v, c, d)
        ]  # fmt: skip
        if special:
            c = min((c for val in special for c in per[d][val]), key=lambda c: _place(v, c))
            value = str(c.value)  # held by d: the others without it are the same for all
            if value not in lacking:
                held = holders[value]
                without = list(itertools.islice((o for o in compared if o not in held), MAX_LISTED))
                total = len(compared) - len(held & v.compared)
                lacking[value] = listed([v.name(o) for o in without], total)
            missing = lacking[value]
            yield Hit(c.start, c.end,
                      f"{v.name(d)} ran with {', '.join(special)}; {missing or 'the others'} "
                      f"did not (no such setting stated): the devices were not configured alike",
                      {"device": d, "settings": special})  # fmt: skip
        elif defaults:
            val, c = defaults[0]
            yield Hit(c.start, c.end,
                      f"{v.name(d)} ran with {val} while another device was tuned: the devices "
                      f"were not configured alike", {"device": d, "settings": [val]})  # fmt: skip


_SWITCH_RE = lazyre.compile(
    r"(?<![ \t])[ \t]*+\b(?:enabled|disabled|on|off|with|without|no)\b[ \t]*+", _I
)


def _one_setting_two_values(v: View, per: dict[str, dict[str, list[Any]]]) -> Iterator[Hit]:
    """One finding for a setting every compared device states, with different values ("SMT
    enabled" on one, "SMT disabled" on the other); returns the values it covered."""
    by_setting: dict[str, dict[str, list[str]]] = {}  # setting -> device -> its values
    for d, vals in per.items():
        for val in vals:
            key = _SWITCH_RE.sub(" ", val).strip().lower()
            if key and key != val.lower():
                by_setting.setdefault(key, {}).setdefault(d, []).append(val)
    covered: set[str] = set()
    for _key, devs in sorted(by_setting.items()):
        values = {val for vals in devs.values() for val in vals}
        if set(devs) != v.compared or len(values) < 2:
            continue
        covered |= values
        c = min((c for d, vals in devs.items() for val in vals for c in per[d][val]),
                key=lambda c: _place(v, c))  # fmt: skip
        shown = "; ".join(f"{v.name(d)}: {', '.join(devs[d])}" for d in sorted(devs))
        yield Hit(c.start, c.end,
                  f"the devices ran with different settings ({shown}): they were not "
                  f"configured alike", {"settings": {d: devs[d] for d in sorted(devs)}})  # fmt: skip
    return covered


def _place(v: View, c: Any) -> tuple[int, int]:
    """Where to point: a sentence that sets the configuration, else a table cell, else the
    first mention."""
    s = v.sentence_at(c.start)
    if s is not None and CONFIG_VERB_RE.search(s.text):
        return 0, c.start
    return (1 if v.cell_at(c.start) is not None else 2), c.start


def _tuned_other(v: View, c: Any, device: str) -> bool:
    s0, s1 = v.bounds(c.start)
    return bool(TUNED_RE.search(v.doc.text, s0, s1)) and bool(v.devices_in(s0, s1) - {device})
