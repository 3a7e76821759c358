"""Inline suppression comments in a report.

``<!-- claimcheck: disable-next-line=A001,S008 reason="..." -->`` silences those
codes on the next line that is not blank or another comment;
``<!-- claimcheck: disable=S008 -->`` silences them from that line to the end
of the file. A plain-text line ``claimcheck: disable=...`` (optionally after
``#`` or ``//``) works the same in text files. An unknown code is an error in
that input (:class:`InputError`): in a batch it is reported for that file alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.errors import InputError
from claimcheck.models import Document, Finding

# Codes are runs of code characters joined by spaces, taken one run at a time: a lazy
# "[A-Za-z0-9, ]+?" followed by blank runs tries every split of a long blank run.
DIRECTIVE = lazyre.compile(
    r"^\s*+(?:<!--|#|//)?\s*+claimcheck:\s*+(disable-next-line|disable)\s*+=\s*+"
    r"([A-Za-z0-9,]++(?:[ ]++[A-Za-z0-9,]++)*?)"
    r"(?:\s++reason\s*+=\s*+\"[^\"]*+\")?\s*+(?:-->)?\s*$"
)
_COMMENT_LINE = lazyre.compile(r"^\s*<!--.*-->\s*$")


@dataclass
class Suppressions:
    """Lines and codes silenced in one document."""

    by_line: dict[int, set[str]] = field(default_factory=dict)
    from_line: list[tuple[int, set[str]]] = field(default_factory=list)

    def silences(self, finding: Finding) -> bool:
        """True when a directive covers this finding."""
        if _covers(self.by_line.get(finding.line, set()), finding.rule):
            return True
        return any(
            line <= finding.line and _covers(codes, finding.rule) for line, codes in self.from_line
        )


def _covers(codes: set[str], rule: str) -> bool:
    return any(rule.startswith(c) for c in codes)


def parse(doc: Document, known_codes: set[str]) -> Suppressions:
    """The directives of a document; an unknown code raises InputError naming the line."""
    out = Suppressions()
    if "claimcheck:" not in doc.text:
        return out
    lines = doc.text.split("\n")
    for number, line in enumerate(lines, start=1):
        if "claimcheck:" not in line:
            continue
        m = DIRECTIVE.match(line)
        if not m:
            continue
        codes = {c.strip().upper() for c in m.group(2).split(",") if c.strip()}
        for code in codes:
            if not any(k.startswith(code) for k in known_codes):
                raise InputError(
                    f"{doc.name}: line {number}: unknown rule code {code!r} in a suppression comment"
                )
        if m.group(1) == "disable":
            out.from_line.append((number, codes))
            continue
        target = number + 1
        while target <= len(lines) and (
            not lines[target - 1].strip() or _COMMENT_LINE.match(lines[target - 1])
        ):
            target += 1
        out.by_line.setdefault(target, set()).update(codes)
    return out
