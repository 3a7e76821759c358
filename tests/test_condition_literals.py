"""The shortcuts of the condition extractors answer as the slow paths: required literals
of a pattern (a text without them cannot match), the gates decided all at once, the
column header's parser found once per header, and parse_test_name memoised."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck import regexlit
from claimcheck.extract.benchtests import parse_test_name
from claimcheck.extract.conditions import cells
from claimcheck.extract.conditions.base import Ctx
from claimcheck.regexlit import needed
from tests.test_condition_gates import GATED, corpus_texts, suite_phrases


def _patterns() -> list[re.Pattern[str]]:
    """Every module-level pattern of the condition extractors (the rule checks' patterns
    are tested in test_textgate.py)."""
    found = regexlit.package_patterns("claimcheck.extract.conditions")
    return [re.compile(p, f) for p, f in found]


def test_literals_table_is_current() -> None:
    """``regexlit.json`` holds every module-level pattern, as analysed now (regenerate with
    ``make regex-table``). Built in a fresh process: this one's caches hold patterns too."""
    code = "import json; from claimcheck import regexlit; print(json.dumps(regexlit.build_table()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    table = json.loads(out.stdout)
    assert json.loads(regexlit.TABLE.read_text(encoding="utf-8"))["literals"] == table
    assert len(table) > 400


def test_leading_table_is_current() -> None:
    """The table's leading strings (what claimcheck.extract.cuescan anchors patterns on)
    are those of every module-level pattern as analysed now."""
    code = (
        "import json; from claimcheck import regexlit; print(json.dumps(regexlit.build_leading()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    table = json.loads(out.stdout)
    assert json.loads(regexlit.TABLE.read_text(encoding="utf-8"))["leading"] == table
    assert sum(v is not None for v in table.values()) > 200


def test_every_match_starts_with_a_leading_string() -> None:
    texts = [t for t in (*corpus_texts(), *suite_phrases()) if t.isascii()]
    checked = 0
    for rx in _patterns():
        lead = regexlit.leads(rx.pattern, rx.flags)
        if lead is None:
            continue
        for text in texts:
            low = text.lower()
            for m in rx.finditer(text):
                assert low.startswith(lead, m.start()), (rx.pattern, m.group())
                checked += 1
    assert checked > 300


def test_every_match_holds_a_required_literal() -> None:
    texts = [t for t in (*corpus_texts(), *suite_phrases()) if t.isascii()]
    checked = 0
    for rx in _patterns():
        need = needed(rx.pattern, rx.flags)
        if need is None:
            continue
        for text in texts:
            for m in rx.finditer(text):
                low = m.group(0).lower()
                assert any(w in low for w in need), (rx.pattern, m.group(0))
                checked += 1
    assert checked > 500


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_may_match_never_hides_a_match(data: st.DataObject) -> None:
    """Texts pieced together from the patterns' own literals and corpus windows."""
    patterns = [p for p in _patterns() if regexlit.required(p.pattern, p.flags)]
    words = sorted({w for p in patterns for w in regexlit.required(p.pattern, p.flags)})
    texts = corpus_texts()
    text = texts[data.draw(st.integers(0, len(texts) - 1))]
    a = data.draw(st.integers(0, len(text)))
    pieces = data.draw(
        st.lists(st.sampled_from([*words, " ", "1", "10 ", "-", "The ", "x"]), max_size=12)
    )
    sample = text[a : a + 120] + "".join(w.upper() if len(w) % 2 else w for w in pieces)
    ctx = Ctx(sample)
    for rx in patterns:
        spans = [m.span() for m in rx.finditer(sample)]
        assert [m.span() for m in ctx.finditer(rx)] == spans, (rx.pattern, sample)


def test_open_gates_answer_as_each_gate() -> None:
    texts = [*corpus_texts(), *suite_phrases(), "Dauer: 60 Sekunden über TLS 1.3", "ſession"]
    for text in texts:
        mask = Ctx(text).open_gates
        for d in GATED:
            assert bool(mask & d.bit) == d.passes(Ctx(text)), (d.__name__, text)


def _slow_column_parser(header: str):  # noqa: ANN202
    h = cells.clean(cells._TAG_RE.sub("", header).replace("*", " ")).lower()
    if not h or len(h) > 200:
        return h, None
    for rx, parse in cells._HEADER_RES:
        if rx.search(h):
            return h, parse
    return h, None


def test_column_parser_is_the_first_matching_header() -> None:
    headers = [p.replace("\\s*", " ").replace("\\", "") for p, _ in cells.HEADERS]
    headers += ["Test", "Notes", "**Cipher**", "<b>Duration</b>", "Layer", "x" * 300, ""]
    headers += [t[:40] for t in corpus_texts()[:200]]
    for header in headers:
        assert cells.column_parser(header) == _slow_column_parser(header), header
        assert cells.column_parser(header) == _slow_column_parser(header), header


def test_parse_test_name_memo_is_the_function() -> None:
    names = ["L4 CPS", "Layer 7 Requests per Second", "SSL Bulk Encryption", "P95 Latency",
             "Power efficiency", "Nothing here", *[t[:60] for t in corpus_texts()[:300]]]  # fmt: skip
    for name in names:
        assert parse_test_name(name) == parse_test_name.__wrapped__(name)
        assert parse_test_name(name) == parse_test_name.__wrapped__(name)
