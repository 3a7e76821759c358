"""Generate the rule reference (``docs/rules/``) from the rule files in ``rules/``.

conf.py calls :func:`generate` before Sphinx reads its sources, so the pages
always describe the rule files present at build time; nothing in
``docs/rules/`` is written by hand (the folder is gitignored). Each rule gets
one page, ``<CODE>.rst`` (the address SARIF's ``helpUri`` points at), and
``index.rst`` lists them by family. Accuracy figures come from the committed
``docs/accuracy.md`` (``make accuracy``), so a build never runs the corpus.

Run by hand: ``python docs/gen_rules.py [RULES_DIR [OUT_DIR [ACCURACY_MD]]]``.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from claimcheck.rules.spec import RuleSpec

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

FAMILIES = {
    "A": "A — arithmetic and derived numbers",
    "M": "M — metric definitions",
    "S": "S — setup fairness",
    "D": "D — disclosure",
    "C": "C — consistency",
}
SUBJECTS = {
    "measurement": "each measured or advertised figure",
    "claim": "each extracted claim",
    "condition": "each extracted test condition",
    "device": "each device under test",
    "document": "the document as a whole",
    "provenance": "who wrote, tested or paid for the document (once per document)",
}
_ROW = re.compile(r"^\|\s*(\*\*all\*\*|[A-Z][0-9]{3})\s*\|(.*)\|\s*$")
_RST_SPECIAL = re.compile(r"([\\`*_|\[\]<>])")


@dataclass(frozen=True)
class Score:
    """One row of the accuracy table."""

    tp: int
    fp: int
    fn: int
    precision: str
    recall: str
    f1: str


@dataclass(frozen=True)
class Accuracy:
    """The per-rule table of ``docs/accuracy.md`` and the line under it."""

    scores: dict[str, Score]
    note: str = ""


class RuleFileError(ValueError):
    """A rule file the generator cannot read; the message names the file."""


def load_rules(rules_dir: Path) -> list[tuple[Path, RuleSpec]]:
    """Every ``*.toml`` rule in ``rules_dir``, validated, sorted by file name."""
    rules = []
    for path in sorted(Path(rules_dir).glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            spec = RuleSpec.model_validate({**data, "path": str(path)})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise RuleFileError(f"{path}: cannot read rule file: {exc}") from exc
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "rule"
            raise RuleFileError(f"{path}: {where}: {first['msg']}") from exc
        rules.append((path, spec))
    return rules


def read_accuracy(path: Path | None) -> Accuracy:
    """The rows of a ``claimcheck eval --format markdown`` table; empty if there is none."""
    if path is None or not Path(path).is_file():
        return Accuracy({})
    scores: dict[str, Score] = {}
    note = ""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line.strip())
        if m:
            cells = [c.strip() for c in m.group(2).split("|")]
            if len(cells) == 6:
                tp, fp, fn = (int(c) for c in cells[:3])
                key = "all" if m.group(1) == "**all**" else m.group(1)
                scores[key] = Score(tp, fp, fn, *cells[3:])
        elif line.strip() and not line.lstrip().startswith(("|", "<!--")):
            note = line.strip()
    return Accuracy(scores, note)


def esc(text: str) -> str:
    """Text shown as written in reStructuredText: inline markup characters escaped."""
    return _RST_SPECIAL.sub(r"\\\1", text)


def paragraphs(text: str) -> list[str]:
    """Prose split at blank lines, each paragraph joined onto one escaped line.

    A paragraph that starts like a list, an enumeration or a directive has its
    first character escaped, so prose is never read as markup.
    """
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        line = " ".join(part.strip() for part in block.splitlines() if part.strip())
        if not line:
            continue
        line = esc(line)
        if not line[0].isalnum() and not line.startswith("\\"):
            line = "\\" + line
        line = re.sub(r"^(\w{1,10})([.)])(\s)", r"\1\\\2\3", line)
        out.append(line)
    return out


def heading(text: str, char: str) -> list[str]:
    """A section title and its underline."""
    return [text, char * max(len(text), 3), ""]


def literal(text: str, language: str = "text", css_class: str = "") -> list[str]:
    """A literal block (leading and trailing blank lines dropped, tabs as spaces)."""
    lines = text.expandtabs(4).strip("\n").splitlines() or [""]
    if not any(line.strip() for line in lines):
        lines = ["(empty)"]
    body = [f"   {line}".rstrip() for line in lines]
    options = [f"   :class: {css_class}"] if css_class else []
    return [f".. code-block:: {language}", *options, "", *body, ""]


def toml_value(value: object) -> str:
    """A value as TOML, on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if "\\" in value and "'" not in value and "\n" not in value:
            return f"'{value}'"  # a literal string: regular expressions stay readable
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, dict):
        items = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


def toml_key(key: str) -> str:
    """A bare TOML key when it can be one, else a quoted one."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def toml_pair(key: str, value: object, width: int = 88) -> list[str]:
    """``key = value``; a long list one item a line."""
    line = f"{toml_key(key)} = {toml_value(value)}"
    if len(line) <= width or not isinstance(value, list) or not value:
        return [line]
    return [f"{toml_key(key)} = [", *(f"  {toml_value(v)}," for v in value), "]"]


def render_data(data: dict) -> str:
    """A rule's ``data`` table as TOML (plain keys first, then sub-tables, as TOML requires)."""
    lines = []
    for key, value in data.items():
        if not isinstance(value, dict):
            lines += toml_pair(key, value)
    if lines:
        lines.insert(0, "[data]")
    for key, table in data.items():
        if isinstance(table, dict):
            lines += ["", f"[data.{toml_key(key)}]"] if lines else [f"[data.{toml_key(key)}]"]
            for k, v in table.items():
                lines += toml_pair(k, v)
    return "\n".join(lines)


def family(code: str) -> str:
    """The family heading of a code, by its letter."""
    return FAMILIES.get(code[0], f"{code[0]} — other rules")


def accuracy_table(score: Score) -> list[str]:
    """A one-row table of a rule's accuracy figures."""
    return [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - true positives",
        "     - false positives",
        "     - false negatives",
        "     - precision",
        "     - recall",
        "     - F1",
        f"   * - {score.tp}",
        f"     - {score.fp}",
        f"     - {score.fn}",
        f"     - {score.precision}",
        f"     - {score.recall}",
        f"     - {score.f1}",
        "",
    ]


def render_rule(path: Path, spec: RuleSpec, accuracy: Accuracy) -> str:
    """The reStructuredText page of one rule."""
    title = f"{spec.code} {spec.name}"
    out = [
        ".. This page is generated by docs/gen_rules.py from the rule file; do not edit.",
        "",
        f".. _rule-{spec.code}:",
        "",
        *heading(title, "="),
        f":Severity: {spec.severity}",
        f":Family: {esc(family(spec.code))}",
    ]
    if spec.aliases:
        out.append(f":Aliases: {', '.join(esc(a) for a in spec.aliases)}")
    if spec.check:
        out.append(f":Checked by: the registered check function ``{spec.check}``")
    else:
        out.append(f":Checked by: a ``match`` expression over {SUBJECTS[spec.subject]}")
    out += [f":Rule file: ``rules/{esc(path.name)}``", ""]
    out += [*paragraphs(spec.summary), ""]

    if spec.rationale.strip():
        out += heading("Rationale", "-")
        for para in paragraphs(spec.rationale):
            out += [para, ""]

    if spec.references:
        out += heading("References", "-")
        out += [f"- {esc(' '.join(ref.split()))}" for ref in spec.references]
        out.append("")

    if spec.match is not None or spec.data:
        out += heading("How it is checked", "-")
        if spec.match is not None:
            out += [
                f"The rule fires on {SUBJECTS[spec.subject]} (``subject = "
                f'"{spec.subject}"``) for which this expression holds:',
                "",
                *literal(spec.match),
                "The message, with its ``{...}`` placeholders filled in from the same facts:",
                "",
                *literal(spec.message),
            ]
        if spec.data:
            out += [
                "Parameters the check reads (the rule file's ``[data]`` tables; "
                "edit them there to change what the rule accepts):",
                "",
                *literal(render_data(spec.data), "toml"),
            ]

    out += heading("Examples", "-")
    if not spec.examples:
        out += ["This rule file has no examples.", ""]
    counts = {"bad": 0, "good": 0}
    for ex in spec.examples:
        counts[ex.kind] += 1
        label = "Bad" if ex.kind == "bad" else "Good"
        name = esc(ex.name) if ex.name else f"example {counts[ex.kind]}"
        if ex.kind == "bad":
            verdict = f"flagged: {', '.join(ex.expect)}" if ex.expect else "flagged"
        else:
            verdict = f"not flagged: {', '.join(ex.forbid)}" if ex.forbid else "not flagged"
        out += [
            f"**{label}** — {name} ({verdict})",
            "",
            *literal(ex.text, css_class="claimcheck-example"),
        ]

    out += heading("Accuracy on the corpus", "-")
    score = accuracy.scores.get(spec.code)
    if score is None:
        out += [
            "No figures yet: this rule is newer than ``docs/accuracy.md``. "
            "Run ``make accuracy`` to measure it.",
            "",
        ]
    else:
        note = f" The corpus then: {esc(accuracy.note)}" if accuracy.note else ""
        out += [
            "Counted by ``claimcheck eval`` on the annotated corpus (``corpus/``), as last "
            f"recorded in ``docs/accuracy.md`` (:doc:`../evaluation`).{note} The corpus is "
            "written by the project, so these figures say the rule finds what its authors "
            "wrote; :doc:`../evaluation` gives the figures on public reports nobody wrote "
            "for claimcheck.",
            "",
            *accuracy_table(score),
        ]

    out += heading("Silencing it", "-")
    out += [
        "For one line of a report, on the line before it (see :doc:`../configuration`)::",
        "",
        f'   <!-- claimcheck: disable-next-line={spec.code} reason="why this is fine" -->',
        "",
        f"For a whole run: ``--ignore {spec.code}``, or "
        f'``ignore = ["{spec.code}"]`` in ``[tool.claimcheck]``.',
        "",
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def render_index(rules: list[tuple[Path, RuleSpec]], accuracy: Accuracy) -> str:
    """The rule reference's index: a table of every rule, grouped by family."""
    out = [
        ".. This page is generated by docs/gen_rules.py from rules/; do not edit.",
        "",
        ".. _rule-reference:",
        "",
        *heading("Rule reference", "="),
        f"claimcheck ships {len(rules)} rules, one file each in ``rules/``. These pages are "
        "generated from those files when the documentation is built: summary, rationale, "
        "references, and the bad and good examples that also run as tests. "
        "``claimcheck rules`` prints the same list and ``claimcheck explain CODE`` one rule.",
        "",
        "Severity: **error** means the number or label is wrong or misleading as printed; "
        "**warning**, the figure cannot be trusted or compared as presented; "
        "**info**, context a reader must know. F1 is the rule's accuracy on the annotated "
        "corpus (:doc:`../evaluation`).",
        "",
    ]
    groups: dict[str, list[tuple[Path, RuleSpec]]] = {}
    for path, spec in sorted(rules, key=lambda r: r[1].code):
        groups.setdefault(family(spec.code), []).append((path, spec))
    order = [
        *(f for f in FAMILIES.values() if f in groups),
        *sorted(set(groups) - set(FAMILIES.values())),
    ]
    for name in order:
        out += heading(name, "-")
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 8 22 9 53 8",
            "",
            "   * - Code",
            "     - Name",
            "     - Severity",
            "     - Summary",
            "     - F1",
        ]
        for _path, spec in groups[name]:
            score = accuracy.scores.get(spec.code)
            out += [
                f"   * - :doc:`{spec.code} <{spec.code}>`",
                f"     - {spec.name}",
                f"     - {spec.severity}",
                f"     - {' '.join(paragraphs(spec.summary))}",
                f"     - {score.f1 if score else '–'}",
            ]
        out.append("")
    out += [".. toctree::", "   :hidden:", ""]
    out += [f"   {spec.code}" for _path, spec in sorted(rules, key=lambda r: r[1].code)]
    return "\n".join(out) + "\n"


def _write(path: Path, text: str) -> None:
    """Write only when the text changed, so Sphinx rereads only changed pages."""
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)  # atomic: a build running at the same time never reads half a page


def generate(
    rules_dir: Path = ROOT / "rules",
    out_dir: Path = DOCS / "rules",
    accuracy_md: Path | None = DOCS / "accuracy.md",
) -> list[Path]:
    """Write one page per rule file and ``index.rst`` into ``out_dir``; return the paths.

    Pages of rules that no longer exist are removed.
    """
    rules = load_rules(Path(rules_dir))
    codes: dict[str, Path] = {}
    for path, spec in rules:
        if spec.code in codes:
            raise RuleFileError(
                f"{path}: duplicate rule code {spec.code} (also in {codes[spec.code]})"
            )
        codes[spec.code] = path
    accuracy = read_accuracy(accuracy_md)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path, spec in rules:
        page = out / f"{spec.code}.rst"
        _write(page, render_rule(path, spec, accuracy))
        written.append(page)
    index = out / "index.rst"
    _write(index, render_index(rules, accuracy))
    written.append(index)
    for stale in set(out.glob("*.rst")) - set(written):
        stale.unlink()
    return written


if __name__ == "__main__":
    args = [Path(a) for a in sys.argv[1:4]]
    pages = generate(*args)
    print(f"wrote {len(pages)} pages to {pages[-1].parent}")
