"""What a plausible but careless host does from its callbacks and clocks: a
finish that clears the queue again, a clock that returns what no double
holds. Each reaches the caller as an exception or a finished call, never as
"Exception ignored" printed by ctypes."""

import json

import pytest

import xyzalert
from xyzalert import Alert, History


class Clearing(xyzalert.Host):
    """Clears the queue from every finish, as a host resetting its screen might."""

    def __init__(self) -> None:
        self.page = None
        self.finished = 0
        self.counts = []

    def finish(self, alert, reason):
        self.finished += 1
        if self.page is not None:
            self.counts.append(self.page.cancel_queued())


def test_cancel_queued_from_finish_joins_the_running_cancel(capfd):
    host = Clearing()
    with xyzalert.Dispatch(host, name="home") as home:
        host.page = home
        home.page_did_appear()
        home.add([Alert("top")] + [Alert(f"q{i}") for i in range(3000)])
        assert home.cancel_queued() == 3000
        assert host.finished == 3000
        assert host.counts == [0] * 3000  # the joined calls end nothing themselves
        assert home.find("top").state == xyzalert.State.SHOWING
        host.page = None
    assert "Exception ignored" not in capfd.readouterr().err


@pytest.mark.parametrize("reading, error", [(10 ** 400, OverflowError), ("soon", TypeError)])
def test_a_history_clock_reading_no_double_holds_raises_from_the_call(capfd, reading, error):
    now = [1000.0]
    history = History(lambda: now[0])
    history.set_cooldown("all", 10)
    with xyzalert.Dispatch(xyzalert.Host(), name="home", history=history) as home:
        home.page_did_appear()
        home.add(Alert("a"))
        now[0] = reading
        with pytest.raises(error):
            home.add(Alert("b"))  # capped at add: its cap read the clock
        now[0] = 1001.0
        # The bad reading was refused: the display time recorded is the last good one.
        assert json.loads(history.save())["keys"]["all"]["displays"] == [1000.0]
    assert "Exception ignored" not in capfd.readouterr().err


# Every operation on a closed dispatch, as (what, call): each raises
# StateError("the dispatch is closed"), never the C API's NULL error.
CLOSED_DISPATCH_CALLS = [
    ("duration_scale =", lambda d: setattr(d, "duration_scale", 2.0)),
    ("duration_scale", lambda d: d.duration_scale),
    ("set_gap", lambda d: d.set_gap("toast", 1)),
    ("gap", lambda d: d.gap("toast")),
    ("hold_timers", lambda d: d.hold_timers()),
    ("unhold_timers", lambda d: d.unhold_timers()),
    ("history =", lambda d: setattr(d, "history", None)),
    ("history", lambda d: d.history),
    ("lane_limit", lambda d: d.lane_limit("toast")),
    ("set_lane_limit", lambda d: d.set_lane_limit("toast", 2)),
    ("order", lambda d: d.order),
    ("order =", lambda d: setattr(d, "order", "lifo")),
    ("capacity", lambda d: d.capacity),
    ("cancel_queued", lambda d: d.cancel_queued()),
    ("cancel_tagged", lambda d: d.cancel_tagged()),
    ("add", lambda d: d.add(Alert("x"))),
    ("tick", lambda d: d.tick()),
    ("page_did_appear", lambda d: d.page_did_appear()),
    ("suspend", lambda d: d.suspend()),
]


@pytest.mark.parametrize("what, call", CLOSED_DISPATCH_CALLS, ids=[c[0] for c in CLOSED_DISPATCH_CALLS])
def test_every_call_on_a_closed_dispatch_is_a_state_error(what, call):
    dispatch = xyzalert.Dispatch(xyzalert.Host(), name="home")
    dispatch.close()
    with pytest.raises(xyzalert.StateError, match="the dispatch is closed"):
        call(dispatch)


@pytest.mark.parametrize("text, expected", [
    ("90s", 90.0), ("1.5h", 5400.0), ("90d", 7776000.0),
    ("\u0663s", None), ("0x10s", None), ("1e3s", None), (".5s", None), ("5.s", None), ("-0s", None),
])
def test_python_reads_seconds_with_the_files_grammar(text, expected):
    """History.set_cooldown and the JSON loader share one parser: a text
    both refuse or both read alike (an Arabic-Indic digit was taken here,
    and 0x10s, 1e3s, .5s, 5.s and -0s by the loader)."""
    history = History()
    alert_set = '{"alerts": [{"id": "a", "cooldown": "%s"}]}' % text
    if expected is None:
        with pytest.raises(ValueError, match="digits, an optional fraction and a unit"):
            history.set_cooldown("all", text)
        with pytest.raises(xyzalert.SchemaError):
            xyzalert.AlertSet.loads(alert_set)
    else:
        history.set_cooldown("all", text)
        assert xyzalert.AlertSet.loads(alert_set).create_alert("a").cooldown == expected
