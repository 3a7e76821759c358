"""The schema of a rule file (``rules/*.toml``), validated with pydantic."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

CODE_RE = re.compile(r"^[A-Z][0-9]{3}$")


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
    check: str  # name of a registered check function
    message: str = "{message}"
    examples: list[Example] = Field(default_factory=list)
    path: str = ""

    @field_validator("code")
    @classmethod
    def _code_shape(cls, v: str) -> str:
        if not CODE_RE.match(v):
            raise ValueError(f"code {v!r} must be a capital letter and three digits, e.g. A001")
        return v

    @field_validator("name")
    @classmethod
    def _kebab(cls, v: str) -> str:
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", v):
            raise ValueError(f"name {v!r} must be kebab-case")
        return v
