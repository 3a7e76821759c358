"""CPU time and peak memory of ``check_text`` on the full-size hostile documents.

Usage: python benchmarks/bench_hostile.py [--cases line,claims] [--scale 1.0]
                                          [--timeout 900]

Builds each document of ``tests/hostile.py`` at full size in a fresh interpreter,
checks it once with :func:`claimcheck.api.check_text` and prints the CPU seconds of
that call (``time.process_time``: the machine may be busy), the input size, the
throughput and the child's peak RSS (VmHWM, which includes the input text and the
interpreter). The default cases are the two the hardening work states figures for:

- ``line``: one 5 MB line, "1.5x 2% 3 Gbps vs 4 Gbps " 200,000 times;
- ``claims``: a report of 100,000 claims, one paragraph each (about 6 MB);

``--cases all`` adds the other shapes (claims on one line, in one paragraph, in list
items and in table rows, a device table of 100,000 rows, a small report written out
1,000 times). ``--scale 0.1`` builds a tenth of each size (a quick look; or, with
``PYTHONPATH`` pointing at an older checkout, the largest size that still finishes).
A run that does not finish within ``--timeout`` seconds is reported as such.
Nothing here runs in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# case -> (builder in tests/hostile.py, full size)
CASES = {
    "line": ("long_line", 200_000),
    "claims": ("claims_in_paragraphs", 100_000),
    "claims-one-line": ("claims_on_one_line", 100_000),
    "claims-one-paragraph": ("claims_in_one_paragraph", 100_000),
    "claims-list": ("claims_in_list", 100_000),
    "claims-table": ("claims_in_table", 100_000),
    "device-table": ("device_table", 100_000),
    "repeated-report": ("repeated_report", 1_000),
}
DEFAULT = ("line", "claims")

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from hostile import BUILDERS
build, name = BUILDERS[sys.argv[2]]
text = build(int(sys.argv[3]))
from claimcheck.api import check_text
start = time.process_time()
result = check_text(text, name)
cpu = time.process_time() - start
peak = 0
with open("/proc/self/status") as f:
    peak = next((int(line.split()[1]) for line in f if line.startswith("VmHWM:")), 0)
out = {"cpu": cpu, "mb": len(text.encode()) / 1e6, "findings": len(result.findings),
       "claims": len(result.claims), "rss_mb": peak / 1024}
with open(sys.argv[4], "w") as f:
    json.dump(out, f)
"""


def run_case(builder: str, size: int, timeout: float) -> dict | None:
    """Build and check one document in a fresh interpreter; None when it ran out of time."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = [sys.executable, "-c", CHILD, str(ROOT / "tests"), builder, str(size), out.name]
        try:
            subprocess.run(args, check=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return json.loads(Path(out.name).read_text())


def main(argv: list[str] | None = None) -> int:
    """Run the chosen cases and print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default=",".join(DEFAULT), help="comma-separated, or 'all'")
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full sizes")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per case")
    args = ap.parse_args(argv)
    names = list(CASES) if args.cases == "all" else args.cases.split(",")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; CPU seconds of check_text")
    for case in names:
        builder, full = CASES[case]
        size = max(1, round(full * args.scale))
        found = run_case(builder, size, args.timeout)
        if found is None:
            print(f"{case:22} n={size:>7}: did not finish in {args.timeout:g} s")
            continue
        rate = found["mb"] / found["cpu"] if found["cpu"] else float("inf")
        print(f"{case:22} n={size:>7}: {found['mb']:5.2f} MB  {found['cpu']:7.1f} s CPU  "
              f"{rate:5.3f} MB/s  peak RSS {found['rss_mb']:6.0f} MB  "
              f"{found['claims']} claims, {found['findings']} findings", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
