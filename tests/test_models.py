"""Model behaviour that the memory and speed work must keep: fields sets, equality, copies;
and the slotted facts inside the pipeline (no per-object dict, the same JSON when they leave)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from claimcheck.extract.pipeline import extract_document
from claimcheck.ingest import read_text
from claimcheck.models import (
    AxisLabel,
    Block,
    Cell,
    Claim,
    Device,
    Document,
    Extraction,
    Measurement,
    Mention,
    Operand,
    Quantity,
    Row,
    Table,
    TableGrid,
)

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


class PlainOperand(BaseModel):
    """Operand as a plain pydantic model (own fields set per instance)."""

    model_config = ConfigDict(extra="forbid")
    text: str
    value: float
    unit: str = ""
    start: int
    end: int
    line: int = 0


def test_fields_set_is_what_was_given():
    q = Operand(text="5%", start=0, end=2, value=5.0, unit="percent")
    assert q.model_fields_set == {"text", "start", "end", "value", "unit"}
    assert Operand(text="5", start=0, end=1, value=5.0).model_fields_set == {
        "text",
        "start",
        "end",
        "value",
    }


def test_setting_a_field_does_not_leak_into_other_instances():
    a = Operand(text="5%", start=0, end=2, value=5.0, unit="percent")
    b = Operand(text="7%", start=3, end=5, value=7.0, unit="percent")
    a.line = 1
    assert "line" in a.model_fields_set
    assert "line" not in b.model_fields_set
    assert b.model_dump(exclude_unset=True) == {
        "text": "7%",
        "start": 3,
        "end": 5,
        "value": 7.0,
        "unit": "percent",
    }
    assert a.model_dump(exclude_unset=True)["line"] == 1
    a.line = 2  # a field already set: nothing else changes
    assert a.model_fields_set == {"text", "start", "end", "value", "unit", "line"}
    assert b.model_fields_set == {"text", "start", "end", "value", "unit"}


def test_same_exclude_unset_dump_as_plain_pydantic():
    kwargs = {"text": "1.5", "start": 4, "end": 7, "value": 1.5}
    mine, plain = Operand(**kwargs), PlainOperand(**kwargs)
    assert mine.model_dump(exclude_unset=True) == plain.model_dump(exclude_unset=True)
    mine.line, plain.line = 1, 1
    assert mine.model_dump(exclude_unset=True) == plain.model_dump(exclude_unset=True)


def test_copies_keep_their_own_fields_set():
    a = Claim(kind="ratio", rule="A002", text="x", start=0, end=1, stated="2x")
    b = a.model_copy(update={"status": "consistent"})
    assert b.status == "consistent" and a.status == "unverifiable"
    assert "status" in b.model_fields_set and "status" not in a.model_fields_set
    c = a.model_copy()
    c.message = "m"
    assert "message" not in a.model_fields_set
    assert a.model_copy(deep=True) == a


def test_equality_ignores_sharing():
    a = Measurement(metric="cps", value=1.0, unit="CPS")
    b = Measurement(metric="cps", value=1.0, unit="CPS")
    assert a == b
    b.test = "L4 cps"
    assert a != b
    a.test = "L4 cps"
    assert a == b


def test_nested_facts_dump_and_copy():
    cell = Cell(text="a", start=0, end=1)
    row = Row(cells=[cell], start=0, end=1, is_header=True)
    table = Table(kind="pipe", rows=[row])
    block = Block(kind="table", start=0, end=1, text="a", table=table)
    assert block.model_dump() == {
        "kind": "table",
        "start": 0,
        "end": 1,
        "text": "a",
        "level": 0,
        "section": None,
        "table": {
            "kind": "pipe",
            "rows": [
                {
                    "cells": [{"text": "a", "start": 0, "end": 1}],
                    "start": 0,
                    "end": 1,
                    "is_header": True,
                }  # fmt: skip
            ],
            "tool": None,
        },
    }
    assert block.model_dump(mode="json") == block.model_dump()
    copy = block.model_copy(update={"section": "Results"})
    assert copy.section == "Results" and block.section is None and copy.table is table
    assert copy.model_copy(update={"section": None}) == block
    with pytest.raises(TypeError):
        Cell(text="a", start=0, end=1, extra=1)  # type: ignore[call-arg]


FACTS = [Cell, Row, Table, Block, Document, Quantity, Mention, AxisLabel]


@pytest.mark.parametrize("cls", FACTS, ids=lambda c: c.__name__)
def test_pipeline_facts_are_slotted(cls):
    """The numerous facts carry no per-object dict and take no attribute they do not declare."""
    assert "__dict__" not in dir(cls) and cls.__slots__
    obj = {
        Cell: lambda: Cell(text="a", start=0, end=1),
        Row: lambda: Row(cells=[], start=0, end=1),
        Table: lambda: Table(kind="pipe", rows=[]),
        Block: lambda: Block(kind="paragraph", start=0, end=1, text="a"),
        Document: lambda: Document(name="a", text="a"),
        Quantity: lambda: Quantity(text="5", start=0, end=1, value=5.0),
        Mention: lambda: Mention(text="a", start=0, end=1),
        AxisLabel: lambda: AxisLabel(label="a", kind="entity"),
    }[cls]()
    with pytest.raises(AttributeError):
        obj.surplus = 1  # type: ignore[attr-defined]


def test_slotted_facts_leave_as_the_models_did():
    """Mentions and axis labels serialize inside devices and grids as the models they were
    (same keys in the same order), validate back, and pass into a model unchanged."""
    mention = Mention(text="Box A", start=3, end=8, line=2)
    device = Device(id="box-a", name="Box A", mentions=[mention])
    assert device.mentions[0] is mention
    assert device.model_dump_json() == (
        '{"id":"box-a","name":"Box A","vendor":null,"family":null,"model":null,'
        '"version":null,"aliases":[],"mentions":[{"text":"Box A","start":3,"end":8,"line":2}],'
        '"kind":null}'
    )
    assert Device.model_validate(device.model_dump()) == device
    label = AxisLabel(label="p99", kind="statistic", statistic="p99", line=4)
    grid = TableGrid(line=3, orientation="rows", rows=[label])
    assert grid.model_dump(mode="json")["rows"] == [
        {
            "label": "p99",
            "kind": "statistic",
            "metric": None,
            "unit": "",
            "statistic": "p99",
            "condition": None,
            "line": 4,
        }  # fmt: skip
    ]
    assert TableGrid.model_validate_json(grid.model_dump_json()) == grid


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.md"))[:6], ids=lambda p: p.name)
def test_extraction_round_trips(path):
    """Every model built on the way validates back to an equal object."""
    doc = read_text(path.read_text(encoding="utf-8"), path.name)
    ex = extract_document(doc)
    assert type(ex).model_validate(ex.model_dump()) == ex.model_copy(
        update={"quantities": [], "index": None}
    )
    assert type(ex).model_validate_json(ex.model_dump_json()) == ex.model_copy(
        update={"quantities": [], "index": None}
    )
    for q in ex.quantities:
        assert Quantity(**q.model_dump()) == q


def _slow_header(table: Table) -> list[str]:
    heads = [r for r in table.rows if r.is_header]
    cols = [""] * max((len(r.cells) for r in heads), default=0)
    for row in heads:
        for i, cell in enumerate(row.cells):
            cols[i] = (cols[i] + " " + cell.text).strip()
    return cols


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.*")), ids=lambda p: p.name)
def test_table_header_and_body_match_the_rows(path):
    doc = read_text(path.read_text(encoding="utf-8"), path.name)
    for block in doc.blocks:
        table = block.table
        if table is None:
            continue
        for _ in range(2):  # computed, then cached
            assert table.header == _slow_header(table)
            assert table.body == [r for r in table.rows if not r.is_header]
        table.header.append("x")  # callers get their own lists
        table.body.clear()
        assert table.header == _slow_header(table)
        assert table.body == [r for r in table.rows if not r.is_header]
        assert table.model_copy() == table
        assert "_parts_cache" not in table.model_dump()


def test_table_copy_with_other_rows_recomputes():
    head = Row(cells=[Cell(text="Device", start=0, end=6)], start=0, end=6, is_header=True)
    row = Row(cells=[Cell(text="A", start=7, end=8)], start=7, end=8)
    table = Table(kind="pipe", rows=[head, row])
    assert table.header == ["Device"] and table.body == [row]
    other = table.model_copy(update={"rows": [row]})
    assert other.header == [] and other.body == [row]
    assert table.header == ["Device"]


def test_model_dicts_share_their_keys_and_keep_their_order():
    """Each model keeps its fields in a dict whose key table is shared with like models:
    the same mapping, in field order, smaller than a dict of its own on CPython."""
    m = Measurement(metric="cps", value=1.0, unit="CPS", conditions={"tls": "1.3"})
    assert list(m.__dict__) == list(Measurement.model_fields)
    assert m.model_dump() == {**dict.fromkeys(Measurement.model_fields), **m.model_dump()}
    if sys.implementation.name == "cpython":
        assert sys.getsizeof(m.__dict__) < sys.getsizeof(dict(m.__dict__))
    copy = m.model_copy(update={"test": "L4 cps"})
    m.device = "box-a"
    assert (m.device, m.test, copy.device, copy.test) == ("box-a", None, None, "L4 cps")
    assert "device" in m.model_fields_set and "device" not in copy.model_fields_set
    assert Measurement.model_validate_json(m.model_dump_json()) == m


def test_setting_what_is_not_a_field_fails_as_in_pydantic():
    m = Measurement(metric="cps", value=1.0, unit="CPS")
    with pytest.raises(ValueError, match="has no field"):
        m.surplus = 1
    ex = Extraction()
    ex._facts = "cached"  # a private attribute still works
    assert ex._facts == "cached" and "_facts" not in ex.model_dump()
