"""The Python scenario runner and `xyzalert simulate --format json` print
exactly the same trace for every scenario in examples/."""

import json
import subprocess

import pytest

import xyzalert
from conftest import REPO, cli_path

SCENARIOS = sorted(p for p in (REPO / "examples").glob("*.json") if '"steps"' in p.read_text())


def test_there_are_scenarios_to_compare():
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_python_runner_matches_the_c_tool(scenario):
    output = subprocess.run([str(cli_path()), "simulate", str(scenario), "--format", "json"],
                            check=True, capture_output=True, text=True).stdout
    expected = [json.loads(line) for line in output.splitlines()]
    assert xyzalert.run_scenario(scenario) == expected
    assert expected, "a scenario without events proves nothing"


def test_error_steps_match_too(tmp_path):
    scenario = tmp_path / "errors.json"
    scenario.write_text(json.dumps({
        "pages": {"home": {}, "me": {}},
        "alerts": [{"id": "a", "page": "home"}, {"id": "b", "page": "home", "actions": [{"id": "x", "title": "X"}]}],
        "steps": [{"dismiss": "a"}, {"appear": "home"}, {"add": "a"}, {"add": "a"}, {"add": "b"},
                  {"action": {"alert": "b", "index": 0}}, {"select": {"page": "home", "child": "me"}},
                  {"destroy": "home"}, {"flush": "home"}],
    }))
    output = subprocess.run([str(cli_path()), "simulate", str(scenario), "--format", "json"],
                            check=True, capture_output=True, text=True).stdout
    expected = [json.loads(line) for line in output.splitlines()]
    assert [event["code"] for event in expected if event["event"] == "error"] == \
        ["not_found", "duplicate", "state", "owner", "state"]
    assert xyzalert.run_scenario(scenario) == expected
