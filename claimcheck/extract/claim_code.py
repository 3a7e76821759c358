"""Claims inside code fences: a "Label: figure" summary with its verdict line below.

README summaries often draw a chart in a code block ("Kiln: ████ 995.78 req/s", "Forge:
███ 958.42 req/s", then "+3.9% improvement") or print "HTTP/2: 12,820 req/sec" lines with
"↑ 230% faster" under them. A line of the block that reads as a claim is one; its operands
are the figures of the block's labelled lines, each owned by its label:

- exactly two labelled figures of the claim's kind: they are its operands, in either order
  (the block does not say which is the subject); a stated value that neither order gives is
  inconsistent;
- more: only a pair that gives the stated value decides; otherwise it stays unverifiable.
"""

from __future__ import annotations

from itertools import combinations

from claimcheck.extract.claims import Pending, compatible, judge_pair, operand, sentence_claims
from claimcheck.extract.sentences import Sentence
from claimcheck.models import Block, Document, Quantity

PROMPTS = ("$", "#", ">", "%")  # what a shell command line opens with
MAX_LINES = 40  # lines of a block looked at (a summary chart, not a log)
MAX_FIGURES = 8  # labelled figures a claim line may pair


def code_claims(doc: Document, block: Block, quantities: list[Quantity]) -> list[Pending]:
    """The claims of the code block's lines, judged on its labelled figures."""
    lines = _lines(doc.text, block.start, block.end)
    if not lines or len(lines) > MAX_LINES:
        return []
    labelled: list[Quantity] = []
    claims: list[Pending] = []
    for start, end in lines:
        qs = [q for q in quantities if start <= q.start and q.end <= end]
        if not qs or doc.text[start:end].lstrip()[:1] in PROMPTS:
            continue  # a shell command ("$ wrk -t4 ..."), not a summary line
        found = sentence_claims(doc, Sentence(doc.text[start:end], start), qs)
        if found:
            claims.extend(found)
            continue
        label = _label(doc.text[start:end])
        figures = [q for q in qs if q.unit and not q.is_percent and not q.multiplier]
        if label and len(figures) == 1:
            labelled.append(figures[0])
    for p in claims:
        if p.claim.operands or p.claim.kind not in ("percent-delta", "ratio"):
            continue
        cands = [q for q in labelled if compatible(q, q)][:MAX_FIGURES]
        _judge(doc, p, cands)
    return claims


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of each non-empty line of text[start:end], fence lines aside."""
    out = []
    at = start
    while at < end:
        nl = text.find("\n", at, end)
        stop = end if nl < 0 else nl
        line = text[at:stop].strip()
        if line and not line.startswith(("```", "~~~")):
            out.append((at, stop))
        at = stop + 1
    return out


def _label(line: str) -> str | None:
    """ "Kiln: ████ 995.78 req/s" -> "Kiln"; None for a line without a "Label:" head."""
    head, sep, _rest = line.partition(":")
    head = head.strip(" \t*-+>#`")
    if not sep or not head or len(head) > 40 or any(ch.isdigit() for ch in head[:1]):
        return None
    return head


def _judge(doc: Document, p: Pending, cands: list[Quantity]) -> None:
    pairs = [(a, b) for a, b in combinations(cands, 2) if compatible(a, b) and a.unit and b.unit]
    for a, b in pairs:
        for subj, ref in ((a, b), (b, a)):
            _apply(doc, p, subj, ref)
            if p.claim.status == "consistent":
                return
    if len(pairs) == 1 and len(cands) == 2:  # the block's only pair: either order was tried
        a, b = pairs[0]
        _apply(doc, p, a, b)
        return
    p.claim.operands = []
    p.claim.status, p.claim.recomputed, p.claim.recomputed_value = "unverifiable", None, None
    p.claim.severity = p.claim.diagnosis = p.claim.message = None


def _apply(doc: Document, p: Pending, subj: Quantity, ref: Quantity) -> None:
    p.claim.operands = [operand(doc, subj, "paragraph"), operand(doc, ref, "paragraph")]
    judge_pair(p.claim, p.stated, subj, ref, p.words)
