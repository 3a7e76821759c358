"""D002 missing-repeatability: the number of runs, the run duration or the run-to-run
variation is unstated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.text import PROSE
from claimcheck.models import Block, Condition, Document
from claimcheck.rules.registry import Hit, check

VARIATION_RE = lazyre.compile(
    r"standard[ \t]+deviations?|\bstd\.?[ \t]?dev\b|\bstdev\b|coefficient[ \t]+of[ \t]+variation"
    r"|\bCoV\b|±|\+/-|run[ \t-]to[ \t-]run|between[ \t]+runs|across[ \t]+(?:the[ \t]+)?runs"
    r"|\bvariance\b|confidence[ \t]+intervals?|error[ \t]+bars?|\bvaried[ \t]+(?:by[ \t]+)?"
    r"(?:less[ \t]+than|under|within|no[ \t]+more[ \t]+than)|within[ \t]+\d+(?:\.\d+)?[ \t]*%"
    r"[ \t]+of[ \t]+each[ \t]+other|repeatab\w{1,12}[ \t]+(?:was|were|is|within)|spread[ \t]+of",
    re.IGNORECASE,
)
METHOD_HEADING_RE = lazyre.compile(
    r"methodolog|\btest(?:ing)?[ \t]+(?:setup|set-up|procedure|process|bed|environment|method)"
    r"|\bhow[ \t]+we[ \t]+test|\btestbed\b",
    re.IGNORECASE,
)


_RUN_WORDS = lazyre.compile(
    r"\b(?:runs?|iterations?|trials?|repeat\w*|repetitions?|times|passes)\b", re.I
)


# "repeated every test three times", "three runs per server" (what the runs extractor misses)
_NUMW = r"(?:two|three|four|five|six|seven|eight|nine|ten|twenty|\d{1,3})"
# "repeated every test three times", "five 120-second runs" (what the runs extractor misses)
RUNS_TEXT_RE = lazyre.compile(
    rf"\b(?:repeat\w*|re-?ran|ran|run|executed|performed|conducted)\b[^.;]{{0,40}}?\b(?:twice"
    rf"|thrice|(?:{_NUMW}|multiple|several)[ \t]+times)\b|(?<![\w.,-]){_NUMW}[ \t]+(?:[\w-]+[ \t]+){{0,2}}"
    rf"(?:runs|iterations|trials|repetitions|passes)\b",
    re.IGNORECASE,
)
RUN_TIMES_RE = lazyre.compile(
    rf"\b(?:twice|thrice|(?:{_NUMW}|multiple|several)[ \t]+times)\b(?![ \t]+(?:higher|faster|more"
    rf"|lower|slower|less|larger|greater|better|worse|as|the|that|than|over|bigger|smaller))",
    re.IGNORECASE,
)
RUN_WORD_RE = lazyre.compile(r"\b(?:runs?|ran|repeat\w*|executed|iterations?|trials?|scenarios?"
                         r"|tests?|measurements?)\b", re.IGNORECASE)  # fmt: skip
VARIATION_NEAR_RUNS_RE = lazyre.compile(
    r"\b(?:var(?:ied|ies|y|iation)|differ(?:ed|s|ence)?|deviat\w*|fluctuat\w*|spread|range[ds]?"
    r"|agreed?)\b[^.;]{0,50}?\b(?:by|than|within|of|to)\b[^.;]{0,25}?\d+(?:\.\d+)?[ \t]*%",
    re.IGNORECASE,
)
# "each run lasted 300 seconds", "a 30-second steady state" (what the duration extractor misses)
DURATION_TEXT_RE = lazyre.compile(
    r"\b(?:lasted|lasting|held|duration[ \t]+(?:of|was)|period[ \t]+of|steady[ \t-]state[ \t]+of"
    r"|ran[ \t]+for|run[ \t]+for|runs[ \t]+for)[ \t]+(?:a[ \t]+|an[ \t]+|about[ \t]+)?\d+(?:\.\d+)?"
    r"[ \t-]*(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?)\b|\b\d+(?:\.\d+)?[ \t-]*"
    r"(?:second|minute|hour|s|min)s?[ \t-]+(?:long[ \t]+)?(?:runs?|tests?|steady[ \t-]state"
    r"|iterations?|trials?|soak|measurement[ \t]+(?:window|period)|window)\b",
    re.IGNORECASE,
)


def _states_runs(doc: Document, c: Condition) -> bool:
    """A runs condition with a count, or one whose text is about runs ("best run", not
    "the best results"); a count glued to a model number ("the E-400 runs cool") is not."""
    value = c.value if isinstance(c.value, dict) else {}
    if value.get("count") is not None:
        before = doc.text[max(0, c.start - 1) : c.start]
        return not (before.isalnum() or before in "-/")
    return bool(_RUN_WORDS.search(c.text))


def _tool_text(block: Block) -> bool:
    """A tool's printed output pasted as a table."""
    return block.table is not None and block.table.kind in ("code", "tool_output")


_METHOD_OPENINGS = ("how we test", "methodolog", "test setup", "test methodolog")


def _methodology_block(doc: Document) -> Block | None:
    """The methodology heading (or a short title line, or a paragraph opening "How we tested")."""
    for b in doc.blocks:
        short = b.kind == "heading" or (b.kind == "paragraph" and len(b.text) <= 80)
        opens = b.kind == "paragraph" and b.text[:40].lower().startswith(_METHOD_OPENINGS)
        if (short and METHOD_HEADING_RE.search(b.text)) or opens:
            return b
    return None


@check("missing_repeatability")
def missing_repeatability(facts: FactStore) -> Iterator[Hit]:
    """Document level: the number of runs, the run duration or run-to-run variation is unstated."""
    doc = facts.doc
    figures = facts.results()  # sentences, tables and the tools' printed results
    tool_runs = [r for r in facts.runs if not r.warmup and r.source in ("command", "output")]
    if not figures and not tool_runs:
        return  # a report that neither gives results nor runs a load tool measures nothing
    missing = []
    runs = any(_states_runs(doc, c) for c in facts.stated("runs"))
    duration = bool(facts.stated("duration"))
    index = facts.text
    kinds = (*PROSE, "table")
    hedge = index.hedge_cues
    # a tool's summary ("Thread Stats Avg Stdev") gives the spread within one run, not
    # between runs: only the report's own sentences and tables count
    eligible = [i not in hedge and t[1].kind in kinds and not _tool_text(t[1])
                for i, t in enumerate(index.sentences)]  # fmt: skip

    def said(rx: Any) -> set[int]:  # the sentences a cue matches, if they count
        return {i for i, _ in index.texts.search(rx) if eligible[i]}

    run_words = said(RUN_WORD_RE)
    runs = runs or bool(said(RUNS_TEXT_RE)) or bool(run_words & said(RUN_TIMES_RE))
    variation = bool(said(VARIATION_RE)) or bool(run_words & said(VARIATION_NEAR_RUNS_RE))
    duration = duration or bool(said(DURATION_TEXT_RE))
    if not runs:
        missing.append("the number of runs")
    if not duration:
        missing.append("the run duration")
    if not variation:
        missing.append("the variation between runs")
    if not missing:
        return
    where = _methodology_block(doc)
    if where is not None:
        start, end = where.start, min(where.end, where.start + 80)
    elif figures:
        start, end = figures[0].start, figures[0].end
    else:
        run = tool_runs[0]
        start, end = run.start, run.start + len(run.command or "")
    msg = (f"the report does not state {', '.join(missing[:-1])}{' or ' if len(missing) > 1 else ''}"
           f"{missing[-1]}; without them a reader cannot tell whether the figures are stable or "
           f"a difference between devices is more than run-to-run noise")  # fmt: skip
    yield Hit(start, end, msg, {"missing": missing})
