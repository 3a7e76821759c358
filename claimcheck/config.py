"""Configuration: ``[tool.claimcheck]`` in pyproject.toml or a ``.claimcheck.toml``.

Found by walking up from the working directory (or given with ``--config``).
Keys: ``select``, ``ignore``, ``fail-on``, ``rules-dir``, ``per-file-ignores``.
Command-line options override the file. Unknown keys and unknown rule codes
are errors that name the file.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.errors import ConfigError

KEYS = {"select", "ignore", "fail-on", "rules-dir", "per-file-ignores"}
SEVERITIES = ("error", "warning", "info")


@dataclass
class Config:
    """Settings from a config file, relative paths resolved against it."""

    path: Path | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    fail_on: str | None = None
    rules_dir: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)

    def ignored_for(self, path: str) -> list[str]:
        """Codes ignored for a file by ``per-file-ignores`` (glob patterns, relative paths)."""
        rel = Path(path).as_posix()
        out: list[str] = []
        for pattern, codes in self.per_file_ignores.items():
            if fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(Path(path).name, pattern):
                out.extend(codes)
        return out

    def codes(self) -> set[str]:
        """Every code or prefix the file names (for validation)."""
        return {
            *self.select,
            *self.ignore,
            *(c for cs in self.per_file_ignores.values() for c in cs),
        }


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
    return cfg


def load(path: str | Path) -> Config:
    """Read a config file: pyproject.toml ([tool.claimcheck]) or .claimcheck.toml (top level)."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read config file: {exc.strerror}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{p}: invalid TOML: {exc}") from exc
    table = data.get("tool", {}).get("claimcheck", {}) if p.name == "pyproject.toml" else data
    return parse(table, p)


def discover(start: Path | None = None) -> Config:
    """The nearest config walking up from ``start`` (default: the working directory)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        dotfile = folder / ".claimcheck.toml"
        if dotfile.is_file():
            return load(dotfile)
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            try:
                data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            except OSError:
                continue
            except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
                raise ConfigError(f"{pyproject}: invalid TOML: {exc}") from exc
            if "claimcheck" in data.get("tool", {}):
                return parse(data["tool"]["claimcheck"], pyproject)
    return Config()
