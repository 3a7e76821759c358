"""Load and validate rule files from the shipped ``rules/`` and user folders."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from claimcheck.errors import RuleError
from claimcheck.resources import data_dir
from claimcheck.rules.spec import RuleSpec


def load_file(path: Path) -> RuleSpec:
    """One rule file, validated; errors name the file and what is wrong."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RuleError(f"{path}: cannot read rule file: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: invalid TOML: {exc}") from exc
    try:
        spec = RuleSpec.model_validate({**data, "path": str(path)})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RuleError(f"{path}: {where}: {first['msg']}") from exc
    from claimcheck.rules.registry import known_check

    if not known_check(spec.check):
        raise RuleError(f"{path}: check: unknown check {spec.check!r}")
    return spec


def load_dir(folder: Path) -> list[RuleSpec]:
    """Every ``*.toml`` rule in a folder, sorted by file name."""
    if not folder.is_dir():
        raise RuleError(f"{folder}: rules directory not found")
    return [load_file(p) for p in sorted(folder.glob("*.toml"))]


@cache
def shipped_rules() -> tuple[RuleSpec, ...]:
    """The rules shipped with claimcheck."""
    return tuple(load_dir(data_dir("rules")))


def all_rules(extra_dirs: tuple[str, ...] = ()) -> list[RuleSpec]:
    """Shipped rules plus user rule folders; a duplicate code is an error."""
    rules = list(shipped_rules())
    for folder in extra_dirs:
        rules.extend(load_dir(Path(folder)))
    seen: dict[str, str] = {}
    for r in rules:
        if r.code in seen:
            raise RuleError(f"{r.path}: duplicate rule code {r.code} (also in {seen[r.code]})")
        seen[r.code] = r.path
    return rules
