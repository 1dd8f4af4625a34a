"""Time (docs/rules.md §12): durations, ttl, ticks, the host's clock and timer,
polling, and the asyncio host."""

import asyncio

import pytest

import xyzalert
from xyzalert import Alert, Dispatch, EndReason, Exclusive, State

from conftest import Recorder


class Clocked(Recorder):
    """A recorder on a virtual clock whose lines start with the time, and
    whose timer requests are kept apart."""

    def __init__(self, deferred: bool = False) -> None:
        super().__init__(deferred)
        self.clock = 0.0
        self.timers = []

    def _record(self, line, alert=None):
        super()._record(f"@{self.clock:g} {line}", alert)

    def now(self):
        return self.clock

    def set_timer(self, root, delay):
        # While closing, the root is already closed (and has no name to ask for).
        self.timers.append(("closed" if root.closed else root.name, delay))

    def advance(self, seconds, *pages):
        """To each pending deadline of the pages' domains in turn, ticking there, then to the target."""
        target = self.clock + seconds
        while True:
            due = [(page.next_deadline(), page) for page in pages if page.next_deadline() is not None]
            if not due:
                break
            delay, page = min(due, key=lambda pair: pair[0])
            if self.clock + delay > target:
                break
            self.clock += delay
            page.tick()
        self.clock = target


def toast(id, duration=0.0, ttl=0.0, priority=1):
    return Alert(id, priority=priority, exclusive=Exclusive.COVER, duration=duration, ttl=ttl, style="toast")


@pytest.fixture
def clocked():
    made = []

    def make(name="home", visible=True, deferred=False):
        host = Clocked(deferred)
        dispatch = Dispatch(host, name=name)
        if visible:
            dispatch.page_did_appear()
        made.append(dispatch)
        return host, dispatch

    yield make
    for dispatch in made:
        dispatch.close()


def test_section12_a_duration_pauses_while_covered_and_while_the_page_is_away(clocked):
    host, home = clocked()
    home.add(toast("t", 3))
    host.advance(1, home)
    dialog = Alert("dialog", priority=9, exclusive=Exclusive.HIDE_OTHERS)
    home.add(dialog)
    host.advance(10, home)
    dialog.dismiss()
    host.advance(1, home)
    home.page_will_disappear()
    host.advance(30, home)
    home.page_did_appear()
    host.advance(5, home)
    assert host.take() == ["@0 show t page", "@1 hide t covered", "@1 show dialog page",
                           "@11 finish dialog dismissed", "@11 unhide t", "@12 hide t page", "@42 unhide t",
                           "@43 remove t timeout", "@43 finish t timeout"]


def test_section12_a_ttl_expires_only_alerts_never_shown(clocked):
    host, home = clocked(visible=False)
    home.add([toast("stale", ttl=5), toast("waits", ttl=5)])
    host.advance(4, home)
    home.page_did_appear()
    home.add(Alert("cover", priority=9, exclusive=Exclusive.HIDE_OTHERS))
    host.advance(100, home)
    assert host.take() == ["@4 show stale page", "@4 hide stale covered", "@4 show cover page",
                           "@5 finish waits expired"]
    assert home.find("stale").state is State.HIDDEN


def test_section12_chained_timers_fire_in_one_advance_and_ties_in_add_order(clocked):
    host, home = clocked()
    home.add([Alert(id, duration=1.0) for id in "abc"])
    host.advance(10, home)
    assert host.take() == ["@0 show a page", "@1 remove a timeout", "@1 finish a timeout", "@1 show b page",
                           "@2 remove b timeout", "@2 finish b timeout", "@2 show c page",
                           "@3 remove c timeout", "@3 finish c timeout"]
    home.page_will_disappear()
    home.add(toast("first", ttl=4))
    host.clock += 1
    home.add(toast("second", ttl=3))
    host.advance(5, home)
    assert host.take() == ["@14 finish first expired", "@14 finish second expired"]


def test_section12_deferred_mode_ends_during_the_tick_and_the_pass_waits(clocked):
    host, home = clocked(deferred=True)
    home.flush()
    home.add([toast("a", 1), toast("b", 1)])
    home.flush()
    host.take()
    host.clock = 1
    home.tick()
    assert host.take() == ["@1 remove a timeout", "@1 finish a timeout", "@1 flush? home"]
    assert home.find("b").state is State.READY
    home.flush()
    assert host.take() == ["@1 show b page"]


def test_section12_closing_with_timers_pending_ends_them_and_nothing_fires_after(clocked):
    host, home = clocked()
    t = toast("t", 5)
    home.add(t)
    host.take()
    host.timers.clear()
    home.close()
    assert host.take() == ["@0 remove t destroyed", "@0 finish t destroyed"]
    assert host.timers == [("closed", -1.0)]
    assert t.state is State.FINISHED
    with pytest.raises(xyzalert.StateError):
        home.tick()


def test_section12_timer_requests_come_once_per_change_of_the_earliest_deadline(clocked):
    host, home = clocked()
    home.add(toast("t", 5))
    home.add(toast("queued", 4, priority=0))
    assert host.timers == [("home", 5.0)]
    host.clock = 1
    home.add(toast("soon", ttl=2, priority=0))
    home.find("soon").cancel()
    home.find("t").dismiss()
    # "queued" shows at 1 for 4 seconds: its deadline is the one already asked for.
    assert host.timers == [("home", 5.0), ("home", 2.0), ("home", 4.0)]
    home.find("queued").cancel()
    assert host.timers[-1] == ("home", -1.0)


def test_section12_a_host_that_polls_sees_the_same_trace_as_one_driven_by_set_timer(clocked):
    def run(polling):
        host, home = clocked()
        due = []
        if not polling:
            host.set_timer = lambda root, delay: due.__setitem__(slice(None), [] if delay < 0 else [host.clock + delay])

        def advance_to(time):
            if polling:
                host.advance(time - host.clock, home)
                return
            while due and due[0] <= time:
                host.clock = due.pop()
                home.tick()
            host.clock = time

        home.add([toast("a", 2), Alert("b"), toast("c", 1, ttl=3, priority=0)])
        advance_to(1.5)
        d = Alert("d", priority=5, exclusive=Exclusive.HIDE_OTHERS)
        home.add(d)
        advance_to(5.5)
        d.dismiss()
        advance_to(15.5)
        return host.take()

    polled = run(polling=True)
    assert polled == run(polling=False)
    assert "@6 finish a timeout" in polled and "@3 finish c expired" in polled


def test_section12_a_host_that_does_not_override_the_clock_gets_the_system_clock(page, recorder):
    home = page("home")
    home.add(Alert("t", duration=30.0))
    left = home.next_deadline()
    assert 29 < left <= 30
    home.tick()
    assert home.find("t").state is State.SHOWING
    assert home.next_deadline() is not None


def test_section12_not_overriding_now_and_set_timer_installs_no_callback(recorder):
    from xyzalert.callbacks import events_of as _events_of
    assert "now" not in _events_of(recorder) and "set_timer" not in _events_of(recorder)
    assert {"now", "set_timer"} <= set(_events_of(Clocked()))


def test_section12_an_exception_in_the_clock_is_raised_from_the_call(page):
    class Broken(xyzalert.Host):
        def now(self):
            raise RuntimeError("no clock here")

    with Dispatch(Broken(), name="home") as home:
        home.page_did_appear()
        with pytest.raises(RuntimeError, match="no clock here"):
            home.add(Alert("t", duration=1.0))
        assert home.find("t").state is State.SHOWING


def test_section12_durations_and_ttl_are_properties_set_while_idle(page):
    a = Alert("a", duration=2.5, ttl=10)
    assert a.duration == 2.5 and a.ttl == 10.0
    a.duration = 1
    assert a.duration == 1.0
    page("home").add(a)
    with pytest.raises(xyzalert.StateError):
        a.ttl = 3
    assert a.ttl == 10.0
    assert EndReason.TIMEOUT == 3 and EndReason.EXPIRED == 4


def test_section12_the_asyncio_host_ticks_on_a_real_event_loop():
    class Screen(xyzalert.AsyncioHost):
        def __init__(self):
            super().__init__()
            self.events = []

        def show(self, alert, target, view):
            self.events.append(("show", alert.id))

        def finish(self, alert, reason):
            self.events.append(("finish", alert.id, reason))

    async def main():
        screen = Screen()
        with Dispatch(screen, name="home") as home:
            home.page_did_appear()
            home.add([toast("first", 0.05), toast("second", 0.05)])
            assert screen.pending_timers == 1
            start = screen.loop.time()
            while len(screen.events) < 4 and screen.loop.time() - start < 10:
                await asyncio.sleep(0.01)
            assert screen.pending_timers == 0
            home.add(toast("left", 60))
            assert screen.pending_timers == 1
        assert screen.pending_timers == 0, "closing the root cancels its timer"
        return screen.events

    events = asyncio.run(main())
    assert events[:4] == [("show", "first"), ("finish", "first", EndReason.TIMEOUT), ("show", "second"),
                          ("finish", "second", EndReason.TIMEOUT)]
