"""Sentences about the report's own method (C003 reads them): one that says a setting held
for every test ("the FastL4 profile was used for all tests", "throughout"), and one that
admits a test departed from the stated method ("while section 1.2 requires ...",
"contrary to our stated methodology", "deviating from the procedure").
"""

from __future__ import annotations

import re

from claimcheck import lazyre

UNIVERSAL_RE = lazyre.compile(
    r"\b(?:all|every|each)[ \t]+(?:of[ \t]+the[ \t]+)?(?:[a-z-]+[ \t]+)?(?:tests?|runs?|measurements?"
    r"|scenarios?|results?|benchmarks?|trials?|figures?|numbers?)\b|\bthroughout\b|\bfor[ \t]+all\b|\bexclusively\b|\bin[ \t]+every\b|\balways\b",
    re.IGNORECASE,
)

_METHOD_WORDS = (
    r"(?:section[ \t]+\d[\d.]*|method(?:ology)?|criteri(?:on|a)|procedure|test[ \t]+plan|protocol)"
)
ADMITTED_RE = lazyre.compile(
    rf"\b(?:while|whereas|although|though|but|even[ \t]+though|despite)\b[^.;]{{0,80}}?\b"
    rf"{_METHOD_WORDS}\b[^.;]{{0,40}}?\b(?:requires?|specif(?:y|ies|ied)|mandates?|calls?[ \t]+for"
    rf"|prescribes?)\b|(?<!not[ \t])(?<!never[ \t])\bcontrary[ \t]+to[ \t]+(?:the|our|its)[ \t]+"
    rf"(?:stated[ \t]+|own[ \t]+)?{_METHOD_WORDS}|(?<!not[ \t])(?<!never[ \t])\b(?:deviat\w+|departs?"
    rf"|departed)[ \t]+from[ \t]+(?:the|our|its)[ \t]+(?:stated[ \t]+|own[ \t]+)?{_METHOD_WORDS}",
    re.IGNORECASE,
)
