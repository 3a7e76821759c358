"""A labelled methodology item ("**CPS:** ...", "- RPS: ...") states that test's conditions."""

from __future__ import annotations

import claimcheck

TEXT = """# quillserve: requests and connections per second

How each test works:

- **RPS:** clients keep their connections open and fetch files of 0 KB, 1 KB and 10 KB.
- **CPS:** every request opens a new connection; the server answers with a 0-byte
  response and the connection is closed.

## Connections per second

| Workers | CPS |
|---|---|
| 1 | 31,000 |
| 4 | 118,000 |

## Requests per second

| Workers | 1 KB |
|---|---|
| 1 | 140,000 |
| 4 | 520,000 |
"""


def test_a_labelled_item_scopes_its_conditions_to_its_test():
    ex = claimcheck.extract(TEXT, "bench.md")
    # the labelled items' sizes (the "1 KB" column header states its own, for its table)
    sizes = {
        c.test: c.value for c in ex.conditions if c.name == "object_size" and c.source == "list"
    }
    assert sizes["cps"] == 0
    assert sizes["rps"] == [0, 1000, 10000]


def test_zero_byte_connection_rates_are_flagged_and_request_rates_are_not():
    lines = [f.line for f in claimcheck.check_text(TEXT, "bench.md", select="M004").findings]
    assert lines and all(12 <= line <= 16 for line in lines)
