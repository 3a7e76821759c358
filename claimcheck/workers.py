"""Worker processes for ``check --jobs N``, started and warmed before the files are found.

A worker's first report costs more than the next ones: the extractors and checks are
imported, the rule files read and the regular expressions compiled on first use. When
the pool forks at the start of the command, each worker does that work (:func:`warm`)
while the main process imports the API, walks the folders and validates the rule
selection, so the two overlap instead of following one another.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def warm() -> None:
    """Import the pipeline and the shipped checks, read the shipped rules and compile
    every pattern they register: the one-off work of a process's first report.

    It never raises: a pool whose initializer fails is broken for every file, while
    whatever went wrong here is met again, and reported for its file, by the check."""
    try:
        import claimcheck.extract.pipeline  # noqa: F401
        from claimcheck import api, lazyre
        from claimcheck.rules.registry import load_shipped_checks

        load_shipped_checks()
        api.rules(examples=False)
    except Exception:  # noqa: BLE001
        return
    for pattern in list(lazyre.REGISTRY):
        try:
            pattern.search  # noqa: B018 - the first attribute access compiles it
        except Exception:  # noqa: BLE001, S112 - a pattern some caller made and never uses
            continue


def _started() -> int:
    """A no-op task: submitting it makes the executor fork its workers now."""
    return os.getpid()


def named_files(paths: list[str]) -> int | None:
    """How many files ``paths`` names when every one is an existing file (no folder, glob
    or standard input), else None: more workers than files would only warm up."""
    if paths and all(p != "-" and Path(p).is_file() for p in paths):
        return len(paths)
    return None


def warm_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes, forked now, each running :func:`warm` first."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=warm)
    pool.submit(_started)
    return pool
