"""Golden findings: claimcheck's JSON output on the corpus and the examples, committed.

``python -m tests.golden --update`` rewrites tests/golden/*.json from the current code;
tests/test_golden.py compares the current output with them byte for byte, so that a
change meant only to make claimcheck faster can show it changes no finding.
tests/golden/extract/ holds the ``claimcheck extract --format json`` output of a few
documents of different genres (tests/test_golden_extract.py): the facts, not only the
findings, stay the same through such a change.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent


def inputs() -> list[Path]:
    """The documents with goldens: every corpus document and every example report."""
    from claimcheck.evaluation import documents

    return [*documents(ROOT / "corpus"), *sorted((ROOT / "examples").glob("*.md"))]


# markdown tables and tool output, plain text with figures in prose, a spec datasheet, the example
EXTRACT_INPUTS = (
    "corpus/readme-wrk-results-table.md",
    "corpus/vendor-comparison-pdf.txt",
    "corpus/datasheet-firewall-spec-table.md",
    "examples/adc-comparison.md",
)


def extract_inputs() -> list[Path]:
    """The documents with an extract golden."""
    return [ROOT / name for name in EXTRACT_INPUTS]


def extract_golden_path(path: Path) -> Path:
    """Where the extract golden of ``path`` lives (tests/golden/extract/...)."""
    return GOLDEN / "extract" / golden_path(path).name


def render_extract(path: Path) -> str:
    """What ``claimcheck extract --format json`` prints for ``path``, relative paths."""
    from claimcheck import api
    from claimcheck.report.json import format_extraction

    text = format_extraction(api.extract(path))
    return text.replace(str(ROOT) + "/", "") + "\n"


def golden_path(path: Path) -> Path:
    """Where the golden JSON of ``path`` lives (``corpus/a.md`` -> ``corpus__a.md.json``)."""
    rel = path.resolve().relative_to(ROOT)
    return GOLDEN / ("__".join(rel.parts) + ".json")


def render(path: Path) -> str:
    """The JSON findings of ``path`` with default settings, paths relative to the project."""
    import claimcheck
    from claimcheck.report.json import format_findings

    result = claimcheck.check(path, config=claimcheck.api.Config())
    text = format_findings(result)
    return text.replace(str(ROOT) + "/", "") + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the goldens (``--update``) or list the documents whose output differs."""
    ap = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__)
    ap.add_argument("--update", action="store_true", help="rewrite the golden files")
    args = ap.parse_args(argv)
    changed = []
    for path in inputs():
        out = render(path)
        target = golden_path(path)
        if target.exists() and target.read_text(encoding="utf-8") == out:
            continue
        changed.append(target.name)
        if args.update:
            target.write_text(out, encoding="utf-8")
    for path in extract_inputs():
        out = render_extract(path)
        target = extract_golden_path(path)
        if target.exists() and target.read_text(encoding="utf-8") == out:
            continue
        changed.append("extract/" + target.name)
        if args.update:
            target.parent.mkdir(exist_ok=True)
            target.write_text(out, encoding="utf-8")
    stale = {p.name for p in GOLDEN.glob("*.json")} - {golden_path(p).name for p in inputs()}
    for name in sorted(stale):
        changed.append(name)
        if args.update:
            (GOLDEN / name).unlink()
    verb = "updated" if args.update else "differ"
    print(f"{len(changed)} golden file(s) {verb}: {' '.join(changed) or '-'}")
    return 0 if args.update or not changed else 1


if __name__ == "__main__":
    sys.exit(main())
