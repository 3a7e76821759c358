"""Device extraction: its indexes agree with the plain scans they replace, and the work
grows linearly with the document."""

from __future__ import annotations

import cProfile
import pstats
import re
from bisect import bisect_left
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import devices as dv
from claimcheck.ingest import read_text
from claimcheck.models import Device, Mention

FAST = settings(max_examples=300, deadline=None)
CORPUS = Path(__file__).resolve().parent.parent / "corpus"

# a small alphabet makes overlaps, hyphens and word boundaries frequent
TEXT = st.text(alphabet="ab -.xA1\n", max_size=60)
LITERAL = st.text(alphabet="ab -.xA1", min_size=1, max_size=5)


@FAST
@given(TEXT, LITERAL, st.sampled_from([dv._WORDISH, dv._WORDISH_OR_EXT]))
def test_standalone_is_the_lookaround_regex(text: str, literal: str, after: re.Pattern) -> None:
    pattern = re.compile(rf"(?<![\w-]){re.escape(literal)}(?!{after.pattern})")
    assert dv._standalone(text, literal, after) == [m.span() for m in pattern.finditer(text)]


@FAST
@given(TEXT, LITERAL, st.sampled_from([dv._WORDISH, dv._WORDISH_OR_EXT]))
def test_word_runs_find_what_the_scan_finds(text: str, literal: str, after: re.Pattern) -> None:
    assert dv._Runs(text).standalone(literal, after) == dv._standalone(text, literal, after)


ALIAS = st.text(alphabet="ab1 -", min_size=1, max_size=8)


@FAST
@given(
    st.lists(st.lists(ALIAS, max_size=3), max_size=4),
    st.lists(st.tuples(ALIAS, st.lists(ALIAS, max_size=3)), min_size=1, max_size=4),
)
def test_alias_cover_answers_as_every_device(
    aliases: list[list[str]], labels: list[tuple[str, list[str]]]
) -> None:
    devices = [Device(id=f"d{i}", name="d", aliases=list(a)) for i, a in enumerate(aliases)]
    cover = dv._AliasCover({dv._norm(t) for _, tokens in labels for t in tokens})
    for d in devices:
        cover.add(d)
    for name, tokens in labels:
        assert cover.covers(name, tokens) == any(dv._covers(d, tokens, name) for d in devices)
        # a device gains an alias: the next label sees it
        if not devices:
            devices.append(Device(id="late", name="late"))
        devices[-1].aliases.append(name + "1")
        cover.add(devices[-1])


def _near(starts: list[int], offset: int, distance: int) -> bool:
    i = bisect_left(starts, offset - distance + 1)
    return i < len(starts) and starts[i] < offset + distance


def _merge_every_pair(devices: dict[str, Device]) -> None:
    """devices._merge_variants as it was written first: every pair of devices tried."""
    items = sorted(devices.values(), key=lambda d: -len(d.mentions))
    for small in sorted(devices.values(), key=lambda d: len(d.mentions)):
        if small.id not in devices or not small.model:
            continue
        for big in items:
            if big is small or big.id not in devices or big.family != small.family or not big.model:
                continue
            a, b = dv._norm(small.model), dv._norm(big.model)
            prefix = b.startswith(a) and b != a
            if not prefix and len(big.mentions) > len(small.mentions):
                big_starts = sorted(n.start for n in big.mentions)
                beside = any(_near(big_starts, m.start, 45) for m in small.mentions)
            else:
                beside = False
            if prefix or beside:
                taken = {n.start for n in big.mentions}
                for m in small.mentions:
                    if m.start not in taken:
                        big.mentions.append(m)
                        taken.add(m.start)
                big.aliases.extend(a for a in small.aliases if a not in big.aliases)
                big.mentions.sort(key=lambda m: m.start)
                del devices[small.id]
                break


# (family, model, mention starts): few families and short models make prefixes and neighbours
VARIANT = st.tuples(
    st.sampled_from(["A", "B"]),
    st.one_of(st.none(), st.text(alphabet="12x", min_size=1, max_size=3)),
    st.lists(st.integers(0, 300), min_size=1, max_size=5, unique=True),
)


@FAST
@given(st.lists(VARIANT, max_size=8))
def test_merge_variants_as_every_pair(variants: list[tuple[str, str | None, list[int]]]) -> None:
    def build() -> dict[str, Device]:
        out: dict[str, Device] = {}
        used: set[int] = set()  # one device per offset, as the lexicon's matches give
        for family, model, starts in variants:
            key = f"{family}-{model}"
            if key in out:
                continue
            free = [s for s in starts if s not in used]
            if not free:
                continue
            used.update(free)
            mentions = [Mention(text=key, start=s, end=s + 3, line=1) for s in free]
            out[key] = Device(id=key, name=key, family=family, model=model, aliases=[key],
                              mentions=mentions)  # fmt: skip
        return out

    fast, slow = build(), build()
    dv._merge_variants(fast)
    _merge_every_pair(slow)
    assert [d.model_dump() for d in fast.values()] == [d.model_dump() for d in slow.values()]


SPANS = st.lists(st.tuples(st.integers(0, 40), st.integers(1, 12)), max_size=12)


@FAST
@given(SPANS, st.integers(-2, 60))
def test_spans_cover_what_a_scan_finds(spans: list[tuple[int, int]], offset: int) -> None:
    index = dv._Spans()
    for start, length in spans:
        index.add(start, start + length)
    assert index.covers(offset) == any(s <= offset < s + n for s, n in spans)


def _device(name: str, starts: list[int]) -> Device:
    mentions = [Mention(text=name, start=s, end=s + 3, line=1) for s in starts]
    return Device(id=name, name=name, mentions=mentions)


def _slow_in_span(devices: list[Device], start: int, end: int) -> list[tuple[int, Device]]:
    out = [(m.start, d) for d in devices for m in d.mentions if start <= m.start < end]
    return sorted(out, key=lambda x: x[0])


@FAST
@given(
    st.lists(st.lists(st.integers(0, 50), max_size=6), min_size=1, max_size=5),
    st.integers(0, 50),
    st.integers(0, 60),
    st.integers(0, 50),
)
def test_devices_in_span_matches_the_scan(
    starts: list[list[int]], lo: int, hi: int, extra: int
) -> None:
    devices = [_device(f"d{i}", s) for i, s in enumerate(starts)]
    assert dv.devices_in_span(devices, lo, hi) == _slow_in_span(devices, lo, hi)
    # a mention added after the index was built is seen by the next query
    devices[-1].mentions.append(Mention(text="x", start=extra, end=extra + 1, line=1))
    assert dv.devices_in_span(devices, lo, hi) == _slow_in_span(devices, lo, hi)
    other = [*devices, _device("late", [extra])]
    assert dv.devices_in_span(other, lo, hi) == _slow_in_span(other, lo, hi)


@FAST
@given(
    st.lists(st.lists(st.integers(0, 50), max_size=6), min_size=1, max_size=5),
    st.integers(0, 60),
    st.integers(0, 60),
    st.integers(0, 60),
    st.integers(0, 60),
)
def test_mention_index_beside_is_the_scan(
    starts: list[list[int]], lo: int, hi: int, before: int, after: int
) -> None:
    devices = [_device(f"d{i}", s) for i, s in enumerate(starts)]
    named = _slow_in_span(devices, lo, hi)
    first = [d for pos, d in named if pos < before]
    then = [d for pos, d in named if pos > after]
    expected = (first[-1] if first else None), (then[0] if then else None)
    assert dv.MentionIndex(devices).beside(lo, hi, before, after) == expected


def test_table_label_and_generic_devices() -> None:
    text = (
        "# Results\n\nThe Kite KV-3000 and the Ardent RQ-7000 were tested. The Kite KV-3000 "
        "won; the KV-3000 also ran cooler than the Ardent RQ-7000.\n\n"
        "| Device | RPS |\n|---|---|\n| Pelican TS-4800 | 1,000 |\n| Kite KV-3000 | 900 |\n\n"
        "The Pelican TS-4800 held up; TS-4800 units are cheap.\n"
    )
    found = {d.name: d for d in dv.extract_devices(read_text(text, "t.md"))}
    kite = next(d for d in found.values() if d.model and "3000" in d.model)
    assert len(kite.mentions) == 4  # two with the maker, the bare code, the table row
    pelican = found["Pelican TS-4800"]
    assert [m.text for m in pelican.mentions] == ["Pelican TS-4800"] * 2 + ["TS-4800"]


def _calls(fn, *args) -> int:  # noqa: ANN001
    prof = cProfile.Profile()
    prof.runcall(fn, *args)
    return sum(row[1] for row in pstats.Stats(prof).stats.values())


def test_device_work_grows_linearly() -> None:
    """Twice the document, about twice the calls (a scan per mention or per label once made
    this quadratic); the generator expressions count each step as a call."""
    base = "\n\n".join(
        (CORPUS / n).read_text(encoding="utf-8")
        for n in ("adc-vendor-comparison-l7.md", "report-duplicate-labels.md")
    )

    def work(copies: int) -> int:
        doc = read_text("\n\n".join([base] * copies), "t.md")

        def run() -> None:
            devices = dv.extract_devices(doc)
            for block in doc.blocks:
                dv.devices_in_span(devices, block.start, block.end)

        return _calls(run)

    two, four = work(2), work(4)
    assert four <= 2.15 * two, (two, four)


PIECES = st.sampled_from(
    ["BIG-IP", "NetScaler", "MPX", "Alteon", "F5", "Citrix", "Radware", " ", "-", "x", "a"]
    + ["5224", " XL", "4200v", "(VE)", "Virtual Edition", "\n"]
)


@FAST
@given(st.lists(PIECES, max_size=10).map("".join))
def test_lexicon_scans_jump_to_the_same_matches(text: str) -> None:
    lex = dv.lexicon()
    assert [m.span() for m in lex.mentions_in(text)] == [
        m.span() for m in lex.mention_re.finditer(text)
    ]
    assert [m.span() for m in lex.vendors_in(text)] == [
        m.span() for m in lex.vendor_re.finditer(text)
    ]
