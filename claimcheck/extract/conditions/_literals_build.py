"""Build ``literals.json``: the required literals of every pattern of the condition
extractors (``python -m claimcheck.extract.conditions._literals_build``)."""

from __future__ import annotations

import json
import re

from claimcheck.extract.conditions.literals import TABLE, table_key
from claimcheck.regexlit import needed


def module_patterns() -> list[tuple[str, int]]:
    """(pattern, flags) of every module-level pattern of the condition extractors: alone,
    in a list or as the first item of a tuple in a list, and the gates' patterns."""
    from claimcheck import lazyre
    from claimcheck.extract import conditions as cx
    from claimcheck.extract.conditions import base, device, http, load, method, tls, tools

    found: dict[tuple[str, int], None] = {}
    for module in (http, load, method, tls, device, tools, cx):
        for value in vars(module).values():
            for item in value if isinstance(value, list | tuple) else [value]:
                rx = item[0] if isinstance(item, tuple) and item else item
                if isinstance(rx, lazyre.LazyPattern):
                    found[(rx.pattern, rx._flags)] = None  # noqa: SLF001 - not compiled for it
                elif isinstance(rx, re.Pattern):
                    found[(rx.pattern, rx.flags)] = None
    for _, _, patterns in base._GATES:  # noqa: SLF001
        found.update(((p.pattern, p.flags), None) for p in patterns)
    return list(found)


def build() -> dict[str, list[str] | None]:
    """The table of :func:`module_patterns`: key -> the literals (sorted), or None."""
    out: dict[str, list[str] | None] = {}
    for pattern, flags in module_patterns():
        found = needed(pattern, flags)
        out[table_key(pattern, flags)] = list(found) if found is not None else None
    return dict(sorted(out.items()))


if __name__ == "__main__":
    TABLE.write_text(json.dumps({"literals": build()}, indent=0) + "\n", encoding="utf-8")
