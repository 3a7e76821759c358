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
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from operator import attrgetter

from claimcheck import lazyre
from claimcheck.extract.coref import resolve_references
from claimcheck.extract.entities import assign_kinds, is_dut, open_world
from claimcheck.extract.quantities import finditer_from
from claimcheck.models import Cell, Device, Document, Mention
from claimcheck.units import canonical_unit

MODEL = r"(?:[A-Z]{1,4}-?)?\d{1,5}[A-Za-z]{0,3}(?:[ -]?(?:XL|XLE|Plus|v))?(?!\w|\.\w)"
VERSION_RE = lazyre.compile(
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
    mention_start: re.Pattern[str]  # where a mention can begin (see _starts)
    vendor_start: re.Pattern[str]

    def mentions_in(self, text: str) -> Iterator[re.Match[str]]:
        """``mention_re.finditer(text)``, tried only where a family name can begin."""
        return finditer_from(self.mention_re, self.mention_start, text)

    def vendors_in(self, text: str) -> Iterator[re.Match[str]]:
        """``vendor_re.finditer(text)``, tried only where a vendor name can begin."""
        return finditer_from(self.vendor_re, self.vendor_start, text)


def _starts(names: Iterable[str]) -> re.Pattern[str]:
    """The first character of one of ``names`` not preceded by a word character or hyphen:
    the patterns are case-sensitive and open with that look-behind, which made the regex
    engine try them at every character; a leading class lets it jump to candidates."""
    first = "".join(sorted({n[0] for n in names}))
    return re.compile("[" + re.escape(first) + r"](?<![\w-].)")


@cache
def lexicon() -> Lexicon:
    """The product lexicon from products.toml."""
    data = tomllib.loads(
        resources.files("claimcheck.extract").joinpath("products.toml").read_text()
    )
    subfamilies = data.get("subfamilies", {})
    families = {**data["families"], **{s: data["families"][p] for s, p in subfamilies.items()}}
    names = {n: v for v, spellings in data["vendors"].items() for n in spellings}
    fam = "|".join(re.escape(f) for f in sorted(families, key=lambda s: (-len(s), s)))
    lines = "|".join(re.escape(s) for s in sorted(subfamilies, key=lambda s: (-len(s), s)))
    model = f"{MODEL}|{lines}" if lines else MODEL
    mention = re.compile(
        rf"(?<![\w-])(?P<family>{fam})(?:[ -]?(?:Virtual Edition|Application Delivery Controller)?"
        rf"\s?(?:\(VE\))?)?(?:[ -]?(?P<model>{model}))?(?![\w])",
    )
    vendor = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(n) for n in sorted(names, key=lambda s: (-len(s), s)))
        + r")(?![\w-])"
    )
    return Lexicon(families, subfamilies, names, mention, vendor, _starts(families), _starts(names))


@lru_cache(maxsize=4096)
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
        for m in lex.mentions_in(block.text):
            family, model = m.group("family"), m.group("model")
            if model and (model.upper() == family.upper() or re.fullmatch(r"[Pp]\d{2}", model)):
                model = None  # "NetScaler P95" is a percentile, not a model
            if "Virtual Edition" in m.group(0) or "(VE)" in m.group(0):
                model = model or "VE"
            said = m.group(0).rstrip()  # the pattern may take the blank before a missing model
            start = block.start + m.start()
            out.append(_Found(family, model, start, start + len(said), said))
    return out


def _subfamilies_of_named_families(doc: Document, found: list[_Found]) -> list[_Found]:
    """A product line alone ("VE", "MPX-11500") names the prior's family only in a report
    that names that family or its vendor somewhere: elsewhere "Falcon VE" is another
    maker's product and the line's letters are part of its name."""
    lex = lexicon()
    named: dict[str, bool] = {}
    out = []
    for f in found:
        parent = lex.subfamilies.get(f.family)
        if parent is not None and parent not in named:
            vendor = lex.family_vendor.get(parent)
            spellings = [parent, *(n for n, v in lex.vendor_names.items() if v == vendor)]
            named[parent] = any(_standalone(doc.text, n) for n in spellings)
        if parent is None or named[parent]:
            out.append(f)
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


class _Spans:
    """Mention spans by start, for "does a mention cover this offset?" without a scan:
    a mention covering ``offset`` starts less than the longest mention's length before it."""

    def __init__(self) -> None:
        self.ends: dict[int, int] = {}  # start -> the furthest end of a mention starting there
        self.longest = 0

    def add(self, start: int, end: int) -> None:
        """Record the mention [start, end)."""
        if end > self.ends.get(start, start):
            self.ends[start] = end
        self.longest = max(self.longest, end - start)

    def covers(self, offset: int) -> bool:
        """Does a recorded mention cover ``offset``?"""
        ends = self.ends
        return any(ends.get(offset - k, offset) > offset for k in range(self.longest))


class _Index:
    """Mention spans and aliases per device and spans over all devices, kept in step with
    ``add``: lookups instead of scans over every mention or alias (which grow with the
    document). A device's entry is rebuilt when its mentions or aliases changed behind the
    index's back (``_merge_variants``)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        # id(device) -> (device, [mentions, aliases] counted, mention spans, aliases)
        self._entries: dict[int, tuple[Device, list[int], _Spans, set[str]]] = {}
        self._all: _Spans | None = None
        self._found: dict[tuple[str, str], list[tuple[int, int]]] = {}
        self._runs: _Runs | None = None

    def _entry(self, dev: Device) -> tuple[Device, list[int], _Spans, set[str]]:
        e = self._entries.get(id(dev))
        if e is None or e[0] is not dev or e[1] != [len(dev.mentions), len(dev.aliases)]:
            spans = _Spans()
            for m in dev.mentions:
                spans.add(m.start, m.end)
            counts = [len(dev.mentions), len(dev.aliases)]
            e = self._entries[id(dev)] = (dev, counts, spans, set(dev.aliases))
        return e

    def add(self, dev: Device, text: str, start: int, end: int) -> None:
        """A mention of ``dev``, unless it already has one starting at ``start``."""
        _, counts, spans, aliases = self._entry(dev)
        if start in spans.ends:
            return
        dev.mentions.append(
            Mention(text=text, start=start, end=end, line=self.doc.position(start)[0])
        )
        counts[0] += 1
        spans.add(start, end)
        if self._all is not None:
            self._all.add(start, end)
        if text not in aliases:
            dev.aliases.append(text)
            aliases.add(text)
            counts[1] += 1

    def covers(self, dev: Device, offset: int) -> bool:
        """Does a mention of ``dev`` cover ``offset``?"""
        return self._entry(dev)[2].covers(offset)

    def known(self, devices: dict[str, Device], offset: int) -> bool:
        """Does a mention of any device cover ``offset``? Built on the first call, then kept
        up by ``add``: from then on devices are only added and mentions only through ``add``."""
        if self._all is None:
            self._all = _Spans()
            for d in devices.values():
                for m in d.mentions:
                    self._all.add(m.start, m.end)
        return self._all.covers(offset)

    def standalone(self, literal: str, after: re.Pattern[str]) -> list[tuple[int, int]]:
        """``_standalone`` over the document, once per literal; through the document's word
        runs, so that a table of many labels is not one scan of the document per label."""
        key = (literal, after.pattern)
        if key not in self._found:
            if self._runs is None:
                self._runs = _Runs(self.doc.text)
            self._found[key] = self._runs.standalone(literal, after)
        return self._found[key]


_WORDISH = lazyre.compile(r"[\w-]")
_WORDISH_OR_EXT = lazyre.compile(r"[\w-]|\.\w")


def _standalone(
    text: str, literal: str, after: re.Pattern[str] = _WORDISH
) -> list[tuple[int, int]]:
    """(start, end) of each non-overlapping ``literal`` not preceded by a word character or
    hyphen and not followed by ``after``: what a regex of the escaped literal between those
    two lookarounds finds, with str.find (a regex that starts with a lookbehind scans slowly)."""
    out: list[tuple[int, int]] = []
    if not literal:
        return out
    n = len(literal)
    i = text.find(literal)
    while i >= 0:
        if (i == 0 or not _WORDISH.match(text, i - 1)) and not after.match(text, i + n):
            out.append((i, i + n))
            i = text.find(literal, i + n)
        else:
            i = text.find(literal, i + 1)
    return out


_RUN = r"[\w-]+"  # through re's own cache: no pattern of claimcheck's (see regexlit)


class _Runs:
    """Where each run of word characters and hyphens starts, by the run's text. In a
    standalone occurrence of a literal, each run of the literal is a whole run of the text
    (the literal is not preceded or followed by such a character, and inside it its runs
    end where it has other characters), so the occurrences are looked up through the
    literal's rarest run instead of searched for."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: dict[str, list[int]] = {}
        for m in re.finditer(_RUN, text):
            self.starts.setdefault(m.group(), []).append(m.start())

    def standalone(self, literal: str, after: re.Pattern[str]) -> list[tuple[int, int]]:
        """What ``_standalone(text, literal, after)`` finds."""
        runs = [(m.start(), m.group()) for m in re.finditer(_RUN, literal)]
        if not runs:
            return _standalone(self.text, literal, after)
        offset, rarest = min(runs, key=lambda r: len(self.starts.get(r[1], ())))
        text, n = self.text, len(literal)
        out: list[tuple[int, int]] = []
        for at in self.starts.get(rarest, ()):
            i = at - offset
            if i < 0 or (out and i < out[-1][1]):  # not inside the last occurrence taken
                continue
            if i and _WORDISH.match(text, i - 1):
                continue
            if text.startswith(literal, i) and not after.match(text, i + n):
                out.append((i, i + n))
        return out


def extract_devices(doc: Document) -> list[Device]:
    """Devices under test named in the document, with their mentions."""
    return [d for d in extract_entities(doc) if is_dut(d)]


def extract_entities(doc: Document) -> list[Device]:
    """Every entity the document names (devices under test, tools, backends, labs), with
    its kind and mentions: the product prior's devices and the names the report puts at
    structural positions (``entities.open_world``), pronouns resolved for the devices."""
    lex = lexicon()
    ix = _Index(doc)
    found = _subfamilies_of_named_families(doc, _mentions(doc))
    _canonical_family(found)
    numbered = {f.family for f in found if f.model}
    counts: dict[tuple[str, str | None], int] = {}
    for f in found:
        counts[(f.family, f.model and _norm(f.model))] = (
            counts.get((f.family, f.model and _norm(f.model)), 0) + 1
        )
    in_table = _TableSpans(doc)
    devices: dict[str, Device] = {}
    for f in found:
        if f.model is None and f.family in numbered:
            continue  # "the Alteon" is resolved to the numbered device below
        if f.model is None and counts[(f.family, None)] < 2:
            continue  # a family named once is context, not a device under test
        if f.model and counts[(f.family, _norm(f.model))] < 2 and not in_table(f.start):
            continue  # a model named once in prose is usually a comparison or a spec, not a DUT
        vendor = lex.family_vendor.get(f.family)
        key = _key(vendor, f.family, f.model)
        dev = devices.get(key)
        if dev is None:
            name = f"{f.family} {f.model}" if f.model else f.family
            dev = devices[key] = Device(
                id=key, name=name, vendor=vendor, family=f.family, model=f.model
            )
        ix.add(dev, f.text, f.start, f.end)
        if len(f.text) > len(dev.name):
            dev.name = f.text
    _merge_variants(devices)
    _generic_devices(doc, devices, ix)
    _table_devices(doc, devices, ix)
    _family_aliases(found, devices, ix)
    _vendor_aliases(doc, devices, ix)
    placed = open_world(doc, devices, ix.add, lambda offset: ix.known(devices, offset))
    _versions(doc, devices)
    found = [d for d in devices.values() if d.mentions]
    for d in found:
        d.mentions.sort(key=lambda mm: mm.start)
    found.sort(key=lambda d: d.mentions[0].start)
    assign_kinds(doc, found, placed)
    resolve_references(doc, [d for d in found if is_dut(d)])
    return found


def _merge_variants(devices: dict[str, Device]) -> None:
    """Fold spellings of one product into one device: "Alteon 5224" into "Alteon 5224 XL",
    "NetScaler MPX" into "NetScaler MPX-11500", and a chassis named beside its blade
    ("VIPRION 2400 chassis with a B2100 blade") into the blade named more often.

    Each device, fewest mentions first, folds into the first device (most mentions first)
    of its family whose model it begins, or that is named more often and within 45
    characters of it. Those candidates are looked up (models by their prefixes, mentions by
    offset) rather than found by trying every pair of devices."""
    items = sorted(devices.values(), key=lambda d: -len(d.mentions))
    rank = {id(d): i for i, d in enumerate(items)}
    extends: dict[tuple[str | None, str], list[Device]] = {}  # (family, model prefix) -> devices
    for d in items:
        if d.model:
            b = _norm(d.model)
            for k in range(len(b)):
                extends.setdefault((d.family, b[:k]), []).append(d)
    owners: dict[int, list[Device]] = {}  # mention start -> the devices named there
    for d in items:
        for m in d.mentions:
            owners.setdefault(m.start, []).append(d)
    offsets = sorted(owners)
    # mention starts and aliases of the devices that took mentions (one may take thousands)
    taken: dict[int, tuple[set[int], set[str]]] = {}
    grown: dict[int, Device] = {}  # devices that took mentions: sorted once at the end
    for small in sorted(devices.values(), key=lambda d: len(d.mentions)):
        if small.id not in devices or not small.model:
            continue
        big = _merge_target(small, devices, rank, extends, owners, offsets)
        if big is None:
            continue
        if id(big) not in taken:
            taken[id(big)] = {n.start for n in big.mentions}, set(big.aliases)
        starts, known = taken[id(big)]
        for m in small.mentions:
            if m.start not in starts:
                big.mentions.append(m)
                starts.add(m.start)
            holders = owners[m.start]
            holders[:] = [*(h for h in holders if h is not small and h is not big), big]
        for alias in small.aliases:
            if alias not in known:
                big.aliases.append(alias)
                known.add(alias)
        grown[id(big)] = big
        del devices[small.id]
    for d in grown.values():
        d.mentions.sort(key=lambda m: m.start)


def _merge_target(
    small: Device,
    devices: dict[str, Device],
    rank: dict[int, int],
    extends: dict[tuple[str | None, str], list[Device]],
    owners: dict[int, list[Device]],
    offsets: list[int],
) -> Device | None:
    """The device ``small`` folds into (see ``_merge_variants``), or None."""
    a = _norm(small.model or "")
    found = list(extends.get((small.family, a), ()))  # models that ``a`` begins, longer
    count = len(small.mentions)
    for m in small.mentions:
        lo, hi = bisect_right(offsets, m.start - 45), bisect_left(offsets, m.start + 45)
        for offset in offsets[lo:hi]:
            found.extend(d for d in owners[offset] if len(d.mentions) > count)
    best = None
    for big in found:
        if big is small or big.id not in devices or big.family != small.family or not big.model:
            continue
        if best is None or rank[id(big)] < rank[id(best)]:
            best = big
    return best


GENERIC_RE = lazyre.compile(
    r"(?<![\w-])([A-Z][a-zA-Z]{2,20})[ -]([A-Z]{1,4}-?\d{1,5}[A-Za-z]{0,3})(?![\w-]|\.\w)"
)
NOT_A_MAKER = {
    "The", "This", "That", "Table", "Figure", "Fig", "Chart", "Section", "Appendix", "Version",
    "Test", "Tests", "Page", "Layer", "Port", "Ports", "Model", "Models", "Release", "Build",
    "Step", "Phase", "Run", "Question", "Note", "Type", "Class", "Group", "Tier", "Item",
    "Intel", "AMD", "Xeon", "EPYC", "Ryzen", "Core", "RFC", "ISO", "IEEE", "TLS", "SSL", "HTTP",
    "With", "And", "For", "From", "Each", "Both", "All", "One", "Two", "AWS", "Azure", "GCP",
}  # fmt: skip


def _generic_devices(doc: Document, devices: dict[str, Device], ix: _Index) -> None:
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
            if re.fullmatch(r"[Pp]\d{2}", model):
                continue  # "Ferrovia P95 latency": a percentile, not a model
            start = block.start + m.start()
            if "\n" in doc.text[start : block.start + m.end()] or not _plausible_label(m.group(0)):
                continue  # a table row's last cell and the next row's label are not a product
            if canonical_unit(maker):
                continue  # "128 Kilobytes L7": a unit, not a maker
            seen.setdefault((maker, _norm(model)), []).append(
                (start, block.start + m.end(), m.group(0), model)
            )
    for (maker, model), hits in seen.items():
        if len(hits) < 2 or any(ix.known(devices, h[0]) for h in hits):
            continue
        key = _key(maker, maker, model)
        dev = devices.setdefault(
            key, Device(id=key, name=hits[0][2], vendor=maker, family=maker, model=model)
        )
        for start, end, text, _ in hits:
            ix.add(dev, text, start, end)
        written = hits[0][3]
        for s, e in ix.standalone(written, _WORDISH_OR_EXT):
            if not ix.known(devices, s):
                ix.add(dev, doc.text[s:e], s, e)
        dev.mentions.sort(key=lambda mm: mm.start)


DEVICE_HEADER = lazyre.compile(
    r"^(?:device|product|model|dut|system|appliance|platform|solution|proxy|server|"
    r"load balancer|adc|firewall|gateway|box|vendor/device|implementation)s?\b",
    re.IGNORECASE,
)
_DISTINCT_RE = lazyre.compile(r"(?<![A-Za-z0-9])[A-Za-z]*\d[\w-]*|(?<![\w-])[\w-]*\d[A-Za-z][\w-]*")


def _table_devices(doc: Document, devices: dict[str, Device], ix: _Index) -> None:
    """Row labels of a per-device table ("Device", "Product", "Model" column) are devices too."""
    labels = list(_device_labels(doc))
    cover = _AliasCover({_norm(t) for _, _, tokens in labels for t in tokens})
    for d in devices.values():
        cover.add(d)
    for cell, name, tokens in labels:
        if ix.known(devices, cell.start) or cover.covers(name, tokens):
            continue
        if not _plausible_label(name):
            continue
        has_model = any(
            len(re.findall(r"\d", t)) >= 2 and re.search(r"[A-Za-z]", t) for t in tokens
        ) or any(re.fullmatch(r"\d{3,}", t) for t in tokens)
        if not has_model and len(ix.standalone(name, _WORDISH)) < 3:
            continue  # a label without a model number must be named in the prose too
        key = "-".join(_norm(t) for t in name.split() if t) or _norm(name)
        dev = devices.setdefault(key, Device(id=key, name=name))
        ix.add(dev, cell.text, cell.start, cell.end)
        # the whole label first: a token that starts it must not shorten its mentions
        for literal in dict.fromkeys([name, *(t for t in tokens if len(t) >= 3)]):
            for s, e in ix.standalone(literal, _WORDISH):
                if not ix.known(devices, s):
                    ix.add(dev, doc.text[s:e], s, e)
        dev.mentions.sort(key=lambda mm: mm.start)
        cover.add(dev)


def _device_labels(doc: Document) -> Iterator[tuple[Cell, str, list[str]]]:
    """(cell, label, distinctive tokens) of each label in a device column that could name a
    device: not empty, at most 48 characters, with a letter."""
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
            if not name or len(name) > 48 or not re.search(r"[A-Za-z]", name):
                continue
            tokens = [
                t
                for t in _DISTINCT_RE.findall(name)
                if re.search(r"\d", t) and re.search(r"[A-Za-z]", t) or len(t) >= 3
            ]
            yield cell, name, tokens


class _AliasCover:
    """Does some device already name a table label (``_covers`` over every device)? The
    tokens the labels could ask about are known in advance, so each alias is looked through
    once, for those tokens, as it is added; a label is then answered by set lookups instead
    of a pass over every device's aliases."""

    def __init__(self, wanted: set[str]) -> None:
        self.wanted = {w for w in wanted if len(w) >= 3}
        self.lengths = sorted({len(w) for w in self.wanted})
        self.names: set[str] = set()  # every alias, normalised
        self.found: set[str] = set()  # wanted tokens some alias contains
        self.seen: dict[str, int] = {}  # device id -> aliases looked through

    def add(self, device: Device) -> None:
        """Take in the aliases ``device`` gained since the last call."""
        done = self.seen.get(device.id, 0)
        for alias in device.aliases[done:]:
            n = _norm(alias)
            if n in self.names:
                continue
            self.names.add(n)
            for size in self.lengths:
                for i in range(len(n) - size + 1):
                    if n[i : i + size] in self.wanted:
                        self.found.add(n[i : i + size])
        self.seen[device.id] = len(device.aliases)

    def covers(self, name: str, tokens: list[str]) -> bool:
        """What ``any(_covers(d, tokens, name) for d in devices)`` answers."""
        if _norm(name) in self.names:
            return True
        return any(n in self.found for n in map(_norm, tokens) if len(n) >= 3)


_NOT_A_DEVICE = lazyre.compile(
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


def _covers(device: Device, tokens: list[str], name: str) -> bool:
    """A lexicon device already names this table label ("MPX-11500" in "NetScaler MPX-11500")."""
    names = [_norm(a) for a in device.aliases]
    return _norm(name) in names or any(
        _norm(t) in n for t in tokens for n in names if len(_norm(t)) >= 3
    )


class _TableSpans:
    """Is an offset inside a table block? Bisect over the table blocks' starts, with the
    largest end so far, so the answer holds even if blocks overlapped."""

    def __init__(self, doc: Document) -> None:
        spans = sorted((b.start, b.end) for b in doc.blocks if b.table is not None)
        self.starts = [s for s, _ in spans]
        self.max_end: list[int] = []
        for _, e in spans:
            self.max_end.append(max(e, self.max_end[-1]) if self.max_end else e)

    def __call__(self, offset: int) -> bool:
        i = bisect_right(self.starts, offset)
        return i > 0 and self.max_end[i - 1] > offset


def _family_aliases(found: list[_Found], devices: dict[str, Device], ix: _Index) -> None:
    """A bare family name ("the Alteon") names the one device of that family."""
    by_family: dict[str, list[Device]] = {}
    for d in devices.values():
        by_family.setdefault(d.family or "", []).append(d)
    for f in found:
        if f.model is None and len(by_family.get(f.family, [])) == 1:
            ix.add(by_family[f.family][0], f.text, f.start, f.end)


def _vendor_aliases(doc: Document, devices: dict[str, Device], ix: _Index) -> None:
    """A vendor name alone names the vendor's device when it is the only one."""
    lex = lexicon()
    by_vendor: dict[str, list[Device]] = {}
    for d in devices.values():
        if d.vendor:
            by_vendor.setdefault(d.vendor, []).append(d)
    for block in doc.blocks:
        for m in lex.vendors_in(block.text):
            vendor = lex.vendor_names[m.group(1)]
            devs = by_vendor.get(vendor, [])
            if len(devs) == 1:
                start = block.start + m.start()
                if not ix.covers(devs[0], start):
                    ix.add(devs[0], m.group(1), start, block.start + m.end())


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


class MentionIndex:
    """Every mention of a device list as (offset, device), sorted by offset (devices in list
    order on ties). Built once the list is final, so that the extractors' question "which
    devices does this sentence or row name?" is a bisection, with nothing to check first."""

    def __init__(self, devices: list[Device]) -> None:
        self.items = sorted(((m.start, d) for d in devices for m in d.mentions), key=lambda x: x[0])
        self.starts = [s for s, _ in self.items]

    def span(self, start: int, end: int) -> list[tuple[int, Device]]:
        """(offset, device) of every device mention inside [start, end), in order."""
        return self.items[bisect_left(self.starts, start) : bisect_left(self.starts, end)]

    def beside(
        self, start: int, end: int, before: int, after: int
    ) -> tuple[Device | None, Device | None]:
        """Among the mentions inside [start, end): the device named last before offset
        ``before`` and the one named first after offset ``after``."""
        lo, hi = bisect_left(self.starts, start), bisect_left(self.starts, end)
        i = bisect_left(self.starts, before, lo, hi)
        j = bisect_right(self.starts, after, lo, hi)
        return (self.items[i - 1][1] if i > lo else None), (self.items[j][1] if j < hi else None)


def devices_in_span(devices: list[Device], start: int, end: int) -> list[tuple[int, Device]]:
    """(offset, device) of every device mention inside [start, end), in order."""
    return _span_index(devices).span(start, end)


_MENTIONS = attrgetter("mentions")
_LAST_SPAN_INDEX: tuple = ()  # (devices, signature, index) of the last list indexed


def _span_index(devices: list[Device]) -> MentionIndex:
    """The MentionIndex of ``devices``. Callers may query one list again and again, so the
    last one is kept while no device gained or lost a mention (a check that costs a pass
    over the list: the extractors build a MentionIndex once instead)."""
    global _LAST_SPAN_INDEX
    signature = (list(map(id, devices)), list(map(len, map(_MENTIONS, devices))))
    last = _LAST_SPAN_INDEX
    if last and last[0] is devices and last[1] == signature:
        return last[2]
    index = MentionIndex(devices)
    _LAST_SPAN_INDEX = (devices, signature, index)
    return index
