"""Paraphrase probes (tests/probes/*.toml): each must keep the verdict it has now.

A probe passes when its rule fires on a ``bad`` text and stays silent on a ``good``
one. Probes that claimcheck does not yet handle carry ``gap = "<missing mechanism>"``
and run as strict xfails: when a change fixes one, the test fails until the ``gap`` is
removed, and when a change breaks a passing one, it fails outright.
"""

from __future__ import annotations

import pytest
from probes import Probe, fired, load

PROBES = load("all")


def _param(probe: Probe):  # noqa: ANN202
    marks = [pytest.mark.xfail(strict=True, reason=probe.gap)] if probe.gap else []
    return pytest.param(probe, id=probe.id, marks=marks)


def test_probe_ids_unique():
    ids = [p.id for p in PROBES]
    assert len(ids) == len(set(ids))


def test_every_rule_has_probes():
    counts: dict[tuple[str, str], int] = {}
    for probe in PROBES:
        if not probe.fresh:
            counts[probe.rule, probe.kind] = counts.get((probe.rule, probe.kind), 0) + 1
    rules = {rule for rule, _ in counts}
    assert len(rules) == 35
    assert all(counts.get((rule, kind), 0) >= 3 for rule in rules for kind in ("bad", "good"))


@pytest.mark.parametrize("probe", [_param(p) for p in PROBES])
def test_probe(probe: Probe):
    codes = fired(probe)
    if probe.kind == "bad":
        assert probe.rule in codes, probe.why
    else:
        assert probe.rule not in codes, probe.why
