"""Systems named by how a report lays out its results, not by a sentence about them:
- a heading over one system's results ("## Kestrel (2.1)" over wrk output, "## Kestrel -->
  nginx" for a proxy in front of its backend);
- the labels of figures: "- Kestrel: 41,200 req/s" items of one list, "kestrel: 12,820
  req/sec" lines of a program's output, "kestrel(112,650 req/s)" in prose;
- a line that says which system is under test ("- Proxy: Kestrel with four workers").
Each kind of evidence is weighed against the ordinary words a report uses the same way
("## Experimental setup", "Requests/sec: 48211", "- Per-core workers: 129,531 rps").
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from typing import Any

from claimcheck import lazyre
from claimcheck.extract.names import is_generic, tokens
from claimcheck.extract.seed import Seed, make_seed, plain_label
from claimcheck.models import Block, Document
from claimcheck.textkeys import fold

# what may follow the name in a heading over one system's results: a version in brackets,
# an arrow to what it forwards to ("## Kestrel (2.1) --> backend"), generic words
_HEADING_REST = lazyre.compile(
    r"(?<![ \t])[ \t]*+(?:[(\[][ \t]*+(?:v|version[ \t]*+)?\d[\w.+-]*+[ \t]*+[)\]])?+[ \t]*+"
    r"(?:(?:-{1,2}>|=>|→).*+)?+$"
)
_HEADING_VERSION = lazyre.compile(
    r"(?<![ \t])[ \t]*+[(\[][ \t]*+(?:v|version[ \t]*+)?(\d[\w.+-]*+)"
)
_FIGURE = lazyre.compile(r"\d")
# a figure with a unit of a result: "41,200 req/s", "7ms", "9.4 Gbps", "Requests/sec: 48211"
_UNITS = (
    r"(?:req(?:uest)?s?/s(?:ec)?|rps|RPS|qps|tps|TPS|cps|CPS|ops/s|ms|µs|us|Gbps|Mbps|Gbit/s"
    r"|Mbit/s|GB/s|MB/s|conn(?:ection)?s?/s)"
)
_RESULT_FIGURE = lazyre.compile(
    rf"(?<![\d,.])\d[\d,.]*+[ \t]*+[kKM]?[ \t]*+{_UNITS}(?![\w/])"
    r"|(?i:requests/sec|req/s)[ \t]*+:[ \t]*+\d"
)


def section_seeds(doc: Document) -> dict[int, list[Seed]]:
    """Headings that hold one system's results: "## Kestrel (2.1)" or "## Kestrel --> nginx"
    over tool output or a table of figures. A heading names a system only when nothing but
    a version, an arrow or generic words follows the name, and when the name is written like
    a product or the report names it outside its headings too: "## Experimental setup" and
    "## POWER EFFICIENCY" over figures are sections, not contenders."""
    out: dict[int, list[Seed]] = {}
    found: list[tuple[Block, Seed, bool, bool]] = []
    blocks = doc.blocks
    outside: list[str] | None = None
    for i, block in enumerate(blocks):
        if block.kind != "heading" or not _holds_results(blocks, i):
            continue
        text = block.text
        lead = len(text) - len(text.lstrip("# \t"))
        s = make_seed(text[lead:], block.start + lead, "header")
        if s is None:
            continue
        words = tokens(s.name)
        while len(words) > 1 and is_generic(words[-1]):  # "Kestrel Performance"
            if fold(words.pop()) not in _RESULT_WORDS:
                words = []  # "Segment Two", "Flow Control Configuration": not a system's results
        if not words or len(words) > 3 or "/" in s.name or "#" in s.name:
            continue
        if len(words) > 1 and all(w.isupper() for w in words):
            continue  # a shouted section title, not a name
        s.name = doc.text[s.start : s.start + len(s.name)]
        s.name = s.name[: s.name.index(words[-1]) + len(words[-1])]
        s.end = s.start + len(s.name)
        rest = doc.text[s.end : block.start + len(text)]
        ahead = re.split(r"-{1,2}>|=>|→", rest)[0]
        if not _HEADING_REST.match(rest) and not all(
            is_generic(w) or _VERSIONISH(w) for w in tokens(ahead)
        ):
            continue
        if outside is None:
            outside = [b.text for b in blocks if b.kind != "heading"]
        version = _HEADING_VERSION.match(rest)
        if version and not s.version:
            s.version = version.group(1)
        found.append((block, s, _product_like_name(s.name), _holds_run(blocks, i)))
    if any(not named for _, _, named, _ in found):
        again = _named_outside(outside or [], {s.name for _, s, named, _ in found if not named})
        found = [(b, s, named or s.name in again, run) for b, s, named, run in found]
    # sections side by side, each over its own system's tool run, name them even when the
    # report names them nowhere else ("## Kestrel" and "## Ferrox" over wrk output)
    for block, s, named, run in found:
        level = _level(block)
        siblings = {
            norm_label(t.name)
            for b, t, _, r in found
            if r and _level(b) == level and b is not block
        }
        if named or (run and siblings - {norm_label(s.name)}):
            out[block.start] = [s]
    return out


def _holds_run(blocks: list[Block], i: int) -> bool:
    """The heading's own section holds a tool's output."""
    for b in blocks[i + 1 :]:
        if b.kind == "heading":
            return False
        if b.table is not None and b.table.kind == "tool_output":
            return True
    return False


def _level(block: Block) -> int:
    return len(block.text) - len(block.text.lstrip("#"))


# words after a name in a heading over that system's results ("Kestrel Performance")
_RESULT_WORDS = {"results", "result", "performance", "benchmark", "benchmarks", "numbers",
                 "throughput", "latency", "test", "tests", "run", "runs", "output"}  # fmt: skip


def _product_like_name(name: str) -> bool:
    """Written like a product: a capital inside a word ("QuillD"), letters with digits
    ("K7"), or capitals ("RAUTA")."""
    return any(
        re.search(r"[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]", w) or (w.isupper() and len(w) >= 3)
        for w in tokens(name)
    )


def _name_pattern(name: str) -> re.Pattern[str]:
    """Where ``name`` counts as named: as a whole word in any case, but a capitalised word
    ("Experimental") only capitalised and inside a sentence, where an ordinary word is not."""
    words = name.split()
    if all(w[:1].isupper() and w[1:].islower() and w.isalpha() for w in words):
        return re.compile(rf"(?<=[\w,;][ \t]){re.escape(name)}(?![\w-])")
    return re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


def _lower_case_automaton(names: set[str]) -> tuple[Any, dict[str, list[str]]]:
    """An Aho-Corasick automaton of the lower-cased ``names``, and the names of each key."""
    import ahocorasick  # here: start-up imports only what the run uses

    keys: dict[str, list[str]] = {}
    for name in names:
        keys.setdefault(name.lower(), []).append(name)
    automaton = ahocorasick.Automaton()
    for key in keys:
        automaton.add_word(key, key)
    automaton.make_automaton()
    return automaton, keys


def _named_outside(texts: list[str], names: set[str]) -> set[str]:
    """The ``names`` that one of ``texts`` names (``_name_pattern``), in one pass over the
    texts for all names: an Aho-Corasick scan of the lower-cased text finds where each name
    could start, and its pattern decides there (time linear in the text, not in headings
    times text)."""
    patterns = {name: _name_pattern(name) for name in names}
    automaton, keys = _lower_case_automaton(names)
    found: set[str] = set()
    for text in texts:
        low = text.lower()
        if len(low) != len(text):  # lower-casing moved offsets: read this text name by name
            found |= {n for n in names - found if patterns[n].search(text)}
            continue
        for end, key in automaton.iter(low):
            start = end - len(key) + 1
            for name in keys[key]:
                if name not in found and patterns[name].match(text, start):
                    found.add(name)
        if len(found) == len(names):
            break
    return found


# "- Kestrel: 41,200 req/s", "Kestrel (v2): 9.1 Gbps", a line of a program's output
# "kestrel: 12,820 req/sec, avg 7ms": a label, then a result figure
_LABEL_FIGURE = lazyre.compile(
    r"^[ \t>*+-]*+(?:\d{1,2}[.)][ \t]++)?[*_`]*+(?P<label>[A-Za-z][^:\n*_`()]{0,38}?)[*_`]*+"
    r"[ \t]*+(?:\([^()\n]{0,40}+\)[ \t]*+)?:[ \t]*+[*_`]*+~?\d[\d,.]*+[ \t]*+[kKM]?[ \t]*+"
    rf"{_UNITS}(?![\w/])",
    re.MULTILINE,
)
# "kestrel(112,650 req/s) and ferrox(42,658 req/s)": a name with its figure in brackets
_NAME_FIGURE = lazyre.compile(
    rf"(?<![\w./-])(?P<label>[A-Za-z][\w.+-]{{1,30}}+)\([ \t]*+\d[\d,.]*+[ \t]*+[kKM]?[ \t]*+"
    rf"{_UNITS}[ \t]*+\)"
)
# "- Proxy: Kestrel 2.1 with four workers": a line that says which system is under test
_ROLE_LINE = lazyre.compile(
    r"^[ \t>*+-]*+[*_]*+(?i:(?:reverse[ \t]|api[ \t])?proxy|(?:api[ \t])?gateway"
    r"|load[ \t]balancer|adc|devices?[ \t]under[ \t]test|dut|systems?[ \t]under[ \t]test|sut"
    r"|service[ \t]mesh|ingress[ \t]controller|web[ \t]server|products?[ \t]tested)[*_]*+"
    r"[ \t]*+:[*_]*+[ \t]++(?P<value>[^\n]++)",
    re.MULTILINE,
)


def figure_labels(doc: Document) -> list[Seed]:
    """Systems named by the labels of their figures: two or more "Label: figure" items of
    one list or lines of one code block, and "name(figure)" in prose; and the system a
    "Proxy: X" line puts under test. A label becomes a seed when it is a name and nothing
    else (no unit or statistic in it), written like a product (a capital inside, digits,
    capitals) or named elsewhere in the report too."""
    out: list[tuple[Seed, int]] = []  # a seed, and the labels before it (-1: taken as is)
    group: list[Seed] = []
    spans: list[tuple[int, int]] = []

    def close() -> None:
        if len({norm_label(g.name) for g in group}) >= 2:
            out.extend((g, len(spans)) for g in group)
        group.clear()

    for block in doc.blocks:
        code = block.kind == "code" or (block.table is not None and block.table.kind == "code")
        if block.kind != "list_item":
            close()
        if block.kind not in ("list_item", "paragraph") and not code:
            continue
        text = block.text if block.kind != "code" and block.table is None else None
        raw = doc.text[block.start : block.end] if text is None else text
        for m in _LABEL_FIGURE.finditer(raw):
            s = _label_seed(m.group("label"), block.start + m.start("label"))
            if s is not None:
                group.append(s)
                spans.append((block.start + m.start(), block.start + m.end()))
        if code:
            close()
        if block.kind in ("list_item", "paragraph"):
            for m in _NAME_FIGURE.finditer(block.text):
                s = _label_seed(m.group("label"), block.start + m.start("label"))
                if s is not None:
                    out.append((s, -1))
            for m in _ROLE_LINE.finditer(block.text):
                s = make_seed(m.group("value"), block.start + m.start("value"), "list")
                if s is not None:
                    out.append((s, -1))
    close()
    unsure = {s.name for s, before in out if before >= 0 and not _product_like_name(s.name)}
    reach = _reach_outside(doc.text, unsure, spans)
    return [
        s
        for s, before in out
        if before < 0 or _product_like_name(s.name) or reach.get(s.name, -1) >= before
    ]


def norm_label(name: str) -> str:
    """A label compared with the others of its group: case and blanks dropped."""
    return re.sub(r"\s+", "", name).casefold()


def _label_seed(label: str, at: int) -> Seed | None:
    """The seed a figure's label names, or None: the label must be the name and generic
    words only, with no unit, rate or statistic ("Requests/sec", "p99")."""
    s = make_seed(label, at, "list")
    if s is None or not plain_label(label.strip()):
        return None
    rest = label[s.end - at :]
    if not all(is_generic(w) or _VERSIONISH(w) for w in tokens(rest)):
        return None
    return s


def _reach_outside(text: str, names: set[str], spans: list[tuple[int, int]]) -> dict[str, float]:
    """For each name written in ``text`` as a whole word (any case): how far down the list of
    label ``spans`` (in text order, not overlapping) its mentions reach. A mention outside
    every span reaches everywhere (infinity); one inside span ``j`` is outside the first
    ``j`` labels. A label group closed after ``k`` labels is named outside its labels when
    the reach is at least ``k``. One Aho-Corasick scan for all names (linear in the text)."""
    if not names:
        return {}
    patterns = {n: re.compile(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", re.IGNORECASE) for n in names}
    starts = [a for a, _ in spans]
    reach: dict[str, float] = {}

    def seen(name: str, at: int) -> None:
        j = bisect_right(starts, at) - 1
        inside = j >= 0 and at < spans[j][1]
        reach[name] = max(reach.get(name, -1), j if inside else math.inf)

    low = text.lower()
    if len(low) != len(text):  # lower-casing moved offsets: search name by name
        for name, pattern in patterns.items():
            for m in pattern.finditer(text):
                seen(name, m.start())
        return reach
    automaton, keys = _lower_case_automaton(names)
    for end, key in automaton.iter(low):
        start = end - len(key) + 1
        for name in keys[key]:
            if reach.get(name) != math.inf and patterns[name].match(text, start):
                seen(name, start)
    return reach


def _VERSIONISH(word: str) -> bool:
    return bool(re.fullmatch(r"[vV]?\d[\w.+-]*", word))


def _holds_results(blocks: list[Block], i: int) -> bool:
    """The heading's own section (up to the next heading) holds tool output or a table or
    code block with figures."""
    for b in blocks[i + 1 :]:
        if b.kind == "heading":
            return False
        if b.table is not None and b.table.kind not in ("tool_output", "code"):
            if _FIGURE.search(b.text):
                return True
        elif b.table is not None and b.table.kind == "tool_output" or _RESULT_FIGURE.search(b.text):
            return True  # a configuration's numbers are no results: a rate or a time is
    return False
