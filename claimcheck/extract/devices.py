"""Devices under test: product family + model, vendor, version, and every mention.

Mentions come from prose, list items and table cells. A mention is a product
family from ``products.toml`` followed by a model token ("BIG-IP 4200v",
"MPX-11500", "Alteon 5224 XL"), or a family alone when the report tests one
device of that family ("the Cisco ACE"). Mentions with the same family and
model are one device. A vendor name alone names a device when the vendor has
exactly one device in the report.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from claimcheck.models import Device, Document, Mention
from claimcheck.units import canonical_unit

MODEL = r"(?:[A-Z]{1,4}-?)?\d{1,5}[A-Za-z]{0,3}(?:[ -]?(?:XL|XLE|Plus|v))?(?!\w|\.\w)"
VERSION_RE = re.compile(
    r"^[ \w]{0,25}?\s*(?:\(\s*)?(?:v|version\s+|release\s+|software\s+(?:release\s+)?v?|ver\.?\s*)"
    r"(\d+(?:\.\d+)+(?:[-.\w]*)|[A-Z]\.?\d+(?:\.\d+)*(?:\(\d+(?:\.\d+)*\))?)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Lexicon:
    """Product families and vendor names, compiled once."""

    family_vendor: dict[str, str]
    subfamilies: dict[str, str]  # product line -> parent family ("MPX" -> "NetScaler")
    vendor_names: dict[str, str]  # written name -> vendor
    mention_re: re.Pattern[str]
    vendor_re: re.Pattern[str]


@cache
def lexicon() -> Lexicon:
    """The product lexicon from products.toml."""
    data = tomllib.loads(
        resources.files("claimcheck.extract").joinpath("products.toml").read_text()
    )
    subfamilies = data.get("subfamilies", {})
    families = {**data["families"], **{s: data["families"][p] for s, p in subfamilies.items()}}
    names = {n: v for v, spellings in data["vendors"].items() for n in spellings}
    fam = "|".join(re.escape(f) for f in sorted(families, key=len, reverse=True))
    lines = "|".join(re.escape(s) for s in sorted(subfamilies, key=len, reverse=True))
    model = f"{MODEL}|{lines}" if lines else MODEL
    mention = re.compile(
        rf"(?<![\w-])(?P<family>{fam})(?:[ -]?(?:Virtual Edition|Application Delivery Controller)?"
        rf"\s?(?:\(VE\))?)?(?:[ -]?(?P<model>{model}))?(?![\w])",
    )
    vendor = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?![\w-])"
    )
    return Lexicon(families, subfamilies, names, mention, vendor)


def _norm(text: str) -> str:
    return re.sub(r"[\s-]+", "", text).lower()


def _key(vendor: str | None, family: str, model: str | None) -> str:
    parts = [vendor or "", family, model or ""]
    return "-".join(_norm(p) for p in parts if p)


@dataclass
class _Found:
    family: str
    model: str | None
    start: int
    end: int
    text: str


def _mentions(doc: Document) -> list[_Found]:
    lex = lexicon()
    out: list[_Found] = []
    for block in doc.blocks:
        for m in lex.mention_re.finditer(block.text):
            family, model = m.group("family"), m.group("model")
            if model and (model.upper() == family.upper() or re.fullmatch(r"[Pp]\d{2}", model)):
                model = None  # "NetScaler P95" is a percentile, not a model
            if "Virtual Edition" in m.group(0) or "(VE)" in m.group(0):
                model = model or "VE"
            out.append(
                _Found(family, model, block.start + m.start(), block.start + m.end(), m.group(0))
            )
    return out


def _canonical_family(found: list[_Found]) -> None:
    """ "MPX-11500" and "NetScaler MPX-11500" are one family: a sub-family folds into its parent."""
    parents = lexicon().subfamilies
    for f in found:
        parent = parents.get(f.family)
        if parent is None:
            continue
        f.model = f"{f.family}-{f.model.lstrip('-')}" if f.model else f.family
        f.family = parent


def extract_devices(doc: Document) -> list[Device]:
    """Devices named in the document, with their mentions."""
    lex = lexicon()
    found = _mentions(doc)
    _canonical_family(found)
    numbered = {f.family for f in found if f.model}
    counts: dict[tuple[str, str | None], int] = {}
    for f in found:
        counts[(f.family, f.model and _norm(f.model))] = (
            counts.get((f.family, f.model and _norm(f.model)), 0) + 1
        )
    devices: dict[str, Device] = {}
    for f in found:
        if f.model is None and f.family in numbered:
            continue  # "the Alteon" is resolved to the numbered device below
        if f.model is None and counts[(f.family, None)] < 2:
            continue  # a family named once is context, not a device under test
        if f.model and counts[(f.family, _norm(f.model))] < 2 and not _in_table(doc, f.start):
            continue  # a model named once in prose is usually a comparison or a spec, not a DUT
        vendor = lex.family_vendor.get(f.family)
        key = _key(vendor, f.family, f.model)
        dev = devices.get(key)
        if dev is None:
            name = f"{f.family} {f.model}" if f.model else f.family
            dev = devices[key] = Device(
                id=key, name=name, vendor=vendor, family=f.family, model=f.model
            )
        _add_mention(doc, dev, f.text, f.start, f.end)
        if len(f.text) > len(dev.name):
            dev.name = f.text
    _merge_variants(devices)
    _generic_devices(doc, devices)
    _table_devices(doc, devices)
    _family_aliases(doc, found, devices)
    _vendor_aliases(doc, devices)
    _versions(doc, devices)
    return sorted(devices.values(), key=lambda d: d.mentions[0].start)


def _merge_variants(devices: dict[str, Device]) -> None:
    """Fold spellings of one product into one device: "Alteon 5224" into "Alteon 5224 XL",
    "NetScaler MPX" into "NetScaler MPX-11500", and a chassis named beside its blade
    ("VIPRION 2400 chassis with a B2100 blade") into the blade named more often."""
    items = sorted(devices.values(), key=lambda d: -len(d.mentions))
    for small in sorted(devices.values(), key=lambda d: len(d.mentions)):
        if small.id not in devices or not small.model:
            continue
        for big in items:
            if big is small or big.id not in devices or big.family != small.family or not big.model:
                continue
            a, b = _norm(small.model), _norm(big.model)
            prefix = b.startswith(a) and b != a
            beside = any(abs(m.start - n.start) < 45 for m in small.mentions for n in big.mentions)
            if prefix or (beside and len(big.mentions) > len(small.mentions)):
                for m in small.mentions:
                    if all(m.start != n.start for n in big.mentions):
                        big.mentions.append(m)
                big.aliases.extend(a for a in small.aliases if a not in big.aliases)
                big.mentions.sort(key=lambda m: m.start)
                del devices[small.id]
                break


GENERIC_RE = re.compile(
    r"(?<![\w-])([A-Z][a-zA-Z]{2,20})[ -]([A-Z]{1,4}-?\d{1,5}[A-Za-z]{0,3})(?![\w-]|\.\w)"
)
NOT_A_MAKER = {
    "The", "This", "That", "Table", "Figure", "Fig", "Chart", "Section", "Appendix", "Version",
    "Test", "Tests", "Page", "Layer", "Port", "Ports", "Model", "Models", "Release", "Build",
    "Step", "Phase", "Run", "Question", "Note", "Type", "Class", "Group", "Tier", "Item",
    "Intel", "AMD", "Xeon", "EPYC", "Ryzen", "Core", "RFC", "ISO", "IEEE", "TLS", "SSL", "HTTP",
    "With", "And", "For", "From", "Each", "Both", "All", "One", "Two", "AWS", "Azure", "GCP",
}  # fmt: skip


def _generic_devices(doc: Document, devices: dict[str, Device]) -> None:
    """Products outside the lexicon: a maker's name and a model code named twice or more
    ("Ardent RQ-7000", "Kite KV-3000"); the maker is taken as the vendor, and the model
    code alone ("the KV-3000") is a mention too."""
    lex = lexicon()
    seen: dict[tuple[str, str], list[tuple[int, int, str, str]]] = {}
    for block in doc.blocks:
        for m in GENERIC_RE.finditer(block.text):
            maker, model = m.group(1), m.group(2)
            if maker in NOT_A_MAKER or maker in lex.family_vendor or maker in lex.vendor_names:
                continue
            start = block.start + m.start()
            if "\n" in doc.text[start : block.start + m.end()] or not _plausible_label(m.group(0)):
                continue  # a table row's last cell and the next row's label are not a product
            if canonical_unit(maker):
                continue  # "128 Kilobytes L7": a unit, not a maker
            seen.setdefault((maker, _norm(model)), []).append(
                (start, block.start + m.end(), m.group(0), model)
            )
    for (maker, model), hits in seen.items():
        if len(hits) < 2 or any(_known(devices, h[0]) for h in hits):
            continue
        key = _key(maker, maker, model)
        dev = devices.setdefault(
            key, Device(id=key, name=hits[0][2], vendor=maker, family=maker, model=model)
        )
        for start, end, text, _ in hits:
            _add_mention(doc, dev, text, start, end)
        written = hits[0][3]
        for m in re.finditer(rf"(?<![\w-]){re.escape(written)}(?![\w-]|\.\w)", doc.text):
            if not _known(devices, m.start()):
                _add_mention(doc, dev, m.group(0), m.start(), m.end())
        dev.mentions.sort(key=lambda mm: mm.start)


DEVICE_HEADER = re.compile(
    r"^(?:device|product|model|dut|system|appliance|platform|solution|proxy|server|"
    r"load balancer|adc|firewall|gateway|box|vendor/device|implementation)s?\b",
    re.IGNORECASE,
)
_DISTINCT_RE = re.compile(r"[A-Za-z]*\d[\w-]*|[\w-]*\d[A-Za-z][\w-]*")


def _table_devices(doc: Document, devices: dict[str, Device]) -> None:
    """Row labels of a per-device table ("Device", "Product", "Model" column) are devices too."""
    for block in doc.blocks:
        table = block.table
        if table is None or not table.header:
            continue
        col = next((i for i, h in enumerate(table.header) if DEVICE_HEADER.match(h.strip())), None)
        if col is None:
            continue
        for row in table.body:
            if col >= len(row.cells):
                continue
            cell = row.cells[col]
            name = cell.text.strip().strip("*")
            if (
                not name
                or len(name) > 48
                or not re.search(r"[A-Za-z]", name)
                or _known(devices, cell.start)
            ):
                continue
            tokens = [
                t
                for t in _DISTINCT_RE.findall(name)
                if re.search(r"\d", t) and re.search(r"[A-Za-z]", t) or len(t) >= 3
            ]
            if any(_covers(d, tokens, name) for d in devices.values()):
                continue
            if not _plausible_label(name):
                continue
            has_model = any(
                len(re.findall(r"\d", t)) >= 2 and re.search(r"[A-Za-z]", t) for t in tokens
            ) or any(re.fullmatch(r"\d{3,}", t) for t in tokens)
            if (
                not has_model
                and len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", doc.text)) < 3
            ):
                continue  # a label without a model number must be named in the prose too
            key = "-".join(_norm(t) for t in name.split() if t) or _norm(name)
            dev = devices.setdefault(key, Device(id=key, name=name))
            _add_mention(doc, dev, cell.text, cell.start, cell.end)
            for pattern in {re.escape(name), *(re.escape(t) for t in tokens if len(t) >= 3)}:
                for m in re.finditer(rf"(?<![\w-]){pattern}(?![\w-])", doc.text):
                    if not any(
                        mm.start <= m.start() < mm.end
                        for d in devices.values()
                        for mm in d.mentions
                    ):
                        _add_mention(doc, dev, m.group(0), m.start(), m.end())
            dev.mentions.sort(key=lambda mm: mm.start)


_NOT_A_DEVICE = re.compile(
    r"(?i:\b(?:grafana|k6|ixia|ixload|spirent|avalanche|wrk2?|jmeter|locust|gatling|vegeta|"
    r"autocannon|h2load|hey|iperf3?)\b)"
    r"|[:\"_]|\.\d*x?large\b|\.(?:micro|small|medium|metal)\b|^v\d|\b(?:19|20)\d\d\b"
)


def _plausible_label(name: str) -> bool:
    """A table label that could name a product: no captions, versions, instance types or dates."""
    return (
        bool(re.match(r"[A-Z0-9]", name))
        and not _NOT_A_DEVICE.search(name)
        and len(name.split()) <= 5
    )


def _known(devices: dict[str, Device], offset: int) -> bool:
    return any(m.start <= offset < m.end for d in devices.values() for m in d.mentions)


def _covers(device: Device, tokens: list[str], name: str) -> bool:
    """A lexicon device already names this table label ("MPX-11500" in "NetScaler MPX-11500")."""
    names = [_norm(a) for a in device.aliases]
    return _norm(name) in names or any(
        _norm(t) in n for t in tokens for n in names if len(_norm(t)) >= 3
    )


def _in_table(doc: Document, offset: int) -> bool:
    return any(b.table is not None and b.start <= offset < b.end for b in doc.blocks)


def _add_mention(doc: Document, dev: Device, text: str, start: int, end: int) -> None:
    if any(m.start == start for m in dev.mentions):
        return
    dev.mentions.append(Mention(text=text, start=start, end=end, line=doc.position(start)[0]))
    if text not in dev.aliases:
        dev.aliases.append(text)


def _family_aliases(doc: Document, found: list[_Found], devices: dict[str, Device]) -> None:
    """A bare family name ("the Alteon") names the one device of that family."""
    by_family: dict[str, list[Device]] = {}
    for d in devices.values():
        by_family.setdefault(d.family or "", []).append(d)
    for f in found:
        if f.model is None and len(by_family.get(f.family, [])) == 1:
            _add_mention(doc, by_family[f.family][0], f.text, f.start, f.end)


def _vendor_aliases(doc: Document, devices: dict[str, Device]) -> None:
    """A vendor name alone names the vendor's device when it is the only one."""
    lex = lexicon()
    by_vendor: dict[str, list[Device]] = {}
    for d in devices.values():
        if d.vendor:
            by_vendor.setdefault(d.vendor, []).append(d)
    for block in doc.blocks:
        for m in lex.vendor_re.finditer(block.text):
            vendor = lex.vendor_names[m.group(1)]
            devs = by_vendor.get(vendor, [])
            if len(devs) == 1:
                start = block.start + m.start()
                if not any(mm.start <= start < mm.end for mm in devs[0].mentions):
                    _add_mention(doc, devs[0], m.group(1), start, block.start + m.end())


def _versions(doc: Document, devices: dict[str, Device]) -> None:
    """A version right after a mention: "BIG-IP 4200v (v11.2)", "ACE module running release A1.3"."""
    for dev in devices.values():
        for m in dev.mentions:
            tail = doc.text[m.end : m.end + 60]
            v = VERSION_RE.match(tail)
            if v and dev.version is None:
                dev.version = v.group(1).rstrip(".-")


def device_at(devices: list[Device], start: int, end: int) -> Device | None:
    """The device mentioned exactly over [start, end), if any."""
    for d in devices:
        for m in d.mentions:
            if m.start < end and start < m.end:
                return d
    return None


def devices_in_span(devices: list[Device], start: int, end: int) -> list[tuple[int, Device]]:
    """(offset, device) of every device mention inside [start, end), in order."""
    out = [(m.start, d) for d in devices for m in d.mentions if start <= m.start < end]
    return sorted(out, key=lambda x: x[0])
