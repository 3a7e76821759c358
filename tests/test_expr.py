"""The rule expression language: parsing, evaluation, errors and bounds."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, computed_field

from claimcheck.errors import RuleError
from claimcheck.rules.expr import Expression, compile_expression
from claimcheck.units import registry

Q = registry().Quantity


def ev(text: str, env: dict[str, Any] | None = None, **kwargs: Any) -> Any:
    return compile_expression(text).evaluate(env or {}, **kwargs)


# ------------------------------------------------------------------ precedence


@pytest.mark.parametrize(
    ("a", "b", "c", "d"),
    [(a, b, c, d) for a in (0, 1) for b in (0, 1) for c in (False, True) for d in (False, True)],
)
def test_precedence_not_eq_and_or(a: int, b: int, c: bool, d: bool) -> None:
    env = {"a": a, "b": b, "c": c, "d": d}
    assert ev("not a == b and c or d", env) == (((a != b) and c) or d)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),
        ("12 / 3 / 2", 2),
        ("-2 * 3", -6),
        ("- -2", 2),
        ("2 - -2", 4),
        ("1 + 2 == 3", True),
        ("not 1 + 1 == 3", True),
        ("true or false and false", True),
        ("(true or false) and false", False),
        ("1 in [1, 2] and not 3 in [1, 2]", True),
        ("7 / 2", 3.5),
    ],
)
def test_precedence_and_arithmetic(text: str, value: Any) -> None:
    assert ev(text) == value


# ------------------------------------------------------------------ operators


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 == 1", True),
        ("1 == 1.0", True),
        ("1 != 2", True),
        ("'a' == \"a\"", True),
        ("1 < 2", True),
        ("2 <= 2", True),
        ("3 > 2", True),
        ("2 >= 3", False),
        ("'abc' < 'abd'", True),
        ("true == 1", False),  # booleans only equal booleans
        ("'1' == 1", False),
        ("[1, 'a'] == [1, 'a']", True),
        ("[1, 2] == [2, 1]", False),
        ("'b' in ['a', 'b']", True),
        ("'c' not in ['a', 'b']", True),
        ("'ell' in 'hello'", True),
        ("1.5e3 == 1500", True),
        ("'it\\'s' == \"it's\"", True),
        ("'tab\\there' == 'tab\\there'", True),
        ("[] == []", True),
        ("[1, 2,] == [1, 2]", True),
    ],
)
def test_operators(text: str, value: Any) -> None:
    assert ev(text, {"x": None}) == value


def test_in_with_dict_keys() -> None:
    assert ev("'k' in obj", {"obj": {"k": 1}}) is True
    assert ev("'z' in obj", {"obj": {"k": 1}}) is False


def test_and_or_short_circuit() -> None:
    def boom() -> None:
        raise AssertionError("should not be called")

    assert compile_expression("false and boom()").evaluate({}, {"boom": boom}) is False
    assert compile_expression("true or boom()").evaluate({}, {"boom": boom}) is True


def test_truthiness() -> None:
    assert ev("not []") is True
    assert ev("not ''") is True
    assert ev("not 0") is True
    assert ev("not null") is True
    assert ev("not [0]") is False
    assert ev("x and y", {"x": "s", "y": Q(1, "ms")}) is True
    assert ev("x or y", {"x": Q(0, "ms"), "y": 0}) is False


# ------------------------------------------------------------------ null semantics


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("missing == null", True),
        ("missing != null", False),
        ("missing == 0", False),
        ("missing != 0", True),
        ("missing < 1", False),
        ("missing > 1", False),
        ("missing >= missing", False),
        ("1 <= missing", False),
        ("missing in [1]", False),
        ("null in [1, null]", True),
        ("1 in missing", False),
        ("1 not in missing", False),
        ("missing + 1 == null", True),
        ("-missing == null", True),
        ("1 / 0 == null", True),
        ("len(missing) == null", True),
        ("a.b.c.d == null", True),
        ("within(missing, 1, 5 %)", False),
        ("lower(missing) == null", True),
        ("contains(missing, 'a')", False),
        ("startswith(missing, 'a')", False),
        ("any(missing)", False),
        ("all(missing)", False),
        ("count(missing) == null", True),
        ("max(missing) == null", True),
        ("max([missing, 2, 1]) == 2", True),
    ],
)
def test_null_semantics(text: str, value: Any) -> None:
    assert ev(text, {"a": {"b": None}}) is value


# ------------------------------------------------------------------ units


def test_license_cap_with_quantities() -> None:
    expr = compile_expression(
        "device.license_cap != null and measurement.value >= 0.95 * device.license_cap"
    )
    cap = {"license_cap": Q(8, "Gbps")}
    assert expr.evaluate({"device": cap, "measurement": {"value": Q(7.8, "Gbps")}}) is True
    assert expr.evaluate({"device": cap, "measurement": {"value": Q(7000, "Mbps")}}) is False
    assert expr.evaluate({"device": {}, "measurement": {"value": Q(7.8, "Gbps")}}) is False


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("v > 8 Gbps", False),
        ("v < 8 Gbps", True),
        ("v > 7000 Mbps", True),
        ("v == 7800 Mbps", True),
        ("v > 8 ms", False),  # incompatible dimensions: false, not a crash
        ("v < 8 ms", False),
        ("v == 8 ms", False),
        ("v != 8 ms", True),
        ("v > 1", False),  # a dimensioned quantity never orders against a plain number
        ("v < 1e30", False),
        ("v + 1 ms == null", True),  # incompatible arithmetic is null
        ("v + 200 Mbps == 8 Gbps", True),
        ("v / (2 Gbps) == 3.9", True),
        ("v * 0 == 0 Gbps", True),
        ("v / (0 Gbps) == null", True),
        ("2048 bit == 256 B", True),
        ("100 ms == 0.1 s", True),
        ("5 % == 0.05", True),  # dimensionless: compared as a fraction
        ("50 % < 1", True),
        ('8 "Mb/s" == 8 Mbps', True),
        ("-v < 0 Gbps", True),
    ],
)
def test_unit_literals(text: str, value: bool) -> None:
    assert ev(text, {"v": Q(7.8, "Gbps")}) is value


@pytest.mark.parametrize(
    ("a", "b", "tol", "value"),
    [
        (104, 100, "5 %", True),
        (106, 100, "5 %", False),
        (96, 100, "5 %", True),
        (Q(8.3, "Gbps"), Q(8, "Gbps"), "5 %", True),
        (Q(8300, "Mbps"), Q(8, "Gbps"), "3 %", False),
        (Q(8.3, "Gbps"), Q(8, "Gbps"), "500 Mbps", True),
        (Q(8.3, "Gbps"), Q(8, "Gbps"), "0.1 Gbps", False),
        (Q(8, "Gbps"), Q(8, "ms"), "5 %", False),
        (10.5, 10, "1", True),
        (12, 10, "1", False),
        (0, 0, "5 %", True),
    ],
)
def test_within(a: Any, b: Any, tol: str, value: bool) -> None:
    assert ev(f"within(a, b, {tol})", {"a": a, "b": b}) is value


def test_unknown_unit_is_a_parse_error() -> None:
    with pytest.raises(RuleError, match=r"rules/X\.toml:4:18: unknown unit 'furlongs_per_bogon'"):
        compile_expression("value > 8 furlongs_per_bogon", source="rules/X.toml", line=4, column=8)
    with pytest.raises(RuleError, match="unknown unit"):
        compile_expression('value > 8 "not a unit"')


# ------------------------------------------------------------------ field access


class Scope(BaseModel):
    processing_layer: str = "L7"
    requests_per_connection: int | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def keepalive(self) -> bool:
        return (self.requests_per_connection or 0) > 1

    @property
    def undeclared(self) -> str:
        return "secret"

    def method(self) -> str:
        return "secret"


class Plain:
    def __init__(self) -> None:
        self.metric = "rps"
        self._hidden = 1


def test_field_access_on_model_and_dict() -> None:
    env = {"scope": Scope(requests_per_connection=10), "measurement": {"metric": "rps"}}
    assert ev("scope.processing_layer == 'L7'", env) is True
    assert ev("scope.requests_per_connection > 1", env) is True
    assert ev("scope.keepalive", env) is True
    assert ev("measurement.metric == 'rps'", env) is True
    assert ev("scope.nonexistent == null", env) is True
    assert ev("measurement.nonexistent == null", env) is True
    assert ev("nothing.at.all == null", env) is True


def test_only_declared_model_fields_are_read() -> None:
    env = {"scope": Scope()}
    assert ev("scope.undeclared", env) is None
    assert ev("scope.method", env) is None
    assert ev("scope.model_config", env) is None
    assert ev("scope.model_fields", env) is None


def test_no_attribute_access_on_plain_objects() -> None:
    env = {"obj": Plain(), "text": "abc", "n": 3}
    assert ev("obj.metric", env) is None
    assert ev("obj.metric == 'rps'", env) is False
    assert ev("text.upper", env) is None
    assert ev("n.real", env) is None


@pytest.mark.parametrize("text", ["_private", "obj._hidden", "obj.__class__", "x.__dict__.y"])
def test_private_and_dunder_names_are_refused(text: str) -> None:
    with pytest.raises(RuleError, match="not allowed"):
        compile_expression(text)


def test_private_function_names_are_refused() -> None:
    with pytest.raises(RuleError, match="not allowed"):
        compile_expression("__import__('os')")


def test_fields() -> None:
    expr = compile_expression(
        'measurement.metric == "ssl_tps" and (scope.requests_per_connection > 1 '
        "or scope.tls_session_reuse == true) and len(document.missing) > 0 and f(x)"
    )
    assert expr.fields() == {
        "measurement.metric",
        "scope.requests_per_connection",
        "scope.tls_session_reuse",
        "document.missing",
        "x",
    }
    assert compile_expression("1 + 2").fields() == set()


# ------------------------------------------------------------------ functions


def test_builtin_functions() -> None:
    env = {"xs": [3, 1, 2], "flags": [True, False, True], "s": "FastL4-Profile"}
    assert ev("len(xs) == 3 and len('ab') == 2 and len(obj) == 0", env | {"obj": {}}) is True
    assert ev("lower(s) == 'fastl4-profile'", env) is True
    assert ev("contains(s, 'L4') and not contains(s, 'L7')", env) is True
    assert ev("contains(xs, 2)", env) is True
    assert ev("startswith(s, 'Fast')", env) is True
    assert ev("any(flags) and not all(flags)", env) is True
    assert ev("all([]) == true and any([]) == false", env) is True
    assert ev("count(flags) == 2 and count(xs, 1) == 1", env) is True
    assert ev("min(xs) == 1 and max(xs) == 3 and max(1, 5, 2) == 5", env) is True
    assert ev("max([1 Gbps, 900 Mbps]) == 1 Gbps") is True
    assert ev("max([1 Gbps, 9 ms]) == null") is True
    assert ev("min([]) == null") is True


def test_whitelisted_functions() -> None:
    devices = [{"profile": "FastL4", "load": 1}, {"profile": "HTTP", "load": 2}]

    def any_device(key: str, value: Any) -> bool:
        return any(d.get(key) == value for d in devices)

    def differs_across_devices(key: str) -> bool:
        return len({d.get(key) for d in devices}) > 1

    funcs = {"any_device": any_device, "differs_across_devices": differs_across_devices}
    expr = compile_expression(
        'any_device("profile", "FastL4") and differs_across_devices("load")',
        known_functions=set(funcs),
    )
    assert expr.evaluate({}, funcs) is True
    assert compile_expression('any_device("profile", "X")').evaluate({}, funcs) is False


def test_unknown_function() -> None:
    with pytest.raises(RuleError, match=r"r\.toml:2:14: unknown function 'nope'"):
        compile_expression(
            "x and nope(1)", source="r.toml", line=2, column=8, known_functions={"f"}
        )
    expr = compile_expression("nope(1)")  # no known_functions: checked at evaluation
    with pytest.raises(RuleError, match="unknown function 'nope'"):
        expr.evaluate({})
    assert expr.evaluate({}, {"nope": lambda x: x + 1}) == 2


def test_builtin_arity_checked_at_compile_time() -> None:
    with pytest.raises(RuleError, match=r"within\(\) takes 3 arguments, got 2"):
        compile_expression("within(a, b)")


def test_function_failure_is_a_rule_error() -> None:
    expr = compile_expression("f(1)")
    with pytest.raises(RuleError, match=r"function f\(\) failed"):
        expr.evaluate({}, {"f": lambda: 1})


# ------------------------------------------------------------------ type errors


@pytest.mark.parametrize(
    ("text", "operation"),
    [
        ('"abc" < 3', "cannot compare string with number using '<'"),
        ('"a" + "b"', "cannot apply '+' to string and string"),
        ("[1] * 2", "cannot apply '*' to list and number"),
        ("true + 1", "cannot apply '+' to boolean and number"),
        ("-'a'", "cannot negate a string"),
        ("1 in 'abc'", "cannot test number in string"),
        ("1 in 2", "cannot test number in number"),
        ("len(3)", "len() of a number"),
        ("lower(3)", "lower() of a number"),
        ("any(3)", "any() needs a list"),
        ("within(1, 2, 'x')", "tolerance must be a number or quantity"),
        ("within('a', 2, 5 %)", "cannot apply '-' to string and number"),
        ("max(['a', 1])", "cannot compare"),
        ("[1] < [2]", "cannot compare list with list"),
        ("v < 'a'", "cannot compare quantity in Gbps with string"),
    ],
)
def test_type_errors_are_rule_errors(text: str, operation: str) -> None:
    expr = compile_expression(text, source="rules/T.toml", line=5, column=9)
    with pytest.raises(RuleError) as info:
        expr.evaluate({"v": Q(1, "Gbps")})
    first = str(info.value).splitlines()[0]
    assert first.startswith("rules/T.toml:5:")
    assert operation in first
    assert text in first  # names the expression


def test_not_on_a_list_is_fine() -> None:
    assert ev("not xs", {"xs": [1]}) is False


# ------------------------------------------------------------------ bounds


def test_step_limit() -> None:
    long_list = "[" + ", ".join(["1"] * 1000) + "]"
    expr = compile_expression(f"len({long_list}) == 1000")
    assert expr.evaluate({}) is True
    with pytest.raises(RuleError, match="expression exceeded 500 steps"):
        expr.evaluate({}, max_steps=500)
    big = compile_expression("x in xs and count(xs) > 0")
    with pytest.raises(RuleError, match="expression exceeded 10000 steps"):
        big.evaluate({"x": -1, "xs": list(range(20_000))})


def test_step_limit_on_long_chains() -> None:
    expr = compile_expression(" + ".join(["1"] * 3000))
    assert expr.evaluate({}) == 3000
    with pytest.raises(RuleError, match="expression exceeded 2000 steps"):
        expr.evaluate({}, max_steps=2000)


def test_literal_size_limits() -> None:
    with pytest.raises(RuleError, match="list literal longer than 1000 items"):
        compile_expression("[" + ", ".join(["1"] * 1001) + "]")
    with pytest.raises(RuleError, match="string literal longer than 10000 characters"):
        compile_expression('"' + "a" * 10_001 + '"')
    assert ev('"' + "a" * 10_000 + '" != ""') is True


def test_deep_parentheses_parse() -> None:
    assert ev("(" * 500 + "x" + ")" * 500 + " == 1", {"x": 1}) is True


@pytest.mark.parametrize(
    "text",
    [
        "not " * 500 + "x",
        "-" * 500 + "1",
        "[" * 500 + "]" * 500,
        "f(" * 500 + ")" * 500,
        "(" * 500 + "x",
        "(" * 5000 + ")" * 4999,
        "-(" * 500 + "1" + ")" * 500,
    ],
)
def test_deep_nesting_is_a_clean_error(text: str) -> None:
    try:
        expr = compile_expression(text)
    except RuleError:
        return
    expr.evaluate({"x": 1}, {"f": lambda *a: 1})  # if it compiles, it evaluates


def test_large_integers_do_not_blow_up() -> None:
    text = " * ".join(["999999999999999999"] * 200)
    assert ev(text + " > 0") is True


# ------------------------------------------------------------------ parse errors


def test_parse_error_format() -> None:
    with pytest.raises(RuleError) as info:
        compile_expression("measurement.metric == )", source="rules/M001.toml", line=12, column=9)
    assert str(info.value) == (
        "rules/M001.toml:12:31: unexpected token ')' in match expression; expected a value\n"
        "    measurement.metric == )\n"
        "                          ^"
    )


def test_parse_error_on_a_later_line_uses_its_own_column() -> None:
    text = 'measurement.metric == "rps"\n  and scope.x >'
    with pytest.raises(RuleError) as info:
        compile_expression(text, source="r.toml", line=3, column=10)
    lines = str(info.value).splitlines()
    assert lines[0] == "r.toml:4:16: unexpected end of match expression; expected a value"
    assert lines[1] == "      and scope.x >"
    assert lines[2] == "                   ^"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "nothing in match expression; expected a value"),
        ("a b", "unexpected token 'b' in match expression; expected an operator"),
        ("f(a", "expected ')' or ','"),
        ("[1, 2", "expected ']' or ','"),
        ("1,000", "without thousands separators"),
        ("x in [1,000]", "without thousands separators"),
        ("1 < x < 3", "comparisons do not chain"),
        ('"abc', "unterminated string"),
        ("a && b", "unexpected character '&'"),
        ("a = 1", "unexpected character '='"),
        ("True", "write true in lower case"),
        ("x == None", "write null in lower case"),
        ("x == 'bad \\q escape'", "unknown escape"),
        ("x ==", "unexpected end of match expression; expected a value"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(RuleError) as info:
        compile_expression(text)
    first = str(info.value).splitlines()[0]
    assert re.match(r"<expr>:\d+:\d+: ", first)
    assert message in first
    assert str(info.value).splitlines()[-1].strip() == "^"


def test_non_string_expression() -> None:
    with pytest.raises(RuleError, match="must be a string"):
        compile_expression(5)  # type: ignore[arg-type]


# ------------------------------------------------------------------ API shape


def test_expression_is_immutable_and_cached_parse() -> None:
    a = compile_expression("x == 1", source="a.toml")
    b = compile_expression("x == 1", source="b.toml")
    assert isinstance(a, Expression)
    assert a.text == "x == 1"
    assert a.tree is b.tree  # the parse is cached by text
    with pytest.raises(AttributeError):
        a.text = "y"  # type: ignore[misc]


def test_keywords_are_not_prefixes() -> None:
    env = {"android": 1, "order": 2, "notes": 3, "index": 4, "nullable": 5, "true_rate": 6}
    assert ev("android + order + notes + index + nullable + true_rate == 21", env) is True


def test_multiline_expression() -> None:
    assert ev("a == 1\n  and b == 2", {"a": 1, "b": 2}) is True


# ------------------------------------------------------------------ fuzz

_TOKENS = [
    "a", "b.c", "x", "1", "0.5", "1e3", "8 Gbps", "5 %", "'s'", '"t"', "true", "false", "null",
    "and", "or", "not", "in", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "(", ")",
    "[", "]", ",", "len(", "within(", "max(", "f(", "_p", ".", "%", "Gbps", "\n", "\\", "'", '"',
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_text_compiles_or_raises_rule_error(text: str) -> None:
    try:
        expr = compile_expression(text)
    except RuleError:
        return
    assert isinstance(expr, Expression)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_TOKENS), max_size=25).map(" ".join))
def test_token_soup_compiles_or_raises_and_evaluates_or_raises(text: str) -> None:
    try:
        expr = compile_expression(text)
    except RuleError:
        return
    env = {"a": Q(1, "Gbps"), "b": {"c": [1, "x", None]}, "x": 0}
    with contextlib.suppress(RuleError):
        expr.evaluate(env, {"f": lambda *args: len(args)})
