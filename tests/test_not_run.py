"""Statements that a test was not run on a device (claimcheck.facts.notrun)."""

from claimcheck.facts.notrun import marks_not_run, not_run_span


def test_sentence_about_a_test_not_run():
    text = "The TLS tests were not conducted on the Brightgate."
    start, end = not_run_span(text)
    assert text[start:end] == "were not conducted"
    assert not_run_span("TLS 1.3 was not enabled on the Harrier LB.") is None
    assert not_run_span("The proxy was not run on bare metal.") is None  # no test word


def test_cells_that_mark_a_test_not_run():
    assert marks_not_run(" N/A ") and marks_not_run("(not tested)") and marks_not_run("DNF")
    assert not marks_not_run("41,000") and not marks_not_run("not applicable to L4")
