"""check_many on executors, and ``claimcheck check --jobs N``: same findings, same order."""

from __future__ import annotations

import json
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from claimcheck import api, cli
from claimcheck.api import check_file_worker, check_many
from claimcheck.cli import main
from claimcheck.models import CheckResult

REPORTS = {
    "a-ratio.md": "# Throughput\n\nThe Alpha 100 reached 9,400 Mbps and the Beta 200 4,100 Mbps, "
    "so Alpha is 2.5x faster.\n",
    "b-delta.md": "# CPS\n\nAlpha handled 3,590 CPS against 2,060 CPS for Beta: 174% greater.\n",
    "c-power.txt": "Power\n\nThe unit draws 240 Watts, which is 55% of the 480 Watts supply.\n",
}


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    for name, text in REPORTS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "d-binary.md").write_bytes(bytes(range(256)) * 4)
    return tmp_path


def _key(result: CheckResult) -> tuple:
    return (
        [f.model_dump() for f in result.findings],
        [e.model_dump() for e in result.errors],
        [c.model_dump() for c in result.claims],
    )


class _Reversed(Executor):
    """Runs tasks at submit time but completes the futures in reverse order."""

    def __init__(self) -> None:
        self.futures: list[Future] = []

    def submit(self, fn, /, *args, **kwargs):  # noqa: ANN001, ANN201
        fut: Future = Future()
        self.futures.append(fut)
        fut._value = fn(*args, **kwargs)  # type: ignore[attr-defined]
        if len(self.futures) == 4:
            for f in reversed(self.futures):
                f.set_result(f._value)  # type: ignore[attr-defined]
        return fut


def test_sequential_equals_check(batch: Path) -> None:
    expected = api.check(batch)
    got = check_many(batch)
    assert _key(got) == _key(expected)
    assert got.findings, "the small reports must produce findings"
    assert [e.path for e in got.errors] == [str(batch / "d-binary.md")]


def test_thread_and_process_pools_equal_sequential(batch: Path) -> None:
    expected = _key(api.check(batch))
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert _key(check_many(batch, pool)) == expected
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert _key(check_many([batch], pool)) == expected


def test_order_is_input_order_not_completion_order(batch: Path) -> None:
    seen: list[tuple[int, int]] = []
    got = check_many(batch, _Reversed(), progress=lambda d, t: seen.append((d, t)))
    assert _key(got) == _key(api.check(batch))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [f.path for f in got.findings] == sorted(f.path for f in got.findings)


def test_a_failing_worker_is_an_error_for_that_file(batch: Path) -> None:
    class Exploding(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # noqa: ANN001, ANN201
            if str(args[0]).endswith("b-delta.md"):

                def boom() -> None:
                    raise RuntimeError("worker died")

                return super().submit(boom)
            return super().submit(fn, *args, **kwargs)

    with Exploding(max_workers=2) as pool:
        got = check_many(batch, pool)
    paths = [e.path for e in got.errors]
    assert paths == [str(batch / "b-delta.md"), str(batch / "d-binary.md")]
    assert "RuntimeError: worker died" in got.errors[0].message
    assert {f.path for f in got.findings} == {str(batch / "a-ratio.md"), str(batch / "c-power.txt")}


def test_worker_is_plain_and_never_raises(tmp_path: Path) -> None:
    result = check_file_worker(str(tmp_path / "missing.md"), {"config": {"path": None}})
    assert result.errors and not result.findings
    # an unexpected failure (bad options) is reported too, not raised
    assert check_file_worker(str(tmp_path), {"config": {"nonsense": 1}}).errors


def test_cli_jobs_2_equals_jobs_1(batch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        code = main(["check", str(batch), "--format", "json", "--jobs", jobs])
        out, err = capsys.readouterr()
        outputs.append((code, json.loads(out), err))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 2  # the binary file is an unreadable input


def test_cli_jobs_rejects_zero(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check", "x.md", "--jobs", "0"])
    assert exc.value.code == 2
    capsys.readouterr()


def _many(tmp_path: Path, n: int = cli.PROGRESS_MIN_FILES + 1) -> Path:
    for i in range(n):
        (tmp_path / f"r{i:02d}.md").write_text("Alpha is 2x faster.\n", encoding="utf-8")
    return tmp_path


def test_no_progress_bar_when_stderr_is_not_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made = []
    monkeypatch.setattr(cli, "_progress_bar", lambda total: made.append(total))
    main(["check", str(_many(tmp_path))])
    _, err = capsys.readouterr()
    assert made == [] and err == ""


def test_progress_bar_on_a_terminal_with_many_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, int]] = []

    class Bar:
        def __call__(self, done: int, total: int) -> None:
            calls.append((done, total))

        def close(self) -> None:
            calls.append((-1, -1))

    monkeypatch.setattr(cli.sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(cli, "_progress_bar", lambda total: Bar())
    n = cli.PROGRESS_MIN_FILES + 1
    main(["check", str(_many(tmp_path, n))])
    capsys.readouterr()
    assert calls[-2:] == [(n, n), (-1, -1)]


def test_dask_distributed_executor(batch: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = check_many(batch, client.get_executor())
    assert _key(got) == _key(api.check(batch))
