"""The role of a figure stated in prose: a result, or a setting or spec that only looks
like one.

- ``setting``: the load the test imposed. A rate after "a load of", "a rate of", "offered",
  "target", "throttled to", or after "at"/"under"/"from" when the sentence measures some
  other metric first ("p99 latency at 50, 500 and 5,000 RPS", "CPU at 100k RPS"); the
  figures of a list continued from such a figure ("50, 500 and 5,000 RPS") too.
- ``spec``: a property of the test bed or product given as "Key: value" with a hardware key
  ("Network: 10 Gbps", "NIC: 25 GbE", "CPU: 16 cores").

Word lists here name constructions (a load preposition, a hardware key), not one report's
sentences.
"""

from __future__ import annotations

import re

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
SPEC_LINE = lazyre.compile(r"^[ \t]*(?:[-*+][ \t]+)?\**([A-Za-z][A-Za-z /]{0,30}?)\**[ \t]*:[ \t]")


def prose_role(
    text: str, sentence_start: int, start: int, family: str, block_text: str, block_start: int
) -> str:
    """``result``, ``setting`` or ``spec`` for a figure at ``start`` in the document
    ``text``, whose sentence starts at ``sentence_start``."""
    key = SPEC_LINE.match(block_text[:40])
    if key and is_spec_key(key.group(1)) and 0 <= start - (block_start + key.end()) <= 40:
        return "spec"
    if family not in RATE_FAMILIES:
        return "result"
    before = text[max(sentence_start, start - 120) : start]
    if LOAD_BEFORE.search(before):
        return "setting"
    at = AT_BEFORE.search(before)
    if at and not RESULT_VERB.search(before):
        other = metric_of(text[sentence_start:start])
        if (
            other is not None
            and other not in (family, "throughput")
            or _load_word(before[: at.start()])
        ):
            return "setting"
    return "result"


# a load word right before the preposition: "at load levels of", "latency under load at"
_LOAD_WORD = lazyre.compile(
    r"\b(?:load|loads|rate|rates|levels?)\b(?:[ ][\w-]{1,20}){0,2}[ ]?$", _I
)


def _load_word(before: str) -> bool:
    """A load word among the last three words before the "at"/"under" phrase (a fixed
    window of characters would make the answer depend on the length of names)."""
    return _LOAD_WORD.search(before[-60:]) is not None
