"""The subjects of tool runs that no device names: a README that puts each contender's run
under a section titled by its name ("## Caddy", "## Envoy (1.28.0)", "## Nginx --> Nginx")
compares those names, whether or not the entity extractor knew them."""

from __future__ import annotations

import re

from claimcheck import lazyre

# A title that is one name, with a release, or two names joined by an arrow or "vs":
# "Pingap", "Haproxy(2.7.3)", "Nginx --> Nginx"; not "One stream per connection".
_NAME = r"[A-Za-z][\w.+]*+(?:-[A-Za-z][\w.+]*+)*+(?:[ ]?\(?v?\d[\w.-]*+\)?)?+"
NAME_TITLE_RE = lazyre.compile(
    rf"{_NAME}(?:[ ]*+(?:-+>|→|\+|vs\.?|/)[ ]*+{_NAME})?+:?", re.IGNORECASE
)


def is_name_title(title: str) -> bool:
    """A section title that names one contender (or a chain of two)."""
    return NAME_TITLE_RE.fullmatch(" ".join(title.split())) is not None


def run_section_subjects(runs: list) -> list[str]:
    """The titles of the sections whose tool runs (with results, not warm-ups) name no
    device, when the runs lie in two sections or more and the title is a name."""
    sections: dict[str, bool] = {}  # section -> one of its runs names a device
    for run in runs:
        if run.warmup or not run.results or not run.section:
            continue
        sections[run.section] = sections.get(run.section, False) or run.device is not None
    if len(sections) < 2:
        return []
    return [s for s, named in sections.items() if not named and is_name_title(s)]
