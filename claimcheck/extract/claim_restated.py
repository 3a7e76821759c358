"""Claims that restate a judged claim of the same report take its operands.

A summary repeats its findings: "15.5% better at the 99th percentile" under a table whose
improvement column says "-15.5%" for the p99 row, "1.47x throughput gain" below the
sentence that gave "1.47x (88K -> 130K)", "~4% throughput" in a closing paragraph. A claim
left without operands is judged on the operands of the judged claims it restates:

- a restatement states the same magnitude at the same precision (the sign of a computed
  column is its direction: "-15.5%" on a latency row is "15.5% better"), or, with an
  approximation mark, a magnitude the judged figures round to ("~4%" for 3.9%);
- both are percentages or both are multiples, their metrics agree where both are known, and
  a round figure ("2x", "10%") also needs the same metric or the same two names;
- it is consistent when a restated claim is, and inconsistent only when it restates
  exactly one claim, stated exactly as that one states it, which is inconsistent.

One pass over the claims, indexed by kind (no claim is compared with every other).
"""

from __future__ import annotations

from claimcheck import arithmetic as ar
from claimcheck.extract.resolve import restates
from claimcheck.models import Claim

PERCENT_KINDS = ("percent-delta", "computed-column")
RATIO_KINDS = ("ratio",)
MAX_SOURCES = 64  # judged claims of one family looked at for each restatement
RESULT_FIELDS = ("status", "recomputed", "recomputed_value", "severity", "diagnosis", "message")


def _family(c: Claim) -> str | None:
    if c.kind in PERCENT_KINDS:
        return "percent"
    if c.kind in RATIO_KINDS:
        return "ratio"
    return None


def _decimals(c: Claim) -> int:
    """Digits after the decimal point of the stated figure as written."""
    text = (c.stated or "").split()[0] if c.stated else ""
    digits = "".join(ch for ch in text if ch.isdigit() or ch == ".")
    return len(digits.split(".", 1)[1]) if "." in digits else 0


def _magnitude(c: Claim) -> float | None:
    """The size of the judged difference or multiple, whatever sign it was written with."""
    if c.recomputed_value is None:
        return None
    return abs(c.recomputed_value)


def restated_claims(claims: list[Claim]) -> None:
    """Judge each open percentage or multiple claim on the claims it restates (in place)."""
    judged: dict[str, list[Claim]] = {}
    for c in claims:
        fam = _family(c)
        if fam and c.status != "unverifiable" and len(c.operands) == 2:
            judged.setdefault(fam, []).append(c)
    for c in claims:
        fam = _family(c)
        if fam is None or c.status != "unverifiable" or c.operands or c.stated_value is None:
            continue
        sources = [s for s in judged.get(fam, [])[:MAX_SOURCES] if s is not c]
        _judge(c, [s for s in sources if restates(c, s)])


def _judge(c: Claim, sources: list[Claim]) -> None:
    stated = abs(c.stated_value or 0)
    decimals = _decimals(c)
    same = [
        s
        for s in sources
        if abs(s.stated_value or 0) == stated
        and _decimals(s) == decimals
        and s.qualifier == c.qualifier
    ]
    fits = [s for s in same if s.status == "consistent"]
    if c.qualifier:  # "~4%": any judged figure it is about
        fits += [
            s
            for s in sources
            if s.status == "consistent"
            and (m := _magnitude(s)) is not None
            and ar.verify(stated, m, decimals, c.qualifier).consistent
        ]
    if fits:
        _adopt(c, fits[0])
        return
    if len(same) == 1 and same[0].status == "inconsistent" and not c.qualifier:
        _adopt(c, same[0])


def _adopt(c: Claim, src: Claim) -> None:
    """Take the operands and the verdict of the claim ``src`` that ``c`` restates."""
    c.operands = [o.model_copy(update={"source": "claim"}) for o in src.operands]
    for name in RESULT_FIELDS:
        setattr(c, name, getattr(src, name))
    if c.status == "inconsistent" and c.message:
        c.message = f'stated "{c.stated}", restating line {src.line}: {c.message}'
