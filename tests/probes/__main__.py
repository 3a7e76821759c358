"""Print per-rule recall and precision on the paraphrase probes.

Usage (from the repository root): ``python -m tests.probes [--set tuned|fresh|all]
[--rule CODE] [--show]``. Recall is the share of ``bad`` probes on which the rule
fires; precision is the share of the rule's firings on its own probes that fall on
``bad`` ones (a firing on a ``good`` probe is a false hit).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from . import fired, load, passes


def _ratio(num: int, den: int) -> str:
    return f"{num / den:.2f}" if den else "  - "


def main(argv: list[str] | None = None) -> int:
    """Score the probes and print one line per rule plus a total."""
    parser = argparse.ArgumentParser(prog="python -m tests.probes")
    parser.add_argument("--set", default="tuned", choices=["tuned", "fresh", "all"])
    parser.add_argument("--rule", action="append", help="only these rule codes")
    parser.add_argument("--show", action="store_true", help="list the probes handled wrongly")
    args = parser.parse_args(argv)
    probes = [p for p in load(args.set) if not args.rule or p.rule in args.rule]
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    wrong = []
    for probe in probes:
        ok = passes(probe, codes := fired(probe))
        row = counts[probe.rule]
        row[f"{probe.kind}_n"] += 1
        row[f"{probe.kind}_fired"] += probe.rule in codes
        if not ok:
            wrong.append((probe, codes))
    print(f"{'rule':5} {'bad found':>10} {'good hit':>9} {'recall':>7} {'precision':>9}")
    total: dict[str, int] = defaultdict(int)
    for rule in sorted(counts):
        row = counts[rule]
        for key, value in row.items():
            total[key] += value
        tp, fp = row["bad_fired"], row["good_fired"]
        print(
            f"{rule:5} {tp:>4}/{row['bad_n']:<5} {fp:>3}/{row['good_n']:<5}"
            f" {_ratio(tp, row['bad_n']):>7} {_ratio(tp, tp + fp):>9}"
        )
    tp, fp = total["bad_fired"], total["good_fired"]
    print(
        f"{'all':5} {tp:>4}/{total['bad_n']:<5} {fp:>3}/{total['good_n']:<5}"
        f" {_ratio(tp, total['bad_n']):>7} {_ratio(tp, tp + fp):>9}"
    )
    if args.show:
        for probe, codes in wrong:
            what = "missed" if probe.kind == "bad" else "false hit"
            gap = f"  [gap: {probe.gap}]" if probe.gap else ""
            print(f"\n{what}: {probe.id} ({probe.genre}) fired {sorted(codes)}{gap}")
            print("  " + probe.text.strip().replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
