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
from tkinter import ttk
from typing import Any, Callable, Dict, List, Optional

HERE = Path(__file__).resolve().parent
try:
    import xyzalert
except ImportError:  # run from a checkout: the bindings beside it
    sys.path.insert(0, str(HERE.parents[1] / "bindings" / "python"))
    import xyzalert

PAGE, DIM = "#f4f4f0", "#8c8c88"
NOT_VISIBLE = (xyzalert.State.WAITING, xyzalert.State.READY, xyzalert.State.HIDDEN)
KEYBOARD_HEIGHT = 180
BORDERS = {"alert": "#3465a4", "sheet": "#75507b", "toast": "#4e9a06"}


class Drawn:
    """One alert on screen: its widget and where it goes."""

    def __init__(self, alert: xyzalert.Alert, page: str, widget: Any, toast: bool, label: Any = None) -> None:
        self.alert, self.page, self.widget, self.toast = alert, page, widget, toast
        #: A toast's text (its widget is a strip with the text and its buttons).
        self.label = label
        self.offset = 0.0
        self.dims = alert.exclusive == xyzalert.Exclusive.HIDE_OTHERS
        self.visible = False


class Screen:
    """The window and everything drawn in it. The hosts below call it; it
    never calls the engine except through `on_action` (a button) and
    `on_tab` (the user selected a tab)."""

    def __init__(self, root: tk.Tk, tabs: List[str], on_action: Callable[[xyzalert.Alert, int], None],
                 on_tab: Callable[[str], None], explanations: Callable[[], List[str]],
                 on_hold: Optional[Callable[[xyzalert.Alert, str, bool], None]] = None) -> None:
        self.root, self.on_action, self.on_tab, self.explanations = root, on_action, on_tab, explanations
        #: (alert, "pointer" or "focus", held): a toast's countdown holds while
        #: the pointer is over it or it has the keyboard focus.
        self.on_hold = on_hold
        root.title("XYZAlert desktop")
        root.geometry("900x600+0+0")
        self.toolbar = tk.Frame(root, bg="#dcdcd6")
        self.toolbar.pack(side="top", fill="x")
        self.status = tk.Label(self.toolbar, text="", bg="#dcdcd6", font=("DejaVu Sans", 10))
        self.status.pack(side="left", padx=6, pady=4)
        self.toast_lane = tk.Frame(root, height=40, bg="#2e3436")
        self.toast_lane.pack(side="bottom", fill="x")
        # What a screen reader would say: the last few announcements, newest first.
        self.announcements = tk.Label(root, text="", anchor="w", bg="#fce94f", font=("DejaVu Sans", 9),
                                      justify="left")
        self.announcements.pack(side="bottom", fill="x")
        self.said: List[str] = []
        self.toast_lane.pack_propagate(False)
        self.keyboard = tk.Frame(root, height=KEYBOARD_HEIGHT, bg="#babdb6")
        self.keyboard.pack_propagate(False)
        for row, keys in enumerate(("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")):
            line = tk.Frame(self.keyboard, bg="#babdb6")
            line.pack(pady=6)
            for key in keys:
                tk.Label(line, text=key, width=3, bg="white", relief="raised").pack(side="left", padx=2)
        self.body = tk.Frame(root)
        self.body.pack(side="top", fill="both", expand=True)
        self.panel = tk.Text(self.body, width=34, bg="#fffdf0", wrap="word", font=("DejaVu Sans", 9))
        self.panel.pack(side="right", fill="y")
        self.notebook = ttk.Notebook(self.body)
        self.notebook.pack(side="left", fill="both", expand=True)
        self.tabs: Dict[str, tk.Frame] = {}
        self.content: Dict[str, List[Any]] = {}  # a page's widgets, dimmed under a hide_others dialog
        for name in tabs:
            frame = tk.Frame(self.notebook, bg=PAGE)
            lines: List[Any] = [tk.Label(frame, text=name.capitalize(), font=("DejaVu Sans", 16, "bold"), bg=PAGE)]
            lines += [tk.Label(frame, text=f"{name} item {i}: nothing urgent here.", bg=PAGE) for i in range(1, 6)]
            for label in lines:
                label.pack(anchor="w", padx=16, pady=4)
            self.notebook.add(frame, text=name)
            self.tabs[name], self.content[name] = frame, [frame] + lines
        self.notebook.bind("<<NotebookTabChanged>>", self._tab_changed)
        self.drawn: Dict[int, Drawn] = {}
        self.dimming: Dict[str, int] = {}
        #: What the app has to say (errors, a capped alert), newest first, above the reasons.
        self.notes: List[str] = []
        self._refreshing = False
        self._selecting = False

    # ---- what the hosts call

    def show(self, alert: xyzalert.Alert, page: str) -> None:
        toast = alert.lane == "toast"
        label = None
        if toast:
            # A strip in the toast lane (a stack of three, side by side): the
            # text, then a small button per action ("Undo" keeps it open).
            widget: Any = tk.Frame(self.toast_lane, bg="#4e9a06", takefocus=True)
            label = tk.Label(widget, text=alert.title or alert.id or "", bg="#4e9a06", fg="white",
                             padx=10, font=("DejaVu Sans", 10, "bold"))
            label.pack(side="left")
            self._toast_buttons(widget, alert)
            if self.on_hold is not None:
                hold = self.on_hold
                widget.bind("<Enter>", lambda _e, a=alert: hold(a, "pointer", True))
                widget.bind("<Leave>", lambda _e, a=alert: hold(a, "pointer", False))
                widget.bind("<FocusIn>", lambda _e, a=alert: hold(a, "focus", True))
                widget.bind("<FocusOut>", lambda _e, a=alert: hold(a, "focus", False))
        else:
            parent = self.tabs.get(page, self.body)
            widget = tk.Frame(parent, bg="white", highlightthickness=3,
                              highlightbackground=BORDERS.get(alert.style, "#555753"))
            self._fill(widget, alert)
        drawn = self.drawn[id(alert)] = Drawn(alert, page, widget, toast, label)
        self._map(drawn)

    def hide(self, alert: xyzalert.Alert) -> None:
        drawn = self.drawn[id(alert)]
        drawn.widget.place_forget() if not drawn.toast else drawn.widget.pack_forget()
        self._set_visible(drawn, False)

    def unhide(self, alert: xyzalert.Alert) -> None:
        self._map(self.drawn[id(alert)])

    def remove(self, alert: xyzalert.Alert) -> None:
        drawn = self.drawn.pop(id(alert), None)
        if drawn is not None:
            self._set_visible(drawn, False)
            drawn.widget.destroy()
        self.refresh_later()

    def move(self, alert: xyzalert.Alert, dy: float) -> None:
        drawn = self.drawn[id(alert)]
        drawn.offset = dy
        if drawn.visible:
            self._map(drawn)

    def update(self, alert: xyzalert.Alert) -> None:
        drawn = self.drawn[id(alert)]
        if drawn.toast:
            drawn.label.configure(text=alert.title or alert.id or "")
            for child in drawn.widget.winfo_children():
                if child is not drawn.label:
                    child.destroy()
            self._toast_buttons(drawn.widget, alert)
        else:
            for child in drawn.widget.winfo_children():
                child.destroy()
            self._fill(drawn.widget, alert)

    def announce(self, text: str, politeness: xyzalert.Politeness) -> None:
        """Shows what a screen reader would say ("!" marks an assertive one)."""
        self.said.insert(0, ("! " if politeness == xyzalert.Politeness.ASSERTIVE else "") + text)
        self.announcements.configure(text="Announced: " + "  |  ".join(self.said[:3]))

    def show_keyboard(self, shown: bool) -> None:
        """The on-screen keyboard slides over the bottom of the window, above
        the toast lane, as a phone's does: what it covers must move."""
        if shown:
            self.keyboard.place(relx=0, rely=1.0, y=-40, anchor="sw", relwidth=1.0, height=KEYBOARD_HEIGHT)
            self.keyboard.lift()
        else:
            self.keyboard.place_forget()

    def select_tab(self, name: Optional[str]) -> None:
        """Shows the tab the engine's active child is (without telling it back)."""
        if name in self.tabs and self.notebook.select() != str(self.tabs[name]):
            self._selecting = True
            self.notebook.select(self.tabs[name])
            self.root.update_idletasks()
            self._selecting = False

    def note(self, text: str) -> None:
        self.notes.insert(0, text)
        self.refresh_later()

    def refresh_later(self) -> None:
        if not self._refreshing:
            self._refreshing = True
            self._refresh_id = self.root.after_idle(self.refresh)

    def close(self) -> None:
        """Destroys the window, dropping a refresh still pending."""
        if self._refreshing:
            self.root.after_cancel(self._refresh_id)
        self.root.destroy()

    def refresh(self) -> None:
        """The side panel: why each alert that is not visible is not."""
        self._refreshing = False
        self.panel.delete("1.0", "end")
        for note in self.notes[:5]:
            self.panel.insert("end", f"! {note}\n")
        self.panel.insert("end", "Why not on screen (why)\n\n")
        for line in self.explanations() or ["(none)"]:
            self.panel.insert("end", f"- {line}\n\n")

    # ---- what tests and screenshots read

    def visible_dialogs(self) -> Dict[str, Dict[str, Any]]:
        """The dialogs mapped now: alert id -> page, position and size in the window."""
        self.root.update_idletasks()
        return {d.alert.id or "": self.geometry(d) for d in self.drawn.values()
                if not d.toast and d.widget.winfo_ismapped()}

    def visible_toasts(self) -> Dict[str, Dict[str, Any]]:
        self.root.update_idletasks()
        return {d.alert.id or "": self.geometry(d) for d in self.drawn.values() if d.toast and d.widget.winfo_ismapped()}

    def dimmed(self, page: str) -> bool:
        return self.dimming.get(page, 0) > 0

    # ---- drawing

    def _fill(self, card: tk.Frame, alert: xyzalert.Alert) -> None:
        tk.Label(card, text=alert.title or "", font=("DejaVu Sans", 12, "bold"), bg="white").pack(padx=16, pady=(12, 4))
        if alert.message:
            tk.Label(card, text=alert.message, wraplength=260, bg="white").pack(padx=16)
        buttons = tk.Frame(card, bg="white")
        buttons.pack(pady=10)
        for index, action in enumerate(alert.actions):
            tk.Button(buttons, text=action.title, command=functools.partial(self.on_action, alert, index),
                      fg="#a40000" if action.style == xyzalert.ActionStyle.DESTRUCTIVE else "black").pack(side="left", padx=4)

    def _toast_buttons(self, strip: tk.Frame, alert: xyzalert.Alert) -> None:
        for index, action in enumerate(alert.actions):
            tk.Button(strip, text=action.title, command=functools.partial(self.on_action, alert, index),
                      padx=4, pady=0, font=("DejaVu Sans", 9)).pack(side="left", padx=(0, 6))

    def _map(self, drawn: Drawn) -> None:
        if drawn.toast:
            drawn.widget.pack(side="left", padx=6, pady=6)
        elif drawn.alert.style == "sheet":  # sheets rise from the bottom of their page
            drawn.widget.place(relx=0.5, rely=1.0, anchor="s", y=drawn.offset - 8)
            drawn.widget.lift()
        else:
            drawn.widget.place(relx=0.5, rely=0.45, anchor="center", y=drawn.offset)
            drawn.widget.lift()
        self._set_visible(drawn, True)

    def _set_visible(self, drawn: Drawn, visible: bool) -> None:
        if drawn.visible == visible:
            return
        drawn.visible = visible
        if drawn.dims:
            count = self.dimming.get(drawn.page, 0) + (1 if visible else -1)
            self.dimming[drawn.page] = count
            for widget in self.content.get(drawn.page, []):
                widget.configure(bg=DIM if count > 0 else PAGE)
        self.refresh_later()

    def geometry(self, drawn: Drawn) -> Dict[str, Any]:
        """Where a drawn alert is in the window, and its page."""
        w = drawn.widget
        return {"page": drawn.page, "x": w.winfo_rootx() - self.root.winfo_rootx(),
                "y": w.winfo_rooty() - self.root.winfo_rooty(), "width": w.winfo_width(), "height": w.winfo_height()}

    def _tab_changed(self, _event: Any) -> None:
        if self._selecting:
            return
        selected = self.notebook.select()
        for name, frame in self.tabs.items():
            if str(frame) == selected:
                self.on_tab(name)


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
