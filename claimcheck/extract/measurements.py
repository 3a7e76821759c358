"""Reported figures: metric family, value, unit, device and test of each number.

Prose quantities get their family from their unit's dimension (and a nearby
word for CPU, latency and concurrent connections); table cells from their
column header. Rows of a "<metric>/Watt" table also give a *derived* figure,
efficiency x power, with the interval its rounded operands allow, so the same
quantity stated elsewhere can be cross-checked (A004).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from operator import attrgetter

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.extract.benchtests import parse_test_name
from claimcheck.extract.devices import MentionIndex
from claimcheck.extract.entity_seeds import RESULT_VERBS
from claimcheck.extract.roles import offered_load, prose_role
from claimcheck.extract.sentences import split
from claimcheck.extract.tablefacts import cell_number, row_label
from claimcheck.models import Block, Document, Measurement, Quantity
from claimcheck.textkeys import fold
from claimcheck.units import dimensionality, is_bit_rate, is_power

NOT_A_RESULT = lazyre.compile(
    r"(?<![A-Za-z])(?:licen[cs]\w*|baseline|burst|limit(?:ed|ing)?|uplinks?|interfaces?|ports?|link|"
    r"capacity of|advertised|datasheet|specified|specification|rated)\W{0,3}"
    r"(?:\w+\W+){0,2}$",
    re.IGNORECASE,
)
# every alternative of NOT_A_RESULT holds one of these (lower case): a cheap test first
_NOT_A_RESULT_STEMS = ("licen", "baseline", "burst", "limit", "interface", "port", "link",
                       "capacity of", "advertised", "datasheet", "specifi", "rated")  # fmt: skip
ADVERTISED = lazyre.compile(
    r"\b(?:published|specifications?|datasheets?|advertised|spec sheet|marketing)\b", re.I
)
CPU_WORDS = lazyre.compile(r"\bCPU\b|utili[sz]ation", re.I)
LATENCY_WORDS = lazyre.compile(r"latency|response time|delay|\bP\d{2}\b|percentile", re.I)
TLS_WORDS = lazyre.compile(r"\b(?:SSL|TLS|HTTPS|handshakes?)\b", re.I)
CONCURRENT_WORDS = lazyre.compile(r"concurrent|simultaneous|open connections", re.I)
# the concurrency word where it qualifies the connections counted: "2M concurrent connections",
# "concurrent connections: 2M", "open connections of 10,000" (not "... for 400 concurrent requests")
CONCURRENT_NEAR = lazyre.compile(
    r"(?:concurrent|simultaneous|open|active|established|parallel)[ \t-]*(?:TCP[ \t]+|HTTP[ \t]+)?"
    r"(?:connections|sessions|conns)\b",
    re.I,
)
LAYER_METRIC = lazyre.compile(
    r"\b(L4|L7|Layer[ -]?[47]|SSL)\s+(throughput|requests per second|RPS|CPS|connections per second)",
    re.I,
)
PER_WATT = lazyre.compile(r"(?<![A-Za-z])([A-Za-z]+)\s*(?:/|per)\s*(?:watt|w)\b", re.I)
NUMERATOR_FAMILY = {"rps": "rps", "cps": "cps", "tps": "ssl_tps", "mbps": "throughput",
                    "gbps": "throughput", "kbps": "throughput"}  # fmt: skip
NUMERATOR_UNIT = {
    "mbps": "Mbps",
    "gbps": "Gbps",
    "kbps": "kbps",
    "rps": "RPS",
    "cps": "CPS",
    "tps": "TPS",
}


@lru_cache(maxsize=64)
def _says(pattern: re.Pattern[str], context: str) -> bool:
    """``pattern.search(context)``, once per sentence: every figure of a sentence asks."""
    return pattern.search(context) is not None


def family_of(
    q: Quantity, context: str, test_metric: str | None, at: int | None = None
) -> str | None:
    """The metric family of a quantity in its sentence (``at``: where the quantity starts in
    ``context``, when known), or None when it is not a result."""
    unit = q.unit
    if not unit or q.unit_text in ("GbE", "GigE"):
        return None  # a link's speed ("10GbE switch") is equipment, not a result
    if q.is_percent:
        return "cpu" if _says(CPU_WORDS, context) else None
    dims = dimensionality(unit)
    if "[information]" in dims and "/ [time]" in dims and "watt" not in unit:
        if test_metric in ("ssl_throughput", "compression_throughput"):
            return test_metric
        return "throughput"
    if "watt" in unit and "/" in unit:
        return "efficiency"
    if unit == "BTU_per_hour" or "BTU" in unit:
        return "heat"
    if is_power(unit):
        return "power"
    if dims == "[connection] / [time]":
        return "cps"
    if dims == "[request] / [time]":
        return "rps"
    if dims == "[transaction] / [time]":
        if test_metric == "ssl_tps" or _says(TLS_WORDS, context):
            return "ssl_tps"  # "SSL TPS ... 95,000 TPS" under any heading
        return "rps"
    if dims == "[session] / [time]" and (test_metric == "ssl_tps" or _says(TLS_WORDS, context)):
        return "ssl_tps"  # "52,000 new SSL sessions per second"
    if dims == "[connection]" and _says(CONCURRENT_WORDS, context):
        if at is not None and not CONCURRENT_NEAR.search(context, max(0, at - 30), at + 40):
            return None  # "400 connections for 400 concurrent requests": not a count of open ones
        return "concurrent_connections"
    if dims == "[time]" and _says(LATENCY_WORDS, context):
        return "latency"
    return None


def prose_measurements(
    doc: Document, block: Block, quantities: list[Quantity], mentions: MentionIndex,
    test: str | None, test_metric: str | None, skip: list[tuple[int, int]],
    lead: Block | None = None,
) -> list[Measurement]:  # fmt: skip
    """Results stated in a prose block (``lead``: for a list item, the block that introduces
    its list)."""
    out = []
    starts = [q.start for q in quantities]
    skip_sorted = sorted(skip)
    skip_starts = [a for a, _ in skip_sorted]
    for sentence in split(block.text, block.start):
        lo, hi = bisect_left(starts, sentence.start), bisect_left(starts, sentence.end)
        if lo == hi:
            continue
        named = mentions.span(sentence.start, sentence.end)
        named_at = [pos for pos, _ in named]
        first = len(out)  # this sentence's measurements are out[first:]
        for q in quantities[lo:hi]:
            if q.multiplier or q.is_range:
                continue
            if _overlaps(skip_sorted, skip_starts, q.start, q.end):
                continue  # a condition (license, object size, link speed), not a result
            if not_a_result(doc.text[max(sentence.start, q.start - 40) : q.start]):
                continue
            if SPEC_AFTER.match(doc.text, q.end, min(sentence.end, q.end + 40)):
                continue  # "a 10 Gbps evaluation licence", "two 25 Gbps ports": a spec
            device = _named_device(doc.text, named, named_at, q, sentence.end)
            unit, family = (
                q.unit,
                family_of(q, sentence.text, test_metric, q.start - sentence.start),
            )
            if not q.unit and len(out) > first:
                unit, family = _elided_unit(doc.text, q, out[-1], device, named, named_at)
            if family is None:
                continue
            m = _measurement(doc, q.value, unit, family, device, test, block, q.start, q.end,
                             q.text, q.decimals, q.qualifier, "text")  # fmt: skip
            m.role = prose_role(doc.text, sentence.start, q.start, family, block.text,
                                block.start, q.end)  # fmt: skip
            if m.role == "setting" and offered_load(
                doc.text, sentence.start, q.start, family, q.end
            ):
                m.conditions["load_setting"] = f"{m.value:g}"  # the figure states a load
            out.append(m)
        _bounds_as_criteria(out[first:], sentence.text)
    if out and block.kind == "list_item" and _lead_in_sets(block, lead):
        for m in out:
            if m.role == "result":
                m.role = "setting"  # "... the production load, which is:" over its items
    return out


# A lead-in that introduces its list as what the test was to meet or was set to: "the
# production load, which is", "Requirements:", "Targets for the new site:", "Test parameters".
LEAD_IN_SETTING = lazyre.compile(
    r"\b(?:loads?|targets?|goals?|requirements?|limits?|quotas?|budgets?|settings|parameters"
    r"|configuration)\b[^.!?\n]{0,30}$",
    re.IGNORECASE,
)


def _lead_in_sets(block: Block, lead: Block | None) -> bool:
    """Does the paragraph right above this list (``lead``, past the list's other items)
    introduce the list's figures as settings or targets?"""
    if lead is None or lead.kind != "paragraph" or lead.section != block.section:
        return False
    return LEAD_IN_SETTING.search(lead.text.rstrip().rstrip(":").rstrip()[-160:]) is not None


# "the highest rate with a mean response time below 100 ms": a latency bound that qualifies
# a rate of its sentence is the criterion that rate met, not a measured latency
BOUNDS = frozenset({"less than", "fewer than", "under", "below", "at most", "no more than",
                    "never higher than", "more than", "over", "above", "greater than",
                    "at least", "in excess of"})  # fmt: skip
RATE_WORDS = lazyre.compile(
    r"\b(?:[RCT]PS|req(?:uest)?s?/s(?:ec)?|(?:requests|transactions|connections)[ \t]+per"
    r"[ \t]+second|throughput)\b",
    re.IGNORECASE,
)


def _bounds_as_criteria(sentence: list[Measurement], text: str) -> None:
    """Bound latencies beside a rate (a figure of another family, or a rate named in words:
    "the maximum TPS with a mean response time under 100 ms") become settings (criteria)."""
    bound = [m for m in sentence if m.metric == "latency" and (m.qualifier or "").lower() in BOUNDS]
    if not bound:
        return
    if len({m.metric for m in sentence}) > 1 or RATE_WORDS.search(text):
        for m in bound:
            m.role = "setting"


# a figure that names what a licence, a port or a link is rated for, not what was measured
# (the phrase may wrap onto the next line of its paragraph)
SPEC_AFTER = lazyre.compile(
    r"[ \t\n]{0,3}+(?:[A-Za-z-]{1,14}+[ \t\n]{1,3}+){0,2}?(?i:licen[cs]es?|ports?|links?|interfaces?|"
    r"uplinks?|NICs?|adapters?)\b"
)


# "... 3.4 ms on the Osprey", "47% for the Mowbray M-2": the device named right after the
# figure (and its unit's words) is the one it measures
_POSTPOSED = lazyre.compile(
    r"(?<![ \t])(?:[ \t]++[A-Za-z/%-]{1,20}+){0,3}?[ \t]++(?i:on|for|from|by|with)[ \t]++(?:(?i:the)[ \t]++)?"
)
# what may stand between a device and a figure whose unit the clause leaves out: a verb
# or nothing ("the Ranby R-2 handled 58,000", "and device Y 100,000")
_GAP = lazyre.compile(r"[ \t]*+(?:[A-Za-z]{1,15}+[ \t]++){0,2}+")
# the elided figure ends its clause
_CLAUSE_END = lazyre.compile(
    r"(?<![ \t])[ \t]*+(?:[.;,)]|$|(?:and|while|but|whereas|respectively)\b)"
)


def _named_device(text: str, named: list, named_at: list[int], q: Quantity, end: int):  # noqa: ANN202
    """The device a prose figure measures: one named right after it with "on/for the X",
    else the last one named before it, else the first one of the sentence."""
    k = bisect_left(named_at, q.end)
    if k < len(named):
        m = _POSTPOSED.match(text, q.end, min(end, q.end + 60))
        if m is not None and m.end() == named_at[k]:  # noqa: SIM102
            return named[k][1]
    k = bisect_left(named_at, q.start)
    return named[k - 1][1] if k else (named[0][1] if named else None)


def _elided_unit(text: str, q: Quantity, prev: Measurement, device, named: list,
                 named_at: list[int]) -> tuple[str, str | None]:  # noqa: ANN001  # fmt: skip
    """The unit and family a bare number takes from the parallel clause before it
    ("X handled 72,000 connections per second; Y handled 58,000"), or ("", None)."""
    if device is None or prev.device in (None, device.id) or not prev.unit:
        return "", None
    k = bisect_left(named_at, q.start)
    if not k or named_at[k - 1] < prev.end or named[k - 1][1] is not device:
        return "", None  # the other device must be named between the two figures
    if _GAP.fullmatch(text, _mention_end(device, named_at[k - 1]), q.start) is None:
        return "", None
    if _CLAUSE_END.match(text, q.end) is None:
        return "", None  # "handled 58,000 sessions": a noun of its own follows
    if not prev.value or not 1e-3 <= q.value / prev.value <= 1e3:
        return "", None
    return prev.unit, prev.metric


_START = attrgetter("start")


def _mention_end(device, start: int) -> int:  # noqa: ANN001
    """Where the device's mention that starts at ``start`` ends (mentions are in document
    order; when not, the answer is ``start`` and the caller's match fails safely)."""
    i = bisect_left(device.mentions, start, key=_START)
    mentions = device.mentions
    return mentions[i].end if i < len(mentions) and mentions[i].start == start else start


# a figure from a production deployment is not a result of the report's test: "used in a
# production serving up to 200K rps", "in production handles 1M requests per second"
IN_PRODUCTION = lazyre.compile(r"\bin[ \t]+(?:a[ \t]+)?production\b(?:\W+\w+){0,4}\W*$", re.I)


def not_a_result(before: str) -> bool:
    """Does the text before a figure make it a limit, a licence or a spec (NOT_A_RESULT),
    or a production deployment's figure (IN_PRODUCTION)?"""
    if "production" in before.lower() and IN_PRODUCTION.search(before):
        return True
    if before.isascii():
        low = before.lower()
        if not any(stem in low for stem in _NOT_A_RESULT_STEMS):
            return False
    m = NOT_A_RESULT.search(before)
    if m is None:
        return False
    # "... a 10 Gbps license and achieved 10.1 Gbps": a result verb between the cue and
    # the figure makes the figure that verb's result
    return not any(w in RESULT_VERBS for w in re.findall(r"[a-z]+", m.group().lower()))


def _overlaps(spans: list[tuple[int, int]], starts: list[int], start: int, end: int) -> bool:
    """Does [start, end) overlap any span? Spans are sorted; conditions are short, so look back a few."""
    i = bisect_left(starts, end)
    return any(spans[j][1] > start for j in range(max(0, i - 8), i))


def _measurement(doc, value, unit, family, device, test, block, start, end, text, decimals,
                 qualifier, source, kind="measured") -> Measurement:  # noqa: ANN001  # fmt: skip
    return Measurement(metric=family, value=value, unit=unit, device=device.id if device else None,
                       test=test, section=block.section, line=doc.position(start)[0], start=start,
                       end=end, text=text, decimals=decimals, qualifier=qualifier, source=source,
                       kind=kind)  # fmt: skip


@lru_cache(maxsize=1024)
def _column_family(header: str) -> tuple[str | None, str | None, str]:
    """(family, test id, unit) a column header names."""
    m = PER_WATT.search(header)
    if m:
        num = fold(m.group(1))
        return "efficiency", None, f"{NUMERATOR_UNIT.get(num, num)} / watt"
    low = header.lower()
    if re.search(r"\bpower\b|\bwatts?\b|\(w\)|full load|\bidle\b", low):
        return "power", None, "watt"
    parsed = parse_test_name(header)
    if parsed is None:
        return None, None, ""
    tid, _, metric = parsed
    unit_m = re.search(r"\(([GMK]bps)\)|\b([GMK]bps)\b", header)
    unit = (unit_m.group(1) or unit_m.group(2)) if unit_m else {"cps": "CPS", "rps": "RPS",
                                                                 "ssl_tps": "TPS"}.get(metric, "")  # fmt: skip
    if metric and metric.endswith("throughput") and not unit:
        unit = "Gbps"
    return metric, tid, unit


def table_measurements(
    doc: Document, block: Block, mentions: MentionIndex, test: str | None, previous_text: str
) -> list[Measurement]:
    """Results in a table: one per numeric cell under a metric column, in a device's row."""
    table = block.table
    header = table.header if table else []
    kind = "advertised" if ADVERTISED.search(previous_text) else "measured"
    columns = [_column_family(h) for h in header]
    out = []
    for row in table.body if table else []:
        found = mentions.span(row.start, row.end)
        device = found[0][1] if found else None
        for ci, cell in enumerate(row.cells[: len(header)]):
            family, tid, unit = columns[ci]
            num = cell_number(cell) if family else None
            if num is None:
                continue
            out.append(_measurement(doc, num[0], unit, family, device, tid or test, block, cell.start,
                                    cell.end, cell.text, num[1], None, "table", kind))  # fmt: skip
        out.extend(_derived(doc, block, row, header, columns, device, kind))
    return out


def table_derived(
    doc: Document, block: Block, mentions: MentionIndex, previous_text: str
) -> list[Measurement]:
    """The derived figures (efficiency x power) of each row of a table."""
    table = block.table
    if table is None:
        return []
    header = table.header
    kind = "advertised" if ADVERTISED.search(previous_text) else "measured"
    columns = [_column_family(h) for h in header]
    out = []
    for row in table.body:
        found = mentions.span(row.start, row.end)
        out.extend(_derived(doc, block, row, header, columns, found[0][1] if found else None, kind))
    return out


def _derived(doc, block, row, header, columns, device, kind) -> list[Measurement]:  # noqa: ANN001
    """efficiency x full-load power from one row, as an interval over the operands' rounding."""
    eff_cols = [i for i, c in enumerate(columns) if c[0] == "efficiency"]
    power_cols = [i for i, c in enumerate(columns) if c[0] == "power"]
    if not eff_cols or not power_cols or device is None:
        return []
    pi = next(
        (i for i in power_cols if re.search(r"full|load|max|typical", header[i], re.I)),
        power_cols[-1],
    )
    out = []
    for ei in eff_cols:
        if max(ei, pi) >= len(row.cells):
            continue
        eff, power = cell_number(row.cells[ei]), cell_number(row.cells[pi])
        m = PER_WATT.search(header[ei])
        family = NUMERATOR_FAMILY.get(fold(m.group(1))) if m else None
        if not eff or not power or family is None:
            continue
        unit = NUMERATOR_UNIT[fold(m.group(1))]
        e_lo, e_hi = ar.rounding_interval(eff[0], eff[1])
        p_lo, p_hi = ar.rounding_interval(power[0], power[1])
        text = f"{row.cells[ei].text} {header[ei]} x {row.cells[pi].text} W ({header[pi]})"
        meas = _measurement(doc, eff[0] * power[0], unit, family, device, None, block,
                            row.cells[ei].start, row.cells[ei].end, text, 0, None, "derived", kind)  # fmt: skip
        meas.low, meas.high = e_lo * p_lo, e_hi * p_hi
        meas.derived_from = [f"{row_label(row)} / {header[ei]}", f"{row_label(row)} / {header[pi]}"]
        out.append(meas)
    return out


def derived_test(
    doc: Document, section: str | None, family: str, prose: list[Block] | None = None
) -> str | None:
    """The test a per-watt figure's numerator comes from, as the section's prose names it
    (``prose``: the section's blocks other than tables, when the caller has them at hand)."""
    if prose is None:
        prose = [b for b in doc.blocks if b.section == section and b.table is None]
    for block in prose:
        for m in LAYER_METRIC.finditer(block.text):
            parsed = parse_test_name(m.group(0))
            if parsed and parsed[2] == family:
                return parsed[0]
    return None


def attribute_operands(mentions: MentionIndex, claims, measurements: list[Measurement]) -> None:  # noqa: ANN001
    """In "X was 1.5x that of Y at A compared with B", A is X's figure and B is Y's."""
    by_span = {(m.start, m.end): m for m in measurements}
    for p in claims:
        ops = p.claim.operands
        if len(ops) != 2 or any(o.source != "sentence" for o in ops):
            continue
        before, after = mentions.beside(
            p.sentence.start, p.sentence.end, p.stated.start, p.stated.end
        )
        if before is None or after is None or before.id == after.id:
            continue
        subject, reference = (
            by_span.get((ops[0].start, ops[0].end)),
            by_span.get((ops[1].start, ops[1].end)),
        )
        if subject is not None:
            subject.device = before.id
        if reference is not None:
            reference.device = after.id


def is_rate_quantity(q: Quantity) -> bool:
    """True for a bit rate (used to skip link speeds and caps)."""
    return is_bit_rate(q.unit)
