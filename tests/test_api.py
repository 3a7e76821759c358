"""The Python API: check, check_text, extract, rules, and the models they return."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import claimcheck
from claimcheck import api
from claimcheck.cli import main
from claimcheck.errors import ClaimcheckError, ConfigError, InputError
from claimcheck.models import CheckResult, Extraction

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "adc-comparison.md"

WRONG_DELTA = "Edge-9 was 20% higher than Gate-2 at 110 Mbps compared with 100 Mbps.\n"
WRONG_RATIO = (
    "Cluster B moved 2.2x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n"
)
RIGHT_RATIO = (
    "Cluster B moved 1.78x the traffic of cluster A at 4,100 Mbps compared with 2,300 Mbps.\n"
)
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64 + bytes(range(256)) * 4


# The A rules judge the arithmetic of single claims; the report-level rules (C, D, M, S)
# also fire on one-sentence texts, so tests that count findings select "A".


def test_check_text_returns_findings():
    assert "A001" in {f.rule for f in api.check_text(WRONG_DELTA).findings}
    result = api.check_text(WRONG_DELTA, select="A")
    assert isinstance(result, CheckResult)
    assert result.errors == []
    [finding] = result.findings
    assert (finding.rule, finding.name, finding.severity) == ("A001", "percent-delta", "error")
    assert finding.path == "<text>"
    assert (finding.line, finding.column) == (1, WRONG_DELTA.index("20%") + 1)
    assert "20% higher" in finding.message
    assert [c.stated for c in result.claims] == ["20% higher"]
    assert result.claims[0].status == "inconsistent"
    assert result.worst_severity() == "error"


def test_check_text_name_and_selection():
    text = WRONG_DELTA + "\n" + WRONG_RATIO
    result = api.check_text(text, name="bench.md", select="A")
    assert {f.path for f in result.findings} == {"bench.md"}
    assert sorted(f.rule for f in result.findings) == ["A001", "A002"]
    assert [f.rule for f in api.check_text(text, select="A002").findings] == ["A002"]
    assert [f.rule for f in api.check_text(text, select=["a002"]).findings] == ["A002"]
    assert [f.rule for f in api.check_text(text, select="A", ignore=["A002"]).findings] == ["A001"]
    assert api.check_text(text, select="A", ignore="A").findings == []
    assert not [f for f in api.check_text(text, ignore="A").findings if f.rule.startswith("A")]


def test_check_text_clean_report():
    result = api.check_text(RIGHT_RATIO, select="A")
    assert result.findings == [] and result.errors == []
    assert result.worst_severity() is None
    assert [c.status for c in result.claims] == ["consistent"]


def test_unknown_rule_code_raises_config_error():
    with pytest.raises(ConfigError, match="Z999"):
        api.check_text(WRONG_DELTA, select="Z999")
    with pytest.raises(ClaimcheckError):
        api.check(EXAMPLE, ignore=["Q"])


@pytest.fixture
def report_dir(tmp_path: Path) -> Path:
    root = tmp_path / "reports"
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "a.md").write_text("# A\n\n" + WRONG_DELTA, encoding="utf-8")
    (root / "sub" / "b.txt").write_text(WRONG_RATIO, encoding="utf-8")
    (root / "sub" / "deeper" / "c.MD").write_text(RIGHT_RATIO, encoding="utf-8")
    (root / "sub" / "bad.md").write_bytes(PNG)  # a supported suffix, binary content
    (root / "image.png").write_bytes(PNG)  # not a report: skipped
    (root / "notes.json").write_text('{"x": "20% higher"}', encoding="utf-8")  # skipped
    return root


def test_check_directory_recurses_and_collects_errors(report_dir: Path):
    result = api.check(report_dir, select="A")
    assert [Path(e.path) for e in result.errors] == [report_dir / "sub" / "bad.md"]
    assert "binary" in result.errors[0].message
    by_file = {(Path(f.path).relative_to(report_dir).as_posix(), f.rule) for f in result.findings}
    assert by_file == {("a.md", "A001"), ("sub/b.txt", "A002")}
    # the clean file in the nested folder was read too: its claim is among the facts
    assert "1.78x" in [c.stated for c in result.claims]
    a001 = next(f for f in result.findings if f.rule == "A001")
    assert (a001.line, a001.column) == (3, WRONG_DELTA.index("20%") + 1)


def test_check_accepts_str_path_and_list(report_dir: Path):
    one = api.check(str(report_dir / "a.md"), select="A")
    assert [f.rule for f in one.findings] == ["A001"]
    both = api.check([report_dir / "a.md", str(report_dir / "sub" / "b.txt")], select="A")
    assert sorted(f.rule for f in both.findings) == ["A001", "A002"]
    assert both.errors == []


def test_check_missing_path_goes_to_errors(tmp_path: Path):
    missing = tmp_path / "missing.md"
    result = api.check([missing, EXAMPLE])
    assert [e.path for e in result.errors] == [str(missing)]
    assert "no such file" in result.errors[0].message  # the path is in .path, not repeated
    assert result.findings  # the example was still checked


def test_model_dump_json_equals_cli_json(report_dir: Path, capsys):
    result = api.check(report_dir)
    rc = main(["check", "--format", "json", str(report_dir)])
    out, err = capsys.readouterr()
    assert rc == 2  # an unreadable input is exit 2 even with findings
    assert "bad.md" in err
    cli_data = json.loads(out)
    assert json.loads(result.model_dump_json()) == cli_data
    assert set(cli_data) == {"version", "findings", "errors"}
    # claims, conditions and measurements are facts, not part of the findings document
    assert "claims" not in cli_data


def test_model_dump_json_equals_cli_json_for_example(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rel = "examples/adc-comparison.md"
    assert main(["check", "--format", "json", rel]) == 1
    cli_data = json.loads(capsys.readouterr().out)
    assert json.loads(api.check(rel).model_dump_json()) == cli_data
    assert json.loads(claimcheck.check(rel).model_dump_json()) == cli_data


def test_result_round_trips_through_json():
    result = api.check_text(WRONG_DELTA + WRONG_RATIO)
    again = CheckResult.model_validate_json(result.model_dump_json())
    assert again.findings == result.findings
    assert again.errors == result.errors


def test_extract_str_vs_path(tmp_path: Path):
    text = EXAMPLE.read_text(encoding="utf-8")
    from_path = api.extract(EXAMPLE)
    from_str = api.extract(text)
    assert isinstance(from_path, Extraction) and isinstance(from_str, Extraction)
    assert from_path.path == str(EXAMPLE)
    assert from_str.path == "<text>"
    assert from_path.claims and from_path.claims == from_str.claims
    assert from_path.measurements == from_str.measurements
    assert from_path.conditions == from_str.conditions
    named = api.extract(text, name=str(EXAMPLE))
    assert named.model_dump() == from_path.model_dump()


def test_extract_str_is_text_not_a_path(tmp_path: Path, monkeypatch):
    # a str is always report text, even when it happens to name an existing file
    monkeypatch.chdir(tmp_path)
    (tmp_path / "report.md").write_text(WRONG_DELTA, encoding="utf-8")
    assert api.extract("report.md").claims == []
    assert [c.stated for c in api.extract(Path("report.md")).claims] == ["20% higher"]


def test_extract_claim_fields():
    [claim] = api.extract(WRONG_RATIO).claims
    assert claim.kind == "ratio"
    assert claim.rule == "A002"
    assert claim.stated == "2.2x"
    assert claim.status == "inconsistent"
    assert claim.recomputed == "1.78x"
    assert (claim.line, claim.column) == (1, WRONG_RATIO.index("2.2x") + 1)
    assert [o.text for o in claim.operands] == ["4,100 Mbps", "2,300 Mbps"]
    data = json.loads(claim.model_dump_json())
    assert {"line", "kind", "text", "stated", "recomputed", "status"} <= set(data)


def test_extract_missing_path_raises_input_error(tmp_path: Path):
    missing = tmp_path / "missing.md"
    with pytest.raises(InputError, match="missing.md"):
        api.extract(missing)


def test_rules_registry():
    specs = api.rules()
    codes = [r.code for r in specs]
    assert {"A001", "A002", "A003", "A005", "A006", "A007"} <= set(codes)
    for spec in specs:
        assert spec.name and spec.summary
        assert spec.severity in ("error", "warning", "info")
        if spec.code.startswith("A"):
            assert {ex.kind for ex in spec.examples} == {"bad", "good"}


def test_top_level_functions_are_the_api():
    for name in ("check", "check_text"):
        assert getattr(claimcheck, name) is getattr(api, name)
    assert set(claimcheck.__all__) >= {"check", "check_text", "extract", "rules"}


def test_top_level_extract_str_vs_path_repeatedly():
    # claimcheck.extract is also the name of a subpackage; once that is imported the
    # attribute must still be callable, every time, for both kinds of source.
    import claimcheck.extract.pipeline  # noqa: F401

    for _ in range(2):
        from_str = claimcheck.extract(EXAMPLE.read_text(encoding="utf-8"))
        from_path = claimcheck.extract(EXAMPLE)
        assert from_str.claims == from_path.claims
        assert from_path.path == str(EXAMPLE)


def test_top_level_rules_repeatedly():
    import claimcheck.rules.loader  # noqa: F401  (as any check does)

    for _ in range(2):
        assert [r.code for r in claimcheck.rules()] == [r.code for r in api.rules()]
