"""C002 name-inconsistency: one device given two software versions or two model names."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.facts.versions import version_key
from claimcheck.models import Condition, Device
from claimcheck.rules.context import clause_around, in_link_target
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import says_any

MAX_VERSIONS = 20  # distinct versions compared per device (pairs among them are bounded)


def _refines(
    a: tuple[tuple[str, ...], tuple[str, ...]], b: tuple[tuple[str, ...], tuple[str, ...]]
) -> bool:
    """One version is the other or the same release with a build or hotfix suffix added
    (11.2.1 -> 11.2.1-HF1). Differing dotted releases (10.0 and 10.0.1) conflict."""
    if a[0] != b[0]:
        return False
    short, long_ = (a[1], b[1]) if len(a[1]) <= len(b[1]) else (b[1], a[1])
    return long_[: len(short)] == short


def _shortens(
    short: tuple[tuple[str, ...], tuple[str, ...]], full: tuple[tuple[str, ...], tuple[str, ...]]
) -> bool:
    """``short`` is ``full``'s release cut after fewer numbers, with no suffix (11.2 of 11.2.1-HF1)."""
    return not short[1] and len(short[0]) < len(full[0]) and full[0][: len(short[0])] == short[0]


def _abbreviating_blocks(
    facts: FactStore,
    kept: dict[str, list[tuple[tuple[tuple[str, ...], tuple[str, ...]], Condition]]],
) -> set[tuple[str | None, str]]:
    """Places (section and block kind: the items of one list, one table) that shorten the
    releases of two or more devices stated in full elsewhere: a summary giving every
    device's major.minor release, not a conflict."""
    devices_by_block: dict[tuple[str | None, str], set[str]] = {}
    index = facts.text
    for device, items in kept.items():
        for key, cond in items:
            if any(_shortens(key, other) for other, _ in items):
                block = index.block_at(cond.start)
                if block is not None:
                    place = (block.section, block.kind)
                    devices_by_block.setdefault(place, set()).add(device)
    return {place for place, devs in devices_by_block.items() if len(devs) >= 2}


def _abbreviates(
    facts: FactStore, summaries: set[tuple[str | None, str]], a: tuple, b: tuple
) -> bool:
    """One of two statements is a summary block's shortened form of the other's release."""
    for (short, cond), (full, _) in ((a, b), (b, a)):
        block = facts.text.block_at(cond.start)
        place = (block.section, block.kind) if block is not None else None
        if place in summaries and _shortens(short, full):
            return True
    return False


@check("name_inconsistency")
def name_inconsistency(facts: FactStore) -> Iterator[Hit]:
    """One device given two releases that are not refinements of each other, or a model
    number that appears once beside a device tested under a near-identical number."""
    doc, extraction = facts.doc, facts.extraction
    versions: dict[str, dict[tuple[tuple[str, ...], tuple[str, ...]], Condition]] = {}
    data = rule_data("C002")
    stated = [c for c in facts.stated("software_version") if c.device and isinstance(c.value, str)]
    compared = _compared_releases(facts, stated)
    for c in stated:
        if not _claims_tested(facts, c, data):
            continue  # a release named for a feature's availability or a past comparison
        key = version_key(c.value)
        if key[0] and len(versions.setdefault(c.device, {})) < MAX_VERSIONS:
            versions[c.device].setdefault(key, c)
    owners: dict[tuple[tuple[str, ...], tuple[str, ...]], set[str]] = {}
    for device, found in versions.items():
        for key in found:
            owners.setdefault(key, set()).add(device)
    names = {d.id: d.name for d in extraction.devices}
    kept = {
        # a release attributed to two devices was read from a sentence naming both: unreliable
        device: sorted(((k, c) for k, c in found.items() if len(owners[k]) == 1),
                       key=lambda kv: kv[1].start)
        for device, found in versions.items()
    }  # fmt: skip
    summaries = _abbreviating_blocks(facts, kept)
    for device, items in kept.items():
        for i, (key, cond) in enumerate(items):
            clash = next(
                (c0 for k0, c0 in items[:i] if not _refines(k0, key)
                 and (device, k0[0], key[0]) not in compared
                 and not _abbreviates(facts, summaries, (k0, c0), (key, cond))),
                None,
            )  # fmt: skip
            if clash is not None and facts.one_sentence(clash.end, cond.start):
                continue  # "6.4.1 in campaign B and 2.1.7 in campaign A": two setups, stated
            if clash is None or facts.hedged(cond.start):
                continue
            line = doc.position(clash.start)[0]
            msg = (f'{names.get(device, device)} is given release "{clash.value}" (line {line}) '
                   f'and "{cond.value}" here; neither refines the other')  # fmt: skip
            yield Hit(cond.start, cond.end, msg, {"device": device,
                                                  "versions": [clash.value, cond.value]})  # fmt: skip
            break
    yield from _run_heading_slips(facts)
    reported = False
    for hit in _model_slips(facts):
        reported = True
        yield hit
    if not reported:
        yield from _token_slips(facts)


def _claims_tested(facts: FactStore, c: Condition, data: dict[str, Any]) -> bool:
    """Does the statement give the release the report tested, rather than the release a
    feature is available from ("starting with 1.10 you can choose") or one of a past
    comparison ("earlier this year we compared 2.10")? Both words lists are in C002
    [data]."""
    if in_link_target(facts.doc, c.start):
        return False  # a release in a link's address names a file, not the tested release
    sent = facts.sentence_text(c.start)
    if sent and says_any(sent, data.get("history", [])):
        return False
    before = clause_around(facts.doc, c.start, c.start, 40, 0)
    after = clause_around(facts.doc, c.end, c.end, 0, 25)
    return not (says_any(before, data.get("availability_before", []))
                or says_any(after, data.get("availability_after", [])))  # fmt: skip


def _compared_releases(
    facts: FactStore, stated: list[Condition]
) -> set[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(device, release, release) of two releases of one device named in one sentence
    ("4.0 ... compared to 3.13", "from 2.11.0 to 2.11.1"): the report sets them apart, so
    they are two releases, not one release named two ways, wherever else they appear."""
    by_sentence: dict[tuple[str, int], list[tuple[str, ...]]] = {}
    for c in stated:
        sent = facts.sentence_at(c.start)
        if sent is not None:
            key = version_key(c.value)[0]
            found = by_sentence.setdefault((c.device or "", sent.start), [])
            found.append(key)
            # "between Kestrel 2.11.0 and 2.11.1": the second release needs no name
            found.extend(r for r in _releases_in(sent.text) if r[:1] == key[:1] and r != key)
    pairs = set()
    for (device, _), keys in by_sentence.items():
        for a in keys:
            for b in keys:
                if a != b:
                    pairs.add((device, a, b))
    # a build of a compared release ("4.0.0-beta.5" of "4.0") is set apart as well
    out = set(pairs)
    for c in stated:
        key = version_key(c.value)[0]
        for device, a, b in pairs:
            if device == c.device and key != a and key[: len(a)] == a:
                out.update({(device, key, b), (device, b, key)})
    return out


MIN_AGREEING_RUNS = 3  # runs whose heading names their target: the report's own convention


def _host(target: str | None) -> str:
    """The host name of a run's target URL, lower case ("http://spire:6667" -> "spire")."""
    if not target or "://" not in target:
        return ""
    rest = target.split("://", 1)[1]
    for sep in "/:?#":
        rest = rest.split(sep, 1)[0]
    return rest.lower() if rest.replace("-", "").replace("_", "").isalpha() else ""


def _run_heading_slips(facts: FactStore) -> Iterator[Hit]:
    """A run headed by a name the report gives nothing else, while its target host is a
    product the report lists, in a report where every other run's heading names its
    host: one product under two names ("## Quill" over a run against http://tarn:8080,
    with "Tarn" in the list of products tested)."""
    runs = [
        r for r in facts.runs if _host(getattr(r, "target", None)) and getattr(r, "section", None)
    ]
    agree = [r for r in runs if _host(r.target) in r.section.lower()]
    odd = [r for r in runs if _host(r.target) not in r.section.lower()]
    if len(agree) < MIN_AGREEING_RUNS or not odd or len(odd) * 3 > len(runs):
        return
    prose = [sent.text for _, sent in facts.sentences(own=True)]
    for r in odd:
        host = _host(r.target)
        heading = r.section.strip()
        listed = any(says_any(t, [host]) and not in_text_url(t, host) for t in prose)
        named_elsewhere = any(says_any(t, [heading]) for t in prose)
        if not listed or named_elsewhere:
            continue
        yield Hit(r.start, r.end,
                  f'the run under "{heading}" targets host "{host}", a product the report '
                  f'lists as "{host}": one product under two names',
                  {"heading": heading, "host": host})  # fmt: skip


def in_text_url(text: str, word: str) -> bool:
    """Is every occurrence of ``word`` in ``text`` inside a URL (after "://")?"""
    low, w = text.lower(), word.lower()
    at = low.find(w)
    while at >= 0:
        start = low.rfind(" ", 0, at) + 1
        if "://" not in low[start:at]:
            return False
        at = low.find(w, at + 1)
    return True


def _releases_in(text: str) -> list[tuple[str, ...]]:
    """Dotted release numbers written in a text ("2.11.1", "v4.0"), as release keys."""
    out = []
    for word in text.split():
        token = word.strip(".,;:()[]'\"").lstrip("vV")
        parts = token.split(".")
        if len(parts) >= 2 and all(p.isdigit() and len(p) <= 4 for p in parts):
            out.append(tuple(parts))
    return out


def _model_slips(facts: FactStore) -> Iterator[Hit]:
    extraction = facts.extraction
    tested = {m.device for m in facts.measured() if m.device}
    by_family: dict[tuple[str, str], list[Device]] = {}
    for d in extraction.devices:
        if d.model and d.family:
            by_family.setdefault(((d.vendor or "").lower(), d.family.lower()), []).append(d)
    for group in by_family.values():
        if len(group) < 2 or len(group) > 12:
            continue
        main = [d for d in group if d.id in tested]
        for slip in group:
            if slip.id in tested or len(slip.mentions) > 2 or not slip.mentions:
                continue
            other = next((d for d in main if _near(d.model or "", slip.model or "")
                          and len(d.mentions) >= 3 * len(slip.mentions)), None)  # fmt: skip
            if other is None:
                continue
            m = slip.mentions[0]
            if facts.hedged(m.start) or facts.about_product_line(m.start, whole_block=True):
                continue
            msg = (
                f'"{m.text}" appears {len(slip.mentions)} time(s) beside {other.name}, the '
                f"tested device ({len(other.mentions)} mentions); one model number is wrong"
            )
            yield Hit(m.start, m.end, msg, {"device": other.id, "variant": slip.model})


def _token_slips(facts: FactStore) -> Iterator[Hit]:
    """Model numbers in the text: one written once or twice beside a near-identical one
    written many times (KV-3200 once, KV-3000 throughout)."""
    tokens = facts.index.model_tokens
    starts = [t.start for t in tokens]
    counts: dict[str, list[Any]] = {}  # key -> its ModelToken facts
    index = facts.text
    for t in tokens:
        counts.setdefault(t.key, []).append(t)
    groups: dict[tuple[str, int], list[str]] = {}
    for key in counts:
        prefix, rest = key.split("-", 1)
        groups.setdefault((prefix, len(rest)), []).append(key)
    for keys in groups.values():
        if len(keys) < 2 or len(keys) > 12:
            continue
        for rare in keys:
            if len(counts[rare]) > 2:
                continue
            main = next((k for k in keys if len(counts[k]) >= max(3, 3 * len(counts[rare]))
                         and _near(k.split("-", 1)[1], rare.split("-", 1)[1])), None)  # fmt: skip
            if main is None:
                continue
            m = counts[rare][0]
            found = index.sentence_at(m.start)
            same_prefix = set()  # the models of this prefix its sentence names
            if found is not None:
                lo = bisect_left(starts, found[0].start)
                hi = bisect_left(starts, found[0].end)
                same_prefix = {x.text for x in tokens[lo:hi] if x.prefix == m.prefix}
            if (
                (found is not None and found[2])
                or facts.about_product_line(m.start)
                or len(same_prefix) > 1
            ):
                continue  # about others, about the product line, or a list of models
            shown = counts[main][0].text
            msg = (
                f'"{m.text}" appears {len(counts[rare])} time(s), while the report names '
                f'"{shown}" {len(counts[main])} times; one model number is wrong'
            )
            yield Hit(m.start, m.end, msg, {"variant": m.text, "model": shown})


def _near(a: str, b: str) -> bool:
    """Same length, digits in both, at most two characters different."""
    a, b = a.lower(), b.lower()
    if a == b or len(a) != len(b) or not re.search(r"\d", a) or not re.search(r"\d", b):
        return False
    return sum(x != y for x, y in zip(a, b, strict=True)) <= 2
