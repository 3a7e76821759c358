"""The distribution's name and version, read from its installed metadata (one place:
``pyproject.toml``). A source tree run without being installed reads pyproject.toml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

# The name on the package index. The import package and the command are ``claimcheck``;
# an unrelated project holds that name on the index, so installing it would run its code.
DISTRIBUTION = "claimcheck-reports"


@cache
def version() -> str:
    """The installed distribution's version; from the source tree's pyproject.toml when
    the package runs uninstalled (or installed under another name), else ``0+unknown``."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _source_version(Path(__file__).resolve().parent.parent / "pyproject.toml")


def _source_version(pyproject: Path) -> str:
    """``[project] version`` of a source tree's pyproject.toml naming this distribution."""
    import tomllib

    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "0+unknown"
    if project.get("name") != DISTRIBUTION or not isinstance(project.get("version"), str):
        return "0+unknown"
    return project["version"]
