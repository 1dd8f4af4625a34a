"""Rules on their own: JsonLogic with flagd's operators (docs/rules.md,
"Rules")."""

import ctypes
import json
from dataclasses import dataclass
from typing import Any, Optional, Tuple

from . import _check, _lib
from ._lib import lib


def eval_rule(rule: Any, data: Any = None) -> Any:
    """The result of `rule` (a JsonLogic rule as Python values: dicts,
    lists, strings, numbers, booleans, None) on `data` (None: null), as
    Python values. Raises SchemaError for an unknown operator (naming the
    nearest known one) or a rule or data nested too deep or too large (its
    ``source`` is "<rule>" or "<data>", with line, column and ``path``),
    InvalidArgumentError for values JSON cannot hold (NaN, sets, objects,
    nesting deeper than Python's JSON writer goes).
    Evaluating never raises: what JsonLogic's JavaScript reference would
    fail on gives None. Safe on any thread."""
    return _evaluate(rule, data, "eval_rule")[0]


@dataclass(frozen=True)
class RuleExplanation:
    """A rule's result and, when it is falsy, why (:func:`explain_rule`)."""

    #: The result, as :func:`eval_rule` gives it.
    result: Any
    #: The smallest part of the rule that fails, with the values it read
    #: (docs/rules.md §20, "Explaining a rule"); None when the result is truthy.
    failing: Optional[str]


def explain_rule(rule: Any, data: Any = None) -> RuleExplanation:
    """:func:`eval_rule`, and why a falsy result is falsy: the first failing
    part of an ``and``, the branch an ``if`` took, every part of an ``or``,
    else the operator with its arguments' values; a variable the data lacks
    is named, with the nearest name it has. The result is eval_rule's:
    explaining changes nothing. Raises as eval_rule."""
    result, failing = _evaluate(rule, data, "explain_rule")
    return RuleExplanation(result, failing)


def _evaluate(rule: Any, data: Any, caller: str) -> Tuple[Any, Optional[str]]:
    rule_text, data_text = _check.json_text(rule, f"{caller}: rule"), _check.json_text(data, f"{caller}: data")
    result = ctypes.c_void_p()
    explanation = ctypes.c_void_p()
    error = _lib.Error()
    if caller == "eval_rule":
        status = lib.xyz_rule_eval_json(rule_text, data_text, ctypes.byref(result), ctypes.byref(error))
    else:
        status = lib.xyz_rule_explain_json(rule_text, data_text, ctypes.byref(result), ctypes.byref(explanation),
                                           ctypes.byref(error))
    if status:
        _lib.raise_load_error(error)
    if not result.value:
        raise MemoryError(f"{caller}: no memory for the result")
    failing = _lib.take_string(explanation.value) if explanation.value else None
    return json.loads(_lib.take_string(result.value)), failing
