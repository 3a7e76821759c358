"""The store's questions about a report's own method (C003 reads them): invented reports."""

from claimcheck import api

LAB = """# Harrier LB and Brightgate under HTTP load

Each test passes only when it completes without errors. The Harrier LB used the
FastPath profile for all tests.

Contrary to our stated methodology, the TLS test ran with 4 KB objects.

Some labs say a run is invalid if not a single request may fail, and they always
repeat it.
"""


def test_zero_failure_rule_and_admitted_deviation():
    facts = api.extract_facts(LAB, "lab.md")
    assert [c.value for c in facts.zero_failure_criteria]
    assert all("without" in c.value or "no" in c.value.split() or "not" in c.value
               for c in facts.zero_failure_criteria)  # fmt: skip
    assert [s.text[:11] for s in facts.admitted_deviations] == ["Contrary to"]


def test_throughout_is_read_per_sentence():
    facts = api.extract_facts(LAB, "lab.md")
    assert facts.says_throughout(LAB.index("FastPath"))
    assert not facts.says_throughout(LAB.index("TLS test"))
