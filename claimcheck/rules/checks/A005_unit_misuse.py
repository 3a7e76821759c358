"""A005: a unit that cannot be right for what the quantity measures.

Dimensions come from pint (energy vs power, information vs information per
time); the context words only say what the quantity is meant to be.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck import arithmetic as ar
from claimcheck import lazyre
from claimcheck.facts import FactStore
from claimcheck.models import Document, Quantity
from claimcheck.rules.context import block_at, clause_around, line_label, sentence_around, window
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import says_any
from claimcheck.units import dimensionality, is_bit_rate, is_bits, is_bytes, is_energy, is_power

SIZE_WORDS = lazyre.compile(r"\b(?:file|object|response|payload|page|body|message|request|transfer)s?\b"
                        r"(?:[ -]size)?|\bsize\b")  # fmt: skip
CRYPTO_WORDS = lazyre.compile(r"\b(?:key|keys|cipher|aes|rsa|ecc|ecdsa|sha|hash|encryption|address|"
                          r"bus|architecture|os|processor|cpu|color|colour|block|word|integer)\b")  # fmt: skip
HEAT_WORDS = lazyre.compile(r"\b(?:heat|thermal|dissipat\w*|cooling|power|watts?)\b")
COUNT_WORDS = lazyre.compile(r"^\s*(?:of\s+)?(?:concurrent|simultaneous|open|active|maximum)\b")


@check("unit_misuse")
def unit_misuse(facts: FactStore) -> Iterator[Hit]:
    """Energy for a heat rate, bits for a size, bytes for a rate, a rate for a count."""
    doc, extraction = facts.doc, facts.extraction
    rates: dict[int, set[float]] = {}  # block start -> bit-rate values stated in it
    for r in extraction.quantities:
        if r.unit and is_bit_rate(r.unit):
            block = block_at(doc, r.start)
            if block is not None:
                rates.setdefault(block.start, set()).add(r.value)
    for q in extraction.quantities:
        if not q.unit or q.is_percent:
            continue
        hit = _energy_for_rate(doc, q) or _bits_for_size(doc, q) or _bytes_for_rate(doc, q, rates)
        hit = hit or _rate_for_count(doc, q)
        if hit:
            yield hit


def _energy_for_rate(doc: Document, q: Quantity) -> Hit | None:
    if not is_energy(q.unit) or "BTU" not in q.unit:
        return None
    pre, post = window(doc, q.start, q.end, 200, 200)
    if not HEAT_WORDS.search(pre + " " + post):
        return None
    watts = q.value / ar.BTU_PER_HOUR_PER_WATT
    msg = (f'"{q.text}" is an energy, but a heat output is a rate: BTU/h '
           f"({ar.format_number(q.value, q.decimals)} BTU/h = {watts:,.1f} W)")  # fmt: skip
    return Hit(q.start, q.end, msg, {"stated": q.text, "expected_unit": "BTU/h"})


def _bits_for_size(doc: Document, q: Quantity) -> Hit | None:
    if not is_bits(q.unit) or is_bit_rate(q.unit):
        return None
    pre, post = window(doc, q.start, q.end, 30, 25)
    if not SIZE_WORDS.search(post[:25] + " " + pre[-20:]) or CRYPTO_WORDS.search(
        pre[-25:] + post[:25]
    ):
        return None
    nbytes = ar.convert_units(q.value, q.unit, "byte")
    msg = (f'an object size given in bits: "{q.text}" is {nbytes:,.4g} bytes; '
           f"object and file sizes are counted in bytes")  # fmt: skip
    return Hit(q.start, q.end, msg, {"stated": q.text, "expected_unit": "bytes"})


def _bytes_for_rate(doc: Document, q: Quantity, rates: dict[int, set[float]]) -> Hit | None:
    """A byte figure whose own role is a rate: the label of its "Label: value" line, else
    the words of its own phrase, say rate or licence ("the 10GB license limit"); a
    "Document Length: 27 bytes" line is a size whatever the block around it says."""
    if not is_bytes(q.unit) or q.is_range:
        return None
    data = rule_data("A005")
    label = line_label(doc, q.start)
    near = label.lower() if label is not None else clause_around(doc, q.start, q.end)
    if says_any(near, data.get("size_words", [])):
        return None
    block = block_at(doc, q.start)
    same_rate = block is not None and q.value in rates.get(block.start, set())
    if not says_any(near, data.get("rate_words", [])):
        # "licensed for 8 Gbps ... 8GB was never hit, so the license limit ...": the same
        # number as a bit rate in the paragraph, in a sentence about that rate
        sentence = sentence_around(doc, q.start, q.end)
        if label is not None or not same_rate or not says_any(sentence, data.get("rate_words", [])):
            return None
        if says_any(sentence, data.get("size_words", [])):
            return None
    elif not same_rate and not says_any(near, data.get("licence_words", [])):
        return None
    evidence = (
        f" ({ar.format_number(q.value, q.decimals)} Gbps in the same paragraph)"
        if same_rate
        else ""
    )
    msg = (f'"{q.text}" is a size in bytes where a rate is meant{evidence}; '
           f"{ar.format_number(q.value, q.decimals)} {q.unit_text} is not "
           f"{ar.format_number(q.value, q.decimals)} Gbit/s")  # fmt: skip
    if "giga" not in q.unit:
        msg = f'"{q.text}" is a size in bytes where a rate is meant{evidence}'
    return Hit(q.start, q.end, msg, {"stated": q.text, "expected_unit": "bit/s"})


def _rate_for_count(doc: Document, q: Quantity) -> Hit | None:
    dims = dimensionality(q.unit)
    if not dims.endswith("/ [time]") or "[information]" in dims or is_power(q.unit):
        return None
    _, post = window(doc, q.start, q.end, 0, 40)
    label = line_label(doc, q.start) or ""  # "Maximum concurrent connections: 8M CPS"
    if not COUNT_WORDS.search(post) and not says_any(
        label.lower(), rule_data("A005").get("count_words", [])
    ):
        return None
    msg = f'"{q.text}" is a rate, but it counts concurrent connections or sessions (a count)'
    return Hit(q.start, q.end, msg, {"stated": q.text, "expected_unit": "connections"})
