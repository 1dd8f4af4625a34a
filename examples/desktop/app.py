#!/usr/bin/env python3
"""A desktop host of XYZAlert in Tkinter: the engine decides, this draws.

    python3 examples/desktop/app.py                 # the app (make desktop)
    python3 examples/desktop/app.py --tour          # plays tour.json through the window

A window with a tab bar (one dispatch per tab under the window's root
dispatch; the selected tab is the active child), dialogs drawn inside the
window (a `hide_others` dialog dims its page), a toast lane at the bottom
that shows three at once (docs/rules.md §19; durations on Tk's timer
through `set_timer`/`tick`; "Undo" keeps its toast open, and adding
"unread" again updates the toast on screen in place: "3 new messages"), deferred mode on
`after_idle` + `flush`, an on-screen keyboard that alerts move clear of, and
a side panel with `why()` (code and sentence) for every queued alert, and
an "announcements" strip that shows what a screen reader would say (the
engine's `announce`, a stand-in for a live region). A toast's countdown
holds while the pointer is over it or it has keyboard focus, and every
countdown holds while the window is minimised (docs/rules.md §17). The alerts are those
of `alerts.json` beside this file: each one's `meta.tab` names its tab
("window": the window itself), and the toolbar has a button to add each.
Their frequency caps ("rating" is asked at most once, ever) count in a
display history kept in a file across runs (`--history`, default
`$XDG_STATE_HOME/xyzalert-demo/history.json`); each run is a new session.
The set's campaign (docs/rules.md §21) asks for the rating after every
third completed task (the toolbar's "complete task"), five seconds later
unless another task starts ("start task"), until the user rated.

`--tour` plays a scenario (default: `tour.json`) through the same drawing,
step by step, on the scenario's virtual clock: its trace is what
`xyzalert simulate` prints for it (`--trace FILE` writes it as JSON lines).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time
import tkinter as tk
from pathlib import Path
from typing import Any, Dict, List, Optional

HERE = Path(__file__).resolve().parent
try:
    import xyzalert
except ImportError:  # run from a checkout: the bindings beside it
    sys.path.insert(0, str(HERE.parents[1] / "bindings" / "python"))
    import xyzalert
sys.path.insert(0, str(HERE))  # (screen.py, beside this file)
from screen import KEYBOARD_HEIGHT, NOT_VISIBLE, Screen  # noqa: E402


class Observer(xyzalert.Host):
    """One page's events, drawn: the tour's hosts hand them on to it."""

    def __init__(self, screen: Screen, page: str) -> None:
        self.screen, self.page = screen, page

    def show(self, alert: xyzalert.Alert, target: str, view: Any) -> None:
        self.screen.show(alert, self.page)

    def hide(self, alert: xyzalert.Alert, reason: xyzalert.HideReason) -> None:
        self.screen.hide(alert)

    def unhide(self, alert: xyzalert.Alert) -> None:
        self.screen.unhide(alert)

    def remove(self, alert: xyzalert.Alert, reason: xyzalert.EndReason) -> None:
        self.screen.remove(alert)

    def finish(self, alert: xyzalert.Alert, reason: xyzalert.EndReason) -> None:
        self.screen.remove(alert)  # queued ones end without remove

    def move(self, alert: xyzalert.Alert, dy: float, duration: float) -> None:
        self.screen.move(alert, dy)

    def update(self, alert: xyzalert.Alert) -> None:
        self.screen.update(alert)

    def announce(self, alert: xyzalert.Alert, politeness: xyzalert.Politeness, text: str) -> None:
        self.screen.announce(text, politeness)


class LiveHost(Observer):
    """A page of the live app: draws, and (as the root's host) runs the
    engine on Tk's loop: flushes on `after_idle`, ticks on `after`."""

    deferred = True

    def __init__(self, screen: Screen, page: str, app: "App") -> None:
        super().__init__(screen, page)
        self.app = app

    def request_flush(self, dispatch: xyzalert.Dispatch) -> None:
        self.screen.root.after_idle(self.app.flush)

    def now(self) -> float:
        return time.monotonic()

    def set_timer(self, root: xyzalert.Dispatch, delay: float) -> None:
        self.app.set_timer(delay)

    def show(self, alert: xyzalert.Alert, target: str, view: Any) -> None:
        super().show(alert, target, view)
        self.screen.root.after_idle(self.app.report_frame, alert)

    def campaign(self, root: xyzalert.Dispatch, campaign: str, kind: xyzalert.CampaignEvent, reason: Optional[str],
                 alert: Optional[xyzalert.Alert]) -> None:
        self.app.campaign(campaign, kind, reason, alert)


def default_history_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "xyzalert-demo" / "history.json"


def open_history(path: Path) -> "tuple[xyzalert.History, Optional[str]]":
    """The history saved at `path` (a new one if there is none), in a new
    session; and the problem with the file, if it could not be loaded (the
    app then goes on with an empty history)."""
    history = xyzalert.History()
    problem = None
    try:
        history.load(path, missing_ok=True)  # no file yet: the first run
    except xyzalert.ParseError as error:
        problem = f"history not loaded, starting afresh: {error}"
    history.begin_session()
    return history, problem


class App:
    """The live app: a root dispatch for the window, one per tab, the toolbar."""

    def __init__(self, root: tk.Tk, policy: Path, history: Optional[Path] = None) -> None:
        self.policy = xyzalert.AlertSet.load(policy)
        self.history_path = history or default_history_path()
        self.history, problem = open_history(self.history_path)
        self.policy.apply_caps(self.history)
        self.tab_of = {id: (self.policy.create_alert(id).meta or {}).get("tab", "window") for id in self.policy.ids}
        tabs = list(dict.fromkeys(tab for tab in self.tab_of.values() if tab != "window"))
        #: Countdowns held for people: hover and focus on toasts, the window minimised.
        self.holds = xyzalert.Holds()
        self.screen = Screen(root, tabs, self.act, self.select, self.explanations, self.hold)
        self.window = xyzalert.Dispatch(LiveHost(self.screen, "window", self), name="window", history=self.history)
        # The toast lane is a stack of three, as tour.json's window page says (docs/rules.md §19).
        self.window.set_lane_limit("toast", 3)
        #: How many times each "count_title" toast was added while on screen (see `add`).
        self.counts: Dict[str, int] = {}
        root.bind("<Unmap>", lambda event: self.minimised(event, True), add="+")
        root.bind("<Map>", lambda event: self.minimised(event, False), add="+")
        if problem:
            self.screen.note(problem)
        self.pages = {"window": self.window}
        for tab in tabs:
            page = self.pages[tab] = xyzalert.Dispatch(LiveHost(self.screen, tab, self), name=tab)
            page.parent = self.window
            page.page_did_appear()
        self.window.page_did_appear()
        # docs/rules.md §21: the policy's campaign asks for a rating after
        # every third completed task, five seconds later unless another
        # task starts, until the user rated (the toolbar's task buttons).
        self.window.set_campaigns(self.policy)
        self.window.set_attributes({"rated": False})
        self.live: List[xyzalert.Alert] = []
        self._timer: Optional[str] = None
        for id in self.policy.ids:
            tk.Button(self.screen.toolbar, text=f"+ {id}", command=functools.partial(self.add, id)).pack(side="left", padx=2,
                                                                                                    pady=2)
        tk.Button(self.screen.toolbar, text="start task", command=lambda: self.track("task_started")).pack(side="left",
                                                                                                         padx=2, pady=2)
        tk.Button(self.screen.toolbar, text="complete task",
                  command=lambda: self.track("task_completed")).pack(side="left", padx=2, pady=2)
        self.keyboard_up = False
        tk.Button(self.screen.toolbar, text="keyboard", command=self.toggle_keyboard).pack(side="right", padx=4)
        if tabs:
            self.select(tabs[0])
        self.screen.refresh()

    def add(self, id: str) -> xyzalert.Alert:
        alert = self.policy.create_alert(id)
        # An upsert (on_duplicate "update"): a toast whose meta has a
        # "count_title" counts its adds while it is live, and the new alert's
        # title ("3 new messages") replaces the live one's in place.
        template = (alert.meta or {}).get("count_title")
        if template:
            live = self.window.find(id)
            self.counts[id] = self.counts.get(id, 0) + 1 if live is not None else 1
            if self.counts[id] > 1:
                alert.title = template.format(n=self.counts[id])
        self.live.append(alert)
        try:
            self.pages[self.tab_of[id]].add(alert)
        except xyzalert.XYZAlertError as error:  # a duplicate id, for instance
            self.screen.note(str(error))
        if alert.state == xyzalert.State.FINISHED and alert.why().end_reason == xyzalert.EndReason.CAPPED:
            self.screen.note(f"'{id}' was not shown: a frequency cap holds it")
        self.screen.refresh_later()
        return alert

    def track(self, event: str) -> None:
        """An event of the app, for its campaigns (docs/rules.md §21)."""
        self.window.track(event)
        self.screen.refresh_later()

    def campaign(self, campaign: str, kind: xyzalert.CampaignEvent, reason: Optional[str],
                 alert: Optional[xyzalert.Alert]) -> None:
        if alert is not None:
            self.live.append(alert)  # explained in the side panel while it waits
            self.screen.note(f"campaign '{campaign}': {alert.id} in {alert.show_after:g} s")
        else:
            self.screen.note(f"campaign '{campaign}' skipped: {reason}")

    def hold(self, alert: xyzalert.Alert, reason: str, held: bool) -> None:
        """A toast's countdown holds while the pointer is over it or it has focus."""
        if held:
            self.holds.start(alert, reason)
        else:
            self.holds.stop(alert, reason)

    def minimised(self, event: Any, hidden: bool) -> None:
        """Every countdown holds while the window is minimised."""
        if event.widget is self.screen.root and not self.window.closed:
            self.holds.window(self.window, hidden)

    def save_history(self) -> None:
        """Keeps the display history for the next run (see open_history)."""
        self.history_path.parent.mkdir(parents=True, exist_ok=True)
        self.history.save(self.history_path)

    def act(self, alert: xyzalert.Alert, index: int) -> None:
        if alert.id == "rating" and alert.actions[index].id == "rate":
            self.window.set_attribute("rated", True)  # the campaign's audience no longer admits another
        alert.trigger_action(index)

    def select(self, tab: str) -> None:
        self.window.active_child = self.pages[tab]
        self.screen.select_tab(tab)

    def flush(self) -> None:
        if not self.window.closed:
            self.window.flush()

    def set_timer(self, delay: float) -> None:
        if self._timer is not None:
            self.screen.root.after_cancel(self._timer)
            self._timer = None
        if delay >= 0:
            self._timer = self.screen.root.after(int(delay * 1000) + 1, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.window.tick()

    def toggle_keyboard(self) -> None:
        self.keyboard_up = not self.keyboard_up
        self.screen.show_keyboard(self.keyboard_up)
        root = self.screen.root
        root.update_idletasks()
        frame = (0, root.winfo_height() - KEYBOARD_HEIGHT - 40, root.winfo_width(), KEYBOARD_HEIGHT) \
            if self.keyboard_up else (0, 0, 0, 0)
        self.window.keyboard_changed(frame, 0.25)

    def report_frame(self, alert: xyzalert.Alert) -> None:
        """Tells the engine where a dialog was laid out (for keyboard avoidance)."""
        drawn = self.screen.drawn.get(id(alert))
        if drawn is not None and not drawn.toast and alert.state == xyzalert.State.SHOWING:
            self.screen.root.update_idletasks()
            g = self.screen.geometry(drawn)
            alert.set_frame((g["x"], g["y"] - drawn.offset, g["width"], g["height"]))

    def explanations(self) -> List[str]:
        self.live = [a for a in self.live if a.state != xyzalert.State.FINISHED]
        return [reason(a) for a in self.live if a.state in NOT_VISIBLE]


def reason(alert: xyzalert.Alert) -> str:
    """One line of the side panel: the reason's code, then its sentence."""
    why = alert.why()
    return f"[{why.code}] {why.sentence}"


class Tour:
    """Plays a scenario through the Screen, one step at a time."""

    def __init__(self, root: tk.Tk, path: Path) -> None:
        scenario = xyzalert.Scenario.load(path)
        tabs = [page.name for page in scenario.pages if page.parent]
        self.root_page = next(page.name for page in scenario.pages if not page.parent)
        self.names = list(scenario.alerts.ids)
        scenario.close()
        self.screen = Screen(root, tabs, self.act, self.select, self.explanations)
        self.player = xyzalert.ScenarioPlayer(path, observers=lambda page: Observer(self.screen, page))
        self._sync()

    @property
    def done(self) -> bool:
        return self.player.done

    def step(self) -> xyzalert.Step:
        number = self.player.played
        step = self.player.step()
        self.screen.status.configure(text=f"Tour, step {number}: {describe(step)}")
        if step.kind == xyzalert.StepKind.KEYBOARD:
            self.screen.show_keyboard(bool(step.frame and step.frame[3] > 0))
        self._sync()
        return step

    def act(self, alert: xyzalert.Alert, index: int) -> None:
        alert.trigger_action(index)  # a click during the tour: not part of its trace

    def select(self, tab: str) -> None:
        page, root = self.player.dispatch(tab), self.player.dispatch(self.root_page)
        if page is not None and root is not None:
            root.active_child = page

    def explanations(self) -> List[str]:
        alerts = [self.player.latest(name) for name in self.names]
        return [reason(a) for a in alerts if a is not None and a.state in NOT_VISIBLE]

    def _sync(self) -> None:
        root = self.player.dispatch(self.root_page)
        child = root.active_child if root is not None else None
        self.screen.select_tab(child.name if child is not None else None)
        self.screen.refresh()
        self.screen.root.update()


def describe(step: xyzalert.Step) -> str:
    """A step in a few words, for the status line."""
    kind = step.kind.name.lower()
    if step.kind == xyzalert.StepKind.ADD:
        return "add " + ", ".join(step.alerts)
    if step.kind == xyzalert.StepKind.SELECT:
        return f"select the {step.child} tab"
    if step.kind == xyzalert.StepKind.ADVANCE:
        return f"{step.duration:g} s pass"
    if step.kind == xyzalert.StepKind.ACTION:
        return f"{step.alert}: action {step.index}"
    return f"{kind} {step.alert or step.page or ''}".strip()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tour", nargs="?", const=str(HERE / "tour.json"), help="play a scenario (default tour.json)")
    parser.add_argument("--delay", type=int, default=900, help="milliseconds between the tour's steps")
    parser.add_argument("--trace", help="write the tour's trace here, as JSON lines, and exit at its end")
    parser.add_argument("--policy", default=str(HERE / "alerts.json"), help="the alert set of the live app")
    parser.add_argument("--history", help="where the live app keeps its display history across runs "
                                          "(default: $XDG_STATE_HOME/xyzalert-demo/history.json)")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print("app.py: no display (DISPLAY is not set); under a headless machine use xvfb-run", file=sys.stderr)
        return 2
    root = tk.Tk()
    if args.tour:
        tour = Tour(root, Path(args.tour))

        def next_step() -> None:
            if not tour.done:
                tour.step()
                root.after(args.delay, next_step)
            elif args.trace:
                with open(args.trace, "w") as out:
                    for event in tour.player.close():
                        out.write(json.dumps(event) + "\n")
                root.destroy()

        root.after(args.delay, next_step)
    else:
        live = App(root, Path(args.policy), Path(args.history) if args.history else None)

        def close() -> None:
            live.save_history()
            root.destroy()

        root.protocol("WM_DELETE_WINDOW", close)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
