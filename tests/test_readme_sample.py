"""The sample output in the README is what the command prints, in full, so it cannot go
stale; the excerpt on the docs' front page is lines of it. ``make readme`` (this file run
as a script) rewrites the README's block after a change to the rules or the output.

Also ``make demo``: it prints the example's findings and, although findings make the
exit status 1, ends without a make error."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
COMMAND = "claimcheck check examples/adc-comparison.md"
# the fenced block after "## Example" that starts with the command
BLOCK = re.compile(r"(## Example\n\n```\n)(\$ " + re.escape(COMMAND) + r"\n.*?)(```)", re.DOTALL)


def sample_output() -> str:
    """The command's output as a user sees it in a pipe (no colour), run from the root."""
    from claimcheck import cli

    here = os.getcwd()
    buffer = io.StringIO()
    old_colour = os.environ.get("NO_COLOR")
    os.environ["NO_COLOR"] = "1"
    try:
        os.chdir(ROOT)
        with redirect_stdout(buffer):
            cli.main(COMMAND.split()[1:])
    finally:
        os.chdir(here)
        if old_colour is None:
            os.environ.pop("NO_COLOR", None)
        else:
            os.environ["NO_COLOR"] = old_colour
    return f"$ {COMMAND}\n{buffer.getvalue()}"


def test_readme_sample_is_the_real_output():
    found = BLOCK.search(README.read_text(encoding="utf-8"))
    assert found, "README.md lost its '## Example' block"
    assert found.group(2) == sample_output(), (
        "README.md's sample output is stale: run `make readme` (python tests/test_readme_sample.py)"
    )


def test_docs_front_page_excerpt_is_lines_of_the_real_output():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    excerpt = re.search(r"```text\n(\$ " + re.escape(COMMAND) + r"\n.*?)```", index, re.DOTALL)
    assert excerpt
    real = set(sample_output().splitlines())
    lines = [line for line in excerpt.group(1).splitlines() if line != "..."]
    assert len(lines) > 2
    for line in lines:
        assert line in real, f"docs/index.md shows a line claimcheck no longer prints: {line}"


def test_make_demo_shows_findings_and_succeeds(tmp_path: Path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    shim = venv / "bin" / "claimcheck"  # stands for the installed command
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m claimcheck "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    (venv / ".installed").touch()  # newer than pyproject.toml: make installs nothing
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    proc = subprocess.run(
        ["make", "--no-print-directory", "demo", f"VENV={venv}"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "examples/adc-comparison.md:7:25: A002 [error]" in proc.stdout
    assert "Error" not in proc.stderr and "ignored" not in out


def main() -> None:
    """Rewrite the README's sample block with the current output."""
    text = README.read_text(encoding="utf-8")
    if not BLOCK.search(text):
        sys.exit("README.md has no '## Example' block to rewrite")
    new = BLOCK.sub(lambda m: m.group(1) + sample_output() + m.group(3), text, count=1)
    README.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
