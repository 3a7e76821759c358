"""Where a report names the systems it compares: the structural positions of entities.

A name becomes an entity because of where the report puts it, not because a list knows
it:
- a table axis: the labels under a header that names what the rows are ("Proxy",
  "Gateway", "Device", "Framework", "Target" ...), and column headers that name systems
  when the first column is a condition or statistic axis (percentile buckets, object
  sizes, concurrency) and the cells are results;
- a title or heading "X vs Y", "X versus Y", "X compared with Y", "X and Y compared";
- the items of a list introduced by "devices tested", "systems under test", "contenders",
  "we test the following proxies:", "software under test: ...", "we compared X, Y and Z",
  and a kind with its members in brackets ("proxy programs (X, Y, Z) ... tested");
- the subject of a result sentence ("X served 28,000 requests per second");
- the layout of the results (``structure_seeds``): a heading over one system's results,
  the labels of figures, a "Proxy: X" line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from claimcheck import lazyre, regexlit
from claimcheck.extract.names import COMPUTED_COLUMNS, clean_name, enumeration, is_generic, tokens
from claimcheck.extract.seed import Seed, plain_label
from claimcheck.extract.seed import make_seed as _seed
from claimcheck.extract.sentences import Sentence, split
from claimcheck.extract.structure_seeds import figure_labels, section_seeds
from claimcheck.models import Block, Document
from claimcheck.textkeys import fold

AXIS_HEADER = lazyre.compile(
    r"^[ \t]*(?:device|product|model|dut|system|appliance|platform|solution|proxy|proxies|"
    r"server|load[ \t]balancer|adc|firewall|gateway|box|implementation|framework|library|"
    r"engine|software|target|contender|competitor|candidate|router|runtime|stack|"
    r"service[ \t]mesh|mesh|ingress|ingress[ \t]controller|name|vendor/device)s?\b",
    re.IGNORECASE,
)
MAKER_HEADER = lazyre.compile(r"(?i:vendor|maker|manufacturer|company|supplier)s?")
# the first header of a table whose other headers are the compared systems
CONDITION_HEADER = lazyre.compile(
    r"^[ \t]*(?:bucket|percentile|quantile|latency|metric|measure|statistic|stat|"
    r"concurrency|connections|clients|users|vus|threads|workers|cpus|cores|vcpus|"
    r"(?:object|file|payload|response|message|body|request)?[ \t]?size|payload|test|"
    r"scenario|workload|case|rate|load|percent)s?\b",
    re.IGNORECASE,
)
_VS = lazyre.compile(r"[ \t](?:vs\.?|versus|v\.)[ \t]|[ \t]compared[ \t](?:with|to|against)[ \t]")
_COMPARED = lazyre.compile(r"[ \t](?:compared|head[ \t]to[ \t]head|side[ \t]by[ \t]side)\b")
# the kinds of system a report compares, in the plural ("proxies", "proxy programs")
_KINDS = (
    r"(?:devices|products|systems|appliances|proxies|(?:proxy|server)[ \t]programs|servers"
    r"|gateways|frameworks|implementations|solutions|software|load[ \t]balancers|platforms"
    r"|targets|meshes|service[ \t]meshes|ingress[ \t]controllers|runtimes|libraries|ADCs)"
)
LEAD_IN = lazyre.compile(
    r"\b(?:(?:devices?|products?|systems?|appliances?|proxies|servers?|gateways?|frameworks?|"
    r"implementations?|solutions?|software|load[ \t]balancers?|platforms?|targets?|"
    r"meshes|ingress[ \t]controllers?|runtimes?|libraries)[ \t]+(?:(?:were|are)[ \t]+)?"
    r"(?:tested|under[ \t]test|compared|benchmarked|evaluated|measured)|contenders|competitors"
    r"|candidates"
    # "We test the following proxies:", "we benchmarked the following three gateways:"
    r"|(?:test|tested|testing|compare|compared|comparing|benchmark|benchmarked|benchmarking"
    r"|evaluate|evaluated|measure|measured)[ \t]+(?:the[ \t]+)?following[ \t]+(?:[\w-]+[ \t]+)"
    rf"{{0,2}}?{_KINDS})\b",
    re.IGNORECASE,
)
# "Different proxy programs (A, B, C) will be installed and tested": the kind, then its
# members in parentheses, in a sentence that tests or compares
_PAREN_LIST = lazyre.compile(rf"(?i:\b{_KINDS})[ \t]*+\(([^()\n]{{3,200}}+)\)")
_TESTS = lazyre.compile(r"(?i:\b(?:test|compar|benchmark|evaluat|measur)\w*)")
_WE_COMPARED = lazyre.compile(
    r"\b(?:we|I)[ \t]+(?:compared|tested|benchmarked|evaluated|pitted)[ \t]+",
    re.IGNORECASE,
)
_ENUM_END = lazyre.compile(
    r"[ \t](?:on|under|using|with|in|at|for|across|over|behind|against|to|from)[ \t]|[.:;](?!\d)"
)
RESULT_VERBS = frozenset(
    [
        "served",
        "handled",
        "reached",
        "achieved",
        "delivered",
        "sustained",
        "processed",
        "peaked",
        "topped",
        "managed",
        "completed",
        "pushed",
        "posted",
        "recorded",
        "answered",
        "scored",
        "returned",
        "saturated",
        "maxed",
        "hit",
        "averaged",
        "produced",
        "generated",
        "outperformed",
        "beat",
        "trailed",
        "led",
        # power, CPU and forwarding results ("X drew 410 W", "X showed 22% CPU")
        "forwarded",
        "moved",
        "drew",
        "consumed",
        "showed",
        "used",
        "held",
        "kept",
        "established",
        # the present tense of datasheets and release notes ("The X handles 500,000
        # requests per second", "the Y manages only 150,000")
        "serves",
        "handles",
        "reaches",
        "achieves",
        "delivers",
        "sustains",
        "processes",
        "manages",
        "completes",
        "pushes",
        "forwards",
        "moves",
        "draws",
        "consumes",
        # a result that stopped growing ("both plateaued at 9.4 Gbps")
        "plateaued",
        "levelled",
        "leveled",
    ]
)


def seeds(doc: Document) -> list[Seed]:
    """Every name the document puts at a structural position, in document order."""
    out = _seeds(doc)
    # a label of a table rebuilt from text (PDF, aligned columns) may be a fragment of a
    # wrapped cell: it names an entity only when the report names it elsewhere too
    if any(s.source == "loose" for s in out):
        prose = {w for b in doc.blocks if b.table is None for w in tokens(b.text)}
        keep = []
        for s in out:
            if s.source == "loose":
                if not all(w in prose for w in tokens(s.name)):
                    continue
                s.source = "axis"
            keep.append(s)
        out = keep
    return out


def _seeds(doc: Document) -> list[Seed]:
    out: list[Seed] = []
    previous: Block | None = None
    sections = section_seeds(doc)
    out.extend(figure_labels(doc))
    for block in doc.blocks:
        if block.table is not None:
            if block.table.kind not in ("tool_output", "code"):
                out.extend(_table_seeds(block))
        elif block.kind == "heading" or _is_title(doc, block):
            found = _vs_seeds(block.text, block.start, "title")
            if not found and block is _title_block(doc):
                found = _title_subject(doc, block)
            out.extend(found or sections.get(block.start, []))
        if block.kind == "list_item" and previous is not None and _leads_in(previous):
            s = _seed(block.text, block.start, "list")
            if s:
                out.append(s)
        if block.table is None and block.kind != "code":
            sentences = _cued(block)  # one pass of sentences and cues for three readers
            out.extend(_inline_lists(block))
            out.extend(_subjects(sentences))
            out.extend(_compared_with(sentences))
            out.extend(_postposed(sentences))
            out.extend(_metric_of(sentences))
        if block.kind != "list_item":
            previous = block
    out.extend(_first_person(doc, out))
    out.sort(key=lambda s: s.start)
    return out


# The report's own product named in the first person: "our proxy", "our virtual edition",
# "Ours reached 92,000 req/s". Every such phrase names one entity, "ours".
FIRST_PERSON = "ours"
_OUR_KIND = (
    r"(?:(?:reverse[ \t]++)?proxy|gateway|(?:load[ \t]++)?balancer|appliance|edition|build|implementation"
    r"|product|router|firewall|ADC|engine|framework|library|runtime|fork)"
)
_OUR_PHRASE = lazyre.compile(
    rf"\b(?:[Oo]ur[ \t]++(?:own[ \t]++)?(?:[a-z-]++[ \t]++){{0,2}}?{_OUR_KIND}\b|[Oo]urs\b)"
)


def _first_person(doc: Document, found: list[Seed]) -> list[Seed]:
    """The first-person phrases of the report's own product, when the report measures it:
    a table label "ours" / "our X", or a first-person subject of a result sentence."""
    phrases: list[Seed] = []
    measured = any(fold(s.name) == FIRST_PERSON or fold(s.name).startswith("our ") for s in found)
    for block in doc.blocks:
        if block.table is not None or block.kind == "code" or "ur" not in block.text:
            continue
        for sentence in split(block.text, block.start):
            for m in _OUR_PHRASE.finditer(sentence.text):
                at = sentence.start + m.start()
                phrases.append(Seed(FIRST_PERSON, at, at + len(m.group()), "subject"))
                if not measured and _is_result_subject(sentence.text, m.end()):
                    measured = True
    return phrases if measured else []


def _is_result_subject(text: str, end: int) -> bool:
    """Does a result verb follow the phrase ending at ``end`` (within a few words, a
    parenthesis or an appositive allowed), with a figure after it?"""
    words = re.findall(r"[A-Za-z]+|\d", text[end : end + 80])
    for i, w in enumerate(words[:8]):
        if fold(w) in RESULT_VERBS:
            return any(x.isdigit() for x in words[i + 1 :])
    return False


# What follows a report's subject in its title: "Zephyr as a web server", "Zephyr: tuning
# for 40 cores", "Zephyr performance results", "Zephyr benchmarks".
_TITLE_SUBJECT = lazyre.compile(
    r"\A[#\s*_]*+(?P<name>[A-Z][\w.+-]*+(?:[ \t]+[A-Z0-9][\w.+-]*+){0,2}?)"
    r"(?=[ \t]*+(?::|[—–]|-[ \t])|[ \t]++(?:as|on|under|in|vs\.?|versus|performance|"
    r"benchmarks?|results|throughput|latency|scalability|sizing|tuning)\b)"
)


def _title_block(doc: Document) -> Block | None:
    """The report's title: its first heading of the top level, or its title paragraph."""
    for block in doc.blocks[:3]:
        if block.kind == "heading" and block.level <= 1 or _is_title(doc, block):
            return block
    return None


def _title_subject(doc: Document, block: Block) -> list[Seed]:
    """The name a title is about ("# Zephyr as a web server"), when the report names it again
    outside its headings: the subject of a report that benchmarks one system."""
    m = _TITLE_SUBJECT.match(block.text)
    if m is None or all(is_generic(w) for w in tokens(m.group("name"))):
        return []
    name = m.group("name")
    again = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    if not any(again.search(b.text) for b in doc.blocks if b is not block and b.kind != "heading"):
        return []
    s = _seed(name, block.start + m.start("name"), "title")
    return [s] if s is not None else []


def _is_title(doc: Document, block: Block) -> bool:
    """The first short paragraph of a plain-text report acts as its title."""
    return block is doc.blocks[0] and len(block.text) <= 160


def _leads_in(block: Block) -> bool:
    text = block.text.rstrip()
    return bool(LEAD_IN.search(text[-160:])) and (text.endswith(":") or block.kind == "heading")


def _table_seeds(block: Block) -> list[Seed]:
    table = block.table
    assert table is not None
    header = table.header
    if not header:
        return []
    out: list[Seed] = []
    axis = [i for i, h in enumerate(header) if AXIS_HEADER.match(h.replace("*", ""))]
    measured = [r for r in table.body if any(re.search(r"\d", c.text) for c in r.cells[1:])]
    if len(measured) * 2 < len(table.body):
        axis = []  # a table of settings or notes, not of figures per system
    maker = next((i for i, h in enumerate(header) if MAKER_HEADER.fullmatch(h.strip(" \t*"))), None)
    if axis[:1] == [0] or not axis and CONDITION_HEADER.match(header[0]):
        named = _header_names(table)
        if named and (not axis or _namelier(named, table.body)):
            return named  # the systems are the columns: "| Model | Falcon F300 | Heron HX-40 |"
        if axis[:1] != [0]:
            return []
    elif not axis:
        # a datasheet's property table headed by the product itself: "| SSL performance |
        # Pendock P-7 |" (every value column a name with a model number)
        named = _header_names(table)
        if named and all(_name_score(s.name) == 2.0 for s in named):
            return named
    for col in axis[:1]:
        for row in measured:
            if col < len(row.cells):
                cell = row.cells[col]
                s = _seed(cell.text, cell.start, "axis" if table.kind == "pipe" else "loose")
                if s:
                    s.cell_end = cell.end
                    if maker is not None and maker != col and maker < len(row.cells):
                        s.vendor = row.cells[maker].text.strip(" *") or None
                    out.append(s)
    return out


def _name_score(label: str) -> float:
    """How much a label looks like a product name: a model code (letters and digits in one
    word) most, a name-like word next, generic words not at all."""
    if any(re.search(r"\d", t) and re.search(r"[A-Za-z]", t) for t in tokens(label)):
        return 2.0
    return 1.0 if clean_name(label) else 0.0


def _namelier(named: list[Seed], rows: list) -> bool:
    """Do the column headers look more like product names than the row labels do? Then a
    table whose first header is "Model" or "Device" lists the products across, not down."""
    labels = [r.cells[0].text for r in rows if r.cells]
    if not labels:
        return True
    across = sum(_name_score(s.name) for s in named) / len(named)
    down = sum(_name_score(t) for t in labels) / len(labels)
    return across > down


def _header_names(table) -> list[Seed]:
    """The column headers after the first, when every one of them names a system and the
    cells under them are figures."""
    heads = [r for r in table.rows if r.is_header]
    if not heads or len(heads[-1].cells) < 2 or not _numeric_body(table.body):
        return []
    # a column computed from the others ("Winner", "Improvement") names no system
    cells = [c for c in heads[-1].cells[1:] if fold(c.text.strip(" *")) not in COMPUTED_COLUMNS]
    found = [_seed(c.text, c.start, "header") for c in cells]
    named = [s for s in found if s and plain_label(s.name) and s.name == s.name.strip()]
    if len(named) != len(cells) or any(
        s.name != c.text.strip(" *") for s, c in zip(named, cells, strict=True)
    ):
        return []  # a header with more than a name ("Throughput (Gbps)") is a metric
    return named


def _numeric_body(rows: list) -> bool:
    cells = [c.text for r in rows for c in r.cells[1:]]
    numeric = sum(1 for c in cells if re.search(r"\d", c))
    return bool(cells) and numeric * 4 >= len(cells) * 3


def _vs_seeds(text: str, at: int, source: str) -> list[Seed]:
    out: list[Seed] = []
    m = _VS.search(text)
    if m:
        left = _seed(text[: m.start()], at, source, "right")
        right = _seed(text[m.end() :], at + m.end(), source, "left")
        if left and right:
            # "A and B vs C": the left side may be an enumeration
            out.extend([left, right])
        return out
    m = _COMPARED.search(text)
    if m:
        base = max(0, m.start() - 200)
        items = [
            _seed(p, at + base + o, source, "left") for p, o in enumeration(text[base : m.start()])
        ]
        named = [s for s in items if s]
        if len(named) >= 2:
            out.extend(named[-2:] if len(named) > 2 else named)
    return out


def _finditer(rx: re.Pattern[str], text: str, low: str) -> Iterator[re.Match[str]]:
    """``rx.finditer(text)``; nothing at once when ``text`` (``low``: lower-cased) holds
    none of the literals every match of ``rx`` contains."""
    return rx.finditer(text) if regexlit.gate(rx).possible(text, low) else iter(())


def _inline_lists(block: Block) -> list[Seed]:
    """ "Software under test: A 2.0, B 1.4 and C" and "we compared A, B and C on ..."."""
    out: list[Seed] = []
    text = block.text
    low = text.lower()  # the cues' literals are looked up before their patterns run
    for m in _finditer(LEAD_IN, text, low):
        colon = text.find(":", m.end(), m.end() + 4)
        if colon < 0:
            continue
        rest = text[colon + 1 : colon + 400]
        end = _ENUM_END.search(rest)
        body = rest[: end.start()] if end else rest
        items = [_seed(p, block.start + colon + 1 + o, "list") for p, o in enumeration(body)]
        out.extend(s for s in items if s)
    if "(" in text and _TESTS.search(text):
        for m in _PAREN_LIST.finditer(text):
            stop = re.search(r"[.!?](?:\s|$)", text[m.end() :])
            sentence = text[
                max(text.rfind(". ", 0, m.start()), 0) : m.end() + (stop.end() if stop else 0)
            ]
            if ":" in m.group(1) or not _TESTS.search(sentence):
                continue  # "(examples: A and B)" cites; the sentence must test or compare
            at = block.start + m.start(1)
            items = [_seed(p, at + o, "list") for p, o in enumeration(m.group(1))]
            named = [s for s in items if s]
            if len(named) >= 2 and len(named) == len(items):
                out.extend(named)
    for m in _finditer(_WE_COMPARED, text, low):
        rest = text[m.end() : m.end() + 300]
        end = _ENUM_END.search(rest)
        body = rest[: end.start()] if end else rest
        if end and rest[end.start() : end.end()].strip() in ("with", "against", "to"):
            more = rest[end.end() :]
            stop = _ENUM_END.search(more)
            body = (
                body
                + ", "
                + " " * (end.end() - end.start() - 2)
                + more[: stop.start() if stop else None]
            )
        items = [_seed(p, block.start + m.end() + o, "list") for p, o in enumeration(body)]
        named = [s for s in items if s]
        if len(items) >= 2 and named:
            out.extend(named)
    return out


_AGAINST = lazyre.compile(
    r"[ \t](?:vs\.?|versus|against|compared[ \t](?:with|to)|than|ahead[ \t]of|beats?|outperform(?:s|ed)?"
    r"|trails?|trailed)[ \t]+(?:the[ \t]+)?"
)
_COMPARATIVES = r"versus|against|faster|slower|higher|lower|better|worse|superior|inferior|outperform\w*|more|fewer|less|ahead|behind|beat|beats"
_COMPARATIVE = lazyre.compile(rf"(?i:\b(?:{_COMPARATIVES})\b)")
# the same on lower-cased ASCII text, where it is exact and several times faster
_COMPARATIVE_LOW = lazyre.compile(rf"\b(?:{_COMPARATIVES})\b")
# a result verb can be a word of the sentence only where this matches its lower case (a
# word's letters are not preceded by a letter); most sentences state no result
_VERB_HINT = lazyre.compile(
    "(?<![a-z])(?:" + "|".join(sorted(RESULT_VERBS, key=lambda v: (-len(v), v))) + ")"
)


def _cued(block: Block) -> list[tuple[Sentence, bool, bool]]:
    """The block's sentences, each with whether it compares (a comparative word in it) and
    whether it may report a result (a result verb may be one of its words)."""
    out = []
    for s in split(block.text, block.start):
        low = s.text.lower()
        if s.text.isascii():
            compares = _COMPARATIVE_LOW.search(low) is not None
        else:
            compares = _COMPARATIVE.search(s.text) is not None
        out.append((s, compares, _VERB_HINT.search(low) is not None))
    return out


def _compared_with(sentences: list[tuple[Sentence, bool, bool]]) -> list[Seed]:
    """The system a sentence compares against: "... 40% faster than the Orca 8400",
    "... superior compared to Quill Edge": a capitalised or numbered name after the cue in
    a sentence that compares."""
    out: list[Seed] = []
    for sentence, compares, _ in sentences:
        if not compares:
            continue
        for m in _AGAINST.finditer(sentence.text):
            words = []
            for w in tokens(sentence.text[m.end() : m.end() + 80])[:6]:
                if w[:1].islower() or "/" in w or is_generic(w):
                    break
                words.append(w)
            if not words or not words[0][:1].isupper():
                continue
            s = _seed(" ".join(words), sentence.start + m.end(), "subject")
            if s and sentence.text.startswith(s.name, m.end()):
                out.append(s)
    return out


# a figure followed by the system it belongs to: "compared with 47% for the Mowbray M-2",
# "1.1 ms on the Falcon and 3.4 ms on the Osprey"
_FIGURE_FOR = lazyre.compile(
    r"\d(?:[\d,.]{0,12}+)(?:[ \t]*+(?:%|[A-Za-z/]{1,12}+))?[ \t]++(?:for[ \t]++(?:the[ \t]++)?|on[ \t]++the[ \t]++)(?=[A-Z])"
)


def _postposed(sentences: list[tuple[Sentence, bool, bool]]) -> list[Seed]:
    """The system named right after a figure in a sentence that reports or compares
    results; the name must be capitalised or carry a model number."""
    out: list[Seed] = []
    for sentence, compares, reports in sentences:
        text = sentence.text
        if not compares and not (
            reports and any(w.lower().strip(",.") in RESULT_VERBS for w in text.split())
        ):
            continue
        for m in _FIGURE_FOR.finditer(text):
            words = []
            for w in tokens(text[m.end() : m.end() + 80])[:6]:
                if w[:1].islower() or "/" in w or is_generic(w):
                    break
                words.append(w)
            if not words:
                continue
            s = _seed(" ".join(words), sentence.start + m.end(), "subject")
            if s and text.startswith(s.name, m.end()):
                out.append(s)
    return out


# "the throughput of the Kemble K-40 is 40 Gbps", "Latency of Orrin was 2.1 ms": a figure
# stated of a named system with a copula
_METRIC_OF = lazyre.compile(
    r"(?i:throughput|rate|capacity|latency|response[ \t]time|power(?:[ \t]draw)?|draw"
    r"|consumption|performance|score|result|connections|requests|cps|rps|tps)[ \t]++of[ \t]++"
    r"(?:the[ \t]++)?(?P<np>[A-Z][\w.-]*+(?:[ \t]++[A-Z0-9][\w.-]*+){0,3}?)[ \t]++"
    r"(?:is|was|were|are|stood[ \t]at|came[ \t]to|measured|reached|hit)[ \t]++(?:about[ \t]++|around[ \t]++)?(?=[~≈]?\d)"
)


def _metric_of(sentences: list[tuple[Sentence, bool, bool]]) -> list[Seed]:
    """The system a copular sentence states a figure of: "the throughput of X is 40 Gbps"."""
    out: list[Seed] = []
    for sentence, _, _ in sentences:
        if " of " not in sentence.text:
            continue
        for m in _METRIC_OF.finditer(sentence.text):
            np = m.group("np")
            s = _seed(np, sentence.start + m.start("np"), "subject", "right")
            if s and s.name == np and not all(is_generic(t) for t in tokens(np)):
                out.append(s)
    return out


_AUXILIARY = {"was", "were", "is", "are", "be", "been", "being", "has", "have", "had"}


# where a coordinated clause with its own subject begins ("X drew 340 W and the Y drew 410 W")
_CLAUSE = lazyre.compile(
    r";[ \t]*+|,?(?<![ \t])[ \t]++(?:while|whereas|but|and)[ \t]++(?=the[ \t]|[A-Z])"
)


def _subjects(sentences: list[tuple[Sentence, bool, bool]]) -> list[Seed]:
    """The subject of a sentence (or of a coordinated clause) whose verb reports a result and
    that states a number, and the subjects of the gapped clauses after it."""
    out: list[Seed] = []
    for sentence, compares, reports in sentences:
        if not reports:
            # no clause of it has a result verb; a comparison opened by a model-numbered
            # name still names its subject ("The X K-3 reserves ..., yet its console
            # reported 45% against 60% on the Y")
            if compares:
                out.extend(_model_subject(sentence.text, sentence.start))
            continue
        cuts = [0, *(m.end() for m in _CLAUSE.finditer(sentence.text)), len(sentence.text)]
        # a coordinated subject before the first verb: "The X and the Y both plateaued"
        whole = _clause_subject(sentence.text, sentence.start)
        found = whole if len(whole) > 1 else []
        for a, b in zip(cuts, cuts[1:], strict=False):
            found.extend(_clause_subject(sentence.text[a:b], sentence.start + a))
        if not found:
            found = _model_subject(sentence.text, sentence.start)
        if found:
            found.extend(_gapped(sentence, found[0].end - sentence.start))
        out.extend(found)
    return out


# a clause whose verb is understood from the result clause before it: "X reached 36 Gbps
# and the Y 19 Gbps", "X served 140,000 requests per second, Yarwell 41,000": a
# capitalised name (or one with a model number) right before a number
_GAPPED = lazyre.compile(
    r"(?:[,;]|[ \t](?:and|while|whereas|but))[ \t]++(?:(?:and|while|whereas|but)[ \t]++)?"
    r"(?:the[ \t]++)?(?P<np>[A-Z][\w.-]*+(?:[ \t]++[A-Z0-9][\w.-]*+){0,3}?)[ \t]++(?=[~≈]?\d)"
)


def _gapped(sentence: Sentence, after: int) -> list[Seed]:
    """The subjects of the gapped clauses of a result sentence, after offset ``after``."""
    out: list[Seed] = []
    for m in _GAPPED.finditer(sentence.text, after):
        np = m.group("np")
        if all(is_generic(t) for t in tokens(np)):
            continue
        s = _seed(np, sentence.start + m.start("np"), "subject", "right")
        if s and s.name == np:
            out.append(s)
    return out


# a fronted adverbial before the subject: "At 3 Gbps, the X showed ...", "In our lab, X
# answered ...", "At 2 Gbps the X used ..." (a number with its unit needs no comma)
_FRONTED = lazyre.compile(
    r"(?<![ \t])[ \t]*+(?i:at|with|under|in|on|during|for|after|across|using|behind|over|from|when)[ \t]++"
    r"(?:\d[\d,.]{0,12}+[ \t]*+[A-Za-z/%-]{1,12}+[ \t]++(?=(?i:the)[ \t]|[A-Z])"
    r"|(?:[^,.;:\n \t]++[ \t]++|[^,.;:\n \t]*+[.,](?=\d)){0,8}+[^,.;:\n \t]++,[ \t]*+)"
)


# a result verb coordinated with the clause's first verb shares its subject: "The X ran
# under a 10 Gbps license and achieved 10.1 Gbps"
_AND_RESULT = lazyre.compile(
    r"[ \t]and[ \t]++(?:then[ \t]++|still[ \t]++)?(?:"
    + "|".join(sorted(RESULT_VERBS, key=lambda v: (-len(v), v)))
    + r")[ \t]"
)
_ARTICLE = lazyre.compile(r"(?:the|The)[ \t]++")
# a capitalised name and a model number ("Kelsall K-3", "Orme O-16", "Tarn 4800") opening a
# clause, before a lower-case verb
_MODEL_SUBJECT = lazyre.compile(
    r"[ \t]{0,8}+(?:[Tt]he[ \t]++)?(?P<np>[A-Z][a-z][\w-]{0,30}+[ \t]++(?:[A-Z]{1,4}-?)?\d{1,5}[A-Za-z]{0,3})"
    r"[ \t]++[a-z]{3,}"
)


def _clause_subject(text: str, start: int) -> list[Seed]:
    if (fronted := _FRONTED.match(text)) is not None:
        text, start = text[fronted.end() :], start + fronted.end()
    found = _verb_subject(text, start)
    if not found and (m := _AND_RESULT.search(text, 0, 300)) and re.search(r"\d", text[m.end() :]):
        lead = _ARTICLE.match(text)
        skip = lead.end() if lead else 0
        s = _seed(text[skip : m.start()], start + skip, "subject", "left")
        if s is not None and s.start == start + skip:  # the name must open the clause
            found = [s]
    return found


def _model_subject(text: str, start: int) -> list[Seed]:
    """A name with a model number opening a clause that states a figure is its subject
    ("The Kelsall K-3 reserves two cores ..., yet its console reported 45% CPU")."""
    m = _MODEL_SUBJECT.match(text)
    if m is None or not re.search(r"\d", text[m.end() :]):
        return []
    s = _seed(m.group("np"), start + m.start("np"), "subject", "left")
    return [s] if s is not None and s.name == m.group("np") else []


# an appositive between a subject and its verb: "The X, licensed at 2 Gbps, pushed ..."
# (a participle or a bracket opens it); it is blanked, offsets kept
_APPOSITIVE = lazyre.compile(
    r",[ \t]++(?:[a-z]+ed|[a-z]+ing|with|at|running|on)\b[^,;]{0,60}?,[ \t]*+$|(?<![ \t])[ \t]*+\([^()]{0,60}\)[ \t]*+$"
)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


# a quantifier after a coordinated subject: "X and Y both plateaued at ..."
_FLOATING = lazyre.compile(r"(?<![ \t])[ \t]++(?:both|all|each|alike|together)[ \t]*+$")


def _verb_subject(text: str, start: int) -> list[Seed]:
    words = list(re.finditer(r"[^\s]+", text[:200]))
    for i, w in enumerate(words[:11]):
        verb = fold(w.group()).strip(",.")
        if verb not in RESULT_VERBS or i == 0:
            continue
        if fold(words[i - 1].group()) in _AUXILIARY:
            return []  # "Power was averaged over three runs": passive, no subject
        if not re.search(r"\d", text[w.end() :]):
            return []
        subject = _APPOSITIVE.sub(_blank, text[: w.start()])  # "X, licensed at 2 Gbps, pushed"
        if (
            " and " in subject
            or i >= 7
            and subject.count(",") >= 2
            and _APPOSITIVE.search(text[: w.start()]) is None
        ):
            return _coordinated(subject, start)
        s = _seed(subject, start, "subject", "right")
        if s and all(is_generic(t) for t in tokens(subject[: s.start - start])):
            return [s]
        return []
    return []


def _coordinated(subject: str, start: int) -> list[Seed]:
    """The names of a coordinated subject ("The X and the Y both"), when every part of it
    is a name (after an article); a subject of more words than names gives none."""
    if (floating := _FLOATING.search(subject)) is not None:
        subject = subject[: floating.start()]
    parts = enumeration(subject)
    if not 2 <= len(parts) <= 4:
        return []
    out = []
    for part, at in parts:
        lead = _ARTICLE.match(part.strip())
        s = _seed(part, start + at, "subject", "right")
        if s is None:
            return []
        rest = part.strip()[lead.end() if lead else 0 :]
        if rest.rstrip(" \t,") != s.name:
            return []
        out.append(s)
    return out
