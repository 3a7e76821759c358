"""The package's layout: data flows one way, so no module imports one that imports it back
(function-level imports included)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "claimcheck"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def _graph() -> nx.DiGraph:
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {_module(p) for p in files}
    g = nx.DiGraph()
    for p in files:
        for target in _imports(p, modules):
            # a package's __init__ re-exporting its own submodules is not a dependency back
            if not _module(p).startswith(target + ".") or not target.startswith("claimcheck."):
                g.add_edge(_module(p), target)
    return g


def test_no_import_cycles():
    g = _graph()
    cycles = [c for c in nx.simple_cycles(g) if len(c) > 1]
    parents = {c for c in g if c.count(".") > 0}
    # a package importing its submodules and a submodule importing the package's names is
    # how Python packages work; anything else is a circle
    real = [c for c in cycles if not any(a.startswith(b + ".") or b.startswith(a + ".")
                                          for a in c for b in c if a != b)]  # fmt: skip
    assert parents and not real, real[:5]


def test_no_check_imports_another_check():
    """Checks share questions through claimcheck.rules.queries, never through each other."""
    checks = PACKAGE / "rules" / "checks"
    modules = {_module(p) for p in PACKAGE.rglob("*.py")}
    for path in checks.glob("*.py"):
        if path.name == "__init__.py":
            continue
        others = {m for m in _imports(path, modules) if m.startswith("claimcheck.rules.checks.")}
        assert not others, f"{path.name} imports {sorted(others)}"


MAX_CHECK_LINES = 420


def test_check_modules_stay_small():
    """One module per rule or cohesive rule group: none grows past ~400 lines (shared
    questions go to claimcheck.rules.queries, views, setup_terms or captions)."""
    checks = PACKAGE / "rules" / "checks"
    long = {
        p.name: n
        for p in checks.glob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_CHECK_LINES
    }
    assert not long, long


# Checks read facts; they never run an extractor again. These are the extractor entry
# points (sentence splitting, condition detectors, test assignment, quantity and table
# readers, tool-run parsers, the index builders): a check reads their output from the
# fact store (claimcheck.facts.FactStore: its index, text, view and questions).
EXTRACTORS = (
    "claimcheck.extract.conditions", "claimcheck.extract.sentences",
    "claimcheck.extract.benchtests", "claimcheck.extract.quantities",
    "claimcheck.extract.numbers", "claimcheck.extract.pipeline",
    "claimcheck.extract.docindex", "claimcheck.extract.cellfacts",
    "claimcheck.extract.toolfacts", "claimcheck.extract.statsets",
    "claimcheck.extract.eventcounts", "claimcheck.extract.modeltokens",
    "claimcheck.extract.statedload",
    "claimcheck.extract.measurements", "claimcheck.extract.devices",
    "claimcheck.extract.entities", "claimcheck.extract.grid", "claimcheck.extract.gridfacts",
    "claimcheck.extract.tablefacts", "claimcheck.extract.scoping",
    "claimcheck.extract.provenance", "claimcheck.extract.runs.collect",
    "claimcheck.extract.runs.commands", "claimcheck.extract.runs.outputs",
    "claimcheck.extract.runs.prose",
)  # fmt: skip
# What a check may import from claimcheck.extract: fact types and queries over facts.
FACT_MODULES = {
    "claimcheck.extract.runs.query", "claimcheck.extract.runs.model",
    "claimcheck.extract.runs.semantics",
    "claimcheck.extract.provenance_fact",
}  # fmt: skip


def _extractor(module: str) -> bool:
    return any(module == e or module.startswith(e + ".") for e in EXTRACTORS)


def test_no_check_reruns_an_extractor():
    """A check imports from claimcheck.extract only fact types and queries over facts."""
    checks = PACKAGE / "rules" / "checks"
    modules = {_module(p) for p in PACKAGE.rglob("*.py")}
    assert {e for e in EXTRACTORS if e in modules} == set(EXTRACTORS)  # the list is current
    assert not {m for m in FACT_MODULES if _extractor(m)}
    for path in checks.glob("*.py"):
        used = {m for m in _imports(path, modules) if m.startswith("claimcheck.extract")}
        bad = {m for m in used if _extractor(m) or m not in FACT_MODULES}
        assert not bad, f"{path.name} runs extractors {sorted(bad)}"
