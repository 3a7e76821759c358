"""C001's repeated sentence: a repeat is the same statement said twice, not parallel list
items that each name their own subject and then say the same thing. Invented texts."""

from __future__ import annotations

import claimcheck


def c001_lines(text: str) -> list[int]:
    """Lines of the C001 findings on a Markdown text."""
    result = claimcheck.check_text(text, config=claimcheck.api.Config())
    return sorted(f.line for f in result.findings if f.rule == "C001")


def test_settings_that_share_a_value_are_parallel_items() -> None:
    text = (
        "## Client settings\n\n"
        "- **dial_timeout**: How long the client waits to connect. The value in our runs is 4 seconds.\n"
        "- **body_timeout**: How long the client waits for a body. The value in our runs is 4 seconds.\n"
        "- **retries**: How often a request is retried. The value in our runs is 2 attempts.\n"
    )
    assert c001_lines(text) == []


def test_changelog_items_naming_different_plugins_are_parallel() -> None:
    text = (
        "## Changes\n\n"
        "- **Throttle**: Shared storage settings. The cache backend now reads one common schema used by all of the plugins.\n\n"
        "- **Auth Keys**: Shared storage settings. The cache backend now reads one common schema used by all of the plugins.\n"
    )
    assert c001_lines(text) == []


def test_a_list_item_copied_whole_is_a_repeat() -> None:
    text = (
        "## Results\n\n"
        "- The Brightgate kept 9.4 Gbps of inspected traffic while the Harrier LB fell to 6.1 Gbps.\n"
        "- The Brightgate kept 9.4 Gbps of inspected traffic while the Harrier LB fell to 6.1 Gbps.\n"
    )
    assert c001_lines(text) == [4]


def test_a_sentence_repeated_inside_one_paragraph_is_a_repeat() -> None:
    text = (
        "## Results\n\n"
        "The Brightgate kept 9.4 Gbps of inspected traffic while the Harrier LB fell to 6.1 Gbps. "
        "The Brightgate kept 9.4 Gbps of inspected traffic while the Harrier LB fell to 6.1 Gbps.\n"
    )
    assert c001_lines(text) == [3]
