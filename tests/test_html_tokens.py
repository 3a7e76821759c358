"""The HTML tokenizer (claimcheck.ingest.html_tokens): the same tokens as html5lib's
spec-following tokenizer on markup made of HTML's tricky pieces, and the documented
differences."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.ingest.html_tokens import RAW_TEXT, attributes, decode, tokens

NAMES = frozenset({"p", "b", "td", "a", "x1", "style", "textarea", "title", "xmp", "plaintext"})


def ours(markup: str) -> list[tuple]:
    out: list[tuple] = []
    for kind, value, attrs in tokens(markup, NAMES):
        if kind == "text":
            if out and out[-1][0] == "text":
                out[-1] = ("text", out[-1][1] + value)
            elif value:
                out.append(("text", value))
        elif kind == "start":
            out.append(("start", value, _comparable(attrs or {})))
        elif kind == "end":
            out.append(("end", value))
        else:  # the Standard has one kind of comment
            out.append(("comment", value))
    return out


def _comparable(attrs: dict) -> tuple:
    return tuple(attrs.items())


def theirs(markup: str) -> list[tuple]:
    """html5lib's tokenizer, with the state switches its tree builder would make."""
    from html5lib._tokenizer import HTMLTokenizer
    from html5lib.constants import tokenTypes

    t = HTMLTokenizer(markup)
    switch = {name: t.rawtextState for name in RAW_TEXT}
    switch.update(textarea=t.rcdataState, title=t.rcdataState, plaintext=t.plaintextState)
    switch["script"] = t.scriptDataState
    out: list[tuple] = []
    for token in t:
        kind = token["type"]
        if kind in (tokenTypes["Characters"], tokenTypes["SpaceCharacters"]):
            if out and out[-1][0] == "text":
                out[-1] = ("text", out[-1][1] + token["data"])
            else:
                out.append(("text", token["data"]))
        elif kind in (tokenTypes["StartTag"], tokenTypes["EmptyTag"]):
            name = token["name"]
            attrs = dict(token["data"]) if name in NAMES else {}
            out.append(("start", name, _comparable(attrs)))
            if name in switch:
                t.state = switch[name]
            elif token.get("selfClosing"):
                out.append(("end", name))
        elif kind == tokenTypes["EndTag"]:
            out.append(("end", token["name"]))
        elif kind == tokenTypes["Comment"]:
            out.append(("comment", token["data"]))
    return out


PIECES = [
    "<", ">", "/", "=", '"', "'", " ", "\n", "\r\n", "\t", "-", "!", "?", "a", "B", "x1", "é",
    "<p", "<P ", "<b", "</b", "</", "<td", " colspan", "=3", '="2"', "='x y'", "<a href=",
    "<x1/", "/>", "<p/>", "<a href=x/>", "<svg/>", "<!--", "-->", "--!>", "<!-->", "<!--->", "<!", "<?", "<!DOCTYPE html>",
    "<![CDATA[", "]]>", "</>", "</ 3>", "&", "&amp;", "&amp", "&lt", "&#65;", "&#x41;", "&#0;",
    "&#128;", "&#xD800;", "&notit;", "&notit=", "&bogus;", "&AMP;", "É", "<É", "<style>", "</style>", "</STYLE ", "<xmp>",
    "</xmp>", "<textarea>", "</textarea>", "<title>", "</title >", "<plaintext>",
]  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def html5lib():
    return pytest.importorskip("html5lib")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_same_tokens_as_html5lib(markup: str) -> None:
    assert ours(markup) == theirs(markup)


@pytest.mark.parametrize(
    "markup",
    [
        '<td colspan="3" COLSPAN=4 a=b/ c d=\'e\' f = g>x</td>',
        "<a href='x>y'>z</a><b title=\"a'b\">c",
        "<!-- claimcheck: disable-next-line=A003 -->after<!---x--->y<!-- a --!> b",
        "<script>if (a < b && c > d) { x = '</div>'; }</script>after",
        "<title>A &amp; B <b>c</b></title><textarea>\n<i>x</i></textarea>",
        "<p>unterminated <a href='x", "<p>unterminated <!-- comment", "text </",
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><?xml version='1.0'?><p>x",
    ],
)  # fmt: skip
def test_examples_match_html5lib(markup: str) -> None:
    assert ours(markup) == theirs(markup)


def test_documented_differences() -> None:
    # the "double-escaped" script states: the Standard's script runs on past "</script>"
    markup = "<script><!--<script>x</script>y</script>z"
    assert ours(markup)[1:4] == [("text", "<!--<script>x"), ("end", "script"), ("text", "y")]
    assert theirs(markup)[1] == ("text", "<!--<script>x</script>y")
    # NUL is kept (the Standard's tree builder drops it from text)
    assert ours("a\x00b") == [("text", "a\x00b")]


def test_character_references() -> None:
    assert decode("&amp; &lt;b&gt; &#65;&#x42; &copy &notit; &bogus;") == "& <b> AB © ¬it; &bogus;"
    assert decode("&#0; &#xD800; &#x110000; &#128;") == "\ufffd \ufffd \ufffd \u20ac"
    # more digits than int() accepts: no ValueError, one replacement character
    assert decode("&#" + "9" * 5000 + ";x") == "\ufffdx"
    assert decode("&#x" + "f" * 5000) == "\ufffd"
    assert decode("&#" + "0" * 5000 + "65;") == "A"  # leading zeros are no digits of size


def test_attributes() -> None:
    assert attributes(' colspan="2" COLSPAN=3 start=&#51; x') == {
        "colspan": "2",
        "start": "3",
        "x": "",
    }
    assert attributes(" a='1' b=\"2\"c=3 =d") == {"a": "1", "b": "2", "c": "3", "=d": ""}


def test_only_reading_html_imports_the_reader() -> None:
    from tests.test_lazy_startup import _imported_after

    mods = _imported_after("import claimcheck.cli")
    assert "claimcheck.ingest.html" not in mods and "claimcheck.ingest.html_tokens" not in mods
    mods = _imported_after(
        "from claimcheck.ingest.html import html_to_text\nhtml_to_text('<p>x</p>')\n"
    )
    assert "claimcheck.ingest.html_tokens" in mods and "html.parser" not in mods
