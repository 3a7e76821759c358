"""The distribution as users meet it: its name on the package index in every install
instruction, one version, the licence and metadata, the docs host SARIF points at."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import claimcheck
from claimcheck._version import DISTRIBUTION, _source_version

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]

# What users read: the README, the documentation, the Action and the package's own messages.
INSTRUCTION_FILES = sorted(
    {
        ROOT / "README.md",
        ROOT / "action.yml",
        ROOT / ".pre-commit-hooks.yaml",
        ROOT / "Makefile",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "docs").glob("*.rst"),
        *(ROOT / "docs").glob("*.ipynb"),
        *(ROOT / "claimcheck").rglob("*.py"),
    }
)
PIP_INSTALL = re.compile(r"pip3? install\b([^\n`#;&|)]*)")


def _install_targets(text: str) -> list[str]:
    """Every package-index name after a ``pip install`` in ``text`` (paths and options not)."""
    names = []
    for args in PIP_INSTALL.findall(text):
        for token in args.replace("\\n", " ").split():
            token = token.strip("'\",")
            if not token or token.startswith(("-", ".", "/", "$", "{")):
                continue  # an option, a local path or a variable
            names.append(re.split(r"[\[<>=!~ ]", token, maxsplit=1)[0].lower())
    return names


def test_the_distribution_name_is_the_one_the_project_declares():
    assert PROJECT["name"] == DISTRIBUTION == "claimcheck-reports"
    assert PROJECT["scripts"] == {"claimcheck": "claimcheck.cli:main"}  # the command stays


def test_install_instructions_name_only_the_distribution():
    seen = {}
    for path in INSTRUCTION_FILES:
        for name in _install_targets(path.read_text(encoding="utf-8")):
            seen.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    ours = {n: where for n, where in seen.items() if n.startswith("claimcheck")}
    assert set(ours) == {DISTRIBUTION}, ours  # never the unrelated project called claimcheck
    for must in ("README.md", "docs/quickstart.md", "claimcheck/ingest/pdf.py"):
        assert must in ours[DISTRIBUTION]


def test_install_target_parsing():
    assert _install_targets("run `pip install 'claimcheck-reports[pdf]'` first") == [
        "claimcheck-reports"
    ]
    assert _install_targets("pip install claimcheck  # wrong") == ["claimcheck"]
    assert _install_targets('pip install -e ".[dev]" && pip install . "$X"') == []


def test_extra_hints_name_the_distribution():
    from claimcheck.ingest.pdf import EXTRA_HINT

    assert f"pip install '{DISTRIBUTION}[pdf]'" in EXTRA_HINT


def test_version_has_one_source():
    assert claimcheck.__version__ == PROJECT["version"]
    assert "__version__" in dir(claimcheck)
    typed = re.compile(re.escape(PROJECT["version"]).join(["[\"']", "[\"']"]))
    for path in [*(ROOT / "claimcheck").rglob("*.py"), ROOT / "docs" / "conf.py"]:
        assert not typed.search(path.read_text(encoding="utf-8")), path
    out = subprocess.run(
        [sys.executable, "-m", "claimcheck", "--version"], capture_output=True, text=True
    )
    assert out.stdout.strip() == f"claimcheck {PROJECT['version']}"


def test_source_version_reads_only_this_distributions_pyproject(tmp_path: Path):
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "other"\nversion = "9.9"\n', encoding="utf-8")
    assert _source_version(other) == "0+unknown"
    other.write_text(f'[project]\nname = "{DISTRIBUTION}"\nversion = "2.3.4"\n', encoding="utf-8")
    assert _source_version(other) == "2.3.4"
    assert _source_version(tmp_path / "missing.toml") == "0+unknown"


def test_licence_classifiers_and_urls():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and PROJECT["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]
    minor = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {minor}" in PROJECT["classifiers"]
    assert PROJECT["urls"]["Documentation"].startswith(f"https://{DISTRIBUTION}.readthedocs.io/")
    assert "LICENSE" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_runtime_dependencies_are_the_ones_used():
    """Each run-time dependency is imported by the package (none declared and unused), and
    what the command line uses outside the dev extra is a run-time dependency."""
    imports = {
        "lark": "lark",
        "pint": "pint",
        "pydantic": "pydantic",
        "networkx": "networkx",
        "charset-normalizer": "charset_normalizer",
        "markdown-it-py": "markdown_it",
        "pathspec": "pathspec",
        "rich": "rich",
        "pyahocorasick": "ahocorasick",
    }
    declared = {re.split(r"[<>=\[ ]", d, maxsplit=1)[0] for d in PROJECT["dependencies"]}
    assert declared == set(imports)
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "claimcheck").rglob("*.py"))
    for module in imports.values():
        assert re.search(rf"^\s*(?:from|import) {module}\b", source, re.MULTILINE), module


def test_docs_host_is_the_one_read_the_docs_builds(tmp_path: Path, monkeypatch):
    yaml = pytest.importorskip("yaml")
    rtd = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert rtd["version"] == 2
    assert (ROOT / rtd["sphinx"]["configuration"]).is_file()
    [install] = rtd["python"]["install"]
    extras = PROJECT["optional-dependencies"]
    assert install["path"] == "." and set(install["extra_requirements"]) <= set(extras)
    docs_needs = {re.split(r"[<>=\[ ]", d, maxsplit=1)[0] for d in extras["docs"]}
    assert {"sphinx", "myst-nb"} <= docs_needs

    from claimcheck.report import sarif

    assert f"https://{DISTRIBUTION}.readthedocs.io/en/latest/" == sarif.INFORMATION_URI
    # helpUri is a page the build writes: docs/<path>.rst becomes <path>.html
    spec = importlib.util.spec_from_file_location("gen_rules", ROOT / "docs" / "gen_rules.py")
    gen_rules = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "gen_rules", gen_rules)  # its dataclasses look it up
    spec.loader.exec_module(gen_rules)
    pages = gen_rules.generate(out_dir=tmp_path / "rules", accuracy_md=None)
    built = {p.relative_to(tmp_path).with_suffix(".html").as_posix() for p in pages}
    for rule in claimcheck.rules():
        uri = sarif.HELP_URI.format(code=rule.code)
        assert uri.removeprefix(sarif.INFORMATION_URI) in built


def test_no_merge_leftovers_are_tracked():
    proc = subprocess.run(
        ["git", "ls-files", "*.orig", "*.rej", "*.py~"], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode != 0:
        pytest.skip("not a git checkout")
    assert proc.stdout.split() == []


def test_sarif_tool_version_is_the_package_version():
    from claimcheck.report.sarif import format_findings

    log = json.loads(format_findings(claimcheck.check_text("No numbers here."), []))
    assert log["runs"][0]["tool"]["driver"]["version"] == PROJECT["version"]
