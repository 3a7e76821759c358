"""Paraphrase probes: short invented texts, one situation each, per rule.

Each ``<CODE>.toml`` file in this folder holds ``[[probe]]`` tables with the fields
``rule``, ``kind`` (``bad``: the rule must fire; ``good``: it must not), ``genre``,
``name``, ``text`` and ``why``. A probe that claimcheck does not yet get right carries
``gap = "<the missing mechanism>"``; the pytest module turns it into a strict xfail, so
a fix that makes it pass has to remove the gap. Probes under ``fresh/`` were written
after the fixes and never looked at while fixing: they measure whether the fixes
generalise. Run ``python -m tests.probes`` from the repository root for per-rule
recall and precision.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import claimcheck

HERE = Path(__file__).parent
FIELDS = {"rule", "kind", "genre", "name", "text", "why"}
KINDS = {"bad", "good"}


@dataclass(frozen=True)
class Probe:
    """One probe: a text and whether ``rule`` must (``bad``) or must not (``good``) fire."""

    rule: str
    kind: str
    genre: str
    name: str
    text: str
    why: str
    gap: str = ""
    fresh: bool = False

    @property
    def id(self) -> str:
        """A stable test id: ``<rule>_<kind>_<name>``."""
        return f"{self.rule}_{self.kind}_{self.name}"


def _read(path: Path, fresh: bool) -> list[Probe]:
    """The probes of one TOML file, checked for the required fields."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    probes = []
    for row in data.get("probe", []):
        missing = FIELDS - row.keys()
        if missing:
            raise ValueError(f"{path.name}: probe {row.get('name')!r} lacks {sorted(missing)}")
        if row["kind"] not in KINDS:
            raise ValueError(f"{path.name}: probe {row['name']!r} has kind {row['kind']!r}")
        probes.append(Probe(**{k: row[k] for k in (*FIELDS, "gap") if k in row}, fresh=fresh))
    return probes


def load(which: str = "all") -> list[Probe]:
    """The probes: ``tuned`` (this folder), ``fresh`` (``fresh/``) or ``all``."""
    folders = {"tuned": [(HERE, False)], "fresh": [(HERE / "fresh", True)]}
    folders["all"] = folders["tuned"] + folders["fresh"]
    probes: list[Probe] = []
    for folder, fresh in folders[which]:
        for path in sorted(folder.glob("*.toml")):
            probes.extend(_read(path, fresh))
    return probes


def fired(probe: Probe) -> set[str]:
    """The rule codes claimcheck reports on the probe's text."""
    result = claimcheck.check_text(probe.text, name=f"{probe.id}.md")
    return {f.rule for f in result.findings}


def passes(probe: Probe, codes: Iterable[str] | None = None) -> bool:
    """Whether claimcheck treats the probe as it should (fires on bad, stays silent on good)."""
    codes = fired(probe) if codes is None else set(codes)
    return (probe.rule in codes) == (probe.kind == "bad")
