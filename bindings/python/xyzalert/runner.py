"""Plays a scenario through the bindings, as ``xyzalert simulate`` does
through the C API, and returns the same trace (SPEC section 10)."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Tuple, Union

from ._enums import EndReason, HideReason, Status, StepKind
from .alert import Alert
from .alert_set import Scenario, Step
from .dispatch import Dispatch
from .errors import XYZAlertError
from .host import Host

_CODES = {Status.EINVAL: "invalid", Status.ESTATE: "state", Status.EDUPLICATE: "duplicate", Status.ECYCLE: "cycle",
          Status.ENOTFOUND: "not_found", Status.EOWNER: "owner"}

Event = Dict[str, Any]


class _TraceHost(Host):
    def __init__(self, page: str, trace: "_Trace", deferred: bool) -> None:
        self.page = page
        self.trace = trace
        self.deferred = deferred

    def now(self) -> float:
        return self.trace.clock

    def show(self, alert: Alert, target: str, view: Any) -> None:
        lane = alert.lane
        extra = {} if lane == "main" else {"lane": lane}
        self.trace.emit("show", alert=alert.id, page=self.page, target=target, **extra)

    def hide(self, alert: Alert, reason: HideReason) -> None:
        self.trace.emit("hide", alert=alert.id, reason=reason.name.lower())

    def unhide(self, alert: Alert) -> None:
        self.trace.emit("unhide", alert=alert.id)

    def remove(self, alert: Alert, reason: EndReason) -> None:
        self.trace.emit("remove", alert=alert.id, reason=reason.name.lower())

    def finish(self, alert: Alert, reason: EndReason) -> None:
        self.trace.emit("finish", alert=alert.id, reason=reason.name.lower())

    def move(self, alert: Alert, dy: float, duration: float) -> None:
        self.trace.emit("move", alert=alert.id, dy=dy, duration=duration)

    def action(self, alert: Alert, index: int, action_id: str) -> None:
        self.trace.emit("action", alert=alert.id, action=action_id)

    def update(self, alert: Alert) -> None:
        self.trace.emit("update", alert=alert.id)


class _Trace:
    def __init__(self) -> None:
        self.events: List[Event] = []
        self.step = 0
        self.quiet = False
        #: The virtual clock (SPEC 12): scenarios never depend on the machine's speed.
        self.clock = 0.0

    def emit(self, event: str, **fields: Any) -> None:
        if not self.quiet:
            self.events.append({"step": self.step, "event": event, **fields})

    def error(self, code: str, message: str) -> None:
        self.emit("error", code=code, message=message)


def run_scenario(path: Union[str, "os.PathLike[str]"]) -> List[Event]:
    """The trace of a scenario file: one dict per event, in delivery order."""
    return _play(path, record=False)[0]


def record_scenario(path: Union[str, "os.PathLike[str]"]) -> Tuple[List[Event], str]:
    """Plays a scenario file as :func:`run_scenario` does, with the domain of
    its first page recorded from the first step on: the trace, and the
    recording (scenario JSON that ``xyzalert simulate`` replays to the same
    events; the trace's error events are failed calls, which it leaves out)."""
    events, recording = _play(path, record=True)
    assert recording is not None
    return events, recording


def _play(path: Union[str, "os.PathLike[str]"], record: bool) -> Tuple[List[Event], Optional[str]]:
    scenario = Scenario.load(path)
    trace = _Trace()
    made = {page.name: Dispatch(_TraceHost(page.name, trace, scenario.deferred), name=page.name)
            for page in scenario.pages}
    for page in scenario.pages:
        if page.parent:
            made[page.name].parent = made[page.parent]
    for page in scenario.pages:
        if page.capacity:
            made[page.name].capacity = page.capacity
    for page in scenario.pages:
        if page.active:
            made[page.name].active_child = made[page.active]
    pages: Dict[str, Optional[Dispatch]] = dict(made)
    latest: Dict[str, Alert] = {}
    first = made[scenario.pages[0].name] if scenario.pages else None
    if record:
        if first is None:
            raise ValueError("a scenario without pages has nothing to record")
        first.start_recording()

    def live_page(name: Optional[str]) -> Optional[Dispatch]:
        dispatch = pages[name or ""]
        if dispatch is None:
            trace.error("state", f"page '{name}' was destroyed")
        return dispatch

    def instance(id: Optional[str]) -> Optional[Alert]:
        alert = latest.get(id or "")
        if alert is None:
            trace.error("not_found", f"no instance of alert '{id}' has been added yet")
        return alert

    def advance(seconds: float) -> None:
        """To each pending deadline of any page's domain in turn, earliest
        first, ticking there (what fires may set new deadlines), then to the
        target time."""
        target = trace.clock + seconds
        while True:
            due = [(delay, dispatch) for dispatch in pages.values() if dispatch is not None
                   for delay in [dispatch.next_deadline()] if delay is not None]
            if not due:
                break
            delay, soonest = min(due, key=lambda pair: pair[0])
            if trace.clock + delay > target:
                break
            trace.clock += delay
            try:
                soonest.tick()
            except XYZAlertError as error:
                trace.error(_CODES.get(error.code, "invalid"), error.message)
        trace.clock = target

    def run(step: Step) -> None:
        kind = step.kind
        if kind >= StepKind.TICK or step.at is not None or step.during is not None:
            raise ValueError(f"run_scenario does not play a recording's steps ({kind.name.lower()}"
                             f"{', with at or during' if kind < StepKind.TICK else ''}); xyzalert simulate does")
        if kind == StepKind.ADVANCE:
            advance(step.duration)
        elif kind in (StepKind.SUSPEND, StepKind.RESUME):
            dispatch = live_page(step.page)
            if dispatch is not None:
                dispatch.suspend() if kind == StepKind.SUSPEND else dispatch.resume()
        elif kind == StepKind.CANCEL_TAGGED:
            dispatch = live_page(step.page)
            if dispatch is not None:
                dispatch.cancel_tagged(step.tag)
        elif kind in (StepKind.APPEAR, StepKind.DISAPPEAR, StepKind.FLUSH, StepKind.KEYBOARD, StepKind.DESTROY):
            dispatch = live_page(step.page)
            if dispatch is None:
                return
            if kind == StepKind.APPEAR:
                dispatch.page_did_appear()
            elif kind == StepKind.DISAPPEAR:
                dispatch.page_will_disappear()
            elif kind == StepKind.FLUSH:
                dispatch.flush()
            elif kind == StepKind.KEYBOARD:
                dispatch.keyboard_changed(step.frame or (0, 0, 0, 0), step.duration)
            else:
                pages[step.page or ""] = None
                dispatch.close()
        elif kind == StepKind.ADD:
            dispatch = live_page(step.page)
            if dispatch is None:
                return
            fresh = [scenario.alerts.create_alert(id) for id in step.alerts]
            dispatch.add(fresh)
            latest.update(zip(step.alerts, fresh))
        elif kind == StepKind.SELECT:
            parent = live_page(step.page)
            if parent is None:
                return
            child = None
            if step.child is not None:
                child = live_page(step.child)
                if child is None:
                    return
            parent.active_child = child
            parent.flush()
        else:
            alert = instance(step.alert)
            if alert is None:
                return
            if kind == StepKind.READY:
                alert.set_ready()
            elif kind == StepKind.DISMISS:
                alert.dismiss()
            elif kind == StepKind.CANCEL:
                alert.cancel()
            elif kind == StepKind.ACTION:
                alert.trigger_action(step.index)
            elif kind == StepKind.FRAME:
                alert.set_frame(step.frame)
            elif kind == StepKind.UPDATE:
                if step.title is not None:
                    alert.title = step.title
                if step.message is not None:
                    alert.message = step.message
                if step.style is not None:
                    alert.style = step.style

    for number, step in enumerate(scenario.steps):
        trace.step = number
        try:
            run(step)
        except XYZAlertError as error:
            trace.error(_CODES.get(error.code, "invalid"), error.message)
    recording = first.recording() if record and first is not None else None
    trace.quiet = True
    for dispatch in pages.values():
        if dispatch is not None:
            dispatch.close()
    scenario.close()
    return trace.events, recording
