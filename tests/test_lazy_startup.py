"""Start-up stays lazy: what the registries and the expression compiler promise by data."""

from __future__ import annotations

import subprocess
import sys

from claimcheck.rules import expr, expr_eval, registry


def test_shipped_check_map_matches_the_registrations() -> None:
    import claimcheck.rules.checks  # noqa: F401  (registers the checks)

    shipped = {
        name: fn.__module__.rsplit(".", 1)[1]
        for name, fn in registry._CHECKS.items()
        if fn.__module__.startswith("claimcheck.rules.checks.")
    }
    assert shipped == registry.SHIPPED


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
        "    busy = list(pool.map(first, sorted(registry.SHIPPED) * 4))\n"
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
