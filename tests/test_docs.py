"""The documentation: rule pages generated from rules/, and a Sphinx build without warnings."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _gen_rules():
    name = "claimcheck_docs_gen_rules"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, DOCS / "gen_rules.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while it loads
        spec.loader.exec_module(module)
    return sys.modules[name]


def _literal_lines(text: str) -> list[str]:
    """How an example's text appears in a literal block: indented, tabs expanded."""
    lines = text.expandtabs(4).strip("\n").splitlines()
    return [f"   {line}".rstrip() for line in lines if line.strip()]


def test_one_page_per_rule_file_with_its_examples(tmp_path):
    gen = _gen_rules()
    out = tmp_path / "rules"
    pages = gen.generate(ROOT / "rules", out, DOCS / "accuracy.md")
    rule_files = sorted((ROOT / "rules").glob("*.toml"))
    specs = gen.load_rules(ROOT / "rules")
    assert len(specs) == len(rule_files)
    assert sorted(p.name for p in out.glob("*.rst")) == sorted(
        [f"{spec.code}.rst" for _, spec in specs] + ["index.rst"]
    )
    assert len(pages) == len(rule_files) + 1
    index = (out / "index.rst").read_text(encoding="utf-8")
    for path, spec in specs:
        page = (out / f"{spec.code}.rst").read_text(encoding="utf-8")
        assert page.count(f"{spec.code} {spec.name}") >= 1
        assert f"rules/{path.name}" in page
        assert f"Severity: {spec.severity}" in page
        kinds = {ex.kind for ex in spec.examples}
        assert kinds == {"bad", "good"}, f"{path.name} needs a bad and a good example"
        assert "**Bad**" in page and "**Good**" in page
        for ex in spec.examples:
            for line in _literal_lines(ex.text):
                assert line in page, f"{spec.code}: example line missing: {line!r}"
        for ref in spec.references:
            assert gen.esc(" ".join(ref.split())) in page
        assert f":doc:`{spec.code} <{spec.code}>`" in index
        assert f"   {spec.code}\n" in index  # in the toctree


def test_accuracy_figures_come_from_the_committed_table(tmp_path):
    gen = _gen_rules()
    table = tmp_path / "accuracy.md"
    table.write_text(
        "<!-- generated -->\n\n"
        "| rule | TP | FP | FN | precision | recall | F1 |\n"
        "|---|---|---|---|---|---|---|\n"
        "| A001 | 7 | 1 | 2 | 0.88 | 0.78 | 0.82 |\n"
        "| **all** | 7 | 1 | 2 | 0.88 | 0.78 | 0.82 |\n\n"
        "3 documents; 5 of 6 claims recomputed (83%).\n",
        encoding="utf-8",
    )
    acc = gen.read_accuracy(table)
    assert acc.scores["A001"] == gen.Score(7, 1, 2, "0.88", "0.78", "0.82")
    assert acc.note.startswith("3 documents")
    out = tmp_path / "rules"
    gen.generate(ROOT / "rules", out, table)
    a001 = (out / "A001.rst").read_text(encoding="utf-8")
    assert "     - 0.82" in a001 and "3 documents" in a001
    # a rule without a row says so instead of inventing figures
    others = [p for p in out.glob("*.rst") if p.name not in ("A001.rst", "index.rst")]
    assert others and all("No figures yet" in p.read_text(encoding="utf-8") for p in others)


def test_committed_accuracy_table_parses():
    acc = _gen_rules().read_accuracy(DOCS / "accuracy.md")
    assert "all" in acc.scores and len(acc.scores) > 1


def test_stale_pages_are_removed_and_user_rule_dirs_work(tmp_path):
    gen = _gen_rules()
    rules = tmp_path / "house"
    rules.mkdir()
    (rules / "X101.toml").write_text(
        'code = "X101"\nname = "big-tps"\nseverity = "warning"\n'
        'summary = "TPS above 40k: *review* `twice` | [see] note_"\n'
        'rationale = """\n- starts like a list\n\n2. starts like an enumeration\n"""\n'
        "match = 'measurement.metric == \"ssl_tps\" and measurement.value > 40000'\n"
        'message = "TPS {measurement.text}"\n'
        "[data]\nlimit = 40000\n[data.words]\nre = '\\bTPS\\b'\n"
        '[[examples]]\nkind = "bad"\ntext = "x"\nexpect = ["X101"]\n'
        '[[examples]]\nkind = "good"\ntext = "y"\nforbid = ["X101"]\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    out.mkdir()
    (out / "Z999.rst").write_text("old", encoding="utf-8")
    gen.generate(rules, out, None)
    assert sorted(p.name for p in out.glob("*.rst")) == ["X101.rst", "index.rst"]
    page = (out / "X101.rst").read_text(encoding="utf-8")
    assert "\\*review\\*" in page and "\\`twice\\`" in page and "note\\_" in page
    assert "\\- starts like a list" in page and "2\\. starts" in page
    assert "measurement.value > 40000" in page  # the match expression, as a literal block
    assert "re = '\\bTPS\\b'" in page  # the data tables, as TOML
    assert "X — other rules" in (out / "index.rst").read_text(encoding="utf-8")


def test_invalid_rule_file_names_the_file(tmp_path):
    gen = _gen_rules()
    (tmp_path / "X102.toml").write_text('code = "X102"\nname = "Bad Name"\n', encoding="utf-8")
    with pytest.raises(gen.RuleFileError, match="X102.toml"):
        gen.generate(tmp_path, tmp_path / "out", None)


@pytest.mark.skipif(importlib.util.find_spec("sphinx") is None, reason="sphinx not installed")
def test_sphinx_build_has_no_warnings(tmp_path):
    pytest.importorskip("myst_nb")
    html = tmp_path / "html"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "-d",
            str(tmp_path / "doctrees"),
            str(DOCS),
            str(html),
        ],  # fmt: skip
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    for page in ("index", "quickstart", "tutorial", "review", "ci", "configuration",
                 "writing-rules", "evaluation", "api", "rules/index", "rules/A001"):  # fmt: skip
        assert (html / f"{page}.html").is_file(), page
    rule_pages = {p.stem for p in (html / "rules").glob("*.html")} - {"index"}
    assert rule_pages == {spec.code for _, spec in _gen_rules().load_rules(ROOT / "rules")}
    api = (html / "api.html").read_text(encoding="utf-8")
    for name in ("claimcheck.api.check", "claimcheck.api.check_text", "claimcheck.api.extract",
                 "claimcheck.api.rules", "claimcheck.models.Finding"):  # fmt: skip
        assert f'id="{name}"' in api, name
    tutorial = (html / "tutorial.html").read_text(encoding="utf-8")
    assert "claimcheck in a notebook" in tutorial and "to_dataframe" in tutorial
