"""Every regular expression claimcheck uses, found without a hand-kept list.

Four sources, gathered in a fresh process (run-time caches of a test process may already
hold patterns, and a pattern compiled before the spy is installed would be missed):

- ``lazyre.REGISTRY``: every ``lazyre.compile`` pattern, wherever it is kept;
- a spy on ``re._compile`` (behind every ``re.compile``, ``re.search`` and the like) while
  every module is imported and while every rule's examples are checked: module-level and
  decorator ``re.compile`` calls, and patterns built at run time (rule checks, device
  names, rule data);
- the source: each ``re.<function>(...)`` or ``lazyre.compile(...)`` call whose pattern
  and flags can be evaluated from its module's globals, reached by the examples or not;
- the terminals of ``grammars/*.lark``.

Each pattern is named by where it lives: the module attribute that holds it when there is
one (``claimcheck.suppression.DIRECTIVE``), else its source line.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PACKAGE = "claimcheck"
# re's functions and the position of their flags argument
_RE_FUNCTIONS = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "finditer": 2,
                 "findall": 2, "split": 3, "sub": 4, "subn": 4}  # fmt: skip


@dataclass(frozen=True)
class Found:
    """One pattern of the package and where it was found."""

    pattern: str
    flags: int
    where: str


def collect() -> list[Found]:
    """Every pattern of the package, gathered in a fresh interpreter that imports the same
    claimcheck as this one."""
    package = importlib.import_module(PACKAGE)
    root = str(Path(package.__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve())],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": path},
    )  # fmt: skip
    return [Found(**row) for row in json.loads(out.stdout)]


def _gather() -> list[Found]:
    found: dict[tuple[str, int], str] = {}

    def add(pattern: Any, flags: int, where: str) -> None:
        if isinstance(pattern, str):
            found.setdefault((pattern, int(flags) & ~re.UNICODE), where)

    spied: list[tuple[str, int, str]] = []
    original = re._compile  # type: ignore[attr-defined]

    def spy(pattern: Any, flags: int) -> Any:
        site = _calling_site()
        if site is not None and isinstance(pattern, str):
            spied.append((pattern, int(flags), site))
        return original(pattern, flags)

    re._compile = spy  # type: ignore[attr-defined]
    try:
        modules = _import_all()
        _check_rule_examples()
    finally:
        re._compile = original  # type: ignore[attr-defined]

    from claimcheck import lazyre

    names = _attribute_names(modules)
    for lazy in lazyre.REGISTRY:
        module, line = lazy.site or ("?", 0)
        name = names.get(id(lazy), (module, None))[0]
        add(lazy.pattern, lazy.source_flags, f"{name} (line {line})")
    compiled = {(p.pattern, p.flags & ~re.UNICODE): n for n, p in names.values()
                if isinstance(p, re.Pattern)}  # fmt: skip
    for pattern, flags, site in spied:
        add(pattern, flags, compiled.get((pattern, flags & ~re.UNICODE), site))
    for pattern, flags, site in _written_in_source(modules):
        add(pattern, flags, site)
    for pattern, flags, site in _grammar_terminals():
        add(pattern, flags, site)
    return [Found(p, f, w) for (p, f), w in found.items()]


def _calling_site() -> str | None:
    """``module line N (function)`` of the claimcheck code that asked re for a pattern;
    None when a third-party library did."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in ("re", "claimcheck.lazyre"):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    module = str(frame.f_globals.get("__name__", ""))
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        return None
    return f"{module} line {frame.f_lineno} ({frame.f_code.co_name})"


def _import_all() -> list[Any]:
    root = importlib.import_module(PACKAGE)
    names = [info.name for info in pkgutil.walk_packages(root.__path__, PACKAGE + ".")]
    return [root, *(importlib.import_module(n) for n in names if not n.endswith("__main__"))]


def _check_rule_examples() -> None:
    """Run the pipeline and every check on the rules' own examples: the checks build some
    patterns only when they run."""
    import claimcheck
    from claimcheck.rules.loader import shipped_rules

    for rule in shipped_rules():
        for example in rule.examples:
            claimcheck.check_text(example.text, name=f"{rule.code}-example.md")


def _attribute_names(modules: list[Any]) -> dict[int, tuple[str, Any]]:
    """id -> (where it lives, the object) of each pattern object the modules hold:
    ``module.NAME``, ``module.LIST[3][0]``, ``module.Class.attr``, ``module.function(default)``,
    ``module.function(closure)``."""
    from claimcheck import lazyre

    names: dict[int, tuple[str, Any]] = {}
    seen: set[int] = set()

    def walk(value: Any, path: str, module: str, depth: int) -> None:
        if isinstance(value, lazyre.LazyPattern | re.Pattern):
            names.setdefault(id(value), (path, value))
            return
        if depth > 5 or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, list | tuple):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]", module, depth + 1)
        elif isinstance(value, set | frozenset):
            for item in value:
                walk(item, f"{path}{{...}}", module, depth + 1)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}[{key!r}]", module, depth + 1)
        elif isinstance(value, type) and value.__module__ == module:
            for key, item in vars(value).items():
                walk(item, f"{path}.{key}", module, depth + 1)
        elif callable(value) and getattr(value, "__module__", None) == module:
            for item in getattr(value, "__defaults__", None) or ():
                walk(item, f"{path}(default)", module, depth + 1)
            for cell in getattr(value, "__closure__", None) or ():
                with contextlib.suppress(ValueError):  # an empty cell
                    walk(cell.cell_contents, f"{path}(closure)", module, depth + 1)

    for mod in modules:
        if mod is lazyre:
            continue  # its REGISTRY holds them all, named by the modules that keep them
        for key, value in sorted(vars(mod).items()):
            walk(value, f"{mod.__name__}.{key}", mod.__name__, 0)
    return names


def _written_in_source(modules: list[Any]) -> list[tuple[str, int, str]]:
    """(pattern, flags, site) of each ``re.<function>`` or ``lazyre.compile`` call whose
    pattern and flags evaluate from the module's globals (a pattern built from a function's
    local names is met by the spy when the examples reach it)."""
    out = []
    for mod in modules:
        path = Path(mod.__file__)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value
            if not isinstance(owner, ast.Name) or owner.id not in ("re", "lazyre"):
                continue
            at = _RE_FUNCTIONS.get(node.func.attr)
            if at is None or (owner.id == "lazyre" and node.func.attr != "compile"):
                continue
            pattern_node = node.args[0] if node.args else _keyword(node, "pattern")
            flags_node = node.args[at] if len(node.args) > at else _keyword(node, "flags")
            try:
                pattern = _evaluate(pattern_node, mod)
                flags = _evaluate(flags_node, mod) if flags_node is not None else 0
            except Exception:  # noqa: BLE001 - needs a local name: the spy's business
                continue
            if isinstance(pattern, str):
                out.append((pattern, int(flags), f"{mod.__name__} line {node.lineno}"))
    return out


def _keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in node.keywords if k.arg == name), None)


def _evaluate(node: ast.expr | None, module: Any) -> Any:
    if node is None:
        raise ValueError("no argument")
    code = compile(ast.Expression(body=node), module.__file__, "eval")
    return eval(code, dict(vars(module)))  # noqa: S307 - the package's own source


def _grammar_terminals() -> list[tuple[str, int, str]]:
    """(pattern, flags, site) of each terminal of the shipped lark grammars."""
    from claimcheck import grammars

    out = []
    for name in grammars.OPTIONS:
        for term in grammars.load_parser(name).terminals:
            flags = re.IGNORECASE if "i" in term.pattern.flags else 0
            out.append((term.pattern.to_regexp(), flags, f"grammars/{name}.lark {term.name}"))
    return out


if __name__ == "__main__":
    rows = [vars(f) for f in _gather()]
    print(json.dumps(rows))
