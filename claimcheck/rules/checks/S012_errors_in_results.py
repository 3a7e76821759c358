"""S012 errors-in-results: the rate of a run that logged failed, timed-out or non-2xx
responses, quoted or compared where its error counts are not set beside it.

A tool's own summary prints the counts beside the rate (wrk's "Socket errors" and
"Non-2xx" lines above "Requests/sec"), and so does a results table with an errors column:
neither is a finding. The finding is a restatement of such a rate away from its counts: a
results-table row with no errors column, a sentence or a comparison that quotes the rate
and says nothing of the failures. One finding per restating table or sentence, at the
first restatement of each run.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from claimcheck.extract.runs.query import counts_errors
from claimcheck.facts import FactStore
from claimcheck.facts.attribution import View
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import says_any

_RUN_ERROR_NAMES = {"connect": "connect errors", "read": "read errors", "write": "write errors",
                    "timeout": "timeouts", "non_2xx": "non-2xx/3xx responses",
                    "failed": "failed requests", "errored": "errored requests",
                    "errors": "errors"}  # fmt: skip
RATE_METRICS = ("rps", "cps", "tps", "ssl_tps")


@dataclass(frozen=True, slots=True)
class _Quote:
    """Where a run's rate is restated without its error counts."""

    start: int
    end: int
    block: int
    what: str  # the rate as restated, "nginx 43,666.56 req/s (line 49)"
    claim: str | None = None  # the comparison that uses it, when it is a claim


class _Index:
    """The rate figures and the claims' operands of a document, sorted by value (and the
    figures by device and section), so a run's restatements are found by bisection."""

    def __init__(self, facts: FactStore) -> None:
        figures = [m for m in facts.measured() if m.metric in RATE_METRICS and m.role == "result"]
        self.figures = sorted(figures, key=lambda m: m.value)
        self.figure_values = [m.value for m in self.figures]
        self.by_device: dict[tuple[str | None, str | None], list[Any]] = {}
        for m in figures:
            self.by_device.setdefault((m.device, m.section), []).append(m)
        cited = [(o.value, i, c, o) for i, c in enumerate(facts.claims) for o in c.operands]
        cited.sort(key=lambda t: (t[0], t[1]))
        self.cited = cited
        self.cited_values = [t[0] for t in cited]
        self.by_span: dict[tuple[int, int], list[tuple[int, Any, Any]]] = {}
        for _, i, c, o in cited:
            self.by_span.setdefault((o.start, o.end), []).append((i, c, o))

    def figures_near(self, rate: float) -> list[Any]:
        """The rate figures whose value is ``rate`` as printed or rounded."""
        lo, hi = _window(self.figure_values, rate)
        return [m for m in self.figures[lo:hi] if _near([rate], m.value)]

    def claims_citing(
        self, rates: list[float], spans: set[tuple[int, int]]
    ) -> list[tuple[Any, Any]]:
        """(claim, operand) for each claim citing one of the rates or figures at ``spans``, in
        claim order, each claim once."""
        found: dict[int, tuple[Any, Any]] = {}
        for rate in rates:
            lo, hi = _window(self.cited_values, rate)
            for value, i, c, o in self.cited[lo:hi]:
                if _near([rate], value):
                    found.setdefault(i, (c, o))
        for span in spans:
            for i, c, o in self.by_span.get(span, ()):
                found.setdefault(i, (c, o))
        return [found[i] for i in sorted(found)]


@check("errors_in_results")
def errors_in_results(facts: FactStore) -> Iterator[Hit]:
    """S012: a rate of a run that logged errors, restated in a table without an errors
    column or in a sentence or comparison that does not mention the failures."""
    v = facts.view
    index: _Index | None = None
    found: dict[int, list[tuple[_Quote, Any]]] = {}
    for run in facts.runs:
        if run.warmup or run.error_count() <= 0:
            continue
        first = min(run.errors.values(), key=lambda e: e.start)
        if says_any(facts.sentence_text(first.start), rule_data("S012").get("excluded")):
            continue  # the failures were left out of the rates
        if run.source == "prose" and (facts.hedged(first.start) or v.hedged_at(first.start)):
            continue  # a sentence about others' runs
        index = index or _Index(facts)
        quote = _first_quote(facts, v, run, index)
        if quote is not None:
            found.setdefault(quote.block, []).append((quote, run))
    for quotes in sorted(found.values(), key=lambda q: q[0][0].start):
        yield _hit(v, quotes)


def _hit(v: View, quotes: list[tuple[_Quote, Any]]) -> Hit:
    quote = min((q for q, _ in quotes), key=lambda q: q.start)
    parts = []
    for q, run in quotes:
        first = min(run.errors.values(), key=lambda e: e.start)
        kinds = ", ".join(f"{e.value:,.0f} {_RUN_ERROR_NAMES.get(k, k)}"
                          for k, e in run.errors.items() if e.value > 0)  # fmt: skip
        line = v.doc.position(first.start)[0]
        parts.append(f"{q.what} comes from a run that logged {kinds} (line {line})")
    where = f'"{quote.claim}" compares rates: ' if quote.claim else ""
    return Hit(quote.start, quote.end,
               f"{where}{'; '.join(parts)}, and no error count is set beside the rate",
               {"errors": [{k: e.value for k, e in run.errors.items()} for _, run in quotes]})  # fmt: skip


def _first_quote(facts: FactStore, v: View, run: Any, index: _Index) -> _Quote | None:
    """The first place the run's rate is restated without its error counts: one of its
    results-table rows, a figure of the same value (or, for errors stated in a sentence
    without a rate, a rate of the same device in the section), or a claim citing it."""
    home: set[int | None] = set()  # the tool output that prints the counts beside the rate
    if run.source in ("command", "output"):
        home = {v.block_index(run.start), v.block_index(max(run.start, run.end - 1))}
        home |= {v.block_index(e.start) for e in run.errors.values()}
    rates: list[float] = []
    if "rps" in run.results:
        rates.append(run.results["rps"].value)
    quotes: list[_Quote] = []
    for row in run.rows:
        if row.rps is None or row.errors is not None:
            continue
        bi = v.block_index(row.start)
        table = v.doc.blocks[bi].table if bi is not None else None
        if table is None or counts_errors(table):
            continue
        rates.append(row.rps.value)
        quotes.append(_Quote(row.rps.start, row.rps.end, bi,
                             f"{row.label} {row.rps.value:,.2f} req/s (line {row.line})"))  # fmt: skip
    device = _device(v, run)
    if rates:
        candidates = {id(m): m for r in rates for m in index.figures_near(r)}.values()
    elif device and run.source == "prose":  # a count in words: the device's rates around it
        bi = v.block_index(run.start)
        section = v.doc.blocks[bi].section if bi is not None else None
        candidates = index.by_device.get((device, section), [])
    else:
        candidates = []
    for m in candidates:
        bi = v.block_index(m.start)
        if bi is None or bi in home or (device and m.device and m.device != device):
            continue
        if not _unqualified(facts, v, bi, m.start):
            continue
        who = f"{v.name(m.device).strip()} " if m.device else ""
        quotes.append(_Quote(m.start, m.end, bi, f"{who}{m.text} (line {m.line})"))
    for claim, o in index.claims_citing(rates, {(q.start, q.end) for q in quotes}):
        bi = v.block_index(claim.start)
        if bi is None or bi in home or facts.hedged(claim.start):
            continue
        if _speaks_of_errors(facts.sentence_text(claim.start)):
            continue
        who = f"{v.name(o.entity).strip()} " if o.entity else ""
        quotes.append(
            _Quote(claim.start, claim.end, bi, f"{who}{o.text} (line {o.line})", claim.stated)
        )
    return min(quotes, key=lambda q: q.start) if quotes else None


def _unqualified(facts: FactStore, v: View, bi: int, offset: int) -> bool:
    """Is a rate at ``offset`` quoted without the failures: in a table with no errors column
    or row, or in a sentence that does not speak of errors or of their exclusion?"""
    table = v.doc.blocks[bi].table
    if table is not None:
        return not counts_errors(table)
    return not _speaks_of_errors(facts.sentence_text(offset))


def _speaks_of_errors(sentence: str) -> bool:
    """Does a sentence set the failures beside the rate it quotes: name them, or say they
    were left out of the rates (rule data ``error_words``, ``excluded``)?"""
    data = rule_data("S012")
    return says_any(sentence, data.get("error_words")) or says_any(sentence, data.get("excluded"))


def _device(v: View, run: Any) -> str | None:
    """The device a run measured: for errors stated in a sentence, the one the sentence
    binds the count to ("HAProxy had none, while the Yate run logged 4,200 timeouts")."""
    if run.source != "prose":
        return run.device
    first = min(run.errors.values(), key=lambda e: e.start)
    named = v.attribute(first.start, first.end, set())
    return next(iter(named)) if len(named) == 1 else None


def _window(sorted_values: list[float], x: float) -> tuple[int, int]:
    """The slice of ``sorted_values`` that may hold ``x`` as printed or rounded."""
    tol = max(0.5, 5e-4 * abs(x))
    return bisect_left(sorted_values, x - tol), bisect_right(sorted_values, x + tol)


def _near(values: list[float], x: float) -> bool:
    """Is ``x`` one of the values, as printed or rounded to a whole number?"""
    return any(
        abs(y - x) <= max(0.05, 5e-4 * abs(y)) or (x == int(x) and abs(y - x) < 0.5) for y in values
    )
