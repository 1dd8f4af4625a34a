"""One simulation of the playground: a scenario's text in, everything the
page shows out (a dict ready for JSON). Runs in a worker process
(``worker.py``) so that the server can stop one that takes too long."""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional

from .. import ParseError, Scenario, ScenarioPlayer, StepKind, XYZAlertError
from . import timeline

#: The most steps a document may have.
MAX_STEPS = 10_000
#: The most virtual time its steps may let pass, in all (366 days): a
#: scenario that advances further would wake every deadline on the way.
MAX_SECONDS = 366 * 86_400.0


#: Trace events whose "alert" is not an alert's name (or that have none).
NOT_AN_ALERT = frozenset({"note", "error", "trigger", "skip", "control", "campaigns"})


class Refused(Exception):
    """A document the playground will not simulate (too many steps, too long a time)."""


def expect_line(event: Dict[str, Any]) -> Optional[str]:
    """The event as a line of a scenario's "expect" list (None for a note)."""
    kind, step = event["event"], event["step"]
    alert = event.get("alert", "-")
    if kind == "note":
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


def _reasons(player: ScenarioPlayer, names: List[str]) -> List[Dict[str, Any]]:
    """Every alert added so far: its state and why, as the page lists them."""
    out = []
    for name in names:
        alert = player.latest(name)
        if alert is not None:
            why = alert.why()
            out.append({"alert": name, "state": alert.state.name.lower(), "code": why.code.name.lower(),
                        "sentence": why.sentence})
    return out


def simulate(text: str) -> Dict[str, Any]:
    """The document's trace ("events"), its "expect" lines, one entry per
    step ("steps": what the step was, the states and reasons after it) and
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
    try:
        player = ScenarioPlayer(scenario)
    except XYZAlertError as error:
        scenario.close()
        return {"error": {"message": str(error)}}
    steps = []
    known = set(names)
    try:
        while not player.done:
            number, seen = player.played, len(player.events)
            step = player.step()
            for event in player.events[seen:]:  # this step's events only
                if event["event"] not in NOT_AN_ALERT and event["alert"] not in known:
                    names.append(event["alert"])  # an instance a campaign made
                    known.add(event["alert"])
            steps.append({"step": number, "kind": step.kind.name.lower(), "clock": player.clock,
                          "alerts": _reasons(player, names)})
    except (ValueError, XYZAlertError) as error:  # a recording's own steps are not played here
        player.close()
        return {"error": {"message": f"step {player.played - 1}: {error}"}}
    events = player.close()
    return {"events": events, "expect": [line for line in map(expect_line, events) if line is not None],
            "steps": steps, "svg": timeline.svg(steps, events)}
