"""The output options of ``claimcheck check``: formats and where each goes, colour, source
context, statistics, quiet, and the exit status they lead to.

Kept apart from :mod:`claimcheck.cli` (which parses the rest) so each can grow alone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO

from claimcheck.errors import ClaimcheckError

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
TEXT_FORMATS = ("text",)

CHECK_EPILOG = """\
output formats (--format FORMAT[:FILE], repeatable; without FILE to standard output):
  text      one finding a line, path:line:col (path:page:line:col for PDF pages);
            on a terminal with colour and the source line, a caret under the span
  json      {"version", "findings", "errors"}; PDF findings add page and page_line
  sarif     SARIF 2.1.0 for GitHub code scanning and other viewers
  github    GitHub Actions workflow commands (annotations on the diff)
  markdown  a summary table for a job summary or a review comment
  html      one standalone page: the findings and the report with them marked

exit status:
  0  no finding at or above --fail-on (default: error), or --exit-zero
  1  a finding at or above --fail-on
  2  an input could not be read, a suppression names an unknown rule, or the
     configuration or the command line is invalid

colour: on when standard output is a terminal; NO_COLOR=1 turns it off,
FORCE_COLOR=1 turns it on in a pipe, --color always|never decides outright.

examples:
  claimcheck check report.md
  claimcheck check docs/reports --select A,M --ignore S008 --fail-on warning
  claimcheck check docs/reports --format sarif:claimcheck.sarif --format markdown:summary.md
  claimcheck check report.pdf --format json --output-file findings.json
  claimcheck check docs/reports --statistics --exit-zero
  claimcheck check docs/reports --write-baseline claimcheck-baseline.json
  claimcheck check docs/reports --baseline claimcheck-baseline.json
"""


def format_spec(formats: tuple[str, ...]):  # noqa: ANN201
    """An argparse ``type`` for ``FORMAT[:FILE]`` among ``formats``: (format, file or None)."""

    def parse(value: str) -> tuple[str, str | None]:
        name, sep, file = value.partition(":")
        if name not in formats:
            raise argparse.ArgumentTypeError(
                f"invalid choice: {name!r} (choose from {', '.join(formats)})"
            )
        if sep and not file:
            raise argparse.ArgumentTypeError(f"no file name after {name}: in {value!r}")
        return name, file or None

    return parse


def add_output_options(c: argparse.ArgumentParser) -> None:
    """``--output-file``, ``--statistics``, ``--quiet``, ``--exit-zero``, ``--color`` and
    ``--show-source`` on the ``check`` parser (``--format`` is declared beside it)."""
    c.add_argument("--output-file", "-o", metavar="FILE",
                   help="write the output to FILE instead of standard output (a --format "
                        "without a file of its own goes there)")  # fmt: skip
    c.add_argument("--statistics", action="store_true",
                   help="in the text format, print the number of findings per rule instead "
                        "of the findings")  # fmt: skip
    c.add_argument("--quiet", "-q", action="store_true",
                   help="print the findings only: no summary line, no progress bar")  # fmt: skip
    c.add_argument("--exit-zero", action="store_true",
                   help="exit 0 even when findings reach --fail-on (2 for unreadable "
                        "input still)")  # fmt: skip
    c.add_argument("--color", "--colour", choices=("auto", "always", "never"), default="auto",
                   help="colour the text output: auto (default) on a terminal unless NO_COLOR "
                        "is set, or when FORCE_COLOR is set")  # fmt: skip
    source = c.add_mutually_exclusive_group()
    source.add_argument("--show-source", dest="show_source", action="store_true", default=None,
                        help="show each finding's source line with a caret under it (the "
                             "default on a terminal)")  # fmt: skip
    source.add_argument("--no-show-source", dest="show_source", action="store_false",
                        help="one line per finding, also on a terminal")  # fmt: skip


def outputs(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """(format, file) pairs to write; file None is standard output (or --output-file).
    A usage error when two formats would share standard output."""
    specs = list(getattr(args, "format", None) or [("text", None)])
    default = getattr(args, "output_file", None)
    out = [(fmt, file or default) for fmt, file in specs]
    to_stdout = [fmt for fmt, file in out if file is None]
    if len(to_stdout) > 1:
        raise ClaimcheckError(
            f"--format {' and '.join(to_stdout)} would both write to standard output: "
            "give each but one a file (--format FORMAT:FILE)"
        )
    return out


def render(result, fmt: str, args: argparse.Namespace, stream: IO[str] | None, format_other) -> str:  # noqa: ANN001
    """The result in ``fmt``; ``stream`` is the terminal-or-pipe it goes to (None: a file)."""
    if fmt not in TEXT_FORMATS:
        return format_other(fmt)
    from claimcheck.report import terminal

    colour = stream is not None and terminal.use_colour(stream, args.color)
    quiet = getattr(args, "quiet", False)
    if getattr(args, "statistics", False):
        return terminal.format_statistics(result, colour=colour, summary=not quiet)
    source = getattr(args, "show_source", None)
    if source is None:
        source = stream is not None and _isatty(stream)
    return terminal.format_findings(result, colour=colour, source=source, summary=not quiet)


def emit(result, args: argparse.Namespace, format_other) -> None:  # noqa: ANN001
    """Write every requested output; ``format_other(fmt)`` formats the non-text ones."""
    for fmt, file in outputs(args):
        if file is None:
            print(render(result, fmt, args, sys.stdout, format_other))
            continue
        text = render(result, fmt, args, None, format_other)
        try:
            Path(file).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise ClaimcheckError(f"cannot write {fmt} output to {file}: {exc.strerror}") from None


def exit_status(result, args: argparse.Namespace, fail_on) -> int:  # noqa: ANN001
    """2 for input errors, 0 with ``--exit-zero``, else 1 when a finding reaches ``fail_on``
    (a level, or a function giving the level in force for a finding's path)."""
    from claimcheck.models import SEVERITY_RANK

    if result.errors:
        return EXIT_ERROR
    if getattr(args, "exit_zero", False):
        return EXIT_OK
    level = fail_on if callable(fail_on) else (lambda _path: fail_on)
    failed = any(SEVERITY_RANK[f.severity] >= SEVERITY_RANK[level(f.path)] for f in result.findings)
    return EXIT_FINDINGS if failed else EXIT_OK


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def add_suppression_options(c: argparse.ArgumentParser) -> None:
    """``--report-unused-suppressions``, ``--baseline`` and ``--write-baseline``."""
    c.add_argument("--report-unused-suppressions", action="store_true",
                   help="report suppression comments that silenced no finding, as U001 "
                        "unused-suppression warnings (like ruff's RUF100)")  # fmt: skip
    c.add_argument("--baseline", metavar="FILE",
                   help="hide the findings recorded in this baseline file (matched by rule "
                        "and the finding's text, not its line: PDFs and moved lines work)")  # fmt: skip
    c.add_argument("--write-baseline", metavar="FILE",
                   help="record every finding of this run in a baseline file (then hidden: "
                        "the run exits 0 unless an input could not be read)")  # fmt: skip


def apply_suppression_options(result, args: argparse.Namespace) -> list[str]:  # noqa: ANN001
    """Add unused-suppression findings, write or apply the baseline (``result`` in place);
    returns the notes for standard error."""
    notes = []
    if getattr(args, "report_unused_suppressions", False) and result.unused_suppressions:
        order: dict[str, int] = {}
        for f in [*result.findings, *result.unused_suppressions]:
            order.setdefault(f.path, len(order))
        merged = [*result.findings, *result.unused_suppressions]
        result.findings[:] = sorted(merged, key=lambda f: (order[f.path], f.line, f.column))
    from claimcheck import baseline

    written = getattr(args, "write_baseline", None)
    if written:
        n = baseline.write(result, written)
        notes.append(f"wrote {n} finding{'s' if n != 1 else ''} to the baseline {written}")
        hidden = baseline.load(written).apply(result)
    elif getattr(args, "baseline", None):
        hidden = baseline.load(args.baseline).apply(result)
        if hidden and not getattr(args, "quiet", False):
            notes.append(
                f"{hidden} finding{'s' if hidden != 1 else ''} in the baseline {args.baseline} "
                "not shown"
            )
    return notes
