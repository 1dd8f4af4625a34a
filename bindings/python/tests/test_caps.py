"""Frequency caps, cool-downs and the display history (docs/rules.md §16)
through the Python bindings: History shared by dispatches, saved and loaded
through str and path, caps on alerts and keys, reasons, bad files."""

import json

import pytest

import xyzalert
from conftest import Recorder
from xyzalert import Alert, EndReason, History, Limit, OnCapped, WhyCode


class ClockedRecorder(Recorder):
    """A recorder whose host clock the test moves by hand."""

    clock = 0.0

    def now(self) -> float:
        return self.clock


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_section16_alerts_read_back_their_caps():
    a = Alert("rate")
    a.add_limit(1, "lifetime")
    a.add_limit(3, "90d")
    a.add_limit(2, 3600)
    a.cooldown = "30s"
    a.on_capped = "wait"
    assert a.limits == [Limit(1, "lifetime"), Limit(3, 90 * 86400.0), Limit(2, 3600.0)]
    assert a.cooldown == 30.0 and a.on_capped == OnCapped.WAIT
    a.clear_caps()
    assert a.limits == [] and a.cooldown == 0.0
    with pytest.raises(ValueError):
        a.add_limit(0, "session")
    with pytest.raises(ValueError, match="unit"):
        a.cooldown = "30 seconds"
    with pytest.raises(ValueError, match="cooldown must be a finite number of seconds, 0 or more, got -1.0"):
        a.cooldown = -1


def test_section16_a_shared_history_caps_across_dispatches_and_sessions():
    clock = Clock()
    history = History(clock)
    history.set_limit("tag:promo", 1, "session")
    first, second = Recorder(), Recorder()
    home = xyzalert.Dispatch(first, name="home", history=history)
    other = xyzalert.Dispatch(second, name="other", history=history)
    assert home.history is history and other.history is history
    home.page_did_appear()
    other.page_did_appear()
    sale = Alert("sale")
    sale.add_tag("promo")
    home.add(sale)
    later = Alert("later")
    later.add_tag("promo")
    later.on_capped = OnCapped.WAIT
    other.add(later)
    assert first.take() == ["show sale page"] and second.take() == []
    why = later.why()
    assert why.code == WhyCode.CAPPED and why.cause == "tag:promo" and why.key == "tag:promo"
    assert why.rule == "1 of 1 displays this session" and why.until is None
    assert later.explain() == "'later' is capped: 1 of 1 displays this session (tag:promo)"
    history.begin_session()
    assert history.session == 1  # a new history's first session begins: still 1, counted afresh
    assert second.take() == ["show later page"]
    dropped = Alert("again")
    dropped.add_tag("promo")
    other.add(dropped)
    assert dropped.state == xyzalert.State.FINISHED
    assert second.take() == ["finish again capped"]
    # The cap that ended it is its reason's cause (docs/rules.md §18).
    why = dropped.why()
    assert why.code == WhyCode.FINISHED and why.key == "tag:promo" and why.rule == "1 of 1 displays this session"
    assert dropped.explain() == "'again' finished: capped: 1 of 1 displays this session (tag:promo)"
    home.close()
    other.close()


def test_section18_an_alert_a_cap_drops_when_selected_names_the_cap():
    # Both join (nothing shown yet); the first display fills the session's
    # limit, so the second ends capped when it is selected, in a pass.
    recorder = Recorder()
    history = History(Clock())
    history.set_limit("tag:promo", 1, "session")
    home = xyzalert.Dispatch(recorder, name="home", history=history)
    home.page_did_appear()
    first, second = Alert("first", priority=1, tags=["promo"]), Alert("second", tags=["promo"])
    home.add([first, second])
    first.dismiss()
    assert recorder.take() == ["show first page", "finish first dismissed", "finish second capped"]
    why = second.why()
    assert (why.code, why.key, why.rule) == (WhyCode.FINISHED, "tag:promo", "1 of 1 displays this session")
    assert second.explain() == "'second' finished: capped: 1 of 1 displays this session (tag:promo)"
    assert first.why().key is None  # (dismissed: no cause)
    home.close()


def test_section16_a_cooldown_frees_by_time_on_the_host_timer():
    recorder = ClockedRecorder()
    history = History(lambda: 1e9 + recorder.clock)
    home = xyzalert.Dispatch(recorder, name="home", history=history)
    home.page_did_appear()
    history.set_cooldown("all", "1m")
    a = Alert("a")
    home.add(a)
    a.dismiss()
    b = Alert("b")
    b.on_capped = "wait"
    home.add(b)
    assert b.why().code == WhyCode.COOLING_DOWN and b.why().until == 60.0
    recorder.clock = 60.0
    home.tick()
    assert recorder.take()[-1] == "show b page"
    home.close()


def test_section16_history_saves_to_and_loads_from_str_and_path(tmp_path):
    clock = Clock(1000.0)
    history = History(clock)
    history.set_limit("all", 2, 100)
    with xyzalert.Dispatch(Recorder(), name="home", history=history) as home:
        home.page_did_appear()
        for i in range(3):
            alert = Alert(f"m{i}")
            home.add(alert)
            alert.dismiss()
            clock.now += 60
    text = history.save()
    assert json.loads(text) == {"version": 1, "session": 1,
                                "keys": {"all": {"displays": [1120.0]}}}  # (no lifetime or session limit)
    path = tmp_path / "history.json"
    assert history.save(path) == text and path.read_text() == text
    again = History(clock)
    again.load(path)
    assert again.save() == text
    other = History(clock)
    other.loads(text)
    assert other.save() == text


@pytest.mark.parametrize("text, kind, line, column, where", [
    ('{"version": 1, "keys": {"all": {"displays": [1, 2', xyzalert.ParseError, 1, 50, "/keys/all/displays"),
    ('{"version": 3}', xyzalert.SchemaError, 1, 13, "/version"),
    ('{"version": 1, "session": "two"}', xyzalert.SchemaError, 1, 27, "/session"),
    ('"history"', xyzalert.ParseError, 1, 9, ""),
    ('[1]', xyzalert.SchemaError, 1, 1, ""),
])
def test_section16_a_bad_history_is_a_located_error_that_changes_nothing(text, kind, line, column, where):
    history = History(Clock())
    history.loads('{"version": 1, "session": 5}')
    before = history.save()
    with pytest.raises(kind) as raised:
        history.loads(text)
    assert type(raised.value) is kind
    assert (raised.value.line, raised.value.column, raised.value.path) == (line, column, where)
    assert history.save() == before
    with pytest.raises(xyzalert.ReadError):
        history.load("/nonexistent/history.json")
    assert History(Clock()).save() == '{"version": 1, "session": 1, "keys": {}}'  # the app goes on


def test_section16_a_clock_that_raises_is_reported_by_the_call():
    def broken() -> float:
        raise RuntimeError("no clock")

    history = History(broken)
    history.set_limit("all", 1, "session")
    with xyzalert.Dispatch(Recorder(), name="home", history=history) as home:
        home.page_did_appear()
        with pytest.raises(RuntimeError, match="no clock"):
            home.add(Alert("a"))


def test_section16_the_alert_set_caps_member_applies_to_a_history():
    alerts = xyzalert.AlertSet.loads(json.dumps({
        "alerts": [{"id": "rate", "limit": {"count": 1, "per": "lifetime"}, "cooldown": "1d"}],
        "caps": {"tag:promo": {"limit": [{"count": 3, "per": "session"}, {"count": 5, "per": "7d"}]}}}))
    history = History(Clock())
    alerts.apply_caps(history)
    rate = alerts.create_alert("rate")
    assert rate.limits == [Limit(1, "lifetime")] and rate.cooldown == 86400.0
    with xyzalert.Dispatch(Recorder(), name="home", history=history) as home:
        home.page_did_appear()
        home.add(rate)
    assert json.loads(history.save())["keys"] == {"id:rate": {"lifetime": 1, "displays": [1_700_000_000.0]}}
    assert EndReason(8) is EndReason.CAPPED


def test_section16_a_dispatch_keeps_its_history_and_its_clock():
    import gc
    recorder = Recorder()
    home = xyzalert.Dispatch(recorder, name="home", history=History(Clock(5.0)))
    gc.collect()
    history = home.history
    assert isinstance(history, History) and history.session == 1
    history.set_cooldown("all", 10)
    home.page_did_appear()
    home.add(Alert("a"))
    assert json.loads(history.save())["keys"]["all"]["displays"] == [5.0]  # the clock still reads
    del history
    gc.collect()
    home.close()
