"""SARIF 2.1.0 output, as GitHub code scanning and other SARIF viewers read it.

One run; every rule in ``tool.driver.rules``; each finding a result with a
physical location relative to the working directory (``%SRCROOT%``) and a
``partialFingerprints`` entry that survives edits elsewhere in the file: it
hashes the rule, the path and the text of the finding's line, never the line
number, with an ordinal for identical lines.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import quote

from claimcheck import __version__
from claimcheck.models import CheckResult, Finding
from claimcheck.report.common import (
    DOCS_URL,
    line_text,
    ordered,
    page_of,
    relative_path,
    rule_url,
)
from claimcheck.rules.spec import RuleSpec

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = DOCS_URL
HELP_URI = rule_url("{code}")
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
FINGERPRINT_KEY = "claimcheckLineHash/v1"


def artifact_location(path: str) -> dict[str, str]:
    """``{"uri": ..., "uriBaseId": "%SRCROOT%"}`` for a path under the working directory.

    Paths outside it become absolute ``file://`` URIs; names of in-memory text
    (``<text>``) are kept as a relative URI, percent-encoded.
    """
    if path.startswith("<"):
        return {"uri": quote(path, safe="")}
    rel = relative_path(path)
    if rel is not None:
        return {"uri": quote(rel, safe="/"), "uriBaseId": "%SRCROOT%"}
    return {"uri": Path(path).resolve().as_uri()}


def _rule_descriptor(spec: RuleSpec) -> dict:
    full = " ".join(spec.rationale.split()) or spec.summary
    descriptor = {
        "id": spec.code,
        "name": spec.name,
        "shortDescription": {"text": spec.summary},
        "fullDescription": {"text": full},
        "helpUri": HELP_URI.format(code=spec.code),
        "help": {"text": f"{spec.summary}\n\n{full}"},
        "defaultConfiguration": {"level": LEVELS[spec.severity]},
        "properties": {"tags": [spec.code[0], spec.name]},
    }
    if spec.aliases:
        descriptor["deprecatedNames"] = list(spec.aliases)
    return descriptor


def _region(f: Finding) -> dict[str, int]:
    start_line, start_col = max(f.line, 1), max(f.column, 1)
    end_line, end_col = f.end_line, f.end_column
    # A region may not end before it starts; an empty or odd span becomes the start point.
    if (end_line, end_col) < (start_line, start_col):
        end_line, end_col = start_line, start_col
    return {
        "startLine": start_line,
        "startColumn": start_col,
        "endLine": end_line,
        "endColumn": end_col,
    }


def fingerprint(rule: str, uri: str, text: str, ordinal: int) -> str:
    """A stable hash of what identifies a finding across runs: rule, file, line text."""
    normalized = " ".join(text.split())
    key = "\x1f".join((rule, uri, normalized, str(ordinal)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def _result(f: Finding, index: int, result: CheckResult, seen: dict[tuple, int]) -> dict:
    location = artifact_location(f.path)
    text = line_text(result, f)
    if text is None:  # no document kept (e.g. a result built by hand): the message stands in
        text = f.message
    key = (f.rule, location["uri"], " ".join(text.split()))
    ordinal = seen.get(key, 0)
    seen[key] = ordinal + 1
    out: dict = {
        "ruleId": f.rule,
        "ruleIndex": index,
        "level": LEVELS[f.severity],
        "message": {"text": f.message},
        "locations": [{"physicalLocation": {"artifactLocation": location, "region": _region(f)}}],
        "partialFingerprints": {
            FINGERPRINT_KEY: fingerprint(f.rule, location["uri"], text, ordinal)
        },
    }
    properties: dict = {}
    if f.evidence:
        properties["evidence"] = f.evidence
    page = page_of(result, f)
    if page is not None:
        properties["page"] = page
        if f.page_line is not None:
            properties["pageLine"] = f.page_line
    if properties:
        out["properties"] = properties
    return out


def _notification(path: str, message: str) -> dict:
    return {
        "level": "error",
        "message": {"text": f"{path}: {message}" if not message.startswith(path) else message},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(path)}}],
    }


def to_sarif(result: CheckResult, rules: list[RuleSpec] | None = None) -> dict:
    """The SARIF log as a dict; ``rules`` defaults to the shipped rules."""
    if rules is None:
        from claimcheck.rules.loader import all_rules

        rules = all_rules()
    descriptors = [_rule_descriptor(r) for r in rules]
    index = {r.code: i for i, r in enumerate(rules)}
    for f in result.findings:  # a finding from a rule not in the list still needs a descriptor
        if f.rule not in index:
            index[f.rule] = len(descriptors)
            descriptors.append(
                {
                    "id": f.rule,
                    "name": f.name,
                    "shortDescription": {"text": f.name},
                    "defaultConfiguration": {"level": LEVELS[f.severity]},
                }  # fmt: skip
            )
    seen: dict[tuple, int] = {}
    results = [_result(f, index[f.rule], result, seen) for f in ordered(result.findings)]
    run = {
        "tool": {
            "driver": {
                "name": "claimcheck",
                "informationUri": INFORMATION_URI,
                "version": __version__,
                "semanticVersion": __version__,
                "rules": descriptors,
            }
        },
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().resolve().as_uri() + "/"}},
        "invocations": [
            {
                "executionSuccessful": not result.errors,
                "toolExecutionNotifications": [
                    _notification(e.path, e.message) for e in result.errors
                ],
            }
        ],
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def format_findings(result: CheckResult, rules: list[RuleSpec] | None = None) -> str:
    """The SARIF log as indented JSON text."""
    return json.dumps(to_sarif(result, rules), indent=2, ensure_ascii=False)
