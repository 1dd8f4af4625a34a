"""The Tk desktop host's window (app.py draws through it): tabs, dialogs
drawn inside them (a `hide_others` dialog dims its page), a toast lane at
the bottom, an on-screen keyboard, the reasons panel and the
announcements strip. It draws what the engine's callbacks say and knows
nothing of the engine's rules."""

from __future__ import annotations

import functools
import tkinter as tk
from tkinter import ttk
from typing import Any, Callable, Dict, List, Optional

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
