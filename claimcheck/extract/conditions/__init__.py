"""Test conditions behind the figures of a performance report.

Three entry points, all total (they never raise) and linear in their input:

- :func:`conditions_in_text` for prose (a sentence, paragraph or list item);
- :func:`conditions_in_command` for a tool command line or tool configuration;
- :func:`condition_from_cell` for one table cell under its column header.

Condition names and value shapes follow ``spec/conditions.md``. A condition in a sentence
about other vendors' practice, or in a warning, is marked ``hedged`` so that rules can
ignore it; "no session reuse" and the like are marked ``negated``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import replace

from claimcheck import lazyre
from claimcheck.extract.conditions import device, http, load, method, tls, tools
from claimcheck.extract.conditions.base import (
    HEDGE_CUES,
    TOPIC_CUES,
    Ctx,
    RawCondition,
    pattern_gate_hints,
)
from claimcheck.extract.conditions.cells import cell_condition
from claimcheck.extract.conditions.commands import command_conditions
from claimcheck.extract.conditions.configs import config_conditions
from claimcheck.extract.cuescan import Window

__all__ = [
    "HEDGE_CUES",
    "TOPIC_CUES",
    "RawCondition",
    "condition_from_cell",
    "conditions_in_command",
    "conditions_in_text",
    "pattern_gate_hints",
]

Detector = Callable[[Ctx], list[RawCondition]]
DETECTORS: list[Detector] = [
    *http.DETECTORS, *tls.DETECTORS, *load.DETECTORS, *device.DETECTORS, *method.DETECTORS,
    tools.test_mode,
]  # fmt: skip

# Each detector's gate bit and the detector without its gate (the bit is tested instead).
_UNGATED: list[tuple[int, Detector]] = [
    (getattr(d, "bit", -1), getattr(d, "__wrapped__", d)) for d in DETECTORS
]
_TOOLS_BIT: int = tools.traffic_generator.bit  # type: ignore[attr-defined]
_VERSION_BIT: int = device.software_version.bit  # type: ignore[attr-defined]

# "Label: value" list items are read like a table cell under the label.
LABEL_RE = lazyre.compile(
    r"^[ \t]*+(?:[-*•][ \t]*+)?(?P<label>[A-Za-z][^:\n]{1,60}?)[ \t]*+:[ \t]*(?=\S)"
)
# A tool invocation inside prose: "we ran `wrk -t4 -c200 -d60s`".
INLINE_COMMAND_RE = lazyre.compile(
    r"(?<![\w./-])(?:wrk2?|ab|h2load|autocannon|hey|oha|bombardier|vegeta[ \t]+attack|k6[ \t]+run"
    r"|locust|iperf3?|netperf|ping|siege|httperf)[ \t]+(?=-)"
)
REPEAT_GAP = 24  # the same value again within this many characters of a sentence is a repeat
MAX_LABEL_VALUE = 150  # "Label: value" items longer than this are prose, not a cell
_NEXT_ITEM_RE = lazyre.compile(r"(?<![ \t])[ \t]+[-*•][ \t]+(?=[A-Z])")
_COMMAND_END_RE = lazyre.compile(r"`|[.;,](?:\s|$)|\s(?:and|then|with|to|for|on|against)\s")


def conditions_in_text(
    text: str, offset: int = 0, gate_hint: int = -1, cues: Window | None = None
) -> list[RawCondition]:
    """Conditions stated in prose: one sentence, paragraph or list item.

    Spans are ``offset`` + index into ``text``; ``text[start - offset:end - offset]``
    is the matched phrase. ``gate_hint``: the text's mask from :func:`pattern_gate_hints`
    (-1: unknown); ``cues``: the text's window of a document's one scan
    (:func:`claimcheck.extract.cuescan.block_windows`), else the text is scanned alone.
    """
    try:
        return _in_text(text, offset, gate_hint, cues)
    except Exception:  # total by contract: a bad input yields nothing, not an error
        return []


def conditions_in_command(text: str, offset: int = 0) -> list[RawCondition]:
    """Conditions set by a load-tool command line or configuration (wrk, ab, h2load,
    autocannon, hey, vegeta, k6 options, ...), plus the errors its output reports.
    Nothing here is hedged."""
    try:
        ctx = Ctx(text)
        found = command_conditions(text) + config_conditions(text)
        found += _safe(load.errors, ctx)  # tool output: "Non-2xx or 3xx responses: 3686"
        return _finish(ctx, _dedupe(found), offset, hedge=False)
    except Exception:
        return []


def condition_from_cell(header: str, cell: str, start: int, end: int) -> RawCondition | None:
    """The condition one table cell sets under its column header, or None.

    ``start``/``end`` are the cell's source span; ``text`` is the cell as given.
    """
    try:
        if not isinstance(header, str) or not isinstance(cell, str):
            return None
        return cell_condition(header, cell, start, end)
    except Exception:
        return None


def _in_text(
    text: str, offset: int, gate_hint: int = -1, cues: Window | None = None
) -> list[RawCondition]:
    if not isinstance(text, str) or not text.strip():
        return []
    ctx = Ctx(text, gate_hint, cues)
    found: list[RawCondition] = []
    open_gates = ctx.open_gates  # every gate decided at once; closed detectors are not called
    generators = _safe(tools.traffic_generator.__wrapped__, ctx) if open_gates & _TOOLS_BIT else []
    found += generators
    commands: list[tuple[int, int]] = []
    for m in ctx.finditer(INLINE_COMMAND_RE):
        stop = _COMMAND_END_RE.search(text, m.end(), min(len(text), m.end() + 300))
        end = stop.start() if stop else min(len(text), m.end() + 300)
        found += [_shift(c, m.start()) for c in command_conditions(text[m.start() : end])]
        commands.append((m.start(), end))
    for bit, detector in _UNGATED:
        if open_gates & bit:
            # a command's options mean what its tool says ("ping -c 30000" counts probes)
            found += [c for c in _safe(detector, ctx) if not _inside(c, commands)]
    if open_gates & _VERSION_BIT:
        skip = [(c.start, c.end) for c in generators if c.value.get("version")]
        found += _safe(lambda c: device.software_version.__wrapped__(c, skip), ctx)
    label = LABEL_RE.match(text)  # last, so that prose matches with tighter spans win
    if label:
        bullet = _NEXT_ITEM_RE.search(text, label.end())
        end = bullet.start() if bullet else len(text)
        if end - label.end() <= MAX_LABEL_VALUE:
            cell = condition_from_cell(
                label.group("label"), text[label.end() : end], label.end(), end
            )
            if cell is not None:
                found.append(cell)
    return _finish(ctx, _dedupe(found), offset, hedge=True)


# What a command line's options set (commands.py reads them with the tool's own table);
# other conditions inside a command ("127.0.0.1": where the client runs) are the prose's.
COMMAND_SET = frozenset({"load_setting", "duration", "pipelining", "requests_per_connection",
                         "object_size", "cipher", "tls_version", "profile", "processing_layer"})  # fmt: skip


def _inside(c: RawCondition, spans: list[tuple[int, int]]) -> bool:
    """A condition an inline command's options set, read by a prose detector."""
    return c.name in COMMAND_SET and any(a <= c.start and c.end <= b for a, b in spans)


def _safe(detector: Detector, ctx: Ctx) -> list[RawCondition]:
    try:
        return detector(ctx)
    except Exception:  # one faulty pattern must not cost the other conditions
        return []


def _shift(c: RawCondition, by: int) -> RawCondition:
    return replace(c, start=c.start + by, end=c.end + by)


def _dedupe(found: list[RawCondition]) -> list[RawCondition]:
    """Drop a condition overlapping an earlier one of the same name and value, or of the
    same name where the earlier span contains it. Earlier detectors win."""
    kept: list[RawCondition] = []
    by_name: dict[str, tuple[list[int], list[RawCondition]]] = {}
    longest: dict[str, int] = {}  # the longest span kept per name bounds the look-back
    for c in found:
        starts, items = by_name.setdefault(c.name, ([], []))
        reach = longest.get(c.name, 0)
        i = bisect_left(starts, c.end)  # candidates start before c ends ...
        clash = False
        while i > 0 and starts[i - 1] >= c.start - reach:  # ... and can still reach c
            i -= 1
            k = items[i]
            if k.end > c.start and (k.value == c.value or (k.start <= c.start and c.end <= k.end)):
                clash = True
                break
        if not clash:
            j = bisect_left(starts, c.start)
            starts.insert(j, c.start)
            items.insert(j, c)
            kept.append(c)
            longest[c.name] = max(reach, c.end - c.start)
    return kept


def _finish(ctx: Ctx, found: list[RawCondition], offset: int, hedge: bool) -> list[RawCondition]:
    if not found:
        return []
    flags = ctx.hedge_flags(positional=True) if hedge else []
    out = []
    last_end: dict[tuple[str, str, int], int] = {}
    for c in sorted(found, key=lambda c: (c.start, c.end)):
        sentence = ctx.sentence_index(c.start)
        key = (c.name, repr(c.value), sentence)
        if key in last_end and c.start - last_end[key] <= REPEAT_GAP:
            continue  # "FIN, ACK, FIN, ACK": one condition for a repeat close by
        last_end[key] = c.end
        hedged = bool(flags) and (flags[sentence] or ctx.after_positional_cue(c.start))
        out.append(replace(c, start=c.start + offset, end=c.end + offset, hedged=hedged))
    return out
