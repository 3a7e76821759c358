"""A claim is a relation, not a phrase: what a stated marker asserts, wherever its words stand.

The claim grammar recognises a few sentence shapes; every percentage or multiple it leaves
over is read here from the tokens around it: a multiple ("12.5-fold", "40 times as many",
"a factor of 6") states a ratio; a percentage followed by "of" ("runs at 70% of X's rate")
or standing after a name beside an earlier share ("... and Y 49%") states a share; a
percentage with a comparison word on either side ("25% faster", "rises by 25 percent",
"(+58%)") states a difference; "within N% of" states a bound on a difference. A percentage
with none of these states a level ("CPU was 30%"), not a claim. Operands are not looked for
here: :mod:`claimcheck.extract.operands` finds them through the facts.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.extract.claimlex import Tok

DIRECTION_TYPES = {"UP", "DOWN", "BETTER", "WORSE"}
SIGNS = {"+": "UP", "-": "DOWN", "−": "DOWN", "–": "DOWN"}
COUNT_NEXT = {"QTY", "MULT"}  # "2 x 10 GbE": a count of parts, not a multiple


@dataclass(slots=True)
class Marker:
    """An unparsed stated value read as a relation."""

    index: int  # the token index of the stated value
    kind: str  # percent-delta, ratio, share
    direction: Tok | None = None  # the comparison word, wherever it stands
    sign: str | None = None  # "UP" / "DOWN" for a signed "+58%"
    bound: bool = False  # "within N%": the difference is at most N


def unparsed(toks: list[Tok], used: set[int]) -> list[int]:
    """Indices of percentage and multiple tokens that no parsed phrase covers (``used``:
    ids of the quantities inside parsed phrases)."""
    return [
        i
        for i, t in enumerate(toks)
        if (t.type in ("PCT", "MULT") or _points(toks, i))
        and t.quantity is not None
        and id(t.quantity) not in used
    ]


def _points(toks: list[Tok], i: int) -> bool:
    """ "13 points less CPU", "by 9 percentage points": a difference in points."""
    t = toks[i]
    if t.type != "QTY" or t.quantity is None or t.quantity.unit or i + 1 >= len(toks):
        return False
    nxt = toks[i + 1]
    return nxt.type == "W" and nxt.words[0] in ("points", "percentage", "pp")


def read(toks: list[Tok], i: int, text: str, shares_before: bool) -> Marker | None:
    """What the marker at token ``i`` asserts (``text``: the document text, for the sign
    written before a percentage; ``shares_before``: a share was stated earlier in the
    sentence)."""
    t = toks[i]
    q = t.quantity
    assert q is not None
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if t.type == "QTY":  # points: a difference only with a comparison word
        direction = _direction_after(toks, i, 4) or _direction_before(toks, i)
        return Marker(i, "percent-delta", direction) if direction is not None else None
    if t.type == "MULT":
        if is_count(toks, i, text) or a_count(q.text, nxt):
            return None  # "2 x 10 GbE", "repeated three times and ...": how many, not how much
        if (
            q.is_word
            and q.value == 0.5
            and (nxt is None or nxt.type == "W" and nxt.words[0] not in ("the", "as", "that"))
        ):
            return None  # "half" alone is not a ratio ("half of them", "in half")
        if a_part(toks, i):
            return None  # "half of the server was idle": a part of a thing, not a figure
        return Marker(i, "ratio", _direction_after(toks, i))
    before = text[max(0, t.start - 1) : t.start]
    sign = SIGNS.get(before)
    prev = toks[i - 1] if i else None
    if prev is not None and prev.type == "W" and prev.words[-1] == "within" or before == "±":
        return Marker(i, "percent-delta", bound=True)  # "within 5% of", "±0% impact"
    direction = _direction_after(toks, i) or _direction_before(toks, i)
    if nxt is not None and nxt.type == "OF" and direction is None:
        after = toks[i + 2] if i + 2 < len(toks) else None
        if after is not None and after.type == "W" and _population(after, toks, i + 2):
            return None  # "the slowest 5% of requests", "90% of Fortune 500 firms": a count
        return Marker(i, "share")
    if direction is not None or sign:
        return Marker(i, "percent-delta", direction, sign)
    if _approximate_gain(toks, i):
        return Marker(i, "percent-delta", sign="UP")
    if (
        shares_before
        and prev is not None
        and (prev.type in ("AND", "COMMA") or prev.type == "W" and _names(prev))
    ):
        return Marker(i, "share")  # "X keeps 61% of that rate and Y 47%"
    return None


# What "half of the ..." must go on to name for a ratio of two figures ("half of the
# latency", "half of the power draw"), not a part of a thing ("half of the cores were idle").
MEASURE_WORDS = {
    "latency", "latencies", "delay", "memory", "ram", "footprint", "cpu", "power", "draw",
    "throughput", "rate", "bandwidth", "time", "cost", "price", "traffic", "capacity", "load",
    "size", "overhead", "usage", "consumption", "speed", "performance", "score", "energy",
    "heat", "rps", "cps", "tps", "requests", "connections", "transactions", "figure",
    "value", "amount", "number", "result", "results",
}  # fmt: skip

TIMES_GO_ON = {"as", "the", "that", "what", "its", "their", "our", "his", "her", "more", "less",
               "higher", "lower", "greater", "fewer", "larger", "smaller", "over"}  # fmt: skip


def a_count(text: str, nxt: Tok | None) -> bool:
    """ "N times" that ends its clause or runs into a preposition counts repetitions."""
    if not text.lower().endswith("times"):
        return False
    if nxt is None:
        return True
    if nxt.type in DIRECTION_TYPES or nxt.type in ("THAT", "OF", "COMPARED"):
        return False
    return nxt.type != "W" or nxt.words[0] not in TIMES_GO_ON


# Things a report counts with a multiple sign: "3x servers", "2x 25GbE NICs", "4× nodes".
COUNTED_PARTS = {
    "machine", "machines", "server", "servers", "node", "nodes", "host", "hosts", "instance",
    "instances", "vm", "vms", "core", "cores", "vcpu", "vcpus", "cpu", "cpus", "socket",
    "sockets", "nic", "nics", "port", "ports", "link", "links", "blade", "blades", "card",
    "cards", "gpu", "gpus", "disk", "disks", "drive", "drives", "ssd", "ssds", "worker",
    "workers", "replica", "replicas", "pod", "pods", "client", "clients", "thread", "threads",
    "process", "processes", "container", "containers", "box", "boxes", "appliance",
    "appliances", "unit", "units", "rack", "racks", "switch", "switches", "router", "routers",
    "dimm", "dimms", "module", "modules", "psu", "psus", "fan", "fans", "slot", "slots",
}  # fmt: skip


# metric nouns that, right after an approximate percentage in a sentence about gains,
# name what improved ("modest gains (~4% throughput)")
GAIN_METRICS = {"throughput", "rps", "requests", "bandwidth", "performance", "speed",
                "capacity", "efficiency"}  # fmt: skip


def _approximate_gain(toks: list[Tok], i: int) -> bool:
    """ "the improvements are modest (~4% throughput), the 15.5% better tail latency ...":
    an approximate percentage before a metric noun, in a sentence that speaks of gains."""
    q = toks[i].quantity
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if q is None or q.qualifier not in ("about",) or nxt is None or nxt.type != "W":
        return False
    if nxt.words[0] not in GAIN_METRICS:
        return False
    return any(
        t.type in ("UP", "BETTER") or t.type == "W" and "improvements" in t.words for t in toks
    )


def a_part(toks: list[Tok], i: int) -> bool:
    """ "half of the cores were idle": "half of" a thing that is no measure is a part of it,
    not a ratio of two figures ("half of the latency" is one)."""
    q = toks[i].quantity
    if q is None or not q.is_word or q.value != 0.5 or i + 1 >= len(toks):
        return False
    if toks[i + 1].type != "OF":
        return False
    after = toks[i + 2] if i + 2 < len(toks) else None
    return after is None or after.type == "W" and not MEASURE_WORDS & set(after.words)


def is_count(toks: list[Tok], i: int, text: str) -> bool:
    """Does the multiple at token ``i`` count parts rather than compare two figures? "2 x
    Intel Xeon", "4 x 10 GbE" (a spaced x); "1x master" (one of a thing); "3x
    n1-standard-32", "2x servers", "3x Redis masters", "4× Oha instances" (a whole number
    with an x before an identifier, a counted thing, a capitalised name or a plural noun,
    with no comparison after it); a line or list item that opens with "3x"; a model
    number written with an x ("Ryzen 9 3950x")."""
    t = toks[i]
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    written = t.text.rstrip()
    q = t.quantity
    if written[-1:] not in ("x", "X", "×") or q is None:
        return False
    if q.value == 1 and "." not in written:
        return True  # "1x" compares nothing: one of a thing
    if written[-2:-1] == " ":
        return nxt is None or nxt.type in COUNT_NEXT or nxt.text.lstrip("[(*_ ")[:1].isupper()
    if q.value != int(q.value) or "." in written or _compared_after(toks, i):
        return False
    prev = toks[i - 1] if i else None
    if prev is not None and prev.type == "W" and prev.end == t.start - 1 and q.value >= 100:
        last = prev.text.split()[-1]
        if last[:1].isupper() or any(ch.isdigit() for ch in last):
            return True  # "Ryzen 9 3950x": a model number
    line = text.rfind("\n", 0, t.start) + 1
    if not text[line : t.start].strip(" \t*-+#>|_"):
        return True  # "3x Redis Master + Slave Config" opening a line or a list item
    word = text[t.end : t.end + 48].split(maxsplit=1)
    if not word or text[t.end : t.end + 1] not in (" ", "\t", "\u00a0"):
        return False
    first = word[0].strip("[](),.;:*_")
    low = first.lower()
    if low in COUNTED_PARTS or first[:1].isupper():
        return True
    if any(ch.isdigit() for ch in first) and any(ch.isalpha() for ch in first):
        return True  # an instance type or a part number
    return low.endswith("s") and not low.endswith("ss") and low not in MEASURE_WORDS


# Tokens after a multiple that make it a comparison ("3x faster", "2X better than", "3X the
# load", "4x as many", "5x that of").
_COMPARED_TYPES = DIRECTION_TYPES | {"THAN", "COMPARED", "THAT", "OF"}


def _compared_after(toks: list[Tok], i: int) -> bool:
    """Does a comparison word follow the multiple ("3x faster", "2X better than", "3X the
    load", "5x that of", "4x as many")? A comparison word within three tokens, or "of",
    "that" or a determiner right after it ("3x sets of ..." counts sets)."""
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if nxt is not None and (
        nxt.type in ("OF", "THAT") or nxt.type == "W" and nxt.words[0] in TIMES_GO_ON
    ):
        return True
    return any(t.type in _COMPARED_TYPES - {"OF", "THAT"} for t in toks[i + 1 : i + 4])


def _direction_after(toks: list[Tok], i: int, span: int = 3) -> Tok | None:
    """The comparison word just after the stated value ("3x faster", "25% more RPS")."""
    for t in toks[i + 1 : i + 1 + span]:
        if t.type in DIRECTION_TYPES:
            return t
        if t.type not in ("W", "COP") or len(t.words) > 2:
            return None
    return None


def _direction_before(toks: list[Tok], i: int) -> Tok | None:
    """A comparison word before it: "rises by 25 percent", "an increase of 58%"."""
    if i >= 1 and toks[i - 1].type == "W" and toks[i - 1].words[-1] in DIRECTION_VERBS:
        prev = toks[i - 1]  # "throughput rose 50%"
    elif i < 2 or toks[i - 1].type not in ("BY", "OF"):
        return None
    else:
        prev = toks[i - 2]
    if prev.type in DIRECTION_TYPES:
        return prev
    if prev.type == "W" and prev.words[-1] in DIRECTION_VERBS:
        word = prev.text.split()[-1]
        return Tok(DIRECTION_VERBS[prev.words[-1]], prev.end - len(word), prev.end, word)
    return None


DIRECTION_VERBS = {
    "rises": "UP", "rose": "UP", "grew": "UP", "grows": "UP", "climbed": "UP", "climbs": "UP",
    "jumped": "UP", "jumps": "UP", "increased": "UP", "improves": "UP", "improved": "UP",
    "falls": "DOWN", "fell": "DOWN", "dropped": "DOWN", "drops": "DOWN", "shrank": "DOWN",
    "shrinks": "DOWN", "declined": "DOWN", "declines": "DOWN",
}  # fmt: skip


DETERMINERS = {"the", "its", "their", "that", "this", "those", "these", "his", "her", "our",
               "a", "an", "each", "what", "which", "whatever"}  # fmt: skip


def _population(t: Tok, toks: list[Tok], i: int) -> bool:
    """Does "N% of" go on with a plural noun or a numbered name ("(the) requests", "the
    flows", "the Fortune 500"), i.e. a part of a population rather than of a figure?"""
    words = [w for w in t.text.split() if any(ch.isalnum() for ch in w)]
    while words and words[0].lower() in DETERMINERS:
        words = words[1:]
    if not words or words[0].endswith(("'s", "’s")):
        return False
    if len(words) >= 2 and words[0][:1].isupper() and words[1].isdigit():
        return True  # "the Fortune 500": a numbered name
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if nxt is not None and nxt.type == "QTY":
        return bool(nxt.quantity and not nxt.quantity.unit and words[-1][:1].isupper())
    ended = len(t.text.split()) > len(words)  # the noun ends the clause ("the flows.")
    last = words[-1].lower()
    plural = last.endswith("s") and not last.endswith("ss")
    return plural and len(words) <= 2 and (ended or i + 1 >= len(toks) or nxt.type != "W")


def _names(t: Tok) -> bool:
    """Does a word run end in a name (a capitalised or lower-case product word)?"""
    last = t.text.split()[-1] if t.text.split() else ""
    return bool(last) and last.lower() not in ("and", "or", "the", "while", "whereas")
