"""The printed summaries of load tools as ``Run`` facts.

Each parser reads one tool's documented layout: the statistic a number is depends on the
header the tool prints above it (wrk "Avg Stdev Max", h2load "min max mean sd",
vegeta "[min, mean, 50, 90, 95, 99, max]", autocannon's table heads), never on a guessed
position. Values keep their suffix ("56.20k") and unit ("635.91us").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from claimcheck import lazyre
from claimcheck.extract.runs.model import Run, Value
from claimcheck.extract.runs.values import bytes_per_second, count, number, seconds
from claimcheck.textkeys import fold

_I = re.IGNORECASE
_NUM = r"\d[\d,]*+(?:\.\d++)?"
_TOKEN = r"[^\s│|┃]++"

# Statistic names as the tools print them in a header, and what they mean.
STAT_NAMES = {"avg": "mean", "average": "mean", "mean": "mean", "stdev": "stdev", "sd": "stdev",
              "stddev": "stdev", "max": "max", "min": "min", "median": "p50", "med": "p50",
              "+/-": "within_stdev"}  # fmt: skip


def stat_name(head: str) -> str | None:
    """The statistic a column head names: "Avg" -> mean, "97.5%" / "p(95)" / "90" -> pNN."""
    h = fold(head.strip()).rstrip(":")
    if h in STAT_NAMES:
        return STAT_NAMES[h]
    m = re.fullmatch(r"p?\(?(\d{1,2}(?:\.\d+)?)\)?%?(?:th)?", h)
    if m:
        return "p" + m.group(1).replace(".", "_")
    return None


def pct_key(percent: str) -> str:
    """The result key of a latency percentile as printed: "90" and "90.000" -> latency_p90,
    "99.9" -> latency_p99_9."""
    return "latency_p" + f"{float(percent):g}".replace(".", "_")


def _value(
    text: str, m: re.Match[str], group: int | str, value: float, unit: str, offset: int
) -> Value:
    return Value(value, unit, offset + m.start(group), offset + m.end(group), m.group(group))


def _stats_row(
    run: Run, heads: list[str], line: str, line_start: int, prefix: str, unit: str, rate: bool
) -> None:
    """Read one row of a statistics table whose column heads are ``heads``: each cell to the
    statistic its head names, as a time (``rate`` False) or a count with suffix."""
    cells = list(re.finditer(_TOKEN, line))
    if not cells:
        return
    label_end = 1
    values = cells[label_end:]
    for head, cell in zip(heads, values, strict=False):
        stat = stat_name(head)
        if stat is None or stat == "within_stdev":
            continue
        text = cell.group(0)
        v = number(text) if rate else seconds(text if unit == "" else text + unit)
        if v is None and not rate and re.fullmatch(_NUM, text):
            v = number(text)
            v = None if v is None else v * (1e-3 if unit == "ms" else 1.0)
        if v is None:
            continue
        run.results[f"{prefix}_{stat}"] = Value(v, "req/s" if rate else "s", line_start + cell.start(),
                                                line_start + cell.end(), text)  # fmt: skip


def _duration(run: Run, line: str, m: re.Match[str], group: int, at: int) -> None:
    """Set the run's duration from a printed time ("30s", "1.00m"), if it reads as one."""
    secs = seconds(m.group(group))
    if secs:
        run.duration = _value(line, m, group, secs, "s", at)


def _lines(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


# --- wrk, wrk2, rewrk ---------------------------------------------------------------------

WRK_RUNNING_RE = lazyre.compile(r"Running[ \t]++(\S+)[ \t]++test[ \t]++@[ \t]*+(\S+)")
WRK_THREADS_RE = lazyre.compile(
    r"(?<!\d)(\d++)[ \t]++threads?[ \t]++and[ \t]++(\d++)[ \t]++connections?"
)
WRK_TOTAL_RE = lazyre.compile(
    rf"(?<![\d,.])({_NUM})[ \t]++requests[ \t]++in[ \t]++([^\s,]++),[ \t]*+(\S++)[ \t]++read"
)
WRK_SOCKET_RE = lazyre.compile(
    r"Socket[ \t]++errors:[ \t]*+connect[ \t]++(\d+),[ \t]*+read[ \t]++(\d+),[ \t]*+write[ \t]++(\d+),"
    r"[ \t]*+timeout[ \t]++(\d+)",
    _I,
)
WRK_NON2XX_RE = lazyre.compile(r"Non-2xx[ \t]++or[ \t]++3xx[ \t]++responses:[ \t]*+(\d+)", _I)
WRK_RPS_RE = lazyre.compile(rf"Requests/sec:[ \t]*+({_NUM}[kKM]?)")
WRK_TRANSFER_RE = lazyre.compile(r"Transfer/sec:[ \t]*+(\S+)")
PCT_LINE_RE = lazyre.compile(
    r"^[ \t]*+(\d{1,3}(?:\.\d++)?)%[ \t]++(?:in[ \t]++)?(\d[\d.,]*+[ \t]*+[a-zµμ]*+)"
)
# wrk2 calibrates each thread to its rate before the run: "Thread calibration: mean lat.: ..."
WRK2_CALIBRATION_RE = lazyre.compile(r"Thread[ \t]++calibration:")
WRK2_MEAN_RE = lazyre.compile(
    r"#\[Mean[ \t]*+=[ \t]*+([\d.]+),[ \t]*+StdDeviation[ \t]*+=[ \t]*+([\d.]+)\]"
)


def parse_wrk(text: str, offset: int) -> Run | None:
    """wrk / wrk2 / rewrk: "Running 30s test @ url", "N threads and M connections", the
    Thread Stats table (Avg Stdev Max +/- Stdev), the latency distribution, socket errors,
    "Non-2xx or 3xx responses:", Requests/sec and Transfer/sec.

    What the figures are (``semantics.TOOLS``): Requests/sec is the run's rate, completed
    responses over the runtime. The Latency row and the distribution are printed after
    wrk's coordinated-omission correction, and its max is the observed one. The Req/Sec
    row is per thread (read as ``thread_rps_*``), never the run's rate. wrk2 (its
    "Thread calibration" lines, an HdrHistogram distribution) times each request from
    when it was due at ``-R``."""
    if "Requests/sec" not in text and "Thread Stats" not in text:
        return None
    run = Run(tool="wrk", source="output", start=offset, end=offset + len(text))
    heads: list[str] = []
    in_dist = False
    for pos, line in _lines(text):
        at = offset + pos
        if m := WRK_RUNNING_RE.search(line):
            _duration(run, line, m, 1, at)
            run.target = m.group(2)
        elif m := WRK_THREADS_RE.search(line):
            run.threads = _value(line, m, 1, float(m.group(1)), "", at)
            run.connections = _value(line, m, 2, float(m.group(2)), "", at)
        elif WRK2_CALIBRATION_RE.search(line):
            run.tool = "wrk2"
        elif "Thread Stats" in line:
            heads = line.split()[2:]
        elif heads and line.strip().startswith("Latency") and "Distribution" not in line:
            _stats_row(run, heads, line, at, "latency", "", False)
        elif heads and line.strip().startswith("Req/Sec"):
            _stats_row(run, heads, line, at, "thread_rps", "", True)  # per thread, not the total
        elif "Latency Distribution" in line or "Latency distribution" in line:
            in_dist = True
            if "HdrHistogram" in line:
                run.tool = "wrk2"
        elif in_dist and (m := PCT_LINE_RE.match(line)):
            secs = seconds(m.group(2))
            if secs is not None:
                key = pct_key(m.group(1))
                run.results.setdefault(key, _value(line, m, 2, secs, "s", at))
        elif m := WRK2_MEAN_RE.search(line):
            run.tool = "wrk2"
        elif m := WRK_TOTAL_RE.search(line):
            in_dist = False
            run.total_requests = _value(line, m, 1, float(count(m.group(1)) or 0), "", at)
        elif m := WRK_SOCKET_RE.search(line):
            for g, kind in enumerate(("connect", "read", "write", "timeout"), 1):
                run.errors[kind] = _value(line, m, g, float(m.group(g)), "", at)
        elif m := WRK_NON2XX_RE.search(line):
            run.errors["non_2xx"] = _value(line, m, 1, float(m.group(1)), "", at)
        elif m := WRK_RPS_RE.search(line):
            run.results["rps"] = _value(line, m, 1, number(m.group(1)) or 0.0, "req/s", at)
        elif m := WRK_TRANSFER_RE.search(line):
            bps = bytes_per_second(m.group(1))
            if bps is not None:
                run.results["transfer"] = _value(line, m, 1, bps, "B/s", at)
    if "rps" not in run.results and "latency_mean" not in run.results:
        return None
    return run


# --- ApacheBench ---------------------------------------------------------------------------

AB_FIELD_RE = lazyre.compile(r"^[ \t]*+([A-Za-z][A-Za-z0-9 \-]*?):[ \t]++(\S+)(?:[ \t]++(\S+))?")
# The breakdown under "Failed requests:". A "Length" failure is a response whose size differs
# from the first one (any dynamic page): ab counts it, but it is no failed request.
AB_FAILED_PARTS_RE = lazyre.compile(
    r"\(Connect:[ \t]*+(\d+),[ \t]*+Receive:[ \t]*+(\d+),[ \t]*+Length:[ \t]*+(\d+),"
    r"[ \t]*+Exceptions:[ \t]*+(\d+)\)"
)


def parse_ab(text: str, offset: int) -> Run | None:
    """ApacheBench: "Concurrency Level:", "Complete requests:", "Failed requests:",
    "Non-2xx responses:", "Requests per second: N [#/sec] (mean)", "Time per request: N [ms]
    (mean)" (the first one: per concurrent request), "Transfer rate: N [Kbytes/sec]", the
    "Connection Times (ms)" table (min mean[+/-sd] median max) and the percentage table.

    What the figures are: the rate is complete requests over the time taken; the first
    "Time per request" is concurrency x time taken / complete requests (Little's law
    itself, not a measured mean), the Connection Times are observed."""
    if "Requests per second:" not in text:
        return None
    run = Run(tool="ab", source="output", start=offset, end=offset + len(text), keepalive=False)
    in_pct = False
    for pos, line in _lines(text):
        at = offset + pos
        if "served within a certain time" in line:
            in_pct = True
            continue
        if in_pct and (m := PCT_LINE_RE.match(line)):
            key = "latency_max" if float(m.group(1)) == 100 else pct_key(m.group(1))
            run.results[key] = _value(line, m, 2, (number(m.group(2)) or 0) / 1e3, "s", at)
            continue
        if "failed" in run.errors and (m := AB_FAILED_PARTS_RE.search(line)):
            failed = run.errors["failed"]
            real = int(m.group(1)) + int(m.group(2)) + int(m.group(4))
            run.errors["failed"] = Value(real, "", failed.start, failed.end, failed.text)
            continue
        m = AB_FIELD_RE.match(line)
        if m is None:
            continue
        name, val = fold(m.group(1).strip()), m.group(2)
        n = number(val)
        if n is None:
            continue
        if name == "concurrency level":
            run.connections = _value(line, m, 2, n, "", at)
        elif name == "complete requests":
            run.total_requests = _value(line, m, 2, n, "", at)
        elif name == "failed requests":
            run.errors["failed"] = _value(line, m, 2, n, "", at)
        elif name == "non-2xx responses":
            run.errors["non_2xx"] = _value(line, m, 2, n, "", at)
        elif name == "keep-alive requests" and n > 0:
            run.keepalive = True
        elif name == "requests per second":
            run.results["rps"] = _value(line, m, 2, n, "req/s", at)
        elif name == "time per request" and "latency_mean" not in run.results:
            run.results["latency_mean"] = _value(line, m, 2, n / 1e3, "s", at)
        elif name == "transfer rate":
            run.results["transfer"] = _value(line, m, 2, n * 1e3, "B/s", at)
        elif name == "time taken for tests":
            run.duration = _value(line, m, 2, n, "s", at)
        elif name == "document length" and (m.group(3) or "").startswith("byte"):
            run.object_size = _value(line, m, 2, n, "B", at)
        elif name == "total" and run.results.get("latency_mean") is not None:
            pass  # Connection Times "Total:" row: min mean sd median max, ms
    return run if "rps" in run.results else None


# --- hey and oha ---------------------------------------------------------------------------

HEY_FIELD_RE = lazyre.compile(
    r"^[ \t]*+(Total|Slowest|Fastest|Average|Requests/sec|Success rate):[ \t]*+(\S+?)(%)?(?:[ \t]++(secs?|ms))?(?!\S)"
)
HEY_SIZE_RE = lazyre.compile(r"^[ \t]*+Size/request:[ \t]*+(\d+)[ \t]++bytes")
STATUS_LINE_RE = lazyre.compile(r"^[ \t]*+\[(\d{3})\][ \t]++(\d+)[ \t]++responses")
ERROR_LINE_RE = lazyre.compile(r"^[ \t]*+\[(\d+)\][ \t]++\S")


def parse_hey(text: str, offset: int) -> Run | None:
    """hey and oha: the "Summary:" block (Total, Slowest, Fastest, Average, Requests/sec, in
    seconds; oha's "Success rate"), the latency distribution ("99% in 0.0220 secs"), "Status
    code distribution:" ("[503] 4 responses") and "Error distribution:" ("[3] Get ...: dial
    tcp ...").

    What the figures are: Requests/sec counts every result, errors and timeouts included,
    over the total time, while Average, Slowest and the distribution cover only the results
    without an error (any status). The status counts and the error counts add up to all
    results (``total_requests``); oha's Success rate is the share without an error."""
    if "Requests/sec:" not in text or "Summary:" not in text:
        return None
    tool = "oha" if "Success rate:" in text or "Response time distribution" in text else "hey"
    run = Run(tool=tool, source="output", start=offset, end=offset + len(text))
    section = ""
    non_2xx = 0
    non_2xx_at: tuple[int, int, str] | None = None
    answered = 0  # results without an error, by the status code distribution
    names = {"Slowest": "latency_max", "Fastest": "latency_min", "Average": "latency_mean"}
    for pos, line in _lines(text):
        at = offset + pos
        stripped = line.strip()
        if stripped.endswith(":") and not stripped[:1].isdigit():
            section = stripped.lower()
            continue
        if m := HEY_FIELD_RE.match(line):
            key, val = m.group(1), m.group(2)
            n = number(val)
            if n is None:
                continue
            unit = m.group(4) or ""
            scale = 1e-3 if unit == "ms" else 1.0
            if key in names:
                run.results[names[key]] = _value(line, m, 2, n * scale, "s", at)
            elif key == "Requests/sec":
                run.results["rps"] = _value(line, m, 2, n, "req/s", at)
            elif key == "Total":
                run.duration = _value(line, m, 2, n * scale, "s", at)
            elif key == "Success rate" and m.group(3):
                run.results["success_rate"] = _value(line, m, 2, n / 100, "", at)
        elif m := HEY_SIZE_RE.match(line):
            run.object_size = _value(line, m, 1, float(m.group(1)), "B", at)
        elif "distribution" in section and "latency" in section or "response time" in section:
            if m := PCT_LINE_RE.match(line):
                secs = seconds(m.group(2)) if re.search(r"[a-z]", m.group(2)) else None
                secs = secs if secs is not None else (number(m.group(2)) or 0.0)
                key = pct_key(m.group(1))
                run.results[key] = _value(line, m, 2, secs, "s", at)
        elif section.startswith("status code") and (m := STATUS_LINE_RE.match(line)):
            answered += int(m.group(2))
            if not m.group(1).startswith(("2", "3")):
                non_2xx += int(m.group(2))
                non_2xx_at = non_2xx_at or (at + m.start(2), at + m.end(2), m.group(2))
        elif section.startswith("error distribution") and (m := ERROR_LINE_RE.match(line)):
            prev = run.errors.get("errors")
            total = (prev.value if prev else 0) + int(m.group(1))
            run.errors["errors"] = Value(total, "", at + m.start(1), at + m.end(1), m.group(1))
    if non_2xx and non_2xx_at:
        run.errors["non_2xx"] = Value(non_2xx, "", *non_2xx_at)
    if answered:
        failed = run.errors["errors"].value if "errors" in run.errors else 0
        rps = run.results.get("rps")
        if rps is not None:
            run.total_requests = Value(answered + failed, "", rps.start, rps.end, rps.text)
    return run if "rps" in run.results else None


# --- h2load ------------------------------------------------------------------------------

H2_FINISHED_RE = lazyre.compile(
    rf"finished[ \t]++in[ \t]++(\S+),[ \t]*+({_NUM})[ \t]*+req/s,[ \t]*+(\S+)/s"
)
H2_REQUESTS_RE = lazyre.compile(r"^[ \t]*+requests:[ \t]*+(\d++)[ \t]++total,[^\n]*?(?<!\d)(\d++)[ \t]++succeeded,[ \t]*+(\d+)[ \t]++failed,"
                                r"[ \t]*+(\d+)[ \t]++errored(?:,[ \t]*+(\d+)[ \t]++timeout)?")  # fmt: skip
H2_STATUS_RE = lazyre.compile(r"status[ \t]++codes:[ \t]*+(\d+)[ \t]++2xx,[ \t]*+(\d+)[ \t]++3xx,[ \t]*+(\d+)[ \t]++4xx,"
                              r"[ \t]*+(\d+)[ \t]++5xx")  # fmt: skip
H2_CLIENTS_RE = lazyre.compile(
    r"(?<!\d)(\d++)[ \t]++total[ \t]++client\(s\)\.[ \t]*+(\d+)[ \t]++total[ \t]++requests"
)


def parse_h2load(text: str, offset: int) -> Run | None:
    """h2load: "finished in T, N req/s, X/s", "requests: ... succeeded, F failed, E errored,
    T timeout", "status codes:", and the statistics table whose head is "min max mean sd
    +/- sd": "time for request:" is read by that head, so a mean is never taken for a max."""
    if "req/s" not in text or "finished in" not in text:
        return None
    run = Run(tool="h2load", source="output", start=offset, end=offset + len(text))
    heads: list[str] = []
    for pos, line in _lines(text):
        at = offset + pos
        if m := H2_FINISHED_RE.search(line):
            _duration(run, line, m, 1, at)
            run.results["rps"] = _value(line, m, 2, number(m.group(2)) or 0.0, "req/s", at)
            bps = bytes_per_second(m.group(3))
            if bps is not None:
                run.results["transfer"] = _value(line, m, 3, bps, "B/s", at)
        elif m := H2_CLIENTS_RE.search(line):
            run.connections = _value(line, m, 1, float(m.group(1)), "", at)
            run.requests = _value(line, m, 2, float(m.group(2)), "", at)
        elif m := H2_REQUESTS_RE.search(line):
            run.total_requests = _value(line, m, 1, float(m.group(1)), "", at)
            run.errors["failed"] = _value(line, m, 3, float(m.group(3)), "", at)
            run.errors["errored"] = _value(line, m, 4, float(m.group(4)), "", at)
            if m.group(5):
                run.errors["timeout"] = _value(line, m, 5, float(m.group(5)), "", at)
        elif m := H2_STATUS_RE.search(line):
            bad = int(m.group(3)) + int(m.group(4))
            run.errors["non_2xx"] = Value(bad, "", at + m.start(3), at + m.end(4), m.group(0))
        elif re.match(r"^[ \t]*+min[ \t]++max[ \t]++mean", line):
            heads = line.split()
        elif heads and line.strip().startswith("time for request:"):
            label, _, rest = line.partition(":")
            _stats_cells(run, heads, rest, at + len(label) + 1, "latency")
    if run.errors.get("errored") and "failed" in run.errors:
        run.errors.pop("errored")  # a part of "failed"
    return run


def _stats_cells(run: Run, heads: list[str], rest: str, at: int, prefix: str) -> None:
    cells = list(re.finditer(r"\S+", rest))
    stats = [stat_name(h) for h in heads if h not in ("+/-",)]
    stats = [s for s in stats if s]
    for stat, cell in zip(stats, cells, strict=False):
        if stat == "within_stdev":
            continue
        secs = seconds(cell.group(0))
        if secs is not None:
            run.results[f"{prefix}_{stat}"] = Value(secs, "s", at + cell.start(), at + cell.end(),
                                                    cell.group(0))  # fmt: skip


# --- autocannon ----------------------------------------------------------------------------

AC_CONN_RE = lazyre.compile(
    r"^[ \t]*+(\d+)[ \t]++connections(?:[ \t]++with[ \t]++(\d+)[ \t]++pipelining[ \t]++factor)?"
)
AC_TOTAL_RE = lazyre.compile(r"^[ \t]*+(\d[\d.,]*+[kKM]?)[ \t]++requests[ \t]++in[ \t]++([\d.]+s)")
AC_ERRORS_RE = lazyre.compile(r"^[ \t]*+(\d+)[ \t]++errors[ \t]*+\((\d+)[ \t]++timeouts\)")
AC_NON2XX_RE = lazyre.compile(
    r"^[ \t]*+(\d+)[ \t]++(?:2xx[ \t]++responses,[ \t]*+(\d+)[ \t]++)?non[ \t]+2xx[ \t]++responses"
)
CELL_SPLIT_RE = lazyre.compile(r"[│|┃]")


def parse_autocannon(text: str, offset: int) -> Run | None:
    """autocannon: "Running 10s test @ url", "N connections with P pipelining factor", the
    box tables whose head row names the statistics ("Stat 2.5% 50% 97.5% 99% Avg Stdev Max"
    for Latency, "Stat 1% 2.5% 50% 97.5% Avg Stdev Min" for Req/Sec), "N requests in T",
    "E errors (T timeouts)" and "X 2xx responses, Y non 2xx responses"."""
    if "Req/Sec" not in text or "Stat" not in text:
        return None
    run = Run(tool="autocannon", source="output", start=offset, end=offset + len(text))
    heads: list[str] = []
    for pos, line in _lines(text):
        at = offset + pos
        if m := WRK_RUNNING_RE.search(line):
            _duration(run, line, m, 1, at)
            run.target = m.group(2)
            continue
        if m := AC_CONN_RE.match(line):
            run.connections = _value(line, m, 1, float(m.group(1)), "", at)
            if m.group(2):
                run.pipelining = _value(line, m, 2, float(m.group(2)), "", at)
            continue
        if m := AC_TOTAL_RE.match(line):
            run.total_requests = _value(line, m, 1, number(m.group(1)) or 0.0, "", at)
            continue
        if m := AC_ERRORS_RE.match(line):
            run.errors["errors"] = _value(line, m, 1, float(m.group(1)), "", at)
            run.errors["timeout"] = _value(line, m, 2, float(m.group(2)), "", at)
            continue
        if m := AC_NON2XX_RE.match(line):
            g = 2 if m.group(2) else 1
            run.errors["non_2xx"] = _value(line, m, g, float(m.group(g)), "", at)
            continue
        cells = [(c.start(), c.group(0)) for c in _cells(line)]
        if not cells:
            continue
        label = cells[0][1].strip()
        if label == "Stat":
            heads = [c.strip() for _, c in cells[1:]]
        elif heads and label in ("Latency", "Req/Sec", "Bytes/Sec"):
            prefix = {"Latency": "latency", "Req/Sec": "rps", "Bytes/Sec": "transfer"}[label]
            for head, (cstart, cell) in zip(heads, cells[1:], strict=False):
                stat = stat_name(head)
                if stat is None:
                    continue
                c = cell.strip()
                lead = len(cell) - len(cell.lstrip())
                if prefix == "latency":
                    v = seconds(c) if re.search(r"[a-z]", c) else (number(c) or 0) / 1e3
                elif prefix == "transfer":
                    v = bytes_per_second(c)
                else:
                    v = number(c)
                if v is None:
                    continue
                key = "rps" if prefix == "rps" and stat == "mean" else f"{prefix}_{stat}"
                if prefix == "transfer" and stat == "mean":
                    key = "transfer"
                unit = {"latency": "s", "rps": "req/s", "transfer": "B/s"}[prefix]
                run.results[key] = Value(
                    v, unit, at + cstart + lead, at + cstart + lead + len(c), c
                )
    return run if run.results else None


def _cells(line: str) -> list[re.Match[str]]:
    """The cells of a box-drawn or pipe table row (text between the bars)."""
    if not CELL_SPLIT_RE.search(line):
        return []
    return [m for m in re.finditer(r"(?<=[│|┃])[^│|┃]+(?=[│|┃])", line) if m.group(0).strip()]


# --- bombardier ----------------------------------------------------------------------------

BOMB_HEAD_RE = lazyre.compile(r"Bombarding[ \t]++(\S+)[ \t]++(?:for[ \t]++(\S+)|with[ \t]++(\d+)[ \t]++request\(s\))"
                              r"[ \t]++using[ \t]++(\d+)[ \t]++connection\(s\)")  # fmt: skip
BOMB_CODES_RE = lazyre.compile(r"1xx[ \t]*+-[ \t]*+(\d+),[ \t]*+2xx[ \t]*+-[ \t]*+(\d+),[ \t]*+3xx[ \t]*+-[ \t]*+(\d+),"
                               r"[ \t]*+4xx[ \t]*+-[ \t]*+(\d+),[ \t]*+5xx[ \t]*+-[ \t]*+(\d+)")  # fmt: skip
BOMB_OTHERS_RE = lazyre.compile(r"^[ \t]*+others[ \t]*+-[ \t]*+(\d+)")
BOMB_THROUGHPUT_RE = lazyre.compile(r"Throughput:[ \t]*+(\S+)")


def parse_bombardier(text: str, offset: int) -> Run | None:
    """bombardier: "Bombarding url for 10s using 125 connection(s)", the Statistics table
    (Avg Stdev Max) with Reqs/sec and Latency rows, the latency distribution, HTTP codes
    ("1xx - 0, 2xx - N, 3xx - 0, 4xx - 0, 5xx - 0", "others - N") and Throughput."""
    if "Reqs/sec" not in text:
        return None
    run = Run(tool="bombardier", source="output", start=offset, end=offset + len(text))
    heads: list[str] = []
    for pos, line in _lines(text):
        at = offset + pos
        s = line.strip()
        if m := BOMB_HEAD_RE.search(line):
            run.target = m.group(1)
            if m.group(2) and (secs := seconds(m.group(2))):
                run.duration = _value(line, m, 2, secs, "s", at)
            if m.group(3):
                run.requests = _value(line, m, 3, float(m.group(3)), "", at)
            run.connections = _value(line, m, 4, float(m.group(4)), "", at)
        elif s.startswith("Statistics"):
            heads = s.split()[1:]
        elif heads and s.startswith("Reqs/sec"):
            _stats_row(run, heads, line, at, "rps", "", True)
            if "rps_mean" in run.results:
                run.results["rps"] = run.results.pop("rps_mean")
        elif heads and s.startswith("Latency") and "Distribution" not in s:
            _stats_row(run, heads, line, at, "latency", "", False)
        elif m := PCT_LINE_RE.match(line):
            secs = seconds(m.group(2))
            if secs is not None:
                run.results.setdefault(pct_key(m.group(1)), _value(line, m, 2, secs, "s", at))
        elif m := BOMB_CODES_RE.search(line):
            bad = int(m.group(1)) + int(m.group(4)) + int(m.group(5))
            run.errors["non_2xx"] = Value(bad, "", at + m.start(), at + m.end(), m.group(0))
        elif m := BOMB_OTHERS_RE.match(line):
            run.errors["errors"] = _value(line, m, 1, float(m.group(1)), "", at)
        elif m := BOMB_THROUGHPUT_RE.search(line):
            bps = bytes_per_second(m.group(1))
            if bps is not None:
                run.results["transfer"] = _value(line, m, 1, bps, "B/s", at)
    return run if "rps" in run.results else None


# --- vegeta --------------------------------------------------------------------------------

VEGETA_ROW_RE = lazyre.compile(
    r"^[ \t]*+(Requests|Duration|Latencies|Success|Status[ \t]Codes)[ \t]++\[([^\]\n]*+)\][ \t]++(.*+)$"
)


def parse_vegeta(text: str, offset: int) -> Run | None:
    """vegeta's text report: each row names its columns in brackets, "Latencies [min, mean,
    50, 90, 95, 99, max]" (older releases: "[mean, 50, 95, 99, max]"), so values are read
    by those names; "Requests [total, rate, throughput]"; "Status Codes [code:count]"."""
    if "Latencies" not in text or "[total" not in text:
        return None
    run = Run(tool="vegeta", source="output", start=offset, end=offset + len(text))
    for pos, line in _lines(text):
        m = VEGETA_ROW_RE.match(line)
        if m is None:
            continue
        at = offset + pos
        names = [n.strip().lower() for n in m.group(2).split(",")]
        base = m.start(3)
        cells = [(base + c.start(), c.group(0)) for c in re.finditer(r"[^,\s][^,]*+", m.group(3))]
        row = m.group(1)
        for name, (cstart, cell) in zip(names, cells, strict=False):
            cell = cell.strip()
            span = (at + cstart, at + cstart + len(cell), cell)
            if row == "Requests":
                n = number(cell)
                if n is None:
                    continue
                if name == "total":
                    run.total_requests = Value(n, "", *span)
                elif name == "rate":
                    run.rate = Value(n, "req/s", *span)
                elif name == "throughput":
                    run.results["rps"] = Value(n, "req/s", *span)
            elif row == "Duration" and name == "attack":
                secs = seconds(cell)
                if secs:
                    run.duration = Value(secs, "s", *span)
            elif row == "Latencies":
                stat = stat_name(name)
                secs = seconds(cell)
                if stat and secs is not None:
                    run.results[f"latency_{stat}"] = Value(secs, "s", *span)
            elif row == "Status Codes":
                for code in re.finditer(r"(\d{1,3}):(\d+)", m.group(3)):
                    if not code.group(1).startswith(("2", "3")):
                        prev = run.errors.get("non_2xx")
                        total = (prev.value if prev else 0) + int(code.group(2))
                        run.errors["non_2xx"] = Value(total, "", at + base + code.start(),
                                                      at + base + code.end(), code.group(0))  # fmt: skip
                break
    return run if run.results else None


# --- k6 ------------------------------------------------------------------------------------

K6_METRIC_RE = lazyre.compile(
    r"^[ \t]*+[✓✗]?[ \t]*+([a-z_]+(?:\{[^}\n]*+\})?)\.{2,}+:[ \t]*+(.*+)$"
)
K6_PAIR_RE = lazyre.compile(r"(?<![a-z(])([a-z]++|p\([\d.]++\))=(\S++)")
K6_SCENARIO_RE = lazyre.compile(
    r"(?<!\d)(\d++)[ \t]++max[ \t]++VUs,[ \t]*+(\S+)[ \t]++max[ \t]++duration"
)


def parse_k6(text: str, offset: int) -> Run | None:
    """k6's end-of-test summary: "http_req_duration...: avg= min= med= max= p(90)= p(95)=",
    "http_reqs...: N R/s", "http_req_failed...: X% ✓ F ✗ S" (or "F out of N"), "vus_max" and
    the "N max VUs, T max duration" scenario line."""
    if "http_req" not in text:
        return None
    run = Run(tool="k6", source="output", start=offset, end=offset + len(text))
    for pos, line in _lines(text):
        at = offset + pos
        if m := K6_SCENARIO_RE.search(line):
            run.connections = _value(line, m, 1, float(m.group(1)), "", at)
            continue
        m = K6_METRIC_RE.match(line)
        if m is None:
            continue
        name, rest, base = m.group(1), m.group(2), m.start(2)
        if name == "http_req_duration":
            for p in K6_PAIR_RE.finditer(rest):
                stat = stat_name(p.group(1))
                secs = seconds(p.group(2))
                if stat and secs is not None:
                    run.results[f"latency_{stat}"] = Value(secs, "s", at + base + p.start(2),
                                                           at + base + p.end(2), p.group(2))  # fmt: skip
        elif name == "http_reqs":
            parts = list(re.finditer(r"(\d[\d.]*)(/s)?", rest))
            for p in parts:
                v = float(p.group(1))
                span = (at + base + p.start(1), at + base + p.end(1), p.group(1))
                if p.group(2):
                    run.results["rps"] = Value(v, "req/s", *span)
                elif run.total_requests is None:
                    run.total_requests = Value(v, "", *span)
        elif name == "http_req_failed":
            f = re.search(r"✓[ \t]*+(\d++)|(?<!\d)(\d++)[ \t]++out[ \t]++of", rest)
            if f:
                g = 1 if f.group(1) else 2
                run.errors["failed"] = Value(float(f.group(g)), "", at + base + f.start(g),
                                             at + base + f.end(g), f.group(g))  # fmt: skip
        elif name == "vus" and run.connections is None:  # "vus: 0 min=0 max=80": the peak
            v = re.search(r"\bmax=(\d+)", rest)
            if v:
                run.connections = Value(float(v.group(1)), "", at + base + v.start(1),
                                        at + base + v.end(1), v.group(1))  # fmt: skip
        elif name == "vus_max" and run.connections is None:
            v = re.match(r"\d+", rest)
            if v:
                run.connections = Value(
                    float(v.group(0)), "", at + base, at + base + v.end(), v.group(0)
                )
    return run if run.results else None


# --- JMeter and Locust ---------------------------------------------------------------------

JMETER_RE = lazyre.compile(
    r"summary[ \t]*+=[ \t]*+(\d+)[ \t]++in[ \t]++(\S+)[ \t]*+=[ \t]*+([\d.]+)/s[ \t]++Avg:[ \t]*+(\d+)"
    r"[ \t]++Min:[ \t]*+(\d+)[ \t]++Max:[ \t]*+(\d+)[ \t]++Err:[ \t]*+(\d+)"
)


def parse_jmeter(text: str, offset: int) -> Run | None:
    """JMeter's summariser total line: "summary = N in hh:mm:ss = R/s Avg: A Min: M Max: X
    Err: E (P%)" (times in ms); the last such line is the run's total."""
    last = None
    for pos, line in _lines(text):
        if m := JMETER_RE.search(line):
            last = (pos, line, m)
    if last is None:
        return None
    pos, line, m = last
    at = offset + pos
    run = Run(tool="jmeter", source="output", start=offset, end=offset + len(text))
    run.total_requests = _value(line, m, 1, float(m.group(1)), "", at)
    run.results["rps"] = _value(line, m, 3, float(m.group(3)), "req/s", at)
    for g, key in ((4, "latency_mean"), (5, "latency_min"), (6, "latency_max")):
        run.results[key] = _value(line, m, g, float(m.group(g)) / 1e3, "s", at)
    run.errors["failed"] = _value(line, m, 7, float(m.group(7)), "", at)
    return run


def parse_locust(text: str, offset: int) -> Run | None:
    """Locust's request statistics: the head row "Type Name # reqs # fails | Avg Min Max Med
    | req/s failures/s" names the columns; the "Aggregated" row is the run's total."""
    heads: list[str] = []
    for pos, line in _lines(text):
        if "# reqs" in line and "req/s" in line:
            heads = [h.strip() for h in re.split(r"[ \t]{2,}|\|", line.replace("# reqs", "#reqs")
                                                                  .replace("# fails", "#fails")) if h.strip()]  # fmt: skip
        elif heads and line.strip().startswith("Aggregated"):
            cells = list(re.finditer(r"[^\s|]+", line))
            names = [h for h in heads if h not in ("Type", "Name")]
            run = Run(tool="locust", source="output", start=offset, end=offset + len(text))
            at = offset + pos
            for head, cell in zip(names, cells[1:], strict=False):
                c = cell.group(0)
                span = (at + cell.start(), at + cell.end(), c)
                h = head.lower()
                if h == "#reqs":
                    run.total_requests = Value(float(count(c) or 0), "", *span)
                elif h == "#fails":
                    run.errors["failed"] = Value(float(count(c.split("(")[0]) or 0), "", *span)
                elif h == "req/s":
                    run.results["rps"] = Value(number(c) or 0.0, "req/s", *span)
                elif (stat := stat_name(h)) is not None:
                    run.results[f"latency_{stat}"] = Value((number(c) or 0.0) / 1e3, "s", *span)
            return run
    return None


PARSERS: tuple[Callable[[str, int], Run | None], ...] = (
    parse_autocannon, parse_vegeta, parse_k6, parse_h2load, parse_bombardier, parse_ab,
    parse_hey, parse_jmeter, parse_locust, parse_wrk,
)  # fmt: skip


def output_run(text: str, offset: int = 0) -> Run | None:
    """The run whose printed summary ``text`` is, by the first parser that recognises it."""
    for parse in PARSERS:
        run = parse(text, offset)
        if run is not None:
            return run
    return None
