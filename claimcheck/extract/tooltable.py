"""What each load or network test tool means: one table (``tools.toml``) that the condition
extractor and the run extractor both read.

For every tool: the command words that run it, each option and the parameter it sets, the
defaults the tool documents for what a command leaves out (wrk: 10 s, 2 threads, 10
connections), the conditions the tool fixes by itself (wrk speaks HTTP and keeps its
connections alive; iperf streams bytes, with no objects) and, for a tool that runs named
tests (netperf TCP_RR), the conditions each test name fixes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

# Parameters that are flags with a meaning (no value follows them).
MEANINGFUL_FLAGS = frozenset({"keepalive", "no_keepalive", "h1", "udp", "server"})
# Words that may stand before the tool on its command line.
PREFIX = frozenset({"$", "#", ">", "%", "$>", "#>", "sudo", "time", "nohup", "exec", "command",
                    "run", "npx"})  # fmt: skip
# Commands that start a tool inside a container: "docker run --rm williamyeh/wrk -c 80 ..."
LAUNCHERS = frozenset({"docker", "podman", "nerdctl", "kubectl"})


@dataclass(frozen=True)
class Tool:
    """One tool's entry of the table (see ``tools.toml`` for the meaning of each field)."""

    name: str
    label: str
    options: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    implies: dict[str, Any] = field(default_factory=dict)
    modes: dict[str, dict[str, Any]] = field(default_factory=dict)
    runs: bool = False
    go_style: bool = False
    bare_unit: str = ""

    def option(self, opt: str) -> str | None:
        """The parameter an option sets ("" for a flag that sets nothing), None when the
        tool has no such option; Go-style tools take "-rate" and "--rate" alike."""
        kind = self.options.get(opt)
        if kind is None and self.go_style and opt.startswith("-"):
            kind = self.options.get("-" + opt.lstrip("-"))
        return kind

    def mode(self, name: str) -> dict[str, Any]:
        """The conditions a named test of the tool fixes ({} for a name it does not run)."""
        return self.modes.get(name.strip("'\"").upper(), {})


@cache
def _raw() -> dict[str, Any]:
    text = resources.files("claimcheck.extract").joinpath("tools.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def table() -> dict[str, Tool]:
    """Every tool of ``tools.toml`` by its canonical name (read once)."""
    raw = _raw()
    out: dict[str, Tool] = {}
    for name, entry in raw.items():
        base = raw.get(entry.get("options_of", ""), {})
        out[name] = Tool(
            name=name,
            label=entry.get("label", name),
            options=dict(entry.get("options") or base.get("options") or {}),
            defaults=dict(entry.get("defaults") or base.get("defaults") or {}),
            implies=dict(entry.get("implies") or {}),
            modes={k.upper(): dict(v) for k, v in (entry.get("modes") or {}).items()},
            runs=bool(entry.get("runs", False)),
            go_style=bool(entry.get("go_style", False)),
            bare_unit=str(entry.get("bare_unit", "")),
        )
    return out


@cache
def _words() -> dict[str, str]:
    """Command word -> canonical tool name (names and aliases, lower case)."""
    out: dict[str, str] = {}
    for name, entry in _raw().items():
        out[name] = name
        for alias in entry.get("aliases", ()):
            out[alias.lower()] = name
    return out


def tool_of(token: str) -> Tool | None:
    """The tool a command word runs ("wrk", "/usr/bin/wrk", "williamyeh/wrk", "ab2"), or
    None. A network tool whose name is a common word (ping) runs only as a bare word or a
    program path ("/usr/bin/ping", "./ping"): "/ping" and "host/ping" are a URL's path."""
    if not token or ":" in token or "=" in token or token.startswith("-"):
        return None
    word = token.strip("'\"`")
    base = word.rsplit("/", 1)[-1].lower()
    name = _words().get(base)
    if name is None:
        return None
    tool = table()[name]
    if (
        "/" in word
        and not tool.runs
        and not (
            word.startswith(("./", "../", "~/", "$")) or (word[0] == "/" and word.count("/") > 1)
        )
    ):
        return None
    return tool


def named(label: str) -> Tool | None:
    """The tool a traffic generator's name (as the condition extractor writes it: "wrk",
    "Grafana k6", "Siege") stands for, or None for a tool the table does not describe."""
    low = label.strip().lower()
    for tool in table().values():
        if low in (tool.name, tool.label.lower()):
            return tool
    return tool_of(low)


def command_words() -> list[str]:
    """Every command word of the table (names and aliases), longest first."""
    return sorted(_words(), key=lambda s: (-len(s), s))
