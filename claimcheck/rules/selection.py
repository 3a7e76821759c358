"""Which rules run: --select / --ignore codes and prefixes, like ruff."""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.errors import ConfigError


@dataclass(frozen=True)
class Selection:
    """Selected and ignored codes or prefixes ("A", "A00", "A001"); empty select means all."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def enabled(self, code: str) -> bool:
        """True when ``code`` is selected and not ignored (the longer prefix wins)."""
        if self.select:
            sel = max((len(p) for p in self.select if code.startswith(p)), default=None)
            if sel is None:
                return False
        else:
            sel = 0
        ign = max((len(p) for p in self.ignore if code.startswith(p)), default=None)
        return ign is None or sel > ign

    def validate(self, codes: set[str]) -> None:
        """Every selector must name at least one known rule."""
        for p in (*self.select, *self.ignore):
            if p.upper() == "ALL":
                continue
            if not any(c.startswith(p) for c in codes):
                raise ConfigError(f"unknown rule code or prefix {p!r} (see 'claimcheck rules')")


def parse_codes(value: str | list[str] | None) -> tuple[str, ...]:
    """ "A001,M" or ["A001", "M"] -> ("A001", "M")."""
    if not value:
        return ()
    items = value.split(",") if isinstance(value, str) else value
    return tuple(i.strip().upper() for i in items if i.strip() and i.strip().upper() != "ALL")
