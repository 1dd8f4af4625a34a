"""Timing for people (docs/rules.md §17) through the Python bindings: holds
(and the Holds helper of toolkit events), the duration scale, show_after,
min_visible, lane gaps and announcements."""

import asyncio
import math

import pytest

import xyzalert
from conftest import Recorder
from xyzalert import Alert, Politeness, WhyCode


class Clocked(Recorder):
    clock = 0.0
    said: list

    def now(self) -> float:
        return self.clock

    def announce(self, alert, politeness, text):
        self.said.append(f"{alert.id} {politeness.name.lower()} {text}")


def clocked():
    host = Clocked()
    host.said = []
    return host


def test_section17_holds_keep_the_time_left_and_the_helper_counts_once():
    host = clocked()
    with xyzalert.Dispatch(host, name="home") as home:
        home.page_did_appear()
        toast = Alert("toast", duration=2.0, exclusive="cover", title="Saved")
        home.add(toast)
        assert host.said == ["toast polite Saved"]
        holds = xyzalert.Holds()
        holds.start(toast, "pointer")
        holds.start(toast, "pointer")   # repeated enter: still one hold
        holds.start(toast, "focus")
        host.clock = 10.0
        home.tick()
        holds.stop(toast, "pointer")
        assert toast.state == xyzalert.State.SHOWING and home.next_deadline() is None
        holds.stop(toast, "focus")
        assert home.next_deadline() == 2.0
        holds.window(home, hidden=True)
        holds.window(home, hidden=True)
        assert home.next_deadline() is None
        holds.window(home, hidden=False)
        with pytest.raises(xyzalert.StateError):
            toast.unhold()
        host.clock = 12.0
        home.tick()
        assert toast.state == xyzalert.State.FINISHED
        holds.stop(toast, "pointer")    # finished: nothing to undo


def test_section17_scale_show_after_min_visible_and_gaps():
    host = clocked()
    with xyzalert.Dispatch(host, name="home") as home:
        home.page_did_appear()
        home.duration_scale = math.inf
        home.set_gap("toast", "1s")
        assert home.gap("toast") == 1.0 and math.isinf(home.duration_scale)
        spin = Alert("spin")
        spin.show_after = "0.5s"
        spin.min_visible = 1
        spin.announce = Politeness.OFF
        home.add(spin)
        why = spin.why()
        assert why.code == WhyCode.SHOW_AFTER and why.until == 0.5
        host.clock = 0.5
        home.tick()
        spin.dismiss()
        assert spin.why().code == WhyCode.MIN_VISIBLE and spin.state == xyzalert.State.SHOWING
        host.clock = 1.5
        home.tick()
        assert spin.state == xyzalert.State.FINISHED and host.said == []


def test_section17_the_asyncio_host_holds_on_pointer_focus_and_window():
    async def main():
        class Screen(xyzalert.AsyncioHost):
            pass

        screen = Screen()
        with xyzalert.Dispatch(screen, name="home") as home:
            home.page_did_appear()
            toast = Alert("toast", duration=0.05, exclusive="cover")
            home.add(toast)
            screen.pointer_entered(toast)
            screen.window_hidden(home)
            await asyncio.sleep(0.1)
            assert toast.state == xyzalert.State.SHOWING
            screen.window_shown(home)
            screen.focus_gained(toast)
            screen.pointer_left(toast)
            await asyncio.sleep(0.1)
            assert toast.state == xyzalert.State.SHOWING
            screen.focus_lost(toast)
            await asyncio.sleep(0.1)
            assert toast.state == xyzalert.State.FINISHED

    asyncio.run(main())
