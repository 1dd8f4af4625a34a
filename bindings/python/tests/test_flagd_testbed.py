"""flagd's test bed (Tests/rules/flagd: targeting.feature and the flag files
it names) through xyzalert.eval_rule: each scenario's flag is resolved the
way flagd resolves one (docs/rules.md, "Rules"), its targeting evaluated by
our rules. Run: every scenario of the feature but those listed in SKIPPED."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import xyzalert
from conftest import REPO

BED = REPO / "Tests" / "rules" / "flagd"

#: Tags whose examples are not run, and why.
SKIPPED = {
    # flagd's older float bucketing (abs(hash) / i32::MAX * 100), replaced
    # by the "v2" integer bucketing that flagd's Go core runs.
    "@fractional-v1",
    # The test bed's newer bucketing, which hashes non-string values too;
    # flagd's Go core does not run it yet (docs/rules.md).
    "@fractional-v3",
    # "$ref" to shared "$evaluators" is flag-file syntax, not a rule.
    "@evaluator-refs",
}
#: Scenarios not run (untagged in the feature), and why.
SKIPPED_SCENARIOS = {
    # Its flags share rules through "$ref" (as @evaluator-refs).
    "Evaluator reuse",
}


def flags() -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for path in sorted(BED.glob("*.json")):
        out.update(json.loads(path.read_text(encoding="utf-8"))["flags"])
    return out


def cases() -> List[Tuple[str, List[str]]]:
    """(name, steps) per example of every scenario not skipped."""
    lines = (BED / "targeting.feature").read_text(encoding="utf-8").splitlines()
    out: List[Tuple[str, List[str]]] = []
    tags: List[str] = []
    scenario_tags: List[str] = []
    name, steps, header, example_tags = "", [], None, []

    def emit(values: Dict[str, str]) -> None:
        if SKIPPED & set(scenario_tags + example_tags) or name in SKIPPED_SCENARIOS:
            return
        filled = [re.sub(r"<([^>]+)>", lambda m: values[m.group(1)], step) for step in steps]
        out.append((f"{name} {values}" if values else name, filled))

    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if line.startswith("@"):
            tags += line.split()
        elif line.startswith("Scenario"):
            if steps and header is None and name:
                emit({})
            scenario_tags, tags, example_tags = tags, [], []
            name, steps, header = line.split(":", 1)[1].strip(), [], None
        elif line.startswith("Examples"):
            example_tags, tags, header = tags, [], None
        elif line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if header is None:
                header = cells
            else:
                emit(dict(zip(header, cells)))
        elif re.match(r"(Given|And|When|Then) ", line) and name:
            if header is not None:  # a step after examples: a new scenario follows
                header = None
            steps.append(line)
        elif line.startswith("Feature") or line.startswith("Background"):
            tags = []
    if steps and header is None and name:
        emit({})
    return out


def typed(kind: str, value: str) -> Any:
    return {"String": lambda v: v, "Integer": int, "Float": float, "Boolean": lambda v: v == "true",
            "Object": json.loads}[kind](value)


def resolve(flag: Dict[str, Any], key: str, context: Dict[str, Any]) -> Tuple[Any, str, str]:
    """(value or None for the caller's default, reason, error code), as
    flagd's evaluator resolves a flag."""
    targeting = flag.get("targeting")
    variants, default = flag["variants"], flag.get("defaultVariant")
    if not targeting:  # absent or {}
        return variants.get(default), "STATIC", ""
    data = dict(context, **{"$flagd": {"flagKey": key, "timestamp": int(time.time())}})
    try:
        result = xyzalert.eval_rule(targeting, data)
        # Explained, the result is the same, and an explanation comes
        # exactly with a falsy one (docs/rules.md §20).
        explained = xyzalert.explain_rule(targeting, data)
    except xyzalert.SchemaError:
        return None, "ERROR", "PARSE_ERROR"
    assert explained.result == result
    assert (explained.failing is None) == (result not in (None, False, 0, "", [])), explained
    if result is None:
        return variants.get(default), "DEFAULT", ""
    variant = json.dumps(result).replace('"', "")
    if variant not in variants:
        return None, "ERROR", "GENERAL"
    return variants[variant], "TARGETING_MATCH", ""


CASES = cases()


def test_the_feature_yields_the_scenarios_it_has():
    # A parser that dropped scenarios would pass the rest: the count of
    # examples run is the feature's, less the skipped tags'.
    assert len(CASES) == 89


@pytest.mark.parametrize("name, steps", CASES, ids=[c[0] for c in CASES])
def test_scenario(name: str, steps: List[str]) -> None:
    all_flags = flags()
    context: Dict[str, Any] = {}
    flag_type = key = default = None
    value = reason = error = None
    for step in steps:
        if m := re.search(r'a (\w+)-flag with key "([^"]*)" and a default value "([^"]*)"', step):
            flag_type, key, default = m.groups()
        elif m := re.search(r'a key "([^"]*)", with type "(\w+)" and with value "([^"]*)"', step):
            context[m.group(1)] = typed(m.group(2), m.group(3))
        elif m := re.search(r'outer key "([^"]*)" and inner key "([^"]*)", with value "([^"]*)"', step):
            context.setdefault(m.group(1), {})[m.group(2)] = m.group(3)
        elif m := re.search(r'a targeting key with value "([^"]*)"', step):
            context["targetingKey"] = m.group(1)
        elif "was evaluated" in step:
            assert key in all_flags, f"flag {key} is not in {BED}"
            resolved, reason, error = resolve(all_flags[key], key, context)
            value = typed(flag_type, default) if resolved is None else resolved
        elif m := re.search(r'resolved details value should be "([^"]*)"', step):
            assert value == typed(flag_type, m.group(1)), step
        elif m := re.search(r'reason should be "([^"]*)"', step):
            assert reason == m.group(1), step
        elif m := re.search(r'error-code should be "([^"]*)"', step):
            assert error == m.group(1), step
        else:
            assert re.search(r"an option|a stable flagd provider", step), f"unknown step: {step}"
