"""xyzalert.eval_rule: rules on Python values (docs/rules.md, "Rules")."""

import pytest

import xyzalert
from xyzalert import InvalidArgumentError, SchemaError, eval_rule


def test_a_typical_audience_rule_reads_python_values():
    audience = {"and": [
        {"sem_ver": [{"var": "app_version"}, ">=", "2.4"]},
        {"in": [{"var": "plan"}, ["free", "trial"]]},
        {">=": [{"var": "orders"}, 3]},
    ]}
    assert eval_rule(audience, {"app_version": "2.5.0", "plan": "free", "orders": 3}) is True
    assert eval_rule(audience, {"app_version": "2.3.9", "plan": "free", "orders": 3}) is False
    assert eval_rule(audience, {"plan": "free", "orders": 3}) is None  # sem_ver of null: null


def test_results_come_back_as_python_values():
    assert eval_rule({"merge": [[1], 2, ["a"]]}) == [1, 2, "a"]
    assert eval_rule({"var": "user"}, {"user": {"id": 7, "tags": ["x"]}}) == {"id": 7, "tags": ["x"]}
    assert eval_rule({"/": [1, 2]}) == 0.5
    assert eval_rule({"+": ["1", 1]}) == 2 and isinstance(eval_rule({"+": ["1", 1]}), int)
    assert eval_rule({"cat": ["big ", 1e21]}) == "big 1e+21"
    assert eval_rule({"var": "missing"}) is None


def test_javascript_coercions_and_truthiness():
    assert eval_rule({"==": [1, "1"]}) is True
    assert eval_rule({"===": [1, "1"]}) is False
    assert eval_rule({"==": [None, 0]}) is False
    assert eval_rule({"==": [[1], "1"]}) is True
    assert eval_rule({"<": ["10", "9"]}) is True  # two strings compare as text
    assert eval_rule({"<": ["10", 9]}) is False
    assert eval_rule({"!!": [[]]}) is False and eval_rule({"!!": ["0"]}) is True
    assert eval_rule({"+": [" 12 ", "3px"]}) == 15  # parseFloat
    assert eval_rule({"*": ["2"]}) == "2"  # one argument is returned as it is


def test_strings_count_utf16_units_as_javascript_does():
    assert eval_rule({"var": "s.length"}, {"s": "😀a"}) == 3
    assert eval_rule({"substr": ["😀a", 2]}) == "a"
    assert eval_rule({"in": ["é", "café"]}) is True
    assert eval_rule({"cat": ["a\x00", "b"]}) == "a\x00b"


def test_what_javascript_would_fail_on_gives_none():
    assert eval_rule({"*": []}) is None
    assert eval_rule({"if": []}) is None
    assert eval_rule({"missing_some": [1]}) is None
    assert eval_rule({"/": [1, 0]}) is None  # Infinity has no JSON: null, as JSON.stringify writes it


def test_an_unknown_operator_is_a_located_schema_error():
    with pytest.raises(SchemaError) as raised:
        eval_rule({"or": [True, {"strats_with": [{"var": "email"}, "a"]}]})
    error = raised.value
    assert "unknown operator 'strats_with'; did you mean 'starts_with'?" in str(error)
    assert error.source == "<rule>" and error.path == "/or/1" and error.line == 1 and error.column > 1


def test_a_rule_too_deep_or_too_large_is_a_schema_error():
    deep = 1
    for _ in range(200):
        deep = [deep]
    with pytest.raises(SchemaError, match="nests deeper than 128"):
        eval_rule(deep)
    with pytest.raises(SchemaError, match="nests deeper than 128") as raised:
        eval_rule(1, deep)
    assert raised.value.source == "<data>"
    with pytest.raises(SchemaError, match="more than 65536 values"):
        eval_rule({"cat": list(range(70000))})


def test_values_json_cannot_hold_are_invalid_arguments():
    with pytest.raises(InvalidArgumentError, match="rule is not JSON"):
        eval_rule({"==": [float("nan"), 1]})
    with pytest.raises(InvalidArgumentError, match="data is not JSON"):
        eval_rule({"var": "a"}, {"a": {1, 2}})


def test_eval_rule_is_exported():
    assert "eval_rule" in xyzalert.__all__ and xyzalert.eval_rule is eval_rule


#: Rules whose every step converts a large value: without a charge by size
#: they cost O(N^2) in a budget of 1,000,000 steps (docs/rules.md §20.9).
N = 4_000
LONG_DIGITS = "1" * 64_000
LONG_VERSION = "1." * 32_000 + "0"


@pytest.mark.parametrize("rule", [
    {"map": [[0] * N, {"==": [[1] * N, "x"]}]},                     # an array made a string, N times
    {"map": [[0] * N, {"<": [[1] * N, 2]}]},
    {"map": [[0] * N, {"in": [[[1] * N], "x"]}]},
    {"map": [[0] * N, {"+": [LONG_DIGITS, 1]}]},                     # a long string made a number
    {"map": [[0] * N, {"-": [LONG_DIGITS, 1]}]},
    {"map": [[0] * N, {"cat": [[1] * N]}]},
    {"map": [[0] * N, {"sem_ver": [LONG_VERSION, "=", LONG_VERSION]}]},  # a long version parsed
    {"map": [[0] * N, {"starts_with": [LONG_DIGITS, LONG_DIGITS]}]},
], ids=["equal", "less", "in", "plus", "minus", "cat", "sem_ver", "starts_with"])
def test_every_conversion_is_charged_by_its_size(rule):
    """Each of these needs far more than the budget once conversions are
    charged by size: the rule gives null (as any rule past its budget)."""
    assert eval_rule(rule) is None
    small = {"map": [[0] * 3, rule["map"][1]]}
    assert eval_rule(small) is not None  # the same shape within the budget runs
