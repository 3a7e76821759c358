"""D003 missing-configuration: the devices' configurations are not published, or a device's
software version is unstated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.subjects import run_section_subjects
from claimcheck.facts.text import PROSE, Sentence
from claimcheck.models import Device, Document
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.units import in_unit_table

CONFIG_RE = lazyre.compile(r"\bconfig(?:uration)?s?\b|\bconfig(?:uration)?[ \t]+files?\b", re.I)
_NOT_OUT = (
    r"(?:not[ \t]+(?:been[ \t]+)?(?:publicly[ \t]+|freely[ \t]+)?(?:made[ \t]+)?"
    r"(?:available|published|disclosed|provided|released|shared)|unavailable|confidential"
    r"|available[ \t]+[^.;:]{0,40}?\b(?:up)?on[ \t]+request|withheld)"
)
# "the configurations are not published", "device configs were unavailable"
UNAVAILABLE_AFTER_RE = lazyre.compile(
    rf"\bconfig(?:uration)?s?\b[^.;:]{{0,60}}?\b(?:is|are|was|were|remain|remains|has|have)[ \t]+"
    rf"(?:\w+[ \t]+)?{_NOT_OUT}\b",
    re.IGNORECASE,
)
# "we did not publish the configurations", "cannot share our configuration files"
UNAVAILABLE_BEFORE_RE = lazyre.compile(
    r"\b(?:did|do|does|will)[ \t]+not[ \t]+(?:publish|disclose|release|share)\b|\bcan(?:not|'t)"
    r"[ \t]+(?:publish|disclose|release|share)\b|\bnot[ \t]+(?:publish|disclose|release|share)"
    r"(?:ed|ing)?\b[^.;:]{0,40}?\bconfig",
    re.IGNORECASE,
)
PUBLISHED_RE = lazyre.compile(
    r"\b(?:published|publish|released|posted|shared|available|included|attached|provided)\b",
    re.IGNORECASE,
)


def _unavailable(text: str) -> bool:
    if UNAVAILABLE_AFTER_RE.search(text):
        return True
    m = UNAVAILABLE_BEFORE_RE.search(text)
    return bool(m) and bool(CONFIG_RE.search(text, m.start()))


@check("missing_configuration")
def missing_configuration(facts: FactStore) -> Iterator[Hit]:
    """Configurations said to be unavailable, or compared devices without a software version."""
    unavailable: Sentence | None = None
    published = False
    index = facts.text
    for i, _ in index.texts.search(CONFIG_RE):
        s, block, _ = index.sentences[i]
        if block.kind not in PROSE or facts.hedged(s.start):
            continue
        if _unavailable(s.text):
            unavailable = unavailable or s
        elif PUBLISHED_RE.search(s.text):
            published = True
    if unavailable is not None and not published:
        msg = (f'configurations are not published ("{unavailable.text[:120]}"); '
               f"the results cannot be reproduced or checked for fairness")  # fmt: skip
        yield Hit(unavailable.start, unavailable.end, msg, {"reason": "configurations unavailable"})
    elif unavailable is None and not published:
        yield from _no_configuration(facts)
    yield from _missing_versions(facts)


# A configuration listing: "key value;", "key: value", "key = value" lines or a braced block.
_CONFIG_LINE = lazyre.compile(
    r"(?m)^[ \t]*+[\w.$/-]{1,40}+(?:[ \t]*+[:=][ \t]*+\S|[ \t]++[^\n;]{1,120}+;[ \t]*+$"
    r"|[ \t]*+\{[ \t]*+$)"
)
# a link: a URL, an inline Markdown link "[text](url)" or a reference link "[text][ref]"
_URL = lazyre.compile(r"https?://|\]\(|\]\[[^\]\n]{1,60}+\]")
# where a report keeps its configurations: "are in the appendix", "reproduced in Section 6"
_CONFIG_PLACE = lazyre.compile(
    r"\b(?:appendix|appendices|annex|section|repository|repo|reproduced|listed|attached|below"
    r"|above|github|gitlab|website|web[ \t]+site|online|download\w*)\b",
    re.I,
)
# a section of ratings rather than results: "Specifications", "Technical data", "At a glance"
_SPEC_SECTION = lazyre.compile(
    r"\bspecifications?\b|\bspecs?\b|data[ \t]?sheet|technical[ \t]+data|at[ \t]+a[ \t]+glance",
    re.I,
)
# how a device was set up, described in prose: "was configured with ...", "configured in routed mode"
_CONFIGURED = lazyre.compile(r"\bconfigured[ \t]++(?:with|in|to|for|as|using|on)\b", re.I)


def _compared(facts: FactStore) -> tuple[list[Device], list[str]]:
    """What the report compares: the devices its results measure (from sentences, tables
    or tool runs; not a name its [data] says is no product, "EC" of "RSA versus EC"), and
    the sections of tool runs that name no device (a README's "## Caddy" and "## Pingap",
    each holding a run)."""
    not_products = {w.lower() for w in rule_data("D003").get("not_products", [])}
    ids = {m.device for m in facts.results()
           if m.device and not (m.section and _SPEC_SECTION.search(m.section))}  # fmt: skip
    ids |= {r.device for r in facts.runs if r.device and not r.warmup}  # the runs' targets
    devices = [
        d for d in facts.devices if d.id in ids and d.name.strip().lower() not in not_products
    ]
    labels = run_section_subjects(list(facts.runs))
    return devices, labels


def _no_configuration(facts: FactStore) -> Iterator[Hit]:
    """Compared devices with results, and no configuration anywhere: no listing in a code
    block, no section about the configuration with content under it, no link to one."""
    doc = facts.doc
    devices, labels = _compared(facts)
    if len(devices) + len({_first_word(x) for x in labels}) < 2 or facts.is_datasheet:
        return  # one product's releases; a datasheet's figures are its maker's ratings
    blocks = doc.blocks
    for i, b in enumerate(blocks):
        if b.kind == "code" or (b.table is not None and b.table.kind == "code"):
            if len(_CONFIG_LINE.findall(doc.text, b.start, b.end)) >= 2:
                return  # a configuration listing
        elif b.kind == "heading" and CONFIG_RE.search(b.text):
            if i + 1 < len(blocks) and blocks[i + 1].kind != "heading":
                return  # a section about the configuration, with content
        elif (
            b.kind in PROSE
            and (CONFIG_RE.search(b.text) or _CONFIGURED.search(b.text))
            and (_URL.search(b.text) or _CONFIG_PLACE.search(b.text))
        ):
            return  # a link to the configurations, or where the report keeps them ("configured as listed below")
    described = sum(len(_CONFIGURED.findall(b.text)) for b in blocks if b.kind in PROSE)
    if described >= 2:
        return  # the devices' set-up described in prose
    first = next((b for b in blocks if b.kind == "heading"), blocks[0] if blocks else None)
    start, end = (first.start, first.end) if first is not None else (0, 0)
    yield Hit(start, end,
              "no device or load-generator configuration is published (no listing, no "
              "configuration section, no link): the results cannot be reproduced or checked "
              "for fairness", {"reason": "no configuration"})  # fmt: skip


# "Strata Gateway 2.0.1", "Basin (v5.7)", "PAN-OS 10.1.6" right after a device's name; a run
# of blanks is a column gap of an aligned table ("Basin    4.1" is a figure in the next cell)
_VERSION_AFTER = lazyre.compile(
    r"[ ]?+(?:[(,/:][ ]?+)?(?:(?:v|ver\.?|version|release|rel\.?|firmware|build|software|OS)[ ]?+)?"
    r"(?:[A-Za-z][\w-]{0,12}[ ])?(?<!\d)(?<!\d\.)v?\d+(?:\.\d+)+",
    re.IGNORECASE,
)
_VERSION_SENTENCE = lazyre.compile(
    r"\b(?:firmware|software|release|version|build|OS|running|ran)\b[^.;]{0,40}?(?<![\w.])v?\d+"
    r"(?:\.\d+){1,3}\b",
    re.IGNORECASE,
)


_UNIT_AFTER = lazyre.compile(r"[ ]?+([A-Za-z/%]{1,8})")


def _versioned_by_name(doc: Document, device: Device) -> bool:
    """A version written in or right after one of the device's mentions (not across a table
    cell, and not a figure with a unit: "stock<TAB>1.1 ms")."""
    for m in device.mentions:
        if re.search(r"\d\.\d", m.text):
            return True
        v = _VERSION_AFTER.match(doc.text, m.end, m.end + 40)
        if v is not None:
            unit = _UNIT_AFTER.match(doc.text, v.end())
            if unit is None or not in_unit_table(unit.group(1)):
                return True
    return False


def _missing_versions(facts: FactStore) -> Iterator[Hit]:
    doc = facts.doc
    devices, labels = _compared(facts)
    releases = _product_releases(facts)
    if not _any_release(facts, releases) and not any(_versioned_by_name(doc, d) for d in devices):
        yield from _no_release_at_all(facts, devices)
        return
    if len(devices) + len(labels) < 2:
        return
    versions = {c.device for c in facts.stated("software_version") if c.device}
    for c in facts.stated("software_version"):
        owner = c.device or _label_owner(facts, devices, c.start)
        if owner is None and not labels:
            return  # versions stated that the extractor could not attach to a device
        versions.add(owner)
    lacking = [d.name for d in devices if d.id not in versions and not d.version
               and not _versioned_by_name(doc, d) and _first_word(d.name) not in releases]  # fmt: skip
    named_labels = [x for x in labels if _label_release(x, releases)]
    if named_labels:  # some runs' sections carry a release ("Envoy(1.22.8)"): the others lack one
        lacking += [x for x in labels if x not in named_labels]
    if not lacking:
        return
    index = facts.text
    if len(lacking) == len(devices) + len(labels) and any(
        index.sentences[i][1].kind in PROSE and not facts.hedged(index.sentences[i][0].start)
        for i, _ in index.texts.search(_VERSION_SENTENCE)
    ):
        return  # a release is stated in words the extractor could not attach to a device
    by_name = {d.name: d for d in devices}
    first = (
        by_name[lacking[0]].mentions[0]
        if lacking[0] in by_name and by_name[lacking[0]].mentions
        else None
    )
    start, end = (first.start, first.end) if first else _section_span(facts, lacking[0])
    names = ", ".join(lacking)
    msg = (f"no software version is stated for {names}; results of compared devices depend on "
           f"the release they ran")  # fmt: skip
    yield Hit(start, end, msg, {"devices": [d.id for d in devices if d.name in lacking]})


def _label_owner(facts: FactStore, devices: list[Device], offset: int) -> str | None:
    """The device a list of properties is introduced by: the items above ``offset`` up to
    a heading or a short label line that names one device and nothing else ("**HAProxy:**",
    "### Kestrel-7"), or None."""
    blocks = facts.doc.blocks
    i = next((k for k, b in enumerate(blocks) if b.start <= offset < b.end), None)
    if i is None:
        return None
    for b in reversed(blocks[max(0, i - 12) : i]):
        if b.kind == "list_item":
            continue
        label = b.text.strip().strip("#*_:` ").strip().lower()
        if b.kind not in ("heading", "paragraph") or len(label) > 40:
            return None
        named = [d for d in devices if d.name.strip().lower() == label]
        return named[0].id if len(named) == 1 else None
    return None


def _first_word(name: str) -> str:
    words = name.replace("(", " ").split()
    return words[0].lower() if words else ""


def _label_release(label: str, releases: dict[str, int]) -> bool:
    """A run section's title with a release in it ("Haproxy(2.7.3)"), or whose first name
    the report writes with a release elsewhere."""
    if any(ch.isdigit() for ch in label) and "." in label:
        return True
    return _first_word(label) in releases


def _product_releases(facts: FactStore) -> dict[str, int]:
    """The names written with a release (load tools left out: ``FactStore.releases``), but
    the traffic generators the report names and platforms ("Docker Engine 24.0", "Ubuntu
    22.04": [data.platforms]): their releases are not the tested software's."""
    skip = {w.lower() for w in rule_data("D003").get("platforms", [])}
    for c in facts.stated("traffic_generator"):
        if isinstance(c.value, dict) and c.value.get("name"):
            skip |= {w.lower() for w in str(c.value["name"]).split()}
    return {name: at for name, at in facts.releases.items() if name not in skip}


def _any_release(facts: FactStore, releases: dict[str, int]) -> bool:
    """Does the report give any software release: a version condition, a name written with
    a release, a device named with one?"""
    return (
        bool(releases)
        or bool(facts.stated("software_version"))
        or any(d.version for d in facts.devices)
    )


def _no_release_at_all(facts: FactStore, devices: list[Device]) -> Iterator[Hit]:
    """A report with results that names no software release anywhere: whatever it tested
    cannot be matched to a release (a single product too)."""
    results = facts.results()
    runs = [r for r in facts.runs if not r.warmup and r.source in ("command", "output")]
    if not (results or runs) or facts.is_datasheet:
        return
    names = [d.name for d in devices]  # a run's section may name a test, not a product
    what = f" for {', '.join(names)}" if names else " for the tested software"
    named = next((d.mentions[0] for d in devices if d.mentions), None)
    first = named or (results[0] if results else runs[0])  # a compared name, else a figure
    yield Hit(first.start, first.end,
              f"no software version is stated anywhere in the report{what}; results depend on "
              f"the release that ran", {"devices": [d.id for d in devices]})  # fmt: skip


def _section_span(facts: FactStore, section: str) -> tuple[int, int]:
    """The span of the heading of ``section`` (the first one so titled), else (0, 0)."""
    for b in facts.doc.blocks:
        if b.kind == "heading" and b.text.strip("# ").strip() == section:
            return b.start, b.end
    return 0, 0
