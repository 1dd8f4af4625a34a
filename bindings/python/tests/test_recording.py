"""Recording (docs/formats.md, "Recordings") through the bindings: every
example, played by the Python runner with its first page's domain
recorded, replays through ``xyzalert simulate`` to the events the Python
host saw; and the methods' errors."""

import json
import subprocess

import pytest

import xyzalert
from conftest import REPO, cli_path

SCENARIOS = sorted(p for p in [*(REPO / "examples").glob("*.json"), *(REPO / "examples" / "caps").glob("*.json"),
                                *(REPO / "examples" / "timing").glob("*.json"),
                                *(REPO / "examples" / "stacks").glob("*.json"),
                                *(REPO / "examples" / "coming-from").glob("*.json")]
                   if '"steps"' in p.read_text())


def replay(tmp_path, recording):
    path = tmp_path / "recording.json"
    path.write_text(recording)
    output = subprocess.run([str(cli_path()), "simulate", str(path), "--format", "json"],
                            check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.splitlines()]


def without_steps(events):
    """The events a host sees, in order: no step numbers (a recording has
    steps of its own) and no error events (failed calls are return codes)."""
    return [{k: v for k, v in event.items() if k != "step"} for event in events if event["event"] != "error"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_section15_a_recorded_example_replays_to_the_same_events(scenario, tmp_path):
    events, recording = xyzalert.record_scenario(scenario)
    assert events, "a scenario without events proves nothing"
    assert without_steps(replay(tmp_path, recording)) == without_steps(events)


def test_section15_a_hand_driven_session_replays(tmp_path, recorder):
    with xyzalert.Dispatch(recorder, name="home") as home:
        home.start_recording()
        home.page_did_appear()
        nameless = xyzalert.Alert(None, priority=3, title="Hi")
        login = xyzalert.Alert("login", priority=9, exclusive=xyzalert.Exclusive.HIDE_OTHERS,
                               actions=[xyzalert.Action("ok", "OK")])
        home.add([nameless, login])
        nameless.title = "Hi again"  # queued behind the login: no update event
        login.trigger_action(0)
        nameless.title = "Hi at last"  # on screen: an update
        nameless.dismiss()
        recording = home.recording()
        home.stop_recording()
        assert home.recording() == recording  # stopped: still readable
    seen = [line for line in recorder.take()]
    replayed = replay(tmp_path, recording)
    assert [(e["event"], e["alert"]) for e in replayed] == [
        ("show", "login"), ("action", "login"), ("remove", "login"), ("finish", "login"),
        ("show", "#1"), ("announce", "#1"), ("update", "#1"), ("announce", "#1"), ("finish", "#1")]
    # (The recorder logs no announcements; the replay's runner does.)
    assert len(seen) == len([e for e in replayed if e["event"] != "announce"])
    assert json.loads(recording)["alerts"][0] == {"name": "#1", "page": "home", "priority": 3, "title": "Hi"}


def test_section15_recording_errors_say_what(recorder):
    with xyzalert.Dispatch(recorder, name="home") as home:
        with pytest.raises(xyzalert.StateError, match="no recording was started"):
            home.recording()
        with pytest.raises(xyzalert.StateError):
            home.stop_recording()
        home.add(xyzalert.Alert("a"))
        with pytest.raises(xyzalert.StateError, match="live alert"):
            home.start_recording()


def test_section15_the_python_runner_refuses_a_recordings_steps(tmp_path):
    _, recording = xyzalert.record_scenario(REPO / "examples" / "toasts.json")
    path = tmp_path / "recording.json"
    path.write_text(recording)
    with pytest.raises(ValueError, match="xyzalert simulate does"):
        xyzalert.run_scenario(path)
