"""The scenario label a prose sentence opens with: "With LB + Policy, ..." or, at the start
of a block, "Cold cache: ..." (C001 reads two results led by one label).

A label is returned as written and normalised (``captions.normalise``); which labels are
mere sentence openers ("In addition,", "For example,") the rule's data decides.
"""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.facts.captions import MARKUP, normalise

# "With LB + Policy,", "For the 1 KB objects test,", "Under the keep-alive scenario,"
PREPOSED = lazyre.compile(
    r"(?:With|For|Using|Under|In|At)[ \t]++(?:the[ \t]++)?(?P<label>[^,;:]{2,48}?)"
    r"(?:[ \t]++(?:tests?|scenarios?|cases?|configurations?|modes?|profiles?|runs?))?"
    r"[ \t]*+,[ \t]"
)
# "Cold cache: ...", "TLS 1.3 / HTTP/2: ..." (only where the block starts)
HEADED = lazyre.compile(r"(?P<label>[A-Z][\w +/&.()-]{1,40}?)[ \t]*:[ \t]")
_LETTER = re.compile("[a-z]")


def lead_labels(text: str, at_block_start: bool) -> list[tuple[str, str]]:
    """(normalised, as written) of each label shape ``text`` opens with, in order of
    preference: a prepositional label, then (at a block's start) a label before a colon.
    A label with no letter is left out."""
    found = []
    for i, rx in enumerate((PREPOSED, HEADED)):
        if i == 1 and not at_block_start:
            continue
        m = rx.match(text)
        if m is None:
            continue
        label = normalise(m.group("label"))
        if label and _LETTER.search(label):
            found.append((label, MARKUP.sub("", m.group("label")).strip()))
    return found
