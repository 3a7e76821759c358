"""Open-world entities: the systems a report compares, whether or not a list knows them.

``open_world`` takes the devices the product prior found and adds every name the report
puts at a structural position (``entity_seeds``). Then, for every entity, each part of
its name that names no other entity (a maker alone, a brand or family alone, a model
alone: "Falcon" for the Falcon F300) becomes an alias, and every occurrence of a name or
alias, in any case ("nginx" is NGINX), becomes a mention. Each entity gets a kind
(``entity_kinds``): device under test, tool, backend or lab.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable
from itertools import accumulate

from claimcheck import lazyre
from claimcheck.extract.entity_kinds import DUT, kind_of
from claimcheck.extract.entity_seeds import Seed, seeds
from claimcheck.extract.names import is_generic, tokens
from claimcheck.extract.sentences import split
from claimcheck.models import Device, Document

STRONG = {"axis", "header", "title", "list"}
_WORD = lazyre.compile(r"[A-Za-z0-9][\w+]*(?:[.'-][\w+]+)*+")


def norm(text: str) -> str:
    """A name reduced for comparison: case, blanks and hyphens dropped."""
    return re.sub(r"[\s\-_*`]+", "", text).casefold()


def open_world(
    doc: Document,
    devices: dict[str, Device],
    add: Callable[[Device, str, int, int], None],
    known: Callable[[int], bool],
) -> dict[str, str]:
    """Add the structurally placed entities to ``devices`` (key -> device), then the
    mentions of every entity's names and unique aliases through ``add(device, text,
    start, end)`` where ``known(offset)`` says no mention covers the offset yet. Returns
    the source (axis, header, title, list, subject, prior) that placed each device."""
    placed: dict[str, str] = {}
    cover = _Cover(devices.values())
    for seed in seeds(doc):
        dev = cover.find(seed.name)
        if dev is None and _names_another(doc, seed, known):
            continue
        if dev is None:
            key = norm(seed.name)
            if not key or key in devices:
                continue
            dev = devices[key] = Device(id=key, name=seed.name, version=seed.version)
            cover.add(dev)
        if dev.version is None and seed.version:
            dev.version = seed.version
        if dev.vendor is None and seed.vendor:
            dev.vendor = seed.vendor
        if not known(seed.start):
            add(dev, doc.text[seed.start : seed.end], seed.start, seed.end)
            cover.add(dev)
        if placed.get(dev.id) not in STRONG:
            placed[dev.id] = seed.source
    for dev in devices.values():
        placed.setdefault(dev.id, "prior")
    words = _Words(doc.text)  # both alias passes read it; it goes with the call
    done: set[tuple[str, int]] = set()
    _mention_aliases(doc, list(devices.values()), add, known, words, done)
    _acronyms(doc, devices)
    fold(devices, placed)
    _mention_aliases(doc, list(devices.values()), add, known, words, done)
    return placed


_ACRONYM = lazyre.compile(r"[ \t]{0,2}+\([ \t]?+([A-Z]{2,5})[ \t]?+\)")


def _acronyms(doc: Document, devices: dict[str, Device]) -> None:
    """ "Orca Virtual Edition (VE)": the name with its last words abbreviated ("Orca VE")
    and the abbreviation alone are names of the device too."""
    for d in devices.values():
        seen: set[str] = set()
        for m in d.mentions:
            if m.text in seen:
                continue
            seen.add(m.text)
            a = _ACRONYM.match(doc.text, m.end, m.end + 12)
            if a is None:
                continue
            acr, words = a.group(1), tokens(m.text)
            k = len(acr)
            if len(words) < k or "".join(w[0] for w in words[-k:]).upper() != acr:
                continue
            for variant in (" ".join([*words[:-k], acr]), acr):
                if variant and variant not in d.aliases:
                    d.aliases.append(variant)


def fold(devices: dict[str, Device], placed: dict[str, str]) -> None:
    """Fold a device into another when every name it is written by is a run of words of
    that one device's names: "MPX-11500" into "Ferrovia MPX-11500", "QSM 30" into
    "QSM 30 Blade", a model named alone into the product named with its maker."""
    holders: dict[str, set[str]] = {}
    for d in devices.values():
        for name in {d.name, *d.aliases}:
            words = [t.casefold() for t in tokens(name)][:8]
            for i in range(len(words)):
                for j in range(i + 1, len(words) + 1):
                    holders.setdefault(" ".join(words[i:j]), set()).add(d.id)
    order = sorted(devices.values(), key=lambda d: (len(tokens(d.name)), d.id))
    for small in order:
        if small.id not in devices:
            continue
        written = {" ".join(t.casefold() for t in tokens(a)) for a in small.aliases} or {
            " ".join(t.casefold() for t in tokens(small.name))
        }
        targets: set[str] | None = None
        for w in written:
            found = holders.get(w, set()) - {small.id}
            targets = found if targets is None else targets & found
        if not targets or len(targets) != 1:
            continue
        big = devices.get(next(iter(targets)))
        if big is None:
            continue
        exact = {" ".join(t.casefold() for t in tokens(a)) for a in (big.name, *big.aliases)}
        if not (written <= exact or _model_like(written)):
            continue
        starts = {m.start for m in big.mentions}
        big.mentions.extend(m for m in small.mentions if m.start not in starts)
        big.aliases.extend(a for a in small.aliases if a not in big.aliases)
        big.version = big.version or small.version
        big.vendor = big.vendor or small.vendor
        if placed.get(small.id) in STRONG:
            placed[big.id] = placed[small.id]
        del devices[small.id]


def _model_like(written: set[str]) -> bool:
    """Names that can only be a product's: a model number or an abbreviation."""
    return all(re.search(r"\d", w) or (w.isalpha() and len(w) <= 5) for w in written)


def _names_another(doc: Document, seed: Seed, known: Callable[[int], bool]) -> bool:
    """A table label that already holds another entity's mention ("Orca 2400 chassis with
    a B2100 blade", the B2100 being the device): the label is that entity's row."""
    if not seed.cell_end:
        return False
    cell = doc.text[seed.start : seed.cell_end]
    return any(known(seed.start + m.start()) for m in _WORD.finditer(cell))


def abbreviated(name: str) -> list[str]:
    """The name with its last capitalised words written as their initials: "Orca Virtual
    Edition" -> "Orca VE" (how a report goes on naming a product it introduced in full)."""
    words = tokens(name)
    out = []
    for k in range(2, min(4, len(words) - 1) + 1):
        tail = words[-k:]
        if all(w[:1].isupper() and w[1:].islower() and w.isalpha() for w in tail):
            out.append(" ".join([*words[:-k], "".join(w[0] for w in tail)]))
    return out


class _Cover:
    """Which device already names a seed: one of its names is the seed, holds it as a run
    of whole words ("Falcon" in "Falcon F300") or is held in it ("Orca-DX Virtual Edition"
    in "Ostrava Orca-DX Virtual Edition"). Runs of words are looked up, not scanned for."""

    def __init__(self, devices) -> None:
        self.exact: dict[str, Device] = {}
        self.runs: dict[str, dict[str, Device]] = {}  # casefolded word run -> its holders
        for d in devices:
            self.add(d)

    def add(self, device: Device) -> None:
        """Take in a device's names."""
        for name in (device.name, *device.aliases):
            self.exact.setdefault(norm(name), device)
            for variant in abbreviated(name):
                self.exact.setdefault(norm(variant), device)
            words = [t.casefold() for t in tokens(name)][:8]
            for i in range(len(words)):
                for j in range(i + 1, len(words) + 1):
                    self.runs.setdefault(" ".join(words[i:j]), {})[device.id] = device

    def find(self, name: str) -> Device | None:
        """The device covering ``name``, or None."""
        n = norm(name)
        if not n:
            return None
        if n in self.exact:
            return self.exact[n]
        words = [t.casefold() for t in tokens(name)][:8]
        whole = " ".join(words)
        held = self.runs.get(whole, {})
        if len(held) == 1 and (len(n) >= 4 or name[:1].isupper()):
            return next(iter(held.values()))
        for i in range(len(words)):
            for j in range(len(words), i, -1):
                run = " ".join(words[i:j])
                if len(norm(run)) >= 3 and norm(run) in self.exact:
                    return self.exact[norm(run)]
        return None


def aliases(devices: list[Device]) -> list[tuple[str, Device]]:
    """(alias, device): each device's names, and each run of words of a name that names
    no other device and is not a generic word or a bare number, longest first."""
    runs: dict[str, set[str]] = {}  # casefolded run -> ids of the devices whose names hold it
    written: dict[tuple[str, str], str] = {}
    for d in devices:
        for name in dict.fromkeys([d.name, *d.aliases]):
            words = tokens(name)
            if len(words) > 6:
                continue
            for i in range(len(words)):
                for j in range(i + 1, len(words) + 1):
                    run = " ".join(words[i:j])
                    key = run.casefold()
                    runs.setdefault(key, set()).add(d.id)
                    if (d.id, key) not in written or i == 0:
                        written[(d.id, key)] = run if i == 0 else "\0" + run
    out: list[tuple[str, Device]] = []
    by_id = {d.id: d for d in devices}
    for (dev_id, key), run in written.items():
        first = not run.startswith("\0")
        run = run.lstrip("\0")
        if len(runs[key]) != 1 or not _distinctive(run, first):
            continue
        out.append((run, by_id[dev_id]))
    out.sort(key=lambda x: (-len(x[0]), x[0]))
    return out


def _distinctive(run: str, first: bool = True) -> bool:
    words = run.split()
    if all(is_generic(w) for w in words) or not re.search(r"[A-Za-z]", run):
        return False
    if len(words) == 1:
        w = words[0]
        if len(w) < 2 or re.fullmatch(r"[vV]?\d[\d.]*", w):
            return False
        if not first and w[:1].isupper() and w[1:].islower() and w.isalpha():
            return False  # "Virtual" of "Orca Virtual Edition": a word, not a name
    return not is_generic(words[0]) or len(words) > 1 and not is_generic(words[-1])


def _matches_case(alias: str, found: str) -> bool:
    """Case rules for a name found in another case: a lower-case or mixed name ("nginx",
    "QuillD", "ORCA-DX") matches in any case; a capitalised dictionary-like word
    ("Falcon") not in all lower case; a short all-capital name ("ACE") only as written."""
    if found == alias:
        return True
    if alias.isupper() and len(alias) <= 4 and alias.isalpha():
        return False
    if alias[:1].isupper() and alias[1:].islower() and alias.isalpha():
        return not found.islower()
    return True


# _WORD as one capturing group: re.split hands back the gaps and the words alternately, so
# the words' offsets are sums of lengths (no match object per word). Through re's own cache.
_WORD_SPLIT = r"([A-Za-z0-9][\w+]*(?:[.'-][\w+]+)*+)"
_CHUNK = 1 << 16  # characters split at a time (words never span a line break)


class _Words:
    """Where each word the aliases hold starts in the text, by its casefolded form. Only
    those words are indexed (a report's aliases hold a few dozen words; the text holds
    thousands), their starts kept as compact arrays; a word asked for later is indexed
    with the other new ones in one more pass."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: dict[str, array] = {}

    def need(self, aliases: Iterable[str]) -> None:
        """Index the words of ``aliases`` not indexed yet: one pass over the text for all."""
        new = {
            m.group().casefold() for a in aliases for m in _WORD.finditer(a)
        } - self.starts.keys()
        if not new:
            return
        for w in new:
            self.starts[w] = array("I")
        text, starts = self.text, self.starts
        at = 0
        while at < len(text):
            cut = text.find("\n", at + _CHUNK)
            stop = len(text) if cut < 0 else cut + 1
            chunk = text[at:stop]
            ascii_chunk = chunk.isascii()
            # ASCII text lower-cased keeps every offset, and lower() is casefold() there
            parts = re.split(_WORD_SPLIT, chunk.lower() if ascii_chunk else chunk)
            offsets = list(accumulate(map(len, parts), initial=at))
            found = parts[1::2] if ascii_chunk else [w.casefold() for w in parts[1::2]]
            for word, start in zip(found, offsets[1::2], strict=False):
                if word in new:
                    starts[word].append(start)
            at = stop

    def occurrences(self, text: str, alias: str) -> list[int]:
        """Starts of ``alias`` in ``text`` as a run of whole words, in any case (its words
        indexed by :meth:`need`)."""
        words = [m for m in _WORD.finditer(alias)]
        if not words:
            return []
        rarest = min(words, key=lambda m: len(self.starts.get(m.group().casefold(), ())))
        n, folded = len(alias), alias.casefold()
        out = []
        for at in self.starts.get(rarest.group().casefold(), ()):
            i = at - rarest.start()
            if i < 0 or text[i : i + n].casefold() != folded:
                continue
            if i and (text[i - 1].isalnum() or text[i - 1] in "-_/.@"):
                continue
            after = text[i + n : i + n + 2]
            if after[:1].isalnum() or after[:1] in "-_/@" or re.match(r"\.\w", after):
                continue
            out.append(i)
        return out


def _mention_aliases(
    doc: Document,
    devices: list[Device],
    add: Callable[[Device, str, int, int], None],
    known: Callable[[int], bool],
    words: _Words,
    done: set[tuple[str, int]],
) -> None:
    """Add the mentions of every unique alias. ``done`` holds the (alias, id(device))
    pairs an earlier pass read: mentions only grow, so a pair read again would find every
    occurrence taken or refused as before, and is skipped."""
    found = [(alias, dev) for alias, dev in aliases(devices) if (alias, id(dev)) not in done]
    done.update((alias, id(dev)) for alias, dev in found)
    words.need(alias for alias, _ in found)
    for alias, dev in found:
        for i in words.occurrences(doc.text, alias):
            found_text = doc.text[i : i + len(alias)]
            if not _matches_case(alias, found_text) or known(i):
                continue
            after = i + len(alias)
            if " " not in alias and doc.text[after : after + 1] == " " and known(after + 1):
                continue  # a maker's name before another entity's name is part of that name
            add(dev, found_text, i, i + len(alias))


def assign_kinds(doc: Document, devices: list[Device], placed: dict[str, str]) -> None:
    """Set each device's ``kind`` from the sentences and cells that name it."""
    sentences = _Sentences(doc)
    for d in devices:
        contexts = [sentences.around(m.start, m.end) for m in d.mentions]
        d.kind = kind_of(tokens(d.name), contexts, placed.get(d.id) in STRONG)


class _Sentences:
    """The sentence (or table cell) around an offset, split once per block."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.starts = [b.start for b in doc.blocks]
        self.cache: dict[int, tuple[list[int], list[tuple[int, str]]]] = {}

    def around(self, start: int, end: int) -> tuple[str, int, int]:
        i = bisect_right(self.starts, start) - 1
        if i < 0:
            return "", 0, 0
        block = self.doc.blocks[i]
        if i not in self.cache:
            if block.table is not None:
                parts = [(c.start, c.text) for r in block.table.rows for c in r.cells]
            else:
                parts = [(s.start, s.text) for s in split(block.text, block.start)]
            parts.sort(key=lambda p: p[0])
            self.cache[i] = ([p[0] for p in parts], parts)
        starts, parts = self.cache[i]
        j = bisect_right(starts, start) - 1
        if j < 0 or start >= parts[j][0] + len(parts[j][1]):
            return "", 0, 0
        at, text = parts[j]
        return text, start - at, end - at


def entity_named(label: str, entities: list[Device]) -> Device | None:
    """The entity a table label, header or phrase names: by its name or an alias, a run of
    whole words of its name ("Falcon" for the Falcon F300) or an abbreviation, in any case;
    None when the label names none or several. For modules that type table axes."""
    return _Cover(entities).find(label) if label.strip() else None


def is_dut(device: Device) -> bool:
    """Is the device a device under test (not a tool, backend or lab)?"""
    return (device.kind or DUT) == DUT


__all__ = ["Seed", "aliases", "assign_kinds", "entity_named", "is_dut", "norm", "open_world"]
