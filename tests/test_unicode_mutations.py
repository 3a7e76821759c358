"""Reports with look-alike letters, odd spaces and invisible marks are read, never raised on.

The first tests are the inputs that once stopped a whole report with an internal error
(a match looked up among keys that lacked its spelling). The property test mutates
small invented reports of several kinds, inserting and replacing characters that case
folding, NFKC or the segmenter treat specially, and asks that ``check`` and ``extract``
finish without an error.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck import api
from claimcheck.cli import main

WRK_HOURS = """# Kestrel-7 soak

```
Running 2h test @ http://192.0.2.10:8080/
  8 threads and 256 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2hour   310.00us   1.00hour   91.20%
    Req/Sec    11.02k     1.10k    14.90k    70.00%
  630000000 requests in 2.00h, 80.10GB read
Requests/sec:  87500.00
Transfer/sec:     11.12MB
```
"""

RUN_TABLE_HOURS = """# Brightgate proxy, long run

| Parameter | Value |
|---|---|
| Duration | 1 hour |
| Connections | 400 |
| Threads | 16 |

Brightgate served 41,200 req/s over the hour.
"""

LOOKALIKES = [
    "The Harrier LB held a mean latency of 4.1 mſ at 52,000 req/s over 200 connections.",
    "Harrier LB reached 9.4 Gbps with 64 \u212aB objects, twıce the rate of Kestrel-7.",
    "Kestrel-7 answered in 350 µs (mean), a thİrd of the time Brightgate needed: 1,050 μs.",
    "Brightgate peaked at two mıllıon sessions; the Harrier LB at one million.",
]


@pytest.mark.parametrize("text", [WRK_HOURS, RUN_TABLE_HOURS, *LOOKALIKES])
def test_inputs_that_once_raised(tmp_path, capsys, text: str) -> None:
    path = tmp_path / "report.md"
    path.write_text(text, encoding="utf-8")
    main(["check", str(path), "--format", "json"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in out + err
    assert json.loads(out)["errors"] == []
    assert main(["extract", str(path), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in out + err


SEEDS = [
    WRK_HOURS,
    RUN_TABLE_HOURS,
    # vendor page
    "# Brightgate 9000\n\n- Up to 120 Gbps firewall throughput\n- 2.4 million concurrent "
    "sessions\n- 310,000 new connections per second\n\nMeasured with 1 KB objects.\n",
    # lab review with a comparison and a table
    "## Results\n\nThe Harrier LB delivered 48,300 RPS, 21% more than Kestrel-7 at "
    "39,900 RPS (wrk -t8 -c256 -d60s).\n\n| Device | RPS | p99 (ms) |\n|---|---|---|\n"
    "| Harrier LB | 48,300 | 12.4 |\n| Kestrel-7 | 39,900 | 15.1 |\n",
    # blog with hey output
    "We ran hey -n 200000 -c 100 against the proxy.\n\nSummary:\n  Total:\t12.5000 secs\n"
    "  Slowest:\t0.2100 secs\n  Fastest:\t0.0010 secs\n  Average:\t0.0062 secs\n"
    "  Requests/sec:\t16000.0000\n\nThat is twice the throughput of last year's build.\n",
]
ODD = [
    "ſ", "\u212a", "µ", "μ", "Μ", "ı", "İ", "ß", "０", "１", "９", "\u00a0", "\u200b", "\u200c",
    "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f", "\u202e", "\u2066", "\u2069",
]  # fmt: skip


@st.composite
def mutated(draw) -> str:  # noqa: ANN001 - hypothesis' draw
    """A seed report with a few characters inserted or replaced by odd ones."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 12))):
        at = draw(st.integers(0, len(text)))
        odd = draw(st.sampled_from(ODD))
        if draw(st.booleans()) and at < len(text):
            text = text[:at] + odd + text[at + 1 :]
        else:
            text = text[:at] + odd + text[at:]
    return text


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mutated(), name=st.sampled_from(["r.md", "r.txt"]))
def test_mutated_reports_never_raise(text: str, name: str) -> None:
    result = api.check_text(text, name)
    assert result.errors == []
    api.extract(text, name)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mutated())
def test_mutated_reports_never_raise_as_html(text: str) -> None:
    result = api.check_data(text.encode("utf-8"), "r.html")
    assert result.errors == []
