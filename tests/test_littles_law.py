"""A006 read by what each tool prints: the closed-loop bounds of wrk's corrected latency
(checked against a simulation of its correction), rates that count errors the mean leaves out,
per-thread rates, and prose. Every product name is invented."""

from __future__ import annotations

import math
import random

import pytest

import claimcheck
from claimcheck.closedloop import (
    CorrectedRun,
    corrected_excess_unexplained,
    corrected_mean_bound,
    group_size,
    group_sum,
    share_above_twice,
    variance_floor,
)
from claimcheck.extract.runs.outputs import output_run

# --- a simulation of wrk's correction ------------------------------------------------------


def corrected(samples: list[float], interval: float) -> list[float]:
    """The values wrk prints from observed ``samples``: each one above twice the interval
    brings companions at x - w, x - 2w, ... while they stay above w."""
    out = list(samples)
    for x in samples:
        if x > 2 * interval:
            m = x - interval
            while m > interval:
                out.append(m)
                m -= interval
    return out


def stats(values: list[float]) -> tuple[float, float, float, float]:
    """mean, sample stdev, max and median as wrk prints them."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    ordered = sorted(values)
    return mean, sd, ordered[-1], ordered[round(0.5 * n + 0.5) - 1]


def law_abiding_run(seed: int, tail: float, top: float) -> tuple[list[float], float]:
    """Observed latencies of a closed loop whose mean is exactly its budget (1.0): mostly
    fast, a share ``tail`` slow up to ``top``. Returns the samples and the budget."""
    rng = random.Random(seed)
    raw = [rng.uniform(0.5 * top, top) if rng.random() < tail else rng.expovariate(4.0)
           for _ in range(4000)]  # fmt: skip
    scale = 1.0 / (sum(raw) / len(raw))
    return [min(x * scale, top) for x in raw], 1.0


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("tail", [0.0, 0.01, 0.03, 0.08])
def test_no_simulated_law_abiding_run_is_flagged(seed: int, tail: float) -> None:
    samples, b = law_abiding_run(seed, tail, top=6.0 + seed * 3)
    mean_obs = sum(samples) / len(samples)
    assert mean_obs <= b * 1.0001
    values = corrected(samples, b)
    mean, sd, top, median = stats(values)
    run = CorrectedRun(mean=mean, budget_s=b, interval=b, max_latency=top, stdev=sd,
                       percentiles={50.0: median})  # fmt: skip
    assert corrected_excess_unexplained(run, tolerance=1.0) is None
    assert mean <= corrected_mean_bound(b, b, top) + 1e-9
    above = sum(v > 2 * b for v in values) / len(values)
    assert above <= share_above_twice(b, b, top) + 1e-9
    assert sd**2 >= variance_floor(b, b, mean) - 1e-9


def test_the_quarter_of_the_max_is_reached_by_a_two_point_run() -> None:
    """One sample in ``X/b`` at the max, the rest at 0: the corrected mean comes close to
    the bound, about X/4."""
    b, top = 1.0, 40.0
    k = 40
    samples = [top] + [0.0] * (k - 1)  # mean exactly b
    mean = sum(corrected(samples, b)) / len(corrected(samples, b))
    bound = corrected_mean_bound(b, b, top)
    assert 0.95 * bound <= mean <= bound + 1e-9
    assert 9.5 < bound < 11.0  # X/4 = 10


def test_group_of_a_sample() -> None:
    assert group_size(1.5, 1.0) == 1 and group_sum(1.5, 1.0) == 1.5
    assert group_size(3.5, 1.0) == 3  # 3.5, 2.5, 1.5
    assert group_sum(3.5, 1.0) == pytest.approx(7.5)
    assert group_size(2.0, 1.0) == 1  # x - w is not above w


def test_within_the_budget_is_never_flagged() -> None:
    run = CorrectedRun(mean=0.9, budget_s=1.0, interval=1.0, max_latency=1.0, stdev=0.0)
    assert corrected_excess_unexplained(run) is None


def test_nothing_to_correct_leaves_the_plain_law() -> None:
    # max below twice the interval: wrk adds nothing, so the printed mean is the observed one
    run = CorrectedRun(mean=1.5, budget_s=1.0, interval=1.0, max_latency=1.9)
    assert "at most" in (corrected_excess_unexplained(run) or "")


def test_mean_above_the_quarter_of_the_max_is_flagged() -> None:
    run = CorrectedRun(mean=0.2, budget_s=0.01, interval=0.01, max_latency=0.3)
    assert "max" in (corrected_excess_unexplained(run) or "")


def test_median_above_twice_the_interval_is_flagged() -> None:
    run = CorrectedRun(mean=0.03, budget_s=0.01, interval=0.01, max_latency=2.0,
                       percentiles={50.0: 0.025, 99.0: 1.5})  # fmt: skip
    assert "p50" in (corrected_excess_unexplained(run) or "")


def test_narrow_spread_is_flagged() -> None:
    run = CorrectedRun(mean=0.021, budget_s=0.0032, interval=0.0032, max_latency=0.1, stdev=0.005)
    assert corrected_excess_unexplained(run) is not None
    wide = CorrectedRun(mean=0.021, budget_s=0.0032, interval=0.0032, max_latency=0.1,
                        stdev=0.03)  # fmt: skip
    assert corrected_excess_unexplained(wide) is None


# --- documents ---------------------------------------------------------------------------------


def a006(text: str, name: str = "t.md") -> list[str]:
    """The messages of the A006 findings of a document."""
    return [f.message for f in claimcheck.check_text(text, name=name, select="A006").findings]


WRK_OUT = """\
# Thornbury 4 under load

```
$ wrk -t4 -c{conns} -d30s --latency http://10.9.0.4/
Running 30s test @ http://10.9.0.4/
  4 threads and {conns} connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   {mean}   {sd}  {top}   80.00%
    Req/Sec     2.00k   150.00     2.50k    70.00%
  Latency Distribution
     50%   {p50}
     75%    9.00ms
     90%   30.00ms
     99%  400.00ms
  240000 requests in 30.00s, 30.00MB read
Requests/sec:   8000.00
Transfer/sec:      1.00MB
```
"""


def test_wrk_long_tail_mean_is_not_an_accusation() -> None:
    # 8000 x 9 ms = 72 in flight on 40 connections, but the tail to 1.6 s explains it
    text = WRK_OUT.format(conns=40, mean="9.00ms", sd="70.00ms", top="1.60s", p50="3.10ms")
    assert a006(text) == []


def test_wrk_median_beyond_any_correction_is_reported() -> None:
    # the interval is 5 ms; a median of 14 ms puts half the printed values above 10 ms
    text = WRK_OUT.format(conns=40, mean="16.00ms", sd="70.00ms", top="1.60s", p50="14.00ms")
    (msg,) = a006(text)
    assert "coordinated omission" in msg and "p50" in msg


def test_wrk_narrow_output_is_reported() -> None:
    text = WRK_OUT.format(conns=40, mean="25.00ms", sd="3.00ms", top="60.00ms", p50="3.10ms")
    assert len(a006(text)) == 1


def test_wrk_per_thread_rate_in_a_table_is_not_the_run_rate() -> None:
    text = """\
`wrk -t8 -c64 -d60s http://10.2.0.1/` against each of the Fallowmere nodes.

| Node | Latency Avg | Req/Sec Avg |
|---|---|---|
| fallow-a | 40.00 ms | 1.90k |
"""
    assert a006(text) == []


def test_wrk_per_thread_words_in_any_head() -> None:
    text = """\
`hey -c 64 -z 60s http://10.2.0.1/` against each Fallowmere node.

| Node | Mean latency | Requests/sec per thread |
|---|---|---|
| fallow-a | 40.00 ms | 19,000 |
"""
    assert a006(text) == []


def test_wrk2_fixed_rate_output_is_never_judged() -> None:
    text = """\
```
$ wrk2 -t2 -c20 -d60s -R30000 http://10.9.0.4/
Running 1m test @ http://10.9.0.4/
  2 threads and 20 connections
  Thread calibration: mean lat.: 900.000ms, rate sampling interval: 2000ms
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   900.00ms   10.00ms 950.00ms   70.00%
    Req/Sec    15.00k   100.00    16.00k    70.00%
  1800000 requests in 1.00m, 100.00MB read
Requests/sec:  30000.00
```
"""
    assert a006(text) == []


def test_wrk2_calibration_line_names_the_tool() -> None:
    out = """\
Running 1m test @ http://10.9.0.4/
  2 threads and 20 connections
  Thread calibration: mean lat.: 1.200ms, rate sampling interval: 10ms
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.20ms  300.00us   9.00ms   70.00%
    Req/Sec     5.00k   100.00     6.00k    70.00%
  600000 requests in 1.00m, 100.00MB read
Requests/sec:  10000.00
"""
    run = output_run(out)
    assert run is not None and run.tool == "wrk2"


HEY_OUT = """\
Saltmarsh API gateway, default route.

```
$ hey -c {conns} -z 30s http://10.4.0.2/v1/ping

Summary:
  Total:	30.0020 secs
  Slowest:	2.4000 secs
  Fastest:	0.0010 secs
  Average:	{avg} secs
  Requests/sec:	{rps}

Status code distribution:
  [200]	{ok} responses
{errors}
```
"""


def test_hey_observed_latency_over_the_law_is_reported() -> None:
    # 5000 req/s x 0.04 s = 200 in flight on 50 connections
    text = HEY_OUT.format(conns=50, avg="0.0400", rps="5000.0000", ok=150000, errors="")
    (msg,) = a006(text)
    assert "200 requests in flight" in msg and "pipelin" in msg


def test_hey_within_the_law_is_silent() -> None:
    text = HEY_OUT.format(conns=50, avg="0.0090", rps="5000.0000", ok=150000, errors="")
    assert a006(text) == []


def test_hey_errors_counted_in_the_rate_are_taken_out() -> None:
    # 5000 req/s counts 135,000 errors; the 0.04 s mean covers 15,000 answers: 20 in flight
    errors = (
        "\nError distribution:\n  [135000]\tGet http://10.4.0.2/v1/ping: context deadline exceeded"
    )
    text = HEY_OUT.format(conns=50, avg="0.0400", rps="5000.0000", ok=15000, errors=errors)
    assert a006(text) == []


def test_hey_errors_that_do_not_explain_it_still_report() -> None:
    errors = "\nError distribution:\n  [1500]\tGet http://10.4.0.2/v1/ping: connection reset"
    text = HEY_OUT.format(conns=50, avg="0.0400", rps="5000.0000", ok=148500, errors=errors)
    (msg,) = a006(text)
    assert "its mean covers" in msg


def test_oha_success_rate_gives_the_share_the_mean_covers() -> None:
    text = """\
```
$ oha -c 4000 -z 60s https://10.6.0.3/
Summary:
  Success rate:	10.00%
  Total:	60.0010 secs
  Slowest:	40.0000 secs
  Fastest:	0.0200 secs
  Average:	18.0000 secs
  Requests/sec:	2000.0000

Status code distribution:
  [200] 12000 responses

Error distribution:
  [108000] operation timed out
```
"""
    run = output_run(text.split("```")[1].split("\n", 2)[2])
    assert run is not None and run.tool == "oha"
    assert run.results["success_rate"].value == pytest.approx(0.10)
    assert a006(text) == []  # 2000 x 0.1 x 18 s = 3,600 in flight on 4,000 connections


def test_ab_time_per_request_is_littles_law_itself() -> None:
    text = """\
```
$ ab -n 100000 -c 100 http://10.1.1.1/
Concurrency Level:      100
Time taken for tests:   10.000 seconds
Complete requests:      100000
Failed requests:        0
Requests per second:    10000.00 [#/sec] (mean)
Time per request:       10.000 [ms] (mean)
Time per request:       0.100 [ms] (mean, across all concurrent requests)
```
"""
    assert a006(text) == []


def test_table_of_observed_tool_rows_with_timeouts_and_unknown_duration_is_skipped() -> None:
    text = """\
Load came from oha with 1,000 concurrent connections.

| Proxy | avg ms | avg rps | timeout |
|---|---|---|---|
| Wrenfield | 900.00 | 4,000.00 | 80000 |
"""
    assert a006(text) == []
    clean = text.replace("80000", "0")
    assert len(a006(clean)) == 1  # 3,600 in flight on 1,000 connections, nothing left out


def test_prose_without_any_tool_keeps_the_plain_law() -> None:
    text = "Running on 800 connections, the Pellwick 2 answered 30,000 req/s with an average latency of 90 ms.\n"
    assert len(a006(text)) == 1


def test_prose_in_a_wrk_document_is_read_as_corrected() -> None:
    text = (
        "All numbers come from `wrk -t8 -c800 -d60s http://10.0.0.5/`.\n\n"
        "Running on 800 connections, the Pellwick 2 answered 30,000 req/s with an average "
        "latency of 90 ms.\n"
    )
    assert a006(text) == []  # a tail up to wrk's 2 s timeout explains 90 ms
    far = text.replace("90 ms", "900 ms")
    assert len(a006(far)) == 1  # no tail under 2 s lifts the mean to 900 ms
