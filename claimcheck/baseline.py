"""Baseline files: findings accepted once, hidden in later runs, for reports that cannot
carry suppression comments (PDFs) or a backlog to work off.

A finding is keyed by its rule and a fingerprint of its *content*, never its line: the
text of its span (whitespace runs made one space, so re-wrapping a paragraph or a PDF's
line breaks change nothing), or the text of its line for an empty span. Moving lines,
adding text above a finding, printing a Markdown report to PDF: the key stays. Each key
has a count, so a finding stated once more than the baseline holds is shown again.
Paths are stored relative to the baseline file's folder, so the run may start anywhere.

The file is JSON::

    {"version": 1, "findings": [{"path": "reports/q3.pdf", "rule": "A001",
      "fingerprint": "1f0c...", "count": 1, "excerpt": "25% faster", "message": "..."}]}

``excerpt`` and ``message`` are for the reader; only path, rule and fingerprint match.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from claimcheck import lazyre
from claimcheck.errors import ConfigError
from claimcheck.models import CheckResult, Document, Finding

VERSION = 1
EXCERPT_CHARS = 80
# The words of a span: markup (emphasis, table bars, code ticks) and layout are not content.
_WORD = lazyre.compile(r"[\w.,%+-]++")


def span_text(doc: Document | None, f: Finding) -> str:
    """The words of the finding's span joined by single spaces: layout, line breaks and
    markup (``**``, ``|``, backticks) dropped. Its line's words for an empty span, its
    message's when the document is not at hand."""
    if doc is None or not 1 <= f.line <= len(doc.line_starts):
        return _words(f.message)
    start = doc.line_starts[f.line - 1] + f.column - 1
    end_line = min(max(f.end_line, f.line), len(doc.line_starts))
    end = doc.line_starts[end_line - 1] + f.end_column - 1
    text = _words(doc.text[start:end]) if end > start else ""
    return text or _words(doc.line_text(f.line))


def _words(text: str) -> str:
    return " ".join(m.group(0).strip("_") for m in _WORD.finditer(text)).strip()


def fingerprint(rule: str, text: str) -> str:
    """The content key of a finding: a hash of its rule and its normalised span text."""
    return hashlib.sha256(f"{rule}\x1f{text}".encode()).hexdigest()[:32]


def _path_key(path: str, base: Path) -> str:
    if path.startswith("<"):
        return path
    try:
        rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(base))
    except ValueError:
        return Path(os.path.abspath(path)).as_posix()
    return rel.as_posix()


def _keys(result: CheckResult, base: Path) -> list[tuple[tuple[str, str, str], Finding, str]]:
    out = []
    for f in result.findings:
        text = span_text(result._documents.get(f.path), f)
        out.append(((_path_key(f.path, base), f.rule, fingerprint(f.rule, text)), f, text))
    return out


def write(result: CheckResult, path: str | os.PathLike) -> int:
    """Write every finding of ``result`` to a baseline file; returns how many."""
    target = Path(path)
    counted: Counter = Counter()
    first: dict[tuple[str, str, str], tuple[Finding, str]] = {}
    for key, f, text in _keys(result, target.parent):
        counted[key] += 1
        first.setdefault(key, (f, text))
    entries = [
        {"path": key[0], "rule": key[1], "fingerprint": key[2], "count": counted[key],
         "excerpt": first[key][1][:EXCERPT_CHARS], "message": first[key][0].message}
        for key in sorted(counted)
    ]  # fmt: skip
    data = {"version": VERSION, "findings": entries}
    try:
        target.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write the baseline: {exc.strerror}") from None
    return len(result.findings)


@dataclass(slots=True)
class Baseline:
    """Accepted findings: how many of each (path, rule, fingerprint) to hide."""

    base: Path
    counts: Counter

    def apply(self, result: CheckResult) -> int:
        """Remove the baselined findings from ``result`` (in place); returns how many."""
        left = Counter(self.counts)
        kept = []
        for key, f, _ in _keys(result, self.base):
            if left[key] > 0:
                left[key] -= 1
            else:
                kept.append(f)
        hidden = len(result.findings) - len(kept)
        result.findings[:] = kept
        return hidden


def load(path: str | os.PathLike) -> Baseline:
    """Read a baseline file; a missing or malformed one is a :class:`ConfigError`."""
    from claimcheck.errors import InputError
    from claimcheck.ingest.source import SETTINGS_MAX_BYTES, read_limited

    source = Path(path)
    try:
        raw = read_limited(str(source), 16 * SETTINGS_MAX_BYTES, "baseline file")
    except InputError as exc:  # missing, not a regular file, too large
        raise ConfigError(str(exc)) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError as exc:
        raise ConfigError(f"{source}: not a JSON baseline file ({exc})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ConfigError(f"{source}: not a claimcheck baseline (version {VERSION})")
    counts: Counter = Counter()
    for entry in data.get("findings") or []:
        try:
            key = (str(entry["path"]), str(entry["rule"]), str(entry["fingerprint"]))
            counts[key] += max(int(entry.get("count", 1)), 0)
        except (KeyError, TypeError, ValueError):
            raise ConfigError(
                f"{source}: a baseline entry lacks path, rule or fingerprint"
            ) from None
    return Baseline(source.parent, counts)
