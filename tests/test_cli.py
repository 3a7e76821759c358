"""The ``claimcheck`` command line: exit codes, text and JSON output, rule selection."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import claimcheck
from claimcheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_REL = "examples/adc-comparison.md"
EXAMPLE = ROOT / EXAMPLE_REL
ALL_CODES = ["A001", "A002", "A003", "A005", "A006", "A007"]
FINDING_KEYS = {
    "path",
    "rule",
    "name",
    "severity",
    "line",
    "column",
    "end_line",
    "end_column",
    "message",
}
LINE_RE = re.compile(
    r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d{3}) "
    r"\[(?P<severity>error|warning|info)\] (?P<name>[a-z0-9-]+): (?P<message>\S.*)$"
)
SUMMARY_RE = re.compile(r"^(\d+) findings? \((\d+) error, (\d+) warning, (\d+) info\)$")

# A percent claim whose only problem is truncation (31.0% written as 30%): A001 at info.
INFO_ONLY = "the new build's CPU was 30% lower than the old build at 29% compared with 42%\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``claimcheck ARGS`` in-process; return (exit status, stdout, stderr)."""
    rc = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``text``."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def parse_text_report(out: str) -> tuple[list[dict[str, str]], tuple[int, ...]]:
    """Finding lines as dicts, and the summary counts (total, error, warning, info)."""
    lines = out.rstrip("\n").split("\n")
    summary = SUMMARY_RE.match(lines[-1])
    assert summary, f"no summary line at the end: {lines[-1]!r}"
    findings = []
    for line in lines[:-1]:
        m = LINE_RE.match(line)
        assert m, f"not a compiler-style finding line: {line!r}"
        findings.append(m.groupdict())
    return findings, tuple(int(g) for g in summary.groups())


@pytest.fixture
def in_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(ROOT)
    return ROOT


@pytest.fixture
def info_only_file(tmp_path: Path) -> Path:
    path = tmp_path / "truncated.md"
    path.write_text(INFO_ONLY, encoding="utf-8")
    return path


# --- check, text output ----------------------------------------------------------------------


def test_check_example_text_output(capsys, in_root):
    rc, out, err = run(capsys, "check", EXAMPLE_REL)
    assert rc == 1
    assert err == ""
    findings, (total, errors, warnings, infos) = parse_text_report(out)
    assert total == len(findings) == errors + warnings + infos
    assert {f["path"] for f in findings} == {EXAMPLE_REL}
    assert set(ALL_CODES) <= {f["code"] for f in findings}
    rules = {r.code: r for r in claimcheck.api.rules()}
    for f in findings:
        assert f["name"] == rules[f["code"]].name
        assert int(f["line"]) >= 1 and int(f["col"]) >= 1


def test_check_example_positions_point_at_the_stated_numbers(capsys, in_root):
    text = EXAMPLE.read_text(encoding="utf-8")
    rc, out, _ = run(capsys, "check", EXAMPLE_REL)
    assert rc == 1
    found = {(f["code"], int(f["line"]), int(f["col"])) for f in parse_text_report(out)[0]}
    # The wrong "2.5x" in the throughput paragraph (its second occurrence in the file).
    assert ("A002", *position(text, "2.5x that of")) in found
    assert ("A003", *position(text, "55% of the 480")) in found
    assert ("A005", *position(text, "819 BTUs")) in found
    assert ("A005", *position(text, "1,638 BTUs")) in found
    assert ("A005", *position(text, "128 bit")) in found
    assert ("A005", *position(text, "10GB")) in found
    p99_line, _ = position(text, "| p99 ")
    a007 = [f for f in found if f[0] == "A007"]
    assert a007 and all(line == p99_line for _, line, _ in a007)


REPORT = (
    "# Bench notes\n"
    "\n"
    "Intro paragraph without a single figure.\n"
    "\n"
    "  \u00dcber-9 \u2014 throughput was 20% higher than Gate-2 at 110 Mbps compared with 100 Mbps.\n"
    "\n"
    "Cluster B moved 2.2x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n"
    "\n"
    "Sizes and rates: the gateway moved\n"
    "3.1x the traffic of the old one at 4,100 Mbps compared with 2,300 Mbps.\n"
)


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_positions_point_at_stated_number(capsys, tmp_path, newline):
    path = tmp_path / "notes.md"
    path.write_bytes(REPORT.replace("\n", newline).encode("utf-8"))
    expected = {
        ("A001", *position(REPORT, "20% higher")),
        ("A002", *position(REPORT, "2.2x")),
        ("A002", *position(REPORT, "3.1x")),
    }
    assert expected == {("A001", 5, 27), ("A002", 7, 17), ("A002", 10, 1)}

    rc, out, _ = run(capsys, "check", "--select", "A", str(path))
    assert rc == 1
    findings, _ = parse_text_report(out)
    assert {(f["code"], int(f["line"]), int(f["col"])) for f in findings} == expected

    rc, out, _ = run(capsys, "check", "--select", "A", "--format", "json", str(path))
    data = json.loads(out)
    got = {(f["rule"], f["line"], f["column"]) for f in data["findings"]}
    assert got == expected
    for f in data["findings"]:
        assert (f["end_line"], f["end_column"]) > (f["line"], f["column"])


# --- check, JSON output ----------------------------------------------------------------------


def test_check_json_output(capsys, in_root):
    rc, out, err = run(capsys, "check", "--format", "json", EXAMPLE_REL)
    assert rc == 1
    assert err == ""
    data = json.loads(out)
    assert set(data) == {"version", "findings", "errors"}
    assert data["version"] == 1
    assert data["errors"] == []
    assert data["findings"]
    for f in data["findings"]:
        assert set(f) >= FINDING_KEYS
        assert f["path"] == EXAMPLE_REL
        assert f["severity"] in ("error", "warning", "info")
        assert all(isinstance(f[k], int) and f[k] >= 1 for k in ("line", "column"))
        assert isinstance(f["message"], str) and f["message"]


def test_json_and_text_outputs_agree(capsys, in_root):
    _, text_out, _ = run(capsys, "check", EXAMPLE_REL)
    _, json_out, _ = run(capsys, "check", "--format", "json", EXAMPLE_REL)
    from_text = [
        (f["path"], int(f["line"]), int(f["col"]), f["code"], f["severity"], f["name"])
        for f in parse_text_report(text_out)[0]
    ]
    from_json = [
        (f["path"], f["line"], f["column"], f["rule"], f["severity"], f["name"])
        for f in json.loads(json_out)["findings"]
    ]
    assert from_text == from_json


# --- rule selection --------------------------------------------------------------------------


@pytest.mark.parametrize("select", ["A002", "a002", " A002 ,"])
def test_select_one_rule(capsys, in_root, select):
    rc, out, _ = run(capsys, "check", "--select", select, EXAMPLE_REL)
    assert rc == 1
    findings, (total, *_) = parse_text_report(out)
    assert total == len(findings) > 0
    assert {f["code"] for f in findings} == {"A002"}


def test_ignore_a_prefix(capsys, in_root):
    rc, out, err = run(capsys, "check", "--ignore", "A", EXAMPLE_REL)
    assert err == ""
    findings, _ = parse_text_report(out)
    assert not [f for f in findings if f["code"].startswith("A")]
    assert rc == (1 if any(f["severity"] == "error" for f in findings) else 0)


def test_ignore_everything(capsys, in_root):
    # every rule family by its prefix letter ("A" alone once covered them all)
    families = ",".join(sorted({r.code[0] for r in claimcheck.api.rules()}))
    rc, out, err = run(capsys, "check", "--ignore", families, EXAMPLE_REL)
    assert rc == 0
    assert err == ""
    findings, counts = parse_text_report(out)
    assert findings == [] and counts == (0, 0, 0, 0)
    rc, out, _ = run(capsys, "check", "--ignore", families, "--format", "json", EXAMPLE_REL)
    assert rc == 0
    assert json.loads(out) == {"version": 1, "findings": [], "errors": []}
    rc, out, _ = run(capsys, "check", "--select", "A", "--ignore", "A", EXAMPLE_REL)
    assert rc == 0
    assert parse_text_report(out) == ([], (0, 0, 0, 0))


def test_select_and_ignore_longer_prefix_wins(capsys, in_root):
    _, out, _ = run(capsys, "check", "--select", "A002", "--ignore", "A", EXAMPLE_REL)
    assert {f["code"] for f in parse_text_report(out)[0]} == {"A002"}
    rc, out, _ = run(capsys, "check", "--select", "A", "--ignore", "A00", EXAMPLE_REL)
    assert rc == 0
    assert parse_text_report(out)[0] == []
    _, out, _ = run(capsys, "check", "--ignore", "A002,A005", EXAMPLE_REL)
    codes = {f["code"] for f in parse_text_report(out)[0]}
    assert {"A001", "A003", "A006", "A007"} <= codes
    assert not codes & {"A002", "A005"}


@pytest.mark.parametrize("option", ["--select", "--ignore"])
@pytest.mark.parametrize("code", ["Z999", "A999", "B"])
def test_unknown_rule_code_is_a_usage_error(capsys, in_root, option, code):
    rc, out, err = run(capsys, "check", option, code, EXAMPLE_REL)
    assert rc == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("claimcheck: ")
    assert code in err


# --- --fail-on -------------------------------------------------------------------------------


def test_info_only_finding_and_fail_on(capsys, info_only_file):
    # --select A: the report-level rules (D, S, ...) would add warnings to this one-liner
    path = str(info_only_file)
    rc, out, _ = run(capsys, "check", "--select", "A", path)
    findings, counts = parse_text_report(out)
    assert [(f["code"], f["severity"]) for f in findings] == [("A001", "info")]
    assert counts == (1, 0, 0, 1)
    assert (int(findings[0]["line"]), int(findings[0]["col"])) == position(INFO_ONLY, "30%")
    assert rc == 0  # default --fail-on error
    assert run(capsys, "check", "--select", "A", "--fail-on", "warning", path)[0] == 0
    assert run(capsys, "check", "--select", "A", "--fail-on", "error", path)[0] == 0
    assert run(capsys, "check", "--select", "A", "--fail-on", "info", path)[0] == 1
    assert run(capsys, "check", "--select", "A001", "--fail-on", "info", path)[0] == 1


def test_fail_on_with_errors(capsys, in_root):
    for level in ("error", "warning", "info"):
        assert run(capsys, "check", "--fail-on", level, EXAMPLE_REL)[0] == 1


def test_clean_report_exits_zero(capsys, tmp_path):
    path = tmp_path / "clean.md"
    path.write_text(
        "Cluster B moved 1.78x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n",
        encoding="utf-8",
    )
    rc, out, err = run(capsys, "check", "--select", "A", "--fail-on", "info", str(path))
    assert rc == 0
    assert err == ""
    assert parse_text_report(out) == ([], (0, 0, 0, 0))


def test_several_paths(capsys, in_root, info_only_file):
    rc, out, _ = run(
        capsys, "check", "--select", "A", "--format", "json", EXAMPLE_REL, str(info_only_file)
    )
    assert rc == 1
    paths = [f["path"] for f in json.loads(out)["findings"]]
    assert set(paths) == {EXAMPLE_REL, str(info_only_file)}


# --- usage errors handled by argparse ----------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["check"],
        ["check", "--format", "xml", EXAMPLE_REL],
        ["check", "--fail-on", "fatal", EXAMPLE_REL],
        ["extract"],
        ["explain"],
        ["frobnicate"],
    ],
)
def test_argparse_usage_errors_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "usage:" in err


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"claimcheck {claimcheck.__version__}"


# --- extract ---------------------------------------------------------------------------------


def test_extract_json_statuses(capsys, in_root):
    text = EXAMPLE.read_text(encoding="utf-8")
    rc, out, err = run(capsys, "extract", EXAMPLE_REL, "--format", "json")
    assert rc == 0
    assert err == ""
    data = json.loads(out)
    assert {"version", "claims", "conditions", "measurements"} <= set(data)
    assert data["version"] == 1
    assert isinstance(data["conditions"], list) and isinstance(data["measurements"], list)
    for claim in data["claims"]:
        assert {"line", "kind", "text", "stated", "recomputed", "status"} <= set(claim)
        assert claim["status"] in ("consistent", "inconsistent", "unverifiable")
    status = {(c["line"], c["stated"]): c["status"] for c in data["claims"]}
    assert status[(position(text, "2.5x that of")[0], "2.5x")] == "inconsistent"
    assert status[(position(text, "40% more")[0], "40% more")] == "consistent"
    assert status[(position(text, "60% lower")[0], "60% lower")] == "consistent"
    assert status[(position(text, "55% of")[0], "55% of")] == "inconsistent"
    recomputed = {(c["line"], c["stated"]): c["recomputed"] for c in data["claims"]}
    assert recomputed[(position(text, "2.5x that of")[0], "2.5x")] == "2.29x"


def test_extract_is_the_default_json_and_text_format(capsys, in_root):
    rc, default_out, _ = run(capsys, "extract", EXAMPLE_REL)
    assert rc == 0
    _, json_out, _ = run(capsys, "extract", "--format", "json", EXAMPLE_REL)
    assert json.loads(default_out) == json.loads(json_out)
    rc, text_out, _ = run(capsys, "extract", "--format", "text", EXAMPLE_REL)
    assert rc == 0
    assert text_out.startswith(EXAMPLE_REL)
    for claim in json.loads(json_out)["claims"]:
        assert f"line {claim['line']}: {claim['kind']} {claim['stated']!r} [{claim['status']}]" in (
            text_out
        )


def test_extract_missing_file(capsys, tmp_path):
    missing = tmp_path / "nope.md"
    rc, out, err = run(capsys, "extract", str(missing))
    assert rc == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert str(missing) in err


# --- rules and explain -----------------------------------------------------------------------


def test_rules_lists_every_rule(capsys):
    rc, out, err = run(capsys, "rules")
    assert rc == 0
    assert err == ""
    codes = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert codes == [r.code for r in claimcheck.api.rules()]
    assert set(ALL_CODES) <= set(codes)
    for line in out.splitlines():
        code, name, severity = line.split()[:3]
        spec = next(r for r in claimcheck.api.rules() if r.code == code)
        assert (name, severity) == (spec.name, spec.severity)


def test_explain_prints_docs_and_examples(capsys):
    rc, out, err = run(capsys, "explain", "A001")
    assert rc == 0
    assert err == ""
    assert out.startswith("A001 percent-delta [error]")
    spec = tomllib.loads((ROOT / "rules" / "A001.toml").read_text(encoding="utf-8"))
    assert spec["summary"] in out
    for ref in spec["references"]:
        assert f"see: {ref}" in out
    for example in spec["examples"]:
        assert f"{example['kind'].upper()} example: {example['name']}" in out
        for line in example["text"].strip().splitlines():
            assert line.strip() in out


@pytest.mark.parametrize("code", ["a001", "percent-difference"])
def test_explain_lower_case_and_alias(capsys, code):
    rc, out, _ = run(capsys, "explain", code)
    assert rc == 0
    assert out.startswith("A001 percent-delta [error]")


@pytest.mark.parametrize("code", ALL_CODES)
def test_explain_every_rule(capsys, code):
    rc, out, _ = run(capsys, "explain", code)
    assert rc == 0
    assert out.startswith(code + " ")
    assert "BAD example" in out and "GOOD example" in out


def test_explain_unknown_code(capsys):
    rc, out, err = run(capsys, "explain", "Z999")
    assert rc == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("claimcheck: ") and "Z999" in err


# --- as a separate process -------------------------------------------------------------------


def test_subprocess_matches_in_process(capsys, in_root):
    _, expected, _ = run(capsys, "check", EXAMPLE_REL)
    proc = subprocess.run(
        [sys.executable, "-m", "claimcheck.cli", "check", EXAMPLE_REL],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert proc.returncode == 1
    assert proc.stderr == ""
    assert proc.stdout == expected
    parse_text_report(proc.stdout)
