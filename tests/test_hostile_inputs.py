"""Inputs an attacker would write: devices, FIFOs, huge or deeply nested files, declared
encodings that forge text, PDFs that expand, control characters meant for the terminal.

Every one ends in a one-line message (exit 2 for the CLI, an entry in ``errors`` for the
API) or in an ordinary result; never in a traceback, a hang or a run that stops the batch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pdfs import make_pdf, pdf_of_streams

from claimcheck import api, cli
from claimcheck.cli import main
from claimcheck.errors import ConfigError, InputError
from claimcheck.ingest.source import parse_size, read_limited
from claimcheck.models import CheckResult, Finding
from claimcheck.report import github, markdown, text

ROOT = Path(__file__).resolve().parent.parent
GOOD = "# Lab notes\n\nThe Kestrel K2 moved 9,400 Mbps and the Wren W1 4,100 Mbps, so K2 is 2.5x faster.\n"
POSIX = pytest.mark.skipif(os.name != "posix", reason="devices, FIFOs and symlinks of POSIX")


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process: exit 0/1/2, no traceback, every stderr line claimcheck's own."""
    rc = main(list(args))
    out, err = capsys.readouterr()
    assert rc in (0, 1, 2)
    assert "Traceback" not in out + err
    for line in err.splitlines():
        assert line.startswith("claimcheck: "), f"stray stderr line: {line!r}"
    return rc, out, err


def run_cli_process(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """The CLI in a child process (for inputs that could block): fails the test on a hang.

    The child imports claimcheck from this source tree, whatever is installed.
    """
    command = [sys.executable, "-m", "claimcheck.cli", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert "Traceback" not in done.stdout + done.stderr
    return done


@pytest.fixture
def empty_config(tmp_path: Path) -> Path:
    cfg = tmp_path / "empty.toml"
    cfg.write_text("", encoding="utf-8")
    return cfg


# -- only regular files are read; a size limit per input --------------------------------


@POSIX
@pytest.mark.parametrize("how", ["device", "symlink"])
def test_a_device_is_refused_as_a_report(capsys, tmp_path, empty_config, how):
    target = "/dev/zero"
    if how == "symlink":
        target = str(tmp_path / "report.md")
        os.symlink("/dev/zero", target)
    rc, _, err = run_cli(capsys, "check", target, "--config", str(empty_config))
    assert rc == 2 and "is a device, not a regular file" in err


@POSIX
def test_a_symlink_to_a_device_in_a_directory_is_not_read(capsys, tmp_path, empty_config):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    os.symlink("/dev/zero", tmp_path / "zero.md")
    rc, out, _ = run_cli(
        capsys, "check", str(tmp_path), "--config", str(empty_config), "--fail-on", "info"
    )
    assert rc == 1 and "good.md" in out and "zero.md" not in out


@POSIX
@pytest.mark.parametrize("role", ["report", "config", "rule file"])
def test_a_fifo_never_blocks(tmp_path, role):
    fifo = tmp_path / ("X901.toml" if role == "rule file" else "pipe.toml")
    os.mkfifo(fifo)
    report = tmp_path / "good.md"
    report.write_text(GOOD, encoding="utf-8")
    args = {
        "report": ["check", str(fifo)],
        "config": ["check", str(report), "--config", str(fifo)],
        "rule file": ["check", str(report), "--rules-dir", str(tmp_path)],
    }[role]
    done = run_cli_process(*args, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and "FIFO" in done.stderr


@POSIX
@pytest.mark.parametrize("role", ["config", "rule file"])
def test_a_device_is_refused_as_config_or_rule_file(capsys, tmp_path, role):
    report = tmp_path / "good.md"
    report.write_text(GOOD, encoding="utf-8")
    if role == "config":
        args = ["check", str(report), "--config", "/dev/zero"]
    else:
        os.symlink("/dev/zero", tmp_path / "X902.toml")
        args = ["check", str(report), "--rules-dir", str(tmp_path)]
    rc, _, err = run_cli(capsys, *args)
    assert rc == 2 and "is a device, not a regular file" in err


def test_a_report_over_the_size_limit_is_an_error_for_that_file(capsys, tmp_path, empty_config):
    (tmp_path / "big.md").write_text(GOOD * 40, encoding="utf-8")
    (tmp_path / "small.md").write_text(GOOD, encoding="utf-8")
    rc, out, err = run_cli(
        capsys, "check", str(tmp_path), "--max-file-size", "1KB", "--config", str(empty_config)
    )
    assert rc == 2
    assert "small.md:3:" in out  # the other file is checked
    assert "big.md: report file is 3.7 KB, more than the limit of 1 KB" in err


def test_the_size_limit_from_the_config_file_and_the_api(tmp_path):
    (tmp_path / "big.md").write_text(GOOD * 40, encoding="utf-8")
    cfg = tmp_path / ".claimcheck.toml"
    cfg.write_text('max-file-size = "2KB"\n', encoding="utf-8")
    result = api.check(tmp_path / "big.md", config=cfg)
    assert [e.message for e in result.errors] == [
        "report file is 3.7 KB, more than the limit of 2 KB"
        " (raise it with --max-file-size or max-file-size)"
    ]
    assert not api.check(tmp_path / "big.md", config=cfg, max_file_size=10_000).errors
    cfg.write_text('max-file-size = "lots"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="max-file-size"):
        api.check(tmp_path / "big.md", config=cfg)


def test_read_limited_stops_at_the_limit_and_names_what_it_refused(tmp_path):
    path = tmp_path / "r.md"
    path.write_bytes(b"x" * 100)
    assert read_limited(str(path), 100) == b"x" * 100
    with pytest.raises(InputError, match=r"r\.md: rule file is 100 bytes, more than .* 99 bytes$"):
        read_limited(str(path), 99, what="rule file")
    with pytest.raises(InputError, match="is a directory, not a config file"):
        read_limited(str(tmp_path), what="config file")
    with pytest.raises(InputError, match="no such file"):
        read_limited(str(tmp_path / "nope.md"))
    with pytest.raises(InputError, match="not a valid file name"):
        read_limited(str(tmp_path / "nul\x00.md"))


@pytest.mark.parametrize(
    ("value", "size"),
    [(512, 512), ("50MB", 50 * 1024**2), ("200 KB", 200 * 1024), ("1G", 1024**3), ("1.5k", 1536)],
)
def test_parse_size(value, size):
    assert parse_size(value) == size


@pytest.mark.parametrize("value", ["", "-1", "0", "ten", "5 parsecs", True, 1.5, [1], "9" * 5000])
def test_parse_size_rejects(value):
    with pytest.raises(ValueError, match="size"):
        parse_size(value)


# -- --jobs --------------------------------------------------------------------------------


def test_jobs_is_capped_at_the_cpu_count_and_the_number_of_files(tmp_path, monkeypatch, capsys):
    for i in range(3):
        (tmp_path / f"r{i}.md").write_text(GOOD, encoding="utf-8")
    pools: list[int] = []

    from concurrent.futures import ThreadPoolExecutor

    from claimcheck import workers

    class Pool(ThreadPoolExecutor):
        def __init__(self, max_workers: int, initializer=None) -> None:  # noqa: ANN001
            pools.append(max_workers)
            super().__init__(1, initializer=initializer)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(cli, "usable_cpus", lambda: 2)
    run_cli(capsys, "check", str(tmp_path), "--jobs", "100000")
    run_cli(capsys, "check", str(tmp_path / "r0.md"), "--jobs", "2000")
    assert pools == [2]  # capped at 2 CPUs; one file needs no pool at all


@pytest.mark.parametrize("jobs", ["0", "-3", "x", "²", "9" * 5000])
def test_jobs_must_be_a_positive_number(jobs, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check", "x.md", "--jobs", jobs])
    assert exc.value.code == 2
    capsys.readouterr()


# -- one bad file never stops a batch: --jobs 1 and --jobs 2 alike --------------------------


def _mixed_directory(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a-good.md").write_text(GOOD, encoding="utf-8")
    (folder / "b-binary.md").write_bytes(bytes(range(256)) * 8)
    (folder / "c-broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >>\ntrailer\n")
    (folder / "d-suppression.md").write_text(
        "<!-- claimcheck: disable-next-line=Q999 -->\n" + GOOD, encoding="utf-8"
    )
    (folder / "e-hostile.html").write_text(
        '<ol start="abc"><li>one</li></ol><table><tr><td colspan="\u00b2">x</td>'
        f'<td colspan="{"9" * 5000}">y</td></tr></table><p>&#{"1" * 5000};</p>'
        "<p>The Kestrel K2 moved 9,400 Mbps and the Wren W1 4,100 Mbps, so K2 is 2.5x faster.</p>",
        encoding="utf-8",
    )
    (folder / "f-good.txt").write_text(GOOD, encoding="utf-8")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_mixed_directory_reports_every_bad_file_and_checks_the_good_ones(
    capsys, tmp_path, empty_config, jobs
):
    folder = _mixed_directory(tmp_path / "reports")
    rc, out, err = run_cli(
        capsys, "check", str(folder), "--format", "json", "--jobs", jobs,
        "--config", str(empty_config),
    )  # fmt: skip
    data = json.loads(out)
    bad = {Path(e["path"]).name: e["message"] for e in data["errors"]}
    assert set(bad) == {"b-binary.md", "c-broken.pdf", "d-suppression.md"}
    assert "line 1: unknown rule code 'Q999'" in bad["d-suppression.md"]
    checked = {Path(f["path"]).name for f in data["findings"]}
    assert {"a-good.md", "e-hostile.html", "f-good.txt"} <= checked
    assert rc == 2 and len(err.splitlines()) == 3


def test_jobs_1_and_jobs_2_give_identical_output_on_a_mixed_directory(
    capsys, tmp_path, empty_config
):
    folder = _mixed_directory(tmp_path / "reports")
    runs = [
        run_cli(capsys, "check", str(folder), "--jobs", jobs, "--config", str(empty_config))
        for jobs in ("1", "2")
    ]
    assert runs[0] == runs[1]


def test_eval_reports_a_bad_document_and_scores_the_others(capsys, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text(
        "# Notes\n\n<!-- expect: A002 -->\nThe Kestrel K2's throughput was 2.5x that of the Wren "
        "W1 at 9,400 Mbps compared with 4,100 Mbps.\n",
        encoding="utf-8",
    )
    (corpus / "b.md").write_text("<!-- claimcheck: disable=Q999 -->\nText.\n", encoding="utf-8")
    rc, out, err = run_cli(capsys, "eval", str(corpus))
    assert rc == 2
    assert "| A002 | 1 | 0 | 0 |" in out
    assert "b.md: line 1: unknown rule code 'Q999'" in err


def test_an_unexpected_failure_is_reported_for_that_file_only(tmp_path, monkeypatch):
    (tmp_path / "a.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.md").write_text(GOOD.replace("Kestrel", "Boom"), encoding="utf-8")
    import claimcheck.extract.pipeline as pipeline

    real = pipeline.extract_document

    def flaky(doc):  # noqa: ANN001, ANN202
        if "Boom" in doc.text:
            raise RecursionError("maximum recursion depth exceeded")
        return real(doc)

    monkeypatch.setattr(pipeline, "extract_document", flaky)
    result = api.check(tmp_path, config=api.Config())
    assert [(Path(e.path).name, e.message) for e in result.errors] == [
        ("b.md", "internal error: RecursionError: maximum recursion depth exceeded")
    ]
    assert {Path(f.path).name for f in result.findings} == {"a.md"}


# -- config and rule files -------------------------------------------------------------------


def _deep_toml() -> str:
    return "a = " + "[" * 5000 + "]" * 5000 + "\n"


def test_a_config_nested_thousands_deep_is_a_clear_error(capsys, tmp_path):
    cfg = tmp_path / ".claimcheck.toml"
    cfg.write_text(_deep_toml(), encoding="utf-8")
    (tmp_path / "r.md").write_text(GOOD, encoding="utf-8")
    rc, _, err = run_cli(capsys, "check", str(tmp_path / "r.md"), "--config", str(cfg))
    assert rc == 2 and err.strip().endswith("invalid TOML: nested too deeply")


def test_a_rule_file_nested_thousands_deep_is_a_clear_error(capsys, tmp_path, empty_config):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "X901.toml").write_text(_deep_toml(), encoding="utf-8")
    (tmp_path / "r.md").write_text(GOOD, encoding="utf-8")
    rc, _, err = run_cli(
        capsys, "check", str(tmp_path / "r.md"), "--rules-dir", str(rules),
        "--config", str(empty_config),
    )  # fmt: skip
    assert rc == 2 and "X901.toml: nested too deeply" in err


@pytest.mark.parametrize("content", ["tool = 5\n", 'tool = "x"\n', "tool = [1, 2]\n"])
def test_a_pyproject_whose_tool_is_not_a_table_is_not_a_claimcheck_config(
    capsys, tmp_path, monkeypatch, content
):
    (tmp_path / "pyproject.toml").write_text(content, encoding="utf-8")
    sub = tmp_path / "reports"
    sub.mkdir()
    (sub / "r.md").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(sub)
    rc, out, _ = run_cli(capsys, "check", "r.md", "--fail-on", "info")
    assert rc == 1 and "r.md:3:" in out


@pytest.mark.parametrize("value", ["5", '"all"', "[1, 2]", "true"])
def test_a_tool_claimcheck_that_is_not_a_table_is_a_clear_error(
    capsys, tmp_path, monkeypatch, value
):
    (tmp_path / "pyproject.toml").write_text(f"[tool]\nclaimcheck = {value}\n", encoding="utf-8")
    (tmp_path / "r.md").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rc, _, err = run_cli(capsys, "check", "r.md")
    assert rc == 2 and "[tool.claimcheck] must be a table" in err


# -- declared encodings: an allow-list ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "head"),
    [
        ("cookie.md", b"# -*- coding: unicode_escape -*-\n"),
        ("meta.html", b'<html><head><meta charset="unicode_escape"></head><body><p>'),
        ("raw.md", b"<!-- -*- coding: raw_unicode_escape -*- -->\n"),
    ],
)
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "html", "github", "markdown"])
def test_an_escape_codec_declared_by_the_file_is_ignored(
    capsys, tmp_path, empty_config, name, head, fmt
):
    path = tmp_path / name
    path.write_bytes(head + b"Box \\ud800 \xe9 moved 9,400 Mbps, 2.5x the 4,100 Mbps of Box B.\n")
    rc, out, _ = run_cli(capsys, "check", str(path), "--format", fmt, "--config", str(empty_config))
    assert rc in (0, 1)
    out.encode("utf-8")  # no lone surrogate reached the output
    rc, out, _ = run_cli(capsys, "extract", str(path))
    assert rc == 0 and "\\\\ud800" in out  # the six characters kept as written


def test_declared_encodings_browsers_accept_are_still_honoured(tmp_path):
    from claimcheck.ingest.decode import decode

    text = "Caf\u00e9 \u2013 9,400 Mbps"
    assert decode(b"<meta charset=windows-1252>" + text.encode("cp1252"), "x") == (
        "<meta charset=windows-1252>" + text,
        "windows-1252",
    )
    koi = "# -*- coding: koi8-r -*-\nСкорость 9,400 Мбит/с\n"
    assert decode(koi.encode("koi8-r"), "x") == (koi, "koi8-r")


@pytest.mark.parametrize(
    ("label", "allowed"),
    [("utf-8", True), ("Windows-1251", True), ("latin1", True), ("shift_jis", True),
     ("unicode_escape", False), ("raw-unicode-escape", False), ("utf-7", False),
     ("rot13", False), ("hex", False), ("punycode", False), ("idna", False), ("nonsense", False)],
)  # fmt: skip
def test_the_allow_list_of_declared_encodings(label, allowed):
    from claimcheck.ingest.decode import _declarable

    assert _declarable(label) is allowed


def test_a_lone_surrogate_given_as_text_is_replaced_one_for_one():
    result = api.check_text("Box \ud800 moved 9,400 Mbps, 2.5x the 4,100 Mbps of Box B.\n")
    doc = next(iter(result._documents.values()))
    assert doc.text.startswith("Box \ufffd moved")


# -- PDFs that expand when laid out -------------------------------------------------------


def _spread_glyphs(n: int, gap: int) -> bytes:
    moves = b"".join(b"%d 0 Td (a) Tj " % gap for _ in range(n))
    return pdf_of_streams([b"BT /F1 12 Tf 72 700 Td (Box) Tj " + moves + b"ET"])


@pytest.mark.parametrize(
    "stream",
    [
        b"BT /F1 12 Tf 72 700 Td (Box) Tj " + b"100000 0 Td (a) Tj " * 300 + b"ET",  # Td gaps
        b"".join(b"BT /F1 12 Tf %d 700 Td (a) Tj ET\n" % (i * 100000) for i in range(300)),
        b"BT /F1 12 Tf 72 700 Td [(a) " + b"-90000000 (a) " * 300 + b"] TJ ET",  # kerning
        b"BT /F1 0.0001 Tf 72 700 Td " + b"(a) Tj 1 0 Td " * 300 + b"ET",  # a tiny font
        b"BT /F1 12 Tf 0.001 Tz 72 700 Td " + b"(a) Tj 5 0 Td " * 300 + b"ET",  # squeezed
        b"1 0 0 1 100000000 0 cm BT /F1 12 Tf 72 700 Td (a) Tj ET",  # moved off the page
    ],
    ids=["td", "bt", "tj-kerning", "tiny-font", "tz", "cm"],
)
def test_a_page_that_lays_out_to_millions_of_characters_is_refused(capsys, tmp_path, stream):
    pytest.importorskip("pypdf")
    path = tmp_path / "spread.pdf"
    path.write_bytes(pdf_of_streams([stream]))
    start = time.process_time()
    rc, _, err = run_cli(capsys, "check", str(path))
    assert rc == 2
    assert "page 1: its text would lay out to more than 1,000,000 characters" in err
    assert time.process_time() - start < 10  # refused before the expansion, not after


def test_the_expansion_check_costs_no_more_for_a_larger_hostile_page(tmp_path):
    pytest.importorskip("pypdf")
    from claimcheck.ingest.pdf import extract_pages

    def cost(n: int) -> float:
        data = _spread_glyphs(n, 100000)
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            with pytest.raises(InputError):
                extract_pages(data, "spread.pdf")
            best = min(best, time.process_time() - start)
        return best

    small, large = cost(250), cost(2000)
    assert large < max(8 * small, 0.05) * 3  # linear at worst (the walk stops at the cap)


def test_ordinary_pages_are_read_as_before(tmp_path):
    pytest.importorskip("pypdf")
    import io

    from pypdf import PdfReader

    from claimcheck.ingest.pdf import extract_pages
    from claimcheck.ingest.pdf_budget import laid_out_size

    lines = [
        f"Row {i}: the Kestrel K{i} moved {i * 37:,} Mbps at 64 KB objects." for i in range(60)
    ]
    data = make_pdf([lines, lines[:10]])
    pages = extract_pages(data, "r.pdf")
    assert pages[0][0].strip() == lines[0] and len(pages[0]) >= 60
    reader = PdfReader(io.BytesIO(data))
    for page, got in zip(reader.pages, pages, strict=True):
        estimate = laid_out_size(page.get_contents().operations, 10**6)
        actual = sum(len(line) + 1 for line in got)
        assert actual <= estimate < 10 * actual + 1000  # an upper estimate, not a wild one


def test_many_show_operations_in_one_text_object_are_read(tmp_path):
    pytest.importorskip("pypdf")
    from claimcheck.ingest.pdf import extract_pages

    stream = b"BT /F1 10 Tf 12 TL 72 740 Td " + b"(Kestrel 9,400 Mbps) ' " * 3000 + b"ET"
    pages = extract_pages(pdf_of_streams([stream]), "r.pdf")
    assert sum(line.count("Kestrel") for line in pages[0]) == 3000


# -- output: control characters shown, not obeyed -------------------------------------------

HOSTILE_NAME = "a\x1b]0;owned\x07\n::warning file=x::forged\r\x9b2J.md"


def _finding(path: str, message: str) -> Finding:
    return Finding(
        rule="A001", name="percent-delta", severity="error", message=message, path=path,
        line=1, column=1, end_line=1, end_column=2,
    )  # fmt: skip


@pytest.mark.parametrize("fmt", [text, github, markdown])
def test_control_characters_in_file_names_and_messages_are_escaped(fmt):
    result = CheckResult(
        findings=[_finding(HOSTILE_NAME, 'stated "\x1b[2J60%\u202e"')],
        errors=[{"path": HOSTILE_NAME, "message": "cannot read (\x1b[31mred\x1b[0m)"}],
    )
    out = fmt.format_findings(result)
    assert not any(ch in out for ch in "\x1b\x07\x9b\r\u202e")
    for line in out.splitlines():  # no line starts a forged workflow command
        assert not line.startswith("::warning file=x")
    assert "\\x1b" in out


@POSIX
def test_a_file_name_with_a_newline_cannot_forge_output_lines(capsys, tmp_path, empty_config):
    path = tmp_path / "r\n::warning file=forged.md::pwned\x1b[2J.md"
    path.write_text(GOOD, encoding="utf-8")
    broken = tmp_path / "b\n::error::forged\x1b]0;t\x07.md"
    broken.write_bytes(bytes(range(256)) * 8)
    for fmt in ("text", "github", "markdown"):
        rc, out, err = run_cli(
            capsys, "check", str(path), str(broken), "--format", fmt, "--config", str(empty_config)
        )
        assert rc == 2
        for line in (out + err).splitlines():
            assert not line.startswith(("::warning file=forged", "::error::forged"))
        assert "\x1b" not in out + err and "\x07" not in out + err


def test_extraction_text_output_escapes_report_text(capsys, tmp_path):
    path = tmp_path / "r\x1b]0;owned\x07.md"
    path.write_text(
        "# Kestrel\x1b]0;owned\x07 K2 results\n\nThe Kestrel\x1b[2J K2 moved 9,400 Mbps.\n",
        encoding="utf-8",
    )
    rc, out, _ = run_cli(capsys, "extract", str(path), "--format", "text")
    assert rc == 0 and "\x1b" not in out and "\x07" not in out
