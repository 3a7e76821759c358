"""Hostile documents for the linear-time tests and benchmarks/bench_hostile.py.

Each builder takes a size ``n`` (rows, claims, copies, repetitions) and returns report
text whose size grows linearly with ``n``. Names and numbers change from one item to the
next, so that nothing is shared by accident (a lookup that happens to hit a cache would
hide a scan). ``BUILDERS`` maps a case name to its builder and the file name it is checked
under (the suffix picks Markdown or plain text).
"""

from __future__ import annotations

from collections.abc import Callable


def _model(i: int) -> str:
    """A model number of five digits, with a letter in front past 90,000: no model is a
    prefix of another ("AX 1000" and "AX 10000" would be one product in two spellings)."""
    number = 10000 + i % 90000
    return f"{'KLMNP'[i // 90000 - 1]}{number}" if i >= 90000 else str(number)


def claim(i: int) -> str:
    """One comparative claim between two devices with both operands, about 60 characters:
    "AX 10003 hit 1111 RPS, 22% more than AX 10004 at 911 RPS." Every seventh claim is
    wrong by 5 points, so the checks report something. Claim ``i`` names devices ``i`` and
    ``i + 1``: each device is named twice, as the lexicon requires of a device under test."""
    a = 1000 + (i * 37) % 9000
    b = 500 + (i * 53) % 4000
    pct = round((a - b) / b * 100) + (5 if i % 7 == 0 else 0)
    word = "more" if pct >= 0 else "less"
    return f"AX {_model(i)} hit {a} RPS, {abs(pct)}% {word} than AX {_model(i + 1)} at {b} RPS."


def claims_in_paragraphs(n: int) -> str:
    """``n`` claims, one paragraph each."""
    return "# Results\n\n" + "\n\n".join(claim(i) for i in range(n)) + "\n"


def claims_in_one_paragraph(n: int) -> str:
    """``n`` claims in a single paragraph (line breaks inside it)."""
    return "# Results\n\n" + "\n".join(claim(i) for i in range(n)) + "\n"


def claims_on_one_line(n: int) -> str:
    """``n`` claims on one line."""
    return " ".join(claim(i) for i in range(n)) + "\n"


def claims_in_list(n: int) -> str:
    """``n`` claims, one list item each."""
    return "# Results\n\n" + "\n".join(f"- {claim(i)}" for i in range(n)) + "\n"


def claims_in_table(n: int) -> str:
    """``n`` table rows: a device label outside the lexicon, its figure and a claim."""
    rows = "\n".join(
        f"| Unit{i}k{i * 3} | {1000 + (i * 37) % 9000} | {claim(i)} |" for i in range(n)
    )
    return "| Device | Throughput (RPS) | Note |\n|---|---|---|\n" + rows + "\n"


def device_table(n: int) -> str:
    """A table with a device column of ``n`` distinct labels (every row once matched
    against every device)."""
    rows = "\n".join(f"| Dev{i}x{i * 7} | {i * 10} |" for i in range(n))
    return "| Device | Throughput (Gbps) |\n|---|---|\n" + rows + "\n"


def product_table_and_prose(n: int) -> str:
    """A device table of product-like names ("Falcon F12"), then one paragraph naming a
    third of them."""
    rows = "\n".join(f"| Falcon F{i} | {i * 10} |" for i in range(n))
    prose = " ".join(f"The Falcon F{i} reached {i * 10 + 5} Gbps." for i in range(0, n, 3))
    return "| Device | Throughput (Gbps) |\n|---|---|\n" + rows + "\n\n" + prose + "\n"


def devices_as_columns(n: int) -> str:
    """A table with one column per device and one row per metric."""
    head = "| Metric | " + " | ".join(f"Falcon F{i}" for i in range(n)) + " |\n"
    sep = "|---|" + "---|" * n + "\n"
    tput = "| Throughput (Gbps) | " + " | ".join(str(i * 10 + 1) for i in range(n)) + " |\n"
    lat = "| Latency (ms) | " + " | ".join(str(i % 90 + 2) for i in range(n)) + " |\n"
    return head + sep + tput + lat


def table_then_claims(n: int) -> str:
    """A per-watt table of ``n`` devices, then a claim about each neighbouring pair whose
    operands are in the table (every claim once searched for every row label)."""
    rows = "\n".join(
        f"| Box{i}x{i * 7} | {100 + i} | {200 + i % 50} | {round((100 + i) * 1000 / (200 + i % 50))} |"
        for i in range(n)
    )
    table = "| Device | Throughput (Mbps) | Power (W) | Mbps/Watt |\n|---|---|---|---|\n" + rows
    prose = "\n\n".join(
        f"The Box{i}x{i * 7} is {10 + i % 40}% more efficient than the Box{i + 1}x{(i + 1) * 7} "
        f"in Mbps/Watt."
        for i in range(n - 1)
    )
    return "# Efficiency\n\n" + table + "\n\n" + prose + "\n"


def many_tables(n: int) -> str:
    """``n`` sections, each with its own small power table (derived figures per section)."""
    parts = [
        f"## Power {i}\n\n| Device | Full Load | Mbps/Watt |\n|---|---|---|\n"
        f"| Granite G-{i} | {200 + i} | {60 + i % 9} |\n| Slate SX-{i} | {300 + i} | {50 + i % 7} |\n"
        for i in range(n)
    ]
    return "# Report\n\n" + "\n".join(parts)


def variants_of_one_device(n: int) -> str:
    """``n`` short-lived model numbers, each named twice right beside one device named
    throughout: every one of them is folded into it (one device with ``n`` aliases)."""
    parts = [
        f"BIG-IP 9000 and BIG-IP {_model(i)}, BIG-IP 9000 and BIG-IP {_model(i)}." for i in range(n)
    ]
    return "# Test\n\nThe BIG-IP 9000 reached 9 Gbps.\n\n" + "\n\n".join(parts) + "\n"


def long_line(n: int) -> str:
    """One line of ``n`` repetitions of "1.5x 2% 3 Gbps vs 4 Gbps " (25 characters)."""
    return "1.5x 2% 3 Gbps vs 4 Gbps " * n


# A small report: a throughput stated in the text and restated run by run, efficiency
# tables (one per power run) that derive it and disagree (A004), claims and conditions.
_POWER = """## Power, run {run}

The efficiency figures divide the measured L4 Throughput by the power drawn at full load.

| Device | Idle | Full Load | Mbps/Watt |
|---|---|---|---|
| Granite G-40 | 150 | 200 | 60 |
| Granite G-80 | 200 | 300 | 90 |
"""
REPORT = (
    """# Review: Granite G-40 and Granite G-80

## Summary

- The Granite G-80 is up to 80% faster than the Granite G-40.

## Layer 4 Throughput

The Granite G-40 reached a measured 15 Gbps of throughput with 256 KB objects and
1,000 concurrent connections over 180 seconds. In the second run the Granite G-40
reached a measured 15 Gbps again. In the third run the Granite G-40 reached a measured
15 Gbps. In the fourth run the Granite G-40 reached a measured 15 Gbps. In the fifth
run the Granite G-40 reached a measured 15 Gbps. In the sixth run the Granite G-40
reached a measured 15 Gbps.

"""
    + "\n".join(_POWER.format(run=r) for r in (1, 2, 3))
    + """
At full load the Granite G-80 drew 300 W, 29% less than the Slate SX-6 at 420 W.
"""
)


def repeated_report(n: int) -> str:
    """One small report written out ``n`` times (same names, same figures, same claims:
    the equal keys of every comparison between facts)."""
    return "\n\n".join([REPORT] * n)


BUILDERS: dict[str, tuple[Callable[[int], str], str]] = {
    "claims_in_paragraphs": (claims_in_paragraphs, "claims.md"),
    "claims_in_one_paragraph": (claims_in_one_paragraph, "claims.md"),
    "claims_on_one_line": (claims_on_one_line, "claims.txt"),
    "claims_in_list": (claims_in_list, "claims.md"),
    "claims_in_table": (claims_in_table, "claims.md"),
    "device_table": (device_table, "table.md"),
    "product_table_and_prose": (product_table_and_prose, "table.md"),
    "devices_as_columns": (devices_as_columns, "table.md"),
    "table_then_claims": (table_then_claims, "table.md"),
    "many_tables": (many_tables, "tables.md"),
    "variants_of_one_device": (variants_of_one_device, "variants.md"),
    "long_line": (long_line, "line.txt"),
    "repeated_report": (repeated_report, "report.md"),
}
