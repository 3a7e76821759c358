"""The Python API: check, check_text, extract, rules."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from claimcheck.config import Config, Finder, discover
from claimcheck.config import load as load_config
from claimcheck.discovery import Walker, WalkOptions
from claimcheck.errors import ClaimcheckError, ConfigError
from claimcheck.ingest.source import DEFAULT_MAX_BYTES
from claimcheck.models import Document, Extraction, FileError, Finding
from claimcheck.result import CheckResult
from claimcheck.rules.selection import Selection, parse_codes
from claimcheck.rules.spec import RuleSpec

if TYPE_CHECKING:
    from claimcheck.facts import FactStore

SUPPORTED = {".md", ".markdown", ".txt", ".text", ".rst", ".html", ".htm"}


def supported_suffixes() -> set[str]:
    """Suffixes a directory is searched for: text, Markdown, HTML, and PDF with the pdf extra."""
    from claimcheck.ingest.pdf import available

    return SUPPORTED | {".pdf"} if available() else set(SUPPORTED)


def rules(rules_dir: list[str] | None = None, examples: bool = True) -> list[RuleSpec]:
    """The rule registry: every rule's code, name, severity, summary and docs (and, unless
    ``examples`` is false, the shipped rules' examples)."""
    from claimcheck.rules.loader import all_rules

    return all_rules(tuple(rules_dir or ()), examples)


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


def _check_document(
    doc: Document,
    specs: list[RuleSpec],
    sel: Selection,
    result: CheckResult,
    cfg: Config | None = None,
) -> None:
    from claimcheck import suppression
    from claimcheck.facts import build_facts
    from claimcheck.rules.engine import run_rules

    if cfg is not None and cfg.per_file_ignores:
        extra = tuple(cfg.ignored_for(doc.name))
        if extra:
            sel = Selection(sel.select, (*sel.ignore, *extra))
    silenced = suppression.parse(doc, {r.code for r in specs})
    facts = build_facts(doc)
    extraction = facts.extraction
    findings, errors = run_rules(facts, specs, sel)
    findings = [_as_given(doc, _paged(doc, f)) for f in findings if not silenced.silences(f)]
    enabled = {r.code for r in specs if sel.enabled(r.code)}
    result._unused_suppressions.extend(silenced.unused(doc.name, enabled))
    result.findings.extend(findings)
    result.errors.extend(errors)
    result.claims.extend(extraction.claims)
    result.conditions.extend(extraction.conditions)
    result.measurements.extend(extraction.measurements)
    result._documents[doc.name] = doc.as_given()


def _as_given(doc: Document, finding: Finding) -> Finding:
    """A finding of a converted input (an HTML page) located in the input as given: its
    span and the "line N" its message cites, which the rules computed on the laid-out text."""
    if doc.source_map is None:
        return finding
    line, column = doc.given_position(finding.line, finding.column)
    end_line, end_column = doc.given_position(finding.end_line, finding.end_column)
    laid_out = doc.text.split("\n")

    def given_line(n: int, quoted: str | None = None) -> int:
        # a quoted figure ('first "181.26", line 244') is placed by its own column: a table
        # row is one laid-out line but several lines of the page as given
        at = laid_out[n - 1].find(quoted) if quoted and 0 < n <= len(laid_out) else -1
        return doc.given_position(n, at + 1 if at >= 0 else 1)[0]

    message = _LINE_REF.sub(
        lambda m: f"{m.group(1) or ''}{m.group(3)}{given_line(int(m.group(4)), m.group(2))}",
        finding.message,
    )
    return finding.model_copy(update={"line": line, "column": column, "end_line": end_line,
                                      "end_column": end_column, "message": message})  # fmt: skip


# "line 12", or a quoted figure and its line ('first "181.26", line 244')
_LINE_REF = re.compile(r'("([^"\n]{1,80}+)", )?\b(lines? )(\d+)\b')


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


def expand_paths(
    paths: list[str | os.PathLike],
    *,
    config: str | os.PathLike | Config | None = None,
    walk: WalkOptions | None = None,
) -> tuple[list[Path], list[FileError]]:
    """Files to check: files as given, folders walked (report suffixes only; hidden,
    git-ignored and excluded paths skipped), glob patterns expanded; see
    :mod:`claimcheck.discovery`. Exclusions come from each folder's nearest config, or
    from ``config`` when given, and from ``walk``."""
    return _walker(_finder(config), walk).expand(paths)


def _finder(config: str | os.PathLike | Config | Finder | None) -> Finder:
    """Configs per file: ``config`` for all when given, else each file's nearest one."""
    if isinstance(config, Finder):
        return config
    return Finder(settings(config) if config is not None else None)


def _walker(finder: Finder, walk: WalkOptions | None) -> Walker:
    return Walker(finder.for_folder, supported_suffixes(), walk)


def _walk_options(exclude, extend_exclude, respect_gitignore, force_exclude) -> WalkOptions:  # noqa: ANN001
    return WalkOptions(
        exclude=list(exclude) if exclude is not None else None,
        extend_exclude=list(extend_exclude or ()),
        respect_gitignore=respect_gitignore,
        force_exclude=force_exclude,
    )


class _Plans:
    """The rules and the selection for each config in use, built once per config."""

    def __init__(self, select, ignore, rules_dir: list[str] | None) -> None:  # noqa: ANN001
        self.select, self.ignore, self.rules_dir = select, ignore, list(rules_dir or ())
        self._built: dict[int, tuple[Config, list[RuleSpec], Selection]] = {}

    def __call__(self, cfg: Config) -> tuple[list[RuleSpec], Selection]:
        """``(specs, selection)`` for files under ``cfg``; ConfigError for bad settings."""
        if id(cfg) not in self._built:
            specs = rules([*cfg.rules_dir, *self.rules_dir], examples=False)
            self._built[id(cfg)] = (cfg, specs, _selection(self.select, self.ignore, specs, cfg))
        _, specs, sel = self._built[id(cfg)]
        return specs, sel


def check(
    path: str | os.PathLike | list[str | os.PathLike],
    *,
    select: str | list[str] | None = None,
    ignore: str | list[str] | None = None,
    rules_dir: list[str] | None = None,
    config: str | os.PathLike | Config | None = None,
    max_file_size: int | None = None,
    exclude: list[str] | None = None,
    extend_exclude: list[str] | None = None,
    respect_gitignore: bool | None = None,
    force_exclude: bool = False,
) -> CheckResult:
    """Check one path (file, folder or glob pattern) or several; unreadable files go to
    ``errors``.

    Settings come from ``config`` (a file or Config) for every file when given; else
    each file uses the nearest pyproject.toml ``[tool.claimcheck]`` or .claimcheck.toml
    walking up from its own folder. Arguments override it. Folders are walked as
    :func:`expand_paths` says; ``exclude`` replaces the configs' exclude patterns and
    ``extend_exclude`` adds to them (gitignore-style, relative to the working directory),
    ``respect_gitignore=False`` reads git-ignored files too, and ``force_exclude``
    applies the exclusions to files named explicitly. Any failure while reading,
    decoding or checking one file (a binary or damaged file, a file over
    ``max_file_size`` bytes, an unknown code in a suppression comment, even a bug)
    becomes an entry in ``errors`` naming the file, and the other files are checked.
    Invalid settings and rule selections raise :class:`ConfigError` before any file is
    read.
    """
    if isinstance(path, str) and _looks_like_text(path):
        raise ValueError(
            "claimcheck.check() takes paths of report files, and this looks like report "
            "text; to check text given as a string, call claimcheck.check_text(text)"
        )
    finder = _finder(config)
    walk = _walk_options(exclude, extend_exclude, respect_gitignore, force_exclude)
    files, errors = _walker(finder, walk).expand(path if isinstance(path, list) else [path])
    plans = _Plans(select, ignore, rules_dir)
    configs = [finder.for_path(f) for f in files] or [finder.for_folder(Path.cwd())]
    for cfg in configs:
        plans(cfg)  # every usage error before the first file is read
    result = CheckResult(errors=errors)
    for f, cfg in zip(files, configs, strict=False):
        specs, sel = plans(cfg)
        limit = max_file_size or cfg.max_file_size or DEFAULT_MAX_BYTES
        _check_file(f, specs, sel, result, cfg, limit)
    return result


def _looks_like_text(value: str) -> bool:
    """Whether a string given as a path is report text instead: it names no existing
    file, and it spans lines, is long, or is words without a report suffix or glob."""
    try:
        if os.path.exists(value):
            return False
    except (OSError, ValueError):  # e.g. a NUL byte: no path at all
        return True
    if "\n" in value or len(value) >= 256:
        return True
    words = len(value.split()) > 1
    return (
        words
        and Path(value).suffix.lower() not in SUPPORTED | {".pdf"}
        and not (set("*?[") & set(value))
    )


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


def check_data(
    data: bytes,
    name: str,
    *,
    select: str | list[str] | None = None,
    ignore: str | list[str] | None = None,
    rules_dir: list[str] | None = None,
    config: str | os.PathLike | Config | None = None,
) -> CheckResult:
    """Check a report's bytes (standard input, say) read as a file called ``name`` would
    be: its suffix picks the reader (``.html``, ``.pdf``, ...), and without ``config``
    the nearest config walking up from ``name``'s folder applies, its per-file-ignores
    matched against ``name``. A reading failure is an entry in ``errors``."""
    from claimcheck.ingest.reader import reader_for

    cfg = _finder(config).for_path(name)
    specs, sel = _Plans(select, ignore, rules_dir)(cfg)
    result = CheckResult()
    try:
        doc = reader_for(name)(bytes(data), name)
        doc.name = name
        _check_document(doc, specs, sel, result, cfg)
    except ClaimcheckError as exc:
        result.errors.append(FileError(path=name, message=one_line(_without_path(str(exc), name))))
    except Exception as exc:  # a library failing on strange input: reported, not raised
        result.errors.append(FileError(path=name, message=internal_error(exc)))
    return result


def extract(
    source: str | os.PathLike, name: str = "<text>", *, max_file_size: int | None = None
) -> Extraction:
    """Facts only, no rules: text as a ``str``, or a file as a ``pathlib.Path``."""
    return extract_facts(source, name, max_file_size=max_file_size).extraction


def extract_facts(
    source: str | os.PathLike, name: str = "<text>", *, max_file_size: int | None = None
) -> FactStore:
    """The fact store of a document (what the rules read): text as a ``str``, or a file as
    a ``pathlib.Path``."""
    from claimcheck.facts import build_facts
    from claimcheck.ingest import read_path, read_text

    if isinstance(source, os.PathLike):
        doc = read_path(source, max_file_size or DEFAULT_MAX_BYTES)
    else:
        doc = read_text(source, name)
    return build_facts(doc)


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
        "exclude": list(cfg.exclude) if cfg.exclude is not None else None,
        "extend_exclude": list(cfg.extend_exclude),
        "respect_gitignore": cfg.respect_gitignore,
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
        result = check(
            path,
            select=options.get("select"),
            ignore=options.get("ignore"),
            rules_dir=options.get("rules_dir"),
            config=Config(**plain),
            max_file_size=options.get("max_file_size"),
        )
        # what the reports read of a document is its text, lines and pages: its blocks and
        # tables would double what goes back to the parent, for nothing
        for name, doc in result._documents.items():
            result._documents[name] = doc.model_copy(update={"blocks": []})
        return result
    except Exception as exc:  # a worker must report, not crash the batch
        return CheckResult(errors=[FileError(path=name, message=internal_error(exc))])


def merged(parts: list[CheckResult]) -> CheckResult:
    """One result holding the findings, errors and facts of ``parts``, in order."""
    result = CheckResult()
    for part in parts:
        _merge(result, part)
    return result


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
    exclude: list[str] | None = None,
    extend_exclude: list[str] | None = None,
    respect_gitignore: bool | None = None,
    force_exclude: bool = False,
) -> CheckResult:
    """Check many files, one task per file, on any ``concurrent.futures.Executor``.

    Paths are expanded, and each file's config found, as by :func:`check`. Each file is
    checked by
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

    finder = _finder(config)
    walk = _walk_options(exclude, extend_exclude, respect_gitignore, force_exclude)
    files, errors = _walker(finder, walk).expand(paths if isinstance(paths, list) else [paths])
    plans = _Plans(select, ignore, rules_dir)
    configs = [finder.for_path(f) for f in files]
    for cfg in configs or [finder.for_folder(Path.cwd())]:
        plans(cfg)  # raise usage errors here, not once per file
    plain: dict[int, dict] = {id(c): _plain_config(c) for c in configs}
    options = [
        {
            "select": select,
            "ignore": ignore,
            "rules_dir": list(rules_dir or []),
            "config": plain[id(cfg)],
            "max_file_size": max_file_size,
        }
        for cfg in configs
    ]
    result = CheckResult(errors=errors)
    total = len(files)
    parts: list[CheckResult] = []
    if executor is None:
        for i, f in enumerate(files, 1):
            parts.append(check_file_worker(str(f), options[i - 1]))
            if progress is not None:
                progress(i, total)
    else:
        futures = []
        for f, opts in zip(files, options, strict=True):
            try:
                futures.append(executor.submit(check_file_worker, str(f), opts))
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
