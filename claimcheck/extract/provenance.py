"""Provenance (facts.md §6): who wrote, published, tested and paid for a report, and how
they relate to the devices under test.

Each statement is read from one general construction (listed below with the pattern that
reads it); the organisation it names is parsed from the words around the cue, keeping
multi-word names and legal suffixes ("Acme Networks, Inc.", "Foo GmbH"). Whether a party
made a tested device is decided by the device facts (vendor, name, family, model,
aliases, case-insensitive); a project named by an ownership construction ("the fooproxy
team", "as the fooproxy author", "our proxy") also counts when the document's title names
it and the document reports results (a README titled "# fooproxy" benchmarking fooproxy).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from claimcheck import lazyre, regexlit
from claimcheck.extract.names import is_generic, tokens
from claimcheck.extract.provenance_fact import Competitor, Party, Provenance, Role
from claimcheck.extract.sentences import split
from claimcheck.models import Block, Device, Document
from claimcheck.textkeys import fold

__all__ = ["Competitor", "Party", "Provenance", "extract_provenance"]

_I = re.IGNORECASE
_W = r"[ \t]+"
_PNAME = r"[\w+-](?:[\w.+-]{0,38}[\w+-])?"  # a project name: "fooproxy", "node.js", not "x."
MAX_TEXT = 300  # characters of a statement kept on the fact
STATEMENT_WINDOW = 400  # characters after a statement where it may name what was tested


# --- organisation names ---------------------------------------------------------------------

# legal suffixes kept on a name ("Acme Networks, Inc.")
LEGAL = {"inc", "inc.", "ltd", "ltd.", "llc", "gmbh", "ag", "plc", "corp", "corp.", "co.",
         "s.a.", "b.v.", "limited", "incorporated", "corporation", "sa", "bv", "oy", "ab",
         "kk", "pty", "lp", "llp"}  # fmt: skip
# capitalised words that open a sentence or clause, never a name on their own
_STOP = {"the", "this", "these", "that", "a", "an", "in", "on", "also", "when", "and", "but",
         "so", "then", "thus", "however", "we", "i", "they", "it", "our", "their", "its",
         "both", "each", "all", "neither", "none", "no", "figure", "table", "test", "tests",
         "note", "here", "there", "after", "before", "for", "with", "by", "as", "of", "if",
         "while", "since", "because", "my", "his", "her", "you", "your"}  # fmt: skip
# words of a name that say what kind of body it is, not whose ("the Kestrel team")
_ROLE_WORDS = {"team", "teams", "project", "maintainers", "maintainer", "authors", "author",
               "developers", "developer", "devs", "contributors", "development",
               "engineering", "performance", "marketing", "benchmarking", "benchmark",
               "testing", "core", "group", "department", "staff", "own", "lab", "labs",
               "networks", "network", "systems", "system", "technologies", "technology",
               "software", "solutions", "company", "the"}  # fmt: skip
_WORD = lazyre.compile(r"\S+")
_NEGATION = {"not", "never", "neither", "nor", "no", "without", "n't", "didn't", "wasn't",
             "weren't", "isn't"}  # fmt: skip


def _is_cap(word: str) -> bool:
    w = word.lstrip("(\"'“*_")
    return bool(w) and (w[0].isupper() or (w[0].isdigit() and any(c.isalpha() for c in w)))


def _bare(word: str) -> str:
    return word.strip("*_\"'“”()[]:;,")


def _tokens(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text, start, end)]


def name_after(text: str, pos: int, end: int) -> tuple[str, int] | None:
    """The organisation or person name that starts at ``pos`` (an article skipped), with
    the offset just past it: capitalised words, "&", "of" between names, a possessive
    ending ("Marlin's own team" -> "Marlin") and a legal suffix kept."""
    toks = _tokens(text, pos, min(end, pos + 200))[:10]
    if toks and _bare(toks[0][2]).lower() == "the" and len(toks) > 1:
        toks = toks[1:]
    words: list[tuple[int, int, str]] = []
    for i, (s, e, w) in enumerate(toks):
        core = _bare(w)
        low = core.lower().rstrip(".")
        if words and (low in LEGAL or f"{low}." in LEGAL):
            words.append((s, e, w.rstrip(",;:)")))
            if not w.endswith(","):
                break
            continue
        joins = words and core in ("&", "and", "of") and i + 1 < len(toks)
        if (
            joins
            and _is_cap(toks[i + 1][2])
            and (core != "and" or "&" not in (x[2] for x in words))
        ):
            words.append((s, e, core))
            continue
        if not _is_cap(w) or (not words and core.lower() in _STOP) or not core:
            break
        possessive = core.endswith(("'s", "’s")) or core.endswith(("s'", "s’"))
        if possessive:
            core = core[:-2] if core.endswith(("'s", "’s")) else core[:-1]
            words.append((s, s + len(core) + (len(w) - len(w.lstrip("(\"'“*_"))), core))
            break
        words.append((s, e, w))
        stop = w.rstrip("*_\"')”]")
        if stop.endswith((",", ";", ":")):
            # "Acme Networks, Inc." goes on; "Kestrel, the maker" does not
            nxt = _bare(toks[i + 1][2]).lower() if i + 1 < len(toks) else ""
            if nxt.rstrip(".") not in LEGAL and nxt not in LEGAL:
                break
        elif stop.endswith(".") and len(_bare(stop)) > 3:
            break  # "Hollis. It compares" : the name ends with its sentence
    while words and words[-1][2] in ("&", "and", "of"):
        words.pop()
    if not words:
        return None
    s0, e1 = words[0][0], words[-1][1]
    name = text[s0:e1].strip("*_\"'“”()[]:;, ")
    if name.endswith(".") and name.split()[-1].lower() not in LEGAL:
        name = name[:-1]
    if not name or name.lower() in _STOP:
        return None
    return name, text.index(name, s0) + len(name)


def name_before(text: str, pos: int, begin: int) -> tuple[str, int] | None:
    """The organisation name that ends just before ``pos`` ("Acme Networks, Inc." in
    "Acme Networks, Inc. commissioned ..."), with its start, stopping at the clause start."""
    toks = _tokens(text, max(begin, pos - 200), pos)[-8:]
    words: list[tuple[int, int, str]] = []
    for s, e, w in reversed(toks):
        core = _bare(w)
        low = core.lower()
        ends = w.endswith((".", ";", ":")) and low.rstrip(".") not in LEGAL
        if words and ends and low not in LEGAL and words[0][2] != "&":
            break  # the previous sentence or clause ends here
        if low in LEGAL or low.rstrip(".") in LEGAL or f"{low.rstrip('.')}." in LEGAL:
            words.insert(0, (s, e, w))
            continue
        if core == "&" and words:
            words.insert(0, (s, e, w))
            continue
        if not _is_cap(w) or (w.endswith(",") and not _is_legal_next(words)):
            break
        words.insert(0, (s, e, w))
    while words and (_bare(words[0][2]).lower() in _STOP or words[0][2] == "&"):
        words.pop(0)
    if not words or all(_bare(w).lower().rstrip(".") in LEGAL for _, _, w in words):
        return None
    raw = text[words[0][0] : words[-1][1]]
    name = raw.strip("*_\"'“”()[]:;, ")
    return (name, words[0][0] + raw.index(name)) if name else None


def _is_legal_next(words: list[tuple[int, int, str]]) -> bool:
    return bool(words) and _bare(words[0][2]).lower().rstrip(".") in {x.rstrip(".") for x in LEGAL}


def core_name(name: str) -> str:
    """A name reduced for comparison: lower case, no legal suffix, no words that say what
    kind of body it is ("Acme Networks, Inc." -> "acme", "the fooproxy team" -> "fooproxy")."""
    words = re.findall(r"[\w.+-]+", name.lower())
    kept = [w.strip(".") for w in words if w not in LEGAL and w.strip(".") not in LEGAL]
    kept = [w for w in kept if w and w not in _ROLE_WORDS]
    return " ".join(kept)


# --- the constructions ------------------------------------------------------------------------

# "commissioned by X", "sponsored by X", "paid for by X", "engaged by X": X paid
PAID_BY_RE = lazyre.compile(
    rf"\b(?P<how>commissioned|sponsored|funded|paid{_W}for|underwritten|financed|engaged|hired"
    rf"|retained|contracted){_W}by{_W}|\bon{_W}behalf{_W}of{_W}|\bprepared{_W}for{_W}",
    _I,
)
# "X commissioned Y to ...", "X engaged Y", "X sponsored this study": X paid, Y tested
PAYS_RE = lazyre.compile(
    r"\b(?P<how>commissioned|sponsored|funded|paid(?:[ \t]+for)?|underwrote|financed|engaged|hired"
    r"|retained|contracted)\b"
)
_HIRES = {"commissioned", "engaged", "hired", "retained", "contracted", "paid"}
# the author's own affiliation: "we at X", "the author works for X", "I am employed by X"
WE_AT_RE = lazyre.compile(r"\b(?:[Ww]e|us)[ \t]+(?:here[ \t]+)?at[ \t]+(?=[A-Z0-9])")
WORKS_FOR_RE = lazyre.compile(
    r"\b(?:I|[Tt]he[ \t]+(?:authors?|writers?))(?:[ \t]+(?:am|is|are|was|were|also|currently"
    r"|still|now)){0,2}[ \t]+(?:(?:work|works|worked|working)[ \t]+(?:for|at)|employed[ \t]+by"
    r"|(?:an?|the)[ \t]+employees?[ \t]+of)[ \t]+(?=[A-Z0-9])"
)
# what is paid for: "X sponsored this study", "X funded the tests"
PAID_OBJECT_RE = lazyre.compile(
    r"(?<![ \t])[ \t]++(?:this|the|these|our|an?)[ \t]++(?:[\w-]++[ \t]++){0,2}?(?:tests?|testing|report"
    r"|study|evaluation|benchmarks?|benchmarking|comparison|review|work|research|paper|brief"
    r"|measurements?)\b",
    _I,
)
# whom a maker hires and for what: "engaged Halden Labs to measure", "hired X for the tests"
# (a lower-case word or two may end the name: "Calder labs to", "Orbis Test House to")
HIRED_TO_RE = lazyre.compile(r"(?<![ \t])(?:[ \t]++[a-z]{2,12}+){0,2}?[ \t]++(?:to|for|as)\b")
# "written by X", "published by X": X wrote or published the report
AUTHORED_BY_RE = lazyre.compile(
    rf"\b(?P<how>written|authored|prepared|published|produced|compiled|posted){_W}by{_W}", _I
)
# "the tests were conducted by X", "the numbers were taken by X": X tested
TESTED_BY_RE = lazyre.compile(
    rf"\b(?P<how>conducted|performed|carried{_W}out|run|executed|measured|made|taken|collected"
    rf"|gathered|done|tested|benchmarked){_W}by{_W}",
    _I,
)
# what a tester's passive must be about ("the numbers were made by ...", not "a box made by")
WORK_NOUN_RE = lazyre.compile(
    r"\b(?:tests?|testing|measurements?|numbers|results|figures|benchmarks?|benchmarking|data"
    r"|runs|campaigns?|evaluation|study|comparison|report|experiments?|trials?)\b",
    _I,
)
# "this report from X", "the following study from X": X published it
REPORT_FROM_RE = lazyre.compile(
    rf"\b(?:this|the{_W}following|the{_W}present){_W}(?:[\w-]+{_W}){{0,2}}?(?:report|study|brief"
    rf"|paper|white{_W}?paper|post|note|summary|evaluation|comparison|analysis|benchmark)"
    rf"{_W}(?:is{_W})?from{_W}",
    _I,
)
# "the marketing team of X", "the performance group at X": a body of X
BODY_OF_RE = lazyre.compile(
    rf"\bthe{_W}(?:[\w-]+{_W}){{0,3}}?(?:team|group|lab|department|staff|engineers){_W}(?:of|at)"
    rf"{_W}",
    _I,
)
# "the X team / project / maintainers / authors / developers" (X a project name)
TEAM_RE = lazyre.compile(
    rf"\bthe{_W}(?P<name>{_PNAME}(?:{_W}(?-i:[A-Z])[\w.+-]{{0,40}})?){_W}"
    rf"(?:(?:core|engineering|performance|development|dev|benchmark|benchmarking|test|testing"
    rf"|QA){_W})?(?P<kind>team|project|maintainers|authors|developers|devs|contributors)\b"
    rf"(?P<self>{_W}itself)?",
    _I,
)
# what a team does when it is the one behind the report ("the X team measured ...")
TEAM_VERB_RE = lazyre.compile(
    rf"(?<![ \t])(?:['’]s{_W}own\b|{_W}(?:(?:has|have|had){_W})?(?:[a-z]+ly{_W})?"
    rf"(?:measure[sd]?|ran|runs?|test(?:s|ed)?|benchmark(?:s|ed)?|compare[sd]?|publish(?:es|ed)?"
    rf"|wrote|writes?|maintain(?:s|ed)?|prepared|produced|collected|gathered|conducted"
    rf"|performed|evaluated|presents?|reports?|reported|built|develops?|developed)\b"
    # "made it possible for the X project to run these experiments": the team did the work
    rf"|{_W}to{_W}(?:run|re-?run|measure|test|benchmark|conduct|perform|repeat|publish)\b)",
    _I,
)
# "Kestrel ran these tests", "Kestrel now publishes our benchmark results": a named
# organisation as the subject of the report's own work (the object is this report's work:
# "these", "the following", "our"; or any work noun done with something of the first
# person's: "Kestrel tests performance using our suite"). "Kestrel publishes its own
# results" is said of Kestrel's other publications as often as of this one.
SUBJECT_WORK_RE = lazyre.compile(
    rf"(?:(?:now|also|then|itself|regularly|routinely|independently){_W})?"
    rf"(?P<how>ran|runs|conducted|conducts|performed|performs|carried{_W}out|carries{_W}out"
    rf"|executed|executes|measured|measures|tested|tests|benchmarked|benchmarks|publishes"
    rf"|published|collected|collects|gathered|re-?ran)"
    rf"{_W}(?P<own>(?:these|this|the{_W}following|the{_W}present|our{_W}own|our){_W})?(?:[\w-]+{_W}){{0,2}}?(?:tests?|testing|measurements?|numbers"
    rf"|results|figures|benchmarks?|data|runs|experiments?|evaluations?|study|comparisons?"
    rf"|performance|throughput|latency)\b",
    _I,
)
_PUBLISH_VERBS = {"publishes", "published"}
WITH_OURS_RE = lazyre.compile(
    rf"\b(?:using|with|on|in|through|via|from){_W}[\[(*_\"“]{{0,2}}(?:(?:all|each|one){_W}of{_W})?"
    rf"our\b",
    _I,
)
# one product set against "other ..." of its kind: "X's performance and comparison with other
# popular open source proxies", "how X compares to other gateways" (the voice of X's makers
# when the document's title is X's own)
OTHERS_RE = lazyre.compile(
    rf"\b(?:compar\w*|against|versus|vs\.?|than|outperform\w*|beats?){_W}(?:(?:it|itself|them)"
    rf"{_W})?(?:(?:with|to|against){_W})?(?:(?:all|the|many|most|several|some|a{_W}few){_W})?(?:others\b|other{_W}"
    rf"(?:[\w-]+{_W}){{0,4}}?(?:proxy|proxies|servers?|gateways?|load{_W}balancers?|ADCs?"
    rf"|frameworks?|librar(?:y|ies)|implementations?|products?|solutions?|programs?|projects?"
    rf"|meshes|engines?|runtimes?|alternatives|competitors|vendors|contenders|options"
    rf"|controllers?|databases|brokers|appliances|firewalls)\b)",
    _I,
)
# "as the X author", "as the author of X", "I am the maintainer of X", "we are the
# maintainers of X", "we're core developers of X"
AUTHOR_OF_RE = lazyre.compile(
    rf"\bas{_W}(?:the|its|an?|one{_W}of{_W}the){_W}(?:(?P<name>{_PNAME}){_W})?"
    rf"(?P<kind>author|maintainer|creator|developer)s?\b(?:{_W}of{_W}(?P<name2>{_PNAME}))?"
    rf"|\b(?:I(?:['’]m|{_W}am)|[Ww]e(?:['’]re|{_W}are))(?:{_W}(?:the|an?|one{_W}of{_W}the|among{_W}the"
    rf"|core))*{_W}(?P<kind2>author|maintainer|creator|developer)s?{_W}of{_W}(?P<name3>{_PNAME})",
    _I,
)
# "our proxy", "our own load balancer", "our Kestrel gateway": first-person ownership of a
# product of the kind claimcheck reviews (an infrastructure word such as "lab" or "harness"
# is not a product of ours under test)
OUR_PRODUCT_RE = lazyre.compile(
    rf"\bour{_W}(?:own{_W})?(?:(?P<name>{_PNAME}){_W})?(?P<kind>reverse{_W}proxy|proxy"
    rf"|proxies|load{_W}balancers?|web{_W}server|gateway|framework|library|product|products"
    rf"|appliances?|ADCs?|firewalls?|implementation|runtime|service{_W}mesh|software|engine)\b",
    _I,
)
# "our own engineering team ran these tests": first-person testers (the publisher's staff)
OUR_TEAM_RE = lazyre.compile(
    rf"\bour{_W}(?:own{_W})?(?:(?:engineering|performance|test|testing|benchmark|benchmarking|QA"
    rf"|lab){_W})?(?:team|engineers|experts|staff|developers|lab|testers)\b",
    _I,
)
# "X declined (to take part)", "X was not invited", "X did not take part"
DECLINED_RE = lazyre.compile(
    rf"\b(?:(?P<declined>declined|refused|chose{_W}not{_W}to|opted{_W}not{_W}to"
    rf"|did{_W}not{_W}(?:take{_W}part|participate|respond|reply|join))"
    rf"|(?P<uninvited>(?:was|were){_W}not{_W}invited|wasn['’]t{_W}invited"
    rf"|weren['’]t{_W}invited))\b",
    _I,
)
_DECLINE_NEXT = lazyre.compile(
    r"(?<![ \t])[ \t]*+(?:$|[.;,)]|to[ \t]++(?:take|participate|join|be|submit|send|provide"
    r"|supply|tune|review|enter|configure|appear|have)\b|the[ \t]++invitation|an[ \t]++invitation"
    r"|and\b|but\b)",
    _I,
)
# words about taking part in a test, for a decliner that makes no tested device
PARTICIPATION_RE = lazyre.compile(
    r"\binvit|\btake[ \t]+part\b|\bparticipat|\bjoin|\bsubmit|\bsend|\bsupply|\btune"
    r"|\breview|\bunits?\b|\btests?\b|\bcomparison\b",
    _I,
)
# labelled lines and table rows: "Author: X", "Test conducted by: X", "Sponsor | X"
LABEL_RE = lazyre.compile(
    r"(?P<label>authors?|written[ \t]by|published[ \t]by|publisher|prepared[ \t]by|prepared[ \t]for"
    r"|tested[ \t]by|tests?[ \t](?:conducted|performed|run|carried[ \t]out)[ \t]by"
    r"|testing[ \t](?:conducted|performed)[ \t]by|conducted[ \t]by|performed[ \t]by|test[ \t]lab"
    r"|commissioned[ \t]by|sponsored[ \t]by|sponsors?|funded[ \t]by|paid[ \t]for[ \t]by|client)"
    r"[*_]{0,2}[ \t]{0,4}(?::|$)",
    _I,
)
_LINE_LEAD = lazyre.compile(r"[ \t>*_|#-]{0,12}")
# a byline: "By Jane Roe, Kestrel Networks" on a short line of its own
BYLINE_RE = lazyre.compile(r"(?:[Bb]y|[Ww]ritten[ \t]by|[Pp]osted[ \t]by)[ \t]+(?=[A-Z])")
# what may follow a byline's name and organisation: nothing, or a separator and a date
BYLINE_REST_RE = lazyre.compile(r"(?<![ \t*_])[ \t*_]*+(?:$|[|·—–,(-])")
# what joins a byline's name to an organisation: "Ada Roe, Acme", "Ada Roe of Acme"
BYLINE_ORG_RE = lazyre.compile(r"(?<![ \t])[ \t]*+(?:,|\(|of\b|at\b|from\b|[|·—–-])[ \t]*+")

_LABEL_ROLE: list[tuple[str, Role]] = [
    ("prepared for", "sponsor"), ("client", "sponsor"), ("commission", "sponsor"),
    ("sponsor", "sponsor"), ("fund", "sponsor"), ("paid", "sponsor"), ("publish", "publisher"),
    ("author", "author"), ("written", "author"), ("prepared", "author"),
]  # fmt: skip
PROSE = {"paragraph", "list_item", "heading", "footnote"}
NOT_UNDER_TEST = {"tool", "backend", "lab"}  # entity kinds that are not devices under test


class _Reader:
    """Reads one document's statements and ties their organisations to the devices."""

    def __init__(self, doc: Document, devices: list[Device], has_results: bool) -> None:
        self.doc = doc
        self.devices = devices
        self.names: dict[str, Device] = {}  # core name -> device
        self.firsts: dict[str, Device] = {}  # first word of a core name -> device
        for d in devices:
            if getattr(d, "kind", None) in NOT_UNDER_TEST:
                continue  # a load tool's or a lab's maker is no tested vendor
            for n in (d.vendor, d.name, d.family, d.model, *d.aliases):
                core = core_name(n or "")
                if core:
                    self.names.setdefault(core, d)
                    self.firsts.setdefault(core.split()[0], d)
        self.title, self.title_lead = _title(doc) if has_results else ("", "")
        self.labels = _result_labels(doc)
        self.parties: list[Party] = []
        self.competitors: list[Competitor] = []
        self._block = ""  # the lower-cased span of the prose block being read
        self._may: dict[int, bool] = {}  # id(pattern) -> may it match in that block

    def read_block(self, text: str, start: int, end: int) -> None:
        """Sentences of ``text[start:end]`` are read next: each cue pattern's literals are
        looked up once in the span, so that a pattern that cannot match there is not run on
        each of its sentences."""
        self._block = text[start:end]
        self._may = {}

    def hits(self, rx: re.Pattern[str], text: str, s0: int, s1: int) -> Iterator[re.Match[str]]:
        """``rx.finditer(text, s0, s1)`` for a sentence of the block being read; nothing at
        once when the block holds none of ``rx``'s required literals."""
        may = self._may.get(id(rx))
        if may is None:
            may = self._may[id(rx)] = regexlit.gate(rx).possible(self._block)
        return rx.finditer(text, s0, s1) if may else iter(())

    # --- matching ---------------------------------------------------------------------

    def device_of(self, name: str | None) -> Device | None:
        """The tested device ``name`` made (its vendor, name, family, model or alias)."""
        core = core_name(name or "")
        if not core:
            return None
        return self.names.get(core) or self.firsts.get(core.split()[0])

    def in_title(self, name: str) -> bool:
        """The document's title names the project ``name`` (a word of it, any case)."""
        core = core_name(name)
        if not core or not self.title:
            return False
        return re.search(rf"(?<![\w.-]){re.escape(core)}(?![\w-])", self.title) is not None

    def in_labels(self, name: str) -> bool:
        """A results table names ``name`` in a row label or column header (its first word,
        any case): the organisation's own product is what the figures are measured for."""
        core = core_name(name)
        return bool(core) and len(core.split()) == 1 and core in self.labels

    def known(self, name: str) -> bool:
        """``name`` is a tested device's maker or a project the title names."""
        return self.device_of(name) is not None or self.in_title(name)

    # --- recording --------------------------------------------------------------------

    def add(self, name: str, role: Role, how: str, start: int, end: int, text: str,
            org: str | None, project: bool = False) -> None:  # fmt: skip
        """Record one statement, tied to the tested device its organisation made."""
        d = self.device_of(org)
        entity = d.name if d else None
        if d is None and project and org and self.in_title(org):
            entity = org  # a project the README is about: "# fooproxy" + "the fooproxy team"
        elif d is None and org and self.in_labels(org):
            entity = org  # what a results table measures: "| Kestrel proxy, no plugins | 9,000 |"
        line = self.doc.position(start)[0]
        self.parties.append(
            Party(
                name=name,
                role=role,
                how=how,
                line=line,
                start=start,
                end=end,
                text=text.strip()[:MAX_TEXT],
                words=" ".join(self.doc.text[start:end].split())[:MAX_TEXT],
                org=org,
                project=project,
                device=d.id if d else None,
                entity=entity,
            )
        )

    # --- sentences --------------------------------------------------------------------

    def sentence(self, text: str, s0: int, s1: int) -> None:
        """Every construction of one sentence (``text`` the whole document)."""
        sent = text[s0:s1]
        for m in self.hits(PAID_BY_RE, text, s0, s1):
            if self.negated(text, s0, m.start()):
                continue
            found = self.org_after(text, m.end(), s1)
            how = fold(m.group("how") or m.group(0).strip())
            how = re.sub(r"[ \t]+", " ", how)
            if found:
                org, end = found
                self.add(org, "sponsor", f"{how} by" if m.group("how") else how, m.start(),
                         end, sent, _org_of(org), project=_is_project(org))  # fmt: skip
        self.payments(text, s0, s1, sent)
        for rx, role in ((AUTHORED_BY_RE, "author"), (TESTED_BY_RE, "tester")):
            for m in self.hits(rx, text, s0, s1):
                how = re.sub(r"[ \t]+", " ", fold(m.group("how")))
                if role == "tester" and not WORK_NOUN_RE.search(text, s0, m.start()):
                    continue
                if self.negated(text, s0, m.start()):
                    continue
                found = self.org_after(text, m.end(), s1)
                if found:
                    r: Role = "publisher" if how in ("published", "posted") else role  # type: ignore[assignment]
                    self.add(found[0], r, f"{how} by", m.start(), found[1], sent,
                             _org_of(found[0]), project=_is_project(found[0]))  # fmt: skip
        for m in self.hits(REPORT_FROM_RE, text, s0, s1):
            found = name_after(text, m.end(), s1)
            if found:
                self.add(found[0], "publisher", "report from", m.start(), found[1], sent, found[0])
        self.affiliation(text, s0, s1, sent)
        self.subject_work(text, s0, s1, sent)
        self.against_others(text, s0, s1, sent)
        self.teams(text, s0, s1, sent)
        self.first_person(text, s0, s1, sent)
        self.declined(text, s0, s1, sent)

    def payments(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "X commissioned Y to ...", "X, the maker of Z, sponsored this study"."""
        for m in self.hits(PAYS_RE, text, s0, s1):
            if self.negated(text, s0, m.start()):
                continue
            before = name_before(text, m.start(), s0) or _appositive_subject(text, s0, m.start())
            if not before:
                continue
            org, begin = before
            how = re.sub(r"[ \t]+", " ", fold(m.group("how")))
            hired = name_after(text, m.end(), s1) if how in _HIRES else None
            if hired and not HIRED_TO_RE.match(text, hired[1], s1):
                hired = None
            if not hired and not PAID_OBJECT_RE.match(text, m.end(), s1):
                continue  # "Acme engaged customers", "Acme funded by ..." are no payment
            self.add(org, "sponsor", how, begin, hired[1] if hired else m.end(), sent, org)
            if hired:
                at = text.index(hired[0], m.end())
                self.add(hired[0], "tester", f"{how} by {org}", at, hired[1], sent, hired[0])

    def subject_work(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "Kestrel ran these tests", "Kestrel publishes its own results", "Kestrel tests
        throughput with our suite": the organisation named as the subject did the work."""
        for m in self.hits(SUBJECT_WORK_RE, text, s0, s1):
            if not m.group("own") and not WITH_OURS_RE.search(text, m.end(), s1):
                continue  # "Kestrel published results last year": not this report's
            if self.negated(text, s0, m.start()):
                continue
            found = name_before(text, m.start(), s0)
            if not found or text[found[1] + len(found[0]) : m.start()].strip():
                continue
            how = re.sub(r"[ \t]+", " ", fold(m.group("how")))
            role: Role = "publisher" if how in _PUBLISH_VERBS else "tester"
            self.add(found[0], role, f"X {how}", found[1], m.end(), sent, found[0])

    def against_others(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "benchmark X's performance and comparison with other popular proxies" in a
        document whose title is X's own ("# X", "# X Benchmark"): X's makers speak."""
        lead = self.title_lead
        if not lead:
            return
        for m in self.hits(OTHERS_RE, text, s0, s1):
            word = rf"(?<![\w.-]){re.escape(lead)}(?![\w-])"
            named = next(reversed(list(re.finditer(word, text[s0 : m.start()], _I))), None)
            if named is None or self.negated(text, s0, m.start()):
                continue
            at = s0 + named.start()
            said = text[at : at + len(lead)]  # as the sentence writes it
            self.add(said, "author", "X against others", at, m.end(), sent, said, project=True)

    def affiliation(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "We at X measured ...", "the author works for X": the writer's organisation."""
        for m in self.hits(WE_AT_RE, text, s0, s1):
            found = name_after(text, m.end(), s1)
            if found:
                self.add(found[0], "author", "we at X", m.start(), found[1], sent, found[0])
        for m in self.hits(WORKS_FOR_RE, text, s0, s1):
            if self.negated(text, s0, m.end()):
                continue
            found = name_after(text, m.end(), s1)
            if found:
                self.add(found[0], "author", "writer works for X", m.start(), found[1], sent,
                         found[0])  # fmt: skip

    def org_after(self, text: str, pos: int, end: int) -> tuple[str, int] | None:
        """The name after a cue: "the marketing team of X" -> X's body, "the X project",
        or a capitalised name."""
        body = BODY_OF_RE.match(text, pos, end)
        if body:
            found = name_after(text, body.end(), end)
            return (text[pos : found[1]].strip(), found[1]) if found else None
        team = TEAM_RE.match(text, pos, end)
        if team and (self.known(team.group("name")) or _is_cap(team.group("name"))):
            return team.group(0).strip(), team.end()
        found = name_after(text, pos, end)
        if found:
            rest = TEAM_KIND_AFTER_RE.match(text, found[1], end)
            if rest:  # "Marlin's own performance team", "Acme Development Team"
                return text[pos : rest.end()].strip(), rest.end()
        return found

    def negated(self, text: str, s0: int, pos: int) -> bool:
        """A negation among the five words before a cue ("was not commissioned by")."""
        words = text[max(s0, pos - 60) : pos].lower().replace("’", "'").split()[-5:]
        return any(w.strip(",;") in _NEGATION or w.endswith("n't") for w in words)

    def teams(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "the X team measured ...", "the X maintainers publish ...", "X's author"."""
        for m in self.hits(TEAM_RE, text, s0, s1):
            name = m.group("name")
            if name.lower() in _STOP or not (self.known(name) or _is_cap(name)):
                continue
            verb = TEAM_VERB_RE.match(text, m.end(), s1)
            if not verb:
                continue
            if self.negated(text, s0, m.start()):
                continue
            kind = fold(m.group("kind"))
            role: Role = "author" if kind != "project" else "publisher"
            if verb.group(0).split()[:1] == ["to"]:
                role = "tester"  # "for the X project to run these experiments"
            self.add(m.group(0).strip(), role, f"the X {kind}", m.start(), m.end(), sent, name,
                     project=True)  # fmt: skip
        for m in self.hits(AUTHOR_OF_RE, text, s0, s1):
            name = m.group("name") or m.group("name2") or m.group("name3")
            if not name or not (self.known(name) or _is_cap(name)) or name.lower() in _STOP:
                continue
            self.add(m.group(0).strip(), "author", "author of X", m.start(), m.end(), sent,
                     name, project=True)  # fmt: skip

    def first_person(self, text: str, s0: int, s1: int, sent: str) -> None:
        """ "our proxy", "our own load balancer": the product of the first person, tied to a
        device it names or to the project the title names."""
        for m in self.hits(OUR_PRODUCT_RE, text, s0, s1):
            name = m.group("name")
            if name and self.known(name):
                org: str | None = name
            elif name and name.lower() not in ("new", "own", "open-source", "open", "http", "web"):
                continue  # "our test proxy", "our backup gateway": not a product of ours
            else:
                org = self.title_lead or None
            self.add(m.group(0).strip(), "author", "our X", m.start(), m.end(), sent, org,
                     project=True)  # fmt: skip
        for m in self.hits(OUR_TEAM_RE, text, s0, s1):
            self.add(m.group(0).strip(), "tester", "our team", m.start(), m.end(), sent, None)

    def declined(self, text: str, s0: int, s1: int, sent: str) -> None:
        """A maker that declined or was not invited ("X was invited and declined")."""
        for m in self.hits(DECLINED_RE, text, s0, s1):
            said = fold(m.group("declined") or "")
            if said in ("declined", "refused") and not _DECLINE_NEXT.match(text, m.end(), s1):
                continue  # "throughput declined by 4%"
            name, pos = _subject(text, s0, m.start())
            if not name:
                continue
            d = self.device_of(name)
            if d is None and not PARTICIPATION_RE.search(text, s0, s1):
                continue  # "Throughput declined." names no maker taking part
            status: Literal["declined", "not_invited"] = (
                "not_invited" if m.group("uninvited") else "declined"
            )
            self.competitors.append(
                Competitor(
                    name=name,
                    status=status,
                    line=self.doc.position(pos)[0],
                    start=pos,
                    end=m.end(),
                    text=sent.strip()[:MAX_TEXT],
                    device=d.id if d else None,
                )  # fmt: skip
            )

    # --- lines and tables ---------------------------------------------------------------

    def labelled(self, label: str, value_start: int, value_end: int, start: int) -> None:
        """ "Author: X", "Test conducted by: X Development Team", a "Sponsor | X" row."""
        low = re.sub(r"[ \t]+", " ", label.lower())
        role: Role = next((r for key, r in _LABEL_ROLE if key in low), "tester")
        text = self.doc.text
        found = self.org_after(text, value_start, value_end)
        if not found:
            lead = _LINE_LEAD.match(text, value_start, value_end)
            word = text[lead.end() if lead else value_start : value_end].split()[:1]
            if not word or not self.known(_bare(word[0])):
                return
            found = (_bare(word[0]), value_end)
        self.add(found[0], role, f"{low}:", start, found[1], text[start:value_end],
                 _org_of(found[0]), project=_is_project(found[0]))  # fmt: skip

    def line(self, start: int, end: int) -> None:
        """A labelled line or a byline."""
        text = self.doc.text
        lead = _LINE_LEAD.match(text, start, end)
        pos = lead.end() if lead else start
        m = LABEL_RE.match(text, pos, end)
        if m and ":" in m.group(0):
            self.labelled(m.group("label"), m.end(), end, pos)
            return
        by = BYLINE_RE.match(text, pos, end)
        if by and end - start <= 120:
            found = name_after(text, by.end(), end)
            if not found:
                return
            org = found[0]
            rest = BYLINE_ORG_RE.match(text, found[1], end)
            if rest:
                more = name_after(text, rest.end(), end)
                org = more[0] if more else org
                found = (found[0], more[1] if more else found[1])
            if not BYLINE_REST_RE.match(text, found[1], end):
                return  # "By Kestrel's count, ..." is a sentence, not a byline
            self.add(found[0] if org == found[0] else f"{found[0]}, {org}", "author", "byline",
                     pos, found[1], text[start:end], org)  # fmt: skip

    def table(self, block: Block) -> None:
        """Two-cell label rows of a key-value table: "Sponsor | X", "Tested by | X"."""
        assert block.table is not None
        for row in block.table.rows:
            cells = [c for c in row.cells if c.text.strip()]
            if len(cells) != 2:
                continue
            m = LABEL_RE.fullmatch(cells[0].text.strip().rstrip(":") + ":")
            if m:
                self.labelled(m.group("label"), cells[1].start, cells[1].end, cells[0].start)


TEAM_KIND_AFTER_RE = lazyre.compile(
    rf"(?<![ \t.])(?:['’]s?)?(?:{_W}own)?(?:{_W}[a-z][\w-]{{0,29}}){{0,2}}?{_W}(?:team|group|lab"
    rf"|department|staff|engineers|project|maintainers)\b"
)


def _org_of(name: str) -> str:
    """The organisation a statement names: "Marlin's own performance team" -> "Marlin",
    "the marketing team of Northgate Systems" -> "Northgate Systems"."""
    body = re.search(r"\b(?:of|at)[ \t]+(?:the[ \t]+)?(?=[A-Z])", name)
    if body:
        return name[body.end() :]
    team = TEAM_RE.match(name)
    if team:
        return team.group("name")
    found = name_after(name, 0, len(name))
    return found[0] if found else name


def _is_project(name: str) -> bool:
    """A name said as "the X team / project / maintainers" (an ownership construction)."""
    m = TEAM_RE.match(name)
    return m is not None and m.end() == len(name.rstrip())


def _appositive_subject(text: str, s0: int, pos: int) -> tuple[str, int] | None:
    """The name that opens a sentence and is set off by commas before a verb at ``pos``:
    "Acme, the maker of the AX-1, commissioned ..." -> ("Acme", start)."""
    lead = _LINE_LEAD.match(text, s0, pos)
    at = lead.end() if lead else s0
    found = name_after(text, at, pos)
    if not found or not text.startswith(",", found[1]):
        return None
    if not text[found[1] + 1 : pos].rstrip().endswith(","):
        return None
    return found[0], text.index(found[0], at)


def _subject(text: str, s0: int, pos: int) -> tuple[str | None, int]:
    """The first name of the clause before ``pos`` (the maker that declined): "Pinemoor
    was invited ... and declined", "A third maker, Solenodon, was not invited"."""
    begin = max(s0, pos - 200)
    cut = max(text.rfind(";", begin, pos), text.rfind(":", begin, pos))
    for s, _, w in _tokens(text, cut + 1 if cut >= 0 else begin, pos):
        if _is_cap(w) and _bare(w).lower() not in _STOP:
            found = name_after(text, s, pos)
            if found:
                return found[0], s
    return None, pos


def _title(doc: Document) -> tuple[str, str]:
    """The document title (the first heading, lower case) and its leading name when the
    title is a bare project name ("# fooproxy", "# fooproxy: a fast proxy", "# Fooproxy
    Benchmark": a name followed only by generic words of performance writing)."""
    for b in doc.blocks:
        if b.kind == "heading":
            title = b.text.strip().lstrip("#").strip().strip("*_ ")
            lead = re.match(r"([\w.+-]{1,40})[ \t]*(?:$|[:,(]|[-—–|][ \t])", title)
            if lead is None:
                lead = re.match(r"([\w.+-]{1,40})[ \t]+([\w \t-]{1,60})$", title)
                if lead and not all(is_generic(w) for w in lead.group(2).split()):
                    lead = None
            if lead and is_generic(lead.group(1)):
                lead = None
            return title.lower(), lead.group(1) if lead else ""
        if b.kind not in ("code",):
            return "", ""  # a document that does not open with a heading has no title
    return "", ""


def _result_labels(doc: Document) -> set[str]:
    """The first words (lower case) of the row labels of the tables that hold figures
    ("Kestrel proxy, no plugins" -> "kestrel"), generic words of performance writing left
    out: the names the figures are measured for."""
    out: set[str] = set()
    for b in doc.blocks:
        t = b.table
        if t is None or not any(re.search(r"\d", c.text) for r in t.body for c in r.cells[1:]):
            continue
        for r in t.body:
            words = tokens(r.cells[0].text) if r.cells else []
            if words and not is_generic(words[0]):
                out.add(words[0].casefold())
    return out


def _rank(p: Party) -> tuple[int, int]:
    return (0 if p.org else 1, p.start)


def extract_provenance(
    doc: Document, devices: list[Device], has_results: bool = True
) -> Provenance:
    """The provenance fact of a document: every statement of authorship, publishing,
    testing or payment, the competitors that declined, and the relation to the devices.

    ``has_results``: the document reports measurements (a title then names what it
    benchmarks)."""
    r = _Reader(doc, devices, has_results)
    text = doc.text
    # the sentences' text with line breaks as blanks (as in Block.text), offsets unchanged
    flat = text.replace("\r", " ").replace("\n", " ")
    for block in doc.blocks:
        if block.kind == "code":
            continue
        if block.table is not None:
            r.table(block)
            continue
        line, last = doc.position(block.start)[0], doc.position(block.end)[0]
        for n in range(line, min(last, line + 50) + 1):
            s = doc.line_starts[n - 1]
            e = doc.line_starts[n] - 1 if n < len(doc.line_starts) else len(text)
            r.line(max(s, block.start), min(e, block.end))
        if block.kind in PROSE:
            sentences = split(block.text, block.start)
            if sentences:
                r.read_block(flat, sentences[0].start, max(s.end for s in sentences))
            for sent in sentences:
                r.sentence(flat, sent.start, sent.end)
    for p in r.parties:
        if p.entity is None and p.org and p.role != "sponsor":
            p.entity = _tests_itself(flat, p.start, p.org)
    # the first person speaks for the named publisher or author ("Published by X. Our own
    # team ran these tests"): an unnamed "we" takes that organisation
    named = next((p for p in r.parties if p.org and p.role != "sponsor"), None)
    for p in r.parties:
        if p.org is None and named is not None:
            p.org, p.device, p.entity = named.org, named.device, named.entity
    parties = _dedupe(r.parties)
    prov = Provenance(parties=parties, competitors=r.competitors)
    tied = sorted((p for p in parties if p.entity), key=_rank)
    if tied:
        prov.statement = tied[0]
        prov.relation = "sponsored" if tied[0].role == "sponsor" else "self"
    elif any(p.org for p in parties):
        prov.relation = "independent"
        prov.statement = min((p for p in parties if p.org), key=_rank)
    return prov


def _tests_itself(flat: str, start: int, org: str) -> str | None:
    """The organisation's own name as what its statement says was tested, within the
    statement and the sentence after it: "Published by Foo, Inc. Our team ran these tests
    on the Foo build", "the foo team measures foo and its competitors" -> "Foo"."""
    core = core_name(org)
    if not core or len(core) > 60:
        return None
    window = flat[start : start + STATEMENT_WINDOW]
    found = re.search(
        r"\b(?:tests?|testing|tested|benchmark\w{0,3}|measure\w{0,4}|ran|runs?)\b"
        r"(?:[ \t]+(?!(?:with|using|via|through|by|from|in)\b)[\w'’-]{1,20}){0,6}?[ \t]+"
        rf"({re.escape(core)})(?![\w-])",
        window,
        re.IGNORECASE,
    )
    return found.group(1) if found else None


def _dedupe(parties: list[Party]) -> list[Party]:
    """One party per statement span (a line read as a label and as a sentence)."""
    out: list[Party] = []
    for p in sorted(parties, key=lambda p: (p.start, -p.end)):
        if not any(q.line == p.line and q.org == p.org and q.role == p.role for q in out):
            out.append(p)
    return out
