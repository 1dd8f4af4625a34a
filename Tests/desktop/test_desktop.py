"""The Tk desktop host (examples/desktop/app.py) under Xvfb, as a person
would see it: the tour's trace is what `xyzalert simulate` prints; after
every step what Tk has mapped (dialogs, toasts, the dimmed page, the
selected tab, the keyboard) is what the engine's trace says is on screen;
screenshots of three moments are not blank and differ where the scene
changed. Run by `make desktop-test` (under xvfb-run, in `make test`).

XYZALERT_SCREENSHOTS=DIR also saves the three screenshots there as PNG
(`make screenshots` refreshes docs/desktop-*.png this way)."""

import importlib.util
import json
import os
import subprocess
import tkinter as tk
from pathlib import Path

import pytest

import xyzalert

REPO = Path(__file__).resolve().parents[2]
DESKTOP = REPO / "examples" / "desktop"
TOUR = DESKTOP / "tour.json"

spec = importlib.util.spec_from_file_location("desktop_app", DESKTOP / "app.py")
app = importlib.util.module_from_spec(spec)
spec.loader.exec_module(app)


def cli():
    return os.environ.get("XYZALERT_CLI") or str(next(REPO.glob(".build/*/debug/xyzalert-cli")))


@pytest.fixture
def tour():
    root = tk.Tk()
    played = app.Tour(root, TOUR)
    yield played
    played.player.close()
    played.screen.close()


def on_screen(events):
    """What the trace says is on screen now: alert -> visible or hidden."""
    state = {}
    for event in events:
        kind, alert = event["event"], event.get("alert")
        if kind in ("show", "unhide"):
            state[alert] = "visible"
        elif kind == "hide":
            state[alert] = "hidden"
        elif kind == "remove" or (kind == "finish" and event["reason"] not in ("duplicate", "capped")):
            # (A duplicate or capped alert never joined: the live one with its id stays.)
            state.pop(alert, None)
    return {alert for alert, how in state.items() if how == "visible"}


def screenshot(name):
    """The whole (virtual) screen as rows of RGB bytes, via ImageMagick's import."""
    ppm = subprocess.run(["import", "-window", "root", "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    magic, width, height, depth, pixels = ppm.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    width, height = int(width), int(height)
    if os.environ.get("XYZALERT_SCREENSHOTS"):
        out = Path(os.environ["XYZALERT_SCREENSHOTS"]) / f"desktop-{name}.png"
        subprocess.run(["import", "-window", "root", "-crop", "900x600+0+0", f"PNG24:{out}"], check=True)
    return width, height, [pixels[y * width * 3:(y + 1) * width * 3] for y in range(height)]


def region(shot, x, y, w, h):
    return b"".join(row[x * 3:(x + w) * 3] for row in shot[2][y:y + h])


def test_the_tours_trace_is_what_the_tool_prints(tour):
    while not tour.done:
        tour.step()
    output = subprocess.run([cli(), "simulate", str(TOUR), "--format", "json"], check=True,
                            capture_output=True, text=True).stdout
    assert tour.player.events == [json.loads(line) for line in output.splitlines()]


def test_the_tour_uses_the_apps_policy():
    """tour.json's alerts are alerts.json's, each on the tab its meta names."""
    policy = json.loads((DESKTOP / "alerts.json").read_text())["alerts"]
    toured = json.loads(TOUR.read_text())["alerts"]
    # (A definition with a "name" is the tour's own: a second add of an id, as "unread-3" upserts "unread".)
    assert [dict(a, page=a["meta"]["tab"]) for a in policy] == [a for a in toured if "name" not in a]


def test_what_tk_shows_follows_the_engine(tour):
    screen, shots, steps = tour.screen, {}, json.loads(TOUR.read_text())["steps"]
    for number in range(len(steps)):
        tour.step()
        dialogs, toasts = screen.visible_dialogs(), screen.visible_toasts()
        # Tk's widget tree against the engine's trace, after every step.
        assert set(dialogs) | set(toasts) == on_screen(tour.player.events), f"step {number}"
        for id, where in dialogs.items():
            tab = screen.tabs[where["page"]]
            left, top = tab.winfo_rootx() - screen.root.winfo_rootx(), tab.winfo_rooty() - screen.root.winfo_rooty()
            assert left <= where["x"] and where["x"] + where["width"] <= left + tab.winfo_width(), id
        lane_top = screen.toast_lane.winfo_rooty() - screen.root.winfo_rooty()
        for id, where in toasts.items():
            assert where["y"] >= lane_top, id
        selected = screen.notebook.tab(screen.notebook.select(), "text")
        active = tour.player.dispatch("window").active_child
        assert selected == (active.name if active else selected)
        if number == 5:  # launch: the login dialog over the promotion, which it hides and dims
            assert set(dialogs) == {"login"} and screen.dimmed("home")
            shots["launch"] = screenshot("launch")
        elif number == 7:  # the side panel explains what is queued
            panel = screen.panel.get("1.0", "end")
            assert "[not_active_child] 'digest' is ready but page 'inbox' is not the active child" in panel
            assert "'rating'" in panel
        elif number == 8:  # the inbox tab: home's dialog hidden with its page
            assert set(dialogs) == {"digest"} and selected == "inbox" and not screen.dimmed("home")
            shots["tabs"] = screenshot("tabs")
        elif number == 9:  # back home: the login dialog is restored
            assert set(dialogs) == {"login"} and selected == "home" and screen.dimmed("home")
        elif number == 12:  # two toasts stacked beside the dialog (the lane shows three at once)
            assert set(toasts) == {"saved", "synced"} and set(dialogs) == {"login"}
            assert toasts["saved"]["x"] < toasts["synced"]["x"]  # side by side, oldest first
            shots["toasts"] = screenshot("toasts")
        elif number in (13, 14):
            assert toasts == {}
        elif number == 15:
            assert set(dialogs) == {"promo"} and not screen.dimmed("home")
        elif number == 19:
            assert screen.keyboard.winfo_ismapped()
            before = dialogs["compose"]["y"]
        elif number == 20:  # the sheet moved clear of the keyboard, by the engine's dy
            assert dialogs["compose"]["y"] == before - 118
            assert tour.player.events[-1] == {"step": 20, "event": "move", "alert": "compose", "dy": -118.0,
                                              "duration": 0.0}
        elif number == 21:  # the keyboard went away: placed at its own place again
            compose = next(d for d in screen.drawn.values() if d.alert.id == "compose")
            assert not screen.keyboard.winfo_ismapped() and compose.widget.place_info()["y"] == "-8"
        elif number == 27:  # "Undo" keeps the toast open: the action only
            assert set(toasts) == {"archived"} and tour.player.events[-1]["event"] == "action"
        elif number == 30:  # "3 new messages" updated in place, by id: one toast, its text changed
            assert set(toasts) == {"archived", "unread"}
            unread = next(d for d in screen.drawn.values() if d.alert.id == "unread")
            assert unread.label.cget("text") == "3 new messages"
    # Three moments: none blank, each different from the others where the scene changed.
    for name, shot in shots.items():
        window = region(shot, 0, 0, 900, 600)
        assert len(set(window[i:i + 3] for i in range(0, len(window), 3 * 97))) > 8, f"{name} looks blank"
    card = (150, 200, 400, 200)  # where the dialogs of the tabs are drawn
    assert region(shots["launch"], *card) != region(shots["tabs"], *card)
    lane = (0, 560, 600, 40)
    assert region(shots["toasts"], *lane) != region(shots["launch"], *lane)
    assert region(shots["launch"], *card) == region(shots["toasts"], *card)  # the same dialog, unchanged


def test_the_live_app_adds_from_its_policy_and_times_toasts_out(tmp_path):
    root = tk.Tk()
    live = app.App(root, DESKTOP / "alerts.json", tmp_path / "history.json")
    try:
        live.add("promo")
        live.add("login")
        root.update()
        assert set(live.screen.visible_dialogs()) == {"login"}  # deferred: drawn after the idle flush
        # Added in one turn, arbitrated at one flush: the promotion never showed.
        promo = next(a for a in live.live if a.id == "promo")
        assert promo.state == xyzalert.State.READY and f"[behind] {promo.explain()}" in live.explanations()
        live.add("rating")
        root.update()
        assert ("[not_active_child] 'rating' is ready but page 'settings' is not the active child of page 'window'"
                in live.explanations())
        live.add("saved")
        root.update()
        assert set(live.screen.visible_toasts()) == {"saved"}
        deadline = root.tk.call("clock", "milliseconds") + 4000
        while live.screen.visible_toasts() and root.tk.call("clock", "milliseconds") < deadline:
            root.update()
        assert live.screen.visible_toasts() == {}  # timed out on Tk's timer
        live.select("inbox")
        root.update()
        assert live.screen.visible_dialogs() == {}
        # The on-screen keyboard: the sheet reported its frame, and moves clear of it.
        live.add("compose")
        root.update()
        compose = next(d for d in live.screen.drawn.values() if d.alert.id == "compose")
        assert compose.offset == 0
        live.toggle_keyboard()
        root.update()
        keyboard_top = live.screen.keyboard.winfo_rooty() - root.winfo_rooty()
        where = live.screen.visible_dialogs()["compose"]
        assert compose.offset < 0 and where["y"] + where["height"] <= keyboard_top
        live.toggle_keyboard()
        root.update()
        assert compose.offset == 0 and compose.widget.place_info()["y"] == "-8"
    finally:
        for page in live.pages.values():
            page.close()
        live.screen.close()


def test_the_live_apps_campaign_asks_for_a_rating_after_three_tasks(tmp_path):
    """alerts.json's campaign (docs/rules.md §21): the third completed task
    makes a rating instance that waits its five seconds (explained in the
    side panel), a started task cancels it, and once the user rated none
    is made."""
    root = tk.Tk()
    live = app.App(root, DESKTOP / "alerts.json", tmp_path / "history.json")
    try:
        for _ in range(3):
            live.track("task_completed")
        root.update()
        rating = next(a for a in live.live if a.id == "rating")
        assert rating.campaign == "rate-after-three-tasks" and rating.why().code == xyzalert.WhyCode.TRIGGER_DELAY
        assert any(line.startswith("[trigger_delay] 'rating' is waiting: campaign 'rate-after-three-tasks'")
                   for line in live.explanations())
        live.track("task_started")
        assert rating.state == xyzalert.State.FINISHED and rating.why().end_reason == xyzalert.EndReason.CANCELLED
        live.window.set_attribute("rated", True)
        for _ in range(3):
            live.track("task_completed")
        assert [a for a in live.live if a.id == "rating" and a.state != xyzalert.State.FINISHED] == []
    finally:
        for page in live.pages.values():
            page.close()
        live.screen.close()


def test_the_tour_shows_the_rating_at_most_once(tour):
    while not tour.done:
        tour.step()
    assert {"step": 25, "event": "finish", "alert": "rating", "reason": "capped"} in tour.player.events
    assert not any(e["alert"] == "rating" and e["step"] == 25 and e["event"] == "show" for e in tour.player.events)


def test_the_live_app_keeps_its_history_across_runs(tmp_path):
    """The rating is asked at most once, ever: the second run, reading the
    history the first saved, never shows it; a corrupt file is reported and
    the app goes on with an empty history."""
    path = tmp_path / "state" / "history.json"
    for run in range(2):
        root = tk.Tk()
        live = app.App(root, DESKTOP / "alerts.json", path)
        try:
            live.select("settings")
            rating = live.add("rating")
            root.update()
            if run == 0:
                assert set(live.screen.visible_dialogs()) == {"rating"}
                live.act(rating, 1)
                live.save_history()
                saved = json.loads(path.read_text())
                # (The first run's session is 1: its history began new.)
                assert saved["session"] == 1 and saved["keys"] == {"id:rating": {"lifetime": 1}}
            else:
                assert rating.state == xyzalert.State.FINISHED and live.screen.visible_dialogs() == {}
                assert "'rating' was not shown: a frequency cap holds it" in live.screen.panel.get("1.0", "end")
                assert live.history.session == 2
        finally:
            for page in live.pages.values():
                page.close()
            live.screen.close()
    path.write_text('{"version": 1, "keys": {"id:rating": {"lifetime": "once"}}}')
    root = tk.Tk()
    live = app.App(root, DESKTOP / "alerts.json", path)
    try:
        panel = live.screen.panel.get("1.0", "end")
        assert "history not loaded, starting afresh" in panel and "/keys/id:rating/lifetime" in panel
        live.select("settings")
        live.add("rating")
        root.update()
        assert set(live.screen.visible_dialogs()) == {"rating"}
    finally:
        for page in live.pages.values():
            page.close()
        live.screen.close()


def test_the_tour_reads_its_announcements_into_the_strip(tour):
    """The "announcements" strip shows what a screen reader would say, as
    the engine's announce events give it, newest first."""
    while not tour.done:
        tour.step()
    said = [e["text"] for e in tour.player.events if e["event"] == "announce"]
    assert said and tour.screen.said == list(reversed(said))
    assert tour.screen.announcements.cget("text").startswith("Announced: " + said[-1])


def test_hover_focus_and_a_minimised_window_hold_the_toasts(tmp_path):
    root = tk.Tk()
    live = app.App(root, DESKTOP / "alerts.json", tmp_path / "history.json")
    try:
        saved = live.add("saved")
        root.update()
        assert set(live.screen.visible_toasts()) == {"saved"}
        assert "Draft saved" in live.screen.announcements.cget("text")
        widget = next(d.widget for d in live.screen.drawn.values() if d.alert.id == "saved")
        widget.event_generate("<Enter>")
        widget.event_generate("<FocusIn>")
        root.update()
        assert live.window.next_deadline() is None  # held: no timer runs
        widget.event_generate("<Leave>")
        root.update()
        assert live.window.next_deadline() is None  # the focus still holds it
        widget.event_generate("<FocusOut>")
        root.update()
        assert live.window.next_deadline() is not None
        root.iconify()
        root.update()
        deadline = root.tk.call("clock", "milliseconds") + 2000
        while live.window.next_deadline() is not None and root.tk.call("clock", "milliseconds") < deadline:
            root.update()
        assert live.window.next_deadline() is None  # minimised: every countdown holds
        root.deiconify()
        deadline = root.tk.call("clock", "milliseconds") + 5000
        while saved.state != xyzalert.State.FINISHED and root.tk.call("clock", "milliseconds") < deadline:
            root.update()
        assert saved.state == xyzalert.State.FINISHED  # restored: it timed out
    finally:
        for page in live.pages.values():
            page.close()
        live.screen.close()


def test_the_live_app_stacks_toasts_keeps_undo_open_and_counts_upserts(tmp_path):
    """The toast lane shows three at once (a fourth waits), "Undo" leaves its
    toast open, and adding "unread" again updates the toast in place
    ("3 new messages") instead of queueing another."""
    root = tk.Tk()
    live = app.App(root, DESKTOP / "alerts.json", tmp_path / "history.json")
    try:
        for id in ("saved", "synced", "archived"):
            live.add(id)
        unread = live.add("unread")
        root.update()
        assert set(live.screen.visible_toasts()) == {"saved", "synced", "archived"}
        assert unread.why().code == xyzalert.WhyCode.BEHIND
        archived = live.window.find("archived")
        strip = next(d for d in live.screen.drawn.values() if d.alert is archived)
        undo = next(w for w in strip.widget.winfo_children() if isinstance(w, tk.Button) and w.cget("text") == "Undo")
        undo.invoke()
        assert archived.state == xyzalert.State.SHOWING
        for _ in range(2):
            again = live.add("unread")
            assert again.why().end_reason == xyzalert.EndReason.DUPLICATE
        assert unread.title == "3 new messages" and unread.state == xyzalert.State.READY
    finally:
        for page in live.pages.values():
            page.close()
        live.screen.close()
