"""Which files a check reads and which config each one uses, as ruff does it: hidden
folders, .gitignore, exclude patterns, globs, standard input, and the nearest config
walking up from each file, whatever the working directory or the form of the path."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

import claimcheck
from claimcheck import api, cli
from claimcheck.config import Finder

# An invented datasheet line: 110 vs 100 is 10% more, not 20% (A001).
WRONG = "The Vantor-7 moved 20% more traffic than the Quell-2: 110 Mbps against 100 Mbps.\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def _run(capsys, *args: str) -> tuple[int, dict]:
    code = cli.main(["check", "--format", "json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out)


def _hits(data: dict) -> set[tuple[str, str]]:
    return {(Path(f["path"]).as_posix(), f["rule"]) for f in data["findings"]}


def _paths(data: dict) -> set[str]:
    return {Path(f["path"]).as_posix() for f in data["findings"]}


@pytest.fixture
def repo(tmp_path: Path, monkeypatch) -> Path:
    """A git working tree (a .git folder is what marks one) with reports everywhere."""
    _tree(
        tmp_path,
        {
            "reports/lab.md": WRONG,
            "reports/old/archive.md": WRONG,
            "reports/notes.txt": WRONG,
            "reports/scratch.md": WRONG,
            ".hidden/secret.md": WRONG,
            ".venv/lib/site.md": WRONG,
            "build/html/page.html": f"<p>{WRONG}</p>",
            "node_modules/pkg/README.md": WRONG,
            "generated/out.md": WRONG,
            "src/tool.py": "# 20% more: 110 Mbps against 100 Mbps\n",
            ".gitignore": "generated/\n*.txt\n",
            "reports/.gitignore": "scratch.md\n!notes.txt\n",
        },
    )
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_folder_walk_skips_hidden_ignored_and_build_folders(repo: Path, capsys):
    code, data = _run(capsys, ".", "--select", "A")
    assert code == 1
    # notes.txt: ignored at the top, re-included by the deeper .gitignore (git's order)
    assert _paths(data) == {"reports/lab.md", "reports/old/archive.md", "reports/notes.txt"}


def test_explicit_files_are_checked_even_where_a_walk_would_skip_them(repo: Path, capsys):
    _, data = _run(capsys, ".hidden/secret.md", "generated/out.md", "--select", "A")
    assert _paths(data) == {".hidden/secret.md", "generated/out.md"}
    # ... unless --force-exclude applies the exclusions to them (pre-commit names files)
    _, data = _run(capsys, "build/html/page.html", "reports/lab.md", "--force-exclude",
                   "--select", "A")  # fmt: skip
    assert _paths(data) == {"reports/lab.md"}


def test_gitignore_is_read_only_inside_a_repository(repo: Path, capsys):
    (repo / ".git").rmdir()
    _, data = _run(capsys, ".", "--select", "A")
    assert {"generated/out.md", "reports/scratch.md"} <= _paths(data)
    _, data = _run(capsys, ".", "--select", "A", "--no-respect-gitignore")
    assert "generated/out.md" in _paths(data)


def test_no_respect_gitignore(repo: Path, capsys):
    _, data = _run(capsys, ".", "--select", "A", "--no-respect-gitignore")
    assert {"generated/out.md", "reports/scratch.md"} <= _paths(data)
    assert not any(p.startswith((".venv", ".hidden", "build/")) for p in _paths(data))


def test_exclude_and_extend_exclude_in_the_config_are_relative_to_it(repo: Path, capsys):
    (repo / "reports" / ".claimcheck.toml").write_text(
        'extend-exclude = ["old/"]\n', encoding="utf-8"
    )
    _, data = _run(capsys, ".", "--select", "A")
    assert _paths(data) == {"reports/lab.md", "reports/notes.txt"}
    # exclude = [] drops the default list (build, node_modules, ...) under that config
    (repo / ".claimcheck.toml").write_text("exclude = []\n", encoding="utf-8")
    _, data = _run(capsys, ".", "--select", "A")
    assert {"build/html/page.html", "node_modules/pkg/README.md"} <= _paths(data)
    assert "reports/old/archive.md" not in _paths(data)  # the nearer config still applies


def test_exclude_options_on_the_command_line(repo: Path, capsys):
    _, data = _run(capsys, ".", "--select", "A", "--extend-exclude", "reports/old,notes.txt")
    assert _paths(data) == {"reports/lab.md"}
    _, data = _run(capsys, ".", "--select", "A", "--exclude", "lab.md")
    assert "build/html/page.html" in _paths(data)  # --exclude replaces the default list
    assert "reports/lab.md" not in _paths(data)


def test_glob_patterns_on_the_command_line(repo: Path, capsys):
    _, data = _run(capsys, "reports/*.md", "--select", "A")  # as a shell with `set -f` passes it
    assert _paths(data) == {"reports/lab.md"}  # scratch.md is git-ignored
    _, data = _run(capsys, "**/*.md", "--select", "A")
    assert _paths(data) == {"reports/lab.md", "reports/old/archive.md"}
    code = cli.main(["check", "nothing/*.md"])
    assert code == 2
    assert "no file matches the pattern" in capsys.readouterr().err


def test_standard_input(repo: Path, capsys, monkeypatch):
    def feed(text: str) -> None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))

    feed(WRONG)
    code, data = _run(capsys, "-", "--select", "A")
    assert code == 1 and _hits(data) == {("<stdin>", "A001")}
    # the name picks the reader (HTML here) and the config; output names the file
    feed(f"<html><body><p>{WRONG}</p></body></html>")
    _, data = _run(capsys, "-", "--stdin-filename", "reports/page.html", "--select", "A")
    assert _hits(data) == {("reports/page.html", "A001")}
    (repo / "reports" / ".claimcheck.toml").write_text(
        '[per-file-ignores]\n"page.html" = ["A001"]\n', encoding="utf-8"
    )
    feed(WRONG)
    code, data = _run(capsys, "-", "--stdin-filename", "reports/page.html", "--select", "A")
    assert code == 0 and data["findings"] == []
    # with files: stdin is one more input
    feed(WRONG)
    _, data = _run(capsys, "-", "reports/lab.md", "--select", "A")
    assert _paths(data) == {"<stdin>", "reports/lab.md"}


def test_stdin_usage_errors(repo: Path, capsys):
    assert cli.main(["check", "reports/lab.md", "--stdin-filename", "x.md"]) == 2
    assert "give '-'" in capsys.readouterr().err
    assert cli.main(["check", "-", "-"]) == 2


# -- the nearest config for each file ------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    """A project config at the top, another in one folder, reports in both."""
    _tree(
        tmp_path,
        {
            "pyproject.toml": "[tool.claimcheck]\n"
            'select = ["A"]\n'
            "[tool.claimcheck.per-file-ignores]\n"
            '"team/legacy/*.md" = ["A001"]\n',
            "top.md": WRONG,
            "team/own.md": WRONG,
            "team/legacy/old.md": WRONG,
            "team/strict/.claimcheck.toml": 'select = ["A"]\nignore = ["A001"]\n',
            "team/strict/quiet.md": WRONG,
        },
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _by_name(data: dict) -> set[tuple[str, str]]:
    return {(Path(f["path"]).name, f["rule"]) for f in data["findings"]}


EXPECTED = {("top.md", "A001"), ("own.md", "A001")}  # legacy: per-file-ignored; strict: ignored


def test_each_file_uses_its_nearest_config(project: Path, capsys):
    _, data = _run(capsys, ".")
    assert _by_name(data) == EXPECTED


def test_the_same_settings_from_a_subfolder_and_with_absolute_paths(project: Path, capsys,
                                                                   monkeypatch):  # fmt: skip
    monkeypatch.chdir(project / "team")
    _, from_sub = _run(capsys, ".", "../top.md")
    assert _by_name(from_sub) == EXPECTED
    _, legacy_alone = _run(capsys, "legacy/old.md", "strict/quiet.md")
    assert legacy_alone["findings"] == []  # per-file-ignores match relative to the config
    monkeypatch.chdir(project.parent)
    _, absolute = _run(capsys, str(project / "top.md"), str(project / "team"))
    assert _by_name(absolute) == EXPECTED
    _, absolute = _run(capsys, str(project / "team" / "legacy" / "old.md"))
    assert absolute["findings"] == []


def test_fail_on_comes_from_each_files_config(project: Path, capsys, monkeypatch):
    warning_only = "The Vantor-7 moved 110 Mbps of traffic.\n"  # D001, D002: warnings
    (project / "pyproject.toml").write_text('[tool.claimcheck]\nfail-on = "error"\n')
    (project / "team" / "strict" / ".claimcheck.toml").write_text('fail-on = "warning"\n')
    (project / "lenient.md").write_text(warning_only, encoding="utf-8")
    (project / "team" / "strict" / "picky.md").write_text(warning_only, encoding="utf-8")
    monkeypatch.chdir(project.parent)  # outside both configs
    code, data = _run(capsys, str(project / "lenient.md"))
    assert code == 0 and data["findings"]
    code, _ = _run(capsys, str(project / "team" / "strict" / "picky.md"))
    assert code == 1
    code, _ = _run(capsys, str(project / "lenient.md"), "--fail-on", "warning")
    assert code == 1


def test_an_explicit_config_applies_to_every_file(project: Path, capsys):
    _, data = _run(capsys, ".", "--config", "pyproject.toml")
    assert ("quiet.md", "A001") in _by_name(data)  # team/strict's own config is not read


def test_api_check_finds_configs_per_file_too(project: Path):
    result = claimcheck.check([project / "team"])
    assert {(Path(f.path).name, f.rule) for f in result.findings} == {("own.md", "A001")}
    many = api.check_many([project / "team"])
    assert [(f.path, f.rule) for f in many.findings] == [(f.path, f.rule) for f in result.findings]


def test_finder_looks_at_each_folder_once(project: Path, monkeypatch):
    seen: list[Path] = []
    real = Finder._nearest

    def spy(self, here):  # noqa: ANN001, ANN202
        seen.append(here)
        return real(self, here)

    monkeypatch.setattr(Finder, "_nearest", spy)
    finder = Finder()
    a = finder.for_path(project / "team" / "own.md")
    b = finder.for_path(os.path.join("team", "own.md"))
    assert a is b and a.path == project / "pyproject.toml"
    assert finder.for_path("team/strict/quiet.md").path.name == ".claimcheck.toml"


# -- the API takes paths, and says so when given text ---------------------------------


def test_check_given_report_text_points_to_check_text(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"check_text"):
        claimcheck.check(WRONG)
    with pytest.raises(ValueError, match=r"check_text"):
        claimcheck.check("Vantor-7 is 20% faster")
    # a missing file is still an error entry for that file, not an exception
    result = claimcheck.check("missing-report.md")
    assert [e.path for e in result.errors] == ["missing-report.md"]
    assert claimcheck.check_text(WRONG).findings
