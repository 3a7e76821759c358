"""A generator of whole reports for property tests: two invented devices, their figures in
one of several layouts, and a comparison claim that is right or wrong by construction.

Layouts (the ways real write-ups place the figures a claim compares):

- ``prose``: the figures in the sentence before the claim;
- ``list``: a bullet list under a lead-in, the claim as the list's last item ("Gain: ...");
- ``table``: a pipe table with a row per device, the claim below it;
- ``table_transposed``: the same table with a column per device;
- ``tool``: a wrk run per device under its own heading, the claim in a closing section;
- ``code``: "Device: figure" lines in a code fence, the claim below the fence;
- ``summary``: the figures in a results section, the claim under a summary heading after
  an unrelated section.

Everything is written here from scratch with invented product names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hypothesis import strategies as st

FIRST = ["Kestrel", "Harrier", "Brisa", "Orlo", "Vessa", "Quorn", "Tamsin", "Korvel", "Nimbo",
         "Fjord", "Marsh", "Skerry", "Brack", "Tarn", "Loch", "Quillon", "Marrow"]  # fmt: skip
LAYOUTS = ("prose", "list", "table", "table_transposed", "tool", "code", "summary")
KINDS = ("percent", "ratio")


@dataclass(frozen=True)
class Report:
    """A generated report and what its claim is."""

    text: str
    layout: str
    kind: str
    right: bool
    stated: str
    metric: str = "rate"


# what the figures measure: how they are written and how a claim about them reads
METRICS = {
    # metric: (prose, table header, code unit, claim word)
    "rate": ("served {:,} requests per second", "Requests/sec", "req/s", "faster"),
    "latency": ("had a mean latency of {:,} ms", "Mean latency (ms)", "ms", "lower latency"),
}


def _names(draw) -> tuple[str, str]:  # noqa: ANN001
    a, b = draw(st.lists(st.sampled_from(FIRST), min_size=2, max_size=2, unique=True))
    n, m = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    return f"{a} {a[0]}{n}", f"{b} {b[0]}{m}"


def _stated(kind: str, a: int, b: int, right: bool) -> str:
    """The stated comparison of ``a`` against ``b`` (a > b): right at its precision, or
    wrong by far more than any rounding, truncation or base could explain."""
    if kind == "percent":
        value = _half_up((a / b - 1) * 100)
        return f"{value if right else value * 2 + 15}%"
    value = _half_up(a / b * 10) / 10
    return f"{value if right else round(value * 1.6 + 1, 1)}x"


def _half_up(x: float) -> int:
    """``x`` rounded half up, as a stated figure is (Python's round() goes to even)."""
    return math.floor(x + 0.5)


@st.composite
def reports(  # noqa: ANN201
    draw,  # noqa: ANN001
    layouts: tuple[str, ...] = LAYOUTS,
    metrics: tuple[str, ...] = tuple(METRICS),
):
    """A report in one of ``layouts`` whose claim about ``metrics`` is right or wrong."""
    layout = draw(st.sampled_from(layouts))
    kind = draw(st.sampled_from(KINDS))
    metric = draw(st.sampled_from(metrics))
    right = draw(st.booleans())
    big, small = _names(draw)
    b = draw(st.integers(2_000, 90_000) if metric == "rate" else st.integers(20, 400))
    factor = draw(st.integers(115, 450)) / 100
    a = round(b * factor)
    stated = _stated(kind, a, b, right)
    if metric == "rate":  # the big figure is the better one: "X is 45% faster than Y"
        claim = f"The {big} is {stated} faster than the {small}."
        text = RENDER[layout](big, small, a, b, claim, metric)
    else:  # the small latency is the better one: "X has 3.1x lower latency than Y"
        if kind == "percent":
            value = _half_up((1 - b / a) * 100)
            stated = f"{value if right else value + 25}%"
        claim = f"The {small} has {stated} {METRICS[metric][3]} than the {big}."
        text = RENDER[layout](small, big, b, a, claim, metric)
    return Report(text, layout, kind, right, stated, metric)


def _prose(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    said = METRICS[metric][0]
    return (
        "## Results\n\nBoth proxies served a 1 KB object over keep-alive connections.\n\n"
        f"The {big} {said.format(a)} and the {small} {said.format(b)}. {claim}\n"
    )


def _list(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    gain = claim.replace(f"The {big} is ", "").replace(f"The {big} has ", "")
    gain = gain.replace(f" than the {small}.", "")
    unit = METRICS[metric][2]
    return (
        f"## {big} against {small}\n\n**Measured**:\n"
        f"- **{big}**: {a:,} {unit} @ 256 connections\n"
        f"- **{small}**: {b:,} {unit} @ 256 connections\n"
        f"- **Gain**: **{gain}** with the {big}\n"
    )


def _table(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    head = METRICS[metric][1]
    return (
        f"## Results\n\n| Device | {head} |\n|---|---|\n"
        f"| {big} | {a:,} |\n| {small} | {b:,} |\n\n{claim}\n"
    )


def _table_transposed(
    big: str, small: str, a: int, b: int, claim: str, metric: str = "rate"
) -> str:
    head = METRICS[metric][1]
    return (
        f"## Results\n\n| Metric | {big} | {small} |\n|---|---|---|\n"
        f"| {head} | {a:,} | {b:,} |\n\n{claim}\n"
    )


def _wrk(value: int, metric: str) -> str:
    rate, latency = (value, 2.1) if metric == "rate" else (20_000, float(value))
    return (
        "```\nRunning 30s test @ http://10.0.0.2:8080/\n  4 threads and 64 connections\n"
        "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
        f"    Latency     {latency:.2f}ms    0.40ms  {latency * 6:.2f}ms   80.00%\n"
        f"  {rate * 30:,} requests in 30.00s, 100.00MB read\n"
        f"Requests/sec: {rate:.2f}\nTransfer/sec:      3.33MB\n```\n"
    )


def _tool(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    return (
        f"## {big}\n\n{_wrk(a, metric)}\n## {small}\n\n{_wrk(b, metric)}\n"
        f"## Conclusion\n\n{claim}\n"
    )


def _code(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    unit = METRICS[metric][2]
    return f"## Results\n\n```\n{big}: {a:,} {unit}\n{small}: {b:,} {unit}\n```\n\n{claim}\n"


def _summary(big: str, small: str, a: int, b: int, claim: str, metric: str = "rate") -> str:
    said = METRICS[metric][0]
    return (
        f"## Results\n\nThe {big} {said.format(a)}; the {small} {said.format(b)}."
        "\n\n## Test bed\n\nBoth ran on identical servers with a 25 GbE link and 1 KB "
        f"objects.\n\n## Summary\n\n{claim}\n"
    )


RENDER = {
    "prose": _prose,
    "list": _list,
    "table": _table,
    "table_transposed": _table_transposed,
    "tool": _tool,
    "code": _code,
    "summary": _summary,
}


# --- additions over a baseline, named by meaning in a summary far below (issue 24) ---------

ADDITION_LAYOUTS = ("stated", "derived", "two_loads")


@dataclass(frozen=True)
class AdditionReport:
    """A report whose summary compares two devices' additional latencies over a baseline."""

    text: str
    layout: str
    kind: str
    right: bool


def _addition_claim(kind: str, small: str, big: str, a: int, b: int, right: bool) -> str:
    """The summary: the device with the smaller addition ``a`` against the other's ``b``."""
    if kind == "percent":
        value = _half_up((1 - a / b) * 100)
        stated = value if right else (value - 30 if value > 45 else value + 30)
        return f"{small} had {stated}% less additional median latency than {big}."
    value = _half_up(b / a * 10) / 10
    stated = value if right else round(value * 1.6 + 1, 1)
    return f"{big} added {stated}x the additional median latency of {small}."


@st.composite
def addition_reports(draw, layouts: tuple[str, ...] = ADDITION_LAYOUTS):  # noqa: ANN001, ANN201
    """A latency write-up in one of ``layouts`` whose summary is right or wrong:

    - ``stated``: each device's total and its addition over the baseline ("14ms, 8ms over
      the baseline of 6ms");
    - ``derived``: the other device's total only, the baseline in the same paragraph (its
      addition is the total less the baseline);
    - ``two_loads``: a second load section whose additions no claim fits before the one
      that decides (the claim must not be judged on the wrong load's pair).
    """
    layout = draw(st.sampled_from(layouts))
    kind = draw(st.sampled_from(KINDS))
    right = draw(st.booleans())
    first, second = _names(draw)
    small, big = first.split()[0], second.split()[0]  # one-word names, as blogs write them
    base = draw(st.integers(3, 9))
    a = draw(st.integers(4, 30))
    b = round(a * draw(st.integers(180, 600)) / 100)
    claim = _addition_claim(kind, small, big, a, b, right)
    own = f"{small}'s median latency was {a + base}ms, {a}ms over the baseline of {base}ms."
    if layout == "derived":
        other = f"{big}'s median latency, by contrast, was {b + base}ms."
    else:
        other = f"{big}'s median latency was {b + base}ms, {b}ms over."
    body = f"## Latency at 1,000 RPS\n\n{own} {other}\n\n"
    if layout == "two_loads":  # a lighter load first: its pair gives no stated value
        a2, b2 = a + 1, a + 1 + max(1, (b - a) // 7)
        body = (f"## Latency at 100 RPS\n\n{small}'s median latency was {a2 + base}ms, {a2}ms "
                f"over the baseline of {base}ms. {big}'s median latency was {b2 + base}ms, "
                f"{b2}ms over.\n\n") + body  # fmt: skip
    text = (f"# {small} and {big} under load\n\n{body}## Resource use\n\nBoth ran on "
            f"identical hosts.\n\n## Summary\n\n{claim}\n")  # fmt: skip
    return AdditionReport(text, layout, kind, right)
