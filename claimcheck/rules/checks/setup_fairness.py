"""S rules: were the devices tested on equal terms?

Registered checks (rule files name them):

- ``license_capped`` (S001): results at or above a device's licensed rate, text saying a
  license capped or was exceeded by a result, devices licensed at different levels;
- ``per_device_load`` (S002): load-generator settings chosen per device;
- ``asymmetric_testbed`` (S003): different hardware, instance types or interfaces per device;
- ``asymmetric_configuration`` (S004): a profile, mode or tuning set for some devices only;
- ``bottleneck_not_dut`` (S005): the traffic generator, a link, a cloud instance's baseline
  bandwidth, the host or the backends limit the result instead of the device;
- ``one_sided_test`` (S006): a test run on only one of the compared devices;
- ``small_sample`` (S009): a pass/fail or rate claim resting on few transactions or a short run;
- ``advertised_as_measured`` (S010): advertised figures standing in for measured ones;
- ``errors_in_results`` (S012): rates that include failed responses, error counts not set
  beside the rates.

The checks read the extracted facts (conditions, measurements, devices, claims). Where a
fact has no extracted form (a sentence saying a license capped a result, a generator
that hit its limit), a short list of cue patterns, documented next to each pattern, reads
the report's own sentences. A sentence that describes others' practice or warns about it
(hedged, see ``claimcheck.extract.conditions.base.HEDGE_CUES``) never fires.

Per-device settings stated in prose are re-bound to the device the sentence states them
for (``View.attribute``): the extractor gives them to every device named before them.

Every check is linear in the input: facts are indexed by device and by position first.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.benchtests import assign_tests, parse_test_name
from claimcheck.extract.conditions import conditions_in_text
from claimcheck.extract.conditions.base import HEDGE_CUES, NUM, TOPIC_RE, Ctx, to_int
from claimcheck.extract.conditions.load import errors as error_detector
from claimcheck.models import Cell, Condition, Document, Extraction, Measurement, Row
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.runcache import per_document
from claimcheck.rules.textgate import Texts
from claimcheck.units import convert, is_bit_rate

_I = re.IGNORECASE
PROSE_KINDS = {"paragraph", "list_item", "footnote", "heading"}
THROUGHPUT_FAMILIES = {"throughput", "ssl_throughput", "compression_throughput"}


# --- the document view shared by the checks ---------------------------------------------------


@dataclass(frozen=True)
class Sentence:
    """One prose sentence with its source span, block, test and hedge flag."""

    start: int
    end: int
    text: str
    block: int
    hedged: bool
    test: str | None


# Others' practice, beyond the extractor's hedge cues: "several public reviews quote ...",
# "other benchmarks run ...", "many vendor reports ...".
OTHERS_RE = lazyre.compile(
    r"\b(?:other|several|many|some|most|public|published|third[ -]party|competing|competitors?'?)"
    r"\s+(?:\w+\s+)?(?:reviews|reports|publications|studies|write-?ups|blog\s+posts|vendors)\b"
    r"|\b(?:other|public|published|third[ -]party|competitors?'?)\s+benchmarks\b", _I)  # fmt: skip
# Devices joined into one subject: "the ACE and the BIG-IP", "A, B and C".
# Both gap patterns are matched over the text between two mentions; their bounded runs keep
# a search from scanning a long run again from each of its characters.
COORD_GAP_RE = lazyre.compile(
    r"\s{0,40}+(?:[\w-]{1,30}\s++){0,2}?(?:and|&|or|as well as|plus|,)\s*(?:and\s+)?(?:the\s+|both\s+)?",
    _I,
)


def _coordinated(runs: list[list[Any]], text: str, end: int) -> set[str]:
    """The first device of ``runs``, with the devices coordinated after it when a group word
    leads them ("on both the A and the B"); without one, "on the A, and the B did ..." may
    open another clause."""
    group = {runs[0][2]}
    if not GROUP_WORD_RE.search(text, end, runs[0][0]):
        return group
    for prev, nxt in zip(runs, runs[1:], strict=False):
        if not COORD_GAP_RE.fullmatch(text, prev[1], nxt[0]):
            break
        group.add(nxt[2])
    return group


# A setting bound to the device named right after it: "FastHTTP profile for the BIG-IP".
FOLLOW_GAP_RE = lazyre.compile(
    r"\s{0,40}+(?:[\w-]{1,30}\s++){0,2}?(?:for|on|of|in|to)\s+(?:both\s+|all\s+)?(?:the\s+|its\s+)?",
    _I,
)
GROUP_WORD_RE = lazyre.compile(r"\b(?:both|all|each|every)\b", _I)
_HEADING_TRIM_RE = lazyre.compile(r"^[#\s*_]+(?:[\s*_#:]*$)?|(?<![\s*_#:])[\s*_#:]+$")


def _norm_heading(text: str | None) -> str:
    return _HEADING_TRIM_RE.sub("", text or "").strip().lower()


class View:
    """Sentences, device mentions and cells of one document, indexed once."""

    def __init__(self, doc: Document, ex: Extraction) -> None:
        self.doc, self.ex = doc, ex
        _, self.block_test = assign_tests(doc)
        self.block_starts = [b.start for b in doc.blocks]
        found: list[Sentence] = []
        for bi, (block, test) in enumerate(zip(doc.blocks, self.block_test, strict=True)):
            if block.table is not None or block.kind not in PROSE_KINDS:
                continue
            ctx = Ctx(block.text)
            for (s, e), hedged in zip(ctx.sentences, ctx.hedge_flags(), strict=True):
                text = block.text[s:e]
                if text.strip():
                    found.append(Sentence(block.start + s, block.start + e, text, bi, hedged, test))
        # the sentences' texts, to find those a cue pattern may match without running it on all
        self.texts = Texts([s.text for s in found])
        others = {i for i, _ in self.texts.search(OTHERS_RE)}
        self.sentences = [replace(s, hedged=True) if i in others and not s.hedged else s
                          for i, s in enumerate(found)]  # fmt: skip
        self.block_first: dict[int, Sentence] = {}
        for sent in self.sentences:
            self.block_first.setdefault(sent.block, sent)
        self.sent_starts = [s.start for s in self.sentences]
        self.cells: list[tuple[int, int, int, Cell, Row]] = []  # start, end, block, cell, row
        for bi, block in enumerate(doc.blocks):
            if block.table is not None:
                for row in block.table.rows:
                    for cell in row.cells:
                        self.cells.append((cell.start, cell.end, bi, cell, row))
        self.cells.sort(key=lambda c: c[0])
        self.cell_starts = [c[0] for c in self.cells]
        self.quantities = sorted(ex.quantities, key=lambda q: q.start)
        self.q_starts = [q.start for q in self.quantities]
        self.mentions = sorted((m.start, m.end, d.id) for d in ex.devices for m in d.mentions)
        self.mention_starts = [m[0] for m in self.mentions]
        self.names = {d.id: d.name for d in ex.devices}
        measured = {m.device for m in ex.measurements if m.device and m.source != "derived"}
        self.compared = measured if len(measured) >= 2 else set(self.names)
        self.section_device: dict[str, str] = {}
        for block in doc.blocks:
            if block.kind == "heading":
                named = {d for _, _, d in self.mentions_in(block.start, block.end)}
                if len(named) == 1:
                    self.section_device[_norm_heading(block.text)] = named.pop()
        self._attributed: dict[tuple[str, int, int], set[str]] = {}
        self._groups: dict[str, list[tuple[Condition, set[str]]]] = {}

    # -- positions ---------------------------------------------------------------------------

    def sentence_at(self, offset: int) -> Sentence | None:
        """The prose sentence holding a source offset."""
        i = bisect_right(self.sent_starts, offset) - 1
        if i >= 0 and self.sentences[i].start <= offset < self.sentences[i].end:
            return self.sentences[i]
        return None

    def cell_at(self, offset: int) -> tuple[int, int, int, Cell, Row] | None:
        """The table cell holding a source offset."""
        i = bisect_right(self.cell_starts, offset) - 1
        if i >= 0 and self.cells[i][0] <= offset < max(self.cells[i][1], self.cells[i][0] + 1):
            return self.cells[i]
        return None

    def block_index(self, offset: int) -> int | None:
        """Index of the block holding a source offset."""
        i = bisect_right(self.block_starts, offset) - 1
        if i >= 0 and self.doc.blocks[i].start <= offset < self.doc.blocks[i].end:
            return i
        return None

    def bounds(self, offset: int) -> tuple[int, int]:
        """The sentence, cell or block around an offset."""
        s = self.sentence_at(offset)
        if s is not None:
            return s.start, s.end
        c = self.cell_at(offset)
        if c is not None:
            return c[0], c[1]
        bi = self.block_index(offset)
        if bi is not None:
            return self.doc.blocks[bi].start, self.doc.blocks[bi].end
        return offset, offset

    def mentions_in(self, start: int, end: int) -> list[tuple[int, int, str]]:
        """Device mentions starting in [start, end)."""
        i = bisect_right(self.mention_starts, start - 1)
        out = []
        while i < len(self.mentions) and self.mentions[i][0] < end:
            out.append(self.mentions[i])
            i += 1
        return out

    def devices_in(self, start: int, end: int) -> set[str]:
        """Devices named in [start, end)."""
        return {d for _, _, d in self.mentions_in(start, end)}

    # -- which device a condition belongs to ---------------------------------------------------

    def attribute(self, start: int, end: int, fallback: set[str]) -> set[str]:
        """The devices a setting at [start, end) is stated for.

        The extractor gives a per-device setting in prose to every device named before it
        in the sentence; here it goes to the device it is bound to: a device named right
        before it ("F5 FastL4"), the device after "for/on" ("FastHTTP profile for the
        BIG-IP"), else the nearest device named before it together with any devices
        coordinated with that one ("the ACE and the BIG-IP were ..."), else the next one.
        """
        s0, s1 = self.bounds(start)
        runs: list[list[Any]] = []
        for ms, me, d in self.mentions_in(s0, s1):
            if runs and runs[-1][2] == d and ms - runs[-1][1] <= 2:
                runs[-1][1] = max(runs[-1][1], me)
            else:
                runs.append([ms, me, d])
        text = self.doc.text
        before = [r for r in runs if r[1] <= start]
        after = [r for r in runs if r[0] >= end]
        if before and start - before[-1][1] <= 3:
            return {before[-1][2]}
        if after and after[0][0] - end <= 40 and FOLLOW_GAP_RE.fullmatch(text, end, after[0][0]):
            return _coordinated(after, text, end)
        if not before and after and GROUP_WORD_RE.search(text, s0, start):
            return fallback or {r[2] for r in after}  # "both ran at 1024 SimUsers and the A ..."
        if before:
            group = {before[-1][2]}
            i = len(before) - 1
            while i > 0 and COORD_GAP_RE.fullmatch(text, before[i - 1][1], before[i][0]):
                group.add(before[i - 1][2])
                i -= 1
            return group
        if after:
            return _coordinated(after, text, end)
        return fallback

    def conditions(self, name: str) -> list[tuple[Condition, set[str]]]:
        """The report's own conditions of one name (not hedged, not negated), one per span,
        each with the devices it applies to (empty: it applies to all)."""
        if name in self._groups:
            return self._groups[name]
        spans: dict[tuple[int, int, str], list[Condition]] = {}
        for c in self.ex.conditions:
            if c.name == name and not c.hedged and not c.negated:
                spans.setdefault((c.start, c.end, repr(c.value)), []).append(c)
        out = []
        for cs in spans.values():
            c = cs[0]
            named = {x.device for x in cs if x.device}
            if named and c.source in ("text", "list"):
                named = self.attribute(c.start, c.end, named)
            elif not named:
                dev = self.section_device.get(_norm_heading(c.section))
                named = {dev} if dev else set()
            out.append((c, named))
        out.sort(key=lambda x: x[0].start)
        self._groups[name] = out
        return out

    def name(self, device: str) -> str:
        """A device's display name."""
        return self.names.get(device, device)

    def matching(self, *patterns: Any) -> list[Sentence]:
        """The sentences (hedged or not, in order) where any of ``patterns`` may match: the
        others cannot match any of them."""
        return [self.sentences[i] for i in self.texts.any_of(*patterns)]

    def says(self, pattern: Any) -> bool:
        """Some sentence of the report's own (not hedged) matches ``pattern``."""
        return any(not self.sentences[i].hedged for i, _ in self.texts.search(pattern))

    def hedged_at(self, offset: int) -> bool:
        """True when the sentence at ``offset`` describes others' practice."""
        s = self.sentence_at(offset)
        return bool(s and s.hedged)


class Spans:
    """Source spans with an overlap test in O(log n) (the spans are short)."""

    MAX = 2000  # no span indexed here is longer than this

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._spans = sorted(spans)
        self._starts = [s for s, _ in self._spans]

    def add(self, start: int, end: int) -> None:
        """Index one more span (a list insertion: build from all the spans at once where
        there are many)."""
        i = bisect_right(self._starts, start)
        self._spans.insert(i, (start, end))
        self._starts.insert(i, start)

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps an indexed span."""
        i = bisect_right(self._starts, end - 1)
        while i > 0 and self._starts[i - 1] > start - self.MAX:
            i -= 1
            if self._spans[i][1] > start:
                return True
        return False


def view(doc: Document, ex: Extraction) -> View:
    """The View of a document, built once per run of the rules (the checks share it)."""
    v = per_document(doc, View, lambda: View(doc, ex))
    return v if v.ex is ex else View(doc, ex)


def _fmt(value: float) -> str:
    return f"{value:,.4g}" if value != int(value) or abs(value) >= 1e6 else f"{int(value):,}"


def _gbps(value: float, unit: str) -> float | None:
    try:
        return convert(value, unit, "Gbps") if unit and is_bit_rate(unit) else None
    except Exception:  # noqa: BLE001 - an odd unit: not comparable
        return None


def _clip(text: str, n: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


MAX_LISTED = 12  # devices a message lists (one finding per device must not list them all)


def _listed(shown: list[str], total: int, sep: str = ", ") -> str:
    """``shown`` joined with ``sep``, and how many more there are of ``total``."""
    listing = sep.join(shown)
    return f"{listing} and {total - len(shown)} more" if total > len(shown) else listing


# --- S001 license-capped --------------------------------------------------------------------

NEAR_CAP = 0.95  # a result within 5% of the licensed rate is at the cap
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
def license_capped(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S001: a result at/above a device's licensed rate; text saying a license capped or was
    exceeded by a result; compared devices licensed at different levels."""
    v = view(doc, ex)
    caps: dict[str, list[tuple[Condition, float]]] = {}
    capped_at: list[tuple[int, int]] = []
    for c, devs in v.conditions("license_cap"):
        g = _gbps(float(c.value.get("value", 0)), str(c.value.get("unit", ""))) if isinstance(
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
        value = _gbps(m.value, m.unit)
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
                      f"{v.name(m.device)}: {m.text} is {where} its licensed {_fmt(cap)} Gbps "
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
                  f'("{_clip(m.group(0), 60)}"): the figure shows the license, not the device, '
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
    listing = _listed([f"{v.name(d)} {_fmt(g)} Gbps" for d, g in shown.items()], len(levels))
    evidence = {"licenses_gbps": shown if len(levels) > MAX_LISTED else levels}
    for d, g in ranked:
        if g < top:
            c = caps[d][0][0]
            yield Hit(c.start, c.end,
                      f"devices licensed at different levels are compared head to head "
                      f"({listing})", evidence)  # fmt: skip


# --- S002 per-device-load -------------------------------------------------------------------

# A setting applied to one device only: "throttled back for the BIG-IP only".
ONLY_RE = lazyre.compile(r"\b(?:only|solely|exclusively|alone)\b", _I)
BOTH_RE = lazyre.compile(r"\b(?:both|all|each|every)\s+(?:\w+\s+)?(?:devices?|vendors?|DUTs?|"
                     r"products?|platforms?|appliances?|systems?|servers?)\b", _I)  # fmt: skip


def _load_value(value: Any) -> str:
    v = value.get("value")
    unit = "%" if value.get("kind") == "cpu_target" else value.get("unit")
    shown = ", ".join(_fmt(x) for x in v) if isinstance(v, list) else _fmt(float(v))
    return f"{shown} {unit}" if unit else shown


_LOAD_KIND = {"simusers": "SimUsers", "clients": "clients", "vus": "virtual users",
              "connections": "connections", "cpu_target": "CPU target",
              "rate": "offered rate"}  # fmt: skip


@check("per_device_load")
def per_device_load(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S002: load-generator settings (SimUsers, clients, connections, offered load, CPU target)
    that differ between the compared devices or are set for one device only, and comparisons
    drawn across such loads.

    Settings are compared within one table column (a per-device table) or, in prose, within
    one test; one finding per differing setting, at its first statement."""
    v = view(doc, ex)
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
            listing = _listed([f"{v.name(d)}: {', '.join(sorted(vals))}"
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
                s0, s1 = v.bounds(c.start)
                sentence = v.doc.text[s0:s1]
                if _load_value(c.value) in shared.get(kind, set()):
                    continue
                if not ONLY_RE.search(sentence) or BOTH_RE.search(sentence):
                    continue
                yield Hit(c.start, c.end,
                          f"{label} {_load_value(c.value)} was set for {v.name(d)} only: the "
                          f"other devices ran under a different load", {"device": d})  # fmt: skip
    yield from _claims_across_loads(v, differing)


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
            header = v.doc.blocks[bi].table.header
            parsed = parse_test_name(header[col]) if col < len(header) else None
            return (kind, ("table", bi, col)), (parsed[0] if parsed else c.test)
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


# --- S003 asymmetric-testbed ----------------------------------------------------------------

# The report sized each device's links to its capacity: different port counts are fair.
SIZED_RE = lazyre.compile(
    r"\benough\s+(?:\w+\s+)?(?:interfaces|ports|links|uplinks|bandwidth)\b|\bmet\s+or\s+exceeded\b"
    r"|\bsized\s+(?:to|for|according|in\s+proportion)|\b(?:matched|proportional)\s+to\s+(?:its|each"
    r"|the\s+device'?s?)\s+(?:\w+\s+)?(?:capacity|specification|rating|throughput)", _I)  # fmt: skip
_IF_RE = lazyre.compile(r"(?<!\d)(\d+)x(\d+(?:\.\d+)?)(Gbps|GbE|Mbps|MbE)")
_HW_LABEL = {"instance_type": "instance type", "vcpu": "vCPUs", "cores": "cores",
             "memory_gb": "memory (GB)"}  # fmt: skip


_WHOLE = {"vcpu", "cores"}  # counted in whole units on any test bed


def _if_gbps(value: Any) -> float | None:
    m = _IF_RE.fullmatch(str(value))
    if not m:
        return None
    speed = float(m.group(2)) / (1000 if m.group(3).startswith("M") else 1)
    return int(m.group(1)) * speed


@check("asymmetric_testbed")
def asymmetric_testbed(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S003: compared devices on different hardware (instance type, vCPUs, cores, memory) or
    with different interface capacity (unless the report sized links to each device).

    A per-device table is one comparison; settings stated in prose form another."""
    v = view(doc, ex)
    # (group, key) -> device -> shown value -> conditions; group: the table's block or prose
    per: dict[tuple[int, str], dict[str, dict[str, list[Condition]]]] = {}

    def add(c: Condition, devs: set[str], key: str, shown: str) -> None:
        group = (v.block_index(c.start) or 0) if c.source == "table" else -1
        for d in devs & v.compared:
            per.setdefault((group, key), {}).setdefault(d, {}).setdefault(shown, []).append(c)

    for c, devs in v.conditions("hardware"):
        for key, val in c.value.items() if isinstance(c.value, dict) else ():
            try:
                if key in _WHOLE and float(val) != int(float(val)):
                    continue  # "3.4 cores in use" is a measurement: a machine has whole cores
                add(c, devs, key, str(val).lower() if key == "instance_type" else _fmt(float(val)))
            except (TypeError, ValueError):
                continue
    if not v.says(SIZED_RE):
        for c, devs in v.conditions("interfaces"):
            g = _if_gbps(c.value)
            if g:
                add(c, devs, "interfaces", f"{_fmt(g)} Gbps")
    # a figure that changes from one table to the next for every device is a result (memory
    # in use), not a test bed (a test bed changed for one device is a re-test on new hardware)
    across: dict[str, dict[str, list[set[str]]]] = {}  # key -> device -> values per group
    for (_, key), by_dev in per.items():
        for d, vals in by_dev.items():
            across.setdefault(key, {}).setdefault(d, []).append(set(vals))
    varying = set()
    for key, by_dev in across.items():
        again = [groups for groups in by_dev.values() if len(groups) > 1]  # in two tables
        if len(again) >= 2 and all(len(set().union(*groups)) > 1 for groups in again):
            varying.add(key)
    for (_, key), by_dev in per.items():
        if len(by_dev) < 2 or key in varying or any(len(vals) > 1 for vals in by_dev.values()):
            continue  # one device, or several values for one device: nothing to compare
        shown = {d: next(iter(vals)) for d, vals in by_dev.items()}
        if len(set(shown.values())) < 2:
            continue
        label = _HW_LABEL.get(key, "interface capacity")
        listing = "; ".join(f"{v.name(d)}: {val}" for d, val in sorted(shown.items()))
        c = min((cs[0] for vals in by_dev.values() for cs in vals.values()), key=lambda c: c.start)
        yield Hit(c.start, c.end, f"the devices ran on different test beds ({label}: {listing})",
                  {"key": key, "values": shown})  # fmt: skip


# --- S004 asymmetric-configuration ------------------------------------------------------------

DEFAULT_PROFILES = {"standard", "factory defaults", "default", "defaults", "keep-alive"}
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
    # a cell's profiles at offset 0, by its text: tables repeat cell texts row after row
    in_cell: dict[str, list[Any]] = {}
    row_devices: dict[int, set[str]] = {}  # id(row) -> the one device its cells name, if one
    for start, end, bi, cell, row in v.cells:
        block = v.doc.blocks[bi]
        if block.table is None or block.table.kind in ("tool_output", "code"):
            continue
        if covered.overlaps(start, end) or len(cell.text) < 6:
            continue
        if cell.text not in in_cell:
            in_cell[cell.text] = [
                raw for raw in conditions_in_text(cell.text)
                if raw.name == "profile" and not raw.hedged and not raw.negated
            ]  # fmt: skip
        for at_zero in in_cell[cell.text]:  # spans are offset + index (conditions_in_text)
            raw = replace(at_zero, start=at_zero.start + cell.start, end=at_zero.end + cell.start)
            devs = v.attribute(raw.start, raw.end, set())
            if not devs:
                if id(row) not in row_devices:
                    named = {d for _, _, d in v.mentions_in(row.start, row.end)}
                    row_devices[id(row)] = named if len(named) == 1 else set()
                devs = set(row_devices[id(row)])
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
                value = re.sub(r"\s+", " ", m.group(0)).lower()
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
def asymmetric_configuration(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S004: a fast-path profile, SMT/HT handling, offload or tuning stated for some of the
    compared devices and not for the others; one device tuned while another runs defaults."""
    v = view(doc, ex)
    if len(v.compared) < 2:
        return
    per: dict[str, dict[str, list[Any]]] = {}
    for c, devs in _profiles(v):
        value = str(c.value)
        s0, _ = v.bounds(c.start)
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
        odd = [val for val in per[d] if holders[val] != v.compared and val not in settled]
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
                lacking[value] = _listed([v.name(o) for o in without], total)
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


# --- S005 bottleneck-not-dut ------------------------------------------------------------------

# The load generator at its own limit, said in a sentence that names a generator (a tool
# or a generator noun, see _bottleneck_text): a possessive limit reached ("reached its
# ... ceiling"), the generator as the bottleneck, saturated or out of capacity ("could not
# drive more", "its CPU was pegged", "became network-bound"). The same construction as the
# traffic_generator condition's limit (extract/conditions/tools.py).
GENERATOR_NOUN = (r"(?:traffic|load|test)[ -]?generat\w*|\bgenerators?\b|\btest\s+(?:tool|equipment"
                  r"|gear)|\bclient\s+(?:machine|host|VM|instance|node|side|box)s?\b|\btesters?\b"
                  r"|\bload[ -]testing\s+(?:tool|equipment)")  # fmt: skip
GENERATOR_LIMIT_RE = lazyre.compile(
    r"\b(?:reached|hit|hitting|reaching|at)\s+(?:its|their|the)\s+(?:[\w()~.,-]+\s+){0,6}?"
    r"(?:limit|capacity|maximum|ceiling)\b|\b(?:was|were|became|is)\s+(?:the\s+)?"
    r"bottleneck\b|\bmaxed\s+out\b|\btopped\s+out\b|\b(?:could|can)\s*not\s+(?:generate|drive|push"
    r"|produce|offer)\s+(?:any\s+)?(?:more|enough|higher)\b|\b(?:CPU|cores?)\s+(?:was|were)\s+"
    r"(?:pegged|saturated|maxed)\b|\b(?:was|were|became)\s+(?:CPU|network)[ -]bound\b", _I)  # fmt: skip
NEGATION_RE = lazyre.compile(r"\b(?:not|never|no|without|below|under|short\s+of)\b[^.;]{0,25}$", _I)
# A plateau at the line rate, a saturated link: the link, not the device, set the figure.
LINK_RES = [
    lazyre.compile(r"\b(?:plateau\w*|level\w*[ -]off|topped\s+out|flatten\w*|capped|limited|bounded"
               r"|constrained|maxed\s+out|saturat\w*|reached|hit|ran)\b[^.;]{0,40}?\b(?:line[ -]rate"
               r"|wire[ -]speed)\b", _I),
    lazyre.compile(r"\b(?:line[ -]rate|wire[ -]speed|link\s+(?:speed|capacity|bandwidth)|(?:port|NIC"
               r"|interface|uplink)\s+(?:speed|capacity|bandwidth))\b[^.;]{0,30}?\b(?:was|were"
               r"|became)\s+(?:the\s+)?(?:bottleneck|limit(?:ing\s+factor)?|ceiling)\b", _I),
    lazyre.compile(r"\b(?:saturat\w*|maxed\s+out|filled)\s+(?:the\s+|its\s+|their\s+|both\s+|all\s+)?"
               r"(?:\d+(?:\.\d+)?\s?G(?:bE|bps|igE|b|bit)?\s+)?(?:network\s+)?(?:links?|uplinks?"
               r"|ports?|interfaces?|NICs?)\b", _I),
    lazyre.compile(r"\b(?:limited|capped|bounded|constrained|bottlenecked)\s+by\s+(?:the\s+)?"
               r"(?:\d+(?:\.\d+)?\s?G\w*\s+)?(?:links?|uplinks?|ports?|interfaces?|NICs?|network"
               r"\s+(?:links?|interfaces?|cards?))\b", _I),
]  # fmt: skip
NOT_PLACEMENT_RE = lazyre.compile(r"(?<!\s)\s*(?:types?|class|model|size|family|sku|spec\w*)\b", _I)
# Backends the report calls the bottleneck.
BACKEND_RE = lazyre.compile(r"\b(?:back-?end|upstream|origin|application|web|real)\s+servers?\b"
                        r"|\bback-?ends?\b|\bserver\s+pools?\b|\bupstreams?\b", _I)  # fmt: skip
BOTTLENECK_RE = lazyre.compile(r"\b(?:bottleneck\w*|limiting\s+factor|saturated|maxed\s+out|ran\s+out"
                           r"\s+of|could\s*not\s+keep\s+up)\b", _I)  # fmt: skip
# A burstable bandwidth allowance (a cloud instance's or a shaped link's), the construction
# in any wording: a bit rate labelled as the baseline, base, guaranteed or committed rate
# (before or after the figure), or a rate followed by a higher burst or peak allowance
# ("1.25 Gbps, burstable to 10 Gbps", "2 Gbps (bursts up to 12 Gbps)") in a sentence about
# an instance, a VM or network bandwidth; or a table column headed "Baseline ..." (see
# _baselines).


@check("bottleneck_not_dut")
def bottleneck_not_dut(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S005: the generator, a link, the instance's baseline bandwidth, a shared host or the
    backends set the result instead of the device."""
    v = view(doc, ex)
    done: set[int] = set()  # sentence starts already reported

    def once(start: int) -> bool:
        key = v.bounds(start)[0]
        if key in done:
            return False
        done.add(key)
        return True

    for c, _ in v.conditions("traffic_generator"):
        limit = c.value.get("limit") if isinstance(c.value, dict) else None
        if limit and once(c.start):
            name = c.value.get("name") or "the traffic generator"
            yield Hit(c.start, c.end,
                      f'{name} reached its own limit ("{_clip(c.text, 60)}"): the result shows the '

                      f"generator's capacity, and the device's limit is unknown",
                      {"generator": name, "limit": limit})  # fmt: skip
    separate = sorted(c.start for c, _ in v.conditions("client_placement") if c.value == "separate")
    for c, _ in v.conditions("client_placement"):
        if c.value != "same_host" or NOT_PLACEMENT_RE.match(doc.text, c.end):
            continue  # "the same host type" is a hardware statement, not a placement
        s0, s1 = v.bounds(c.start)
        if bisect_left(separate, s0) < bisect_left(separate, s1):
            continue  # the same sentence places the client on a separate machine
        if once(c.start):
            yield Hit(c.start, c.end,
                      f'the load generator shares the host with the device under test ("{c.text}"):'
                      f" both compete for the same CPU and memory", {"placement": "same_host"})  # fmt: skip
            break  # one cause, one finding: the first statement of the shared host
    if not any(c.value == "same_host" for c, _ in v.conditions("client_placement")):
        yield from _loopback_commands(v, once)
    yield from _bottleneck_text(v, once)
    yield from _baseline(v, once)
    yield from _link_plateau(v, once)
    yield from _rate_plateau(v, once)


# A load tool pointed at the loopback address runs on the server's own host.
LOOPBACK_COMMAND_RE = lazyre.compile(
    r"(?<![\w./-])(?:wrk2?|ab|h2load|autocannon|hey|oha|bombardier|k6|vegeta|siege|httperf)\b"
    r"[^\n`]{0,200}?\bhttps?://(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)\b"
)


def _loopback_commands(v: View, once: Any) -> Iterator[Hit]:
    for block in v.doc.blocks:
        if block.kind in ("code", "paragraph", "list_item") or _is_tool_block(block):
            m = LOOPBACK_COMMAND_RE.search(v.doc.text, block.start, block.end)
            if m and not v.hedged_at(m.start()) and once(m.start()):
                yield Hit(m.start(), m.end(),
                          "the load tool targets the loopback address, so it runs on the host of "
                          "the server under test and competes with it for CPU",
                          {"placement": "same_host"})  # fmt: skip
                return


def _bottleneck_text(v: View, once: Any) -> Iterator[Hit]:
    names = {re.escape(str(c.value.get("name"))) for c, _ in v.conditions("traffic_generator")
             if isinstance(c.value, dict) and c.value.get("name")}  # fmt: skip
    gen_re = re.compile(GENERATOR_NOUN + ("|" + "|".join(sorted(names)) if names else ""), _I)
    for s in v.matching(GENERATOR_LIMIT_RE, *LINK_RES, BOTTLENECK_RE):
        if s.hedged:
            continue
        hit = None
        m = GENERATOR_LIMIT_RE.search(s.text)
        # the generator is the subject: named before the cue ("the Borealis 7 reached its
        # limit; the load generator had headroom" is the device's limit)
        if (
            m
            and gen_re.search(s.text, 0, m.end())
            and not NEGATION_RE.search(s.text[: m.start()][-40:])
        ):
            hit = (m, "the traffic generator reached its own limit")
        if hit is None:
            m = next((m for rx in LINK_RES if (m := rx.search(s.text))), None)
            if m and not NEGATION_RE.search(s.text[: m.start()][-40:]):
                hit = (m, "the result sits at the link's rate")
        if hit is None:
            m = BOTTLENECK_RE.search(s.text)
            if (
                m
                and BACKEND_RE.search(s.text)
                and not NEGATION_RE.search(s.text[: m.start()][-40:])
            ):
                hit = (m, "the report names the backends as the bottleneck")
        if hit and once(s.start):
            m, what = hit
            yield Hit(s.start + m.start(), s.start + m.end(),
                      f'{what} ("{_clip(m.group(0), 60)}"): the device\'s own limit is unknown',
                      {"cue": m.group(0)})  # fmt: skip


def _baselines(v: View) -> list[tuple[float, str | None, int, int]]:
    """(Gbps, device or None, start, end) of each instance baseline bandwidth the report
    states: in prose ("a baseline bandwidth of 2.3 Gbps", "the 2.5 Gbps baseline") or in a
    table column headed "Baseline ..."."""
    out = []
    qs = [q for q in v.quantities if q.unit and is_bit_rate(q.unit)]
    for q in qs:
        s = v.sentence_at(q.start)
        if s is None or s.hedged:
            continue
        before = v.doc.text[max(s.start, q.start - 45) : q.start]
        after = v.doc.text[q.end : min(s.end, q.end + 45)]
        if not (
            BASELINE_BEFORE_RE.search(before)
            or BASELINE_AFTER_RE.match(after)
            or (BURST_AFTER_RE.match(after) and NETWORK_CONTEXT_RE.search(s.text))
        ):
            continue
        g = _gbps(q.value, q.unit)
        named = v.devices_in(s.start, s.end)
        devs = v.attribute(q.start, q.end, set()) if named else set()
        if g:
            out.append((g, next(iter(devs)) if len(devs) == 1 else None, q.start, q.end))
    for block in v.doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        cols = [
            i
            for i, h in enumerate(table.header)
            if re.search(r"\b(?:base(?:line)?|guaranteed|committed)\b", h, _I)
        ]
        for i in cols:
            unit = re.search(r"\b([GMk]b(?:ps|it/s|/s))\b", table.header[i])
            for row in table.body:
                if i >= len(row.cells):
                    continue
                cell = row.cells[i]
                g = _cell_gbps(cell.text, unit.group(1) if unit else None)
                if g:
                    devs = v.devices_in(row.start, row.end)
                    owner = next(iter(devs)) if len(devs) == 1 else None
                    out.append((g, owner, cell.start, cell.end))
    return out


BASELINE_BEFORE_RE = lazyre.compile(r"\b(?:base(?:line)?|guaranteed|committed)\s++(?:network\s++)?(?:bandwidth|throughput"
                                r"|performance|rate)\s*+(?:of|is|was|:|=)?\s*+(?:about|approximately"
                                r"|roughly|only|just)?\s*$", _I)  # fmt: skip
BASELINE_AFTER_RE = lazyre.compile(
    r"^\s*(?:network\s+)?(?:base(?:line)?|guaranteed|committed)\b(?!\s+(?:test|run|config))", _I
)
BURST_AFTER_RE = lazyre.compile(
    r"^(?:[ \t]++of[ \t]++(?:network[ \t]++)?(?:bandwidth|throughput))?[ \t]*+[(,;]?[ \t]*+(?:(?:with|and)[ \t]++)?(?:(?:a|an)[ \t]++)?(?:burst(?:s|able|ing)?"
    r"|peaks?|peaking)[ \t]++(?:(?:up[ \t]++)?to|of)\b",
    _I,
)
NETWORK_CONTEXT_RE = lazyre.compile(
    r"\b(?:instances?|VMs?|virtual\s+machines?|cloud|network|bandwidth|NICs?|vNICs?|links?)\b", _I
)


def _cell_gbps(text: str, header_unit: str | None) -> float | None:
    m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*([GMk]b(?:ps|it/s|/s))?", text)
    if not m or not (m.group(2) or header_unit):
        return None
    try:
        return _gbps(float(m.group(1).replace(",", "")), (m.group(2) or header_unit or "").replace(
            "bit/s", "bps").replace("b/s", "bps"))  # fmt: skip
    except ValueError:
        return None


def _baseline(v: View, once: Any) -> Iterator[Hit]:
    """Throughput above the instance's baseline bandwidth: the figure rides on burst credits.
    The baseline is the device's own, else the one the sentence states, else the report's
    single baseline when every stated baseline agrees."""
    bases = _baselines(v)
    if not bases:
        return
    spans = Spans((s, e) for _, _, s, e in bases)
    owned: dict[str, set[float]] = {}
    for g, d, _, _ in bases:
        if d:
            owned.setdefault(d, set()).add(g)
    values = {g for g, _, _, _ in bases}
    common = next(iter(values)) if len(values) == 1 else None
    by_start = sorted((s, g) for g, _, s, _ in bases)  # a sentence's baselines by bisection
    base_starts = [s for s, _ in by_start]
    done: set[str | None] = set()
    for m in v.ex.measurements:
        if (
            (m.kind != "measured" or m.role != "result")
            or m.source == "derived"
            or m.metric not in THROUGHPUT_FAMILIES
        ):
            continue
        if m.device in done or spans.overlaps(m.start, m.end):
            continue
        sent = v.sentence_at(m.start)
        if v.hedged_at(m.start):
            continue
        here = set()
        if sent:
            lo, hi = bisect_left(base_starts, sent.start), bisect_left(base_starts, sent.end)
            here = {g for _, g in by_start[lo:hi]}
        own = owned.get(m.device or "", set())
        base = (next(iter(here)) if len(here) == 1 else None) or (
            next(iter(own)) if len(own) == 1 else None) or common  # fmt: skip
        g = _gbps(m.value, m.unit)
        if base is None or g is None or g <= base * 1.05:
            continue
        done.add(m.device)
        if not once(m.start):
            continue  # this sentence is reported already (another device's figure)
        who = f"{v.name(m.device)}: " if m.device else ""
        yield Hit(m.start, m.end,
                  f"{who}{m.text} is above the instance's baseline bandwidth of {_fmt(base)} Gbps:"
                  f" the figure depends on burst credits, not on the device",
                  {"measured_gbps": g, "baseline_gbps": base})  # fmt: skip


def _link_plateau(v: View, once: Any) -> Iterator[Hit]:
    """Throughput within 5% of the device's total interface capacity: the links, not the
    device, set it (unless the report sized each device's links to its capacity)."""
    if v.says(SIZED_RE):
        return
    capacity: dict[str, set[float]] = {}
    for c, devs in v.conditions("interfaces"):
        g = _if_gbps(c.value)
        for d in devs if g else ():
            capacity.setdefault(d, set()).add(g)
    done: set[str] = set()
    for m in v.ex.measurements:
        caps = capacity.get(m.device or "")
        if not caps or len(caps) != 1 or m.device in done:
            continue
        if (
            (m.kind != "measured" or m.role != "result")
            or m.source == "derived"
            or m.metric not in THROUGHPUT_FAMILIES
        ):
            continue
        g, cap = _gbps(m.value, m.unit), next(iter(caps))
        if g is None or not NEAR_CAP * cap <= g <= cap * 1.02 or v.hedged_at(m.start):
            continue
        if not once(m.start):
            continue
        done.add(m.device)
        yield Hit(m.start, m.end,
                  f"{v.name(m.device)}: {m.text} is {g / cap:.0%} of its {_fmt(cap)} Gbps of "
                  f"interfaces: the links, not the device, set this result",
                  {"measured_gbps": g, "interfaces_gbps": cap})  # fmt: skip


PLATEAU_SPREAD = 1.01  # the last figures of a flat column differ by at most 1%
PLATEAU_POINTS = 3
PLATEAU_NEAR_CAP = 0.85  # a flat column this close to the links' capacity (headers and
# framing take the rest) is the links' limit


def _rate_plateau(v: View, once: Any) -> Iterator[Hit]:
    """A table column of request or connection rates at one object size that stops growing
    while its condition grows (more CPUs, more connections), at a rate x size that fills the
    links: the links, not the device, set the plateau."""
    caps = {g for c, _ in v.conditions("interfaces") if (g := _if_gbps(c.value))}
    if len(caps) != 1 or v.says(SIZED_RE):
        return
    cap = next(iter(caps))
    columns: dict[tuple, list[tuple[float, Measurement]]] = {}
    for m in v.ex.measurements:
        size = m.conditions.get("object_size")
        if m.source != "table" or m.table is None or m.role != "result" or not size:
            continue
        if m.metric not in ("rps", "cps", "ssl_tps"):
            continue
        steps = [(k, x) for k, x in m.conditions.items() if k in ("cpus", "concurrency")]
        if len(steps) != 1:
            continue
        try:
            step, size_bytes = float(steps[0][1]), float(size)
        except ValueError:
            continue
        key = (m.table, m.device or m.entity, size_bytes, steps[0][0], m.metric)
        columns.setdefault(key, []).append((step, m))
    for (_, _, size_bytes, step_name, _), points in sorted(
        columns.items(), key=lambda kv: kv[1][0][1].start
    ):
        points.sort(key=lambda p: p[0])
        flat = _flat_tail([m.value for _, m in points])
        if flat < PLATEAU_POINTS or size_bytes <= 0:
            continue
        tail = [m for _, m in points[-flat:]]
        gbps = max(m.value for m in tail) * size_bytes * 8 / 1e9
        if not PLATEAU_NEAR_CAP * cap <= gbps <= cap * 1.02 or not once(tail[0].start):
            continue
        low, high = min(m.value for m in tail), max(m.value for m in tail)
        yield Hit(tail[0].start, tail[0].end,
                  f"the {_fmt(size_bytes / 1000)} KB column stays at {low:,.0f}-{high:,.0f} per second "
                  f"from {points[-flat][0]:g} to {points[-1][0]:g} {step_name}: {high:,.0f} x "
                  f"{_fmt(size_bytes / 1000)} KB = {gbps:.1f} Gbps of the {_fmt(cap)} Gbps of links; "
                  f"the links, not the device, set the plateau",
                  {"plateau_gbps": round(gbps, 2), "interfaces_gbps": cap})  # fmt: skip


def _flat_tail(values: list[float]) -> int:
    """How many of the last values stay within PLATEAU_SPREAD of each other."""
    k = 0
    low = high = None
    for x in reversed(values):
        lo, hi = (x, x) if low is None else (min(low, x), max(high, x))
        if lo <= 0 or hi / lo > PLATEAU_SPREAD:
            break
        low, high, k = lo, hi, k + 1
    return k


# --- S006 one-sided-test ----------------------------------------------------------------------

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
def one_sided_test(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S006: a test run on only one of the compared devices."""
    v = view(doc, ex)
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
                  f'a test was run on only some of the compared devices ("{_clip(s.text)}"; '
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


# --- S009 small-sample ------------------------------------------------------------------------

MAX_SMALL = 1000  # transactions: a pass/fail or rate judged on this many or fewer is thin
MIN_STEADY = 60.0  # seconds: a measured run or steady state shorter than this is too short
STEADY_RE = lazyre.compile(
    r"steady[ -]?state|measurement\s+(?:window|phase|period|interval)"
    r"|measured\s+(?:window|phase|portion|period)|sustained\s+(?:load|phase)",
    _I,
)
COUNT_RE = lazyre.compile(
    rf"(?<![\w.,])(?P<n>{NUM})\s+(?:(?:HTTP|HTTPS|TCP|UDP|SIP|DNS|client|test|successful|failed|total"
    r"|simulated|individual|web)\s+){0,2}(?P<u>transactions|requests|connections|sessions|calls"
    r"|queries|flows|pings)\b(?!\s*(?:per|/|each|a\s+second|every))", _I)  # fmt: skip
FAILOVER_RE = lazyre.compile(r"\bfail-?over\b|\bfail-?back\b|\bswitch-?over\b|\bhigh[ -]availability\b"
                         r"|\bredundan\w+|\bfault[ -]toleran\w+|\bpass(?:ed)?\s*/\s*fail\w*"
                         r"|\bpass\s+or\s+fail\b", _I)  # fmt: skip
SUCCESS_RE = lazyre.compile(r"\b(?:successful|succeeded|completed|passed|without\s+(?:any\s+)?(?:errors?"
                        r"|failures?|loss)|(?:zero|no)\s+(?:errors|failures|failed|lost|dropped))\b",
                        _I)  # fmt: skip
NOT_STEADY_RE = lazyre.compile(r"\bwarm[ -]?up|\bramp\w*|\bcool[ -]?down|\bidle\b|\bsettle|\bpause"
                           r"|\bsleep|\bdelay", _I)  # fmt: skip
AB_COUNT_RES = [
    lazyre.compile(r"(?m)^[^\S\n]*Complete requests:\s+(\d+)\s*$"),
    # the gap to "-n" stops at the next tool name: each name starts one scan of its line
    lazyre.compile(
        r"(?<![\w./-])(?:ab|hey|h2load|oha)\b(?:(?!(?<![\w./-])(?:ab|hey|h2load|oha)\b)"
        r"[^\n`])*?\s(?:-n|--requests)[ =]?(\d+)\b"
    ),
]


@check("small_sample")
def small_sample(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S009: a failover or pass/fail verdict on few transactions, a rate from a few hundred
    requests, a steady state shorter than a minute."""
    v = view(doc, ex)
    failover_blocks = {v.sentences[i].block for i, _ in v.texts.search(FAILOVER_RE)}
    reported: set[int] = set()
    for s in v.sentences:
        if s.hedged or s.block not in failover_blocks or s.block in reported:
            continue
        if not FAILOVER_RE.search(s.text) and not SUCCESS_RE.search(s.text):
            continue
        for m in COUNT_RE.finditer(s.text):
            n = to_int(m.group("n"))
            if n is None or not 0 < n <= MAX_SMALL:
                continue
            yield Hit(s.start + m.start(), s.start + m.end(),
                      f"a pass/fail verdict rests on {n:,} {m.group('u').lower()}: too few to show "
                      f"the outcome is not chance", {"count": n})  # fmt: skip
            reported.add(s.block)
            break
    for block in doc.blocks:
        if block.kind != "code" and not (
            block.table and block.table.kind in ("tool_output", "code")
        ):
            continue
        text = doc.text[block.start : block.end]
        m = next((m for rx in AB_COUNT_RES for m in rx.finditer(text)
                  if 0 < int(m.group(1)) <= MAX_SMALL), None)  # fmt: skip
        if m is not None:
            n = int(m.group(1))
            yield Hit(block.start + m.start(1), block.start + m.end(1),
                      f"the request rate is computed from only {n:,} requests: too few for a "
                      f"steady-state rate", {"count": n})  # fmt: skip
    warmups = [(r.start, r.end) for r in ex.runs if r.warmup]
    for c, _ in v.conditions("duration"):
        try:
            seconds = float(c.value)
        except (TypeError, ValueError):
            continue
        if not 0 < seconds < MIN_STEADY or any(a <= c.start < b for a, b in warmups):
            continue  # long enough, or the duration of a warm-up run
        s0, s1 = v.bounds(c.start)
        if NOT_STEADY_RE.search(doc.text, max(s0, c.start - 15), min(s1, c.end + 15)):
            continue  # a warm-up or ramp, not the measured run
        steady = STEADY_RE.search(doc.text, max(s0, c.start - 40), min(s1, c.end + 25))
        what = "steady state" if steady else "run"
        yield Hit(c.start, c.end,
                  f"the measured {what} lasts {_fmt(seconds)} s, shorter than the {int(MIN_STEADY)}"
                  f" s a rate needs to settle (RFC 2544 section 24)", {"seconds": seconds})  # fmt: skip


# --- S010 advertised-as-measured --------------------------------------------------------------

_ADV = (r"(?:advertised|published|datasheet|data[ -]sheet|spec[ -]sheet|specifications?|specs?|rated"
        r"|nominal|claimed|marketing|vendor[ -](?:supplied|provided|stated))")  # fmt: skip
# "the results reported in the overview are the advertised performance numbers".
ADVERTISED_RES = [
    lazyre.compile(rf"\b(?:results?|numbers?|figures?|values?|data)\b[^.;]{{0,80}}?\b(?:are|is|were|was)"
               rf"\s+(?:(?:the|a|an|their|its|vendor'?s?|simply|just|only)\s+){{0,2}}{_ADV}\b", _I),
    lazyre.compile(rf"\b{_ADV}\b[^.;]{{0,80}}?\b(?:in\s+place\s+of|instead\s+of|in\s+lieu\s+of|substitut"
               rf"\w+|stand(?:s|ing)?\s+in\s+for|as\s+a\s+placeholder|untested)\b", _I),
    lazyre.compile(rf"\b(?:taken|copied|quoted|used)\s+(?:directly\s+)?from\s+(?:the\s+)?(?:vendor'?s?\s+)?"
               rf"{_ADV}\b[^.;]{{0,60}}?\b(?:because|as|since)\b[^.;]{{0,40}}?\bnot\s+(?:be\s+)?"
               rf"(?:tested|measured|run)\b", _I),
]  # fmt: skip
ADV_MARK_RE = lazyre.compile(rf"\b{_ADV}\b", _I)
# The sentence insists the figures are the report's own: it describes the practice, not doing it.
OWN_MEASUREMENT_RE = lazyre.compile(r"\b(?:our|this\s+report'?s?|this\s+review'?s?)\s+own\s+"
                                r"(?:measurements?|tests?|results?)\b|\ball\s+(?:\w+\s+){0,4}?(?:were|are)"
                                r"\s+(?:\w+\s+)?measured\b", _I)  # fmt: skip
# Hedge cues that are the subject of this rule itself do not make a sentence hedged here.
_OWN_TOPIC = {"datasheets", "data sheets", "marketing literature", "marketing numbers",
              "vendor published", "vendor's published", "published by the vendor",
              "according to", "instead of"}  # fmt: skip
_S010_HEDGE_RE = lazyre.compile(
    r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in sorted(set(HEDGE_CUES) - _OWN_TOPIC,
                                                             key=lambda s: (-len(s), s))) + r")(?![\w-])",
    _I,
)  # fmt: skip


@check("advertised_as_measured")
def advertised_as_measured(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S010: advertised figures reported in place of measured ones, or mixed with measured
    ones in a comparison without saying which is which."""
    v = view(doc, ex)
    topic: dict[int, bool] = {}  # block -> its first sentence names others' practice
    for s in v.matching(*ADVERTISED_RES):  # a sentence none of them matches never fires
        if _S010_HEDGE_RE.search(s.text):
            continue
        if s.block not in topic:
            first = v.block_first.get(s.block)
            topic[s.block] = first is not None and bool(TOPIC_RE.search(first.text))
        if topic[s.block]:
            continue
        m = next((m for rx in ADVERTISED_RES if (m := rx.search(s.text))), None)
        if m is None or s.hedged or OWN_MEASUREMENT_RE.search(s.text):
            continue
        yield Hit(s.start + m.start(), s.start + m.end(),
                  f'advertised figures are reported in place of measured ones ("{_clip(m.group(0))}")'
                  f": they were not measured under the report's conditions", {"cue": m.group(0)})  # fmt: skip
    yield from _mixed_sources(v)
    by_span = {(m.start, m.end): m for m in ex.measurements}
    for claim in ex.claims:
        kinds = {
            by_span[(o.start, o.end)].kind for o in claim.operands if (o.start, o.end) in by_span
        }
        if kinds != {"advertised", "measured"} or ADV_MARK_RE.search(claim.text):
            continue
        if v.hedged_at(claim.start):
            continue
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares advertised with measured figures without saying '
                  f"which is which", {"claim": claim.stated})  # fmt: skip


# A table column that says where each figure comes from, and the words that mark a figure
# as the report's own measurement.
SOURCE_HEADER_RE = lazyre.compile(r"\b(?:source|origin|provenance|basis)\b|measured\s*/\s*(?:advertised"
                              r"|published|claimed)|\b(?:figure|value|data|number)s?[ \t]+(?:from"
                              r"|taken[ \t]+from)\b", _I)  # fmt: skip
MEASURED_CELL_RE = lazyre.compile(r"\b(?:measured|tested|our\s+(?:lab|test\w*|measurements?|bench\w*)|this\s+(?:report"
                              r"|test\w*)|in[ -]house)\b", _I)  # fmt: skip


def _mixed_sources(v: View) -> Iterator[Hit]:
    """A results table whose source column marks some rows as measured and others as datasheet
    figures or not at all; prose that quotes those rows beside measured ones."""
    flagged: list[tuple[str, float, str]] = []  # device, value, unit of rows not measured
    ms = sorted(v.ex.measurements, key=lambda m: m.start)
    starts = [m.start for m in ms]
    for block in v.doc.blocks:
        table = block.table
        if table is None or table.kind in ("tool_output", "code"):
            continue
        col = next((i for i, h in enumerate(table.header) if SOURCE_HEADER_RE.search(h)), None)
        if col is None:
            continue
        rows = [(r, r.cells[col].text.strip() if col < len(r.cells) else "") for r in table.body]
        if not any(MEASURED_CELL_RE.search(t) for _, t in rows):
            continue
        for row, text in rows:
            if MEASURED_CELL_RE.search(text) or not row.cells:
                continue
            devs = v.devices_in(row.start, row.end)
            i = bisect_right(starts, row.start - 1)
            while i < len(ms) and ms[i].start < row.end:
                for d in devs:
                    flagged.append((d, ms[i].value, ms[i].unit))
                i += 1
            what = f'a "{_clip(text, 40)}" figure' if text else "a figure of unstated origin"
            yield Hit(row.cells[0].start, row.cells[0].end,
                      f"{what} sits in a table of measured results: advertised and measured "
                      f"figures are mixed", {"source": text})  # fmt: skip
    if not flagged:
        return
    flagged_devices: dict[tuple[float, str], set[str]] = {}  # (value, unit) -> devices
    for d, value, unit in flagged:
        flagged_devices.setdefault((value, unit), set()).add(d)
    done: set[int] = set()
    for m in ms:
        if m.source != "text" or (m.kind != "measured" or m.role != "result"):
            continue
        s = v.sentence_at(m.start)
        if s is None or s.hedged or s.start in done or ADV_MARK_RE.search(s.text):
            continue
        named = v.devices_in(s.start, s.end)
        if m.value == m.value and not named.isdisjoint(flagged_devices.get((m.value, m.unit), ())):
            done.add(s.start)
            yield Hit(m.start, m.end,
                      f"{m.text} is quoted beside measured figures but is not a measurement of "
                      f"this report (see its table): advertised and measured figures are mixed",
                      {"value": m.text})  # fmt: skip


# --- S012 errors-in-results -------------------------------------------------------------------

# k6 summary: "http_req_failed................: 2.34%  ✓ 123  ✗ 5123".
K6_FAILED_RE = lazyre.compile(r"http_req_failed[.\s]*:\s*(\d+(?:\.\d+)?)\s*%")
# The report says failed responses were left out of the rates.
EXCLUDED_RE = lazyre.compile(r"\bexclud\w+|\bnot\s+counted\b|\bonly\s+(?:successful|2xx|valid)\b"
                         r"|\bdiscard\w*|\bfiltered\s+out\b|\bsuccessful\s+(?:requests|responses"
                         r"|transactions)\s+only\b", _I)  # fmt: skip
_ERROR_KIND = {"timeouts": "timeouts", "non_2xx": "non-2xx responses", "failures": "failures",
               "connection_closed": "closed connections", "errors": "errors"}  # fmt: skip
RATE_UNITS = lazyre.compile(r"/\s*second|per\s+second|RPS|CPS|TPS|req/s", _I)


@check("errors_in_results")
def errors_in_results(doc: Document, ex: Extraction) -> Iterator[Hit]:
    """S012: a run that logged failed, timed-out or non-2xx responses whose rate is reported
    without the error counts beside it, and comparisons that use such a rate."""
    v = view(doc, ex)
    reported: set[int] = set()  # blocks already reported
    error_blocks: set[int] = set()  # tool output of runs that logged failures
    for c, devs in v.conditions("errors"):
        count = c.value.get("count") if isinstance(c.value, dict) else None
        bi = v.block_index(c.start)
        if c.source == "table" or not isinstance(count, int) or count <= 0 or bi is None:
            continue  # an errors column sets the counts beside the rates
        if _is_tool_block(doc.blocks[bi]):
            error_blocks.add(bi)
        else:
            s0, s1 = v.bounds(c.start)
            if EXCLUDED_RE.search(doc.text, s0, s1) or any(
                q.unit and RATE_UNITS.search(f"{q.unit} {q.unit_text}")
                for q in _quantities(v, s0, s1)
            ):
                continue  # the count is given beside the rate, or the failures were left out
        if bi in reported:
            continue
        reported.add(bi)
        who = ", ".join(v.name(d) for d in sorted(devs)) or "a run"
        kind = _ERROR_KIND.get(str(c.value.get("kind")), "errors")
        yield Hit(c.start, c.end,
                  f"{who} logged {count:,} {kind}, but the rates do not set the error counts "
                  f"beside them", {"errors": c.value})  # fmt: skip
    for run in ex.runs:  # a parsed run says most (counts and rate): before the text scan
        hit = _run_errors(v, run, reported, error_blocks)
        if hit is not None:
            yield hit
    for bi, block in enumerate(doc.blocks):
        if not _is_tool_block(block):
            continue
        found = _tool_errors(doc.text[block.start : block.end])
        if not found:
            continue
        error_blocks.add(bi)
        if bi in reported:
            continue
        shown = "; ".join(_clip(f[2], 50) for f in found[:3])
        yield Hit(block.start + found[0][0], block.start + found[0][1],
                  f"the tool output counts failed responses ({shown}); a rate from this run "
                  f"includes them unless the error counts are reported beside it",
                  {"errors": [f[2] for f in found]})  # fmt: skip
    yield from _rates_with_errors(v, error_blocks)


_RUN_ERROR_NAMES = {"connect": "connect errors", "read": "read errors", "write": "write errors",
                    "timeout": "timeouts", "non_2xx": "non-2xx/3xx responses",
                    "failed": "failed requests", "errored": "errored requests",
                    "errors": "errors"}  # fmt: skip


def _run_errors(v: View, run: Any, reported: set[int], error_blocks: set[int]) -> Hit | None:
    """A run fact with error counts above zero whose rate is reported without them: its own
    printed rate, or the table rows it is linked to when the table has no errors column."""
    if run.warmup or run.error_count() <= 0:
        return None
    first = min(run.errors.values(), key=lambda e: e.start)
    bi = v.block_index(first.start)
    if bi is None or bi in reported:
        return None
    rows = [r for r in run.rows if r.rps is not None]
    rate = run.results.get("rps")
    if rate is None and not rows:
        return None
    if rows and all(r.errors is not None for r in rows):
        return None  # an errors column sets the counts beside the rates
    s0, s1 = v.bounds(first.start)
    if EXCLUDED_RE.search(v.doc.text, s0, s1):
        return None  # the failures were left out of the rates
    reported.add(bi)
    if _is_tool_block(v.doc.blocks[bi]):
        error_blocks.add(bi)
    kinds = ", ".join(f"{e.value:,.0f} {_RUN_ERROR_NAMES.get(k, k)}" for k, e in run.errors.items()
                      if e.value > 0)  # fmt: skip
    if rows:
        shown = "; ".join(f"{r.label} {r.rps.value:,.2f} req/s (line {r.line})" for r in rows[:3])
    else:
        shown = f"{rate.value:,.2f} req/s"
    tool = f"{run.tool} " if run.tool else ""
    return Hit(first.start, first.end,
               f"the {tool}run logged {kinds}, and its rate ({shown}) counts them: the error "
               f"counts are not set beside the rates", {"errors": {k: e.value for k, e in run.errors.items()}})  # fmt: skip


def _is_tool_block(block: Any) -> bool:
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("tool_output", "code")
    )


def _tool_errors(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each failure count above zero in a tool's output."""
    found = [(r.start, r.end, str(r.value.get("text", ""))) for r in error_detector(Ctx(text))
             if isinstance(r.value.get("count"), int) and r.value["count"] > 0]  # fmt: skip
    found += [(m.start(), m.end(), m.group(0)) for m in K6_FAILED_RE.finditer(text)
              if float(m.group(1)) > 0]  # fmt: skip
    return sorted(found)


# Rates printed by the tools: k6 "9633.7/s", wrk "Requests/sec: 38820.12", ab "Requests per
# second: 4120.33", h2load "4120.33 req/s".
# A rate's number is read from the start of its run of digits and commas: a search that
# started on each digit of "1,000,1,000,..." would scan the rest of the run from each.
TOOL_RATE_RE = lazyre.compile(r"(?:Requests/sec:|Requests per second:)\s*(\d[\d,]*(?:\.\d+)?)"
                          r"|(?<![\d,]),*+(\d[\d,]*+(?:\.\d+)?)\s*(?:/s|req/s)\b")  # fmt: skip
ERROR_WORD_RE = lazyre.compile(r"\berror|\bfail|non-2xx|\btime-?outs?\b", _I)


def _rates_with_errors(v: View, error_blocks: set[int]) -> Iterator[Hit]:
    rates: list[float] = []
    for bi in error_blocks:
        block = v.doc.blocks[bi]
        for m in TOOL_RATE_RE.finditer(v.doc.text, block.start, block.end):
            try:
                rates.append(float((m.group(1) or m.group(2)).replace(",", "")))
            except ValueError:
                continue
    if not rates:
        return
    rates.sort()
    for claim in v.ex.claims:
        s = v.sentence_at(claim.start)
        if s is None or s.hedged or EXCLUDED_RE.search(s.text) or ERROR_WORD_RE.search(s.text):
            continue
        used = next((o for o in claim.operands if _near(rates, o.value)), None)
        if used is None:
            continue
        yield Hit(claim.start, claim.end,
                  f'"{claim.stated}" compares a rate ({used.text}) from a run that logged failed '
                  f"responses, without the error counts beside it", {"rate": used.value})  # fmt: skip


def _near(sorted_values: list[float], x: float) -> bool:
    i = bisect_right(sorted_values, x)
    for j in (i - 1, i):
        if 0 <= j < len(sorted_values) and abs(sorted_values[j] - x) <= max(0.05, 5e-4 * abs(x)):
            return True
    return False


def _quantities(v: View, start: int, end: int) -> Iterable[Any]:
    i = bisect_right(v.q_starts, start - 1)
    while i < len(v.quantities) and v.quantities[i].start < end:
        yield v.quantities[i]
        i += 1
