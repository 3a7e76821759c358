"""Suppression comments at the end of a line, --report-unused-suppressions, and baseline
files keyed by rule and content (so moved lines and PDFs keep their baseline)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from claimcheck.cli import main
from claimcheck.models import Document
from claimcheck.suppression import parse

# Invented products; each ratio is wrong (4,100 / 2,300 = 1.78x, 900 / 300 = 3x).
WRONG_A = (
    "The Orrery G5 moved 2.4x the traffic of the Brisk K1 at 4,100 Mbps compared with 2,300 Mbps."
)
WRONG_B = (
    "The Tarn M3 handled 5.5x the sessions of the Pell R2 at 900 sessions against 300 sessions."
)
FILLER = "The lab used one switch between the client and the appliance for every run."


def run(capsys, *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def findings(capsys, path: Path, *extra: str) -> tuple[int, list[dict]]:
    rc, out, _ = run(capsys, "check", "--select", "A", "--format", "json", *extra, str(path))
    return rc, json.loads(out)["findings"]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- trailing comments ------------------------------------------------------------------


@pytest.mark.parametrize("keyword", ["disable-line", "disable"])
def test_a_trailing_comment_silences_its_own_line(capsys, workdir, keyword):
    path = workdir / "r.md"
    path.write_text(
        f'# Notes\n\n{WRONG_A} <!-- claimcheck: {keyword}=A002 reason="quoted" -->\n\n{WRONG_B}\n',
        encoding="utf-8",
    )
    rc, found = findings(capsys, path)
    assert [(f["rule"], f["line"]) for f in found] == [("A002", 5)]  # only the other line
    assert rc == 1


def test_a_trailing_comment_in_a_text_file(capsys, workdir):
    path = workdir / "r.txt"
    path.write_text(f"{WRONG_A}  # claimcheck: disable=A\n\n{WRONG_B}\n", encoding="utf-8")
    _, found = findings(capsys, path)
    assert [f["line"] for f in found] == [3]


def test_a_trailing_next_line_comment_keeps_its_meaning(capsys, workdir):
    path = workdir / "r.md"
    path.write_text(
        f"{FILLER} <!-- claimcheck: disable-next-line=A002 -->\n{WRONG_A}\n\n{WRONG_B}\n",
        encoding="utf-8",
    )
    _, found = findings(capsys, path)
    assert [f["line"] for f in found] == [4]


def test_prose_that_names_the_tool_is_no_directive():
    doc = Document(name="r.md", text="Run claimcheck: disable=A002 is how the docs spell it.\n")
    assert parse(doc, {"A002"}).directives == []


def test_an_unknown_code_in_a_trailing_comment_is_an_error(capsys, workdir):
    path = workdir / "r.md"
    path.write_text(f"{WRONG_A} <!-- claimcheck: disable=Q123 -->\n", encoding="utf-8")
    rc, _, err = run(capsys, "check", str(path))
    assert rc == 2 and "Q123" in err and "line 1" in err


def test_many_directive_lookalikes_on_one_line_stay_linear():
    def cost(n: int) -> float:
        text = "x " + "claimcheck: " * n + "<!-- claimcheck: disable=A0 -->\n"
        doc = Document(name="r.md", text=text)
        start = time.perf_counter()
        parse(doc, {"A001"})
        return time.perf_counter() - start

    cost(1000)
    small, large = min(cost(5000) for _ in range(3)), min(cost(40000) for _ in range(3))
    assert large < 8 * small * 3 + 0.05


# -- unused suppressions ----------------------------------------------------------------


def test_unused_suppressions_are_reported_when_asked(capsys, workdir):
    path = workdir / "r.md"
    path.write_text(
        "# Notes\n\n"
        "<!-- claimcheck: disable-next-line=A002 -->\n"
        f"{WRONG_A}\n\n"
        "<!-- claimcheck: disable-next-line=A001,A002 -->\n"
        f"{FILLER}\n\n"
        f"{WRONG_B} <!-- claimcheck: disable-line=A005 -->\n",
        encoding="utf-8",
    )
    rc, plain = findings(capsys, path)
    assert [(f["rule"], f["line"]) for f in plain] == [("A002", 9)]
    rc, found = findings(capsys, path, "--report-unused-suppressions")
    unused = [(f["line"], f["evidence"]["codes"]) for f in found if f["rule"] == "U001"]
    assert unused == [(6, ["A001", "A002"]), (9, ["A005"])]
    assert all(f["name"] == "unused-suppression" for f in found if f["rule"] == "U001")
    assert [f["line"] for f in found] == sorted(f["line"] for f in found)
    u = next(f for f in found if f["line"] == 9 and f["rule"] == "U001")
    assert u["column"] == len(WRONG_B) + 2  # at the comment, not at the line's start
    # a code whose rule did not run is not "unused": --select D leaves A out
    rc, out, _ = run(capsys, "check", "--select", "D", "--report-unused-suppressions",
                     "--format", "json", str(path))  # fmt: skip
    assert not [f for f in json.loads(out)["findings"] if f["rule"] == "U001"]


def test_unused_suppressions_in_the_api(workdir):
    import claimcheck

    path = workdir / "r.md"
    path.write_text(f"<!-- claimcheck: disable=S -->\n{FILLER}\n", encoding="utf-8")
    result = claimcheck.check(path, select="S")
    assert all(f.rule != "U001" for f in result.findings)
    assert [(f.rule, f.line) for f in result.unused_suppressions] == [("U001", 1)]


# -- baseline -----------------------------------------------------------------------------


def test_baseline_hides_accepted_findings_and_survives_moved_lines(capsys, workdir):
    path = workdir / "r.md"
    path.write_text(f"# Notes\n\n{WRONG_A}\n\n{WRONG_B}\n", encoding="utf-8")
    rc, _, err = run(capsys, "check", "--select", "A", "--write-baseline", "base.json", "r.md")
    assert rc == 0 and "wrote 2 findings" in err
    data = json.loads((workdir / "base.json").read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["findings"]) == 2
    assert all("line" not in e for e in data["findings"])
    assert findings(capsys, path, "--baseline", "base.json") == (0, [])

    # paragraphs swapped, text added above, one paragraph re-wrapped: still accepted
    rewrapped = WRONG_B.replace(" at 900", "\nat 900")
    path.write_text(
        f"# Notes\n\n{FILLER}\n\n{FILLER}\n\n{rewrapped}\n\n{FILLER}\n\n{WRONG_A}\n",
        encoding="utf-8",
    )
    assert findings(capsys, path, "--baseline", "base.json") == (0, [])

    # a new finding, and a second copy of an accepted one, are shown
    new = WRONG_A.replace("2.4x", "2.6x")
    path.write_text(f"{WRONG_A}\n\n{WRONG_B}\n\n{new}\n\n{WRONG_A}\n", encoding="utf-8")
    rc, found = findings(capsys, path, "--baseline", "base.json")
    assert rc == 1
    assert [f["line"] for f in found] == [5, 7]
    _, _, err = run(capsys, "check", "--select", "A", "--baseline", "base.json", "r.md")
    assert "2 findings in the baseline base.json not shown" in err


def test_baseline_paths_are_relative_to_the_baseline_file(capsys, workdir, monkeypatch):
    (workdir / "docs").mkdir()
    (workdir / "docs" / "r.md").write_text(f"{WRONG_A}\n", encoding="utf-8")
    run(capsys, "check", "--select", "A", "--write-baseline", "base.json", "docs/r.md")
    assert json.loads((workdir / "base.json").read_text())["findings"][0]["path"] == "docs/r.md"
    monkeypatch.chdir(workdir / "docs")
    assert findings(capsys, Path("r.md"), "--baseline", "../base.json") == (0, [])
    assert findings(capsys, workdir / "docs" / "r.md", "--baseline", str(workdir / "base.json")) == (0, [])  # fmt: skip


def test_a_pdf_can_be_baselined(capsys, workdir):
    pytest.importorskip("pypdf")
    from pdfs import make_pdf

    words = WRONG_A.split()
    first, second = " ".join(words[:9]), " ".join(words[9:])
    (workdir / "r.pdf").write_bytes(make_pdf([["Lab notes", "", first, second]]))
    rc, found = findings(capsys, workdir / "r.pdf")
    assert rc == 1 and [(f["rule"], f["page"]) for f in found] == [("A002", 1)]
    run(capsys, "check", "--select", "A", "--write-baseline", "base.json", "r.pdf")
    # the report printed again with a page in front and the paragraph lower on its page
    (workdir / "r.pdf").write_bytes(
        make_pdf([["Summary", "", FILLER], ["Lab notes", "", FILLER, "", first, second]])
    )
    assert findings(capsys, workdir / "r.pdf", "--baseline", "base.json") == (0, [])


@pytest.mark.parametrize(
    "content", ["not json", '{"version": 7, "findings": []}', '{"version": 1, "findings": [{}]}']
)
def test_a_bad_baseline_is_an_error(capsys, workdir, content):
    (workdir / "r.md").write_text(f"{WRONG_A}\n", encoding="utf-8")
    (workdir / "base.json").write_text(content, encoding="utf-8")
    rc, out, err = run(capsys, "check", "--baseline", "base.json", "r.md")
    assert rc == 2 and "base.json" in err


def test_a_missing_baseline_is_an_error(capsys, workdir):
    (workdir / "r.md").write_text(f"{WRONG_A}\n", encoding="utf-8")
    rc, _, err = run(capsys, "check", "--baseline", "none.json", "r.md")
    assert rc == 2 and "none.json" in err
