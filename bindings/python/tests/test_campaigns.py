"""Campaigns (docs/rules.md §21) through the Python API: attaching a set,
tracking events, attributes, Host.campaign, Alert.campaign, and bad input
that changes nothing."""

import json

import pytest

import xyzalert
from xyzalert import AlertSet, CampaignEvent, Dispatch, EndReason, History, Host, WhyCode

SET = json.dumps({
    "alerts": [{"id": "rate", "title": "Enjoying it?", "exclusive": "cover"}, {"id": "tip"}],
    "campaigns": [
        {"id": "rate", "alert": "rate", "trigger": {"event": "done", "count": 2},
         "audience": {"!": {"var": "rated"}}, "delay": 5, "cancel_on": {"event": "started"}},
        {"id": "tips", "alert": "tip", "trigger": {"event": "help", "where": {"==": [{"var": "event.topic"}, "caps"]}}},
        {"id": "new", "alert": "tip", "trigger": {"event": "version_changed"}},
    ],
})


class Log(Host):
    def __init__(self):
        self.lines = []
        self.clock = 0.0
        self.instances = []

    def now(self):
        return self.clock

    def show(self, alert, target, view):
        self.lines.append(f"show {alert.id}")

    def finish(self, alert, reason):
        self.lines.append(f"finish {alert.id} {reason}")

    def campaign(self, root, campaign, kind, reason, alert):
        assert isinstance(root, Dispatch) and isinstance(kind, CampaignEvent)
        if alert is not None:
            assert alert.campaign == campaign and alert.variant is None
            self.instances.append(alert)
        self.lines.append(f"{kind} {campaign}" + (f" {reason}" if reason else ""))

    def take(self):
        lines, self.lines = self.lines, []
        return lines


def page():
    log = Log()
    home = Dispatch(log, name="home")
    home.page_did_appear()
    home.set_campaigns(AlertSet.loads(SET))
    return home, log


def test_track_counts_delays_and_reports():
    home, log = page()
    home.track("done")
    home.track("done", {"tasks": 2})
    assert log.take() == ["trigger rate"]
    why = log.instances[0].why()
    assert why.code == WhyCode.TRIGGER_DELAY and why.until == 5
    home.track("started")
    assert log.take() == ["finish rate cancelled"]
    home.track("help", {"topic": "other"})
    home.track("help", {"topic": "caps"})
    assert log.take() == ["trigger tips", "show tip"]


def test_attributes_audiences_and_ineligible_instances():
    home, log = page()
    home.set_attribute("rated", True)
    home.track("done")
    home.track("done")
    assert log.take() == ["skip rate audience"]
    home.remove_attribute("rated")
    home.track("done")
    home.track("done")
    home.set_attribute("rated", 1)
    assert log.take() == ["trigger rate", "finish rate ineligible"]
    assert home.attributes == {"rated": 1}
    home.set_attributes({"plan": None, "app_version": "1.0"})
    assert home.attributes == {"rated": 1, "plan": None, "app_version": "1.0"}
    home.set_attribute("app_version", "1.1")
    assert log.take() == ["trigger new", "show tip"]
    assert EndReason.INELIGIBLE.name == "INELIGIBLE"


def test_counts_persist_in_the_history():
    home, log = page()
    history = History(lambda: 0.0)
    home.history = history
    home.track("done")
    saved = history.save()
    assert json.loads(saved)["version"] == 2 and json.loads(saved)["campaigns"] == {"rate": {"triggers": [1]}}
    other, log2 = page()
    restored = History(lambda: 0.0)
    restored.loads(saved)
    other.history = restored
    other.track("done")
    assert log2.take() == ["trigger rate"]


def test_bad_input_is_an_error_and_changes_nothing():
    home, log = page()
    home.set_attribute("plan", "free")
    with pytest.raises(ValueError):
        home.track("done", {"bad": float("nan")})
    with pytest.raises(TypeError):
        home.track("done", ["not", "an", "object"])
    with pytest.raises(xyzalert.InvalidArgumentError):
        home.track("")
    child = Dispatch(Log(), name="child")
    child.parent = home
    with pytest.raises(xyzalert.StateError):
        child.set_attribute("plan", "paid")
    with pytest.raises(xyzalert.SchemaError) as raised:
        AlertSet.loads('{"alerts": [], "campaigns": [{"id": "c", "alert": "missing", "trigger": {"event": "e"}}]}')
    assert raised.value.path == "/campaigns/0/alert"
    assert home.attributes == {"plan": "free"} and log.take() == []
    # Nothing happened: the counts did not move either.
    home.track("done")
    assert log.take() == []
    home.track("done")
    assert log.take() == ["trigger rate"]


def test_a_version_1_history_with_campaign_counts_is_refused_and_changes_nothing():
    history = History(lambda: 0.0)
    history.loads('{"version": 2, "session": 3, "keys": {}, "campaigns": {"c": {"triggers": [4], "cancel_on": [1]}}, '
                  '"app_version": "2.0"}')
    before = history.save()
    assert json.loads(before)["campaigns"] == {"c": {"triggers": [4], "cancel_on": [1]}}
    with pytest.raises(xyzalert.SchemaError) as raised:
        history.loads('{"version": 1, "session": 2, "keys": {}, "campaigns": {"c": {"triggers": [1]}}}')
    assert raised.value.path == "/campaigns"
    with pytest.raises(xyzalert.SchemaError):
        history.loads('{"version": 2, "campaigns": {"c": {"triggers": [-1]}}}')
    assert history.save() == before
    # A 0.3 history (version 1) still loads.
    history.loads('{"version": 1, "session": 7, "keys": {}}')
    assert json.loads(history.save()) == {"version": 1, "session": 7, "keys": {}}
