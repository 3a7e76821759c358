"""The whole fact store as JSON data (``claimcheck extract --format json``).

Besides the fact lists the interfaces promise (claims, conditions, measurements), the
output holds every other fact the rules read: entities, tests, typed tables, tool runs,
provenance, the quantities of the text and its sentences with their hedge flags.
"""

from __future__ import annotations

from typing import Any

from claimcheck.facts.store import FactStore


def store_data(facts: FactStore) -> dict[str, Any]:
    """The facts of one document as plain JSON values."""
    data = facts.extraction.model_dump(mode="json")
    data["quantities"] = [q.model_dump(mode="json") for q in facts.quantities]
    data["sentences"] = [
        {"start": s.start, "end": s.end, "line": facts.doc.position(s.start)[0],
         "block": s.block, "hedged": s.hedged, "text": s.text}
        for s in facts.index.sentences
    ]  # fmt: skip
    return data
