"""S001 license-capped: results at or above a device's licensed rate, text saying a
license capped or was exceeded by a result, devices licensed at different levels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.models import Condition
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.setup_terms import (
    MAX_LISTED,
    NEAR_CAP,
    THROUGHPUT_FAMILIES,
    clip,
    fmt_number,
    gbps,
    listed,
)
from claimcheck.rules.spans import Spans

_I = re.IGNORECASE


_LIC = r"licen[cs]\w*"
LICENSE_WORD_RE = lazyre.compile(_LIC, _I)
# A licence set or was exceeded by a result: the construction, in any wording, is a
# limiting relation between a result and a licence within one clause, in either order:
# - the licence as the agent of a limit ("the licence throttled it", "its licence was what
#   capped ...", "licensing limitations", "the licence was the limiting factor");
# - a result limited, held or levelled off by, to, at or because of a licence ("held to its
#   licensed rate", "restricted due to licensing", "flattened at its 5 Gbps licence");
# - a result above or beyond a licence ("more than its licence allows", "above their
#   licensed throughput", "exceeds the licensing limit");
# - a result that reached a licence's limit ("hit its licence cap").
_LIMITS = (
    r"limit\w*|capp?(?:s|ed|ing)?|throttl\w*|restrict\w*|constrain\w*|bound(?:s|ed)?"
    r"|held|holds?|holding|gat(?:es|ed|ing)|bottleneck\w*|ceiling|cause"
)
# the licence as the agent: a limiting verb, or "was (what|the) ..." a limit's cause
_AGENT = (
    r"limit(?:s|ed)|capp(?:s|ed)|caps|throttl(?:es|ed)|restrict(?:s|ed)|constrain(?:s|ed)"
    r"|held|holds|bound(?:s|ed)|gat(?:es|ed)|(?:was|is|were)\s+(?:what|the)\s+\w+"
)
_PLATEAU = r"level\w*[ -]off|flatten\w*|plateau\w*|topped\s+out|stall\w*|pinned"
LICENSE_CUES = [
    lazyre.compile(rf"\b{_LIC}\b[^.;,]{{0,40}}?\b(?:{_AGENT})\b", _I),
    lazyre.compile(rf"\b{_LIC}\s+(?:limitation|limiting)s?\b(?!\s+(?:is|are)\s+not)", _I),
    lazyre.compile(rf"\b(?:{_LIMITS}|{_PLATEAU})\b[^.;]{{0,30}}?\b(?:by|to|at|due\s+to|because\s+of"
               rf"|based\s+(?:up)?on|from)\b[^.;]{{0,25}}?\b{_LIC}", _I),
    lazyre.compile(rf"\b(?:limiting\s+factor|bottleneck)\b[^.;]{{0,30}}?\b(?:was|is|were)\s+"
               rf"(?:the\s+|its\s+|their\s+)?{_LIC}", _I),
    lazyre.compile(rf"\b(?:above|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beyond|over|more\s+than"
               rf"|higher\s+than|outperform\w*)\s+(?:(?:the|their|its|his|her|a|an)\s+)?"
               rf"(?:[\w-]+\s+){{0,2}}?{_LIC}\b", _I),
    lazyre.compile(rf"\b(?:hit|hits|reached|reaches|reaching|hitting|ran\s+into|sat\s+at|sits\s+at)\s+"
               rf"(?:the|its|their)\s+(?:[\w.~-]+\s+){{0,3}}?{_LIC}\s+(?:limit|cap|ceiling|level|rate)",
               _I),
]  # fmt: skip
# "the licence cap played no part in it", "never hit the license", "the licence
# never limited it": the relation negated, not a cap.
LICENSE_NOT_RE = lazyre.compile(
    r"\b(?:never|not|no)\s+(?:\w+\s+){0,3}?(?:hit|reach\w*|approach\w*|part|effect|impact|affect\w*"
    r"|limit\w*|capp?\w*|throttl\w*|restrict\w*|constrain\w*|held|hold\w*)\b",
    _I,
)


@check("license_capped")
def license_capped(facts: FactStore) -> Iterator[Hit]:
    """S001: a result at/above a device's licensed rate; text saying a license capped or was
    exceeded by a result; compared devices licensed at different levels."""
    ex = facts.extraction
    v = facts.view
    caps: dict[str, list[tuple[Condition, float]]] = {}
    capped_at: list[tuple[int, int]] = []
    for c, devs in v.conditions("license_cap"):
        g = gbps(float(c.value.get("value", 0)), str(c.value.get("unit", ""))) if isinstance(
            c.value, dict) else None  # fmt: skip
        if not g:
            continue
        capped_at.append((c.start, c.end))
        for d in devs:
            caps.setdefault(d, []).append((c, g))
    cap_spans = Spans(capped_at)
    reported: set[tuple[str, str | None]] = set()
    for m in ex.measurements:
        if (
            (m.kind != "measured" or m.role != "result")
            or m.source == "derived"
            or m.device not in caps
        ):
            continue
        value = gbps(m.value, m.unit)
        if value is None or cap_spans.overlaps(m.start, m.end):
            continue
        if m.metric not in THROUGHPUT_FAMILIES or v.hedged_at(m.start):
            continue
        same = [g for c, g in caps[m.device] if c.test and c.test == m.test]
        cap = max(same or [g for _, g in caps[m.device]])
        if value >= NEAR_CAP * cap and (m.device, m.test) not in reported:
            reported.add((m.device, m.test))
            where = "above" if value > cap * 1.005 else "at"
            yield Hit(m.start, m.end,
                      f"{v.name(m.device)}: {m.text} is {where} its licensed {fmt_number(cap)} Gbps "
                      f"({value / cap:.0%} of the cap): the license, not the device, may set "
                      f"this result", {"measured_gbps": value, "license_gbps": cap})  # fmt: skip
    yield from _license_text(v, reported, set(caps))
    yield from _license_levels(v, caps)


def _license_text(
    v: View, reported: set[tuple[str, str | None]], capped: set[str]
) -> Iterator[Hit]:
    last_devices: dict[int, set[str]] = {}
    licence = {i for i, _ in v.texts.search(LICENSE_WORD_RE)}
    for i, s in enumerate(v.sentences):
        named = v.devices_in(s.start, s.end)
        if named:
            last_devices[s.block] = named
        if s.hedged or i not in licence:
            continue
        m = next((m for rx in LICENSE_CUES if (m := rx.search(s.text))), None)
        if m is None or LICENSE_NOT_RE.search(s.text):
            continue
        if named:  # the device the cue is said of: the subject nearest before it
            devices = v.attribute(s.start + m.start(), s.start + m.end(), named)
        else:
            devices = last_devices.get(s.block, set())
        devices &= v.compared
        if capped and len(named) != 1:  # several devices named: only licensed ones can be capped
            devices &= capped
        key_test = s.test or v.doc.blocks[s.block].section
        fresh = sorted(d for d in devices if (d, key_test) not in reported)
        if not fresh:
            continue
        reported.update((d, key_test) for d in fresh)
        names = ", ".join(v.name(d) for d in fresh)
        yield Hit(s.start + m.start(), s.start + m.end(),
                  f"the report says a license capped or was exceeded by the result of {names} "
                  f'("{clip(m.group(0), 60)}"): the figure shows the license, not the device, '
                  f"and is not comparable with unlicensed devices",
                  {"devices": fresh, "cue": m.group(0)})  # fmt: skip


def _license_levels(v: View, caps: dict[str, list[tuple[Condition, float]]]) -> Iterator[Hit]:
    levels = {d: max(g for _, g in cs) for d, cs in caps.items() if d in v.compared}
    if len(set(levels.values())) < 2:
        return
    top = max(levels.values())
    # every device below the top gets a finding, each listing the levels: at most
    # MAX_LISTED of them, or the findings would grow with the square of the devices
    ranked = sorted(levels.items())
    shown = dict(ranked[:MAX_LISTED])
    listing = listed([f"{v.name(d)} {fmt_number(g)} Gbps" for d, g in shown.items()], len(levels))
    evidence = {"licenses_gbps": shown if len(levels) > MAX_LISTED else levels}
    for d, g in ranked:
        if g < top:
            c = caps[d][0][0]
            yield Hit(c.start, c.end,
                      f"devices licensed at different levels are compared head to head "
                      f"({listing})", evidence)  # fmt: skip
