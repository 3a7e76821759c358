"""The schema of a rule file (``rules/*.toml``), validated with pydantic."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from claimcheck import lazyre

CODE_RE = lazyre.compile(r"[A-Z][0-9]{3}")  # the whole code: used with fullmatch


class Example(BaseModel):
    """A snippet a rule must flag (``bad``) or must leave alone (``good``)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["bad", "good"]
    name: str = ""
    text: str
    expect: list[str] = Field(default_factory=list)  # codes that must fire
    forbid: list[str] = Field(default_factory=list)  # codes that must not fire


class RuleSpec(BaseModel):
    """One rule: identity, documentation, how it is checked, and its examples."""

    model_config = ConfigDict(extra="forbid")

    code: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    severity: Literal["error", "warning", "info"]
    summary: str
    rationale: str = ""
    references: list[str] = Field(default_factory=list)
    check: str | None = None  # name of a registered check function, or
    match: str | None = None  # an expression over the facts of each subject
    subject: Literal["measurement", "claim", "condition", "device", "document", "provenance"] = (
        "measurement"
    )
    message: str = "{message}"  # for match rules: text with {expression} placeholders
    data: dict[str, Any] = Field(default_factory=dict)  # rule parameters a check reads
    examples: list[Example] = Field(default_factory=list)
    path: str = ""
    match_line: int = 1  # where the match expression starts in the file (for error carets)
    match_column: int = 1

    @model_validator(mode="after")
    def _one_way_to_match(self) -> RuleSpec:
        if self.check is None and self.match is None:
            raise ValueError("a rule needs 'check' (a registered check), 'match' or both")
        return self

    @field_validator("code")
    @classmethod
    def _code_shape(cls, v: str) -> str:
        if not CODE_RE.fullmatch(v):
            raise ValueError(f"code {v!r} must be a capital letter and three digits, e.g. A001")
        return v

    @field_validator("name")
    @classmethod
    def _kebab(cls, v: str) -> str:
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", v):
            raise ValueError(f"name {v!r} must be kebab-case")
        return v
