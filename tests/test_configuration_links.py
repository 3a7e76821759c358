"""D003 reads a pointer to the configurations in any link form: a URL, an inline Markdown
link, a reference-style link ("[Harrier configuration][harrier-conf]") or a sentence saying
where the listing is ("configured as listed below")."""

from __future__ import annotations

import pytest

from claimcheck import check_text

RESULTS = """The Harrier LB 4.2 served 52,000 requests per second and Brightgate 2.9 served 47,000.
"""


def _no_config(text: str) -> bool:
    return any(
        f.rule == "D003" and "configuration is published" in f.message
        for f in check_text(text, "r.md").findings
    )


@pytest.mark.parametrize(
    "pointer",
    [
        "See the [Harrier configuration][harrier-conf] and the [Brightgate one][bg-conf].\n\n"
        "[harrier-conf]: https://example.org/h.conf\n[bg-conf]: https://example.org/b.conf\n",
        "The Brightgate configuration is at [this page](https://example.org/bg).\n",
        "Both proxies were configured as listed below.\n\n```\nworkers 4;\n```\n",
    ],
)
def test_a_pointer_to_the_configuration_counts(pointer: str) -> None:
    assert not _no_config(RESULTS + "\n" + pointer)


def test_no_pointer_is_reported() -> None:
    assert _no_config(RESULTS + "\nBoth ran on one host.\n")
