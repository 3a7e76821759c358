"""Registered checks (disclosure); see rules/*.toml for the rules that name them."""

from __future__ import annotations
