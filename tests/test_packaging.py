"""The wheel carries its data files and works when installed outside the checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = [
    "claimcheck/_data/grammars/claims.lark",
    "claimcheck/_data/rules/A001.toml",
    "claimcheck/units.txt",
]

SCRIPT = """
import json, sys
import claimcheck
import claimcheck.resources
n_rules = len(claimcheck.rules())
result = claimcheck.check_text(
    "Edge-9 was 20% higher than Gate-2 at 110 Mbps compared with 100 Mbps.", name="probe.md"
)
print(json.dumps({
    "n_rules": n_rules,
    "package": claimcheck.__file__,
    "rules_dir": str(claimcheck.resources.data_dir("rules")),
    "grammars_dir": str(claimcheck.resources.data_dir("grammars")),
    "findings": [[f.rule, f.line, f.column] for f in result.findings],
    "version": claimcheck.__version__,
    "prefix": sys.prefix,
}))
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONNOUSERSITE"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("build", reason="the 'build' package is not installed")
    pytest.importorskip("hatchling", reason="hatchling (the build backend) is not installed")
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=_env(),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    [whl] = out.glob("claimcheck_reports-*.whl")
    return whl


def test_wheel_contains_data_files(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in DATA_FILES:
        assert name in names
    rules = {n.rsplit("/", 1)[1] for n in names if n.startswith("claimcheck/_data/rules/")}
    assert {f.name for f in (ROOT / "rules").glob("*.toml")} <= rules
    grammars = {n.rsplit("/", 1)[1] for n in names if n.startswith("claimcheck/_data/grammars/")}
    assert {f.name for f in (ROOT / "grammars").glob("*.lark")} <= grammars
    assert not any(n.startswith(("tests/", "claimcheck/tests/")) for n in names)
    assert not any(n.endswith((".orig", ".rej", "~")) for n in names)  # merge leftovers
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_wheel_installs_and_runs_outside_the_checkout(wheel: Path, tmp_path: Path):
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
            env=_env(),
        ).stdout.strip()
    )
    # The dependencies (pydantic, lark, pint, ...) come from this interpreter's
    # site-packages, without the network. A plain path line in a .pth file adds the
    # folder to sys.path after the venv's own site-packages, and the .pth files inside it
    # (such as the editable install's) are not processed, so the wheel's copy wins.
    (site / "_project_deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install",
         "--no-deps", "--no-index", "--quiet", str(wheel)],
        capture_output=True, text=True, timeout=300, env=_env(), cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr

    proc = subprocess.run(
        [str(python), "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    installed = (site / "claimcheck").resolve()
    assert Path(info["package"]).resolve().parent == installed
    assert Path(info["rules_dir"]).resolve() == installed / "_data" / "rules"
    assert Path(info["grammars_dir"]).resolve() == installed / "_data" / "grammars"
    assert Path(info["rules_dir"]).resolve().is_relative_to(venv.resolve())
    assert info["n_rules"] == len(list((ROOT / "rules").glob("*.toml")))
    assert ["A001", 1, 12] in info["findings"]
    assert (
        info["version"]
        == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    )

    # the console script works too, from outside the checkout
    report = tmp_path / "r.md"
    report.write_text("Edge-9 was 20% higher than Gate-2 at 110 Mbps compared with 100 Mbps.\n")
    script = bindir / ("claimcheck.exe" if os.name == "nt" else "claimcheck")
    proc = subprocess.run(
        [str(script), "check", "r.md"],
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
        cwd=tmp_path,
    )
    assert proc.returncode == 1, proc.stderr
    assert "r.md:1:12: A001 [error] percent-delta: " in proc.stdout
