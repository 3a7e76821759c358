"""Parsers of load-tool commands and printed summaries (claimcheck.extract.runs), on output
written in each tool's documented layout with invented figures."""

from __future__ import annotations

import pytest

from claimcheck.extract.runs.commands import command_runs
from claimcheck.extract.runs.outputs import output_run, stat_name
from claimcheck.extract.runs.values import bytes_per_second, duration, number, seconds

WRK = """\
Running 30s test @ http://10.1.1.5:8080/index.html
  12 threads and 400 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   635.91us    0.89ms  12.92ms   93.69%
    Req/Sec    56.20k     8.07k   62.00k    86.54%
  Latency Distribution
     50%  250.00us
     75%  491.00us
     90%  700.00us
     99%    5.80ms
  22464657 requests in 30.00s, 17.76GB read
  Socket errors: connect 0, read 12, write 0, timeout 41
  Non-2xx or 3xx responses: 3312
Requests/sec: 748868.53
Transfer/sec:    606.33MB
"""

WRK2 = """\
Running 1m test @ http://127.0.0.1:80/
  2 threads and 100 connections
  Thread calibration: mean lat.: 1.213ms, rate sampling interval: 10ms
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.21ms  606.00us   9.98ms   71.23%
    Req/Sec     1.05k    98.22     1.55k    77.01%
  Latency Distribution (HdrHistogram - Recorded Latency)
 50.000%    1.16ms
 99.000%    3.02ms
#[Mean    =        1.213, StdDeviation   =        0.606]
  119802 requests in 1.00m, 41.12MB read
Requests/sec:   1996.61
Transfer/sec:    701.88KB
"""

AB = """\
This is ApacheBench, Version 2.3 <$Revision: 1903618 $>
Benchmarking 10.0.0.9 (be patient)

Server Software:        quillserve/2.1
Concurrency Level:      50
Time taken for tests:   4.120 seconds
Complete requests:      20000
Failed requests:        17
   (Connect: 0, Receive: 0, Length: 17, Exceptions: 0)
Non-2xx responses:      9
Total transferred:      16880000 bytes
Requests per second:    4854.37 [#/sec] (mean)
Time per request:       10.300 [ms] (mean)
Time per request:       0.206 [ms] (mean, across all concurrent requests)
Transfer rate:          4001.33 [Kbytes/sec] received

Connection Times (ms)
              min  mean[+/-sd] median   max
Connect:        0    1   0.4      1       4
Total:          2   10   2.1     10      31

Percentage of the requests served within a certain time (ms)
  50%     10
  90%     13
  99%     19
 100%     31 (longest request)
"""

HEY = """\
Summary:
  Total:\t10.0213 secs
  Slowest:\t0.2114 secs
  Fastest:\t0.0011 secs
  Average:\t0.0246 secs
  Requests/sec:\t2031.7722

  Total data:\t2036000 bytes

Response time histogram:
  0.001 [1]\t|
  0.022 [15210]\t|■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■

Latency distribution:
  10% in 0.0101 secs
  50% in 0.0213 secs
  99% in 0.0912 secs

Status code distribution:
  [200]\t20150 responses
  [503]\t211 responses

Error distribution:
  [3]\tGet "http://10.0.0.9/": dial tcp 10.0.0.9:80: connect: connection refused
"""

OHA = """\
Summary:
  Success rate:\t100.00%
  Total:\t5.0021 secs
  Slowest:\t0.0410 secs
  Fastest:\t0.0002 secs
  Average:\t0.0049 secs
  Requests/sec:\t10201.1180

Response time distribution:
  10.00% in 0.0021 secs
  50.00% in 0.0045 secs
  99.00% in 0.0161 secs

Status code distribution:
  [200] 51027 responses
"""

H2LOAD = """\
starting benchmark...
spawning thread #0: 100 total client(s). 200000 total requests
finished in 4.21s, 47505.94 req/s, 11.52MB/s
requests: 200000 total, 200000 started, 200000 done, 199120 succeeded, 880 failed, 880 errored, 12 timeout
status codes: 199120 2xx, 0 3xx, 0 4xx, 0 5xx
traffic: 48.51MB (50862114) total, 2.29MB (2400000) headers (space savings 90.41%), 44.06MB (46200000) data
                     min         max         mean         sd        +/- sd
time for request:      301us     98.21ms     20.12ms      7.33ms    70.12%
time for connect:     1.12ms     12.40ms      5.81ms      3.02ms    61.00%
"""

AUTOCANNON = """\
Running 10s test @ http://localhost:3100
100 connections with 10 pipelining factor

┌─────────┬──────┬──────┬───────┬───────┬─────────┬─────────┬────────┐
│ Stat    │ 2.5% │ 50%  │ 97.5% │ 99%   │ Avg     │ Stdev   │ Max    │
├─────────┼──────┼──────┼───────┼───────┼─────────┼─────────┼────────┤
│ Latency │ 8 ms │ 9 ms │ 21 ms │ 26 ms │ 10.4 ms │ 3.81 ms │ 121 ms │
└─────────┴──────┴──────┴───────┴───────┴─────────┴─────────┴────────┘
┌───────────┬─────────┬─────────┬─────────┬─────────┬──────────┬─────────┬─────────┐
│ Stat      │ 1%      │ 2.5%    │ 50%     │ 97.5%   │ Avg      │ Stdev   │ Min     │
├───────────┼─────────┼─────────┼─────────┼─────────┼──────────┼─────────┼─────────┤
│ Req/Sec   │ 81023   │ 81023   │ 95231   │ 97120   │ 94012.8  │ 4101.22 │ 81002   │
├───────────┼─────────┼─────────┼─────────┼─────────┼──────────┼─────────┼─────────┤
│ Bytes/Sec │ 14.3 MB │ 14.3 MB │ 16.8 MB │ 17.1 MB │ 16.5 MB  │ 721 kB  │ 14.3 MB │
└───────────┴─────────┴─────────┴─────────┴─────────┴──────────┴─────────┴─────────┘

Req/Bytes counts sampled once per second.
# of samples: 10

941k requests in 10.02s, 165 MB read
27 errors (5 timeouts)
"""

BOMBARDIER = """\
Bombarding http://10.2.0.4:8080 for 30s using 250 connection(s)
[================================================================] 30s
Done!
Statistics        Avg      Stdev        Max
  Reqs/sec     61210.44    4410.12   70013.20
  Latency        4.08ms   612.55us    51.20ms
  HTTP codes:
    1xx - 0, 2xx - 1830012, 3xx - 0, 4xx - 0, 5xx - 402
    others - 7
  Throughput:    13.11MB/s
"""

VEGETA = """\
Requests      [total, rate, throughput]         30000, 1000.03, 999.71
Duration      [total, attack, wait]             30.009s, 29.999s, 9.8ms
Latencies     [min, mean, 50, 90, 95, 99, max]  410.2µs, 2.31ms, 1.9ms, 3.8ms, 4.6ms, 9.2ms, 61.04ms
Bytes In      [total, mean]                     3900000, 130.00
Bytes Out     [total, mean]                     0, 0.00
Success       [ratio]                           99.90%
Status Codes  [code:count]                      200:29970  502:30
Error Set:
502 Bad Gateway
"""

VEGETA_OLD = """\
Requests      [total, rate]            6000, 100.02
Duration      [total, attack, wait]    1m0s, 59.99s, 1.1ms
Latencies     [mean, 50, 95, 99, max]  1.4ms, 1.2ms, 2.3ms, 4.1ms, 19.8ms
Status Codes  [code:count]             200:6000
"""

K6 = """\
  scenarios: (100.00%) 1 scenario, 50 max VUs, 1m30s max duration (incl. graceful stop):
           * default: 50 looping VUs for 1m0s (gracefulStop: 30s)

     http_req_duration..............: avg=12.21ms  min=1.02ms   med=10.4ms  max=311.9ms p(90)=20.1ms  p(95)=25.82ms
     http_req_failed................: 0.41%   ✓ 1022       ✗ 247011
     http_reqs......................: 248033  4133.882/s
     vus............................: 50      min=50       max=50
     vus_max........................: 50      min=50       max=50
"""

JMETER = """\
summary +  61020 in 00:00:30 = 2034.0/s Avg:    24 Min:     1 Max:   412 Err:     3 (0.00%) Active: 50 Started: 50 Finished: 0
summary = 244210 in 00:02:00 = 2035.1/s Avg:    24 Min:     1 Max:   590 Err:    12 (0.00%)
"""

LOCUST = """\
Type     Name                                # reqs      # fails |    Avg     Min     Max    Med |   req/s  failures/s
--------|----------------------------------|-------|-------------|-------|-------|-------|-------|--------|-----------
GET      /catalog                             41210    14(0.03%) |     48       3     902     41 |  686.83        0.23
--------|----------------------------------|-------|-------------|-------|-------|-------|-------|--------|-----------
         Aggregated                           41210    14(0.03%) |     48       3     902     41 |  686.83        0.23
"""


def _v(run, key):  # noqa: ANN001, ANN202
    return run.results[key].value


def test_values_keep_suffixes_and_units() -> None:
    assert number("56.20k") == pytest.approx(56200)
    assert number("1.2M") == pytest.approx(1.2e6)
    assert number("2,723.20") == pytest.approx(2723.2)
    assert seconds("635.91us") == pytest.approx(635.91e-6)
    assert seconds("2,723.20 ms") == pytest.approx(2.7232)
    assert seconds("1m30s") == pytest.approx(90)
    assert seconds("410.2µs") == pytest.approx(410.2e-6)
    assert duration("60s") == 60 and duration("1m") == 60 and duration("40") == 40
    assert bytes_per_second("606.33MB") == pytest.approx(606.33e6)
    assert (
        stat_name("Avg") == "mean" and stat_name("97.5%") == "p97_5" and stat_name("p(95)") == "p95"
    )
    assert stat_name("sd") == "stdev" and stat_name("med") == "p50"


def test_wrk_output_reads_thread_stats_by_header_and_errors() -> None:
    run = output_run(WRK)
    assert run.tool == "wrk"
    assert run.threads.value == 12 and run.connections.value == 400 and run.duration.value == 30
    assert _v(run, "latency_mean") == pytest.approx(635.91e-6)
    assert _v(run, "latency_stdev") == pytest.approx(0.89e-3)
    assert _v(run, "latency_max") == pytest.approx(12.92e-3)
    assert _v(run, "thread_rps_mean") == pytest.approx(56200)  # per thread, kept apart from rps
    assert _v(run, "rps") == pytest.approx(748868.53)
    assert _v(run, "latency_p99") == pytest.approx(5.8e-3)
    assert run.errors["timeout"].value == 41 and run.errors["read"].value == 12
    assert run.errors["non_2xx"].value == 3312
    assert run.total_requests.value == 22464657
    assert WRK[run.results["rps"].start : run.results["rps"].end] == "748868.53"


def test_wrk2_output_is_recognised() -> None:
    run = output_run(WRK2)
    assert run.tool == "wrk2"
    assert run.duration.value == 60
    assert _v(run, "latency_p99") == pytest.approx(3.02e-3)
    assert _v(run, "rps") == pytest.approx(1996.61)


def test_ab_output() -> None:
    run = output_run(AB)
    assert run.tool == "ab" and run.connections.value == 50 and run.keepalive is False
    assert _v(run, "rps") == pytest.approx(4854.37)
    assert _v(run, "latency_mean") == pytest.approx(10.3e-3)  # the first "Time per request"
    assert _v(run, "latency_max") == pytest.approx(31e-3)
    # the 17 "Failed requests" are all Length failures (a response size unlike the first):
    # no failed request; the 9 non-2xx responses are
    assert run.errors["failed"].value == 0 and run.errors["non_2xx"].value == 9


def test_hey_and_oha_output() -> None:
    run = output_run(HEY)
    assert run.tool == "hey"
    assert _v(run, "rps") == pytest.approx(2031.7722)
    assert _v(run, "latency_mean") == pytest.approx(0.0246)
    assert _v(run, "latency_max") == pytest.approx(0.2114)
    assert _v(run, "latency_p99") == pytest.approx(0.0912)
    assert run.errors["non_2xx"].value == 211 and run.errors["errors"].value == 3
    oha = output_run(OHA)
    assert oha.tool == "oha" and _v(oha, "latency_p99") == pytest.approx(0.0161)
    assert not oha.errors


def test_h2load_reads_min_max_mean_sd_in_its_order() -> None:
    run = output_run(H2LOAD)
    assert run.tool == "h2load" and run.connections.value == 100
    assert _v(run, "latency_min") == pytest.approx(301e-6)
    assert _v(run, "latency_max") == pytest.approx(98.21e-3)
    assert _v(run, "latency_mean") == pytest.approx(20.12e-3)  # never the max
    assert _v(run, "latency_stdev") == pytest.approx(7.33e-3)
    assert _v(run, "rps") == pytest.approx(47505.94)
    assert run.errors["failed"].value == 880 and run.errors["timeout"].value == 12
    assert run.error_count() == 880  # errored and timeouts are parts of failed


def test_autocannon_tables_by_their_heads() -> None:
    run = output_run(AUTOCANNON)
    assert run.tool == "autocannon"
    assert run.connections.value == 100 and run.pipelining.value == 10
    assert _v(run, "rps") == pytest.approx(94012.8)
    assert _v(run, "latency_mean") == pytest.approx(10.4e-3)
    assert _v(run, "latency_p97_5") == pytest.approx(21e-3)
    assert _v(run, "latency_max") == pytest.approx(0.121)
    assert run.total_requests.value == 941000
    assert run.errors["errors"].value == 27 and run.errors["timeout"].value == 5


def test_bombardier_output() -> None:
    run = output_run(BOMBARDIER)
    assert run.tool == "bombardier" and run.connections.value == 250 and run.duration.value == 30
    assert _v(run, "rps") == pytest.approx(61210.44)
    assert _v(run, "latency_mean") == pytest.approx(4.08e-3)
    assert _v(run, "latency_stdev") == pytest.approx(612.55e-6)
    assert run.errors["non_2xx"].value == 402 and run.errors["errors"].value == 7


def test_vegeta_reads_columns_by_the_names_in_brackets() -> None:
    run = output_run(VEGETA)
    assert run.tool == "vegeta" and run.rate.value == pytest.approx(1000.03)
    assert _v(run, "rps") == pytest.approx(999.71)
    assert _v(run, "latency_min") == pytest.approx(410.2e-6)
    assert _v(run, "latency_mean") == pytest.approx(2.31e-3)
    assert _v(run, "latency_max") == pytest.approx(61.04e-3)
    assert run.errors["non_2xx"].value == 30
    old = output_run(VEGETA_OLD)
    assert _v(old, "latency_mean") == pytest.approx(1.4e-3)
    assert _v(old, "latency_p95") == pytest.approx(2.3e-3)
    assert "latency_min" not in old.results


def test_k6_summary() -> None:
    run = output_run(K6)
    assert run.tool == "k6" and run.connections.value == 50
    assert _v(run, "latency_mean") == pytest.approx(12.21e-3)
    assert _v(run, "latency_p50") == pytest.approx(10.4e-3)
    assert _v(run, "latency_p95") == pytest.approx(25.82e-3)
    assert _v(run, "rps") == pytest.approx(4133.882)
    assert run.errors["failed"].value == 1022


def test_jmeter_and_locust_summaries() -> None:
    run = output_run(JMETER)
    assert run.tool == "jmeter" and _v(run, "rps") == pytest.approx(2035.1)
    assert _v(run, "latency_mean") == pytest.approx(0.024) and run.errors["failed"].value == 12
    loc = output_run(LOCUST)
    assert loc.tool == "locust" and _v(loc, "rps") == pytest.approx(686.83)
    assert _v(loc, "latency_mean") == pytest.approx(0.048) and loc.errors["failed"].value == 14


def test_plain_text_is_no_output() -> None:
    assert output_run("The proxy answered every request.\nNothing else happened.") is None
    assert output_run("") is None


@pytest.mark.parametrize(
    ("command", "tool", "expected"),
    [
        ("wrk -t8 -c256 -d2m http://edge:8080/", "wrk",
         {"threads": 8, "connections": 256, "duration": 120}),
        ("wrk http://edge:8080/", "wrk", {"threads": 2, "connections": 10, "duration": 10}),
        ("wrk2 -t2 -c100 -d30s -R20000 http://edge/", "wrk2", {"connections": 100, "rate": 20000}),
        ("ab -n 10000 -c 50 -k http://edge/", "ab", {"connections": 50, "requests": 10000}),
        ("hey -n 50000 -c 200 http://edge/", "hey", {"connections": 200, "requests": 50000}),
        ("hey -z 30s http://edge/", "hey", {"connections": 50, "duration": 30}),
        ("oha -z 20s -c 64 http://edge/", "oha", {"connections": 64, "duration": 20}),
        ("h2load -n100000 -c100 -m10 https://edge/", "h2load",
         {"connections": 100, "streams": 10, "requests": 100000, "threads": 1}),
        ("autocannon -c 64 -d 25 -p 8 localhost:4100", "autocannon",
         {"connections": 64, "duration": 25, "pipelining": 8}),
        ("autocannon http://localhost:3000", "autocannon",
         {"connections": 10, "duration": 10, "pipelining": 1}),
        ("bombardier -c 300 -d 45s http://edge/", "bombardier", {"connections": 300, "duration": 45}),
        ("bombardier http://edge/", "bombardier", {"connections": 125, "duration": 10}),
        ("vegeta attack -rate=500 -duration=60s", "vegeta", {"rate": 500, "duration": 60}),
        ("k6 run --vus 40 --duration 2m script.js", "k6", {"connections": 40, "duration": 120}),
        ("locust --headless -u 300 -r 20 -t 5m -H http://edge", "locust",
         {"connections": 300, "duration": 300}),
    ],
)  # fmt: skip
def test_command_lines_with_defaults(command: str, tool: str, expected: dict) -> None:
    (run,) = command_runs(command)
    assert run.tool == tool
    for name, value in expected.items():
        assert getattr(run, name).value == pytest.approx(value), name


def test_command_defaults_are_marked_and_flags_spanned() -> None:
    (run,) = command_runs("$ wrk -c 64 http://edge/", 100)
    assert run.connections.text == "-c 64" and not run.connections.default
    assert run.duration.default and run.threads.default
    assert run.start == 102 and run.target == "http://edge/"


def test_keepalive_and_pipelining_flags() -> None:
    (ab,) = command_runs("ab -n 100 -c 10 http://edge/")
    assert ab.keepalive is False
    (hey,) = command_runs("hey -disable-keepalive -c 10 http://edge/")
    assert hey.keepalive is False
    (wrk,) = command_runs("wrk -t2 -c50 -s pipeline.lua http://edge/")
    assert wrk.pipelined
    (closing,) = command_runs('wrk -c50 -H "Connection: close" http://edge/')
    assert closing.keepalive is False
    (h1,) = command_runs("h2load --h1 -c10 -m4 http://edge/")
    assert h1.pipelining.value == 4 and h1.streams is None


def test_tool_name_alone_is_no_command() -> None:
    assert command_runs("wrk") == []
    assert command_runs("We used wrk and hey") == []


K6_COMPACT = """\
  █ TOTAL RESULTS

    HTTP
    http_req_duration..................: avg=140.36ms   min=119.08ms med=140.96ms max=154.63ms p(90)=146.88ms p(95)=148.21ms
      { expected_response:true }.......: avg=140.36ms   min=119.08ms med=140.96ms max=154.63ms p(90)=146.88ms p(95)=148.21ms
    http_req_failed....................: 4.44%  2 out of 45
    http_reqs..........................: 45     6.561/s
"""


def test_k6_compact_summary() -> None:
    run = output_run(K6_COMPACT)
    assert run.tool == "k6"
    assert _v(run, "latency_mean") == pytest.approx(0.14036)
    assert _v(run, "latency_max") == pytest.approx(0.15463)
    assert _v(run, "rps") == pytest.approx(6.561)
    assert run.errors["failed"].value == 2 and run.total_requests.value == 45


def test_percentile_keys_keep_their_digits() -> None:
    from claimcheck.extract.runs.outputs import pct_key

    assert pct_key("90") == "latency_p90" and pct_key("90.000") == "latency_p90"
    assert pct_key("99.900") == "latency_p99_9" and pct_key("10.00") == "latency_p10"
    run = output_run(WRK)
    assert _v(run, "latency_p90") == pytest.approx(700e-6)  # not read as a "p9"
