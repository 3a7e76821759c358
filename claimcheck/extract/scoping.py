"""Give every extracted condition its scope: a test, a device, a section or the document.

- a cell of a test-details table (first column "Test") scopes to that row's test;
- a cell of a per-device table scopes to the row's device;
- a per-device condition in prose (license, version, profile, power method,
  load setting, ...) scopes to each device the sentence names;
- other prose scopes to the block's test, else to its section, and under a
  methodology heading ("Test Setup", "Common Test Settings") to the document.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from claimcheck import lazyre
from claimcheck.extract import conditions as cx
from claimcheck.extract.axislabels import condition_of, header_kind
from claimcheck.extract.benchtests import test_of_row
from claimcheck.extract.cuescan import Window
from claimcheck.extract.devices import MentionIndex
from claimcheck.extract.grid import norm_value
from claimcheck.extract.numbers import NUMBER_WORDS_RE, words_to_number
from claimcheck.extract.sentences import split
from claimcheck.ingest.softbreaks import soft_breaks_as_spaces
from claimcheck.models import Block, Condition, Document

PER_DEVICE = {"license_cap", "software_version", "profile", "power_method", "load_setting",
              "interfaces", "hardware", "errors"}  # fmt: skip
# properties of the thing named just before them: a release, hardware, ports
OWN_PROPERTY = {"software_version", "hardware", "interfaces"}
# a product named with a model number ("Brindle 2700C", "Kestrel KX-90") that no device
# mention covers: what a property stated right after it belongs to
OTHER_PRODUCT = lazyre.compile(
    r"(?<![\w-])[A-Z][\w-]{1,20}+[ \t]++(?:[A-Z]{1,4}-?)?+\d{2,5}+[A-Za-z]{0,3}+(?![\w.])"
)
DOCUMENT_SECTIONS = lazyre.compile(
    r"method|setup|set-up|settings|environment|procedure|test bed|testbed|configuration|"
    r"appendix|details|profile|overview|introduction|summary|how we tested|about|process",
    re.IGNORECASE,
)


def scope_for(block: Block, test: str | None) -> str:
    """The scope of a statement in ``block`` (of test ``test``): the test, else the
    block's section, or the document under a methodology-like heading."""
    if test:
        return f"test:{test}"
    if block.section is None or DOCUMENT_SECTIONS.search(block.section):
        return "document"
    return f"section:{block.section}"


def _make(doc: Document, raw: cx.RawCondition, scope: str, block: Block, source: str,
          test: str | None = None, device: str | None = None) -> Condition:  # fmt: skip
    return Condition(name=raw.name, value=raw.value, scope=scope, test=test, device=device,
                     section=block.section, line=doc.position(raw.start)[0], start=raw.start,
                     end=raw.end, text=raw.text, source=raw.origin or source, negated=raw.negated,
                     hedged=raw.hedged)  # fmt: skip


def block_conditions(
    doc: Document,
    block: Block,
    test: str | None,
    mentions: MentionIndex,
    gate_hint: int = -1,
    cues: Window | None = None,
) -> list[Condition]:
    """Conditions stated in one block, scoped (``gate_hint``: the block's mask from
    :func:`claimcheck.extract.conditions.pattern_gate_hints`, -1 when unknown; ``cues``:
    the block's window of the document's cue scan, :func:`cuescan.block_windows`)."""
    if block.table is not None:
        return _table_conditions(doc, block, test, mentions) + _header_conditions(doc, block, test)
    out: list[Condition] = []
    if block.kind == "heading":
        out += _heading_condition(doc, block, test)
    source = "list" if block.kind == "list_item" else "text"
    if block.kind == "code":
        raws = cx.conditions_in_command(block.text, block.start)
        return [_make(doc, r, scope_for(block, test), block, "command", test) for r in raws]
    # the whole block at once: a paragraph that opens on someone else's practice is hedged throughout
    raws = cx.conditions_in_text(soft_breaks_as_spaces(block.text), block.start, gate_hint, cues)
    if not raws:
        return out
    sentences = split(block.text, block.start)
    starts = [s.start for s in sentences]
    previous: dict[tuple[str, int], int] = {}  # (name, sentence) -> end of the last one read
    for raw in raws:
        i = max(0, bisect_right(starts, raw.start) - 1)
        sentence = sentences[i] if sentences else None
        named_here = []
        if raw.owner_named:
            owner = _owner(block.text, block.start, raw.start, mentions.span(block.start, raw.end))
            if owner is not None:  # else a platform's or a tool's release: not a device's
                out.append(_make(doc, raw, f"device:{owner.id}", block, source, test, owner.id))
            continue
        if sentence and (postposed := _postposed_owner(doc.text, raw.end, sentence.end, mentions)):
            # "100 requests per connection for the X and 1 for the Y": X's, whatever it is
            out.append(_make(doc, raw, f"device:{postposed.id}", block, source, test, postposed.id))
            previous[(raw.name, i)] = raw.end
            for gap in _gapped(doc.text, raw, sentence.end, mentions):
                out.append(_make(doc, gap[0], f"device:{gap[1].id}", block, source, test,
                                 gap[1].id))  # fmt: skip
            continue
        if raw.name in PER_DEVICE and sentence:
            named_here = mentions.span(sentence.start, sentence.end)
        # "X ran 12.1.4 and Y ran 9.4.2": a value belongs to the devices named since the
        # sentence's previous value of the same condition, not to every device before it
        since = previous.get((raw.name, i), -1)
        previous[(raw.name, i)] = raw.end
        before = [d for pos, d in named_here if since <= pos < raw.start]
        if (
            named_here
            and not before
            and raw.name in OWN_PROPERTY
            and sentence
            and OTHER_PRODUCT.search(doc.text, sentence.start, raw.start)
        ):
            named_here = []  # "the Brindle 2700C, software 7.51, fed the Falcon": Brindle's
        if named_here:
            named = before or [d for _, d in named_here]
            for d in {d.id: d for d in named}.values():
                out.append(_make(doc, raw, f"device:{d.id}", block, source, test, d.id))
            for value, device in _gapped_after(doc.text, raw, sentence.end, mentions):
                out.append(_make(doc, value, f"device:{device.id}", block, source, test,
                                 device.id))  # fmt: skip
        else:
            out.append(_make(doc, raw, scope_for(block, test), block, source, test))
    return out


# what stands between a setting and the device it is stated for: "... for the X", "..., on each X"
_FOR_DEVICE = lazyre.compile(
    r"(?<![ \t\n])[ \t\n]*+,?[ \t\n]*+(?:[A-Za-z-]{1,15}+[ \t\n]++){0,2}?(?i:for|on)[ \t\n]++(?:(?i:the)[ \t\n]++)?"
)


def _postposed_owner(text: str, end: int, limit: int, mentions: MentionIndex):  # noqa: ANN202
    """The device named right after a condition with "(enabled) for (the)" / "on (the)", or
    None."""
    found = mentions.span(end, min(limit, end + 24))
    if not found:
        return None
    pos, device = found[0]
    return device if _FOR_DEVICE.fullmatch(text, end, pos) else None


# "4,096 simulated users for the X and 1,024 for the Y": the second value of the same
# setting, its unit left out, for the device named right after it; the second clause may
# have words of its own before the value ("..., but we had to lower it to 60,000 for the Y")
GAPPED = frozenset(("load_setting", "requests_per_connection", "concurrency", "interfaces",
                    "hardware"))  # fmt: skip
_GAP_NUMBER = rf"(\d{{1,3}}(?:,\d{{3}})++|\d++|{NUMBER_WORDS_RE.pattern})(?![\d.,]\d)"
_GAP_VALUE = lazyre.compile(
    r"(?<![ \t\n])[ \t\n]*+,?[ \t\n]*+(?:and|while|whereas|but|vs\.?|versus)[ \t\n]++"
    r"(?:[a-z]{1,12}+[ \t\n]++){0,7}?(?:only[ \t\n]++)?"
    rf"{_GAP_NUMBER}[ \t\n]++(?:for|on|with)[ \t\n]++(?:the[ \t\n]++)?",
    re.IGNORECASE,
)
# "X was tested with 512 simulated users and the Y with 1,024", "X had four ports, the Y
# two": a later clause names another device and repeats the setting's value alone
_GAP_AFTER = lazyre.compile(
    r"[ \t\n]{0,8}+(?:with|at|on|to|had|got|used|ran)?[ \t\n]{0,8}+(?<![\d,.])"
    + _GAP_NUMBER
    + r"(?=[ \t\n]*+(?:[.;,)]|$|(?:and|while|but|whereas|respectively)\b))",
    re.IGNORECASE,
)
_GAP_LEAD = lazyre.compile(
    r"[ \t\n]{0,8}+(?:[,;]|(?:,[ \t\n]*+)?(?:and|while|whereas|but))[ \t\n]++(?:(?i:the)[ \t\n]++)?"
)


def _gapped_after(text: str, raw: cx.RawCondition, limit: int, mentions: MentionIndex) -> list:
    """(condition, device) of each later clause of the sentence that names another device
    and gives the same setting's value with its unit left out: "X with 512 simulated
    users and the Y with 1,024"."""
    if raw.name not in GAPPED:
        return []
    out = []
    pos = raw.end
    for _ in range(4):
        lead = _GAP_LEAD.match(text, pos, limit)
        if lead is None:
            break
        mention = mentions.span(lead.end(), min(limit, lead.end() + 2))
        if not mention:
            break
        m = _GAP_AFTER.match(text, _mention_end(text, mention[0][0], limit), limit)
        if m is None:
            break
        value = _with_number(raw.value, _number(m.group(1)))
        if value is None:
            break
        out.append((cx.RawCondition(raw.name, value, m.start(1), m.end(1), m.group(1)),
                    mention[0][1]))  # fmt: skip
        pos = m.end()
    return out


def _number(written: str) -> float | None:
    """The number a gapped value writes in digits or in words."""
    digits = written.replace(",", "")
    number = float(digits) if digits.isdigit() else words_to_number(written)
    return None if number is None else int(number) if number.is_integer() else number


def _gapped(text: str, raw: cx.RawCondition, limit: int, mentions: MentionIndex) -> list:
    """(condition, device) of each value that repeats ``raw``'s setting for another device
    with its unit left out ("... for the X and 1,024 for the Y")."""
    if raw.name not in GAPPED:
        return []
    out = []
    pos = raw.end
    for _ in range(4):  # a few devices in one sentence at most
        mention = mentions.span(pos, min(limit, pos + 60))
        if not mention:
            break
        mention_end = _mention_end(text, mention[0][0], limit)
        m = _GAP_VALUE.match(text, mention_end)
        if m is None:
            break
        after = mentions.span(m.end(), min(limit, m.end() + 40))
        if not after or after[0][0] != m.end():
            break
        value = _with_number(raw.value, _number(m.group(1)))
        if value is None:
            break
        out.append((cx.RawCondition(raw.name, value, m.start(1), m.end(1), m.group(1)),
                    after[0][1]))  # fmt: skip
        pos = m.end()
    return out


def _mention_end(text: str, start: int, limit: int) -> int:
    """The end of the device name that starts at ``start`` (its words up to a blank
    followed by a lower-case word, a comma or the sentence's end)."""
    end = start
    while end < limit and (text[end].isalnum() or text[end] in "-_."):
        end += 1
    while (
        end + 1 < limit
        and text[end] == " "
        and (text[end + 1].isupper() or text[end + 1].isdigit())
    ):
        end += 1
        while end < limit and (text[end].isalnum() or text[end] in "-_."):
            end += 1
    return end


def _with_number(value: object, number: float | None) -> object:
    """``value`` with its number replaced ({"kind": "simusers", "value": 4096} -> 1024,
    {"cores": 8} -> {"cores": 2}, "4x10GbE" -> "2x10GbE")."""
    if number is None:
        return None
    if isinstance(value, dict):
        if isinstance(value.get("value"), int | float):
            return {**value, "value": number}
        numeric = [
            k for k, v in value.items() if isinstance(v, int | float) and not isinstance(v, bool)
        ]
        return {**value, numeric[0]: number} if len(numeric) == 1 and len(value) == 1 else None
    if isinstance(value, str) and (m := re.fullmatch(r"(?<!\d)\d++(x.+)", value)):
        return f"{number}{m.group(1)}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number
    return None


_PHRASE_BREAK = lazyre.compile(r"[,;:()\n]|\b(?:and|or|vs|versus|with|on)\b", re.IGNORECASE)


def _owner(text: str, base: int, at: int, named: list) -> object | None:  # noqa: ANN001
    """The device whose mention opens the noun phrase ending at ``at`` ("Kestrel OS" 7.2)."""
    before = [(pos, d) for pos, d in named if pos <= at]
    if not before:
        return None
    pos, device = before[-1]
    return None if _PHRASE_BREAK.search(text, pos - base, at - base) else device


def _table_conditions(
    doc: Document, block: Block, test: str | None, mentions: MentionIndex
) -> list[Condition]:
    table = block.table
    header = table.header
    out: list[Condition] = []
    if table.kind in ("tool_output", "code"):
        text = doc.text[block.start : block.end]
        raws = cx.conditions_in_command(text, block.start)
        return [_make(doc, r, scope_for(block, test), block, "command", test) for r in raws]
    tests_table = bool(header) and header[0].strip().lower().startswith("test")
    by_column = _devices_by_column(table, mentions)
    if by_column:
        return _transposed_conditions(doc, block, test, by_column)
    for row in table.body:
        row_test = test_of_row(row.cells[0].text) if tests_table and row.cells else None
        found = mentions.span(row.start, row.end)
        device = found[0][1] if found else None
        for ci, cell in enumerate(row.cells[: len(header)]):
            if not cell.text or ci == 0:
                continue
            raw = cx.condition_from_cell(header[ci], cell.text, cell.start, cell.end)
            if raw is None:
                continue
            if row_test:
                out.append(_make(doc, raw, f"test:{row_test}", block, "table", row_test))
            elif device is not None:
                out.append(_make(doc, raw, f"device:{device.id}", block, "table", test, device.id))
            else:
                out.append(_make(doc, raw, scope_for(block, test), block, "table", test))
    return out


# The conditions an axis label states by itself ("1 KB", "c=64", "1024 Connections"):
# a heading or a header cell that is nothing but the condition.
LABEL_CONDITIONS = ("object_size", "concurrency")


def _label_condition(doc: Document, text: str, start: int, end: int, scope: str,
                     block: Block, test: str | None) -> Condition | None:  # fmt: skip
    """The condition a label is, as a fact of ``scope``, or None."""
    found = condition_of(text)
    if found is None or found[0] not in LABEL_CONDITIONS:
        return None
    name, value = found
    raw = cx.RawCondition(name, _label_value(name, value), start, end, text)
    return _make(doc, raw, scope, block, "table", test)


def _label_value(name: str, value: str) -> int | str:
    """A label's condition value: bytes for a size, a count for a concurrency."""
    norm = norm_value(name, value)
    try:
        return int(float(norm))
    except ValueError:
        return norm


def _heading_condition(doc: Document, block: Block, test: str | None) -> list[Condition]:
    """A heading that is a condition ("## 1024 connections", "### 16 KB objects") states it
    for the figures of its section; one that numbers a run ("## Run 2") states runs."""
    text = block.text.strip().lstrip("#").strip()
    start = block.start + block.text.find(text) if text else block.start
    label = condition_of(text)
    if label is not None and label[0] == "run":  # "## Run 2": the report repeated its runs
        raw = cx.RawCondition(
            "runs", {"count": None, "policy": None}, start, start + len(text), text
        )
        return [_make(doc, raw, f"section:{block.section}", block, "text", test)]
    found = _label_condition(doc, text, start, start + len(text), f"section:{block.section}",
                             block, test)  # fmt: skip
    return [found] if found is not None else []


def _header_conditions(doc: Document, block: Block, test: str | None) -> list[Condition]:
    """Header cells that are conditions ("| Payload | 100 bytes | 500 bytes |"): the
    table's; and the runs a table lists ("Run | A | B" over rows 1 to 5)."""
    table = block.table
    if table is None or not table.rows:
        return []
    out = _run_rows(doc, block, test)
    if table.kind in ("tool_output", "code"):
        return out
    for cell in table.rows[0].cells[1:]:
        found = _label_condition(doc, cell.text.strip(), cell.start, cell.end,
                                 scope_for(block, test), block, test)  # fmt: skip
        if found is not None:
            out.append(found)
    return out


def _run_rows(doc: Document, block: Block, test: str | None) -> list[Condition]:
    """A table whose label column is headed "Run" (or "Trial", "Iteration") over two numbered
    rows or more states how many runs were made: a "runs" condition with that count."""
    rows = block.table.rows  # type: ignore[union-attr]
    head = rows[0].cells[0] if rows[0].cells else None
    if head is None or header_kind(head.text.strip()) != "run":
        return []
    count = sum(1 for r in rows[1:] if r.cells and r.cells[0].text.strip().isdigit())
    if count < 2:
        return []
    raw = cx.RawCondition("runs", {"count": count, "policy": None}, head.start, head.end, head.text)
    return [_make(doc, raw, scope_for(block, test), block, "table", test)]


def _devices_by_column(table, mentions: MentionIndex) -> dict[int, object]:  # noqa: ANN001
    """Column -> device for a table whose header names a device over every value column
    while its row labels name none (devices as columns, properties as rows)."""
    if not table.rows or not table.body or len(table.header) < 2:
        return {}
    head = table.rows[0]
    out = {}
    for ci, cell in enumerate(head.cells[1:], start=1):
        found = mentions.span(cell.start, cell.end)
        if not found:
            return {}
        out[ci] = found[0][1]
    if any(mentions.span(r.cells[0].start, r.cells[0].end) for r in table.body if r.cells):
        return {}
    return out


def _transposed_conditions(
    doc: Document, block: Block, test: str | None, by_column: dict[int, object]
) -> list[Condition]:
    """Conditions of a devices-as-columns table: each row label is the property, each
    column's device owns its cell ("Software | 7.1.3 | 12.0.2")."""
    out: list[Condition] = []
    for row in block.table.body:
        if len(row.cells) < 2:
            continue
        label = row.cells[0].text
        for ci, cell in enumerate(row.cells[1:], start=1):
            device = by_column.get(ci)
            if not cell.text or device is None:
                continue
            raw = cx.condition_from_cell(label, cell.text, cell.start, cell.end)
            if raw is not None:
                out.append(_make(doc, raw, f"device:{device.id}", block, "table", test, device.id))
    return out
