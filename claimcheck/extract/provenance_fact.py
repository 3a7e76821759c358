"""The provenance fact (facts.md §6) as data: who wrote, published, tested and paid for a
report, and how they relate to the devices under test. Read by
:mod:`claimcheck.extract.provenance`; kept apart so that :mod:`claimcheck.models` can
carry it without importing the reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Role = Literal["author", "publisher", "tester", "sponsor"]
Relation = Literal["self", "sponsored", "independent", "unknown"]


@dataclass(slots=True)
class Party:
    """One statement of who wrote, published, tested or paid for the report."""

    name: str  # as written: "Acme Networks, Inc.", "the fooproxy team", "we"
    role: Role
    how: str  # the construction: "commissioned by", "the X team", "byline", "our X", ...
    line: int
    start: int
    end: int
    text: str  # the statement (sentence or line), trimmed
    words: str = ""  # the words that say it: "commissioned by Acme Networks, Inc."
    org: str | None = None  # the organisation or project it stands for; None: unnamed "we"
    project: bool = False  # named by an ownership construction (team, author of, our X)
    device: str | None = None  # id of the tested device it made
    entity: str | None = None  # the tested device's or project's name


@dataclass(slots=True)
class Competitor:
    """A maker that declined, or was not invited, to take part."""

    name: str
    status: Literal["declined", "not_invited"]
    line: int
    start: int
    end: int
    text: str
    device: str | None = None


@dataclass(slots=True)
class Provenance:
    """Who stands behind a report and how they relate to the entities under test.

    ``relation``: ``self`` (an author, publisher or tester made a tested device),
    ``sponsored`` (a tested device's maker paid), ``independent`` (parties are named and
    none made a tested device), ``unknown`` (nobody is named). ``statement`` is the most
    telling party behind the relation.
    """

    parties: list[Party] = field(default_factory=list)
    competitors: list[Competitor] = field(default_factory=list)
    relation: Relation = "unknown"
    statement: Party | None = None

    @property
    def sponsor(self) -> str | None:
        """The first organisation named as paying for the report."""
        return next((p.org for p in self.parties if p.role == "sponsor" and p.org), None)
