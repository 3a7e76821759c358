"""The collector pause restores the collector's state, also on error and when nested."""

from __future__ import annotations

import gc

import pytest

from claimcheck import gcpause
from claimcheck.api import check_text


def test_paused_restores_enabled_state() -> None:
    assert gc.isenabled()
    with gcpause.paused():
        assert not gc.isenabled()
        with gcpause.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one paused
    assert gc.isenabled()


def test_paused_restores_on_error() -> None:
    with pytest.raises(ValueError), gcpause.paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_paused_keeps_a_disabled_collector_disabled() -> None:
    gc.disable()
    try:
        with gcpause.paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_checking_leaves_the_collector_running() -> None:
    check_text("The Vellory VX-40 served 120,000 requests per second.\n", name="tiny.md")
    assert gc.isenabled()
