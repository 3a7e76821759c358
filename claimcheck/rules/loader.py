"""Load and validate rule files from the shipped ``rules/`` and user folders.

Most of a shipped rule file is its ``[[examples]]`` (four fifths of the text), which only
the tests, the docs and ``claimcheck explain`` read: a check loads the shipped rules
without them (:func:`rules_for_checking`), parsing a tenth of the TOML.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from claimcheck.errors import InputError, RuleError
from claimcheck.ingest.source import SETTINGS_MAX_BYTES, read_limited
from claimcheck.resources import data_dir
from claimcheck.rules.spec import RuleSpec


def load_file(path: Path, examples: bool = True) -> RuleSpec:
    """One rule file, validated; errors name the file and what is wrong. Without
    ``examples`` the ``[[examples]]`` tables are neither parsed nor kept."""
    try:
        return _load_file(path, examples)
    except RecursionError:  # TOML tables or a match expression nested thousands deep
        raise RuleError(f"{path}: nested too deeply") from None


def without_examples(raw: str) -> str | None:
    """The rule file's text without its ``[[examples]]`` tables (their lines blanked, so
    line numbers stay), or None when the text is not plain enough to cut safely."""
    out: list[str] = []
    quote: str | None = None  # the delimiter of the multi-line string we are in
    skipping = False
    for line in raw.split("\n"):
        if quote is None:
            stripped = line.strip()
            if stripped.startswith("["):
                skipping = stripped.startswith(("[[examples]]", "[examples", "[[examples."))
        if "\\" in line and (quote is not None or '"""' in line or "'''" in line):
            return None  # an escape near a multi-line string: leave it to tomllib
        for delim in ('"""', "'''"):
            if quote in (None, delim) and line.count(delim) % 2:
                quote = delim if quote is None else None
        out.append("" if skipping else line)
    return None if quote is not None else "\n".join(out)


def _load_file(path: Path, examples: bool = True) -> RuleSpec:
    try:
        raw = read_limited(str(path), SETTINGS_MAX_BYTES, what="rule file").decode("utf-8")
        head = None if examples else without_examples(raw)
        try:
            data = tomllib.loads(head) if head is not None else None
        except tomllib.TOMLDecodeError:
            data = None  # the full text reports the error, at its own line
        if data is None:
            data = tomllib.loads(raw)
    except InputError as exc:
        raise RuleError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise RuleError(f"{path}: rule file is not UTF-8 text: {exc.reason}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: invalid TOML: {exc}") from exc
    line, column = _key_position(raw, "match")
    try:
        spec = RuleSpec.model_validate(
            {**data, "path": str(path), "match_line": line, "match_column": column}
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "rule"
        key = str(first["loc"][0]) if first["loc"] else ""
        at = _key_position(raw, key)[0] if key else 1
        raise RuleError(f"{path}:{at}: {where}: {first['msg']}") from exc
    from claimcheck.rules.registry import known_check

    if spec.check is not None and not known_check(spec.check):
        at = _key_position(raw, "check")[0]
        raise RuleError(f"{path}:{at}: check: unknown check {spec.check!r}")
    if spec.match is not None:
        from claimcheck.rules.matching import compile_rule

        compile_rule(spec)  # parse and type errors surface now, with file, line and caret
    return spec


def _key_position(raw: str, key: str) -> tuple[int, int]:
    """1-based line and column where the value of a top-level ``key = ...`` starts."""
    for number, line in enumerate(raw.splitlines(), start=1):
        stripped = line.lstrip()
        if stripped.startswith(key) and stripped[len(key) :].lstrip().startswith("="):
            eq = line.index("=")
            value = len(line) - len(line[eq + 1 :].lstrip())
            quote = line[value : value + 3]
            skip = 3 if quote in ('"""', "'''") else 1 if quote[:1] in "\"'" else 0
            return number, value + skip + 1
    return 1, 1


def load_dir(folder: Path) -> list[RuleSpec]:
    """Every ``*.toml`` rule in a folder, sorted by file name."""
    if not folder.is_dir():
        raise RuleError(f"{folder}: rules directory not found")
    return [load_file(p) for p in sorted(folder.glob("*.toml"))]


@cache
def shipped_rules() -> tuple[RuleSpec, ...]:
    """The rules shipped with claimcheck."""
    return tuple(load_dir(data_dir("rules")))


@cache
def rules_for_checking() -> tuple[RuleSpec, ...]:
    """The shipped rules without their examples (:func:`shipped_rules` once loaded)."""
    if shipped_rules.cache_info().currsize:
        return shipped_rules()
    folder = data_dir("rules")
    if not folder.is_dir():
        raise RuleError(f"{folder}: rules directory not found")
    return tuple(load_file(p, examples=False) for p in sorted(folder.glob("*.toml")))


def all_rules(extra_dirs: tuple[str, ...] = (), examples: bool = True) -> list[RuleSpec]:
    """Shipped rules plus user rule folders; a duplicate code is an error. Without
    ``examples`` the shipped rules come without theirs (a user's rules keep them: their
    examples are validated when they load)."""
    rules = list(shipped_rules() if examples else rules_for_checking())
    for folder in extra_dirs:
        rules.extend(load_dir(Path(folder)))
    seen: dict[str, str] = {}
    for r in rules:
        if r.code in seen:
            raise RuleError(f"{r.path}: duplicate rule code {r.code} (also in {seen[r.code]})")
        seen[r.code] = r.path
    return rules
