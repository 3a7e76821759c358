"""Software releases written next to a name anywhere in a report, prose or code: "NGINX
1.25.3", "Envoy(1.22.8)", "Server version: Apache/2.2.22", "image: haproxy:2.8.3",
"traefik_v3.0.0-rc1". A rule asks whether a name is ever given a release, and whether the
report gives any release at all; ``version_key`` reads a release string as numbers and
suffix, so two statements of one release compare equal."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.device import NOT_PRODUCT_NAMES
from claimcheck.units import in_unit_table

# a name, a separator a release follows ("/", ":", "(", "@", "-", "_", a blank, "v",
# "version"), then the release: "Apache/2.2.22", "nginx:1.25", "Caddy (v2.7.6)"
NAME_RELEASE_RE = lazyre.compile(
    r"(?<![\w.-])(?P<name>[A-Za-z][A-Za-z0-9+]{1,30}+(?:-[A-Za-z][A-Za-z0-9+]{0,20}+){0,3}+)(?P<sep>[ ]?+[(/:@\[][ ]?+|[-_]|[ ])"
    r"(?P<mark>v|version[ ]|release[ ])?(?P<v>\d{1,4}(?:\.\d{1,4}){1,3})(?![A-Za-z0-9]|\.\d)",
    re.IGNORECASE,
)

_NEXT_WORD_RE = lazyre.compile(r"[ \t]?+([^\s,;:()]{1,12})")
# a name as a link, then its release: "`eventlet <http://...>`_ 0.9.16", "[Caddy](https://...) 2.7"
LINKED_RELEASE_RE = lazyre.compile(
    r"(?:`|\[)(?P<name>[A-Za-z][\w+-]{1,30}+)[ ]*+(?:<[^>\s]{1,200}+>`_|\]\([^)\s]{1,200}+\))"
    r"[ ]++v?(?P<v>\d{1,4}(?:\.\d{1,4}){1,2})(?![\w]|\.\d)"
)
# a name, then a template that the published page fills with the release: "Pants |release|",
# "Istio {{< istio_release_name >}}", "Kong {{ version }}", "envoy ${ENVOY_VERSION}"
PLACEHOLDER_RELEASE_RE = lazyre.compile(
    r"(?<![\w.-])(?P<name>[A-Za-z][\w+-]{1,30}+)(?:[ ]*+<[^>\s]{1,200}+>)?+(?:`_)?+[ ]++(?:\|(?:release|version)\||\{\{[<%]?[ ]*+"
    r"[\w.]{0,30}?(?:release|version)[\w.]{0,30}+[ ]*+[>%]?\}\}|\$\{?[A-Z_]{0,30}?VERSION\}?)",
    re.IGNORECASE,
)


# words of a download link before its release ("releases/download/v3.0.0/..."): no product
URL_WORDS = frozenset({"download", "downloads", "releases", "release", "tag", "tags", "archive",
                       "refs", "dist", "v"})  # fmt: skip


def written_releases(text: str) -> dict[str, int]:
    """Lower-cased name -> offset of its first release in ``text``. A two-part number after
    a blank counts only after a capitalised name ("Caddy 2.7", not "by 1.5"); document
    parts and protocols ("Table 2.1", "HTTP/1.1", "TLS 1.3") are not software."""
    out: dict[str, int] = {}
    for m in NAME_RELEASE_RE.finditer(text):
        name = m.group("name")
        low = name.lower()
        if low in NOT_PRODUCT_NAMES or low in out or low.rstrip("v") in NOT_PRODUCT_NAMES:
            continue
        if low in URL_WORDS:
            continue
        if in_unit_table(name):
            continue  # "Req/Sec 235.04": a column of figures
        parts = m.group("v").split(".")
        if len(parts) == 4 and all(int(p) < 256 for p in parts):
            continue  # "host 10.0.0.1": an address
        plain = m.group("sep").strip() == "" and not m.group("mark")
        if plain and m.group("v").count(".") < 2 and not name[0].isupper():
            continue
        unit = _NEXT_WORD_RE.match(text, m.end())
        if unit is not None and in_unit_table(unit.group(1)):
            continue  # "Xeon 2.4 GHz": a quantity, not a release
        out[low] = m.start()
    for rx in (LINKED_RELEASE_RE, PLACEHOLDER_RELEASE_RE):
        for m in rx.finditer(text):
            low = m.group("name").lower()
            if low not in NOT_PRODUCT_NAMES:
                out.setdefault(low, m.start())
    return out


# a version string in parts: runs of digits, runs of letters, single other characters
_VERSION_PART = lazyre.compile(r"\d++|[a-z]++|[^\da-z]")


def version_key(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(release numbers, build or hotfix suffix) of a version string.

    The release is the run of numbers joined by dots or parentheses after any leading
    letters; whatever follows (a hyphen, a word such as Build, HF or patch) is the
    suffix: "11.2.1-HF1" -> ((11, 2, 1), (hf, 1)); "A5(2.1)" -> ((5, 2, 1), ());
    "A1.3" and "A.1.3" -> ((1, 3), ()); "10.1 Build 120.13" -> ((10, 1), (build, 120, 13)).
    """
    parts = _VERSION_PART.findall(text.lower())
    i = next((k for k, p in enumerate(parts) if p.isdigit()), len(parts))
    release: list[str] = []
    while i < len(parts) and parts[i].isdigit():
        release.append(parts[i])
        i += 1
        dotted = i + 1 < len(parts) and parts[i] in ".()" and parts[i + 1].isdigit()
        if dotted or (i < len(parts) and parts[i] == ")"):
            i += 1
    suffix = tuple(p for p in parts[i:] if p.isalnum())
    return tuple(release), suffix
