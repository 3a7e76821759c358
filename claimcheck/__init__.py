"""claimcheck: check the claims in performance reports of network devices.

Public API only: :func:`check`, :func:`check_text`, :func:`extract`, :func:`rules`.
Imports are lazy so that ``import claimcheck`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["check", "check_many", "check_text", "extract", "rules", "__version__"]

if TYPE_CHECKING:
    from claimcheck.api import check, check_many, check_text, extract, rules

    __version__: str


def __getattr__(name: str):  # noqa: ANN202
    if name == "extract":
        import claimcheck.extract  # the subpackage is callable: see claimcheck/extract/__init__.py

        return claimcheck.extract
    if name == "rules":
        import claimcheck.rules  # callable too: see claimcheck/rules/__init__.py

        return claimcheck.rules
    if name in ("check", "check_many", "check_text"):
        from claimcheck import api

        return getattr(api, name)
    if name == "__version__":
        from claimcheck._version import version

        return version()
    raise AttributeError(f"module 'claimcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public API (what ``__all__`` names) beside the module's own attributes."""
    return sorted({*globals(), *__all__})
