"""Find every run in a document: commands in fences and inline code, tool output, run
statements in sentences and parameter tables; merge a command with the output it printed."""

from __future__ import annotations

import re
from bisect import bisect_left

from claimcheck import lazyre, regexlit
from claimcheck.extract.devices import MentionIndex
from claimcheck.extract.runs.commands import command_runs
from claimcheck.extract.runs.link import link_entities, link_tables
from claimcheck.extract.runs.model import Run
from claimcheck.extract.runs.outputs import output_run
from claimcheck.extract.runs.prose import (
    CONNECTIONS_RE,
    ERRORS_RE,
    TOOL_WORD_RE,
    WARMUP_RE,
    sentence_errors,
    sentence_run,
    table_run,
)
from claimcheck.extract.sentences import split
from claimcheck.models import Block, Document
from claimcheck.textkeys import fold

INLINE_CODE_RE = lazyre.compile(r"`([^`\n]++)`")
# A line where a tool's printed summary begins: several summaries in one fence are split here.
OUTPUT_START_RE = lazyre.compile(
    r"^[ \t]*+(?:Running[ \t]++\S+[ \t]++test[ \t]++@|Bombarding[ \t]|starting[ \t]++benchmark"
    r"|This[ \t]++is[ \t]++ApacheBench|Summary:|Requests[ \t]++\[total)",
    re.MULTILINE,
)
# Lines only a tool's summary has: a paragraph holding one is tried as tool output.
OUTPUT_HINT_RE = lazyre.compile(
    r"^[ \t]*+(?:Requests/sec:|Requests[ \t]per[ \t]second:|finished[ \t]in[ \t]|Reqs/sec[ \t]"
    r"|Latencies[ \t]++\[|http_req_duration\.|summary[ \t]*+=)",
    re.MULTILINE,
)
BLANK_LINE_RE = lazyre.compile(r"\n[ \t]*+\r?\n")
PROSE = ("paragraph", "list_item", "footnote")
# Families whose outputs a command of another name prints (wrk2 prints wrk's summary).
FAMILY = {"wrk2": "wrk", "rewrk": "wrk", "oha": "hey"}


def extract_runs(doc: Document, mentions: MentionIndex) -> list[Run]:
    """Every run of the document, in source order, with its line, section, entity and the
    table rows that report it."""
    runs: list[Run] = []
    pasted = _pasted_output(doc)
    for i, block in enumerate(doc.blocks):
        known = len(runs)
        if i in pasted:
            end = pasted[i]
            if end is not None:  # the first block of a pasted summary: read the whole region
                region = doc.text[block.start : end]
                runs.extend(_code_runs(region, block.start, runs))
        elif _is_code(block):
            text = doc.text[block.start : block.end]
            runs.extend(_code_runs(text, block.start, runs))
        elif block.kind in PROSE:
            runs.extend(_prose_runs(doc, block))
        elif block.table is not None and block.table.kind != "code":
            rows = [[(c.text, c.start, c.end) for c in r.cells] for r in block.table.rows]
            run = table_run(rows, block.start, block.end)
            if run is not None:
                runs.append(run)
        for run in runs[known:]:
            if run.section is None:
                run.section = block.section
    for run in runs:
        run.line = doc.position(run.start)[0]
    link_entities(doc, runs, mentions)
    link_tables(doc, runs, mentions)
    return runs


def _is_code(block: Block) -> bool:
    return block.kind == "code" or (
        block.table is not None and block.table.kind in ("tool_output", "code")
    )


def _pasted_output(doc: Document) -> dict[int, int | None]:
    """Tool summaries pasted without a fence (text from a PDF, a plain-text report): runs of
    blocks with no blank line between them whose text has a line only a summary has. Maps the
    first block of each to the region's end, the others to None."""
    out: dict[int, int | None] = {}
    blocks = doc.blocks
    i = 0
    while i < len(blocks):
        if blocks[i].kind not in PROSE and (blocks[i].table is None or _is_code(blocks[i])):
            i += 1
            continue
        j = i
        while (
            j + 1 < len(blocks)
            and (
                blocks[j + 1].kind in PROSE
                or (blocks[j + 1].table is not None and not _is_code(blocks[j + 1]))
            )
            and BLANK_LINE_RE.search(doc.text, blocks[j].end, blocks[j + 1].start) is None
        ):
            j += 1
        region = doc.text[blocks[i].start : blocks[j].end]
        if "\n" in region and OUTPUT_HINT_RE.search(region):
            printed = output_run(region, blocks[i].start)
            if printed is not None and len(printed.results) + len(printed.errors) >= 2:
                out[i] = blocks[j].end
                out.update((k, None) for k in range(i + 1, j + 1))
        i = j + 1
    return out


def _code_runs(text: str, offset: int, earlier: list[Run]) -> list[Run]:
    """Commands and outputs of one fence (or pasted region) starting at ``offset``: an
    output belongs to the command above it, or to the command of the fence before when that
    one printed nothing here."""
    commands = command_runs(text, offset)
    cuts = sorted({0, len(text)} | {_line_start(text, r.start - offset) for r in commands}
                  | {m.start() for m in OUTPUT_START_RE.finditer(text)})  # fmt: skip
    out: list[Run] = list(commands)
    starts = [r.start - offset for r in commands]
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        result = output_run(text[lo:hi], offset + lo)
        if result is None:
            continue
        # the last command above this output, in this fence or (none here) the fence before
        i = bisect_left(starts, hi)
        owner = commands[i - 1] if i else (earlier[-1] if earlier else None)
        if owner is not None and (owner.source != "command" or owner.results):
            owner = None
        if owner is not None and _same_tool(owner, result):
            _merge(owner, result)
        else:
            out.append(result)
    return out


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _same_tool(command: Run, output: Run) -> bool:
    a = FAMILY.get(command.tool or "", command.tool)
    b = FAMILY.get(output.tool or "", output.tool)
    return a == b


def _merge(command: Run, output: Run) -> None:
    """The output's figures join its command's run; parameters the output prints replace
    the tool's defaults, never what the command says."""
    command.results.update(output.results)
    command.errors.update(output.errors)
    command.total_requests = output.total_requests or command.total_requests
    command.object_size = output.object_size or command.object_size
    command.end = max(command.end, output.end)
    for name in ("connections", "threads", "streams", "pipelining", "duration", "requests"):
        mine, theirs = getattr(command, name), getattr(output, name)
        if theirs is not None and (mine is None or mine.default):
            setattr(command, name, theirs)
    if output.tool == "wrk2":
        command.tool = "wrk2"


def _prose_runs(doc: Document, block: Block) -> list[Run]:
    """Inline commands, run statements and error counts of the sentences of a prose block."""
    out: list[Run] = []
    # the cues' literals are looked up once in the block: a sentence holds only what it holds
    low = block.text.lower()
    code = "`" in block.text
    may_run = _may(TOOL_WORD_RE, block.text, low) or _may(CONNECTIONS_RE, block.text, low)
    may_err = _may(ERRORS_RE, block.text, low)
    for sentence in split(block.text, block.start):
        local = sentence.start - block.start
        commands: list[Run] = []
        if code:
            for m in INLINE_CODE_RE.finditer(block.text, local, local + len(sentence.text)):
                commands.extend(command_runs(m.group(1), block.start + m.start(1)))
        _mark_warmup(sentence.text, sentence.start, commands)
        stated = None
        if not commands and may_run:
            stated = sentence_run(sentence.text, sentence.start)
        errors = sentence_errors(sentence.text, sentence.start) if may_err else {}
        if errors:
            target = stated or (commands[-1] if commands else None)
            if target is None:
                tool = TOOL_WORD_RE.search(sentence.text)
                target = Run(tool=fold(tool.group(1)) if tool else None, source="prose",
                             start=sentence.start, end=sentence.end)  # fmt: skip
            target.errors.update(errors)
            if stated is None and not commands:
                stated = target
        out.extend(commands)
        if stated is not None:
            out.append(stated)
    return out


def _may(rx: re.Pattern[str], text: str, low: str) -> bool:
    """False only when ``rx`` cannot match ``text`` or any part of it (its literals)."""
    return regexlit.gate(rx).possible(text, low)


def _mark_warmup(text: str, start: int, commands: list[Run]) -> None:
    """A command is a warm-up when a warm-up word stands before it and after the command
    before it ("primes it with `wrk -t1 -c8`, then measures with `wrk -t6 -c150`")."""
    prev_end = 0
    for run in commands:
        local = run.start - start
        run.warmup = WARMUP_RE.search(text, prev_end, max(prev_end, local)) is not None
        prev_end = run.end - start
