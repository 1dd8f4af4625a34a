"""The playground explains campaigns (docs/playground.md): each step's own
campaign events with why a skip or miss happened, the user's local time,
step labels and times on the timeline, distinct marks for test triggers,
misses and ends a rule made, and a legend."""

import json
import re
from pathlib import Path

from xyzalert.playground.simulate import simulate
from xyzalert.playground.timeline import ENDS, end_kind

REPO = Path(__file__).resolve().parents[3]
SHOP = (REPO / "examples" / "campaigns" / "shop-upsell.json").read_text()


def test_a_step_lists_its_own_campaign_events_with_why():
    steps = simulate(SHOP)["steps"]
    assert steps[1]["campaigns"] == [{"event": "miss", "alert": "upsell", "reason": "where",
                                      "why": ">=(event.order_number = 2, 3) is false"}]
    assert steps[2]["campaigns"] == [{"event": "skip", "alert": "upsell", "reason": "audience",
                                      "why": 'sem_ver(app_version = "2.3.9", ">=", "2.4") is false'}]
    assert steps[3]["campaigns"] == []  # the skip of step 2 is not this step's
    assert steps[4]["campaigns"] == [{"event": "trigger", "alert": "upsell", "variant": "a"}]


def test_misses_are_events_but_not_expect_lines():
    result = simulate(SHOP)
    assert any(e["event"] == "miss" for e in result["events"])
    assert not any(" miss " in line for line in result["expect"])
    assert result["expect"] == json.loads(SHOP)["expect"]


def test_times_are_the_users_local_time():
    steps = simulate(SHOP)["steps"]
    assert steps[0]["local"] == "Tue 07:00:00" and steps[0]["clock"] == 0
    assert steps[6]["local"] == "Tue 08:00:05" and steps[6]["clock"] == 3605
    assert steps[4]["label"] == "track order_completed" and steps[3]["label"] == "set app_version"


def test_the_timeline_has_times_labels_marks_and_a_legend():
    svg = simulate(SHOP)["svg"]
    times = re.findall(r'<text class="time"[^>]*>([^<]*)</text>', svg)
    assert times == ["Tue 07:00", "Tue 08:00"]  # only where the time moved past the minute shown
    labels = re.findall(r'<text class="label"[^>]*>([^<]*)</text>', svg)
    assert labels[:3] == ["appear shop", "track order_comp", "track order_comp"] and len(labels) == 12
    assert svg.count('<circle class="test"') == 1 and svg.count('<circle class="miss"') == 1
    assert svg.count('<circle class="trigger"') == 2 and svg.count('<circle class="skip"') == 1
    assert svg.count('class="end held"') == 1 and svg.count('class="end user"') == 2
    legend = re.findall(r'<g class="legend"[^>]*>.*?<text x="20">([^<]*)</text></g>', svg)
    assert legend == ["waiting", "ready", "showing", "hidden", "trigger", "test trigger", "skip", "miss",
                      ENDS["held"][2], ENDS["user"][2]]


def test_ends_a_rule_made_look_apart_from_the_users():
    assert {reason: end_kind(reason) for reason in ("capped", "dismissed", "control", "ineligible", "timeout")} == {
        "capped": "held", "dismissed": "user", "control": "control", "ineligible": "held", "timeout": "user"}
    assert len({glyph for glyph, _, _ in ENDS.values()}) == 3


def test_without_a_wall_clock_times_are_seconds():
    document = {"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "duration": 2}],
                "steps": [{"appear": "p"}, {"add": "a"}, {"advance": 90}, {"advance": 30}]}
    result = simulate(json.dumps(document))
    assert re.findall(r'<text class="time"[^>]*>([^<]*)</text>', result["svg"]) == ["0s", "90s", "120s"]
    assert [s["local"] for s in result["steps"]] == [None] * 4
