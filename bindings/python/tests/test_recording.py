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


#: Campaigns whose instances share ids, so that a second instance finishes
#: `duplicate` while the first is on screen, and with actions to trigger.
CAMPAIGN_SET = {
    "version": 1,
    "alerts": [{"id": "c", "title": "Rate us", "actions": [{"id": "yes", "title": "Yes"}, {"id": "no", "title": "No"}]},
               {"id": "tip", "title": "A tip", "duration": 4},
               {"id": "promo", "priority": 5, "exclusive": "cover", "on_duplicate": "update", "title": "Sale"}],
    "campaigns": [
        {"id": "rate", "alert": "c", "trigger": {"event": "done"}},
        {"id": "tips", "alert": "tip", "trigger": {"event": "idle"}, "delay": 2},
        {"id": "sale", "alert": "promo", "trigger": {"event": "open"},
         "audience": {"!=": [{"var": "plan"}, "pro"]}},
    ],
}


class SeenHost(xyzalert.Host):
    """What a host sees, as (event, alert or campaign) pairs; and a clock."""

    def __init__(self):
        self.seen = []
        self.clock = 0.0
        self.showing = []

    def now(self):
        return self.clock

    def show(self, alert, target, view):
        self.seen.append(("show", alert.id))
        self.showing.append(alert)

    def hide(self, alert, reason):
        self.seen.append(("hide", alert.id))

    def unhide(self, alert):
        self.seen.append(("unhide", alert.id))

    def remove(self, alert, reason):
        self.seen.append(("remove", alert.id))

    def finish(self, alert, reason):
        self.seen.append(("finish", alert.id, str(reason)))

    def action(self, alert, index, action_id):
        self.seen.append(("action", alert.id))

    def campaign(self, root, campaign, kind, reason, alert):
        self.seen.append((kind.name.lower(), campaign))


def replayed_pairs(events):
    kinds = {"show", "hide", "unhide", "remove", "finish", "action", "trigger", "skip", "control"}
    return [(e["event"], e["alert"]) + ((e["reason"],) if e["event"] == "finish" else ())
            for e in events if e["event"] in kinds]


SEED = 6501


def test_random_campaign_sessions_with_dismisses_and_actions_replay(tmp_path):
    """Random live sessions (fixed seed, printed on failure) of tracks,
    attributes, dismisses, actions, cancels and time, recorded and
    replayed through the tool: the replay delivers what the host saw."""
    rng = __import__("random").Random(SEED)
    alerts = xyzalert.AlertSet.loads(json.dumps(CAMPAIGN_SET))
    diverged = []
    for session in range(60):
        host = SeenHost()
        home = xyzalert.Dispatch(host, name="home")
        home.set_campaigns(alerts)
        home.start_recording()
        home.page_did_appear()
        for _ in range(rng.randint(5, 25)):
            live = [a for a in host.showing if a.state in (xyzalert.State.SHOWING, xyzalert.State.HIDDEN)]
            move = rng.random()
            if move < 0.35:
                home.track(rng.choice(["done", "done", "idle", "open"]))
            elif move < 0.45:
                home.set_attribute("plan", rng.choice(["free", "pro"]))
            elif move < 0.65 and live:
                rng.choice(live).dismiss()
            elif move < 0.8 and live:
                target = rng.choice(live)
                if target.state is xyzalert.State.SHOWING and target.id == "c":
                    target.trigger_action(rng.randrange(2))
            elif move < 0.85 and live:
                rng.choice(live).cancel()
            else:
                host.clock += rng.choice([0.5, 1, 3, 10])
                home.tick()
        recording = home.recording()
        home.stop_recording()
        seen = list(host.seen)
        home.close()  # (its events are not part of the recording)
        replay_events = replay(tmp_path, recording)
        if replayed_pairs(replay_events) != seen:
            diverged.append(session)
    assert not diverged, f"seed {SEED}: sessions {diverged} of 60 replay differently"
