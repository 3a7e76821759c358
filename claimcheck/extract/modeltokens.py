"""Model numbers written in the report's text ("KV-3000", "BX4200e"): a short upper-case
prefix, three to five digits and an optional suffix, outside code blocks. Standards,
protocols, ciphers and the like ("RFC 2544", "SHA-256", "TLS-1300") are not models. Read
once per document; C002 compares how often each is written."""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.models import Document
from claimcheck.textkeys import fold

MODEL_TOKEN_RE = lazyre.compile(r"(?<![\w.-])(?P<prefix>[A-Z]{1,4})-?(?P<num>\d{3,5})(?P<suffix>[A-Za-z]{0,3})"
                            r"(?![\w-])")  # fmt: skip
NOT_MODEL_PREFIXES = {"RFC", "ISO", "IEC", "IEEE", "EN", "ITU", "CVE", "SP", "NIST", "TLS", "SSL",
                      "SHA", "AES", "DES", "MD", "RC", "TCP", "UDP", "IP", "HTTP", "H", "X", "P",
                      "Q", "PCI", "DDR", "PC", "USB", "CAT", "ANSI", "ETSI", "UTC", "GMT", "AD",
                      "BC", "NS", "PO", "SKU", "ID", "US", "EU", "UK"}  # fmt: skip

# Words of a passage about a product line, not one model: "the KV family", "the 3000
# series", "its successor", "the larger KV-5000", "other models", "the range",
# "replaces", "an upgrade": a rarely written model number there is a sibling, not a slip.
PRODUCT_LINE_RE = lazyre.compile(
    r"\b(?:famil\w+|series|line|siblings?|successors?|predecessors?|larger"
    r"|smaller|bigger|other[ \t]+models?|models?|range|replac\w+|upgrade\w*)\b",
    re.IGNORECASE,
)


@dataclass(slots=True)
class ModelToken:
    """A model number as written, with its span, prefix and spelling-insensitive key."""

    start: int
    end: int
    text: str
    prefix: str
    key: str  # "KV-3000e": prefix, a hyphen, the number and the suffix in lower case


def model_tokens(doc: Document) -> list[ModelToken]:
    """The model numbers of the report's text (not code blocks), in source order."""
    out = []
    for block in doc.blocks:  # the report's text (blocks leave out comments and markup)
        if block.kind == "code":
            continue
        for m in MODEL_TOKEN_RE.finditer(doc.text, block.start, block.end):
            prefix = m.group("prefix")
            if prefix in NOT_MODEL_PREFIXES:
                continue
            key = f"{prefix}-{m.group('num')}{fold(m.group('suffix'))}"
            out.append(ModelToken(m.start(), m.end(), m.group(0), prefix, key))
    return out
