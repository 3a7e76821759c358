"""Views of one document that several rules share, built once per run of the rules.

``run_rules`` opens a run for its document; ``per_document`` then builds each view
(sentences, indexes, profiles) at most once for that document and drops them all
when the run ends, so nothing outlives the document in a batch. Outside a run (a
check called directly) a view is built afresh on every call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_RUN: ContextVar[tuple[Any, dict[Any, Any]] | None] = ContextVar(
    "claimcheck_run_cache", default=None
)


@contextmanager
def document_run(doc: Any) -> Iterator[dict[Any, Any]]:
    """Share views of ``doc`` among the rules run inside this block."""
    cache: dict[Any, Any] = {}
    token = _RUN.set((doc, cache))
    try:
        yield cache
    finally:
        _RUN.reset(token)
        cache.clear()


def per_document(doc: Any, key: Any, build: Callable[[], T]) -> T:
    """``build()`` once per running document and ``key``; afresh outside a run of ``doc``."""
    run = _RUN.get()
    if run is None or run[0] is not doc:
        return build()
    cache = run[1]
    if key not in cache:
        cache[key] = build()
    return cache[key]


def per_run(key: Any, build: Callable[[], T]) -> T:
    """``build()`` once per run of the rules and ``key`` (whatever the document); afresh
    outside a run."""
    run = _RUN.get()
    if run is None:
        return build()
    cache = run[1]
    if key not in cache:
        cache[key] = build()
    return cache[key]
