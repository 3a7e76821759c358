"""C004 dangling-reference: references to appendices, questions, sections, figures or
footnotes the report does not contain.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.facts.captions import caption_kind
from claimcheck.facts.text import PROSE, Sentence
from claimcheck.models import Block, Document
from claimcheck.rules.registry import Hit, check

APPENDIX_REF_RE = lazyre.compile(
    r"\bappendix[ \t]+(?P<app>[A-Z]|\d{1,2}|[IVX]{1,4})\b(?:[ \t]*+,?[ \t]*+(?:question|Q)[ \t]*+#?"
    r"[ \t]*+(?P<q>\d{1,3}))?",
    re.IGNORECASE,
)
QUESTION_REF_RE = lazyre.compile(r"\bquestion[ \t]*+#?[ \t]*+(?P<q>\d{1,3})\b", re.IGNORECASE)
SECTION_REF_RE = lazyre.compile(r"(?:\bsection|§)[ \t]*(?P<s>\d{1,2}(?:\.\d{1,2}){0,3})\b", re.I)
FIGURE_REF_RE = lazyre.compile(
    r"\b(?P<kind>charts?|figures?|figs?\.|tables?|exhibits?|graphs?)[ \t]+(?P<n>\d{1,3})"
    r"(?:[ \t]*(?:-|–|to|through)[ \t]*(?P<n2>\d{1,3}))?\b",
    re.IGNORECASE,
)
FOOTNOTE_REF_RE = lazyre.compile(r"<sup>[ \t]*(?P<n>\d{1,3})[ \t]*</sup>|\[\^(?P<md>[\w-]{1,20})\]")
# "RFC 2544 section 26", "Appendix C of RFC 3511", "section 4 of the IxLoad user guide"
EXTERNAL_BEFORE_RE = lazyre.compile(
    r"\b(?:RFC|ISO|IEEE|IETF|NIST|ETSI|ITU|EN|BS)\b[^.;]{0,25}$", re.I
)
EXTERNAL_AFTER_RE = lazyre.compile(  # matched right after a reference
    r"(?<![ \t])[ \t]*(?:of|in)[ \t]+(?:RFC|ISO|IEEE|IETF|NIST|ETSI|ITU)\b"
    r"|(?<![ \t])[ \t]*(?:of|in)[ \t]+(?:the[ \t]+"
    r"|their[ \t]+|an?[ \t]+)?(?!this\b)(?:[\w.-]+[ \t]+){0,3}(?:guide|standard|specification|paper"
    r"|datasheet|manual|white[ \t]?paper|handbook)\b",
    re.IGNORECASE,
)
APPENDIX_LABEL_RE = lazyre.compile(
    r"^[ \t#*_>|-]{0,8}appendix[ \t]+(?P<app>[A-Z]|\d{1,2}|[IVX]{1,4})\b", re.IGNORECASE | re.M
)
# "### 3. How is ...?", "Q4: Why ...", "Question 2 - ..." at the start of a line
QUESTION_LABEL_RE = lazyre.compile(
    r"^[ \t*_#>-]{0,8}(?:(?P<qq>Q(?:uestion)?[ \t]*+#?)(?P<q1>\d{1,3})\b[.):\-–]?"
    r"|(?P<q2>\d{1,3})[.)][ \t]++(?=[^\n]*\?))",
    re.MULTILINE,
)
SECTION_LABEL_RE = lazyre.compile(r"[\s*_#]{0,6}(?:section[ \t]+)?(?P<s>\d{1,2}(?:\.\d{1,2}){0,3})\.?"
                              r"[ \t]+[A-Z]", re.IGNORECASE)  # fmt: skip
FOOTNOTE_LABEL_RE = lazyre.compile(r"[\s\\*]{0,4}(?:<sup>[ \t]*(?P<n>\d{1,3})[ \t]*</sup>|\[?(?P<m>\d{1,3})"
                               r"[\].)][ \t])")  # fmt: skip
MD_FOOTNOTE_DEF_RE = lazyre.compile(r"^\[\^(?P<md>[\w-]{1,20})\]:", re.M)
MIN_CAPTIONS = 3  # figure/table references are checked only against this many captions
# every dangling reference lists what the report has: bounded, or the findings would grow
# with the references times the captions
MAX_RANGES = 12  # ranges of numbers in a message ("1-3, 5, 7-9")
MAX_NUMBERS = 100  # question numbers in a finding's evidence


@check("dangling_reference")
def dangling_reference(facts: FactStore) -> Iterator[Hit]:
    """References to appendices, questions, sections, figures, tables or footnotes that the
    report does not contain."""
    doc = facts.doc
    index = _Targets(facts)
    sentences = facts.text
    refs = (APPENDIX_REF_RE, QUESTION_REF_RE, SECTION_REF_RE, FIGURE_REF_RE, FOOTNOTE_REF_RE)
    for i in sentences.texts.any_of(*refs):  # a sentence none of them matches refers to nothing
        s, block, is_hedged = sentences.sentences[i]
        if block.kind in (*PROSE, "table") and not is_hedged:
            yield from index.check_sentence(doc, block, s)


class _Targets:
    """What the report contains: appendix labels, the questions of each appendix, numbered
    sections, caption numbers by kind, footnote numbers."""

    def __init__(self, facts: FactStore) -> None:
        doc, text = facts.doc, facts.doc.text
        self.appendices: list[tuple[int, str]] = sorted(
            (m.start(), m.group("app").upper()) for m in APPENDIX_LABEL_RE.finditer(text)
        )
        self.appendix_names = {a for _, a in self.appendices}
        self.questions: dict[str, set[int]] = {}  # appendix ("" for none) -> question numbers
        self.all_questions: set[int] = set()
        self.sections: set[str] = set()
        bounds = [p for p, _ in self.appendices]

        starts = doc.line_starts
        for n, lo in enumerate(starts):  # question labels, line by line (PDF text runs them on)
            hi = starts[n + 1] if n + 1 < len(starts) else len(text)
            q = QUESTION_LABEL_RE.match(text, lo, min(hi, lo + 300))
            if q is None:
                continue
            i = bisect_right(bounds, lo) - 1
            app = self.appendices[i][1] if i >= 0 else ""
            number = int(q.group("q1") or q.group("q2"))
            self.questions.setdefault(app, set()).add(number)
            self.all_questions.add(number)
        for b in doc.blocks:
            if b.kind != "heading" and not (b.kind == "paragraph" and len(b.text) <= 100):
                continue
            s = SECTION_LABEL_RE.match(b.text)
            if s and len(b.text) <= 100:
                self.sections.add(s.group("s"))
        self.captions: dict[str, set[int]] = {}
        for c in facts.captions:
            self.captions.setdefault(c.kind, set()).add(c.number)
        self.footnotes: set[int] = set()
        for b in doc.blocks:
            if b.kind == "footnote":
                f = FOOTNOTE_LABEL_RE.match(b.text)
                if f:
                    self.footnotes.add(int(f.group("n") or f.group("m")))
        self.md_footnotes = {m.group("md") for m in MD_FOOTNOTE_DEF_RE.finditer(text)}
        # per reference only a maximum and, for a finding, a listing: worked out once
        self.top_caption = {kind: max(numbers) for kind, numbers in self.captions.items()}
        self.top_footnote = max(self.footnotes, default=0)
        self.known_appendices = ", ".join(sorted(self.appendix_names)) or "none"
        self._shown: dict[tuple[str, str], str] = {}
        self._sorted: dict[str, list[int]] = {}

    def shown(self, what: str, key: str, numbers: set[int]) -> str:
        """``_ranges(numbers)`` for one listing (questions of an appendix, captions of a
        kind), formatted once: every reference that misses it shows the same text, so it
        shows at most ``MAX_RANGES`` ranges."""
        found = self._shown.get((what, key))
        if found is None:
            found = self._shown[(what, key)] = _ranges(numbers, MAX_RANGES)
        return found

    def check_sentence(self, doc: Document, block: Block, s: Sentence) -> Iterator[Hit]:
        text = s.text
        appendix_q_spans: list[tuple[int, int]] = []
        for m in APPENDIX_REF_RE.finditer(text):
            if (block.start == s.start and _leads(text, m.start(), 8)) or self._external(text, m):
                continue  # the appendix's own label, or another document's appendix
            app = m.group("app").upper()
            if m.group("q"):
                appendix_q_spans.append((m.start(), m.end()))
            start, end = s.start + m.start(), s.start + m.end()
            if app not in self.appendix_names:
                known = self.known_appendices
                yield Hit(start, end, f'"{m.group(0)}" refers to an appendix the report does not '
                          f"contain (appendices: {known})", {"reference": m.group(0)})  # fmt: skip
                continue
            q = m.group("q")
            found = self.questions.get(app, set())
            if q and found and int(q) not in found:
                msg = (
                    f'"{m.group(0)}" refers to question {q}, but Appendix {app} has questions '
                    f"{self.shown('appendix', app, found)}"
                )
                if app not in self._sorted:
                    self._sorted[app] = sorted(found)
                numbers = self._sorted[app]
                evidence = {"reference": m.group(0), "questions": numbers[:MAX_NUMBERS]}
                if len(numbers) > MAX_NUMBERS:
                    evidence["questions_total"] = len(numbers)
                yield Hit(start, end, msg, evidence)
        for m in QUESTION_REF_RE.finditer(text):
            if any(a <= m.start() < b for a, b in appendix_q_spans) or self._external(text, m):
                continue
            q = int(m.group("q"))
            if self.all_questions and q not in self.all_questions:
                msg = (
                    f'"{m.group(0)}" refers to a question the report does not contain '
                    f"(questions {self.shown('questions', '', self.all_questions)})"
                )
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})
        if len(self.sections) >= 2:
            for m in SECTION_REF_RE.finditer(text):
                if self._external(text, m) or m.group("s") in self.sections:
                    continue
                if m.group("s").split(".")[0] in self.sections and "." in m.group("s"):
                    continue  # the chapter exists; its subsections may be unnumbered headings
                msg = f'"{m.group(0)}" refers to a section the report does not contain'
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})
        yield from self._figures(doc, block, s)
        yield from self._footnotes(block, s)

    def _figures(self, doc: Document, block: Block, s: Sentence) -> Iterator[Hit]:
        for m in FIGURE_REF_RE.finditer(s.text):
            if block.start == s.start and _leads(s.text, m.start()) or self._external(s.text, m):
                continue  # the caption itself
            kind = caption_kind(m.group("kind"))
            have = self.captions.get(kind, set())
            if len(have) < MIN_CAPTIONS:
                continue
            top = max(int(m.group("n")), int(m.group("n2") or 0))
            if top > self.top_caption[kind]:
                msg = (
                    f'"{m.group(0)}" refers to a {kind} the report does not contain '
                    f"({kind}s {self.shown('captions', kind, have)})"
                )
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})

    def _footnotes(self, block: Block, s: Sentence) -> Iterator[Hit]:
        if block.kind == "footnote":
            return
        for m in FOOTNOTE_REF_RE.finditer(s.text):
            if m.group("md"):
                if self.md_footnotes and m.group("md") not in self.md_footnotes:
                    yield Hit(s.start + m.start(), s.start + m.end(),
                              f'footnote "{m.group(0)}" has no definition', {"reference": m.group(0)})  # fmt: skip
                continue
            n = int(m.group("n"))
            if len(self.footnotes) >= 2 and n > self.top_footnote:
                msg = f"footnote {n} is cited, but the footnotes end at {self.top_footnote}"
                yield Hit(s.start + m.start(), s.start + m.end(), msg, {"reference": m.group(0)})

    @staticmethod
    def _external(text: str, m: re.Match[str]) -> bool:
        return bool(EXTERNAL_BEFORE_RE.search(text[max(0, m.start() - 40) : m.start()])
                    or EXTERNAL_AFTER_RE.match(text, m.end()))  # fmt: skip


def _leads(text: str, at: int, limit: int = 6) -> bool:
    """Only markup precedes ``at`` ("**Figure 2**" leads; "See Figure 4" does not)."""
    return at <= limit and not any(ch.isalnum() for ch in text[:at])


def _ranges(numbers: set[int], limit: int | None = None) -> str:
    """{1, 2, 3, 5} -> "1-3, 5"; past ``limit`` ranges, "and N more"."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    if limit is not None and len(out) > limit:
        return f"{', '.join(out[:limit])} and {len(out) - limit} more"
    return ", ".join(out)
