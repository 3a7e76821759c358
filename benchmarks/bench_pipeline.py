"""Throughput, scaling, memory and start-up of claimcheck on corpus documents.

Usage: python benchmarks/bench_pipeline.py [--repeat N] [--scales 1,2,5,10] [--full]
                                           [--out docs/benchmarks.md] [--no-plot]

Builds inputs of growing size by concatenating the corpus/ documents (1x .. Kx),
times each stage in-process (ingest, extract, link = ClaimGraph and the rules'
fact view, rules, report) with time.perf_counter and keeps the median of the
repeats; times the whole CLI in a subprocess (median of repeats, peak RSS = the
child's VmHWM); times the start-up of ``claimcheck check tiny.md``; profiles the
slowest stage with cProfile; and writes docs/benchmarks.md (the targets, met or
not) and docs/_static/scaling.png.

The default scales (1, 2, 5, 10) keep ``make bench`` within a few minutes on a 2-core
machine; ``--full`` adds 20x and the peak RSS of the CLI on a 20 MB input (about ten
minutes in all, 1.8 GB of memory today; see docs/performance.md).
Nothing here runs in the tests.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from claimcheck.extract.pipeline import extract_document
from claimcheck.ingest import read_text
from claimcheck.models import CheckResult
from claimcheck.report.json import format_findings as json_report
from claimcheck.report.text import format_findings as text_report
from claimcheck.rules.engine import run_rules
from claimcheck.rules.loader import shipped_rules
from claimcheck.rules.matching import get_facts
from claimcheck.rules.selection import Selection

ROOT = Path(__file__).resolve().parent.parent
STAGES = ("ingest", "extract", "link", "rules", "report")
TINY = "# Tiny\n\nThe Alpha 100 reached 9,400 Mbps and the Beta 200 4,100 Mbps: 2.5x faster.\n"


def corpus_text() -> str:
    """All corpus documents concatenated: the 1x input."""
    docs = sorted(p for p in (ROOT / "corpus").iterdir() if p.suffix in {".md", ".txt"})
    return "\n\n".join(p.read_text(encoding="utf-8") for p in docs if p.name != "README.md")


def scaled(base: str, scale: int) -> str:
    """The 1x input repeated ``scale`` times."""
    return "\n\n".join([base] * scale)


def time_stages(text: str) -> dict[str, float]:
    """Seconds spent in each stage for one input."""
    rules = list(shipped_rules())
    t0 = time.perf_counter()
    doc = read_text(text, "bench.md")
    t1 = time.perf_counter()
    extraction = extract_document(doc)
    t2 = time.perf_counter()
    get_facts(doc, extraction)  # ClaimGraph and the rules' view; cached for run_rules
    t3 = time.perf_counter()
    findings, errors = run_rules(doc, extraction, rules, Selection())
    t4 = time.perf_counter()
    result = CheckResult(findings=findings, errors=errors)
    text_report(result)
    json_report(result)
    t5 = time.perf_counter()
    times = dict(zip(STAGES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True))
    times["total"] = t5 - t0
    return times


# The child reports its own peak RSS (VmHWM): ru_maxrss from os.wait4 would include the
# benchmark process itself, whose pages the child shares between fork and exec.
CHILD = """
import atexit, os, resource, sys

def _peak():
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        with open("/proc/self/status") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        pass
    with open(os.environ["CLAIMCHECK_BENCH_RSS"], "w") as f:
        f.write(str(kb))

atexit.register(_peak)
from claimcheck.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run_cli(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one ``claimcheck`` command in a fresh interpreter.

    Python's bytecode cache is on, as on a user's machine: an environment that sets
    PYTHONDONTWRITEBYTECODE (some sandboxes and CI images do) would make every run
    compile claimcheck's modules from source again, which is not what the start-up
    target is about. The first run of a series writes the cache.
    """
    with tempfile.NamedTemporaryFile(suffix=".rss") as rss:
        env = {**os.environ, "CLAIMCHECK_BENCH_RSS": rss.name}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD, *args], env=env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        wall = time.perf_counter() - t0
        text = Path(rss.name).read_text() or "0"
    return wall, int(text) / 1024


def median_cli(args: list[str], repeat: int) -> tuple[float, float]:
    """Median wall seconds and the largest peak RSS over ``repeat`` runs."""
    runs = [run_cli(args) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def profile_stage(stage: str, text: str, limit: int = 15) -> str:
    """cProfile of one stage on ``text``: the top functions by own time and cumulative."""
    doc = read_text(text, "bench.md")
    extraction = extract_document(doc) if stage != "extract" else None
    rules = list(shipped_rules())
    calls = {
        "ingest": lambda: read_text(text, "bench.md"),
        "extract": lambda: extract_document(doc),
        "link": lambda: get_facts(doc, extraction),
        "rules": lambda: run_rules(doc, extraction, rules, Selection()),
        "report": lambda: text_report(CheckResult()),
    }
    prof = cProfile.Profile()
    prof.runcall(calls[stage])
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)
    return out.getvalue()


def plot(rows: list[dict], path: Path) -> bool:
    """Seconds per stage against input size, log-log, with a linear reference."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot (pip install -e '.[dev]')", file=sys.stderr)
        return False
    mb = [r["mb"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for stage in (*STAGES, "total"):
        ax.plot(mb, [max(r[stage], 1e-6) for r in rows], marker="o", label=stage)
    first = rows[0]
    ax.plot(mb, [first["total"] * m / first["mb"] for m in mb], "k--", label="linear (from 1x)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("input size (MB)")
    ax.set_ylabel("median seconds")
    ax.set_title("claimcheck: time per stage against input size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def verdict(ok: bool | None) -> str:
    return "not measured" if ok is None else ("met" if ok else "**not met**")


def main() -> None:
    """Run the benchmark, print the tables and write docs/benchmarks.md and the plot."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="repeats per measurement (median)")
    ap.add_argument("--scales", default="1,2,5,10", help="input sizes, in copies of the corpus")
    ap.add_argument("--full", action="store_true", help="add 20x and the 20 MB peak-RSS run")
    ap.add_argument("--out", default=str(ROOT / "docs" / "benchmarks.md"))
    ap.add_argument("--no-plot", action="store_true")
    args = ap.parse_args()
    scales = sorted({int(s) for s in args.scales.split(",")} | ({20} if args.full else set()))
    base = corpus_text()
    time_stages(base)  # warm up: registries and grammars are built once
    rows = []
    print("| scale | MB | " + " | ".join(f"{s} ms" for s in STAGES) + " | total ms | MB/s | x |")
    for scale in scales:
        text = scaled(base, scale)
        # large inputs take tens of seconds each: one run is enough to see the trend
        repeat = args.repeat if len(text) < 200_000 else 1
        runs = [time_stages(text) for _ in range(repeat)]
        row = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        row.update(scale=scale, mb=len(text.encode()) / 1e6, repeat=repeat)
        row["mbps"] = row["mb"] / row["total"]
        row["ratio"] = row["total"] / rows[0]["total"] if rows else 1.0
        rows.append(row)
        print(f"| {scale}x | {row['mb']:.2f} | "
              + " | ".join(f"{row[s] * 1e3:.1f}" for s in STAGES)
              + f" | {row['total'] * 1e3:.1f} | {row['mbps']:.3f} | {row['ratio']:.1f} |",
              flush=True)  # fmt: skip
    in_process_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    with tempfile.TemporaryDirectory() as tmp:
        tiny = Path(tmp) / "tiny.md"
        tiny.write_text(TINY, encoding="utf-8")
        run_cli(["check", str(tiny)])  # warm-up: writes the bytecode cache
        startup, startup_rss = median_cli(["check", str(tiny)], max(args.repeat, 5))
        one = Path(tmp) / "bench-1x.md"
        one.write_text(base, encoding="utf-8")
        cli_1x, cli_1x_rss = median_cli(["check", str(one)], args.repeat)
        big = Path(tmp) / f"bench-{scales[-1]}x.md"
        big.write_text(scaled(base, scales[-1]), encoding="utf-8")
        cli_big, cli_big_rss = median_cli(["check", str(big)], 1)
        big_mb = big.stat().st_size / 1e6
        rss20 = None
        if args.full:
            copies = max(1, round(20e6 / len(base.encode())))
            mb20 = Path(tmp) / "bench-20mb.md"
            mb20.write_text(scaled(base, copies), encoding="utf-8")
            _, rss20 = run_cli(["check", str(mb20)])
        # a 50 KB report: the first 50 KB of the corpus, cut at a paragraph
        cut = base[:50_000].rsplit("\n\n", 1)[0]
        fifty = statistics.median(time_stages(cut)["total"] for _ in range(args.repeat))

    slowest = max(STAGES, key=lambda s: rows[-1][s])
    prof_scale = 2 if 2 in scales else scales[0]
    profile = profile_stage(slowest, scaled(base, prof_scale))
    prof_path = ROOT / "benchmarks" / "profile.txt"
    prof_path.write_text(
        f"cProfile of the {slowest} stage on the {prof_scale}x input\n\n{profile}", "utf-8"
    )
    print(f"\nslowest stage: {slowest}; profile written to {prof_path}")

    r1 = rows[0]
    r20 = next((r for r in rows if r["scale"] == 20), None)
    rlast = rows[-1]
    ratio_note = (
        f"20x: {r20['ratio']:.1f}x the 1x time"
        if r20
        else f"20x not run (use --full); {rlast['scale']}x took {rlast['ratio']:.1f}x the 1x time"
    )
    targets = [
        ("start-up of `claimcheck check tiny.md`", "<= 0.4 s", f"{startup:.2f} s",
         verdict(startup <= 0.4)),
        ("throughput (whole pipeline, in-process, 1x)", ">= 5 MB/s", f"{r1['mbps']:.3f} MB/s",
         verdict(r1["mbps"] >= 5)),
        ("throughput (whole CLI, 1x)", ">= 5 MB/s", f"{r1['mb'] / cli_1x:.3f} MB/s",
         verdict(r1["mb"] / cli_1x >= 5)),
        ("a 50 KB report, in-process", "< 10 ms", f"{fifty * 1e3:.0f} ms", verdict(fifty < 0.010)),
        ("scaling: 20x input", "<= 21x the 1x time", ratio_note,
         verdict(r20["ratio"] <= 21 if r20 else None)),
        ("peak RSS on 20 MB", "<= 300 MB",
         f"{rss20:.0f} MB" if rss20 else
         f"not run (use --full); {cli_big_rss:.0f} MB on {big_mb:.1f} MB via the CLI",
         verdict(rss20 <= 300 if rss20 else None)),
    ]  # fmt: skip
    lines = [
        "<!-- generated by `make bench` (benchmarks/bench_pipeline.py); do not edit -->",
        "",
        "# Benchmarks",
        "",
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"{time.strftime('%Y-%m-%d')}. Inputs are the corpus/ documents concatenated "
        f"({r1['mb'] * 1e3:.0f} KB = 1x) and repeated. Medians of {args.repeat} runs "
        "(one run for inputs over 200 KB). See {doc}`performance` for what the numbers mean.",
        "",
        "## Targets",
        "",
        "| target | goal | measured | |",
        "|---|---|---|---|",
        *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in targets),
        "",
        "## Stages",
        "",
        "Milliseconds per stage, in-process; *link* builds the ClaimGraph and the rules' "
        "fact view, *report* formats text and JSON.",
        "",
        "| scale | MB | " + " | ".join(STAGES) + " | total | MB/s | x of 1x |",
        "|---" * (len(STAGES) + 5) + "|",
        *(
            f"| {r['scale']}x | {r['mb']:.2f} | "
            + " | ".join(f"{r[s] * 1e3:.1f}" for s in STAGES)
            + f" | {r['total'] * 1e3:.1f} | {r['mbps']:.3f} | {r['ratio']:.1f} |"
            for r in rows
        ),
        "",
        "## Whole command",
        "",
        "| run | wall | peak RSS |",
        "|---|---|---|",
        f"| `claimcheck check tiny.md` | {startup:.2f} s | {startup_rss:.0f} MB |",
        f"| `claimcheck check` 1x ({r1['mb']:.2f} MB) | {cli_1x:.2f} s | {cli_1x_rss:.0f} MB |",
        f"| `claimcheck check` {scales[-1]}x ({big_mb:.2f} MB) | {cli_big:.2f} s "
        f"| {cli_big_rss:.0f} MB |",
        f"| in-process benchmark (all scales) | | {in_process_rss:.0f} MB |",
        "",
        f"The slowest stage is *{slowest}*; its cProfile is in `benchmarks/profile.txt`.",
        "",
    ]
    if not args.no_plot and plot(rows, ROOT / "docs" / "_static" / "scaling.png"):
        lines += ["![time per stage against input size](_static/scaling.png)", ""]
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
