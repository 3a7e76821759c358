"""The cue vocabulary rules share with the condition extractor: the hedge and topic cues
(a sentence about others' practice or a warning), and the number pattern with its reader
("twelve", "1,000"). Word lists and patterns only: importing them runs no extractor.
Sentences' own cue events are on the DocumentIndex (``IndexedSentence.hedge_cue``)."""

from __future__ import annotations

from claimcheck.extract.conditions.base import HEDGE_CUES, HEDGE_RE, NUM, TOPIC_RE, to_int

__all__ = ["HEDGE_CUES", "HEDGE_RE", "NUM", "TOPIC_RE", "to_int"]
