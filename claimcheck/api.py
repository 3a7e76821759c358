"""The Python API: check, check_text, extract, rules."""

from __future__ import annotations

import os
from pathlib import Path

from claimcheck.config import Config, discover
from claimcheck.config import load as load_config
from claimcheck.errors import ClaimcheckError, ConfigError
from claimcheck.ingest.source import DEFAULT_MAX_BYTES
from claimcheck.models import Document, Extraction, FileError, Finding
from claimcheck.result import CheckResult
from claimcheck.rules.selection import Selection, parse_codes
from claimcheck.rules.spec import RuleSpec

SUPPORTED = {".md", ".markdown", ".txt", ".text", ".rst", ".html", ".htm"}


def supported_suffixes() -> set[str]:
    """Suffixes a directory is searched for: text, Markdown, HTML, and PDF with the pdf extra."""
    from claimcheck.ingest.pdf import available

    return SUPPORTED | {".pdf"} if available() else set(SUPPORTED)


def rules(rules_dir: list[str] | None = None) -> list[RuleSpec]:
    """The rule registry: every rule's code, name, severity, summary and docs."""
    from claimcheck.rules.loader import all_rules

    return all_rules(tuple(rules_dir or ()))


def _selection(select, ignore, specs: list[RuleSpec], cfg: Config | None = None) -> Selection:  # noqa: ANN001
    codes = {r.code for r in specs}
    if cfg is not None and cfg.path is not None:
        for code in cfg.codes():
            if not any(c.startswith(code) for c in codes):
                raise ConfigError(f"{cfg.path}: unknown rule code or prefix {code!r}")
    chosen = parse_codes(select) or tuple(cfg.select if cfg else ())
    ignored = (*(cfg.ignore if cfg else ()), *parse_codes(ignore))
    sel = Selection(chosen, ignored)
    sel.validate(codes)
    return sel


def settings(config: str | os.PathLike | Config | None = None) -> Config:
    """The configuration in force: a given file or Config, else the nearest one found."""
    if isinstance(config, Config):
        return config
    return load_config(config) if config is not None else discover()


def _extract(doc: Document) -> Extraction:
    from claimcheck.extract.pipeline import extract_document

    return extract_document(doc)


def _check_document(
    doc: Document,
    specs: list[RuleSpec],
    sel: Selection,
    result: CheckResult,
    cfg: Config | None = None,
) -> None:
    from claimcheck import suppression
    from claimcheck.rules.engine import run_rules

    if cfg is not None and cfg.per_file_ignores:
        extra = tuple(cfg.ignored_for(doc.name))
        if extra:
            sel = Selection(sel.select, (*sel.ignore, *extra))
    silenced = suppression.parse(doc, {r.code for r in specs})
    extraction = _extract(doc)
    findings, errors = run_rules(doc, extraction, specs, sel)
    findings = [_paged(doc, f) for f in findings if not silenced.silences(f)]
    enabled = {r.code for r in specs if sel.enabled(r.code)}
    result._unused_suppressions.extend(silenced.unused(doc.name, enabled))
    result.findings.extend(findings)
    result.errors.extend(errors)
    result.claims.extend(extraction.claims)
    result.conditions.extend(extraction.conditions)
    result.measurements.extend(extraction.measurements)
    result._documents[doc.name] = doc


def _paged(doc: Document, finding: Finding) -> Finding:
    """A finding in paged input (PDF) names its page and its line on that page (fields
    ``page`` and ``page_line``; ``evidence["page"]`` as well, as before)."""
    where = doc.page_position(finding.line)
    if where is None:
        return finding
    page, page_line = where
    evidence = {**(finding.evidence or {}), "page": page}
    return finding.model_copy(update={"evidence": evidence, "page": page, "page_line": page_line})


def display_path(path: str | os.PathLike) -> str:
    """A path as text that any output can encode (undecodable bytes become U+FFFD)."""
    return os.fsencode(path).decode("utf-8", errors="replace")


def _without_path(message: str, *names: str) -> str:
    for n in names:
        if message.startswith(f"{n}: "):
            return message[len(n) + 2 :]
    return message


def expand_paths(paths: list[str | os.PathLike]) -> tuple[list[Path], list[FileError]]:
    """Files to check: files as given, directories recursively (supported suffixes only)."""
    files: list[Path] = []
    errors: list[FileError] = []
    suffixes = supported_suffixes()
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in suffixes)
            if not found:
                errors.append(
                    FileError(path=str(p), message="no supported report files in directory")
                )
            files.extend(found)
        else:
            files.append(p)
    return files, errors


def check(
    path: str | os.PathLike | list[str | os.PathLike],
    *,
    select: str | list[str] | None = None,
    ignore: str | list[str] | None = None,
    rules_dir: list[str] | None = None,
    config: str | os.PathLike | Config | None = None,
    max_file_size: int | None = None,
) -> CheckResult:
    """Check one path (file or directory) or several; unreadable files go to ``errors``.

    Settings come from ``config`` (a file or Config; by default the nearest
    pyproject.toml ``[tool.claimcheck]`` or .claimcheck.toml); arguments override it.
    Any failure while reading, decoding or checking one file (a binary or damaged
    file, a file over ``max_file_size`` bytes, an unknown code in a suppression
    comment, even a bug) becomes an entry in ``errors`` naming the file, and the
    other files are checked. Invalid settings and rule selections raise
    :class:`ConfigError` before any file is read.
    """
    cfg = settings(config)
    specs = rules([*cfg.rules_dir, *(rules_dir or [])])
    sel = _selection(select, ignore, specs, cfg)
    limit = max_file_size or cfg.max_file_size or DEFAULT_MAX_BYTES
    paths = path if isinstance(path, list) else [path]
    files, errors = expand_paths(paths)
    result = CheckResult(errors=errors)
    for f in files:
        _check_file(f, specs, sel, result, cfg, limit)
    return result


def _check_file(
    path: Path, specs: list[RuleSpec], sel: Selection, result: CheckResult, cfg: Config, limit: int
) -> None:
    """Read and check one file into ``result``; any failure becomes one entry in ``errors``."""
    from claimcheck.ingest import read_path

    name = display_path(path)
    try:
        doc = read_path(path, limit)
        doc.name = name
        _check_document(doc, specs, sel, result, cfg)
    except ClaimcheckError as exc:
        message = _without_path(str(exc), str(path), name)
        result.errors.append(FileError(path=name, message=one_line(message)))
    except Exception as exc:  # a bug, or a library failing on strange input: this file only
        result.errors.append(FileError(path=name, message=internal_error(exc)))


def one_line(message: str) -> str:
    """``message`` on one line: runs of whitespace, line breaks included, become one space."""
    return " ".join(message.split())


def internal_error(exc: BaseException) -> str:
    """The one-line reason given for an unexpected exception while checking a file."""
    return one_line(f"internal error: {type(exc).__name__}: {exc}")


def check_text(
    text: str,
    name: str = "<text>",
    *,
    select: str | list[str] | None = None,
    ignore: str | list[str] | None = None,
    rules_dir: list[str] | None = None,
    config: str | os.PathLike | Config | None = None,
) -> CheckResult:
    """Check report text given as a string (settings as for :func:`check`)."""
    from claimcheck.ingest import read_text

    cfg = settings(config) if config is not None else Config()
    specs = rules([*cfg.rules_dir, *(rules_dir or [])])
    result = CheckResult()
    _check_document(
        read_text(text, name), specs, _selection(select, ignore, specs, cfg), result, cfg
    )
    return result


def extract(
    source: str | os.PathLike, name: str = "<text>", *, max_file_size: int | None = None
) -> Extraction:
    """Facts only, no rules: text as a ``str``, or a file as a ``pathlib.Path``."""
    from claimcheck.ingest import read_path, read_text

    if isinstance(source, os.PathLike):
        doc = read_path(source, max_file_size or DEFAULT_MAX_BYTES)
    else:
        doc = read_text(source, name)
    return _extract(doc)


def _plain_config(cfg: Config) -> dict:
    """A Config as plain data (str, list, dict) that any executor can ship to a worker."""
    return {
        "path": str(cfg.path) if cfg.path is not None else None,
        "select": list(cfg.select),
        "ignore": list(cfg.ignore),
        "fail_on": cfg.fail_on,
        "rules_dir": list(cfg.rules_dir),
        "per_file_ignores": {k: list(v) for k, v in cfg.per_file_ignores.items()},
        "max_file_size": cfg.max_file_size,
    }


def check_file_worker(path: str, options: dict) -> CheckResult:
    """Check one file; the unit of work :func:`check_many` sends to an executor.

    A top-level function of plain arguments, so it pickles for process pools and
    dask: ``path`` is a string, ``options`` a dict with ``select``, ``ignore``,
    ``rules_dir`` and ``config`` (the plain data of a :class:`Config`). It never
    raises: any failure, expected or not, comes back as a ``FileError`` for the file.
    """
    name = display_path(path)
    try:
        plain = dict(options.get("config") or {})
        if plain.get("path") is not None:
            plain["path"] = Path(plain["path"])
        return check(
            path,
            select=options.get("select"),
            ignore=options.get("ignore"),
            rules_dir=options.get("rules_dir"),
            config=Config(**plain),
            max_file_size=options.get("max_file_size"),
        )
    except Exception as exc:  # a worker must report, not crash the batch
        return CheckResult(errors=[FileError(path=name, message=internal_error(exc))])


def _merge(result: CheckResult, part: CheckResult) -> None:
    result.findings.extend(part.findings)
    result.errors.extend(part.errors)
    result.claims.extend(part.claims)
    result.conditions.extend(part.conditions)
    result.measurements.extend(part.measurements)
    result._documents.update(part._documents)
    result._unused_suppressions.extend(part._unused_suppressions)


def check_many(
    paths: str | os.PathLike | list[str | os.PathLike],
    executor=None,  # noqa: ANN001 - any concurrent.futures.Executor
    *,
    select: str | list[str] | None = None,
    ignore: str | list[str] | None = None,
    rules_dir: list[str] | None = None,
    config: str | os.PathLike | Config | None = None,
    max_file_size: int | None = None,
    progress=None,  # noqa: ANN001 - callable(done, total)
) -> CheckResult:
    """Check many files, one task per file, on any ``concurrent.futures.Executor``.

    Directories are expanded as by :func:`check`. Each file is checked by
    :func:`check_file_worker` (picklable: a path string and plain settings), so
    ``ThreadPoolExecutor``, ``ProcessPoolExecutor`` and dask.distributed's
    ``Client.get_executor()`` all work; with ``executor=None`` the files are
    checked here, one after the other. The findings are merged in the order of
    the input files whatever order the workers finish in, so the result equals
    that of :func:`check`. A file that cannot be read, or whose worker fails in
    any way (even a crashed process), becomes an entry in ``errors`` and the rest
    go on. Rule selection and config errors are raised before any work is sent.

    ``progress``, if given, is called as ``progress(done, total)`` after each file.
    """
    from concurrent.futures import as_completed

    cfg = settings(config)
    specs = rules([*cfg.rules_dir, *(rules_dir or [])])
    _selection(select, ignore, specs, cfg)  # raise usage errors here, not once per file
    files, errors = expand_paths(paths if isinstance(paths, list) else [paths])
    options = {
        "select": select,
        "ignore": ignore,
        "rules_dir": list(rules_dir or []),
        "config": _plain_config(cfg),
        "max_file_size": max_file_size,
    }
    result = CheckResult(errors=errors)
    total = len(files)
    parts: list[CheckResult] = []
    if executor is None:
        for i, f in enumerate(files, 1):
            parts.append(check_file_worker(str(f), options))
            if progress is not None:
                progress(i, total)
    else:
        futures = []
        for f in files:
            try:
                futures.append(executor.submit(check_file_worker, str(f), options))
            except Exception as exc:  # e.g. a broken pool: report it for this file
                futures.append(exc)
        index = {fut: i for i, fut in enumerate(futures) if not isinstance(fut, Exception)}
        slots: list[CheckResult | None] = [None] * total
        done = 0
        for i, fut in enumerate(futures):
            if isinstance(fut, Exception):
                slots[i] = _failed(files[i], fut)
                done += 1
        for fut in as_completed(index):
            i = index[fut]
            try:
                part = fut.result()
                if isinstance(part, dict):  # a worker that returned JSON-able data
                    part = CheckResult.model_validate(part)
            except Exception as exc:
                part = _failed(files[i], exc)
            slots[i] = part
            done += 1
            if progress is not None:
                progress(done, total)
        parts = [p for p in slots if p is not None]
    for part in parts:
        _merge(result, part)
    return result


def _failed(path: Path, exc: BaseException) -> CheckResult:
    return CheckResult(errors=[FileError(path=display_path(path), message=internal_error(exc))])
