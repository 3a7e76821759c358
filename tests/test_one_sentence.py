"""Two statements in one sentence (claimcheck.facts.text.one_sentence)."""

from claimcheck.facts.text import one_sentence


def test_one_sentence_and_two():
    text = "Brightgate ran 3.2.0 in the lab and 3.4.1 at the edge. Later it ran 4.0.0."
    assert one_sentence(text, text.index("3.2.0") + 5, text.index("3.4.1"))
    assert not one_sentence(text, text.index("3.4.1") + 5, text.index("4.0.0"))


def test_blank_line_ends_the_statement():
    text = "Harrier LB 1.0 was tested\n\nHarrier LB 2.0 too"
    assert not one_sentence(text, text.index("1.0") + 3, text.index("2.0"))
