"""Rules on their own: JsonLogic with flagd's operators (docs/rules.md,
"Rules")."""

import ctypes
import json
from typing import Any

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
    rule_text, data_text = _check.json_text(rule, "eval_rule: rule"), _check.json_text(data, "eval_rule: data")
    result = ctypes.c_void_p()
    error = _lib.Error()
    status = lib.xyz_rule_eval_json(rule_text, data_text, ctypes.byref(result), ctypes.byref(error))
    if status:
        _lib.raise_load_error(error)
    if not result.value:
        raise MemoryError("eval_rule: no memory for the result")
    return json.loads(_lib.take_string(result.value))
