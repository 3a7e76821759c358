"""Soft line breaks inside a paragraph read as spaces; item lines keep their breaks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from claimcheck.ingest.softbreaks import soft_breaks_as_spaces


def test_a_wrapped_sentence_is_one_line():
    text = "Three weeks later the vendor supplied a 10 Gbps\nevaluation licence and we repeated\nthe test."
    assert soft_breaks_as_spaces(text) == text.replace("\n", " ")


def test_label_lines_bullets_steps_and_colons_keep_their_breaks():
    text = "Test bed:\nCPU: 16 cores\nRAM: 64 GB\n- one item\n2) a step\n| a | b |"
    assert soft_breaks_as_spaces(text) == text


def test_blank_lines_stay():
    assert soft_breaks_as_spaces("one paragraph\n\nanother") == "one paragraph\n\nanother"


@given(st.text(alphabet="ab :-\n\t.1", max_size=300))
def test_offsets_never_move(text):
    out = soft_breaks_as_spaces(text)
    assert len(out) == len(text)
    assert all(a == b or (a == "\n" and b == " ") for a, b in zip(text, out, strict=True))
