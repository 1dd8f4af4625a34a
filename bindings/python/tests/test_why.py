"""Reasons as data (docs/rules.md §18) through the Python bindings:
Alert.why() gives the code, the cause as the objects the application
holds, the timer and the sentence."""

import pytest

import xyzalert
from conftest import Recorder
from xyzalert import Alert, EndReason, Exclusive, Why, WhyCode


def test_section18_codes_print_as_their_trace_words():
    assert str(WhyCode.LOWER_PRIORITY) == "lower_priority"
    assert [str(code) for code in WhyCode][:4] == ["idle", "showing", "hidden_page", "hidden_covered"]
    assert len(WhyCode) == 22


def test_section18_a_showing_alert_whose_countdown_is_held_says_held(recorder, page):
    home = page("home")
    toast = Alert("toast", duration=3)
    plain = Alert("plain", exclusive=Exclusive.COVER, priority=1)
    home.add(toast)
    assert toast.why().code == WhyCode.SHOWING
    toast.hold()  # a pointer over it
    why = toast.why()
    assert why.code == WhyCode.HELD and why.cause is None and why.until is None
    assert toast.explain() == "'toast' is showing on page 'home' (target 'page'); its countdown waits while it is held"
    toast.unhold()
    assert toast.why().code == WhyCode.SHOWING and 2 < toast.why().until <= 3  # (the real clock)
    home.hold_timers()  # the app in the background
    assert toast.why().code == WhyCode.HELD
    assert toast.explain().endswith("its countdown waits while the timers of page 'home' are held")
    home.add(plain)  # no duration: nothing to hold
    assert plain.why().code == WhyCode.SHOWING


def test_section18_each_cause_is_the_object_the_application_holds(recorder, page):
    tabs = page("tabs")
    feed, chat = page("feed"), page("chat")
    feed.parent = tabs
    chat.parent = tabs
    tabs.active_child = feed
    idle = Alert("idle")
    assert idle.why() == Why(WhyCode.IDLE, None, None, None, idle.explain())
    login = Alert("login", priority=5)
    feed.add(login)
    by_handle, by_id = Alert("by-handle"), Alert("by-id")
    by_handle.add_dependency(login)
    by_id.add_dependency("login")
    behind = Alert("behind")
    elsewhere = Alert("elsewhere")
    feed.add([by_handle, by_id, behind])
    chat.add(elsewhere)
    assert login.why().code == WhyCode.SHOWING
    assert by_handle.why().code == WhyCode.DEPENDENCY and by_handle.why().cause is login
    assert by_id.why().code == WhyCode.ID_DEPENDENCY and by_id.why().cause == "login"
    assert behind.why().code == WhyCode.BEHIND and behind.why().cause is login
    assert elsewhere.why().code == WhyCode.NOT_ACTIVE_CHILD and elsewhere.why().cause is chat
    cover = Alert("cover", priority=9, exclusive=Exclusive.HIDE_OTHERS)
    feed.add(cover)
    assert login.why().code == WhyCode.HIDDEN_COVERED and login.why().cause is cover
    tabs.suspend()
    held = Alert("held", priority=10, exclusive=Exclusive.COVER)
    feed.add(held)
    assert held.why().code == WhyCode.SUSPENDED and held.why().cause is tabs
    tabs.resume()
    tabs.page_will_disappear()
    assert cover.why().code == WhyCode.HIDDEN_PAGE and cover.why().cause is tabs
    assert behind.why().code == WhyCode.PAGE_NOT_VISIBLE and behind.why().cause is tabs
    behind.cancel()
    why = behind.why()
    assert (why.code, why.end_reason, why.cause) == (WhyCode.FINISHED, EndReason.CANCELLED, None)
    assert why.sentence == behind.explain() == "'behind' finished: cancelled"


def test_section18_before_a_flush_and_with_timers():
    class Clocked(Recorder):
        time = 0.0

        def now(self):
            return self.time

    host = Clocked(deferred=True)
    home = xyzalert.Dispatch(host, name="home")
    home.page_did_appear()
    low, high = Alert("low", priority=1), Alert("high", priority=5, duration=4)
    waiting = Alert("waiting", ready=False, ttl=10)
    home.add([low, high, waiting])
    assert low.why().code == WhyCode.LOWER_PRIORITY and low.why().cause is high
    assert high.why().code == WhyCode.DEFERRED and high.why().sentence.endswith("(a flush is requested)")
    assert waiting.why().code == WhyCode.NOT_READY and waiting.why().until == pytest.approx(10)
    home.flush()
    host.time = 1.5
    assert high.why().code == WhyCode.SHOWING and high.why().until == pytest.approx(2.5)
    assert low.why().code == WhyCode.BEHIND and low.why().until is None
    home.close()
