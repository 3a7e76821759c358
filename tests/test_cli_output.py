"""Output options of ``claimcheck check``: colour and source context on a terminal (none in a
pipe, NO_COLOR / FORCE_COLOR / --color), --statistics, --quiet, --exit-zero, --output-file,
several --format FORMAT[:FILE] in one run, and --help text for every option."""

from __future__ import annotations

import argparse
import io
import json
import re

import pytest

from claimcheck.cli import _parser, main
from claimcheck.report.terminal import SOURCE_WIDTH, source_excerpt, use_colour

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Invented products; the ratio 2.4x is wrong (4,100 / 2,300 = 1.78x).
REPORT = (
    "# Orrery G5 bench notes\n"
    "\n"
    "The Orrery G5 moved 2.4x the traffic of the Brisk K1 at 4,100 Mbps compared with 2,300 Mbps.\n"
)


class Tty(io.StringIO):
    """Standard output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "notes.md").write_text(REPORT, encoding="utf-8")
    return "notes.md"


def run(capsys, *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def run_on_tty(monkeypatch, *args: str) -> tuple[int, str]:
    out = Tty()
    monkeypatch.setattr("sys.stdout", out)
    rc = main(list(args))
    return rc, out.getvalue()


# -- colour and source context ------------------------------------------------------------


def test_piped_output_has_no_colour_and_no_source(capsys, report):
    rc, out, _ = run(capsys, "check", "--select", "A", report)
    assert rc == 1
    assert not ANSI.search(out)
    assert out.splitlines()[0].startswith("notes.md:3:")
    assert "^" not in out and " | " not in out


def test_terminal_gets_colour_and_the_source_line_with_a_caret(monkeypatch, report):
    rc, out = run_on_tty(monkeypatch, "check", "--select", "A", report)
    assert rc == 1
    assert ANSI.search(out)
    plain = ANSI.sub("", out).splitlines()
    assert plain[0].startswith("notes.md:3:21: A002 [error] ratio:")
    source = next(i for i, line in enumerate(plain) if line.startswith("3 | "))
    caret_line = plain[source + 1]
    assert caret_line.startswith("  | ")
    text, carets = plain[source][4:], caret_line[4:]
    start = carets.index("^")
    assert text[start:].startswith("2.4x")
    assert carets.strip("^ ") == "" and carets.count("^") >= len("2.4x")


def test_no_color_turns_colour_off_but_keeps_the_source(monkeypatch, report):
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = run_on_tty(monkeypatch, "check", "--select", "A", report)
    assert not ANSI.search(out)
    assert "3 | The Orrery G5" in out


def test_force_color_and_color_option(capsys, monkeypatch, report):
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert ANSI.search(run(capsys, "check", "--select", "A", report)[1])
    assert not ANSI.search(run(capsys, "check", "--select", "A", "--color", "never", report)[1])
    monkeypatch.delenv("FORCE_COLOR")
    assert ANSI.search(run(capsys, "check", "--select", "A", "--color", "always", report)[1])


def test_use_colour_decision():
    assert use_colour(Tty(), env={}) is True
    assert use_colour(io.StringIO(), env={}) is False
    assert use_colour(Tty(), env={"NO_COLOR": "1"}) is False
    assert use_colour(Tty(), env={"NO_COLOR": ""}) is True  # empty means unset
    assert use_colour(io.StringIO(), env={"FORCE_COLOR": "1"}) is True
    assert use_colour(io.StringIO(), env={"NO_COLOR": "1", "FORCE_COLOR": "1"}) is False
    assert use_colour(Tty(), "never", env={"FORCE_COLOR": "1"}) is False
    assert use_colour(io.StringIO(), "always", env={"NO_COLOR": "1"}) is True


def test_show_source_in_a_pipe_and_no_show_source_on_a_terminal(capsys, monkeypatch, report):
    _, out, _ = run(capsys, "check", "--select", "A", "--show-source", report)
    assert "3 | The Orrery G5" in out and "^^^^" in out and not ANSI.search(out)
    _, out = run_on_tty(monkeypatch, "check", "--select", "A", "--no-show-source", report)
    assert " | " not in ANSI.sub("", out)


def test_control_characters_stay_escaped_in_source_and_colour(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hostile = REPORT.replace("The Orrery", "\x1b]0;owned\x07\x1b[2JThe Orrery")
    (tmp_path / "bad\x1b[31m.md").write_text(hostile, encoding="utf-8")
    _, out = run_on_tty(monkeypatch, "check", "--select", "A", "--color", "always", ".")
    assert "\x1b]" not in out and "\x07" not in out and "\x1b[2J" not in out
    assert "\x1b[31m.md" not in out
    plain = ANSI.sub("", out)
    assert "\\x1b]0;owned\\x07" in plain and "bad\\x1b[31m.md" in plain
    # the caret still sits under the stated ratio, escapes counted as shown
    lines = plain.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("3 | "))
    assert lines[i][4:][lines[i + 1][4:].index("^") :].startswith("2.4x")


def test_a_long_source_line_is_cut_around_the_span():
    text = "x" * 5000 + " 2.4x " + "y" * 5000
    shown, offset, width = source_excerpt(text, 5001, 5005)
    assert len(shown) <= SOURCE_WIDTH + 2
    assert shown.startswith("…") and shown.endswith("…")
    assert shown[offset : offset + width] == "2.4x"


# -- statistics, quiet, exit-zero, output file ------------------------------------------


def test_statistics_counts_per_rule(capsys, report):
    rc, out, _ = run(capsys, "check", "--statistics", report)
    _, text, _ = run(capsys, "check", report)
    per_rule: dict[str, int] = {}
    for line in text.splitlines()[:-1]:
        code = line.split(": ", 2)[1].split()[0]
        per_rule[code] = per_rule.get(code, 0) + 1
    lines = out.splitlines()
    got = {}
    for line in lines[:-1]:
        m = re.match(r"^\s*(\d+)  ([A-Z]\d{3})  \[(error|warning|info)\] [a-z0-9-]+$", line)
        assert m, line
        got[m.group(2)] = int(m.group(1))
    assert got == per_rule
    counts = [int(line.split()[0]) for line in lines[:-1]]
    assert counts == sorted(counts, reverse=True)
    assert lines[-1] == text.splitlines()[-1]  # the same summary line
    assert rc == 1


def test_quiet_prints_findings_only(capsys, report):
    _, loud, _ = run(capsys, "check", "--select", "A", report)
    _, quiet, _ = run(capsys, "check", "--select", "A", "--quiet", report)
    assert quiet.splitlines() == loud.splitlines()[:-1]
    assert "finding" not in quiet.splitlines()[-1].split(": ")[0]


def test_exit_zero(capsys, report, tmp_path):
    assert run(capsys, "check", "--select", "A", report)[0] == 1
    assert run(capsys, "check", "--select", "A", "--exit-zero", report)[0] == 0
    (tmp_path / "broken.pdf").write_bytes(b"not a pdf at all")
    assert run(capsys, "check", "--exit-zero", report, "broken.pdf")[0] == 2


def test_output_file(capsys, report, tmp_path):
    _, out, _ = run(capsys, "check", "--select", "A", "--format", "json", report)
    rc, nothing, _ = run(
        capsys, "check", "--select", "A", "--format", "json", "--output-file", "o.json", report
    )
    assert rc == 1 and nothing == ""
    assert json.loads((tmp_path / "o.json").read_text(encoding="utf-8")) == json.loads(out)


def test_several_formats_in_one_run(capsys, report, tmp_path):
    rc, out, _ = run(
        capsys, "check", "--select", "A", "--format", "text",
        "--format", "sarif:out.sarif", "--format", "json:out.json",
        "--format", "markdown:sum.md", report,
    )  # fmt: skip
    assert rc == 1
    assert out.splitlines()[0].startswith("notes.md:3:21: A002")
    sarif = json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["A002"]
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [f["rule"] for f in data["findings"]] == ["A002"]
    assert "A002" in (tmp_path / "sum.md").read_text(encoding="utf-8")
    # files only: nothing on standard output
    rc, out, _ = run(capsys, "check", "--select", "A", "--format", "json:only.json", report)
    assert rc == 1 and out == ""


def test_two_formats_on_standard_output_is_a_usage_error(capsys, report):
    rc, out, err = run(capsys, "check", "--format", "json", "--format", "sarif", report)
    assert rc == 2 and out == ""
    assert "standard output" in err


@pytest.mark.parametrize("spec", ["xml", "xml:out.xml", "json:"])
def test_bad_format_specs(capsys, report, spec):
    with pytest.raises(SystemExit) as exc:
        main(["check", "--format", spec, report])
    assert exc.value.code == 2
    assert "--format" in capsys.readouterr().err


def test_unwritable_output_file_is_an_error(capsys, report, tmp_path):
    rc, _, err = run(capsys, "check", "--format", "json:no/such/dir/out.json", report)
    assert rc == 2 and "cannot write json output" in err


# -- help ---------------------------------------------------------------------------------


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_option_and_argument_has_help_text():
    parser = _parser()
    for name, sub in {"": parser, **_subparsers(parser)}.items():
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help, f"claimcheck {name}: {action.option_strings or action.dest}"


def test_check_help_has_formats_exit_codes_and_examples(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = capsys.readouterr().out
    assert "PATH" in out and "FORMAT[:FILE]" in out
    for fmt in ("text", "json", "sarif", "github", "markdown", "html"):
        assert re.search(rf"^  {fmt}\s", out, re.M), fmt
    assert "exit status:" in out
    for code in ("0", "1", "2"):
        assert re.search(rf"^  {code}  ", out, re.M)
    assert "examples:" in out and "claimcheck check report.md" in out
    assert "NO_COLOR" in out
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    assert "exit status" in top and "examples:" in top
