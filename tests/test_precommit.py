"""The pre-commit hooks (.pre-commit-hooks.yaml), run as a user runs them: ``pre-commit
try-repo`` on this checkout from a scratch git repository holding reports, source code and
a PDF. The text hook takes the reports and never the code; the PDF hook reads the PDF with
the pdf extra it installs. pre-commit builds each hook's environment from the package
index: the test skips when pre-commit is absent or the index cannot be reached."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pdfs import make_pdf

ROOT = Path(__file__).resolve().parent.parent
WRONG = "The Vantor-7 moved 20% more traffic than the Quell-2: 110 Mbps against 100 Mbps."
# pip's words when the package index cannot be reached (no network, no proxy)
OFFLINE = re.compile(
    r"Failed to establish a new connection|Temporary failure in name resolution|"
    r"No matching distribution found|Could not find a version that satisfies|"
    r"NewConnectionError|Network is unreachable|ProxyError"
)


def test_hook_definitions():
    yaml = pytest.importorskip("yaml")
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"claimcheck", "claimcheck-pdf"}
    text, pdf = hooks["claimcheck"], hooks["claimcheck-pdf"]
    for hook in (text, pdf):
        assert hook["entry"] == "claimcheck check --force-exclude"
        assert hook["language"] == "python"
        assert "types_or" not in hook  # `text` would take every source file
    takes = re.compile(text["files"])
    for name in ("a.md", "B.MARKDOWN", "notes.txt", "guide.rst", "page.html", "old.htm"):
        assert takes.search(name), name
    for name in ("tool.py", "main.c", "Makefile", "data.json", "report.pdf", "md.py"):
        assert not takes.search(name), name
    assert re.compile(pdf["files"]).search("Report.PDF") and not re.compile(pdf["files"]).search(
        "a.md"
    )
    assert pdf["additional_dependencies"] == [".[pdf]"]  # this package's own pdf extra


def _pre_commit() -> list[str]:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        pytest.skip("pre-commit is not installed (it is in the dev extra)")
    return [sys.executable, "-m", "pre_commit"]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def test_try_repo_runs_the_hooks_on_reports_only(tmp_path: Path):
    pre_commit = _pre_commit()
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True)
    if head.returncode != 0:
        pytest.skip("this checkout is not a git repository (try-repo clones it)")
    scratch = tmp_path / "site"
    (scratch / "docs").mkdir(parents=True)
    (scratch / "docs" / "review.md").write_text(f"# Lab notes\n\n{WRONG}\n", encoding="utf-8")
    (scratch / "notes.txt").write_text(f"{WRONG}\n", encoding="utf-8")
    (scratch / "tool.py").write_text(f'NOTE = "{WRONG}"\n', encoding="utf-8")
    (scratch / "sheet.pdf").write_bytes(make_pdf([["Vantor-7 datasheet", WRONG]]))
    _git(scratch, "init", "-q")
    _git(scratch, "add", "-A")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PRE_COMMIT"))}
    env.update(
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
        GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid",
        PIP_DISABLE_PIP_VERSION_CHECK="1", PRE_COMMIT_COLOR="never",
    )  # fmt: skip
    proc = subprocess.run(
        [*pre_commit, "try-repo", str(ROOT), "--all-files", "--verbose"],
        cwd=scratch, capture_output=True, text=True, timeout=1200, env=env,
    )  # fmt: skip
    out = proc.stdout + proc.stderr
    if proc.returncode != 1 and OFFLINE.search(out):
        pytest.skip("pre-commit could not install the hooks: the package index is unreachable")
    assert proc.returncode == 1, out  # findings fail the hooks
    text_part, _, pdf_part = out.partition("claimcheck (PDF)")
    assert "docs/review.md:3:" in text_part and "notes.txt:1:" in text_part
    assert "A001" in text_part
    assert "tool.py" not in out  # source code is not a report
    assert "sheet.pdf" not in text_part
    assert re.search(r"sheet\.pdf:\d+:\d+(?::\d+)?: A001", pdf_part), out  # page:line:col
