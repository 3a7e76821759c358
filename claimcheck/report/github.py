"""GitHub Actions workflow commands: one annotation per finding.

``::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=A001 percent-delta::message``
with ``warning`` for warnings and ``notice`` for info findings. Escaping follows
the runner's rules: in the message ``%``, CR and LF; in property values also
``:`` and ``,``. Every other control character in file names and messages is
then made visible (:func:`claimcheck.report.escape.printable`), so no text from
a report or a file name can end a command, start another or drive the terminal.
"""

from __future__ import annotations

from claimcheck.models import CheckResult, Finding
from claimcheck.report.common import counts, display_path, error_message, ordered, page_of
from claimcheck.report.escape import printable

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """Escape a command's message (the part after ``::``)."""
    encoded = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(encoded)  # the runner's escapes first: they keep line breaks as such


def escape_property(text: str) -> str:
    """Escape a property value (``file=``, ``title=``, ...)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _command(kind: str, properties: dict[str, object], message: str) -> str:
    props = ",".join(f"{k}={escape_property(str(v))}" for k, v in properties.items())
    return (
        f"::{kind} {props}::{escape_data(message)}"
        if props
        else f"::{kind}::{escape_data(message)}"
    )


def annotation(f: Finding, page: int | None = None) -> str:
    """The workflow command for one finding."""
    props: dict[str, object] = {"file": display_path(f.path), "line": f.line, "col": f.column}
    if f.end_line >= f.line:
        props["endLine"] = f.end_line
        if f.end_line > f.line or f.end_column > f.column:
            props["endColumn"] = f.end_column
    props["title"] = f"{f.rule} {f.name}"
    if page is not None:  # the page once, with the line on it (the message has neither)
        where = f"page {page}, line {f.page_line}" if f.page_line else f"page {page}"
        message = f"{f.message} ({where})"
    else:
        message = f.message
    return _command(COMMANDS[f.severity], props, message)


def format_findings(result: CheckResult) -> str:
    """Annotations for every finding, then one per unreadable input, then a summary line."""
    lines = [annotation(f, page_of(result, f)) for f in ordered(result.findings)]
    title = "claimcheck input error"
    lines += [
        _command(
            "error",
            {"file": display_path(x.path), "title": title},
            error_message(x.path, x.message),
        )
        for x in result.errors
    ]
    n = counts(result)
    total = len(result.findings)
    lines.append(
        f"claimcheck: {total} finding{'s' if total != 1 else ''} "
        f"({n['error']} error, {n['warning']} warning, {n['info']} info)"
    )
    return "\n".join(lines)
