"""Which files a check reads, as ruff finds Python files.

A file named on the command line is checked as given (unless ``force_exclude`` and an
``exclude`` pattern matches it). A folder is walked for report suffixes, skipping
hidden files and folders, what ``.gitignore`` files ignore inside a git repository,
and what the ``exclude`` and ``extend-exclude`` patterns match; those patterns are
gitignore-style, relative to the folder of the config that sets them (each folder
walked uses its own nearest config). A path that does not exist but holds ``*``,
``?`` or ``[`` is a glob pattern, expanded here (``**`` spans folders), so that
shells that pass patterns through (or the Action's ``set -f``) still work.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.config import Config
from claimcheck.models import FileError

# Folders no report lives in (ruff's list, plus documentation build output): the
# default of ``exclude``. Hidden folders (.git, .venv, .tox, ...) are skipped anyway.
DEFAULT_EXCLUDE = (
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
)
GLOB_CHARS = frozenset("*?[")


@dataclass(slots=True)
class WalkOptions:
    """Discovery settings of one run (the command line's, over every config's)."""

    exclude: list[str] | None = None  # replaces each config's ``exclude``
    extend_exclude: list[str] = field(default_factory=list)  # added to every config's
    respect_gitignore: bool | None = None  # None: each config's setting (default yes)
    force_exclude: bool = False  # apply the exclusions to files named explicitly too


def _spec(patterns: Iterable[str]):  # noqa: ANN202 - a pathspec.GitIgnoreSpec
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(list(patterns))


@dataclass(slots=True)
class _Exclusion:
    """The exclude patterns of one config, anchored at its folder."""

    root: Path
    spec: object

    def matches(self, path: Path, is_dir: bool) -> bool:
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            try:  # the root is resolved: a path through a symbolic link may still be inside
                rel = path.resolve().relative_to(self.root).as_posix()
            except (ValueError, OSError):
                rel = path.name  # outside the config's folder: patterns meet the name alone
        if rel in ("", "."):
            return False
        return bool(self.spec.match_file(rel + "/" if is_dir else rel))


class _GitIgnores:
    """The .gitignore files in force for a path: those from the repository's top down
    (and .git/info/exclude), deeper files overriding shallower ones, as git reads them."""

    def __init__(self) -> None:
        self._specs: dict[Path, object | None] = {}
        self._repo: dict[Path, Path | None] = {}

    def repo_root(self, folder: Path) -> Path | None:
        """The nearest folder at or above ``folder`` holding ``.git``; None outside one."""
        if folder not in self._repo:
            self._repo[folder] = (
                folder
                if (folder / ".git").exists()
                else (self.repo_root(folder.parent) if folder.parent != folder else None)
            )
        return self._repo[folder]

    def _spec_of(self, folder: Path, root: Path):  # noqa: ANN202
        if folder not in self._specs:
            lines: list[str] = []
            sources = [folder / ".gitignore"]
            if folder == root:
                sources.insert(0, folder / ".git" / "info" / "exclude")
            for source in sources:
                try:
                    if source.is_file():
                        lines += source.read_text(encoding="utf-8", errors="replace").splitlines()
                except OSError:
                    pass
            self._specs[folder] = _spec(lines) if lines else None
        return self._specs[folder]

    def ignores(self, path: Path, is_dir: bool) -> bool:
        """Whether git would ignore ``path`` (its parent folders are taken as not ignored:
        the walk never enters an ignored folder)."""
        root = self.repo_root(path.parent)
        if root is None:
            return False
        folder = path.parent
        while True:
            spec = self._spec_of(folder, root)
            if spec is not None:
                rel = path.relative_to(folder).as_posix() + ("/" if is_dir else "")
                verdict = spec.check_file(rel).include
                if verdict is not None:
                    return verdict
            if folder == root or folder.parent == folder:
                return False
            folder = folder.parent


class Walker:
    """Expands the paths of one run into the files to check."""

    def __init__(
        self,
        config_for: Callable[[Path], Config],
        suffixes: set[str],
        options: WalkOptions | None = None,
    ) -> None:
        self.config_for = config_for  # a folder's config
        self.suffixes = suffixes
        self.options = options or WalkOptions()
        self._gitignores = _GitIgnores()
        self._exclusions: dict[int, tuple[Config, list[_Exclusion]]] = {}
        self._cli_root = Path.cwd().resolve()

    def _exclusions_of(self, cfg: Config) -> list[_Exclusion]:
        """A config's patterns at its folder; the command line's at the working directory
        (``--exclude`` in place of the config's ``exclude``, as in ruff)."""
        key = id(cfg)
        if key not in self._exclusions:
            opts = self.options
            own = list(cfg.exclude if cfg.exclude is not None else DEFAULT_EXCLUDE)
            if opts.exclude is not None:
                own = []
            own += cfg.extend_exclude
            cli = [*(opts.exclude or ()), *opts.extend_exclude]
            out = [_Exclusion(cfg.root, _spec(own))] if own else []
            if cli:
                out.append(_Exclusion(self._cli_root, _spec(cli)))
            self._exclusions[key] = (cfg, out)  # the config is kept so its id stays unique
        return self._exclusions[key][1]

    def excluded(self, path: Path, is_dir: bool) -> bool:
        """Whether the exclude patterns in force for ``path`` match it."""
        cfg = self.config_for(path.parent)
        return any(e.matches(path, is_dir) for e in self._exclusions_of(cfg))

    def _gitignored(self, path: Path, is_dir: bool) -> bool:
        respect = self.options.respect_gitignore
        if respect is None:
            respect = self.config_for(path.parent).respect_gitignore
        return respect is not False and self._gitignores.ignores(path, is_dir)

    def skipped(self, path: Path, is_dir: bool) -> bool:
        """Whether a walk passes ``path`` over: hidden, excluded or git-ignored."""
        return (
            path.name.startswith(".")
            or self.excluded(path, is_dir)
            or self._gitignored(path, is_dir)
        )

    def walk(self, top: Path) -> list[Path]:
        """The report files under folder ``top``, sorted; ``top`` itself is not judged."""
        found: list[Path] = []
        for folder, dirs, files in os.walk(top):
            here = Path(folder)
            absolute = Path(os.path.abspath(here))
            dirs[:] = sorted(d for d in dirs if not self.skipped(absolute / d, True))
            for name in files:
                if Path(name).suffix.lower() not in self.suffixes:
                    continue
                if not self.skipped(absolute / name, False) and (here / name).is_file():
                    found.append(here / name)
        return sorted(found)

    def expand(self, paths: Iterable[str | os.PathLike]) -> tuple[list[Path], list[FileError]]:
        """Files to check from the paths given, in order; what matches nothing is an error."""
        files: list[Path] = []
        errors: list[FileError] = []
        for raw in paths:
            p = Path(raw)
            text = os.fsdecode(os.fspath(raw))
            if not p.exists() and GLOB_CHARS & set(text):
                matched = sorted(glob.glob(text, recursive=True))
                if not matched:
                    errors.append(FileError(path=text, message="no file matches the pattern"))
                for m in matched:
                    mp = Path(m)
                    if mp.is_dir():
                        files.extend(self.walk(mp))
                    elif mp.suffix.lower() in self.suffixes and not self.skipped(
                        Path(os.path.abspath(mp)), False
                    ):
                        files.append(mp)
                continue
            if p.is_dir():
                found = self.walk(p)
                if not found:
                    errors.append(
                        FileError(path=str(p), message="no supported report files in directory")
                    )
                files.extend(found)
            elif not (
                self.options.force_exclude and self.excluded(Path(os.path.abspath(p)), False)
            ):
                files.append(p)
        return files, errors
