"""Plays a scenario through the bindings, as ``xyzalert simulate`` does
through the C API, and returns the same trace (docs/rules.md §10)."""

from __future__ import annotations

import heapq
import json
import math
import os
import zoneinfo
from typing import Callable, Dict, List, Optional, Tuple, Union

from ._declarations import lib
from ._enums import STATUS_WORDS, Order, State
from ._step_table import STEPS
from ._trace import Event, _Trace, _TraceHost
from .alert import Alert
from .scenario import Scenario, Step
from .dispatch import Dispatch
from .errors import XYZAlertError
from .history import History
from .host import Host


def run_scenario(path: Union[str, "os.PathLike[str]"]) -> List[Event]:
    """The trace of a scenario file: one dict per event, in delivery order."""
    player = ScenarioPlayer(path)
    player.play()
    return player.close()


def record_scenario(path: Union[str, "os.PathLike[str]"]) -> Tuple[List[Event], str]:
    """Plays a scenario file as :func:`run_scenario` does, with the domain of
    its first page recorded from the first step on: the trace, and the
    recording (scenario JSON that ``xyzalert simulate`` replays to the same
    events; the trace's error events are failed calls, which it leaves out)."""
    player = ScenarioPlayer(path, record=True)
    player.play()
    recording = player.recording()
    return player.close(), recording


class ScenarioPlayer:
    """Plays a scenario one step at a time, as ``xyzalert simulate`` does,
    tracing every event (``events``, the same dicts as ``--format json``).

    ``observers`` may give, for a page's name, a :class:`Host` that gets that
    page's events too, after they are traced (a GUI that draws them, as
    ``examples/desktop`` does); its ``now``, timer and flush methods are not
    used: the scenario runs on its virtual clock. ``record`` records the
    first page's domain from the first step on (:meth:`recording`).
    Recordings' own steps (``tick``, ``at``, ...) are not played here:
    :meth:`step` raises ``ValueError`` for them.
    """

    #: The scenario being played, its trace and its display history
    #: (declared here for the table of steps, which plays through them).
    scenario: Scenario
    trace: _Trace
    history: History

    def __init__(self, path: Union[str, "os.PathLike[str]", Scenario],
                 observers: Optional[Callable[[str], Optional[Host]]] = None, record: bool = False,
                 explain: bool = False) -> None:
        """Loads the scenario at `path` (or takes one already loaded, such as
        ``Scenario.loads(text)``, which the player then owns and closes) and
        makes its pages (names, parents, settings, history).
        `observers(page)` may return a :class:`Host` that hears the page's
        events too; `record=True` records the first page's domain from the
        first step on; `explain=True` traces campaign misses too and says
        why a skip, miss or finish happened (``"why"``), as ``xyzalert
        simulate --explain`` does."""
        scenario = self.scenario = path if isinstance(path, Scenario) else Scenario.load(path)
        trace = self.trace = _Trace()
        trace.explain = explain
        trace.fixed_offset = scenario.utc_offset
        trace.change_walls = [wall for wall, _ in scenario.utc_offsets]
        trace.change_offsets = [offset for _, offset in scenario.utc_offsets]
        if scenario.time_zone is not None:
            trace.zone = zoneinfo.ZoneInfo(scenario.time_zone)
        made = {page.name: Dispatch(_TraceHost(page.name, trace, scenario.deferred,
                                               observers(page.name) if observers else None), name=page.name)
                for page in scenario.pages}
        # A page's own root settings first, while it is still a root (a
        # child keeps them for when it splits off: docs/rules.md §17.6).
        for page in scenario.pages:
            if page.duration_scale != 1:
                made[page.name].duration_scale = page.duration_scale
            for lane, seconds in page.gaps.items():
                made[page.name].set_gap(lane, seconds)
            for lane, (visible, on_full) in page.lanes.items():
                made[page.name].set_lane_limit(lane, visible, on_full)
            if page.order != Order.FIFO:
                made[page.name].order = page.order
        for page in scenario.pages:
            if page.parent:
                made[page.name].parent = made[page.parent]
        for page in scenario.pages:
            if page.capacity:
                made[page.name].capacity = page.capacity
        #: The display history every root page shares (docs/rules.md §16), on
        #: the virtual wall clock: the scenario's wall_clock plus the clock.
        self.history = History(lambda: scenario.wall_clock + trace.clock)
        if scenario.history is not None:
            self.history.loads(scenario.history)
        scenario.alerts.apply_caps(self.history)
        for page in scenario.pages:
            if not page.parent:
                made[page.name].history = self.history
                # docs/rules.md §21: the set's campaigns, the initial attributes.
                made[page.name].set_campaigns(scenario.alerts)
                made[page.name].reports_misses = explain
                if scenario.attributes is not None:
                    made[page.name].set_attributes(json.loads(scenario.attributes))
        for page in scenario.pages:
            if page.active:
                made[page.name].active_child = made[page.active]
        self._pages: Dict[str, Optional[Dispatch]] = dict(made)
        self._latest: Dict[str, Alert] = trace.latest
        self._first = made[scenario.pages[0].name] if scenario.pages else None
        self._next = 0
        if record:
            if self._first is None:
                raise ValueError("a scenario without pages has nothing to record")
            self._first.start_recording()

    @property
    def events(self) -> List[Event]:
        """The trace so far: one dict per event, as ``simulate --format json`` writes them."""
        return self.trace.events

    @property
    def clock(self) -> float:
        """The virtual clock, in seconds."""
        return self.trace.clock

    @property
    def played(self) -> int:
        """How many steps have been played (the next step's index)."""
        return self._next

    @property
    def done(self) -> bool:
        """True once every step has been played."""
        return self._next >= len(self.scenario.steps)

    @property
    def next_step(self) -> Optional[Step]:
        """The step :meth:`step` plays next (None when done)."""
        return None if self.done else self.scenario.steps[self._next]

    def dispatch(self, page: str) -> Optional[Dispatch]:
        """The page's dispatch (None once destroyed)."""
        return self._pages[page]

    def latest(self, alert: str) -> Optional[Alert]:
        """The latest instance of the alert called that."""
        return self._latest.get(alert)

    def step(self) -> Step:
        """Plays the next step and returns it (its events are in ``events``)."""
        if self.done:
            raise IndexError("the scenario has no steps left")
        number, step = self._next, self.scenario.steps[self._next]
        self._next += 1
        self.trace.step = number
        try:
            self._run(step)
        except XYZAlertError as error:
            self.trace.error(STATUS_WORDS.get(error.code, "invalid"), error.message)
        return step

    def play(self) -> None:
        """Plays every step left."""
        while not self.done:
            self.step()

    def recording(self) -> str:
        """The recording (``record=True``), as scenario JSON."""
        if self._first is None:
            raise ValueError("nothing was recorded")
        return self._first.recording()

    def close(self) -> List[Event]:
        """Destroys the pages quietly (their ends are not traced); the trace."""
        self.trace.quiet = True
        for dispatch in self._pages.values():
            if dispatch is not None:
                dispatch.close()
        self._pages = {name: None for name in self._pages}
        self.scenario.close()
        return self.trace.events

    def _live_page(self, name: Optional[str]) -> Optional[Dispatch]:
        dispatch = self._pages[name or ""]
        if dispatch is None:
            self.trace.error("state", f"page '{name}' was destroyed")
        return dispatch

    def _instance(self, id: Optional[str]) -> Optional[Alert]:
        """The instance a step acts on: the latest, unless it is finished and
        the one before it is not (a campaign's instance that ended
        ``duplicate`` while the one before it was on screen: a recorded call
        on that name acted on the one on screen)."""
        alert = self._latest.get(id or "")
        if alert is None:
            self.trace.error("not_found", f"no instance of alert '{id}' has been added yet")
        elif alert.state == State.FINISHED:
            older = self.trace.older.get(id or "")
            if older is not None and older.state != State.FINISHED:
                return older
        return alert

    def _advance(self, seconds: float) -> None:
        """To each pending deadline of any page's domain in turn, earliest
        first (ties in page order), ticking there (what fires may set new
        deadlines), then to the target time. As the tool's advance: the
        deadlines in a heap, asked again only for the page ticked and the
        pages that had events (a deadline changes only with one)."""
        trace = self.trace
        target = trace.clock + seconds
        if not math.isfinite(target):
            trace.error("invalid", f"advance {seconds:g}s would take the clock past the largest finite time; "
                                   f"it stays at {trace.clock:g}")
            return
        order = {name: i for i, name in enumerate(self._pages)}
        heap: List[Tuple[float, int, str]] = []
        filed: Dict[str, float] = {}

        def file(name: str) -> None:
            dispatch = self._pages.get(name)
            delay = dispatch.next_deadline() if dispatch is not None else None
            if delay is None:
                filed.pop(name, None)
            else:
                filed[name] = trace.clock + delay
                heapq.heappush(heap, (trace.clock + delay, order[name], name))

        for name in self._pages:
            file(name)
        trace.touched.clear()
        while heap:
            at, _, name = heapq.heappop(heap)
            if filed.get(name) != at:
                continue  # replaced by a later filing
            dispatch = self._pages[name]
            delay = dispatch.next_deadline() if dispatch is not None else None
            if dispatch is None or delay is None or trace.clock + delay != at:
                file(name)  # changed since without an event: filed again
                continue
            if at > target:
                break
            trace.clock = at
            try:
                dispatch.tick()
            except XYZAlertError as error:
                trace.error(STATUS_WORDS.get(error.code, "invalid"), error.message)
            trace.touched.add(name)
            for touched in trace.touched:
                if touched in order:
                    file(touched)
            trace.touched.clear()
        trace.clock = target

    def _run(self, step: Step) -> None:
        timed, play = STEPS[step.kind]
        if play is None or (not timed and (step.at is not None or step.during is not None)):
            raise ValueError(f"the Python runner does not play a recording's steps ({step.kind.name.lower()}"
                             f"{', with at or during' if play is not None else ''}); xyzalert simulate does")
        play(self, step)

    def _run_set_campaigns(self, step: Step) -> None:
        # docs/rules.md §22: the trace says so first, then every live root
        # page gets the file's campaigns (withdrawn instances end after).
        replacement = self.scenario.campaign_sets[step.id or ""]
        self.trace.emit("campaigns", alert=None, version=replacement.campaigns_version)
        for dispatch in self._pages.values():
            if dispatch is not None and dispatch.parent is None:
                dispatch.set_campaigns(replacement)

    def _run_session(self, step: Step) -> None:
        self.history.begin_session()

    def _run_caps(self, step: Step) -> None:
        lib.xyz_scenario_step_apply_caps(self.scenario._handle, self.trace.step, self.history._handle)

    def _run_destroy(self, step: Step) -> None:
        dispatch = self._live_page(step.page)
        if dispatch is not None:
            self._pages[step.page or ""] = None
            dispatch.close()

    def _run_select(self, step: Step) -> None:
        parent = self._live_page(step.page)
        if parent is None:
            return
        child = None
        if step.child is not None:
            child = self._live_page(step.child)
            if child is None:
                return
        parent.active_child = child
        parent.flush()

    def _run_add(self, step: Step) -> None:
        dispatch = self._live_page(step.page)
        if dispatch is None:
            return
        alerts = self.scenario.alerts
        fresh = [alerts.create_alert(name) for name in step.alerts]
        for i, (name, made) in enumerate(zip(step.alerts, fresh)):
            if made.id is None:
                self.trace.names[made._handle] = name
            # "after_alerts": the latest instances of those names, earlier
            # alerts of this add first (as the tool does).
            for other in alerts.after_alerts(name):
                earlier = [fresh[j] for j in range(i) if step.alerts[j] == other]
                dependency = earlier[0] if earlier else self._instance(other)
                if dependency is None:
                    return
                made.add_dependency(dependency)
        previous = {name: self._latest.get(name) for name in step.alerts}
        self._latest.update(zip(step.alerts, fresh))
        try:
            dispatch.add(fresh)
        except XYZAlertError:
            for name, old in previous.items():
                if old is None:
                    self._latest.pop(name, None)
                else:
                    self._latest[name] = old
            raise

    def _run_update(self, step: Step) -> None:
        alert = self._instance(step.alert)
        if alert is None:
            return
        # One setter per field the step gives, in the documented order.
        for field_name in step.sets:
            if field_name == "title":
                alert.title = step.title
            elif field_name == "message":
                alert.message = step.message
            elif field_name == "style":
                alert.style = step.style or ""
            elif field_name == "clear_actions":
                alert.clear_actions()
            elif field_name == "add_action" and step.action is not None:
                alert.add_action(step.action)
            elif field_name == "meta":
                alert.meta = step.meta
