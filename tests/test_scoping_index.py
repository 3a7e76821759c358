"""The extractors' device-mention index answers as devices.devices_in_span."""

from __future__ import annotations

from pathlib import Path

from claimcheck.extract import devices as dv
from claimcheck.extract.devices import MentionIndex, extract_devices
from claimcheck.ingest import read_text

ROOT = Path(__file__).resolve().parent.parent


def test_mention_index_matches_devices_in_span() -> None:
    checked = 0
    for path in sorted((ROOT / "corpus").iterdir()):
        if path.suffix not in (".md", ".txt"):
            continue
        doc = read_text(path.read_text(encoding="utf-8"), path.name)
        devices = extract_devices(doc)
        index = MentionIndex(devices)
        spans = [(b.start, b.end) for b in doc.blocks]
        spans += [(m.start, m.end) for d in devices for m in d.mentions]
        spans += [(0, len(doc.text)), (5, 5), (len(doc.text), len(doc.text) + 9)]
        for start, end in spans:
            expected = dv.devices_in_span(devices, start, end)
            assert index.span(start, end) == expected
            checked += bool(expected)
    assert checked > 50
