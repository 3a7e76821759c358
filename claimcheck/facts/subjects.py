"""The subjects of tool runs that no device names: a README that puts each contender's run
under a section titled by its name ("## Caddy", "## Envoy (1.28.0)", "## Nginx --> Nginx")
compares those names, whether or not the entity extractor knew them."""

from __future__ import annotations

import re

from claimcheck import lazyre

# A title that is one name, with a release, or two names joined by an arrow or "vs":
# "Pingap", "Haproxy(2.7.3)", "Nginx --> Nginx"; not "One stream per connection".
_NAME = (
    r"[A-Za-z][A-Za-z0-9_.+]*+(?:-[A-Za-z][A-Za-z0-9_.+]*+)*+(?:[ ]?\(?v?\d[A-Za-z0-9_.-]*+\)?)?+"
)
NAME_TITLE_RE = lazyre.compile(
    rf"{_NAME}(?:[ ]*+(?:-+>|→|\+|vs\.?|/)[ ]*+{_NAME})?+:?", re.IGNORECASE
)


def is_name_title(title: str) -> bool:
    """A section title that names one contender (or a chain of two)."""
    return NAME_TITLE_RE.fullmatch(" ".join(title.split())) is not None


def run_section_subjects(runs: list) -> list[str]:
    """The titles of the sections whose tool runs (with results, not warm-ups) name no
    device, when the title is a name and the runs load two systems or more: sections whose
    runs send their load to one address ("## gzip" and "## br" against the same port) are
    variants of one test, counted once under the first title."""
    sections: dict[str, bool] = {}  # section -> one of its runs names a device
    address: dict[str, str] = {}  # section -> where its runs send their load
    for run in runs:
        if run.warmup or not run.results or not run.section:
            continue
        sections[run.section] = sections.get(run.section, False) or run.device is not None
        address.setdefault(run.section, _address(run.target) or run.section)
    subjects: dict[str, str] = {}  # address -> the first title of a section loading it
    for section in sections:
        subjects.setdefault(address[section], section)
    if len(subjects) < 2:
        return []
    return [s for s in subjects.values() if not sections[s] and is_name_title(s)]


def _address(target: str | None) -> str:
    """The host and port a run's target names ("http://10.0.0.5:8080/x" -> "10.0.0.5:8080")."""
    if not target:
        return ""
    rest = target.split("://", 1)[-1]
    return rest.split("/", 1)[0].lower()
