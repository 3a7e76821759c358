"""The Python API: check, check_text, extract, rules."""

from __future__ import annotations

import os
from pathlib import Path

from claimcheck.config import Config, discover
from claimcheck.config import load as load_config
from claimcheck.errors import ClaimcheckError, ConfigError
from claimcheck.models import CheckResult, Document, Extraction, FileError, Finding
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
    result.findings.extend(findings)
    result.errors.extend(errors)
    result.claims.extend(extraction.claims)
    result.conditions.extend(extraction.conditions)
    result.measurements.extend(extraction.measurements)
    result._documents[doc.name] = doc


def _paged(doc: Document, finding: Finding) -> Finding:
    """A finding in paged input (PDF) names its page, in the evidence and the message."""
    pages = doc.page_of_line
    if not pages or not 0 < finding.line <= len(pages):
        return finding
    page = pages[finding.line - 1]
    evidence = {**(finding.evidence or {}), "page": page}
    return finding.model_copy(
        update={"evidence": evidence, "message": f"{finding.message} (page {page})"}
    )


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
) -> CheckResult:
    """Check one path (file or directory) or several; unreadable files go to ``errors``.

    Settings come from ``config`` (a file or Config; by default the nearest
    pyproject.toml ``[tool.claimcheck]`` or .claimcheck.toml); arguments override it.
    """
    from claimcheck.ingest import read_path

    cfg = settings(config)
    specs = rules([*cfg.rules_dir, *(rules_dir or [])])
    sel = _selection(select, ignore, specs, cfg)
    paths = path if isinstance(path, list) else [path]
    files, errors = expand_paths(paths)
    result = CheckResult(errors=errors)
    for f in files:
        name = display_path(f)
        try:
            doc = read_path(f)
        except ClaimcheckError as exc:
            result.errors.append(
                FileError(path=name, message=_without_path(str(exc), str(f), name))
            )
            continue
        doc.name = name
        try:
            _check_document(doc, specs, sel, result, cfg)
        except ClaimcheckError as exc:
            if isinstance(exc, ConfigError):
                raise
            result.errors.append(
                FileError(path=name, message=_without_path(str(exc), str(f), name))
            )
    return result


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


def extract(source: str | os.PathLike, name: str = "<text>") -> Extraction:
    """Facts only, no rules: text as a ``str``, or a file as a ``pathlib.Path``."""
    from claimcheck.ingest import read_path, read_text

    doc = read_path(source) if isinstance(source, os.PathLike) else read_text(source, name)
    return _extract(doc)
