"""How long each measured run lasted, as one fact whatever the report wrote it as.

A run's length comes from the tool's own summary ("Running 10s test", hey's "Total: 1.22
secs", ab's "Time taken for tests"), from the command line (``-d30s``, or the tool's
default when the command leaves it out and the run printed results), from a parameter
table or a run statement ("100 connections for 40 seconds"), or from a sentence that states
it as the length of a test or run ("each test ran for 30 seconds", "Test duration: 30 s").
A time figure that is a timeout, a cache lifetime, an interval, a spike seen during a run,
a warm-up or a ramp is no run's length (the word lists are in ``vocab.toml``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from claimcheck.extract.runs.model import Run
from claimcheck.extract.runs.vocab import word_list, words_of
from claimcheck.models import Condition, Document

# Statements that set a run's length rather than describe it.
DEFINITIVE = ("output", "command", "default", "table", "config")
CUE_REACH = 3  # a length cue ("for", "lasted", "duration of") this many words before the figure
AFTER_REACH = 2  # words after the figure read for the run it names ("30-second runs")
# Where a clause ends within a sentence: a time figure belongs to the words of its clause.
CLAUSE_BREAKS = frozenset(";,()[]")
CLAUSE_WORDS = {"while", "whereas", "but", "then", "although", "though"}
TIME_UNITS = {"s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes",
              "h", "hour", "hours", "one", "two", "three", "four", "five", "ten", "twenty",
              "thirty", "sixty"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class RunDuration:
    """The length of one measured run: seconds, the span that states it, and where it was
    read ("output", "command", "default" (the tool's documented default for a command that
    leaves it out), "table", "config", "prose" (a run statement) or "stated" (a sentence
    giving a test's length))."""

    seconds: float
    start: int
    end: int
    text: str
    source: str
    tool: str | None = None
    steady: bool = False  # stated as the length of a steady state ("a 30 s steady state")

    @property
    def definitive(self) -> bool:
        """Read from the tool, its command or a parameter table, not from a sentence."""
        return self.source in DEFINITIVE


def run_durations(doc: Document, runs: Iterable[Run], conditions: Iterable[Condition],
                  text: Any, hedged: Callable[[int], bool]) -> list[RunDuration]:  # fmt: skip
    """The lengths of the measured runs of ``doc`` in source order: from its runs and from
    its ``duration`` conditions that state a run's length (``text``: the document's
    TextIndex, for the sentence around a figure; ``hedged``: is the sentence at an offset
    about others' practice)."""
    out: list[RunDuration] = []
    runs = [r for r in runs if not r.warmup]
    for run in runs:
        d = run.duration
        if d is None or d.value <= 0:
            continue
        if d.default and not (run.results or run.rows):
            continue  # a command shown without results: its default length measured nothing
        if run.source == "prose" and hedged(run.start):
            continue  # "some vendors run 100 connections for 10 seconds": others' practice
        source = "default" if d.default else run.source
        if source == "command" and d.start >= run.start + len(run.command or ""):
            source = "output"  # printed by the tool below its command ("Running 10s test")
        span = (run.start, run.end) if d.default else (d.start, d.end)
        out.append(RunDuration(d.value, *span, d.text, source, run.tool))
    # the runs' own statements: a condition there is the same figure read again
    spans = _Intervals([(r.start, r.end) for r in out]
                       + [(r.start, r.end) for r in runs if r.source in ("command", "output")])  # fmt: skip
    for c in conditions:
        if c.name != "duration" or c.hedged or c.negated:
            continue
        try:
            seconds = float(c.value)
        except (TypeError, ValueError):
            continue
        if seconds <= 0 or spans.overlaps(c.start, c.end):
            continue  # the same statement as a run's own duration, or inside a run's text
        source = None if hedged(c.start) else _condition_source(doc, c, text)
        if source is not None:
            steady = "steady state" in " ".join(words_of(text.sentence_text(c.start)))
            out.append(RunDuration(seconds, c.start, c.end, c.text, source, steady=steady))
    out.sort(key=lambda r: r.start)
    return _without_repeats(out)


class _Intervals:
    """Spans merged into disjoint intervals: does [start, end) overlap one? (a bisection)"""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def overlaps(self, start: int, end: int) -> bool:
        """Does [start, end) overlap a span (or touch an empty one at ``start``)?"""
        i = bisect_right(self.starts, max(start, end - 1)) - 1
        return i >= 0 and self.ends[i] > start


def _condition_source(doc: Document, c: Condition, text: Any) -> str | None:
    """How a duration condition states a run's length ("table", "config", "stated"), or
    None when it is some other time (a timeout, a spike, a warm-up)."""
    if c.source == "table":
        return "table"  # a cell under a duration column
    if c.source == "command":
        return "config"  # a tool option or a load script's setting
    found = text.sentence_at(c.start)
    if found is None:
        return None
    sentence, block, hedged = found
    if hedged:
        return None
    label, value_start = _label(block.text, block.start)
    if label and c.start >= value_start:
        if word_list("duration.not_run").any_in(label):
            return None  # "handshake_timeout: ... the value for the tests is 5 seconds"
        if word_list("duration.label").any_in(label):
            return "stated"  # "Test duration: 30 seconds per load balancer"
    before, after = _clause(doc.text, max(sentence.start, value_start if label else 0), c)
    not_run, only_before = word_list("duration.not_run"), word_list("duration.not_run_before")
    if not_run.any_in(before[-6:]) or only_before.any_in(before[-2:]):
        return None  # "the handshake timeout is 5 s", "CPU usage for 15 seconds"
    if not_run.any_in(after[:1]):
        return None  # "a 5 s timeout", "a 15 s warm-up", "30 s between tests"
    # the run it is the length of: named in the sentence (or the item's label) before it
    named = word_list("duration.run").any_in(label + words_of(doc.text[sentence.start : c.start]))
    if word_list("duration.after").any_in(after[:AFTER_REACH]) and (
        named or _names_run(after[:AFTER_REACH])
    ):
        return "stated"  # "one 15-second run per proxy", "30 seconds per test"
    cue = word_list("duration.cue").last_in(before)
    if cue < 0 or cue < len(before) - CUE_REACH:
        return None  # no "for", "lasted", "duration of" right before the figure
    return "stated" if named else None


def _names_run(words: list[str]) -> bool:
    """Do the words after a figure name the run itself ("runs", "test"), not only "per"?"""
    after = word_list("duration.after")
    return any(
        after.at(words, i) and words[i] not in ("per", "each", "long", "duration", "window")
        for i in range(len(words))
    )


def _label(text: str, start: int) -> tuple[list[str], int]:
    """The words of a "Label: value" item's label and where its value starts, or ([], 0)."""
    head = text[:80]
    colon = head.find(":")
    if colon <= 0 or "\n" in head[:colon] or "." in head[:colon].strip("*_ ").rstrip("."):
        return [], 0
    words = words_of(head[:colon])
    if not words or len(words) > 5:
        return [], 0
    return words, start + colon + 1


def _clause(source: str, sentence_start: int, c: Condition) -> tuple[list[str], list[str]]:
    """The words of the figure's clause before it and the few words after it."""
    lo = sentence_start
    for i in range(c.start - 1, sentence_start - 1, -1):
        if source[i] in CLAUSE_BREAKS:
            lo = i + 1
            break
    before = words_of(source[lo : c.start])
    for i in range(len(before) - 1, -1, -1):
        if before[i] in CLAUSE_WORDS:
            before = before[i + 1 :]
            break
    # the words the condition's span holds past its number and unit ("15-second steady
    # state") come first among those after it
    own = [w for w in words_of(c.text) if not w[0].isdigit() and w not in TIME_UNITS]
    return before, own + words_of(source[c.end : c.end + 40])


def _without_repeats(found: list[RunDuration]) -> list[RunDuration]:
    """One entry per statement: a figure read twice at the same span is kept once."""
    out: list[RunDuration] = []
    seen: set[tuple[int, int]] = set()
    for r in found:
        if (r.start, r.end) not in seen:
            seen.add((r.start, r.end))
            out.append(r)
    return out
