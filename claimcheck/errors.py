"""The one error hierarchy: every error claimcheck raises on purpose."""

from __future__ import annotations


class ClaimcheckError(Exception):
    """Base class of claimcheck's own errors; the CLI turns them into exit 2."""


class InputError(ClaimcheckError, ValueError):
    """An input that cannot be read: missing, a directory of nothing, binary."""


class ConfigError(ClaimcheckError, ValueError):
    """An invalid configuration, option, or rule selection."""


class RuleError(ClaimcheckError, ValueError):
    """An invalid rule file or rule expression."""


class GrammarError(ClaimcheckError, RuntimeError):
    """A grammar shipped with claimcheck failed to load."""
