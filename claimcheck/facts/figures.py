"""Which extracted figures are results the report measured: not advertised, not derived by
claimcheck, not an extraction artefact (a layer number, a configured delay, an interface
name, a licence or link rate), and none of a datasheet's."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.gridfacts import SPEC_WORDS
from claimcheck.models import Document, Extraction, Measurement

# "Layer 7 CPS", "L4 connections per second": the layer number read as a figure.
_LAYER_BEFORE = lazyre.compile(r"(?:\blayer|\bL)[ \t-]?$", re.IGNORECASE)
# "delay their response 60 seconds", "a 30 s timeout": a setting, not a measured latency.
_SETTING_BEFORE = lazyre.compile(
    r"\b(?:delay(?:ed|s)?|timeouts?|think[ -]time|wait(?:ed|s)?|keep[ -]?alive|idle|sleep)\b"
    r"[^.;]{0,40}$",
    re.IGNORECASE,
)


_SETTING_AFTER = lazyre.compile(
    r"[ \t-]{0,20}+(?:delay|timeout|think[ -]time|wait|idle|sleep)\b", re.I
)
# "10GbE", "25GBASE-SR": an interface name, not a rate anybody measured.
_INTERFACE_TEXT = lazyre.compile(r"\d[ \t]?(?:G|M)(?:b)?E\b|\dG?BASE-|\d[ \t]?Gig(?:abit)?E", re.I)
# "licensed for 8 Gbps", "a 2.3 Gbps baseline", "burst to 10 Gbps": a cap, not a result.
_CAP_BEFORE = lazyre.compile(
    r"(?:\blicen[cs]ed[ \t]+(?:for|at|to)|\blicen[cs]e[ \t]+(?:of|cap|limit)(?:[ \t]+of)?|\bbaseline"
    r"(?:[ \t]+bandwidth)?[ \t]+of|\bburst(?:s|ing)?[ \t]+to|\brated[ \t]+(?:at|for)|\blimited[ \t]+to"
    r"|\bcapped[ \t]+at)[ \t]+(?:an?[ \t]+|the[ \t]+)?$",
    re.IGNORECASE,
)
_CAP_AFTER = lazyre.compile(
    r"[ \t-]{0,30}+(?:of[ \t]+)?(?:(?:a|an|the|one|each|single|its|their)[ \t]+){0,2}(?:licen[cs]e|baseline|burst|links?\b|ports?\b|uplinks?|interfaces?\b|NICs?\b"
    r"|switch|Ethernet|line[ \t-]rate|instance[ \t]+bandwidth|network[ \t]+bandwidth)",
    re.IGNORECASE,
)
THROUGHPUT_FAMILIES = ("throughput", "ssl_throughput", "compression_throughput")
DATASHEET_RE = lazyre.compile(
    r"\b(?:data[ \t-]?sheet|spec(?:ification)?s?[ \t-]sheet|product[ \t]+brief)\b", re.IGNORECASE
)

# A title that names the document a specification or a list of limits ("Specifications of
# Dedicated Gateways", "Service quotas", "Edge-7 specifications"; the words of a table
# caption that says so, gridfacts.SPEC_WORDS) ... unless it says the document reports tests ("Test specifications and results").
RESULTS_TITLE_RE = lazyre.compile(
    r"\b(?:results?|benchmarks?|bench|tests?|testing|tested|measured|measurements?|evaluation)\b",
    re.IGNORECASE,
)


def is_artefact(doc: Document, m: Measurement) -> bool:
    """True for a figure the extractor misread: a layer number, a configured delay, an
    interface name or a licence, link or baseline rate; or a zero, which no device achieves
    as a rate, throughput or latency (an idle counter or queue column of tool output)."""
    if m.value == 0:
        return True
    pre = doc.text[max(0, m.start - 50) : m.start]
    if m.value in (2, 3, 4, 7) and _LAYER_BEFORE.search(pre[-8:]):
        return True
    if m.metric in THROUGHPUT_FAMILIES:
        if _INTERFACE_TEXT.search(m.text) or _CAP_BEFORE.search(pre):
            return True
        return bool(_CAP_AFTER.match(doc.text, m.end, m.end + 30))
    if m.metric != "latency":
        return False
    return bool(_SETTING_BEFORE.search(pre) or _SETTING_AFTER.match(doc.text, m.end, m.end + 20))


def is_datasheet(doc: Document, extraction: Extraction) -> bool:
    """A datasheet, product brief or specification page (its title says so and it names no
    load generator): its figures are specifications, not measurements."""
    if any(c.name == "traffic_generator" and not c.hedged for c in extraction.conditions):
        return False
    head = [b for b in doc.blocks[:4] if b.kind in ("heading", "paragraph")]
    if any(DATASHEET_RE.search(b.text[:200]) for b in head):
        return True
    title = next((b.text[:200] for b in head if b.kind == "heading"), "")
    return bool(SPEC_WORDS.search(title)) and not RESULTS_TITLE_RE.search(title)


# A datasheet that says its own figures were measured: "All performance figures were measured
# by the vendor's lab", "¹ Measured on a two-node cluster with 1 KB objects".
SAYS_MEASURED = lazyre.compile(
    r"\b(?:figures|results|numbers|values|performance)\b[^.\n]{0,40}?\b(?:were|are|was|is|have[ \t]+been)"
    r"[ \t]+(?:all[ \t]+)?measured\b|(?:^|\n)[ \t]*+[^\w\s]{0,3}[ \t]*+Measured[ \t]+(?:on|with|using|at|in|by)\b",
    re.IGNORECASE,
)


def measured_figures(doc: Document, extraction: Extraction) -> list[Measurement]:
    """Figures the report measured (not advertised, not derived by us, not misread), in
    source order; none for a datasheet, unless it says its figures were measured."""
    if is_datasheet(doc, extraction) and not SAYS_MEASURED.search(doc.text):
        return []
    out = [
        m for m in extraction.measurements
        if m.kind == "measured" and m.role == "result" and m.source != "derived" and not is_artefact(doc, m)
    ]  # fmt: skip
    return sorted(out, key=lambda m: m.start)


# The results a tool prints that a reader compares between runs: the request rate and the
# latency statistics ("latency_mean", "latency_p99"; thread and transfer rates are by-products).
_RUN_RESULT_FAMILY = {"rps": ("rps", None), "latency_mean": ("latency", "mean"),
                      "latency_max": ("latency", "max")}  # fmt: skip


def run_figures(doc: Document, runs: list) -> list[Measurement]:
    """The results of the tool runs (not warm-ups) as figures with source "tool": a
    request rate or a latency statistic, each with the run's concurrency or offered rate
    among its conditions; in source order."""
    out: list[Measurement] = []
    for run in runs:
        if getattr(run, "warmup", False):
            continue
        conditions: dict[str, str] = {}
        if run.connections is not None:
            conditions["concurrency"] = f"{run.connections.value:g}"
        if run.rate is not None:
            conditions["load_setting"] = f"{run.rate.value:g}"
        for key, value in run.results.items():
            family, statistic = _RUN_RESULT_FAMILY.get(key, (None, None))
            if family is None and key.startswith("latency_p"):
                family, statistic = "latency", "p" + key[len("latency_p") :].replace("_", ".")
            if family is None:
                continue
            out.append(Measurement(
                metric=family, value=value.value, unit=value.unit, device=run.device,
                section=run.section, line=doc.position(value.start)[0], start=value.start,
                end=value.end, text=value.text, source="tool", statistic=statistic,
                conditions=dict(conditions)))  # fmt: skip
    return sorted(out, key=lambda m: m.start)
