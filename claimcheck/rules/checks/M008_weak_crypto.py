"""M008 weak-crypto: SSL/TLS figures of this report measured with weak parameters.

A weak cipher, short key or old protocol counts only when a figure of the report was
measured with it: stated with the figure (its sentence, its table row, the footnote that
marks it), or stated as the test's setting where a TLS figure of the report is in its
scope. A cipher named as "not recommended", a key size a previous article or a standards
body talks about, a protocol a release note prohibits: no figure was measured with them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from claimcheck.facts import FactStore
from claimcheck.models import Condition, Measurement
from claimcheck.rules.queries import rule_data
from claimcheck.rules.registry import Hit, check
from claimcheck.rules.wordcues import says_any

TLS_FAMILIES = {"ssl_tps", "ssl_throughput"}


def is_weak(c: Condition, data: dict[str, Any]) -> bool:
    """A cipher, key size or protocol version the rule's data calls weak."""
    v = c.value
    if c.name == "cipher" and isinstance(v, str):
        return says_any(v.replace("-", " "), data.get("weak_ciphers", [])) or any(
            w.lower() in v.lower() for w in data.get("weak_ciphers", [])
        )
    if c.name == "key_size" and isinstance(v, int | float) and not isinstance(v, bool):
        return int(data.get("min_key_bits", 2048)) > v >= int(data.get("min_key_seen", 256))
    if c.name == "tls_version" and isinstance(v, str):
        return v in data.get("weak_versions", [])
    return False


@check("weak_crypto")
def weak_crypto(facts: FactStore) -> Iterator[Hit]:
    """Weak TLS parameters that a figure of this report was measured with."""
    data = rule_data("M008")
    weak = [c for name in ("cipher", "key_size", "tls_version") for c in facts.stated(name)
            if not c.negated and is_weak(c, data)]  # fmt: skip
    figures = [m for m in facts.measurements if m.kind == "measured" and m.role == "result"]
    layers = {t.id: t.layer for t in facts.tests}
    for c in sorted(weak, key=lambda c: c.start):
        with_figure = _stated_with_figure(facts, c, figures)
        if with_figure is None and not _setting_of_tls_figures(facts, c, figures, layers, data):
            continue
        yield Hit(c.start, c.end, f"weak TLS parameter: {c.name} = {c.value}",
                  {"condition": c.name, "value": c.value})  # fmt: skip
    yield from _weak_cells(figures, data)


def _weak_cells(figures: list[Measurement], data: dict[str, Any]) -> Iterator[Hit]:
    """Table cells whose own row or column sets a weak parameter ("RC4-MD5" as a row
    label): one finding per table and parameter."""
    done: set[tuple[Any, str, str]] = set()
    for m in figures:
        for name in ("cipher", "key_size", "tls_version"):
            raw = (m.conditions or {}).get(name)
            if raw is None:
                continue
            value: Any = raw
            if name == "key_size":
                try:
                    value = float(raw)
                except ValueError:
                    continue
            cond = Condition(name=name, value=value, start=m.start, end=m.end)
            key = (m.table, name, str(raw))
            if key in done or not is_weak(cond, data):
                continue
            done.add(key)
            yield Hit(m.start, m.end, f"weak TLS parameter: {name} = {raw} (figure {m.text})",
                      {"condition": name, "value": raw})  # fmt: skip


def _stated_with_figure(
    facts: FactStore, c: Condition, figures: list[Measurement]
) -> Measurement | None:
    """A figure stated together with the parameter: its sentence or its table row."""
    if c.source == "table":
        return next((m for m in figures if m.source == "table" and m.line == c.line), None)
    sent = facts.sentence_at(c.start)
    if sent is None:
        return None
    return next((m for m in figures if sent.start <= m.start < sent.end), None)


def _setting_of_tls_figures(
    facts: FactStore, c: Condition, figures: list[Measurement], layers: dict[str, Any],
    data: dict[str, Any],
) -> bool:  # fmt: skip
    """The parameter is the setting in scope of a TLS figure, stated as what the test used
    (not what one should use, would get or could read about elsewhere)."""
    if c.source in ("text", "list") and says_any(facts.sentence_text(c.start),
                                                  data.get("not_a_setting", [])):  # fmt: skip
        return False
    if c.test and layers.get(c.test) == "SSL":
        return True  # the setting of a TLS test of the report ("SSL TPS: 18,000 (RC4-MD5)")
    for m in figures:
        tls = m.metric in TLS_FAMILIES or layers.get(m.test or "") == "SSL"
        if tls and any(x is c for x in facts.conditions_for(m).get(c.name, ())):
            return True
    return False
