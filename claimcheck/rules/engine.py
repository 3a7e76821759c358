"""Run rules over a document's facts. The engine knows no particular rule."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from claimcheck import gcpause
from claimcheck.errors import RuleError
from claimcheck.facts import FactStore
from claimcheck.models import FileError, Finding
from claimcheck.rules.matching import environments, run_match_rule
from claimcheck.rules.registry import RUNNING_DATA, Hit, get_check
from claimcheck.rules.selection import Selection
from claimcheck.rules.spec import RuleSpec


def run_rules(
    facts: FactStore, rules: list[RuleSpec], selection: Selection
) -> tuple[list[Finding], list[FileError]]:
    """Findings of every enabled rule over one document's facts; a rule that raises becomes
    an error, the rest still run."""
    with gcpause.paused():
        findings, errors = _run(facts, rules, selection)
    findings.sort(key=lambda f: (f.line, f.column, f.rule))
    return once_per_span(once_per_cause(findings)), errors


def once_per_span(findings: list[Finding]) -> list[Finding]:
    """One finding per rule and span: two hits of one rule on the very same text (a check
    and a match expression that both fire, one cell reached through two table views) are
    one finding, the first in order; the messages may differ. Findings must be sorted by
    position."""
    seen: set[tuple[str, int, int, int, int]] = set()
    out = []
    for f in findings:
        key = (f.rule, f.line, f.column, f.end_line, f.end_column)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def once_per_cause(findings: list[Finding]) -> list[Finding]:
    """One finding per rule, line and message: a cause stated twice on one line (two
    mentions of one allocated power figure, one sentence repeated) is reported once, at
    its first column. Findings must be sorted by position."""
    seen: set[tuple[str, int, str]] = set()
    out = []
    for f in findings:
        key = (f.rule, f.line, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _run(
    facts: FactStore, rules: list[RuleSpec], selection: Selection
) -> tuple[list[Finding], list[FileError]]:
    doc = facts.doc
    findings: list[Finding] = []
    errors: list[FileError] = []
    for spec in rules:
        if not selection.enabled(spec.code):
            continue
        token = RUNNING_DATA.set(spec.data)
        try:
            hits: Iterable[Hit] = ()
            if spec.match is not None:
                hits = run_match_rule(spec, environments(facts))
            if spec.check is not None:  # a rule may have both: it fires where either does
                hits = chain(hits, get_check(spec.check)(facts))
            for hit in hits:
                line, col = doc.position(hit.start)
                end_line, end_col = doc.position(max(hit.end, hit.start))
                findings.append(
                    Finding(
                        path=doc.name, rule=spec.code, name=spec.name,
                        severity=hit.severity or spec.severity, line=line, column=col,
                        end_line=end_line, end_column=end_col, message=hit.message,
                        evidence=hit.evidence or None,
                    )
                )  # fmt: skip
        except RuleError:
            raise  # the rule file itself is wrong (e.g. a type error in its expression): exit 2
        except Exception as exc:  # noqa: BLE001 - one broken rule must not stop the others
            errors.append(
                FileError(path=doc.name, message=f"internal error in rule {spec.code}: {exc!r}")
            )
        finally:
            RUNNING_DATA.reset(token)
    return findings, errors
