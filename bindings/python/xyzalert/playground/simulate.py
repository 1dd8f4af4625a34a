"""One simulation of the playground: a scenario's text in, everything the
page shows out (a dict ready for JSON). Runs in a worker process
(``worker.py``) so that the server can stop one that takes too long."""

from __future__ import annotations

import datetime
import json
import math
from typing import Any, Dict, List, Optional, Set

from .. import ParseError, Scenario, ScenarioPlayer, Step, StepKind, XYZAlertError
from . import timeline

#: The most steps a document may have.
MAX_STEPS = 10_000
#: The most virtual time its steps may let pass, in all (366 days): a
#: scenario that advances further would wake every deadline on the way.
MAX_SECONDS = 366 * 86_400.0


#: Trace events whose "alert" is not an alert's name (or that have none).
NOT_AN_ALERT = frozenset({"note", "error", "trigger", "skip", "miss", "control", "campaigns"})
#: The campaign events a step lists with its reasons.
CAMPAIGN_EVENTS = ("trigger", "skip", "miss", "control", "campaigns")


class Refused(Exception):
    """A document the playground will not simulate (too many steps, too long a time)."""


def expect_line(event: Dict[str, Any]) -> Optional[str]:
    """The event as a line of a scenario's "expect" list (None for a note,
    and for a miss: the playground explains, and the tool's default trace,
    which expect lists are, has none)."""
    kind, step = event["event"], event["step"]
    alert = event.get("alert", "-")
    if kind in ("note", "miss"):
        return None
    if kind == "show":
        detail = [event["page"]] + ([event["target"]] if event.get("target", "page") != "page" else [])
        detail += [f"lane:{event['lane']}"] if "lane" in event else []
    elif kind in ("hide", "remove", "finish", "skip"):
        detail = [event["reason"]]
    elif kind == "move":
        dy = float(event["dy"])
        text = f"{dy:.15g}"
        detail = [text if float(text) == dy else f"{dy:.17g}"]
    elif kind == "action":
        detail = [event["action"]]
    elif kind == "error":
        alert, detail = "-", [event["code"]]
    elif kind == "announce":
        detail = [event["politeness"]]
    elif kind in ("trigger", "control"):
        detail = [event["variant"]] if "variant" in event else []
    elif kind == "campaigns":
        alert, detail = "-", [event["version"]] if event.get("version") else []
    else:  # unhide, update
        detail = []
    return " ".join([str(step), kind, alert] + detail)


def _check_limits(scenario: Scenario) -> None:
    if len(scenario.steps) > MAX_STEPS:
        raise Refused(f"the scenario has {len(scenario.steps)} steps; the playground plays at most {MAX_STEPS}")
    seconds = 0.0
    for number, step in enumerate(scenario.steps):
        if step.kind == StepKind.ADVANCE:
            seconds += step.duration
            if not math.isfinite(seconds) or seconds > MAX_SECONDS:
                raise Refused(f"step {number} lets the scenario's time pass {seconds:g} s; the playground plays "
                              f"at most {MAX_SECONDS:g} s (366 days) in all")


def _reasons(player: ScenarioPlayer, names: List[str], ended: Set[str]) -> List[Dict[str, Any]]:
    """The alerts live after a step and those that ended in it: state and
    why, as the page lists them (one that ended before is no reason here)."""
    out = []
    for name in names:
        alert = player.latest(name)
        if alert is not None and (alert.state.name != "FINISHED" or name in ended):
            why = alert.why()
            out.append({"alert": name, "state": alert.state.name.lower(), "code": why.code.name.lower(),
                        "sentence": why.sentence})
    return out


def label(step: Step) -> str:
    """A step as the timeline names it: its kind and what it acts on."""
    kind = step.kind.name.lower()
    if step.kind == StepKind.ADVANCE:
        return f"advance {step.duration:g}s"
    if step.kind in (StepKind.TRACK, StepKind.SET_ATTRIBUTE):
        return f"{'track' if step.kind == StepKind.TRACK else 'set'} {step.id}"
    if step.kind == StepKind.ADD:
        return " ".join(["add", *step.alerts])
    what = step.alert or step.page or step.id
    return f"{kind} {what}" if what else kind


def local_time(wall: float, offset: float) -> str:
    """The user's local time at `wall`, as the tool prints it ("Tue 08:00:00")."""
    moment = datetime.datetime.fromtimestamp(math.floor(wall + offset), datetime.timezone.utc)
    return moment.strftime("%a %H:%M:%S")


def _test_campaigns(text: str) -> Set[str]:
    """The ids of the document's test campaigns (their triggers are marked apart)."""
    try:
        campaigns = json.loads(text).get("campaigns", [])
        return {c["id"] for c in campaigns if isinstance(c, dict) and c.get("test") is True and "id" in c}
    except (ValueError, AttributeError, TypeError):
        return set()


def simulate(text: str) -> Dict[str, Any]:
    """The document's trace ("events", campaign misses and the why of skips,
    misses and finishes included: ``xyzalert simulate --explain``'s), its
    "expect" lines (the tool's default trace: no misses), one entry per step
    ("steps": what the step was, its "label", the virtual "clock" and, with
    a wall clock, the user's "local" time, the reasons of the alerts live
    after it and of those that ended in it, and its "campaigns" events) and
    the SVG timeline; or "error": its message, and for a document that does
    not load its "line", "column" and JSON "pointer"."""
    try:
        scenario = Scenario.loads(text)
    except ParseError as error:
        return {"error": {"message": error.message, "line": error.line, "column": error.column,
                          "pointer": error.path}}
    except XYZAlertError as error:
        return {"error": {"message": str(error)}}
    try:
        _check_limits(scenario)
    except Refused as refused:
        scenario.close()
        return {"error": {"message": str(refused)}}
    names = list(scenario.alerts.ids)
    wall_clock = scenario.wall_clock
    try:
        player = ScenarioPlayer(scenario, explain=True)
    except XYZAlertError as error:
        scenario.close()
        return {"error": {"message": str(error)}}
    steps = []
    known = set(names)
    try:
        while not player.done:
            number, seen = player.played, len(player.events)
            step = player.step()
            mine = player.events[seen:]  # this step's events only
            for event in mine:
                if event["event"] not in NOT_AN_ALERT and event["alert"] not in known:
                    names.append(event["alert"])  # an instance a campaign made
                    known.add(event["alert"])
            ended = {e["alert"] for e in mine if e["event"] == "finish"}
            wall = wall_clock + player.clock
            entry = {"step": number, "kind": step.kind.name.lower(), "label": label(step), "clock": player.clock,
                     "local": local_time(wall, player.trace.utc_offset(wall)) if wall_clock else None,
                     "alerts": _reasons(player, names, ended),
                     "campaigns": [{k: v for k, v in e.items() if k != "step"} for e in mine
                                   if e["event"] in CAMPAIGN_EVENTS]}
            steps.append(entry)
    except (ValueError, XYZAlertError) as error:  # a recording's own steps are not played here
        player.close()
        return {"error": {"message": f"step {player.played - 1}: {error}"}}
    events = player.close()
    return {"events": events, "expect": [line for line in map(expect_line, events) if line is not None],
            "steps": steps, "svg": timeline.svg(steps, events, _test_campaigns(text))}
