"""Command line: argument parsing only; the work is done by the API."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from claimcheck.cli_output import (
    CHECK_EPILOG,
    add_output_options,
    add_suppression_options,
    format_spec,
)
from claimcheck.errors import ClaimcheckError

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
FORMATS = ("text", "json")
CHECK_FORMATS = (*FORMATS, "sarif", "github", "markdown", "html")


MAIN_EPILOG = """\
exit status: 0 clean, 1 findings at or above --fail-on, 2 unreadable input or
invalid configuration or usage ('claimcheck check --help' has the details).

examples:
  claimcheck check report.md docs/reports
  claimcheck check report.pdf --format json --output-file findings.json
  claimcheck extract report.md --format text
  claimcheck explain A001
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="claimcheck",
        description="Check the claims in performance reports.",
        epilog=MAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser(
        "check",
        help="check reports and print findings",
        description="Check reports (Markdown, text, HTML, PDF) and print the findings.",
        epilog=CHECK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    c.add_argument("paths", nargs="+", metavar="PATH",
                   help="a report file, or a directory searched for .md, .markdown, .txt, "
                        ".text, .rst, .html, .htm and .pdf files")  # fmt: skip
    c.add_argument("--format", action="append", type=format_spec(CHECK_FORMATS),
                   metavar="FORMAT[:FILE]",
                   help=f"output format, one of {', '.join(CHECK_FORMATS)} (default: text); "
                        "repeat it to write several in one run, each but one to a FILE")  # fmt: skip
    c.add_argument("--select", help="comma-separated rule codes or prefixes to run")
    c.add_argument("--ignore", help="comma-separated rule codes or prefixes to skip")
    c.add_argument("--fail-on", choices=("error", "warning", "info"), default=None,
                   help="lowest severity that makes the exit status 1 (default: error)")  # fmt: skip
    c.add_argument("--rules-dir", action="append", default=[], help="extra rule files")
    c.add_argument("--config",
                   help="one config file (pyproject.toml or .claimcheck.toml) for every file; "
                        "without it each file uses the nearest config above it")  # fmt: skip
    c.add_argument("--jobs", "-j", type=_jobs, default=1, metavar="N",
                   help="check files in N worker processes, at most one per CPU (default: 1)")  # fmt: skip
    c.add_argument("--max-file-size", type=_size, default=None, metavar="SIZE",
                   help="skip (as an error) reports larger than this, e.g. 200MB (default: 50MB)")  # fmt: skip
    _add_input_options(c)
    add_output_options(c)
    add_suppression_options(c)
    e = sub.add_parser("extract", help="print the facts found in a report")
    e.add_argument("path", metavar="PATH", help="the report file to read")
    e.add_argument("--format", choices=FORMATS, default="json",
                   help="json (default) or a readable text summary")  # fmt: skip
    e.add_argument("--max-file-size", type=_size, default=None, metavar="SIZE",
                   help="refuse reports larger than this, e.g. 200MB (default: 50MB)")  # fmt: skip
    r = sub.add_parser("rules", help="list every rule")
    r.add_argument("--rules-dir", action="append", default=[], help="extra rule files")
    v = sub.add_parser(
        "eval", help="accuracy on an annotated corpus (precision, recall, F1 per rule)"
    )
    v.add_argument("corpus", metavar="DIR",
                   help="a folder of reports annotated with <!-- expect: CODE --> markers")  # fmt: skip
    v.add_argument("--format", choices=("text", "markdown"), default="text",
                   help="text (default) or a Markdown table")  # fmt: skip
    x = sub.add_parser("explain", help="show one rule's docs and examples")
    x.add_argument("code", metavar="CODE", help="a rule code (A001) or name (percent-delta)")
    x.add_argument("--rules-dir", action="append", default=[],
                   help="extra rule files, so that your own rules can be explained too")  # fmt: skip
    x.add_argument("--config", help="config file whose rules-dir to read as well")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``claimcheck`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except ClaimcheckError as exc:
        print(_stderr_lines(f"error: {exc}"), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        sys.stderr.close()
        return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    from claimcheck import api

    if args.command == "check":
        return _run_check(args, api.settings(args.config))
    if args.command == "extract":
        facts = api.extract_facts(Path(args.path), max_file_size=args.max_file_size)
        if args.format == "json":
            from claimcheck.report.json import format_store

            print(format_store(facts))
        else:
            from claimcheck.report.text import format_extraction

            print(format_extraction(facts.extraction))
        return EXIT_OK
    if args.command == "rules":
        for r in api.rules(args.rules_dir):
            print(f"{r.code}  {r.name:<22} {r.severity:<8} {r.summary}")
        return EXIT_OK
    if args.command == "eval":
        from claimcheck.evaluation import main as eval_main

        return eval_main([args.corpus, "--format", args.format])
    if args.command == "explain":
        return _explain(args.code, args.rules_dir, args.config)
    return EXIT_ERROR


def _run_check(args: argparse.Namespace, cfg) -> int:  # noqa: ANN001
    """``claimcheck check``: check, write every output asked for, return the exit status."""
    from claimcheck.cli_output import apply_suppression_options, emit, exit_status, outputs
    from claimcheck.config import DEFAULT_FAIL_ON

    outputs(args)  # a usage mistake in --format stops the run before any file is read
    result = _check_inputs(args, cfg)
    for note in apply_suppression_options(result, args):
        print(_stderr_lines(note), file=sys.stderr)
    emit(result, args, lambda fmt: _format_check(result, args, cfg, fmt))
    for err in result.errors:
        print(_stderr_lines(f"{err.path}: {err.message}"), file=sys.stderr)
    per_file = _fail_on_per_file(args, cfg)
    return exit_status(result, args, lambda path: per_file(path) or DEFAULT_FAIL_ON)


def _stderr_lines(message: str) -> str:
    """``message`` for stderr: every line starts with ``claimcheck: `` and has its control
    characters escaped, so neither a file name nor report text can forge a line (GitHub
    reads ``::error::`` workflow commands from stderr too). A rule error's source line and
    caret keep their alignment: both get the same prefix."""
    from claimcheck.report.escape import printable

    return "\n".join(f"claimcheck: {printable(line)}" for line in message.split("\n"))


class _VersionAction(argparse.Action):
    """``--version``: reads the installed metadata only when asked (importlib.metadata
    costs a check's start-up tens of milliseconds)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # noqa: ANN001
        parser._print_message(f"claimcheck {_version()}\n", sys.stdout)
        parser.exit()


def _version() -> str:
    from claimcheck._version import version

    return version()


def _jobs(value: str) -> int:
    n = int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of jobs, got {value!r}")
    return n


def _size(value: str) -> int:
    from claimcheck.ingest.source import parse_size

    try:
        return parse_size(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    import os

    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return max(os.cpu_count() or 1, 1)


PROGRESS_MIN_FILES = 20  # a progress bar only for batches larger than this


def _check(args: argparse.Namespace, cfg):  # noqa: ANN001, ANN202
    """Run the check: in-process, or on a process pool with ``--jobs N``; a bar on a terminal.

    The pool forks before the files are found, so that its workers import and compile
    (:func:`claimcheck.workers.warm`) while this process walks the folders."""
    jobs = min(getattr(args, "jobs", 1), usable_cpus())
    pool = None
    if jobs > 1:
        from claimcheck import workers

        named = workers.named_files(args.paths)
        jobs = min(jobs, named) if named is not None else jobs
        pool = workers.warm_pool(jobs) if jobs > 1 else None
    from claimcheck import api

    opts = {
        "select": args.select,
        "ignore": args.ignore,
        "rules_dir": args.rules_dir,
        "max_file_size": getattr(args, "max_file_size", None),
        **_discovery_options(args),
    }
    paths = [p for p in args.paths if p != "-"]
    bar = None
    quiet = getattr(args, "quiet", False)
    if sys.stderr.isatty() and not quiet:
        walk = {k: opts[k] for k in _discovery_options(args) if k != "config"}
        files, _ = api.expand_paths(paths, config=args.config, walk=api.WalkOptions(**walk))
        if len(files) > PROGRESS_MIN_FILES:
            bar = _progress_bar(len(files))
    try:
        if pool is None and bar is None:
            return api.check(paths, **opts)
        return api.check_many(paths, pool, progress=bar, **opts)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()


# -- what to check: paths, globs, standard input, exclusions, configs -----------------


def _add_input_options(c: argparse.ArgumentParser) -> None:
    """The options that say which files ``check`` reads and which config each one uses."""
    c.add_argument("--stdin-filename", metavar="NAME",
                   help="the name of the report read from standard input (PATH '-'): its "
                   "suffix picks the reader, and its folder the config")  # fmt: skip
    c.add_argument("--exclude", action="append", metavar="PATTERNS",
                   help="comma-separated gitignore-style patterns to skip, in place of the "
                   "configs' 'exclude' (relative to the working directory)")  # fmt: skip
    c.add_argument("--extend-exclude", action="append", default=[], metavar="PATTERNS",
                   help="patterns to skip besides the configs' 'exclude'")  # fmt: skip
    c.add_argument("--respect-gitignore", dest="respect_gitignore", action="store_true",
                   default=None, help="skip what .gitignore files ignore (the default)")  # fmt: skip
    c.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false",
                   help="read git-ignored files found in folders too")  # fmt: skip
    c.add_argument("--force-exclude", action="store_true",
                   help="apply the exclusions to files named on the command line too "
                   "(for pre-commit, which names every staged file)")  # fmt: skip


def _patterns(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [p.strip() for v in values for p in v.split(",") if p.strip()]


def _discovery_options(args: argparse.Namespace) -> dict:
    """The keyword arguments of :func:`claimcheck.api.check` that ``_add_input_options``
    sets: the config (None: each file's nearest) and the walk's exclusions."""
    return {
        "config": args.config,
        "exclude": _patterns(args.exclude),
        "extend_exclude": _patterns(args.extend_exclude),
        "respect_gitignore": args.respect_gitignore,
        "force_exclude": args.force_exclude,
    }


def _check_inputs(args: argparse.Namespace, cfg):  # noqa: ANN001, ANN202
    """Check the paths given and, for PATH ``-``, standard input (read once)."""
    from claimcheck import api

    if args.paths.count("-") > 1:
        raise ClaimcheckError("'-' (standard input) can be given only once")
    if args.stdin_filename and "-" not in args.paths:
        raise ClaimcheckError("--stdin-filename names standard input: give '-' as a PATH")
    stdin = None
    if "-" in args.paths:
        from claimcheck.ingest.source import DEFAULT_MAX_BYTES

        limit = args.max_file_size or cfg.max_file_size or DEFAULT_MAX_BYTES
        data = sys.stdin.buffer.read(limit + 1)
        name = args.stdin_filename or "<stdin>"
        if len(data) > limit:
            raise ClaimcheckError(f"{name}: standard input is larger than {limit} bytes")
        stdin = api.check_data(data, name, select=args.select, ignore=args.ignore,
                               rules_dir=args.rules_dir, config=args.config)  # fmt: skip
    if stdin is None or args.paths == ["-"]:
        return stdin if stdin is not None else _check(args, cfg)
    parts = [_check(args, cfg)]
    parts.insert(0 if args.paths[0] == "-" else 1, stdin)  # stdin first only if named first
    return api.merged(parts)


def _fail_on_per_file(args: argparse.Namespace, cfg):  # noqa: ANN001, ANN202
    """``path -> fail-on`` in force for a file: the option, else its own config's."""
    from claimcheck.config import Finder

    if args.fail_on:
        return lambda _path: args.fail_on
    finder = Finder(cfg if args.config else None)
    return lambda path: finder.for_path(path).fail_on


class _Bar:
    """A progress bar on stderr: rich if installed, else tqdm, else nothing."""

    def __init__(self, total: int) -> None:
        self._rich = self._tqdm = None
        try:
            from rich.console import Console
            from rich.progress import Progress

            self._rich = Progress(console=Console(stderr=True), transient=True)
            self._rich.start()
            self._task = self._rich.add_task("checking", total=total)
        except ImportError:
            try:
                from tqdm import tqdm

                self._tqdm = tqdm(total=total, desc="checking", unit="file", file=sys.stderr,
                                  leave=False)  # fmt: skip
            except ImportError:
                pass

    def __call__(self, done: int, total: int) -> None:
        if self._rich is not None:
            self._rich.update(self._task, completed=done, total=total)
        elif self._tqdm is not None:
            self._tqdm.update(done - self._tqdm.n)

    def close(self) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self._tqdm is not None:
            self._tqdm.close()


def _progress_bar(total: int) -> _Bar:
    return _Bar(total)


def _format_check(result, args: argparse.Namespace, cfg, fmt: str | None = None) -> str:  # noqa: ANN001
    """The check result in ``fmt`` (default: the first format asked for)."""
    from importlib import import_module

    if fmt is None:
        fmt = args.format[0][0] if isinstance(args.format, list) else args.format or "text"
    if fmt == "sarif":
        from claimcheck import api
        from claimcheck.report.sarif import format_findings as sarif

        return sarif(result, api.rules([*cfg.rules_dir, *args.rules_dir]))
    return import_module(f"claimcheck.report.{fmt}").format_findings(result)


def _explain(code: str, rules_dir: list[str], config: str | None) -> int:
    from claimcheck import api

    dirs = [*(api.settings(config).rules_dir if config else []), *rules_dir]
    wanted = code.lower()
    spec = next(
        (r for r in api.rules(dirs)
         if r.code.lower() == wanted or r.name == wanted or wanted in r.aliases),
        None,
    )  # fmt: skip
    if spec is None:
        raise ClaimcheckError(f"unknown rule {code!r} (see 'claimcheck rules')")
    print(f"{spec.code} {spec.name} [{spec.severity}]\n\n{spec.summary}\n")
    if spec.rationale:
        print(spec.rationale.strip() + "\n")
    for ref in spec.references:
        print(f"  see: {ref}")
    for ex in spec.examples:
        print(f"\n{ex.kind.upper()} example{': ' + ex.name if ex.name else ''}\n    " +
              ex.text.strip().replace("\n", "\n    "))  # fmt: skip
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
