"""Threads (docs/guide.md, "Threads"): pure Python code must never crash the
interpreter, whatever threads it uses. Several threads call every public
method on one domain at once for a fixed time, with callbacks that call
back into the engine; the only exceptions allowed are the library's own
(a call refused in the state another thread left). Seeds are fixed and
printed on failure."""

from __future__ import annotations

import random
import threading
import time
from typing import Callable, List

import xyzalert
from xyzalert import Alert, Exclusive

SECONDS = 2.0
THREADS = 4
SEED = 20261202


class Busy(xyzalert.Host):
    """A host whose callbacks read the alert and sometimes change it."""

    def __init__(self) -> None:
        self.events = 0

    def show(self, alert, target, view):
        self.events += 1
        alert.explain()
        if alert.id and alert.id.endswith("7"):
            alert.title = "shown"

    def hide(self, alert, reason):
        self.events += 1

    def finish(self, alert, reason):
        self.events += 1
        _ = alert.state, alert.title

    def update(self, alert):
        self.events += 1
        alert.title = "normalised"


def operations(home: xyzalert.Dispatch, tabs: List[xyzalert.Dispatch], rng: random.Random) -> List[Callable[[], None]]:
    """The public methods and properties of Dispatch, Alert and AlertSet,
    on shared objects."""
    def alert(n: int) -> Alert:
        return Alert(f"a{n}", priority=rng.randrange(5), exclusive=rng.choice(list(Exclusive)),
                     tags=["t", f"t{n % 3}"], duration=rng.choice([0, 0.001, 1]), title=f"#{n}")

    def some_live() -> Alert:
        found = home.find(f"a{rng.randrange(40)}")
        return found if found is not None else alert(rng.randrange(40))

    def new_tab() -> None:
        tab = xyzalert.Dispatch(Busy(), name="tab")
        tab.parent = home
        tab.page_did_appear()
        tab.add(alert(40 + rng.randrange(10)))
        tabs.append(tab)
        if len(tabs) > 3:
            tabs.pop(0).close()

    def with_tab(action: Callable[[xyzalert.Dispatch], None]) -> Callable[[], None]:
        def run() -> None:
            if tabs:
                action(rng.choice(tabs))
        return run

    def read_everything(a: Alert) -> None:
        _ = (a.id, a.state, a.priority, a.exclusive, a.lane, a.on_duplicate, a.tags, a.has_tag("t"), a.duration,
             a.ttl, a.dispatch, a.after, a.target, a.style, a.title, a.message, a.actions, a.meta, a.explain())

    def configure(a: Alert) -> None:  # (most of these are refused once it is added)
        a.lane = rng.choice(["main", "toast"])
        a.add_tag("u")
        a.duration = 0.5
        a.ttl = 2
        a.on_duplicate = rng.choice(["reject", "replace", "ignore"])
        a.target = "page"
        a.style = "toast"
        a.add_action(("ok", "OK"))
        a.set_keyboard_avoidance(True, -8)
        a.add_dependency(some_live())

    def record() -> None:
        rng.choice([home.start_recording, home.stop_recording, home.recording])()

    def catalog() -> None:
        with xyzalert.AlertSet.loads('{"alerts": [{"id": "c%d", "priority": 3}]}' % rng.randrange(3)) as alerts:
            home.add(alerts.create_alert(alerts.ids[0]))
            home.add_set(alerts)

    return [
        lambda: home.add(alert(rng.randrange(40))),
        lambda: read_everything(some_live()),
        lambda: configure(some_live()),
        lambda: configure(alert(rng.randrange(40))),
        record,
        catalog,
        lambda: home.find("a1"),
        lambda: home.is_suspended,
        lambda: home.set_target("window", object()),
        lambda: home.set_active_child_provider(rng.choice([None, lambda parent: tabs[0] if tabs else None])),
        lambda: setattr(home, "name", "home"),
        lambda: home.add([alert(rng.randrange(40)), alert(rng.randrange(40))]),
        lambda: home.cancel_tagged(rng.choice(["t", "t1", None])),
        home.tick,
        home.flush,
        home.next_deadline,
        home.snapshot,
        home.page_did_appear,
        home.page_will_disappear,
        home.suspend,
        home.resume,
        lambda: setattr(home, "capacity", rng.randrange(4)),
        lambda: home.keyboard_changed((0, 400, 300, rng.choice([0, 200])), 0.1),
        lambda: some_live().dismiss(),
        lambda: some_live().cancel(),
        lambda: some_live().set_ready(),
        lambda: some_live().trigger_action(0),
        lambda: setattr(some_live(), "title", rng.choice(["x", "y", "normalised"])),
        lambda: some_live().explain(),
        lambda: some_live().set_frame((0, 300, 100, 150)),
        new_tab,
        with_tab(lambda tab: tab.close()),
        with_tab(lambda tab: setattr(tab, "parent", rng.choice([home, None]))),
        with_tab(lambda tab: setattr(home, "active_child", tab if tab.parent is home else None)),
        with_tab(lambda tab: tab.add(alert(40 + rng.randrange(10)))),
        with_tab(lambda tab: tab.snapshot()),
    ]


def test_threads_calling_every_method_on_one_domain_never_crash() -> None:
    home = xyzalert.Dispatch(Busy(), name="home")
    home.page_did_appear()
    tabs: List[xyzalert.Dispatch] = []
    failures: List[str] = []
    counts = [0] * THREADS
    deadline = time.monotonic() + SECONDS

    def worker(index: int) -> None:
        seed = SEED + index
        rng = random.Random(seed)
        ops = operations(home, tabs, rng)
        try:
            while time.monotonic() < deadline:
                try:
                    rng.choice(ops)()
                except (xyzalert.XYZAlertError, IndexError, ValueError):
                    pass  # refused in the state another thread left, or a tab closed meanwhile
                counts[index] += 1
        except BaseException as error:  # anything else is a failure
            failures.append(f"thread {index} (seed {seed}): {error!r}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for tab in tabs:
        tab.close()
    assert not failures, failures
    assert min(counts) > 100, f"each thread made calls: {counts}"
    # The domain still works, and its invariants hold (a snapshot reads them all).
    home.cancel_tagged()
    assert home.snapshot()["pages"]
    home.close()


def test_a_callback_calls_on_its_own_thread_go_through() -> None:
    """The lock is re-entrant: calls made from a callback on the calling
    thread run at once, as without threads."""
    class Reacting(xyzalert.Host):
        def show(self, alert, target, view):
            if alert.id == "first":
                alert.dismiss()
                home.add(Alert("second"))

    home = xyzalert.Dispatch(Reacting(), name="home")
    home.page_did_appear()
    home.add(Alert("first"))
    assert home.find("second") is not None
    home.close()


def test_another_thread_waits_for_a_call_in_progress() -> None:
    """A call from a second thread made while a callback runs waits until
    the first thread's call has returned, then runs."""
    order: List[str] = []
    entered = threading.Event()
    other_done = threading.Event()

    class Slow(xyzalert.Host):
        def show(self, alert, target, view):
            if alert.id == "slow":
                entered.set()
                other_done.wait(0.3)  # the other thread cannot get in meanwhile
                order.append("callback returns")

    home = xyzalert.Dispatch(Slow(), name="home")
    home.page_did_appear()

    def other() -> None:
        entered.wait()
        home.add(Alert("later"))
        order.append("other thread's add")
        other_done.set()

    thread = threading.Thread(target=other)
    thread.start()
    home.add(Alert("slow"))
    order.append("first add returns")
    thread.join()
    # (Which of the two appends after the lock is released comes first is the
    # scheduler's choice.)
    assert order[0] == "callback returns" and sorted(order[1:]) == ["first add returns", "other thread's add"]
    home.close()
