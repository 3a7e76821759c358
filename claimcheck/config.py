"""Configuration: ``[tool.claimcheck]`` in pyproject.toml or a ``.claimcheck.toml``.

Each checked file uses the nearest config walking up from its own folder (or the one
given with ``--config``, for every file). Keys: ``select``, ``ignore``, ``fail-on``,
``rules-dir``, ``per-file-ignores``, ``max-file-size``, ``exclude``, ``extend-exclude``,
``respect-gitignore``; paths and patterns in a file are relative to its folder.
Command-line options override the file. Unknown keys, unknown
rule codes and values of the wrong type are errors that name the file; a
pyproject.toml without a ``[tool.claimcheck]`` table is not a claimcheck config
and is passed over, whatever else it holds.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.errors import ConfigError, InputError
from claimcheck.ingest.source import SETTINGS_MAX_BYTES, parse_size, read_limited

KEYS = {
    "select",
    "ignore",
    "fail-on",
    "rules-dir",
    "per-file-ignores",
    "max-file-size",
    "exclude",
    "extend-exclude",
    "respect-gitignore",
}
SEVERITIES = ("error", "warning", "info")
# The exit status is 1 only for errors unless told otherwise: errors are findings a report
# cannot be right with (arithmetic that does not add up, a contradiction); warnings and
# info ask for a disclosure an honest report may still lack (docs/configuration.md).
DEFAULT_FAIL_ON = "error"


@dataclass
class Config:
    """Settings from a config file, relative paths resolved against it."""

    path: Path | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    fail_on: str | None = None
    rules_dir: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    max_file_size: int | None = None  # bytes; None: the default limit
    exclude: list[str] | None = None  # gitignore-style patterns; None: the default list
    extend_exclude: list[str] = field(default_factory=list)
    respect_gitignore: bool | None = None  # None: yes

    @property
    def root(self) -> Path:
        """The folder the file's relative paths and patterns are relative to (the working
        directory for settings that come from no file)."""
        return self.path.parent.resolve() if self.path is not None else Path.cwd().resolve()

    def ignored_for(self, path: str) -> list[str]:
        """Codes ignored for a file by ``per-file-ignores``: glob patterns matched against
        the file's path relative to the config's folder, and against its name alone."""
        rel = relative_to_root(path, self.root)
        name = Path(path).name
        out: list[str] = []
        for pattern, codes in self.per_file_ignores.items():
            if fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(name, pattern):
                out.extend(codes)
        return out

    def codes(self) -> set[str]:
        """Every code or prefix the file names (for validation)."""
        return {
            *self.select,
            *self.ignore,
            *(c for cs in self.per_file_ignores.values() for c in cs),
        }


def relative_to_root(path: str | Path, root: Path) -> str:
    """``path`` (as typed, or absolute) relative to ``root`` in POSIX form; as typed when
    it lies outside ``root``. Symbolic links are not followed: the path as named."""
    import os

    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return Path(path).as_posix()


def _patterns(value: object, where: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: expected a list of gitignore-style patterns")
    return [v for v in value if v.strip()]


def _codes(value: object, where: str) -> list[str]:
    if isinstance(value, str):
        value = [v for v in value.split(",")]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: expected a list of rule codes")
    return [v.strip().upper() for v in value if v.strip()]


def parse(table: dict, path: Path) -> Config:
    """A Config from the ``[tool.claimcheck]`` table (or the top level of .claimcheck.toml)."""
    unknown = set(table) - KEYS
    if unknown:
        raise ConfigError(
            f"{path}: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(KEYS))})"
        )
    cfg = Config(path=path)
    cfg.select = _codes(table.get("select", []), f"{path}: select")
    cfg.ignore = _codes(table.get("ignore", []), f"{path}: ignore")
    fail_on = table.get("fail-on")
    if fail_on is not None and fail_on not in SEVERITIES:
        raise ConfigError(
            f"{path}: fail-on must be one of {', '.join(SEVERITIES)}, not {fail_on!r}"
        )
    cfg.fail_on = fail_on
    dirs = table.get("rules-dir", [])
    dirs = [dirs] if isinstance(dirs, str) else dirs
    if not isinstance(dirs, list) or not all(isinstance(d, str) for d in dirs):
        raise ConfigError(f"{path}: rules-dir must be a folder or a list of folders")
    cfg.rules_dir = [str((path.parent / d).resolve()) for d in dirs]
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{path}: per-file-ignores must be a table of glob = [codes]")
    cfg.per_file_ignores = {k: _codes(v, f"{path}: per-file-ignores.{k}") for k, v in pfi.items()}
    if "exclude" in table:
        cfg.exclude = _patterns(table["exclude"], f"{path}: exclude")
    cfg.extend_exclude = _patterns(table.get("extend-exclude", []), f"{path}: extend-exclude")
    gitignore = table.get("respect-gitignore")
    if gitignore is not None and not isinstance(gitignore, bool):
        raise ConfigError(f"{path}: respect-gitignore must be true or false")
    cfg.respect_gitignore = gitignore
    if "max-file-size" in table:
        try:
            cfg.max_file_size = parse_size(table["max-file-size"])
        except ValueError as exc:
            raise ConfigError(f"{path}: max-file-size: {exc}") from None
    return cfg


def _read_toml(path: Path, unreadable_ok: bool = False) -> dict | None:
    """A TOML file's data; ConfigError naming the file for anything unreadable or invalid
    (or None for a file that cannot be read, when ``unreadable_ok``)."""
    try:
        raw = read_limited(str(path), SETTINGS_MAX_BYTES, what="config file")
    except InputError as exc:
        if unreadable_ok:
            return None
        raise ConfigError(str(exc)) from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: config file is not UTF-8 text: {exc.reason}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: invalid TOML: nested too deeply") from None


def _claimcheck_table(data: dict, path: Path) -> dict | None:
    """``[tool.claimcheck]`` of pyproject data: None when absent, ConfigError if not a table."""
    tool = data.get("tool")
    if not isinstance(tool, dict) or "claimcheck" not in tool:
        return None  # no [tool] table, or one that is not ours to judge
    table = tool["claimcheck"]
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.claimcheck] must be a table, not {_toml_type(table)}")
    return table


def _toml_type(value: object) -> str:
    names = {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
    }
    return names.get(type(value), "a value")


def load(path: str | Path) -> Config:
    """Read a config file: pyproject.toml ([tool.claimcheck]) or .claimcheck.toml (top level)."""
    p = Path(path)
    data = _read_toml(p) or {}
    table = _claimcheck_table(data, p) if p.name == "pyproject.toml" else data
    return parse(table or {}, p)


def _config_in(folder: Path) -> Config | None:
    """The config file of one folder: .claimcheck.toml, else a pyproject.toml with a
    ``[tool.claimcheck]`` table; None when it has neither."""
    dotfile = folder / ".claimcheck.toml"
    if dotfile.is_file():
        return load(dotfile)
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        data = _read_toml(pyproject, unreadable_ok=True)
        table = _claimcheck_table(data, pyproject) if data is not None else None
        if table is not None:
            return parse(table, pyproject)
    return None


def discover(start: Path | None = None) -> Config:
    """The nearest config walking up from ``start`` (default: the working directory)."""
    return Finder().for_folder(start or Path.cwd())


class Finder:
    """The config in force for each checked file: the one given, for every file; else the
    nearest one walking up from the file's own folder (each folder looked at once)."""

    def __init__(self, given: Config | None = None) -> None:
        self.given = given
        self._by_folder: dict[Path, Config] = {}  # resolved folder -> config
        self._by_name: dict[str | Path, Config] = {}  # folder as asked for -> config

    def for_path(self, path: str | Path) -> Config:
        """The config for a file (or, for a folder, the config of the files in it)."""
        import os

        if self.given is not None:
            return self.given
        p = Path(os.path.abspath(path))
        return self.for_folder(p if p.is_dir() else p.parent)

    def for_folder(self, folder: str | Path) -> Config:
        """The nearest config at or above ``folder``; defaults when there is none."""
        if self.given is not None:
            return self.given
        if folder in self._by_name:
            return self._by_name[folder]
        self._by_name[folder] = found = self._nearest(Path(folder).resolve())
        return found

    def _nearest(self, here: Path) -> Config:
        missed: list[Path] = []
        found: Config | None = None
        for f in (here, *here.parents):
            if f in self._by_folder:
                found = self._by_folder[f]
                break
            found = _config_in(f)
            if found is not None:
                self._by_folder[f] = found
                break
            missed.append(f)
        found = found if found is not None else Config()
        for f in missed:
            self._by_folder[f] = found
        return found
