"""A passage about a product line, not one model (FactStore.about_product_line)."""

from claimcheck import api

TEXT = """# Kestrel KV-3000 review

We tested the Kestrel KV-3000 at 40,000 requests per second.

Its successor, the KV-3200, was not available.
"""


def test_sentence_and_block_about_the_product_line():
    facts = api.extract_facts(TEXT, "review.md")
    assert facts.about_product_line(TEXT.index("KV-3200"))
    assert facts.about_product_line(TEXT.index("KV-3200"), whole_block=True)
    assert not facts.about_product_line(TEXT.index("We tested"))
