"""References back to a device: "It had two 10GbE ports", "The unit peaked at ...",
"the former ... the latter".

A sentence that opens with a pronoun or a definite noun for a device ("it", "the unit",
"the device", "the appliance", "the box") speaks of the device that was the subject of
the sentence before, in the same paragraph; "the former" and "the latter" name the first
and the second device of the sentence before. Each such reference becomes a mention of
that device (not an alias: the words name no device on their own).
"""

from __future__ import annotations

from bisect import bisect_left

from claimcheck import lazyre
from claimcheck.extract.sentences import split
from claimcheck.models import Device, Document, Mention

PROSE = {"paragraph", "list_item"}
_OPENING = lazyre.compile(
    r"[ \t\"'(*]{0,3}+(?:(?i:it|its)|(?i:the)[ \t]+(?:unit|device|appliance|box|system|"
    r"product|dut|former|latter))(?![\w-])"
)


def resolve_references(doc: Document, devices: list[Device]) -> None:
    """Add a mention to the device each opening reference of a sentence speaks of."""
    items = sorted(((m.start, d) for d in devices for m in d.mentions), key=lambda x: x[0])
    starts = [s for s, _ in items]
    for block in doc.blocks:
        if block.kind not in PROSE:
            continue
        subject: Device | None = None
        pair: list[Device] = []
        for sentence in split(block.text, block.start):
            lo, hi = bisect_left(starts, sentence.start), bisect_left(starts, sentence.end)
            named = list({id(d): d for _, d in items[lo:hi]}.values())
            m = _OPENING.match(sentence.text)
            if m is not None:
                word = m.group().lstrip(" \t\"'(*")
                target = _target(word, subject, pair)
                if target is not None:
                    start = sentence.start + m.end() - len(word)
                    line = doc.position(start)[0]
                    target.mentions.append(
                        Mention(text=word, start=start, end=m.end() + sentence.start, line=line)
                    )
                    named = [target, *(d for d in named if d is not target)]
            # the subject is the one of the sentence just before: a sentence naming no
            # device ends the chain
            subject = named[0] if named else None
            pair = named[:2] if len(named) >= 2 else []
    for d in devices:
        d.mentions.sort(key=lambda mm: mm.start)


def _target(word: str, subject: Device | None, pair: list[Device]) -> Device | None:
    low = word.casefold()
    if low.endswith("former"):
        return pair[0] if len(pair) == 2 else None
    if low.endswith("latter"):
        return pair[1] if len(pair) == 2 else None
    return subject
