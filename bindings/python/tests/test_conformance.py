"""The Python scenario runner and `xyzalert simulate --format json` print
exactly the same trace for every scenario in examples/."""

import json
import subprocess

import pytest

import xyzalert
from conftest import REPO, cli_path

SCENARIOS = sorted(p for p in [*(REPO / "examples").glob("*.json"), *(REPO / "examples" / "caps").glob("*.json"),
                                *(REPO / "examples" / "timing").glob("*.json"),
                                *(REPO / "examples" / "stacks").glob("*.json"),
                                *(REPO / "examples" / "coming-from").glob("*.json"),
                                *(REPO / "examples" / "campaigns").glob("*.json"),
                                *(REPO / "examples" / "calendars").glob("*.json"),
                                *(REPO / "examples" / "experiments").glob("*.json")]
                   if '"steps"' in p.read_text())


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


def _tool_trace(scenario):
    output = subprocess.run([str(cli_path()), "simulate", str(scenario), "--format", "json"],
                            check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.splitlines()]


def test_every_update_field_after_alerts_and_alerts_without_id_match(tmp_path):
    """What the runner once skipped or printed otherwise: update steps that
    clear a field (null), clear the actions, add one or set meta; alerts
    that depend on another alert's latest instance (after_alerts); alerts
    without an id, which the trace names by their name in the file."""
    scenario = tmp_path / "all.json"
    scenario.write_text(json.dumps({
        "pages": {"home": {}},
        "alerts": [
            {"id": "a", "page": "home", "title": "Hello", "message": "m", "meta": {"k": 1},
             "actions": [{"id": "ok", "title": "OK"}]},
            {"name": "nameless", "page": "home", "after_alerts": ["a"], "title": "After a"},
            {"name": "second", "page": "home", "priority": 9, "exclusive": "cover"},
        ],
        "steps": [
            {"appear": "home"}, {"add": ["a", "nameless"]},
            {"update": {"alert": "a", "title": None}}, {"update": {"alert": "a", "message": None}},
            {"update": {"alert": "a", "clear_actions": True}},
            {"update": {"alert": "a", "add_action": {"id": "x", "title": "X", "style": "destructive"}}},
            {"update": {"alert": "a", "meta": {"k": 2}}}, {"update": {"alert": "a", "meta": None}},
            {"action": {"alert": "a", "index": 0}}, {"add": "second"}, {"dismiss": "second"},
        ],
    }))
    expected = _tool_trace(scenario)
    events = [(event["event"], event["alert"]) for event in expected]
    assert events.count(("update", "a")) == 6 and ("show", "nameless") in events and ("show", "second") in events
    assert xyzalert.run_scenario(scenario) == expected


FUZZED = sorted(path for path in (REPO / "Tests" / "fuzz" / "corpus" / "load").glob("*.json")
                if subprocess.run([str(cli_path()), "check", str(path)], capture_output=True).returncode == 0
                and '"steps"' in path.read_text(errors="replace"))


@pytest.mark.parametrize("scenario", FUZZED, ids=lambda p: p.stem)
def test_the_python_runner_matches_the_tool_over_the_fuzz_corpus(scenario):
    assert xyzalert.run_scenario(scenario) == _tool_trace(scenario)


def test_an_advance_past_the_largest_finite_time_is_an_error_event_in_both(tmp_path):
    """docs/rules.md §12: the clock stays finite; the runner does not hang."""
    scenario = tmp_path / "overflow.json"
    scenario.write_text(json.dumps({
        "pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "duration": 5}],
        "steps": [{"appear": "p"}, {"advance": 1e308}, {"advance": 1e308}, {"add": "a"}, {"advance": 10}],
    }))
    expected = _tool_trace(scenario)
    assert expected[0] == {"step": 2, "event": "error", "code": "invalid", "message":
                           "advance 1e+308s would take the clock past the largest finite time; it stays at 1e+308"}
    assert [event["event"] for event in expected[1:]] == ["show", "remove", "finish"]
    assert xyzalert.run_scenario(scenario) == expected


def test_a_note_step_is_a_note_event_in_both(tmp_path):
    scenario = tmp_path / "note.json"
    scenario.write_text(json.dumps({
        "pages": {"home": {}}, "alerts": [{"id": "a", "page": "home"}],
        "steps": [{"appear": "home"}, {"note": "the user opens the app"}, {"add": "a"}],
    }))
    expected = _tool_trace(scenario)
    assert {"step": 1, "event": "note", "text": "the user opens the app"} in expected
    assert xyzalert.run_scenario(scenario) == expected
    step = xyzalert.Scenario.load(scenario).steps[1]
    assert (step.kind, step.message) == (xyzalert.StepKind.NOTE, "the user opens the app")
