"""A setting stated "for the X" belongs to X, whatever the setting (scoping._postposed_owner),
and requests per connection that differ between the compared devices are S002; an SSL
figure named in its sentence is an SSL TPS figure under any heading. Invented names."""

from __future__ import annotations

import pytest

import claimcheck

HEAD = "## Results\nThe Arden A-4 served 90,000 requests per second and the Bexley B-7 served 40,000 requests per second.\n\n"


def _conditions(text: str, name: str) -> dict[str, object]:
    ex = claimcheck.extract(text, "r.md")
    names = {d.id: d.name for d in ex.devices}
    return {names.get(c.device, c.scope): c.value for c in ex.conditions if c.name == name}


@pytest.mark.parametrize(
    "setting",
    [
        "The client used 100 requests per connection for the Arden A-4 and 1 request per connection for the Bexley B-7.",
        "We sent 100 requests per connection for the Arden A-4, and 1 request per connection\nfor the Bexley B-7.",
        "Keep-alive was 100 requests per connection on the Arden A-4 and 1 request per connection on the Bexley B-7.",
    ],
)
def test_setting_for_the_device_belongs_to_it(setting: str) -> None:
    text = HEAD + "## Setup\n" + setting + "\n"
    assert _conditions(text, "requests_per_connection") == {"Arden A-4": 100, "Bexley B-7": 1}
    found = [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "S002"]
    assert len(found) == 1 and "requests per connection" in found[0].message


@pytest.mark.parametrize(
    "setting",
    [
        "The client used 100 requests per connection for both devices.",
        "The client used 100 requests per connection for the Arden A-4 and for the Bexley B-7.",
        "Each test used 100 requests per connection.",
    ],
)
def test_same_requests_per_connection_is_not_s002(setting: str) -> None:
    text = HEAD + "## Setup\n" + setting + "\n"
    assert [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "S002"] == []


def test_ssl_named_in_the_sentence_makes_an_ssl_figure_under_any_heading() -> None:
    text = HEAD + (
        "## SSL\nSSL TPS was measured with session reuse enabled for the Arden A-4: "
        "95,000 TPS against 41,000 TPS for the Bexley B-7.\n"
    )
    ex = claimcheck.extract(text, "r.md")
    assert {m.metric for m in ex.measurements if m.unit == "TPS"} == {"ssl_tps"}
    m001 = [f for f in claimcheck.check_text(text, "r.md").findings if f.rule == "M001"]
    assert len(m001) == 1 and "95,000" in m001[0].message  # reuse was the Arden's only
