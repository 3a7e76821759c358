"""Rule word lists as patterns (claimcheck.rules.wordcues)."""

from claimcheck.rules.wordcues import says_any


def test_optional_word_part():
    words = ["every _? appliance", "both _? systems"]
    assert says_any("the cap held for every appliance", words)
    assert says_any("the cap held for both tested systems", words)
    assert not says_any("both of the tested systems", words)  # two words between
    assert not says_any("every applianceless rack", words)


def test_stem_and_whole_words():
    assert says_any("the Harrier LB alone ran at 512 clients", ["alone", "solely"])
    assert not says_any("standalone mode", ["alone"])
    assert says_any("timeouts were discarded", ["discard*"])
