"""Experiments, test campaigns and set updates (docs/rules.md §22) through
the Python API: the variant choice is the library's (identical to the C
tool's counts), kept per user; control instances; set replacement."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import xyzalert
from xyzalert import AlertSet, CampaignEvent, Dispatch, EndReason, Host

REPO = Path(__file__).resolve().parents[3]
HALF = REPO / "examples" / "experiments" / "sets" / "half-and-half.json"


def test_the_split_is_the_c_tools_split_and_within_one_percent():
    counts = {"A": 0, "B": 0}
    alerts = AlertSet.load(HALF)
    assert alerts.campaign_ids == ["first-order"] and alerts.variants("first-order") == ["A", "B"]
    for n in range(1, 10001):
        counts[alerts.choose_variant("first-order", f"user-{n}")] += 1
    assert all(4900 <= c <= 5100 for c in counts.values()), counts
    tool = os.environ.get("XYZALERT_CLI", "xyzalert")
    out = subprocess.run([tool, "variants", "--users", "10000", str(HALF)], check=True, capture_output=True,
                         text=True).stdout
    printed = {line.split()[0]: int(line.split()[1]) for line in out.splitlines()[2:]}
    assert printed == counts


class Log(Host):
    def __init__(self):
        self.lines = []

    def show(self, alert, target, view):
        self.lines.append(f"show {alert.id} {alert.variant}")

    def finish(self, alert, reason):
        self.lines.append(f"finish {alert.id} {reason}")

    def campaign(self, root, campaign, kind, reason, alert):
        self.lines.append(f"{kind} {campaign} {reason or (alert.variant if alert else None) or '-'}")


SET = {
    "campaigns_version": "1",
    "alerts": [{"id": "offer", "title": "20% off"}, {"id": "later"}],
    "campaigns": [
        {"id": "discount", "alert": "offer", "trigger": {"event": "cart"},
         "variants": [{"id": "real", "weight": 1}, {"id": "holdout", "weight": 1, "control": True}]},
        {"id": "later", "alert": "later", "trigger": {"event": "cart"}, "delay": 30},
    ],
}


def test_control_instances_and_a_replaced_set():
    alerts = AlertSet.loads(json.dumps(SET))
    assert alerts.campaigns_version == "1"
    holdout = next(u for u in (f"u{n}" for n in range(100)) if alerts.choose_variant("discount", u) == "holdout")
    log = Log()
    home = Dispatch(log, name="home")
    home.page_did_appear()
    home.set_campaigns(alerts)
    home.track("cart")
    assert log.lines == ["skip discount no_user", "trigger later -"]
    log.lines.clear()
    home.set_attribute("user_id", holdout)
    home.set_campaigns(AlertSet.loads(json.dumps({**SET, "campaigns": SET["campaigns"][:1]})))
    assert log.lines == ["finish later withdrawn"]
    log.lines.clear()
    home.track("cart")
    assert log.lines == ["trigger discount holdout", "control discount holdout", "finish offer control"]
    assert str(EndReason.WITHDRAWN) == "withdrawn" and str(CampaignEvent.CONTROL) == "control"


def test_unknown_campaigns_are_clear_errors():
    alerts = AlertSet.load(HALF)
    with pytest.raises(xyzalert.NotFoundError, match="no campaign 'nope'"):
        alerts.choose_variant("nope", "u")
