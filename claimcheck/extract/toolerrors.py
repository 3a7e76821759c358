"""Failure counts printed in tool output (code blocks and tool-output tables): the error
detector of the condition extractor run on each block's text, plus k6's failed-request
rate ("http_req_failed....: 2.34%"). Read once per document."""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck import lazyre
from claimcheck.extract.conditions.base import Ctx
from claimcheck.extract.conditions.load import errors as error_detector
from claimcheck.models import Block, Document

# k6 summary: "http_req_failed................: 2.34%  ✓ 123  ✗ 5123".
K6_FAILED_RE = lazyre.compile(r"http_req_failed[.\s]*:\s*(\d+(?:\.\d+)?)\s*%")


@dataclass(slots=True)
class ToolError:
    """A failure count above zero in a tool's output: its source span and text."""

    start: int
    end: int
    text: str


def is_tool_block(block: Block) -> bool:
    """A code block or a table of tool output."""
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("tool_output", "code")
    )


def tool_errors(doc: Document) -> dict[int, list[ToolError]]:
    """Per tool block (by index) that counts failures, its counts in source order."""
    out: dict[int, list[ToolError]] = {}
    for bi, block in enumerate(doc.blocks):
        if is_tool_block(block):
            found = _in_output(doc.text[block.start : block.end])
            if found:
                out[bi] = [ToolError(block.start + s, block.start + e, t) for s, e, t in found]
    return out


def _in_output(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each failure count above zero in a tool's output."""
    found = [(r.start, r.end, str(r.value.get("text", ""))) for r in error_detector(Ctx(text))
             if isinstance(r.value.get("count"), int) and r.value["count"] > 0]  # fmt: skip
    found += [(m.start(), m.end(), m.group(0)) for m in K6_FAILED_RE.finditer(text)
              if float(m.group(1)) > 0]  # fmt: skip
    return sorted(found)
