"""The cue vocabulary rules share with the condition extractor: the hedge cues (a sentence
about others' practice or a warning). Word lists and patterns only: importing them runs
no extractor. Sentences' own cue events are on the DocumentIndex
(``IndexedSentence.hedge_cue``, ``topic_cue``)."""

from __future__ import annotations

from claimcheck.extract.conditions.base import HEDGE_CUES, HEDGE_RE

__all__ = ["HEDGE_CUES", "HEDGE_RE"]
