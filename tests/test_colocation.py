"""Where the load generator ran (``FactStore.colocations``) and S005 reading it: a load
generator shares the device's host only when a sentence places the generator there, a
measured run aims at loopback, or the tool runs in the device's compose stack; an address
of a backend, a log line's host or a configuration default says nothing of the kind.
Invented products throughout."""

from __future__ import annotations

import claimcheck
from claimcheck.api import extract_facts

WRK_LOOPBACK = """
## Kestrel-7

```
wrk -t4 -c100 -d60s http://127.0.0.1:8080/
Running 1m test @ http://127.0.0.1:8080/
  4 threads and 100 connections
  2881147 requests in 1.00m, 410.27MB read
Requests/sec:  48019.10
```
"""


def hows(text: str) -> list[str]:
    return [c.how for c in extract_facts(text, "bench.md").colocations]


def s005(text: str) -> list[str]:
    return [f.message for f in claimcheck.check_text(text, "bench.md", select="S005").findings]


# --- shared host ---------------------------------------------------------------------------


def test_readme_wrk_run_against_loopback():
    assert hows(WRK_LOOPBACK) == ["loopback"]
    (message,) = s005(WRK_LOOPBACK)
    assert "loopback" in message


def test_blog_sentence_places_the_tool_with_the_gateway():
    text = "The wrk client and the Kestrel-7 gateway ran on the same laptop."
    assert hows(text) == ["stated"]


def test_lab_review_client_and_device_on_one_machine():
    text = (
        "Both the client and the Harrier LB were deployed on the same machine, on separate cores."
    )
    assert hows(text) == ["stated"]


def test_load_tester_as_a_service_of_the_compose_stack():
    text = (
        "Our docker-compose file holds four services: the load tester (oha), the Brightgate "
        "proxy and two backends."
    )
    assert hows(text) == ["compose"]


def test_load_tool_run_through_compose_exec_against_a_service_name():
    text = (
        "```bash\ndocker compose up -d\n"
        "docker compose exec -T bench sh -c \\\n"
        "  'oha -z 30s --no-tui http://harrier:8080/index.html'\n```\n"
    )
    assert hows(text) == ["compose"]
    assert len(s005(text)) == 1


def test_one_finding_for_several_statements():
    text = "Every client ran on the same VM as the Kestrel-7.\n" + WRK_LOOPBACK
    assert len(s005(text)) == 1


# --- other parts of the test bed, other addresses ------------------------------------------


def test_backend_address_in_a_proxy_configuration_is_not_the_client():
    text = (
        "```\nupstream app {\n  server 127.0.0.1:9000;\n}\n```\n\n"
        "Load came from wrk on a separate client machine:\n\n"
        "```\nwrk -t8 -c256 -d60s http://10.0.0.5/\n"
        "Running 1m test @ http://10.0.0.5/\n  8 threads and 256 connections\n"
        "Requests/sec:  91022.43\n```\n"
    )
    assert hows(text) == []
    assert s005(text) == []


def test_an_option_address_of_another_program():
    text = "TLS ends in `stunnel-x -f 10.0.0.1,443 -b 127.0.0.1,80` in front of the Kestrel-7."
    assert hows(text) == []


def test_proxies_sharing_a_host_with_each_other():
    assert hows("Proxy servers running on same host with different ports.") == []


def test_upstream_on_the_proxy_host_with_a_separate_client():
    text = (
        "Another Kestrel-7 process on the same host served as the upstream server. The client "
        "was a dedicated machine."
    )
    assert hows(text) == []


def test_syslog_host_field():
    text = "```\nJan  3 10:00:01 localhost harrier[311]: 10.0.0.9:4431 GET /ping 200\n```\n"
    assert hows(text) == []


def test_release_note_default_address():
    assert hows("- Enable `admin_listen` on `127.0.0.1:9001` by default.") == []


def test_functional_demo_with_the_benchmark_from_another_server():
    text = (
        "```\n$ for i in 1 2 3; do nc localhost 1024; done\n```\n\n"
        "The latency benchmark ran from another server against the Harrier LB."
    )
    assert hows(text) == []


def test_template_command_on_localhost_but_measured_runs_elsewhere():
    text = (
        "General form: `wrk -t4 -c100 -d60s http://localhost:8088/`.\n\n"
        "```\nwrk -t4 -c100 -d60s http://192.168.7.2:8088/\n"
        "Running 1m test @ http://192.168.7.2:8088/\n  4 threads and 100 connections\n"
        "Requests/sec:  12022.43\n```\n"
    )
    assert hows(text) == []


def test_coordinated_subject_with_the_generator_shares_the_host():
    text = "The load generator, the Harrier LB and the backend share an 8-core workstation."
    assert hows(text) == ["stated"]


def test_backend_shares_the_host_while_the_tool_runs_elsewhere():
    text = "wrk ran on a client box, and the backend ran on the same host as the Harrier LB."
    assert hows(text) == []
