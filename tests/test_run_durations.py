"""How long a measured run lasted (``FactStore.run_durations``) and S009 reading it: tool
output, command lines, parameter tables and sentences give one fact; timeouts, cache
lifetimes, spikes and warm-ups are no run's length. Invented products throughout."""

from __future__ import annotations

import claimcheck
from claimcheck.api import extract_facts

WRK_OUTPUT = """
```
$ wrk --latency http://10.1.1.5:8080/
Running 10s test @ http://10.1.1.5:8080/
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   210.44us  105.01us   6.07ms   91.80%
    Req/Sec    24.13k     1.92k   28.33k    80.15%
  481147 requests in 10.10s, 70.27MB read
Requests/sec:  47638.31
Transfer/sec:      6.96MB
```
"""

HEY_OUTPUT = """
## Harrier LB

```
hey -n 50000 -c 100 http://10.1.1.9:80/
Summary:
  Total:	2.5012 secs
  Slowest:	0.0410 secs
  Fastest:	0.0002 secs
  Average:	0.0049 secs
  Requests/sec:	19990.4012

Status code distribution:
  [200]	50000 responses
```
"""


def durations(text: str) -> list[tuple[float, str]]:
    return [(d.seconds, d.source) for d in extract_facts(text, "bench.md").run_durations]


def s009(text: str) -> list[str]:
    found = claimcheck.check_text(text, "bench.md", select="S009").findings
    return [f.message for f in found]


# --- what is a run's length ----------------------------------------------------------------


def test_wrk_output_without_a_duration_flag_is_ten_seconds():
    assert durations(WRK_OUTPUT) == [(10.0, "output")]


def test_hey_total_line_is_the_run_length():
    assert durations(HEY_OUTPUT) == [(2.5012, "output")]


def test_duration_flag_of_a_command():
    text = "We ran `wrk -t4 -c128 -d45s http://10.0.0.7/` against the Kestrel-7."
    assert (45.0, "command") in durations(text)


def test_blog_sentence_states_the_test_length():
    text = "Each test ran for 30 seconds against the Kestrel-7 and the Brightgate gateway."
    assert durations(text) == [(30.0, "stated")]


def test_lab_review_label_states_the_test_length():
    text = "## Method\n\n- **Test duration**: 20 s per device\n- **Clients**: 64\n"
    assert durations(text) == [(20.0, "stated")]


def test_a_run_noun_after_the_figure():
    text = "The Brightgate gateway got one 25-second run per configuration."
    assert durations(text) == [(25.0, "stated")]


def test_a_command_shown_without_results_measured_nothing():
    text = "Install wrk and try it:\n\n```\nwrk http://127.0.0.1:8080/\n```\n"
    assert durations(text) == []


# --- what is not ---------------------------------------------------------------------------


def test_a_timeout_value_is_no_run_length():
    text = (
        "- **idle_timeout**: the idle timeout. The value for the tests is 5 seconds.\n"
        "- **handshake_timeout**: The value for the tests is 5 seconds.\n"
    )
    assert durations(text) == []


def test_a_cache_lifetime_is_no_run_length():
    assert durations("Responses were cached for 1 second (max_age=1) on the Harrier LB.") == []


def test_a_cpu_spike_during_the_run_is_no_run_length():
    text = "During the run one Kestrel-7 worker was pegged at 100% CPU for 15 seconds."
    assert durations(text) == []


def test_a_warm_up_is_no_run_length():
    text = (
        "Each proxy warms up for 15 s with `wrk -t1 -c8 http://10.0.0.2/`, then is measured "
        "with `wrk -t4 -c200 -d120s http://10.0.0.2/`."
    )
    assert [s for s, _ in durations(text)] == [120.0]


def test_a_sampling_interval_is_no_run_length():
    text = "During each test the collector sampled CPU every 10 seconds."
    assert durations(text) == []


# --- S009 reads the fact --------------------------------------------------------------------


def test_s009_fires_once_for_several_short_wrk_runs_with_the_length():
    text = (
        "# Kestrel-7 vs Brightgate\n\n## Kestrel-7\n"
        + WRK_OUTPUT
        + "\n## Brightgate\n"
        + WRK_OUTPUT
    )
    (message,) = s009(text)
    assert "2 measured wrk runs last 10 s each" in message


def test_s009_fires_on_hey_runs_that_finish_in_seconds():
    (message,) = s009(HEY_OUTPUT)
    assert "2.5 s" in message


def test_s009_quiet_on_a_timeout_stated_in_a_parameter_list():
    text = (
        "## Parameters\n\n"
        "- **duration**: the duration of each test; the value for the tests is 120 seconds.\n"
        "- **handshake_timeout**: The value for the tests is 5 seconds.\n"
    )
    assert s009(text) == []


def test_s009_quiet_when_the_tool_shows_long_runs_and_prose_a_short_phase():
    text = (
        "Each run of the Harrier LB lasted 2 minutes after a 20 s ramp.\n\n"
        "```\nwrk -t4 -c256 -d120s http://10.0.0.4/\n```\n"
    )
    assert s009(text) == []


def test_s009_readme_with_inline_short_flag_fires():
    text = "Every figure comes from `wrk -t8 -c256 -d20s http://10.2.0.3/` on the Brightgate."
    assert len(s009(text)) == 1


def test_others_practice_is_no_run_of_the_report():
    text = (
        "Some vendor reports run wrk with 100 connections for 10 seconds, which hides warm-up "
        "effects. Our runs of the Kestrel-7 lasted 300 seconds each."
    )
    assert s009(text) == []
