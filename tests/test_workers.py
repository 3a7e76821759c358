"""The warmed process pool of ``check --jobs N`` (claimcheck.workers)."""

from __future__ import annotations

import subprocess
import sys

from claimcheck import workers


def test_named_files_counts_files_named_one_by_one(tmp_path):
    a, b = tmp_path / "a.md", tmp_path / "b.txt"
    a.write_text("x", encoding="utf-8")
    b.write_text("y", encoding="utf-8")
    assert workers.named_files([str(a), str(b)]) == 2
    assert workers.named_files([str(a)]) == 1


def test_named_files_does_not_guess_folders_globs_or_stdin(tmp_path):
    (tmp_path / "a.md").write_text("x", encoding="utf-8")
    assert workers.named_files([str(tmp_path)]) is None
    assert workers.named_files([str(tmp_path / "*.md")]) is None
    assert workers.named_files(["-"]) is None
    assert workers.named_files([]) is None


def test_warm_compiles_every_registered_pattern_and_loads_every_check():
    # in a fresh interpreter: this test process has long since compiled what it used
    code = (
        "from claimcheck import workers, lazyre\n"
        "from claimcheck.rules import registry\n"
        "workers.warm()\n"
        "left = [p.pattern for p in lazyre.REGISTRY if 'compiled' not in vars(p)]\n"
        "missing = [n for n in registry.shipped_checks() if n not in registry._CHECKS]\n"
        "print(len(lazyre.REGISTRY), left[:3], missing[:3])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, rest = out.stdout.split(" ", 1)
    assert int(count) > 100
    assert rest.strip() == "[] []"


def test_a_warm_pool_checks_what_one_process_checks(tmp_path):
    from claimcheck import api

    for i, (rate, claim) in enumerate([(400, "300%"), (200, "50%"), (900, "80%")]):
        (tmp_path / f"r{i}.md").write_text(
            f"# Results\n\nThe Zephyr Z{i} handled {rate},000 RPS and the Quell Q{i} 100,000 RPS, "
            f"so the Zephyr Z{i} was {claim} faster.\n",
            encoding="utf-8",
        )
    alone = api.check(str(tmp_path))
    pool = workers.warm_pool(2)
    try:
        pooled = api.check_many(str(tmp_path), pool)
    finally:
        pool.shutdown()
    assert [f.model_dump() for f in pooled.findings] == [f.model_dump() for f in alone.findings]
    assert any(f.rule == "A001" for f in alone.findings)


def test_warm_survives_a_pattern_that_does_not_compile(monkeypatch):
    from claimcheck import lazyre

    bad = lazyre.LazyPattern("(unclosed", 0)
    monkeypatch.setattr(lazyre, "REGISTRY", [bad, *lazyre.REGISTRY])
    workers.warm()  # no exception: the pool stays usable
