"""Start-up stays lazy: what the registries and the expression compiler promise by data."""

from __future__ import annotations

import subprocess
import sys

import pytest

from claimcheck.rules import expr, expr_eval, registry


def test_each_shipped_check_lives_in_the_module_named_by_its_rule_code() -> None:
    """rules/A006.toml names check "littles_law"; checks/A006_littles_law.py registers it."""
    from claimcheck.rules.loader import rules_for_checking

    for spec in rules_for_checking():
        if spec.check is None:
            continue
        fn = registry.get_check(spec.check)
        assert fn.__module__ == f"claimcheck.rules.checks.{spec.code}_{spec.check}", spec.code
    registered = {
        name: fn.__module__.rsplit(".", 1)[1]
        for name, fn in registry._CHECKS.items()
        if fn.__module__.startswith("claimcheck.rules.checks.")
    }
    assert registered == registry.shipped_checks()


def test_compiler_constants_match_the_evaluator() -> None:
    assert frozenset(expr_eval.BUILTINS) == expr.BUILTIN_FUNCTIONS
    assert expr.DEFAULT_MAX_STEPS == expr_eval.DEFAULT_MAX_STEPS


def _imported_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys; print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return set(out.stdout.split())


def test_unit_words_and_rule_loading_need_no_pint() -> None:
    mods = _imported_after(
        "from claimcheck import units\n"
        "assert units.canonical_unit('devices') is None\n"
        "assert units.canonical_unit('Mb/s') == 'Mbps'\n"
        "assert units.convert(1, 'Gbps', 'Mbps') == 1000\n"
        "assert units.is_bit_rate('Mbps') and not units.pint_loaded()\n"
        "from claimcheck.rules.registry import known_check\n"
        "assert known_check('unit_misuse')\n"
        "from claimcheck.rules.expr import compile_expression\n"
        "compile_expression('measurement.value > 8')\n"
    )
    assert "pint" not in mods
    assert "claimcheck.rules.checks" not in mods


def test_cli_import_is_light() -> None:
    mods = _imported_after("import claimcheck.cli")
    assert "pydantic" not in mods and "pint" not in mods


def test_quantity_helpers_agree_with_pint() -> None:
    from claimcheck import units

    q = units.registry().Quantity(3, "Mbps")
    assert units.is_quantity(q) and not units.is_quantity(3.0) and not units.is_quantity(None)
    import pint

    assert units.pint_errors() == (pint.PintError,)
    mods = _imported_after(
        "from claimcheck import units\n"
        "assert not units.is_quantity(1.0) and units.pint_errors() == ()\n"
    )
    assert "pint" not in mods


def test_first_checks_from_many_threads_see_complete_modules() -> None:
    """get_check in threads that race to import the check modules (a dask worker's threads)
    returns only once the check's module has finished executing."""
    code = (
        "import sys\n"
        "from concurrent.futures import ThreadPoolExecutor\n"
        "from claimcheck.rules import registry\n"
        "def first(name):\n"
        "    fn = registry.get_check(name)\n"
        "    return getattr(sys.modules[fn.__module__].__spec__, '_initializing', False)\n"
        "with ThreadPoolExecutor(16) as pool:\n"
        "    busy = list(pool.map(first, sorted(registry.shipped_checks()) * 4))\n"
        "assert not any(busy), busy\n"
    )
    _imported_after(code)


def test_checking_a_report_without_unit_literals_needs_no_pint() -> None:
    mods = _imported_after(
        "from claimcheck import api\n"
        "r = api.check_text('# T\\n\\nThe Alpha 100 reached 9,400 Mbps and the Beta 200 "
        "4,100 Mbps: 2.5x faster.\\n')\n"
        "assert r.findings\n"
    )
    assert "pint" not in mods


def test_measurement_quantity_is_built_when_read() -> None:
    from claimcheck.rules.expr import compile_expression
    from claimcheck.rules.matching import _MeasurementFields

    fields = _MeasurementFields({"value": 9.4, "unit": "Gbps"})
    assert "quantity" in fields and fields.get("missing") is None
    expression = compile_expression("measurement.quantity > 9000 Mbps")
    assert expression.evaluate({"measurement": fields}) is True
    assert (
        expression.evaluate({"measurement": _MeasurementFields({"value": 8, "unit": "Gbps"})})
        is False
    )


def test_checking_text_loads_no_notebook_views() -> None:
    mods = _imported_after(
        "import claimcheck\nclaimcheck.check_text('The Quill Q1 served 41,200 RPS.', 'r.md')\n"
    )
    assert not {"claimcheck.report.html", "claimcheck.report.frames"} & mods


CORPUS_WITHOUT_PINT = """
import sys
from pathlib import Path
import claimcheck
from claimcheck.evaluation import documents
from claimcheck.rules.loader import shipped_rules
root = Path(sys.argv[1])
for path in [*documents(root / "corpus"), *sorted((root / "examples").glob("*.md"))]:
    claimcheck.check(path, config=claimcheck.api.Config())
for spec in shipped_rules():
    for example in spec.examples:
        claimcheck.check_text(example.text, f"{spec.code}.md")
heavy = sorted({"pint", "networkx", "pandas", "rich", "matplotlib"} & set(sys.modules))
print(" ".join(heavy) or "-")
"""


def test_checking_the_corpus_and_rule_examples_loads_no_pint_or_networkx() -> None:
    """Every corpus document, example report and rule example is checked in one fresh
    process: the unit table answers every unit question (pint stays unloaded) and the
    claim graph is never built as networkx. A new unit spelling the table lacks shows
    here: add it to the table (``make units-table``) rather than loading pint."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", CORPUS_WITHOUT_PINT, str(root)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert out.stdout.split() == ["-"], out.stdout


def test_prefixed_names_convert_from_the_table() -> None:
    mods = _imported_after(
        "from claimcheck import units\n"
        "assert units._conversion('kilobyte', 'byte') == 1000\n"
        "assert units._conversion('megabyte', 'kilobyte') == 1000\n"
        "assert units.convert(2, 'kilowatt', 'watt') == 2000\n"
        "assert units.is_energy('(Mbps) / watt') is False\n"
        "assert units.canonical_unit('mature C') is None\n"
        "try:\n"
        "    units.convert(1, 'Mbps / watt', 'RPS / watt')\n"
        "except TypeError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('converted across dimensions')\n"
    )
    assert "pint" not in mods


def test_table_answers_agree_with_pint_for_compound_and_unknown_units() -> None:
    from claimcheck import units

    reg = units.build_registry()
    assert units._conversion("kilobyte", "byte") == reg.Quantity(1, "kilobyte").to("byte").m
    for unit in ("(Mbps) / watt", "(request) / second", "(megabyte) / hour"):
        assert units.dimensionality(unit) == str(reg.parse_units(unit).dimensionality)
    for unknown in ("mature C", "foo bar", "Mbps/foo"):
        assert units._names_no_unit(unknown)
        with pytest.raises(Exception):  # noqa: B017,PT011 - pint raises its own types
            reg.parse_units(unknown)
    import pint

    with pytest.raises(pint.DimensionalityError):
        reg.Quantity(1, "Mbps / watt").to("RPS / watt")


def test_licence_caps_become_quantities_only_when_read() -> None:
    from claimcheck.rules.expr import compile_expression
    from claimcheck.units import DeferredQuantity

    cap = DeferredQuantity(10.0, "Gbps")
    expression = compile_expression("scope.license_cap < 9000 Mbps")
    assert expression.evaluate({"scope": {"license_cap": cap}}) is False
    assert expression.evaluate({"scope": {"license_cap": DeferredQuantity(5.0, "Gbps")}})
    assert repr(cap) == "DeferredQuantity(10.0, 'Gbps')"


def test_claim_graph_is_networkx_only_on_demand() -> None:
    mods = _imported_after(
        "import claimcheck\n"
        "from claimcheck.facts.graph import ClaimGraph\n"
        "r = claimcheck.check_text('The Quill Q1 served 41,200 RPS, 2x the 20,600 RPS of the "
        "Wren W2.', 'r.md')\n"
        "ex = claimcheck.extract('The Quill Q1 served 41,200 RPS, 2x the 20,600 RPS of the "
        "Wren W2.')\n"
        "g = ClaimGraph(ex)\n"
        "assert [len(g.claims_citing(m)) for m in ex.measurements] == [1, 1]\n"
    )
    assert "networkx" not in mods
    import claimcheck

    result = claimcheck.check_text("The Quill Q1 served 41,200 RPS, 2x the 20,600 RPS.", "r.md")
    graph = result.graph
    kinds = {data["kind"] for _, data in graph.nodes(data=True)}
    assert {"document", "measurement", "claim"} <= kinds
    assert any(key == "cites" for _, _, key in graph.edges(keys=True))


def test_rules_for_checking_are_the_shipped_rules_without_examples() -> None:
    from claimcheck.resources import data_dir
    from claimcheck.rules import loader

    for path in sorted(data_dir("rules").glob("*.toml")):
        full = loader.load_file(path)
        assert loader.load_file(path, examples=False) == full.model_copy(update={"examples": []}), (
            path.name
        )


def test_cutting_examples_keeps_tables_after_them_and_gives_up_on_escapes(tmp_path) -> None:  # noqa: ANN001
    from claimcheck.rules import loader

    text = (
        'code = "X901"\nname = "made-up"\nseverity = "info"\nsummary = "s"\n'
        'match = "false"\n\n[[examples]]\nkind = "bad"\ntext = """\n[data]\nnot a table\n"""\n'
        "\n[data]\nlimit = 3\n\n[[examples]]\nkind = \"good\"\ntext = '''x'''\n"
    )
    head = loader.without_examples(text)
    assert head is not None and "examples" not in head and "limit = 3" in head
    assert head.count("\n") == text.count("\n")  # lines blanked, not removed
    path = tmp_path / "X901.toml"
    path.write_text(text, encoding="utf-8")
    lazy, full = loader.load_file(path, examples=False), loader.load_file(path)
    assert lazy.data == full.data == {"limit": 3} and lazy.examples == []
    assert len(full.examples) == 2
    assert loader.without_examples('a = """\\"""\n') is None
    assert loader.without_examples('a = """\nopen') is None
