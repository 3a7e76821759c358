"""User rule folders, and rule files that are wrong: exit 2 with file, line and problem."""

from __future__ import annotations

import pytest

import claimcheck
from claimcheck.cli import main
from claimcheck.errors import RuleError
from claimcheck.rules.registry import Hit, check

REPORT = (
    "## SSL Transactions per Second\n\nThe appliance completed 48,000 TPS with 2048-bit keys.\n"
)

GOOD_RULE = """
code = "X101"
name = "big-tps"
severity = "warning"
subject = "measurement"
summary = "House rule: TPS figures above 40k need a second review."
match = 'measurement.metric == "ssl_tps" and measurement.value > 40000'
message = "TPS {measurement.text} is above the house review threshold"

[[examples]]
kind = "bad"
text = "x"
expect = ["X101"]
"""


def write(tmp_path, name, text):
    folder = tmp_path / "house"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)
    return str(folder)


def test_user_rule_runs_from_cli_and_api(tmp_path, capsys):
    folder = write(tmp_path, "X101.toml", GOOD_RULE)
    result = claimcheck.check_text(REPORT, rules_dir=[folder], select="X")
    assert [f.rule for f in result.findings] == ["X101"]
    assert "48,000 TPS" in result.findings[0].message
    report = tmp_path / "r.md"
    report.write_text(REPORT)
    args = ["check", str(report), "--rules-dir", folder, "--select", "X101", "--fail-on", "warning"]
    assert main(args) == 1
    assert "X101" in capsys.readouterr().out
    assert main(["rules", "--rules-dir", folder]) == 0
    assert "X101" in capsys.readouterr().out


@pytest.mark.parametrize("code", ["X101", "x101", "big-tps"])
def test_explain_user_rule(tmp_path, capsys, code):
    folder = write(tmp_path, "X101.toml", GOOD_RULE)
    assert main(["explain", code, "--rules-dir", folder]) == 0
    out = capsys.readouterr().out
    assert out.startswith("X101 big-tps [warning]") and "House rule" in out
    assert main(["explain", code]) == 2  # without the folder the rule is unknown
    config = tmp_path / ".claimcheck.toml"
    config.write_text(f'rules-dir = ["{folder}"]\n')
    capsys.readouterr()
    assert main(["explain", code, "--config", str(config)]) == 0
    assert capsys.readouterr().out.startswith("X101 big-tps")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("code = 'X101'\nname = [\n", "invalid TOML"),
        (GOOD_RULE + "\ncolour = 'red'\n", "colour"),
        (GOOD_RULE.replace("measurement.value > 40000", "measurement.value > )"), "unexpected"),
        (
            GOOD_RULE.replace("measurement.value > 40000", "frobnicate(measurement)"),
            "unknown function",
        ),
        (GOOD_RULE.replace('code = "X101"', 'code = "A001"'), "duplicate rule code"),
        (GOOD_RULE.replace('code = "X101"', 'code = "bad"'), "code"),
        (GOOD_RULE.replace("match = ", "check = 'no_such_check'\n#"), "unknown check"),
    ],
)
def test_bad_rule_file_is_exit_2(tmp_path, capsys, text, problem):
    folder = write(tmp_path, "X101.toml", text)
    report = tmp_path / "r.md"
    report.write_text(REPORT)
    assert main(["check", str(report), "--rules-dir", folder]) == 2
    err = capsys.readouterr().err
    assert "X101.toml" in err and problem in err and "Traceback" not in err
    assert len(err.strip().splitlines()[0]) < 400


def test_type_error_in_expression_names_the_rule_file(tmp_path):
    folder = write(
        tmp_path,
        "X101.toml",
        GOOD_RULE.replace("measurement.value > 40000", 'measurement.value < "abc"'),
    )
    with pytest.raises(RuleError, match="X101.toml"):
        claimcheck.check_text(REPORT, rules_dir=[folder])


@check("test_always_raises")
def _raises(facts):
    raise ZeroDivisionError("boom")
    yield Hit(0, 0, "")  # pragma: no cover


def test_rule_that_crashes_is_an_internal_error_and_others_still_run(tmp_path):
    rule = GOOD_RULE.replace("X101", "X102").replace("match = ", "check = 'test_always_raises'\n#")
    folder = write(tmp_path, "X102.toml", rule)
    text = (
        REPORT
        + "\nCluster B moved 2.2x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n"
    )
    result = claimcheck.check_text(text, rules_dir=[folder])
    assert any("internal error in rule X102" in e.message for e in result.errors)
    assert "A002" in {f.rule for f in result.findings}


HOUSE_D001 = """
code = "X201"
name = "house-missing-condition"
severity = "warning"
summary = "House rule: TPS figures must also state the TLS version."
check = "missing_condition"

[data.required]
ssl_tps = ["tls_version"]

[[examples]]
kind = "bad"
text = "x"
expect = ["X201"]
"""


def test_user_rule_reuses_a_check_with_its_own_data(tmp_path):
    folder = write(tmp_path, "X201.toml", HOUSE_D001)
    result = claimcheck.check_text(REPORT, rules_dir=[folder], select="X201")
    assert [f.rule for f in result.findings] == ["X201"]
    assert (
        "TLS version" in result.findings[0].message or "tls" in result.findings[0].message.lower()
    )
    with_version = REPORT.replace("2048-bit keys", "2048-bit keys over TLS 1.3")
    assert claimcheck.check_text(with_version, rules_dir=[folder], select="X201").findings == []
