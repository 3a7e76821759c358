"""Accuracy on an annotated corpus: precision, recall and F1 per rule, and the misses.

Documents carry their expected findings as markers on the line before the
line they apply to (see corpus/README.md)::

    <!-- expect: A001 -->    a finding of A001 must point at the next line
    <!-- ok: M001 -->        M001 must not fire on the next line
    <!-- todo: A004 -->      a known miss: counted as expected, not failing tests

Run as ``claimcheck eval corpus/`` or ``python -m claimcheck.evaluation corpus/``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck import lazyre
from claimcheck.errors import InputError
from claimcheck.ingest.source import read_limited
from claimcheck.report.escape import printable

MARKER = lazyre.compile(
    r"<!--\s*+(expect|ok|todo)\s*+:\s*+([A-Z0-9,]++(?:[ ]++[A-Z0-9,]++)*+)\s*+-->"
)
SUFFIXES = {".md", ".txt", ".markdown", ".text"}


def markers(text: str) -> dict[str, set[tuple[str, int]]]:
    """{"expect": {(code, line)}, "ok": ..., "todo": ...} with 1-based target lines."""
    out: dict[str, set[tuple[str, int]]] = {"expect": set(), "ok": set(), "todo": set()}
    pending: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        found = MARKER.findall(line)
        if found and MARKER.sub("", line).strip() == "":
            pending.extend(found)
            continue
        for kind, codes in pending:
            out[kind].update((c.strip(), number) for c in codes.split(",") if c.strip())
        pending = []
    return out


def documents(folder: Path) -> list[Path]:
    """Annotated documents of a corpus folder (README files excluded)."""
    return sorted(
        p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.stem.lower() != "readme"
    )


@dataclass
class RuleScore:
    """Counts for one rule."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        """TP / (TP + FP), 1.0 when the rule never fired."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        """TP / (TP + FN), 1.0 when nothing was expected."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Report:
    """The accuracy of claimcheck on a corpus."""

    rules: dict[str, RuleScore] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)
    claims: int = 0
    claims_recomputed: int = 0
    documents: int = 0
    errors: list[str] = field(default_factory=list)  # "path: reason" per file not checked

    def total(self) -> RuleScore:
        """Counts over all rules."""
        t = RuleScore()
        for s in self.rules.values():
            t.tp, t.fp, t.fn = t.tp + s.tp, t.fp + s.fp, t.fn + s.fn
        return t


def evaluate(folder: Path) -> Report:
    """Check every document of ``folder`` and compare findings with its markers."""
    from claimcheck import api
    from claimcheck.rules.loader import shipped_rules

    report = Report()
    for code in sorted(r.code for r in shipped_rules()):
        report.rules[code] = RuleScore()
    for path in documents(folder):
        report.documents += 1
        try:
            raw = read_limited(str(path))
        except InputError as exc:
            report.errors.append(str(exc))
            continue
        marks = markers(raw.decode("utf-8", errors="replace"))
        result = api.check(path, config=api.Config())
        if result.errors:  # unreadable, or failed: its markers are not scored
            report.errors.extend(f"{e.path}: {e.message}" for e in result.errors)
            continue
        got = {(f.rule, f.line) for f in result.findings}
        expected = marks["expect"] | marks["todo"]
        for rule, line in sorted(expected):
            score = report.rules.setdefault(rule, RuleScore())
            if (rule, line) in got:
                score.tp += 1
            else:
                score.fn += 1
                report.misses.append(f"{path}:{line}: {rule}")
        for rule, line in sorted(got - expected):
            report.rules.setdefault(rule, RuleScore()).fp += 1
            report.false_positives.append(f"{path}:{line}: {rule}")
        report.claims += len(result.claims)
        report.claims_recomputed += sum(1 for c in result.claims if c.status != "unverifiable")
    return report


def format_markdown(report: Report) -> str:
    """The per-rule table as Markdown (published in the docs)."""
    lines = ["| rule | TP | FP | FN | precision | recall | F1 |", "|---|---|---|---|---|---|---|"]
    for code, s in sorted(report.rules.items()):
        lines.append(
            f"| {code} | {s.tp} | {s.fp} | {s.fn} | {s.precision:.2f} | {s.recall:.2f} | {s.f1:.2f} |"
        )
    t = report.total()
    lines.append(
        f"| **all** | {t.tp} | {t.fp} | {t.fn} | {t.precision:.2f} | {t.recall:.2f} | {t.f1:.2f} |"
    )
    rate = report.claims_recomputed / report.claims if report.claims else 0.0
    lines.append("")
    lines.append(f"{report.documents} documents; {report.claims_recomputed} of {report.claims} claims "
                 f"recomputed ({rate:.0%}).")  # fmt: skip
    return "\n".join(lines)


def format_text(report: Report) -> str:
    """The table plus every miss and false positive."""
    out = [format_markdown(report)]
    if report.misses:
        out.append("\nmisses (expected, not found):")
        out.extend(f"  {m}" for m in report.misses)
    if report.false_positives:
        out.append("\nfalse positives (found, not expected):")
        out.extend(f"  {m}" for m in report.false_positives)
    if report.errors:
        out.append("\nnot checked (errors):")
        out.extend(f"  {m}" for m in report.errors)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """``python -m claimcheck.evaluation CORPUS [--format text|markdown]``."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="claimcheck eval", description="accuracy on an annotated corpus"
    )
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--format", choices=("text", "markdown"), default="text")
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"claimcheck: error: {args.corpus}: not a directory", file=sys.stderr)
        return 2
    report = evaluate(args.corpus)
    text = format_text(report) if args.format == "text" else format_markdown(report)
    print("\n".join(printable(line) for line in text.split("\n")))
    for error in report.errors:
        print(f"claimcheck: {printable(error)}", file=sys.stderr)
    return 2 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
