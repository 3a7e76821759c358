"""The scenario label a sentence opens with (claimcheck.facts.leadlabels)."""

from claimcheck.facts.leadlabels import lead_labels


def test_prepositional_label_drops_the_test_noun():
    assert lead_labels("With the *gzip on* scenario, the Kestrel-7 served 9 req/s.", False) == [
        ("gzip on", "gzip on")
    ]


def test_colon_label_only_at_a_block_start():
    text = "Warm cache: the Harrier LB answered in 2 ms."
    assert lead_labels(text, True) == [("warm cache", "Warm cache")]
    assert lead_labels(text, False) == []


def test_no_label_without_a_letter():
    assert lead_labels("At 1000, the Brightgate stalled.", False) == []
