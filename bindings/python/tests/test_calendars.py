"""Windows, excludes, calendar caps and the host's UTC offset (docs/rules.md
§22) through the Python API, and bad input that changes nothing."""

import math
import os
import time

import pytest

import xyzalert
from xyzalert import Alert, Dispatch, EndReason, History, Host, OnOutside, Window, WhyCode

MONDAY_0730 = 1796628600.0  # 2026-12-07 07:30 UTC


class Clock(Host):
    """A host on a virtual clock with a UTC offset it chooses."""

    def __init__(self, offset=3600.0):
        self.clock = 0.0
        self.offset = offset
        self.lines = []

    def now(self):
        return self.clock

    def utc_offset(self, wall):
        return self.offset

    def show(self, alert, target, view):
        self.lines.append(f"show {alert.id}")

    def finish(self, alert, reason):
        self.lines.append(f"finish {alert.id} {reason}")


def page(host):
    home = Dispatch(host, name="home")
    history = History(lambda: MONDAY_0730 + host.clock)
    home.history = history
    home.page_did_appear()
    return home


def advance(home, host, seconds):
    host.clock += seconds
    home.tick()


def test_windows_round_trip_as_windows_and_mappings():
    a = Alert("a")
    a.windows = [{"days": ["tue", "thu"], "from": "03:00", "to": "24:00"}, Window("22:00", "00:00", ("sun",))]
    a.exclude = [{"from": "23:00", "to": "01:00"}]
    assert a.windows == [Window("03:00", "24:00", ("tue", "thu")), Window("22:00", "24:00", ("sun",))]
    assert a.exclude == [Window("23:00", "01:00")]
    a.on_outside = "drop"
    assert a.on_outside is OnOutside.DROP and str(OnOutside.DROP) == "drop"


@pytest.mark.parametrize("window, error, message", [
    ({"from": "9:00", "to": "18:00"}, ValueError, "HH:MM"),
    ({"days": ["funday"], "from": "09:00", "to": "18:00"}, ValueError, "unknown day 'funday'"),
    ({"from": "09:00", "to": "09:00"}, xyzalert.InvalidArgumentError, "empty"),
    ({"from": "09:00", "to": "24:01"}, xyzalert.InvalidArgumentError, "end"),
    ({"from": "09:00"}, ValueError, "needs"),
    ({"form": "09:00", "to": "10:00"}, ValueError, "unknown key 'form'"),
    ("09:00-10:00", TypeError, "a window must be"),
])
def test_a_bad_window_is_a_clear_error_and_changes_nothing(window, error, message):
    a = Alert("a")
    a.windows = [{"from": "08:00", "to": "09:00"}]
    with pytest.raises(error, match=message):
        a.windows = [{"from": "10:00", "to": "11:00"}, window]
    assert a.windows == [Window("08:00", "09:00")]


def test_outside_its_window_an_alert_waits_for_the_opening_and_says_why():
    host = Clock(3600)  # 08:30 local
    home = page(host)
    a = Alert("a")
    a.windows = [{"from": "09:00", "to": "10:00"}]
    home.add(a)
    why = a.why()
    assert why.code is WhyCode.OUTSIDE_WINDOW and why.until == 1800 and "09:00-10:00" in why.rule
    assert home.next_deadline() == 1800
    advance(home, host, 1799)
    assert host.lines == []
    advance(home, host, 1)
    assert host.lines == ["show a"]


def test_drop_ends_it_outside_window():
    host = Clock(3600)
    home = page(host)
    a = Alert("a")
    a.windows = [{"from": "09:00", "to": "10:00"}]
    a.on_outside = OnOutside.DROP
    home.add(a)
    assert host.lines == ["finish a outside_window"] and a.why().end_reason is EndReason.OUTSIDE_WINDOW


@pytest.mark.parametrize("offset, start, shows", [
    (math.nan, "07:00", True),   # NaN reads as UTC
    (1e9, "01:00", True),       # clamped to +18 h: Tuesday 01:30
    (-1e9, "13:00", True),      # clamped to -18 h: Sunday 13:30
    (7200, "07:00", False),     # +2 h: 09:30
])
def test_offsets_are_clamped_never_a_wrong_day(offset, start, shows):
    host = Clock(offset)
    home = page(host)
    a = Alert("a")
    hour = int(start[:2])
    a.windows = [{"from": start, "to": f"{hour + 1:02d}:00"}]
    home.add(a)
    assert (host.lines == ["show a"]) == shows


def test_a_host_whose_offset_raises_reads_utc_and_the_error_surfaces():
    class Raising(Clock):
        def utc_offset(self, wall):
            raise RuntimeError("no zone")

    host = Raising()
    home = page(host)
    a = Alert("a")
    a.windows = [{"from": "07:00", "to": "08:00"}]
    with pytest.raises(RuntimeError, match="no zone"):
        home.add(a)
    assert host.lines == ["show a"]


def test_without_utc_offset_the_process_zone_applies():
    class NoOffset(Host):
        clock = 0.0

        def now(self):
            return self.clock

    saved = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    try:
        host = NoOffset()
        home = page(host)
        a = Alert("a")
        a.windows = [{"days": ["mon"], "from": "16:00", "to": "17:00"}]  # 16:30 in Tokyo
        home.add(a)
        assert a.state is xyzalert.State.SHOWING
    finally:
        if saved is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = saved
        time.tzset()


def test_a_calendar_day_limit_frees_at_local_midnight():
    host = Clock(-7 * 3600 - 1800)  # local midnight at 07:30 UTC
    home = page(host)
    advance(home, host, 86400 - 60)  # Monday 23:59 local
    first = Alert("tip")
    first.add_limit(1, "day")
    assert first.limits == [xyzalert.Limit(1, "day")]
    home.add(first)
    first.dismiss()
    again = Alert("tip")
    again.add_limit(1, "day")
    again.on_capped = "wait"
    home.add(again)
    why = again.why()
    assert why.code is WhyCode.CAPPED and why.until == 60 and "today" in why.rule
    advance(home, host, 60)
    assert again.state is xyzalert.State.SHOWING
