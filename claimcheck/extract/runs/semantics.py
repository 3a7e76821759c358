"""What each load tool's printed figures mean, as data the checks read.

Each parser in :mod:`claimcheck.extract.runs.outputs` reads a tool's layout; this table says
what the numbers it reads are. Three questions decide whether a rate and a mean latency may
be set against the connections (Little's law):

- ``latency``: ``observed`` (each request timed from its send to its response);
  ``corrected`` (observed, then padded with synthetic samples for coordinated omission
  before printing: wrk); ``intended`` (timed from when the request was due under a set
  rate, so waiting outside the connections counts: wrk2, vegeta, oha with
  ``--latency-correction``).
- ``left_out``: the error kinds (keys of ``Run.errors``) whose requests the printed rate
  counts but the latency statistics leave out. When a run logged any, rate and latency
  describe different request sets: only the share the latency covers may be used.
- ``rate``: what the run's rate line is, and which printed rate is *not* the run's.

| tool | latency | rate the run prints | latency covers | per-part rates |
|---|---|---|---|---|
| wrk | corrected: ``stats_correct`` adds samples for every response slower than twice ``runtime / (requests / connections)`` | ``Requests/sec``: completed responses (any status) / runtime | recorded responses; one above ``--timeout`` (2 s) is dropped and counted as a socket timeout | ``Req/Sec`` of the Thread Stats table is per thread, never the run's |
| wrk2 | intended start (open loop at ``-R``) | ``Requests/sec`` | all responses | ``Req/Sec`` per thread |
| rewrk | observed | ``Req/Sec`` of its summary | responses | |
| ab | observed (``Connection Times`` Total row); ``Time per request`` (mean) is concurrency x time taken / complete, Little's law itself | ``Requests per second``: complete requests / time taken | complete requests, failed ones included | |
| hey | observed | ``Requests/sec``: every result, errors included / total time | responses without a transport error (any status) | |
| oha | observed (intended start with ``--latency-correction``) | ``Requests/sec``: every result, errors and deadline aborts included | successful results (any status); ``Success rate`` is that share | |
| h2load | observed (``time for request``) | ``req/s``: successful requests / duration | closed streams, any status | |
| autocannon | observed | ``Req/Sec`` Avg: mean of per-second totals of the whole run | responses; timed-out requests are not recorded | |
| bombardier | observed | ``Reqs/sec`` Avg: mean of per-interval totals of the whole run | every request, errors included | |
| k6 | observed (``http_req_duration``, failed requests included) | ``http_reqs`` rate: every request | every request | |
| jmeter, locust | observed | the summary's rate over every sample | every sample | |
| vegeta | observed, but open loop: workers grow with the set rate | ``throughput`` (successes / time); ``rate`` is the set rate | every request | |
"""

from __future__ import annotations

from dataclasses import dataclass

OBSERVED = "observed"
CORRECTED = "corrected"
INTENDED = "intended"


@dataclass(frozen=True)
class Semantics:
    """How one tool's printed latency and rate relate (see the module table)."""

    latency: str
    left_out: frozenset[str]
    # the most latency the tool records, in seconds (its default timeout): a bound on the max
    # when a report quotes the mean without it
    recorded_max: float | None = None


# Error kinds that a tool that does not say otherwise may leave out of its latency: every
# kind but non-2xx answers (responses all tools time).
_FAILED = frozenset({"timeout", "errors", "failed", "connect", "read", "write", "errored"})

TOOLS: dict[str, Semantics] = {
    "wrk": Semantics(CORRECTED, frozenset({"timeout"}), recorded_max=2.0),
    "wrk2": Semantics(INTENDED, frozenset({"timeout"})),
    "vegeta": Semantics(INTENDED, frozenset()),
    "rewrk": Semantics(OBSERVED, _FAILED),
    "ab": Semantics(OBSERVED, frozenset()),
    "hey": Semantics(OBSERVED, frozenset({"errors"})),
    "oha": Semantics(OBSERVED, frozenset({"errors"})),
    "h2load": Semantics(OBSERVED, frozenset({"errored", "timeout"})),
    "autocannon": Semantics(OBSERVED, frozenset({"timeout", "errors"})),
    "bombardier": Semantics(OBSERVED, frozenset()),
    "k6": Semantics(OBSERVED, frozenset()),
    "jmeter": Semantics(OBSERVED, frozenset()),
    "locust": Semantics(OBSERVED, frozenset()),
}
# A run whose tool is not known: its latency is taken as observed, and every failure kind
# may be missing from it.
UNKNOWN = Semantics(OBSERVED, _FAILED)


def semantics(tool: str | None) -> Semantics:
    """The semantics of ``tool``'s printed figures (``UNKNOWN`` for None or an unlisted tool)."""
    return TOOLS.get(tool or "", UNKNOWN)
