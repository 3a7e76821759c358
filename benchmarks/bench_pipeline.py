"""Throughput and scaling of the pipeline on corpus documents.

Usage: python benchmarks/bench_pipeline.py [--repeat N] [--max-scale K]

Builds inputs of growing size by concatenating corpus/ documents (1x .. Kx),
times ingest, extract and rules separately with time.perf_counter, and prints
medians, MB/s and the scaling ratio against 1x. Nothing here runs in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from claimcheck.extract.pipeline import extract_document
from claimcheck.ingest import read_text
from claimcheck.rules.engine import run_rules
from claimcheck.rules.loader import shipped_rules
from claimcheck.rules.selection import Selection

ROOT = Path(__file__).resolve().parent.parent


def corpus_text() -> str:
    """All corpus documents concatenated: the 1x input."""
    docs = sorted(p for p in (ROOT / "corpus").iterdir() if p.suffix in {".md", ".txt"})
    return "\n\n".join(p.read_text(encoding="utf-8") for p in docs if p.name != "README.md")


def time_stages(text: str) -> dict[str, float]:
    """Seconds spent in each stage for one input."""
    rules = list(shipped_rules())
    t0 = time.perf_counter()
    doc = read_text(text, "bench.md")
    t1 = time.perf_counter()
    extraction = extract_document(doc)
    t2 = time.perf_counter()
    run_rules(doc, extraction, rules, Selection())
    t3 = time.perf_counter()
    return {"ingest": t1 - t0, "extract": t2 - t1, "rules": t3 - t2, "total": t3 - t0}


def main() -> None:
    """Print a Markdown table of stage timings per input scale."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-scale", type=int, default=20)
    args = ap.parse_args()
    base = corpus_text()
    time_stages(base)  # warm up: registries and grammars are built once
    print("| scale | MB | ingest ms | extract ms | rules ms | total ms | MB/s | x of 1x |")
    print("|---|---|---|---|---|---|---|---|")
    first = None
    for scale in sorted({1, 2, 5, 10, args.max_scale}):
        text = "\n\n".join([base] * scale)
        runs = [time_stages(text) for _ in range(args.repeat)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        mb = len(text.encode()) / 1e6
        first = first or med["total"]
        print(f"| {scale}x | {mb:.2f} | {med['ingest'] * 1e3:.1f} | {med['extract'] * 1e3:.1f} | "
              f"{med['rules'] * 1e3:.1f} | {med['total'] * 1e3:.1f} | {mb / med['total']:.2f} | "
              f"{med['total'] / first:.1f} |")  # fmt: skip


if __name__ == "__main__":
    main()
