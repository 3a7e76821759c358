"""S012 fires where the rate of a run that logged failures is restated without its error
counts (a summary table, a sentence, a comparison), never on the tool output that prints the
counts beside the rate. Invented products throughout."""

from __future__ import annotations

import claimcheck
from claimcheck.extract.runs.outputs import parse_ab


def wrk_block(rate: str, errors: str = "") -> str:
    return (
        "```\nRunning 1m test @ http://10.0.0.9/\n  4 threads and 256 connections\n"
        f"  2300000 requests in 1.00m, 1.1GB read\n{errors}Requests/sec:  {rate}\n```\n"
    )


TIMEOUTS = "  Socket errors: connect 0, read 0, write 0, timeout 1204\n"


def s012(text: str) -> list[tuple[int, str]]:
    found = claimcheck.check_text(text, "bench.md", select="S012").findings
    return [(f.line, f.message) for f in found]


def test_readme_summary_table_without_an_errors_column():
    text = (
        "| Gateway | Req/s |\n|---|---|\n| Kestrel-7 | 38,900.12 |\n| Brightgate | 41,200.50 |\n\n"
        "## Kestrel-7\n\n"
        + wrk_block("38900.12", TIMEOUTS)
        + "\n## Brightgate\n\n"
        + wrk_block("41200.50")
    )
    ((line, message),) = s012(text)
    assert line == 3 and "1,204 timeouts" in message


def test_blog_prose_quotes_the_rate_of_a_run_with_errors():
    text = (
        "Brightgate peaked at 41,200 requests per second while Kestrel-7 managed 38,900.\n\n"
        "## Raw output\n\nKestrel-7:\n\n" + wrk_block("38900.12", TIMEOUTS)
    )
    ((line, _),) = s012(text)
    assert line == 1


def test_review_error_count_in_a_later_sentence_of_its_own():
    text = (
        "The Wivel W-2 reached 52,000 requests per second and the Yate Y-5 reached 58,000 "
        "requests per second. The Yate Y-5 run logged 4,200 timeouts."
    )
    assert len(s012(text)) == 1


def test_raw_output_alone_prints_the_count_beside_the_rate():
    text = (
        "The wrk output was as follows. There were 2.3M requests with 1,204 timeouts in total.\n\n"
        + wrk_block("38900.12", TIMEOUTS)
    )
    assert s012(text) == []


def test_table_with_an_errors_column_sets_the_counts_beside():
    text = (
        "| Gateway | Req/s | Timeouts |\n|---|---|---|\n| Kestrel-7 | 38,900.12 | 1,204 |\n"
        "| Brightgate | 41,200.50 | 0 |\n\n## Kestrel-7\n\n" + wrk_block("38900.12", TIMEOUTS)
    )
    assert s012(text) == []


def test_sentence_that_quotes_rate_and_failures_together():
    text = (
        "Kestrel-7 reached 38,900 requests per second, with 1,204 socket timeouts.\n\n"
        + wrk_block("38900.12", TIMEOUTS)
    )
    assert s012(text) == []


def test_failures_left_out_of_the_rates():
    text = (
        "Failed requests were excluded from the rates; Kestrel-7 reached 38,900 requests per "
        "second.\n\n" + wrk_block("38900.12", TIMEOUTS)
    )
    assert s012(text) == []


AB_LENGTH = """\
Concurrency Level:      10
Complete requests:      100000
Failed requests:        52
   (Connect: 0, Receive: 0, Length: 52, Exceptions: 0)
Requests per second:    4120.33 [#/sec] (mean)
"""


def test_ab_length_failures_are_not_failed_requests():
    run = parse_ab(AB_LENGTH, 0)
    assert run is not None and run.error_count() == 0
    text = "The Harrier LB served 4,120 requests per second.\n\n```\n" + AB_LENGTH + "```\n"
    assert s012(text) == []


def test_ab_connect_failures_count():
    run = parse_ab(AB_LENGTH.replace("Connect: 0", "Connect: 7"), 0)
    assert run is not None and run.error_count() == 7


def test_errors_of_others_runs_are_not_the_reports():
    text = (
        "The Harrier LB reached 41,000 requests per second. Several public reviews quote "
        "runs of the Harrier LB that logged 3,000 timeouts."
    )
    assert s012(text) == []
