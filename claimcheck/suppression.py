"""Inline suppression comments in a report.

``<!-- claimcheck: disable-next-line=A001,S008 reason="..." -->`` silences those
codes on the next line that is not blank or another comment;
``<!-- claimcheck: disable=S008 -->`` silences them from that line to the end
of the file. A plain-text line ``claimcheck: disable=...`` (optionally after
``#`` or ``//``) works the same in text files.

At the end of a line with text before it, a comment silences its codes on that
line (``The X9 was 25% faster. <!-- claimcheck: disable-line=A001 -->``):
``disable-line`` and ``disable`` both mean "this line" there, and
``disable-next-line`` keeps its meaning. An unknown code is an error in that
input (:class:`InputError`): in a batch it is reported for that file alone.

Each directive remembers whether it silenced anything, so the codes that
silenced nothing can be reported (:meth:`Suppressions.unused`, like ruff's RUF100).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claimcheck import lazyre
from claimcheck.errors import InputError
from claimcheck.models import Document, Finding

# Codes are runs of code characters joined by spaces, taken one run at a time: a lazy
# "[A-Za-z0-9, ]+?" followed by blank runs tries every split of a long blank run.
DIRECTIVE = lazyre.compile(
    r"^\s*+(?:<!--|#|//)?\s*+claimcheck:\s*+(disable-next-line|disable-line|disable)\s*+=\s*+"
    r"([A-Za-z0-9,]++(?:[ ]++[A-Za-z0-9,]++)*?)"
    r"(?:\s++reason\s*+=\s*+\"[^\"]*+\")?\s*+(?:-->)?\s*$"
)
_COMMENT_LINE = lazyre.compile(r"^\s*<!--.*-->\s*$")
# The comment opener just before "claimcheck:" in a trailing comment (a short window).
_OPENER = lazyre.compile(r"(?:<!--|#|//)[ \t]{0,16}+$")
_OPENER_WINDOW = 24
UNUSED_RULE, UNUSED_NAME = "U001", "unused-suppression"


@dataclass(slots=True)
class Directive:
    """One suppression comment: where it is, what it covers, which codes silenced something."""

    line: int  # the line the comment is on
    column: int  # 1-based column where the comment starts
    end_column: int
    codes: list[str]
    first: int  # first line covered
    last: int | None  # last line covered (None: to the end of the file)
    used: set[str] = field(default_factory=set)

    def covers(self, finding: Finding) -> str | None:
        """The code of this directive that silences ``finding``, if any."""
        if finding.line < self.first or (self.last is not None and finding.line > self.last):
            return None
        return next((c for c in self.codes if finding.rule.startswith(c)), None)


@dataclass
class Suppressions:
    """Lines and codes silenced in one document."""

    by_line: dict[int, set[str]] = field(default_factory=dict)
    from_line: list[tuple[int, set[str]]] = field(default_factory=list)
    directives: list[Directive] = field(default_factory=list)
    _on_line: dict[int, list[Directive]] = field(default_factory=dict, repr=False)
    _open: list[Directive] = field(default_factory=list, repr=False)

    def silences(self, finding: Finding) -> bool:
        """True when a directive covers this finding (and that directive is marked used)."""
        hit = False
        for d in self._candidates(finding.line):
            code = d.covers(finding)
            if code is not None:
                d.used.add(code)
                hit = True
        return hit

    def _candidates(self, line: int) -> list[Directive]:
        # directives of one line by a dict lookup, open-ended ones by a walk (as before)
        return [*self._on_line.get(line, ()), *self._open]

    def add(self, d: Directive) -> None:
        """Record a directive."""
        self.directives.append(d)
        if d.last is None:
            self.from_line.append((d.first, set(d.codes)))
            self._open.append(d)
        else:
            self.by_line.setdefault(d.first, set()).update(d.codes)
            self._on_line.setdefault(d.first, []).append(d)

    def unused(self, name: str, enabled: set[str] | None = None) -> list[Finding]:
        """A finding for each directive with codes that silenced nothing, at the comment;
        with ``enabled``, codes of rules that did not run are not counted as unused."""
        out = []
        for d in self.directives:
            idle = [
                c for c in d.codes
                if c not in d.used and (enabled is None or any(k.startswith(c) for k in enabled))
            ]  # fmt: skip
            if not idle:
                continue
            out.append(
                Finding(
                    path=name, rule=UNUSED_RULE, name=UNUSED_NAME, severity="warning",
                    line=d.line, column=d.column, end_line=d.line, end_column=d.end_column,
                    message=f"suppression of {', '.join(idle)} silences no finding: remove it",
                    evidence={"codes": idle},
                )
            )  # fmt: skip
        return out


def parse(doc: Document, known_codes: set[str]) -> Suppressions:
    """The directives of a document; an unknown code raises InputError naming the line."""
    out = Suppressions()
    if "claimcheck:" not in doc.text:
        return out
    lines = doc.text.split("\n")
    for number, line in enumerate(lines, start=1):
        if "claimcheck:" not in line:
            continue
        found = _directive(line)
        if found is None:
            continue
        kind, raw_codes, start, trailing = found
        codes = sorted({c.strip().upper() for c in raw_codes.split(",") if c.strip()})
        for code in codes:
            if not any(k.startswith(code) for k in known_codes):
                raise InputError(
                    f"{doc.name}: line {number}: unknown rule code {code!r} in a suppression comment"
                )
        first, last = _covered(kind, trailing, number, lines)
        out.add(Directive(number, start + 1, len(line.rstrip()) + 1, codes, first, last))
    return out


def _directive(line: str) -> tuple[str, str, int, bool] | None:
    """(kind, codes, start of the comment, whether text comes before it) or None."""
    m = DIRECTIVE.match(line)
    if m:
        return m.group(1), m.group(2), len(line) - len(line.lstrip()), False
    at = line.find("claimcheck:")
    while at >= 0:
        window = line[max(0, at - _OPENER_WINDOW) : at]
        opener = _OPENER.search(window)
        if opener is not None:
            start = at - len(window) + opener.start()
            if line[:start].strip():
                m = DIRECTIVE.match(line[start:])
                return (m.group(1), m.group(2), start, True) if m else None
        at = line.find("claimcheck:", at + 1)
    return None


def _covered(kind: str, trailing: bool, number: int, lines: list[str]) -> tuple[int, int | None]:
    """First and last line a directive covers (last None: to the end of the file)."""
    if kind == "disable-next-line":
        target = number + 1
        while target <= len(lines) and (
            not lines[target - 1].strip() or _COMMENT_LINE.match(lines[target - 1])
        ):
            target += 1
        return target, target
    if trailing or kind == "disable-line":
        return number, number
    return number, None
