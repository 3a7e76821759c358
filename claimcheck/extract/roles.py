"""The role of a figure stated in prose: a result, or a setting or spec that only looks
like one.

- ``setting``: the load the test imposed. A rate after "a load of", "a rate of", "offered",
  "target", "throttled to", or after "at"/"under"/"from" when the sentence measures some
  other metric first ("p99 latency at 50, 500 and 5,000 RPS", "CPU at 100k RPS"); the
  figures of a list continued from such a figure ("50, 500 and 5,000 RPS") too.
- ``spec``: a property of the test bed or product given as "Key: value" with a hardware key
  ("Network: 10 Gbps", "NIC: 25 GbE", "CPU: 16 cores").
- ``setting`` for any family, by the constructions of ``roles.toml``: a pass criterion
  ("the maximum allowed mean latency is 100 ms"), a goal or sizing target ("the goal is to
  reach 20k TPS"), a hypothetical ("that would take 700k requests per second"), an emulated
  network ("a simulated network with 100 ms latency") or a normalising unit ("0.35 vCPU per
  1000 requests per second").

Word lists here name constructions (a load preposition, a hardware key), not one report's
sentences.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

from claimcheck import lazyre
from claimcheck.extract.axislabels import is_spec_key, metric_of

RATE_FAMILIES = ("rps", "cps", "ssl_tps", "throughput")
_I = re.IGNORECASE
# a list of figures ending where the figure in question starts: "50, 500 and "
_LIST_TAIL = r"(?:[\d][\d.,]{0,12}[ ]?[kKmM]?[ ]?(?:RPS|req/s|requests/s)?[ ]?(?:,[ ]?(?:and[ ]|or[ ])?|[ ]and[ ]|[ ]or[ ]|[ ]?(?:-|–|to)[ ]?)){0,8}"
LOAD_BEFORE = lazyre.compile(
    r"(?:\bload[ ]of|\b(?:fixed|constant|offered|target)[ ]rate[ ]of|\boffered(?:[ ]load)?(?:[ ]of)?|\btarget(?:ed|ing)?"
    r"(?:[ ](?:rate|load|throughput))?(?:[ ]of)?|\bthrottled[ ](?:back[ ])?to|\blimited[ ]to|"
    r"\b-R[ ]?|\b--rate[ =]?)[ ]" + _LIST_TAIL + r"$",
    _I,
)
AT_BEFORE = lazyre.compile(r"\b(?:at|under|from|with)[ ](?:a[ ]|an[ ])?" + _LIST_TAIL + r"$", _I)
RESULT_VERB = lazyre.compile(
    r"\b(?:peak\w*|top\w*[ ]out|max\w*[ ]out|plateau\w*|reach\w*|hit|achiev\w*|deliver\w*|"
    r"serv\w*|handl\w*|manag\w*|sustain\w*[ ]|saturat\w*|level\w*[ ]off|stall\w*)[ ]at[ ]"
    + _LIST_TAIL
    + r"$",
    _I,
)


def _constructions() -> list[tuple[str, str, re.Pattern[str]]]:
    """(name, role, pattern) of each construction of ``roles.toml``: one of its cues, then
    up to its reach of characters without a clause break, up to the end of the text."""
    text = resources.files("claimcheck.extract").joinpath("roles.toml").read_text(encoding="utf-8")
    out = []
    for c in tomllib.loads(text).get("construction", []):
        cues = sorted(
            (re.escape(w).replace(r"\ ", r"\s+") for w in c["cues"]), key=lambda w: (-len(w), w)
        )
        rx = lazyre.compile(
            rf"(?<![\w'-])(?:{'|'.join(cues)})(?![\w'-])[^.;:]{{0,{int(c['reach'])}}}$", _I
        )
        out.append((c["name"], c["role"], rx))
    return out


CONSTRUCTIONS = _constructions()
# "we evaluated both meshes at 20, 200 and 2,000 RPS", "each proxy was tested at 5k RPS": the
# rates a test was run at (a result verb, "peaked at", is RESULT_VERB's and never here)
TESTED_AT = lazyre.compile(
    r"\b(?:evaluat\w*|test(?:ed|ing)?|benchmark(?:ed|ing)?|ran|run|load(?:ed|ing)|drove|driven"
    r"|exercis\w*|stress(?:ed|ing)?)\b[^.;:]{0,50}?[ ]at[ ](?:a[ ]|an[ ])?" + _LIST_TAIL + r"$",
    _I,
)
# a rate that names the runs it was offered in: "the 200 RPS runs", "the 2,000 RPS level"
NAMES_A_RUN = lazyre.compile(
    r"\s?(?:-\s?)?(?:runs?|tests?|levels?|scenarios?|cases?|steps?|tiers?|numbers|results"
    r"|figures|data)\b",
    _I,
)
# "the calm level of 20 RPS", "the highest-load scenario of 2,000 RPS": the level a test ran at
LEVEL_OF = lazyre.compile(
    r"\b(?:levels?|scenarios?|tiers?|steps?)[ ]of[ ](?:a[ ]|an[ ])?" + _LIST_TAIL + r"$", _I
)
# a sentence that opens on the rate it speaks of: "At 2,000 RPS, ...", "Finally, at 5k RPS"
OPENING_AT = lazyre.compile(
    r"^\W{0,3}(?:(?:and|but|so|then|finally|even|only|already|now|still|first|next|lastly)"
    r",?[ ]){0,2}at[ ]$",
    _I,
)
# after an "at" rate, the rest of the load it was offered with: the rate is a setting too
LOAD_AFTER = lazyre.compile(
    r"[^.;:]{0,40}?\b(?:using|with|from|over|across)[ ]\d[\d,]*[ ](?:[a-z-]+[ ]){0,2}?"
    r"(?:connections|clients|users|threads|workers|VUs|streams)\b",
    _I,
)
SPEC_LINE = lazyre.compile(r"^[ \t]*(?:[-*+][ \t]+)?\**([A-Za-z][A-Za-z /]{0,30}?)\**[ \t]*:[ \t]")


def prose_role(
    text: str,
    sentence_start: int,
    start: int,
    family: str,
    block_text: str,
    block_start: int,
    end: int | None = None,
) -> str:
    """``result``, ``setting`` or ``spec`` for a figure at ``start`` in the document
    ``text``, whose sentence starts at ``sentence_start``."""
    key = SPEC_LINE.match(block_text[:40])
    if key and is_spec_key(key.group(1)) and 0 <= start - (block_start + key.end()) <= 40:
        return "spec"
    clause = text[max(sentence_start, start - 150) : start]
    for _name, role, rx in CONSTRUCTIONS:
        if rx.search(clause):
            return role
    if family not in RATE_FAMILIES:
        return "result"
    return "setting" if offered_load(text, sentence_start, start, family, end) else "result"


def offered_load(
    text: str, sentence_start: int, start: int, family: str, end: int | None = None
) -> bool:
    """Is the rate at ``start`` the load a test offered (a setting the report states, as a
    load_setting condition does): "at 1,000 RPS using 16 connections", "a load of 100,000
    RPS", "we evaluated both at 20, 200 and 2,000 RPS", "the 200 RPS runs"?"""
    if family not in RATE_FAMILIES:
        return False
    if end is not None and NAMES_A_RUN.match(text, end, end + 30):
        return True  # "the 200 RPS runs", "a 5k RPS test": the rate names the run
    before = text[max(sentence_start, start - 120) : start]
    if LOAD_BEFORE.search(before) or TESTED_AT.search(before) or LEVEL_OF.search(before):
        return True
    if OPENING_AT.match(text[sentence_start:start]):
        return True
    at = AT_BEFORE.search(before)
    if at and not RESULT_VERB.search(before) and LOAD_AFTER.match(text, start, start + 80):
        return True  # "at 1,000 requests per second using 16 client connections"
    if at and not RESULT_VERB.search(before):
        other = metric_of(text[sentence_start:start])
        if (
            other is not None
            and other not in (family, "throughput")
            or _load_word(before[: at.start()])
        ):
            return True
    return False


# a load word right before the preposition: "at load levels of", "latency under load at"
_LOAD_WORD = lazyre.compile(
    r"\b(?:load|loads|rate|rates|levels?)\b(?:[ ][\w-]{1,20}){0,2}[ ]?$", _I
)


def restated_settings(measurements: list, conditions: list) -> None:
    """A concurrent-connection figure equal to a connection count the test imposed (a load
    setting: wrk -c 400, "400 connections" in the test configuration) restates that setting
    ("400 connections for 400 concurrent requests"): it becomes a setting, not a capacity."""
    loads = set()
    for c in conditions:
        value = c.value if isinstance(c.value, dict) else {}
        if c.name == "load_setting" and value.get("kind") in ("connections", "clients", "vus"):
            loads.add(float(value.get("value") or 0))
        elif c.name == "concurrency" and isinstance(c.value, int | float):
            loads.add(float(c.value))
    for m in measurements:
        if m.metric == "concurrent_connections" and m.role == "result" and m.value in loads:
            m.role = "setting"


def _load_word(before: str) -> bool:
    """A load word among the last three words before the "at"/"under" phrase (a fixed
    window of characters would make the answer depend on the length of names)."""
    return _LOAD_WORD.search(before[-60:]) is not None
