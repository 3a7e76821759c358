"""Where a condition holds (one footnote's row, one measured test, the report's own
setup) and what a figure is (its role), for the metric, crypto, power, naming and
testbed rules: own phrasings with invented products, bad and good in several genres."""

from __future__ import annotations

import claimcheck


def findings(text: str, name: str = "case.md") -> list:
    return claimcheck.check_text(text, name=name).findings


def codes(text: str, name: str = "case.md") -> set[str]:
    return {f.rule for f in findings(text, name)}


def lines(text: str, code: str) -> list[int]:
    return sorted(f.line for f in findings(text) if f.rule == code)


# -- footnotes bind to the row they mark ---------------------------------------------------

DATASHEET = """# Corrin CX-40 load balancer

## Performance

| Metric | Corrin CX-40 |
|---|---|
| Layer 7 requests per second | 1,500,000 ¹ |
| Layer 4 connections per second | 700,000 ² |
| SSL transactions per second | 60,000 ³ |

¹ Keep-alive clients, 40 requests per client connection, 512-byte objects.
² One request per connection, 512-byte objects.
³ 2048-bit RSA keys, one request per TLS connection, no session resumption.
"""


def test_a_footnote_holds_for_its_row_only():
    # the 40 requests per connection of the L7 row do not reach the L4 CPS row
    assert "M003" not in codes(DATASHEET)
    assert "M001" not in codes(DATASHEET)


def test_bracketed_notes_in_one_paragraph_are_one_note_each():
    # "[1] ...", "[2] ..." on consecutive lines are one paragraph: each line is its own note
    text = DATASHEET.replace("¹", "[1]").replace("²", "[2]").replace("³", "[3]")
    assert "M003" not in codes(text)
    bad = text.replace("[2] One request per connection", "[2] 25 requests per connection")
    assert lines(bad, "M003") == [8]


def test_a_footnote_still_binds_its_own_row():
    bad = DATASHEET.replace("² One request per connection", "² 25 requests per connection")
    assert lines(bad, "M003") == [8]


def test_a_tcp_only_virtual_server_is_layer_4_for_the_marked_l7_row():
    bad = DATASHEET.replace("¹ Keep-alive clients,", "¹ Measured on a TCP-only virtual server,")
    assert lines(bad, "M002") == [7]
    assert "M002" not in codes(DATASHEET)
