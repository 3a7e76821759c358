"""Output formats beyond text and JSON: SARIF, GitHub annotations, Markdown, HTML,
and the notebook view of a result (``_repr_html_``, DataFrames)."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import claimcheck
from claimcheck.cli import main
from claimcheck.models import FileError, Finding
from claimcheck.report import github, html, markdown, sarif
from claimcheck.result import CheckResult
from claimcheck.rules.loader import all_rules

ROOT = Path(__file__).resolve().parents[1]
SARIF_SCHEMA = ROOT.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"
EXAMPLE = ROOT / "examples" / "adc-comparison.md"

# Two claims of our own whose arithmetic is wrong: a ratio (A002) and a share (A003).
REPORT = (
    "# Bench notes\n"
    "\n"
    "Edge throughput was 2.5x that of Gate at 9,400 Mbps compared with 4,100 Mbps.\n"
    "\n"
    "Edge drew 240 Watts, 55% of the 480 Watts drawn by Gate.\n"
)


def write(tmp_path: Path, name: str, text: str = REPORT) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str = REPORT) -> CheckResult:
    """A result for ``reports/bench.md`` checked from ``tmp_path`` as working directory."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "reports/bench.md", text)
    return claimcheck.check("reports/bench.md", select="A", config=_no_config(tmp_path))


def _no_config(tmp_path: Path) -> Path:
    cfg = tmp_path / ".claimcheck.toml"
    cfg.write_text("", encoding="utf-8")
    return cfg


def finding(rule: str, name: str, severity: str, line: int, col: int, end: int, message: str,
            path: str = "a.md") -> Finding:  # fmt: skip
    return Finding(path=path, rule=rule, name=name, severity=severity, line=line, column=col,
                   end_line=line, end_column=end, message=message)  # fmt: skip


def hand_made(message: str = "plain", path: str = "a.md") -> CheckResult:
    """A result built by hand, for formatting tests that must not depend on the rules."""
    return CheckResult(
        findings=[
            finding("A001", "percent-delta", "error", 3, 5, 9, message, path),
            finding("S008", "sponsor-interest", "info", 1, 1, 4, "sponsored", path),
            finding("M003", "rps-cps-mismatch", "warning", 2, 1, 2, "mixed", path),
        ],
        errors=[FileError(path="broken.pdf", message="broken.pdf: not a readable PDF")],
    )


# -- SARIF --------------------------------------------------------------------


def test_sarif_validates_against_the_official_schema(tmp_path, monkeypatch):
    if not SARIF_SCHEMA.is_file():
        pytest.skip(f"SARIF schema not found at {SARIF_SCHEMA}")
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)(schema)
    result = checked(tmp_path, monkeypatch)
    result.errors.append(FileError(path="missing.md", message="missing.md: no such file"))
    for log in (sarif.to_sarif(result), sarif.to_sarif(hand_made()), sarif.to_sarif(CheckResult())):
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_sarif_structure(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch)
    assert {f.rule for f in result.findings} >= {"A002", "A003"}
    log = sarif.to_sarif(result)
    assert log["version"] == "2.1.0"
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "claimcheck"
    assert driver["informationUri"].startswith("https://")
    assert driver["version"] == claimcheck.__version__
    specs = all_rules()
    assert [r["id"] for r in driver["rules"]] == [s.code for s in specs]
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for rule, spec in zip(driver["rules"], specs, strict=True):
        assert rule["name"] == spec.name
        assert rule["shortDescription"]["text"] == spec.summary
        assert rule["fullDescription"]["text"]
        assert (
            rule["helpUri"]
            == f"https://claimcheck-reports.readthedocs.io/en/latest/rules/{spec.code}.html"
        )
        assert rule["defaultConfiguration"]["level"] == levels[spec.severity]
    assert len(run["results"]) == len(result.findings)
    by_rule = {f.rule: f for f in result.findings}
    for res in run["results"]:
        assert driver["rules"][res["ruleIndex"]]["id"] == res["ruleId"]
        finding = by_rule[res["ruleId"]]
        assert res["level"] == levels[finding.severity]
        assert res["message"]["text"] == finding.message
        [loc] = res["locations"]
        art = loc["physicalLocation"]["artifactLocation"]
        assert art == {"uri": "reports/bench.md", "uriBaseId": "%SRCROOT%"}
        region = loc["physicalLocation"]["region"]
        assert region == {
            "startLine": finding.line,
            "startColumn": finding.column,
            "endLine": finding.end_line,
            "endColumn": finding.end_column,
        }
        assert set(res["partialFingerprints"]) == {sarif.FINGERPRINT_KEY}
    assert run["invocations"][0]["executionSuccessful"] is True
    assert run["invocations"][0]["toolExecutionNotifications"] == []


def test_sarif_region_points_at_the_claim(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch)
    [res] = [r for r in sarif.to_sarif(result)["runs"][0]["results"] if r["ruleId"] == "A002"]
    region = res["locations"][0]["physicalLocation"]["region"]
    line = REPORT.splitlines()[region["startLine"] - 1]
    assert line[region["startColumn"] - 1 :].startswith("2.5x")


def test_sarif_fingerprints_survive_lines_moving(tmp_path, monkeypatch):
    def prints(text: str) -> dict[str, tuple[str, int]]:
        res = sarif.to_sarif(checked(tmp_path, monkeypatch, text))["runs"][0]["results"]
        return {
            r["ruleId"]: (
                r["partialFingerprints"][sarif.FINGERPRINT_KEY],
                r["locations"][0]["physicalLocation"]["region"]["startLine"],
            )
            for r in res
        }

    before = prints(REPORT)
    again = prints(REPORT)
    moved = prints("Preface added later.\n\n\n" + REPORT)
    assert before == again
    for rule, (fp, line) in before.items():
        assert moved[rule] == (fp, line + 3)
    assert len({fp for fp, _ in before.values()}) == len(before)


def test_sarif_identical_lines_get_distinct_fingerprints():
    first = finding("A002", "ratio", "error", 1, 1, 2, "m")
    result = CheckResult(findings=[first, first.model_copy(update={"line": 2, "end_line": 2})])
    fps = [r["partialFingerprints"] for r in sarif.to_sarif(result)["runs"][0]["results"]]
    assert fps[0] != fps[1]


def test_sarif_input_errors_are_notifications():
    log = sarif.to_sarif(hand_made())
    [note] = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert note["message"]["text"] == "broken.pdf: not a readable PDF"
    uri = note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "broken.pdf"
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is False


def test_sarif_uris(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert sarif.artifact_location(str(tmp_path / "a b" / "r.md")) == {
        "uri": "a%20b/r.md",
        "uriBaseId": "%SRCROOT%",
    }
    outside = sarif.artifact_location(str(tmp_path.parent / "elsewhere.md"))
    assert outside["uri"].startswith("file:///") and "uriBaseId" not in outside
    assert sarif.artifact_location("<text>") == {"uri": "%3Ctext%3E"}


def test_cli_sarif(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "docs/r.md")
    _no_config(tmp_path)
    rc = main(["check", "docs", "missing.md", "--format", "sarif", "--select", "A"])
    out, err = capsys.readouterr()
    assert rc == 2  # an unreadable input
    log = json.loads(out)
    run = log["runs"][0]
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert uris == {"docs/r.md"}
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes] == [
        "missing.md"
    ]
    assert "missing.md" in err


# -- GitHub annotations -------------------------------------------------------


def test_github_annotations(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch)
    lines = github.format_findings(result).splitlines()
    a002 = next(x for x in lines if "title=A002 ratio" in x)
    f = next(f for f in result.findings if f.rule == "A002")
    assert a002.startswith(
        f"::error file=reports/bench.md,line={f.line},col={f.column},"
        f"endLine={f.end_line},endColumn={f.end_column},title=A002 ratio::"
    )
    assert a002.endswith(f.message.replace("%", "%25"))
    assert lines[-1].startswith(f"claimcheck: {len(result.findings)} finding")


def test_github_levels_and_escaping():
    result = hand_made(message="100% wrong\r\nsecond line")
    result.findings[0].path = "dir,with:odd/a.md"
    lines = github.format_findings(result).splitlines()
    assert lines[0].startswith("::notice file=")  # info, line 1
    assert lines[1].startswith("::warning file=")
    assert lines[2] == (
        "::error file=dir%2Cwith%3Aodd/a.md,line=3,col=5,endLine=3,endColumn=9,"
        "title=A001 percent-delta::100%25 wrong%0D%0Asecond line"
    )
    assert lines[3] == ("::error file=broken.pdf,title=claimcheck input error::not a readable PDF")
    assert github.escape_property("a:b,c%") == "a%3Ab%2Cc%25"


# -- Markdown -----------------------------------------------------------------


def test_markdown_summary():
    result = hand_made(message="a | b <script>")
    out = markdown.format_findings(result)
    assert out.startswith("## claimcheck report")
    assert "**3 findings** in 1 file" in out
    for sev in ("error", "warning", "info"):
        assert re.search(rf"^\| \S+ {sev} \| 1 \|$", out, re.M)
    rows = [x for x in out.splitlines() if x.startswith("| a.md:")]
    assert [r.split(" | ")[0] for r in rows] == ["| a.md:1", "| a.md:2", "| a.md:3"]
    assert "a \\| b \\<script\\>" in rows[2]
    # every table row has exactly the header's number of unescaped pipes
    assert all(len(re.findall(r"(?<!\\)\|", r)) == 5 for r in rows)
    assert "### Inputs not checked (1)" in out
    assert "- broken.pdf: not a readable PDF" in out


def test_markdown_no_findings():
    out = markdown.format_findings(CheckResult())
    assert "**No findings.**" in out and "| Location |" not in out


# -- HTML ---------------------------------------------------------------------


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[str] = []
        self.void = {"meta", "br", "col", "link", "img", "hr", "input"}

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        self.tags.append((tag, dict(attrs)))
        if tag not in self.void:
            self.stack.append(tag)

    def handle_endtag(self, tag):  # noqa: ANN001
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def parse_page(page: str) -> _Collector:
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.stack == []  # every element closed, properly nested
    return parser


HOSTILE = (
    "# <b>Bold</b> & co\n"
    "\n"
    'Edge throughput was 2.5x that of Gate at 9,400 Mbps compared with 4,100 Mbps. <script>alert("x")</script>\n'
)


def test_html_page_is_standalone_and_escaped(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch, HOSTILE)
    page = html.format_findings(result)
    assert page.startswith("<!DOCTYPE html>")
    tags = parse_page(page).tags
    names = [t for t, _ in tags]
    assert "script" not in names and "link" not in names and "img" not in names
    assert all(not (a.get("src") or "").strip() for _, a in tags)
    assert not [a["href"] for t, a in tags if t == "a" and not a["href"].startswith("#")]
    assert "<style>" in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in page


def test_html_highlights_lines_with_messages(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch)
    page = html.format_findings(result)
    tags = parse_page(page).tags
    ids = {a.get("id") for _, a in tags if a.get("id")}
    for f in result.findings:
        anchor = f"f1-L{f.line}"
        assert anchor in ids
        row = re.search(rf'<tr id="{anchor}" class="hit {f.severity}">.*?</tr>', page, re.S)
        assert row, anchor
        assert "<mark" in row.group(0)
        assert f'href="#{anchor}"' in page  # the findings table links to the line
        # the message stands beside the claim's last line
        last = re.search(rf'<tr id="f1-L{f.end_line}" class="hit [a-z]+">.*?</tr>', page, re.S)
        assert html.e(f.message) in last.group(0)
    # every line of the report is shown with its number
    lines = REPORT.count("\n")
    assert f'<a href="#f1-L{lines}">{lines}</a>' in page
    assert f"f1-L{lines + 1}" not in ids


def test_html_one_section_per_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.md")
    write(tmp_path, "b.md", "Nothing to see here.\n")
    result = claimcheck.check(["a.md", "b.md"], select="A", config=_no_config(tmp_path))
    page = html.format_findings(result)
    assert page.count('<section class="file"') == 2
    assert "<h2>a.md</h2>" in page and "<h2>b.md</h2>" in page
    assert "<details>" in page  # the clean file's text is folded away


def test_cli_formats(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.md")
    _no_config(tmp_path)
    outputs = {}
    for fmt in ("github", "markdown", "html", "sarif"):
        rc = main(["check", "r.md", "--format", fmt, "--select", "A"])
        outputs[fmt] = capsys.readouterr().out
        assert rc == 1, fmt
    assert outputs["github"].startswith("::error file=r.md,")
    assert outputs["markdown"].startswith("## claimcheck report")
    assert outputs["html"].startswith("<!DOCTYPE html>")
    assert json.loads(outputs["sarif"])["version"] == "2.1.0"


# -- notebooks ----------------------------------------------------------------


def test_repr_html(tmp_path, monkeypatch):
    result = checked(tmp_path, monkeypatch, HOSTILE)
    out = result._repr_html_()
    assert "<table>" in out and "A002" in out
    assert "<script>" not in out
    parse_page(out)
    assert "No findings" not in out
    assert "0 findings" in CheckResult()._repr_html_()


def test_to_dataframe(tmp_path, monkeypatch):
    pytest.importorskip("pandas")
    result = checked(tmp_path, monkeypatch)
    df = result.to_dataframe()
    for col in ("path", "rule", "name", "severity", "line", "column", "message"):
        assert col in df.columns
    assert len(df) == len(result.findings)
    assert set(df["rule"]) == {f.rule for f in result.findings}
    assert (df[df["severity"] >= "error"]["severity"] == "error").all()
    empty = CheckResult().to_dataframe()
    assert list(empty.columns) == list(df.columns) and len(empty) == 0


def test_dataframe_has_stated_recomputed_evidence_and_rule_url():
    pytest.importorskip("pandas")
    from claimcheck.report.sarif import HELP_URI

    result = claimcheck.check_text(
        "The Vantor-7 moved 20% more traffic than the Quell-2: 110 Mbps against 100 Mbps.",
        name="sheet.md",
        select="A001",
    )
    df = result.to_dataframe()
    assert len(df) == len(result) == 1
    row = df.iloc[0]
    assert row["stated"] == "20% more" and row["recomputed"] == "10.0%"
    assert row["evidence"] == result.findings[0].evidence
    assert row["rule_url"] == HELP_URI.format(code="A001")
    assert {"stated", "recomputed", "evidence", "rule_url"} <= set(
        CheckResult().to_dataframe().columns
    )


def test_result_length_and_public_api_names():
    result = claimcheck.check_text("No figures at all.")
    assert len(result) == 0 and bool(result)  # a result stays truthy when clean
    listed = dir(claimcheck)
    for name in ("check", "check_text", "check_many", "extract", "rules", "__version__"):
        assert name in listed
    assert set(claimcheck.__all__) <= set(listed)


def test_claims_and_conditions_dataframes():
    pytest.importorskip("pandas")
    result = claimcheck.check(EXAMPLE, select="A")
    claims = result.claims_dataframe()
    assert len(claims) == len(result.claims) > 0
    assert {"line", "kind", "stated", "recomputed", "status"} <= set(claims.columns)
    conditions = result.conditions_dataframe()
    assert len(conditions) == len(result.conditions)
    assert {"name", "value", "scope", "line"} <= set(conditions.columns)


def test_dataframe_without_pandas(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    with pytest.raises(ImportError, match=r"pandas extra.*claimcheck-reports\[pandas\]"):
        hand_made().to_dataframe()
    assert "<table>" in hand_made()._repr_html_()  # the HTML view needs no pandas


# -- CI integration files -----------------------------------------------------


def test_action_definition():
    yaml = pytest.importorskip("yaml")
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert set(action["inputs"]) >= {"path", "fail-on", "args"}
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert "github/codeql-action/upload-sarif@v3" in uses
    scripts = "\n".join(s.get("run", "") for s in steps)
    # one run writes the SARIF log and the Markdown summary (the reports are checked once)
    assert scripts.count("claimcheck check ") == 1
    assert "--format sarif:claimcheck.sarif --format markdown:claimcheck-summary.md" in scripts
    assert "${{" not in scripts  # inputs reach scripts through env, not pasted into them
    assert all(s.get("shell") == "bash" for s in steps if "run" in s)
    assert steps[-1]["run"].startswith("exit ")
