"""Configuration files, per-file ignores and inline suppression, from the CLI and the API."""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.cli import main
from claimcheck.errors import ConfigError

REPORT = (
    "# Results\n\n"
    "The blade drew only 150 W, 55% of the 400 W used by the older appliance.\n\n"
    "Cluster B moved 2.2x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n"
)


def codes(result):
    """Codes of the arithmetic findings (the snippets are too short for D rules to be quiet)."""
    return sorted({f.rule for f in result.findings if f.rule.startswith("A")})


def test_pyproject_settings_apply(tmp_path, monkeypatch, capsys):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.claimcheck]\nignore = ["A003"]\nfail-on = "error"\n'
    )
    (tmp_path / "r.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    assert codes(claimcheck.check("r.md")) == ["A002"]
    assert main(["check", "r.md"]) == 1
    out = capsys.readouterr().out
    assert "A002" in out and "A003" not in out


def test_dotfile_and_per_file_ignores(tmp_path, monkeypatch):
    (tmp_path / ".claimcheck.toml").write_text('[per-file-ignores]\n"archive/*.md" = ["A"]\n')
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "old.md").write_text(REPORT)
    (tmp_path / "new.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    result = claimcheck.check(["archive/old.md", "new.md"])
    assert {f.path for f in result.findings if f.rule.startswith("A")} == {"new.md"}


def test_cli_options_override_config(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.claimcheck]\nselect = ["A003"]\n')
    (tmp_path / "r.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    assert codes(claimcheck.check("r.md")) == ["A003"]
    assert codes(claimcheck.check("r.md", select="A002")) == ["A002"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[tool.claimcheck]\nselect = ["Q9"]\n', "unknown rule code"),
        ('[tool.claimcheck]\ncolour = "red"\n', "unknown key"),
        ('[tool.claimcheck]\nfail-on = "fatal"\n', "fail-on"),
        ("[tool.claimcheck\n", "invalid TOML"),
    ],
)
def test_bad_config_is_exit_2_with_file(tmp_path, monkeypatch, capsys, content, message):
    (tmp_path / "pyproject.toml").write_text(content)
    (tmp_path / "r.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "r.md"]) == 2
    err = capsys.readouterr().err
    assert "pyproject.toml" in err and message in err and "Traceback" not in err
    with pytest.raises(ConfigError):
        claimcheck.check("r.md")


def test_explicit_config_flag(tmp_path, capsys):
    cfg = tmp_path / "house.toml"
    cfg.write_text('ignore = ["A002"]\n')
    report = tmp_path / "r.md"
    report.write_text(REPORT)
    main(["check", str(report), "--config", str(cfg)])
    assert "A002" not in capsys.readouterr().out


def test_disable_next_line():
    text = REPORT.replace(
        "Cluster B",
        '<!-- claimcheck: disable-next-line=A002 reason="checked by hand" -->\nCluster B',
    )
    assert codes(claimcheck.check_text(text)) == ["A003"]


def test_disable_rest_of_file_and_plain_text_form():
    text = REPORT.replace("# Results\n", "# Results\n\nclaimcheck: disable=A\n")
    assert codes(claimcheck.check_text(text)) == []
    before = (
        "The box drew 150 W, 55% of the 400 W of the old one.\n\n"
        + "<!-- claimcheck: disable=A003 -->\n"
    )
    assert codes(claimcheck.check_text(before + REPORT)) == ["A002", "A003"]


def test_unknown_code_in_suppression_is_an_error(capsys, tmp_path):
    report = tmp_path / "r.md"
    report.write_text("<!-- claimcheck: disable-next-line=ZZ99 -->\n" + REPORT)
    assert main(["check", str(report)]) == 2
    assert "ZZ99" in capsys.readouterr().err
