"""Wrong types and out-of-range values: every public method that takes an
argument raises TypeError, OverflowError or ValueError naming it, never a
ctypes error, an AttributeError from inside or a silent wrap-around. The
table below is checked against the classes, so a new method needs a row."""

from __future__ import annotations

import gc
import inspect
import sys
from typing import Any, Callable, List, Tuple

import pytest

import xyzalert
from conftest import REPO
from xyzalert import (Action, ActionStyle, Alert, AlertSet, Dispatch, Exclusive, OnCapped, OnDuplicate, OnOutside,
                      Politeness, Preempt, Scenario, State, WhenDisplaced)

EXAMPLES = REPO / "examples"


def shown() -> Tuple[Dispatch, Alert]:
    page = Dispatch(name="home")
    page.page_did_appear()
    alert = Alert("a", actions=[("ok", "OK")])
    page.add(alert)
    return page, alert


def catalog() -> AlertSet:
    return AlertSet.load(EXAMPLES / "alerts.json")


# (what, call, exception, the start of its message)
WRONG: List[Tuple[str, Callable[[], Any], type, str]] = [
    ("Alert.__init__", lambda: Alert(5), TypeError, "id must be a str, got int 5"),
    ("Alert.__init__", lambda: Alert("a", priority="high"), TypeError, "priority must be an int, got str 'high'"),
    ("Alert.__init__", lambda: Alert("a", priority=2 ** 31), OverflowError,
     "priority must be between -2147483648 and 2147483647, got 2147483648"),
    ("Alert.__init__", lambda: Alert("a", priority=2 ** 32 + 5), OverflowError, "priority must be between"),
    ("Alert.__init__", lambda: Alert("a", priority=-(2 ** 31) - 1), OverflowError, "priority must be between"),
    ("Alert.__init__", lambda: Alert("a", priority=1.5), TypeError, "priority must be an int, got float 1.5"),
    ("Alert.__init__", lambda: Alert("a", priority=True), TypeError, "priority must be an int, got bool True"),
    ("Alert.__init__", lambda: Alert("a", exclusive="over"), ValueError,
     "exclusive must be one of 'wait', 'cover', 'hide_others', got 'over'"),
    ("Alert.__init__", lambda: Alert("a", exclusive=7), ValueError, "exclusive must be one of"),
    ("Alert.__init__", lambda: Alert("a", exclusive=1.0), TypeError, "exclusive must be a Exclusive or one of"),
    ("Alert.__init__", lambda: Alert("a", after="login"), TypeError, "after must be an iterable of ids, got str"),
    ("Alert.__init__", lambda: Alert("a", after=[5]), TypeError, "each id of after must be a str, got int 5"),
    ("Alert.__init__", lambda: Alert("a", ready="no"), TypeError, "ready must be True or False, got str 'no'"),
    ("Alert.__init__", lambda: Alert("a", target=None), TypeError, "target must be a str, got NoneType None"),
    ("Alert.__init__", lambda: Alert("a", title=3), TypeError, "title must be a str, got int 3"),
    ("Alert.__init__", lambda: Alert("a", message=b"hi"), TypeError, "message must be a str, got bytes b'hi'"),
    ("Alert.__init__", lambda: Alert("a", style=1), TypeError, "style must be a str, got int 1"),
    ("Alert.__init__", lambda: Alert("a", actions=["ok"]), TypeError,
     "an action must be an Action or a tuple (id, title[, style]), got str 'ok'"),
    ("Alert.__init__", lambda: Alert("a", actions=[("ok", "OK", "loud")]), ValueError,
     "an action's style must be one of 'default', 'cancel', 'destructive', got 'loud'"),
    ("Alert.__init__", lambda: Alert("a", meta=[1, 2]), TypeError, "meta must be a mapping or JSON object text"),
    ("Alert.__init__", lambda: Alert("a", meta={"x": object()}), TypeError, "meta must be JSON-serialisable"),
    ("Alert.__init__", lambda: Alert("a", meta="[1, 2]"), xyzalert.InvalidArgumentError,
     "xyz_alert_set_meta: json must be a JSON object, got an array at line 1, column 1"),
    ("Alert.__init__", lambda: Alert("a", avoid_keyboard=None), TypeError, "avoid_keyboard must be True or False"),
    ("Alert.__init__", lambda: Alert("a", keyboard_adjust="-8"), TypeError,
     "keyboard_adjust must be a number, got str '-8'"),
    ("Alert.__init__", lambda: Alert("a", keyboard_adjust=10 ** 400), OverflowError,
     "keyboard_adjust is too large for a double"),
    ("Alert.__init__", lambda: Alert("\ud800"), ValueError, "id is not valid Unicode text"),
    ("Alert.trigger_action", lambda: shown()[1].trigger_action("0"), TypeError, "index must be an int, got str '0'"),
    ("Alert.trigger_action", lambda: shown()[1].trigger_action(-1), OverflowError,
     "index must be between 0 and"),
    ("Alert.trigger_action", lambda: shown()[1].trigger_action(2 ** 64), OverflowError, "index must be between 0 and"),
    ("Alert.add_dependency", lambda: Alert("a").add_dependency(5), TypeError,
     "alert must be an Alert or an id (str), got int 5"),
    ("Alert.target=", lambda: setattr(Alert("a"), "target", 5), TypeError, "target must be a str, got int 5"),
    ("Alert.__init__", lambda: Alert("a", duration="2x"), ValueError,
     "duration must be a number of seconds or a string of digits, an optional fraction and a unit"),
    ("Alert.__init__", lambda: Alert("a", duration=[2]), TypeError,
     "duration must be a number of seconds or a string with a unit, got list"),
    ("Alert.__init__", lambda: Alert("a", tags=[1]), TypeError, "each of tags must be a str, got int 1"),
    ("Alert.add_tag", lambda: Alert("a").add_tag(b"x"), TypeError, "tag must be a str, got bytes"),
    ("Alert.has_tag", lambda: Alert("a").has_tag(None), TypeError, "tag must be a str, got NoneType"),
    ("Dispatch.cancel_tagged", lambda: Dispatch().cancel_tagged(3), TypeError, "tag must be a str, got int 3"),
    ("Dispatch.capacity=", lambda: setattr(Dispatch(), "capacity", "2"), TypeError, "capacity must be an int, got str '2'"),
    ("Alert.on_duplicate=", lambda: setattr(Alert("a"), "on_duplicate", 1.5), TypeError, "on_duplicate must be"),
    ("Alert.lane=", lambda: setattr(Alert("a"), "lane", 7), TypeError, "lane must be a str, got int 7"),
    ("Alert.__init__", lambda: Alert("a", ttl=-1), ValueError,
     "ttl must be a finite number of seconds, 0 or more, got -1.0"),
    ("Alert.duration=", lambda: setattr(Alert("a"), "duration", float("nan")), ValueError,
     "duration must be a finite number of seconds, 0 or more, got nan"),
    ("Alert.ttl=", lambda: setattr(Alert("a"), "ttl", float("inf")), ValueError,
     "ttl must be a finite number of seconds, 0 or more, got inf"),
    ("Alert.style=", lambda: setattr(Alert("a"), "style", None), TypeError, "style must be a str, got NoneType"),
    ("Alert.title=", lambda: setattr(Alert("a"), "title", 5), TypeError, "title must be a str, got int 5"),
    ("Alert.message=", lambda: setattr(Alert("a"), "message", [1]), TypeError, "message must be a str, got list"),
    ("Alert.meta=", lambda: setattr(Alert("a"), "meta", 5), TypeError, "meta must be a mapping or JSON object text (str), got int 5"),
    ("Alert.add_action", lambda: Alert("a").add_action(("ok",)), TypeError, "an action must be an Action or a tuple"),
    ("Alert.add_action", lambda: Alert("a").add_action(Action("ok", 5)), TypeError,  # type: ignore[arg-type]
     "an action's title must be a str, got int 5"),
    ("Alert.set_frame", lambda: Alert("a").set_frame("0 0 10 10"), TypeError,
     "frame must be a sequence (x, y, width, height), got str"),
    ("Alert.set_frame", lambda: Alert("a").set_frame((0, 0, 10)), ValueError,
     "frame must have 4 numbers (x, y, width, height), got 3"),
    ("Alert.set_frame", lambda: Alert("a").set_frame((0, 0, "10", 10)), TypeError,
     "each number of frame must be a number, got str '10'"),
    ("Alert.set_keyboard_avoidance", lambda: Alert("a").set_keyboard_avoidance("yes"), TypeError,
     "enabled must be True or False"),
    ("Alert.set_keyboard_avoidance", lambda: Alert("a").set_keyboard_avoidance(True, "up"), TypeError,
     "adjust must be a number"),
    ("keyboard_offset", lambda: xyzalert.keyboard_offset((0, 0, 1, 1), None), TypeError,  # type: ignore[arg-type]
     "keyboard must be a sequence"),
    ("keyboard_offset", lambda: xyzalert.keyboard_offset((0, 0, 1, 1), (0, 0, 1, 1), "0"), TypeError,
     "adjust must be a number"),
    ("Dispatch.__init__", lambda: Dispatch("home"), TypeError, "host must be a Host, got str 'home'"),
    ("Dispatch.__init__", lambda: Dispatch(name=5), TypeError, "name must be a str, got int 5"),
    ("Dispatch.name=", lambda: setattr(Dispatch(), "name", 5), TypeError, "name must be a str, got int 5"),
    ("Dispatch.add", lambda: Dispatch().add("a"), TypeError,
     "alerts must be an Alert or an iterable of Alerts, got str 'a'"),
    ("Dispatch.add", lambda: Dispatch().add(5), TypeError, "alerts must be an Alert or an iterable of Alerts"),
    ("Dispatch.add", lambda: Dispatch().add([Alert("a"), "b"]), TypeError,
     "each of alerts must be an Alert, got str 'b'"),
    ("Dispatch.add_set", lambda: Dispatch().add_set("alerts.json"), TypeError,
     "alert_set must be an AlertSet, got str"),
    ("Dispatch.find", lambda: Dispatch().find(5), TypeError, "id must be a str, got int 5"),
    ("Dispatch.parent=", lambda: setattr(Dispatch(), "parent", "home"), TypeError,
     "parent must be a Dispatch, got str 'home'"),
    ("Dispatch.active_child=", lambda: setattr(Dispatch(), "active_child", 1), TypeError,
     "child must be a Dispatch, got int 1"),
    ("Dispatch.set_active_child_provider", lambda: Dispatch().set_active_child_provider("tab"), TypeError,
     "provider must be callable or None, got str 'tab'"),
    ("Dispatch.set_target", lambda: Dispatch().set_target(None, object()), TypeError,
     "name must be a str, got NoneType None"),
    ("Dispatch.keyboard_changed", lambda: Dispatch().keyboard_changed(300), TypeError,
     "frame must be a sequence (x, y, width, height), got int 300"),
    ("Dispatch.keyboard_changed", lambda: Dispatch().keyboard_changed((0, 500, 320, 300), "fast"), TypeError,
     "duration must be a number, got str 'fast'"),
    ("AlertSet.apply_caps", lambda: catalog().apply_caps(None), TypeError, "history must be a History"),
    ("AlertSet.variants", lambda: catalog().variants(5), TypeError, "campaign must be a str"),
    ("AlertSet.variants", lambda: catalog().variants("nope"), xyzalert.NotFoundError, "no campaign 'nope'"),
    ("AlertSet.choose_variant", lambda: catalog().choose_variant("nope", "u"), xyzalert.NotFoundError,
     "xyz_catalog_choose_variant: no campaign 'nope'"),
    ("AlertSet.choose_variant", lambda: catalog().choose_variant("c", 7), TypeError, "user_id must be a str"),
    ("Alert.add_limit", lambda: Alert("a").add_limit("3", "session"), TypeError, "count must be an int, got str"),
    ("Alert.add_limit", lambda: Alert("a").add_limit(3, "weekly"), ValueError, "per must be a number of seconds or"),
    ("Alert.cooldown=", lambda: setattr(Alert("a"), "cooldown", None), TypeError, "cooldown must be a number"),
    ("Alert.on_capped=", lambda: setattr(Alert("a"), "on_capped", "queue"), ValueError, "on_capped must be one of"),
    ("Alert.on_outside=", lambda: setattr(Alert("a"), "on_outside", "later"), ValueError, "on_outside must be one of"),
    ("Alert.windows=", lambda: setattr(Alert("a"), "windows", [{"from": "9", "to": "10:00"}]), ValueError,
     "a window's from must be"),
    ("Alert.exclude=", lambda: setattr(Alert("a"), "exclude", [5]), TypeError, "a window must be a Window"),
    ("Dispatch.history=", lambda: setattr(Dispatch(), "history", "h"), TypeError, "history must be a History"),
    ("Alert.show_after=", lambda: setattr(Alert("a"), "show_after", "soon"), ValueError, "show_after must be a number"),
    ("Alert.min_visible=", lambda: setattr(Alert("a"), "min_visible", None), TypeError, "min_visible must be a number"),
    ("Alert.announce=", lambda: setattr(Alert("a"), "announce", "loud"), ValueError, "announce must be one of"),
    ("Dispatch.duration_scale=", lambda: setattr(Dispatch(), "duration_scale", "2"), TypeError,
     "duration_scale must be a number, got str"),
    ("Dispatch.duration_scale=", lambda: setattr(Dispatch(), "duration_scale", 0), xyzalert.InvalidArgumentError,
     "the duration scale of an unnamed page must be above 0"),
    ("Dispatch.set_gap", lambda: Dispatch().set_gap(5, 1), TypeError, "lane must be a str, got int 5"),
    ("Dispatch.track", lambda: Dispatch().track(5), TypeError, "event must be a str, got int 5"),
    ("Dispatch.campaign_why", lambda: Dispatch().campaign_why(None), TypeError, "campaign must be a str, got None"),
    ("Dispatch.explain_campaign", lambda: Dispatch().explain_campaign(b"c"), TypeError,
     "campaign must be a str, got bytes"),
    ("Dispatch.track", lambda: Dispatch().track("e", [1]), TypeError, "props must be a dict, got list"),
    ("Dispatch.track", lambda: Dispatch().track("e", {"x": float("nan")}), xyzalert.InvalidArgumentError,
     "track: props is not JSON"),
    ("Dispatch.set_attribute", lambda: Dispatch().set_attribute(5, 1), TypeError, "name must be a str, got int 5"),
    ("Dispatch.set_attribute", lambda: Dispatch().set_attribute("a", {1, 2}), xyzalert.InvalidArgumentError,
     "set_attribute: value is not JSON"),
    ("Dispatch.set_attributes", lambda: Dispatch().set_attributes([("a", 1)]), TypeError,
     "attributes must be a dict, got list"),
    ("Dispatch.remove_attribute", lambda: Dispatch().remove_attribute(None), TypeError, "name must be a str, got None"),
    ("Dispatch.set_campaigns", lambda: Dispatch().set_campaigns("alerts.json"), TypeError,
     "alert_set must be an AlertSet, got str"),
    ("Dispatch.set_gap", lambda: Dispatch().set_gap("toast", "1 s"), ValueError, "seconds must be a number of seconds"),
    ("Dispatch.gap", lambda: Dispatch().gap(None), TypeError, "lane must be a str, got NoneType"),
    ("Dispatch.set_lane_limit", lambda: Dispatch().set_lane_limit(None, 2), TypeError, "lane must be a str, got NoneType"),
    ("Dispatch.set_lane_limit", lambda: Dispatch().set_lane_limit("toast", 0), ValueError,
     "visible must be an int of 1 or more, got int 0"),
    ("Dispatch.set_lane_limit", lambda: Dispatch().set_lane_limit("toast", 2.5), ValueError, "visible must be an int"),
    ("Dispatch.set_lane_limit", lambda: Dispatch().set_lane_limit("toast", 2, "evict"), ValueError,
     "on_full must be one of 'queue', 'evict_oldest', got 'evict'"),
    ("Dispatch.lane_limit", lambda: Dispatch().lane_limit(3), TypeError, "lane must be a str, got int 3"),
    ("Dispatch.cancel_queued", lambda: Dispatch().cancel_queued(5), TypeError, "tag must be a str, got int 5"),
    ("Dispatch.order=", lambda: setattr(Dispatch(), "order", "random"), ValueError,
     "order must be one of 'fifo', 'lifo', got 'random'"),
    ("Alert.when_displaced=", lambda: setattr(Alert("a"), "when_displaced", "hide"), ValueError,
     "when_displaced must be one of 'restore', 'drop', got 'hide'"),
    ("Alert.__init__", lambda: Alert("a", when_displaced=2), ValueError, "when_displaced must be one of"),
    ("Alert.preempt=", lambda: setattr(Alert("a"), "preempt", "same"), ValueError,
     "preempt must be one of 'lower', 'equal', got 'same'"),
    ("Alert.__init__", lambda: Alert("a", preempt=None), TypeError, "preempt must be a Preempt or one of"),
    ("Alert.coverable=", lambda: setattr(Alert("a"), "coverable", "no"), TypeError,
     "coverable must be True or False, got str 'no'"),
    ("Alert.__init__", lambda: Alert("a", coverable=0), TypeError, "coverable must be True or False"),
    ("Alert.__init__", lambda: Alert("a", actions=[Action("x", "X", keep_open="yes")]), TypeError,
     "an action's keep_open must be True or False, got str 'yes'"),
    ("History.__init__", lambda: xyzalert.History(5), TypeError, "clock must be callable, got int"),
    ("History.set_limit", lambda: xyzalert.History().set_limit("all", 1, "fortnight"), ValueError, "per must be"),
    ("History.set_limit", lambda: xyzalert.History().set_limit(5, 1, "session"), TypeError, "key must be a str"),
    ("History.set_cooldown", lambda: xyzalert.History().set_cooldown("all", "x"), ValueError, "cooldown must be"),
    ("History.clear_caps", lambda: xyzalert.History().clear_caps(5), TypeError, "key must be a str"),
    ("History.save", lambda: xyzalert.History().save(5), TypeError, "path must be a str or os.PathLike, got int 5"),
    ("History.load", lambda: xyzalert.History().load(5), TypeError, "path must be a str or os.PathLike"),
    ("History.loads", lambda: xyzalert.History().loads(5), TypeError, "text must be a str, got int 5"),
    ("AlertSet.load", lambda: AlertSet.load(5), TypeError, "path must be a str or os.PathLike, got int 5"),
    ("AlertSet.loads", lambda: AlertSet.loads(5), TypeError, "text must be a str, got int 5"),
    ("AlertSet.page_of", lambda: catalog().page_of(5), TypeError, "id must be a str, got int 5"),
    ("AlertSet.after_alerts", lambda: catalog().after_alerts(5), TypeError, "name must be a str, got int 5"),
    ("AlertSet.create_alert", lambda: catalog().create_alert(None), TypeError, "id must be a str, got NoneType"),
    ("Scenario.load", lambda: Scenario.load(None), TypeError, "path must be a str or os.PathLike"),
    ("Scenario.loads", lambda: Scenario.loads([]), TypeError, "text must be a str, got list []"),
    ("run_scenario", lambda: xyzalert.run_scenario(3), TypeError, "path must be a str or os.PathLike, got int 3"),
]


@pytest.mark.parametrize("what, call, error, message", WRONG, ids=[f"{row[0]}-{i}" for i, row in enumerate(WRONG)])
def test_a_wrong_argument_is_a_clear_error(what, call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value) is error or error is xyzalert.InvalidArgumentError
    assert str(raised.value).startswith(message), str(raised.value)


def test_every_public_method_taking_arguments_is_in_the_table():
    covered = {row[0] for row in WRONG}
    expected = {"keyboard_offset", "run_scenario"}
    for cls in (Alert, Dispatch, AlertSet, Scenario):
        for name, member in vars(cls).items():
            if isinstance(member, property):
                if member.fset is not None:
                    expected.add(f"{cls.__name__}.{name}=")
                continue
            function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
            if not inspect.isfunction(function) or (name.startswith("_") and name != "__init__"):
                continue
            parameters = list(inspect.signature(function).parameters)[1:]  # self or cls
            # Not public: a dataclass's fields, and a wrapper around a handle (AlertSet.load makes them).
            if parameters and not (name == "__init__" and cls in (Scenario, AlertSet)):
                expected.add(f"{cls.__name__}.{name}")
    assert expected - covered == set()


def test_enum_names_are_accepted_where_natural():
    assert Alert("a", exclusive="cover").exclusive is Exclusive.COVER
    assert Alert("a", exclusive="HIDE_OTHERS").exclusive is Exclusive.HIDE_OTHERS
    assert Alert("a", exclusive=2).exclusive is Exclusive.HIDE_OTHERS
    alert = Alert("a", actions=[("no", "No", "cancel"), Action("yes", "Yes", ActionStyle.DESTRUCTIVE)])
    assert [action.style for action in alert.actions] == [ActionStyle.CANCEL, ActionStyle.DESTRUCTIVE]
    alert.add_action(("later", "Later", "default"))
    assert alert.actions[-1].style is ActionStyle.DEFAULT


def test_the_extremes_of_each_range_are_accepted():
    assert Alert("a", priority=2 ** 31 - 1).priority == 2 ** 31 - 1
    assert Alert("a", priority=-(2 ** 31)).priority == -(2 ** 31)
    page, alert = shown()
    with pytest.raises(xyzalert.InvalidArgumentError):  # in range for size_t, beyond the actions
        alert.trigger_action(2 ** 64 - 1)
    page.close()


def test_a_refused_argument_changes_nothing():
    page, alert = shown()
    with pytest.raises(TypeError):
        alert.title = 5  # type: ignore[assignment]
    assert alert.title is None
    with pytest.raises(TypeError):
        page.add([Alert("b"), "c"])  # type: ignore[list-item]
    assert page.find("b") is None
    page.close()


def test_default_values_given_explicitly_or_built_at_run_time_mean_the_default():
    # Alert() checks the keywords past id, priority and exclusive only when
    # one is given (its hot path): given at their defaults, as equal objects
    # built at run time, they must give the same alert.
    plain = Alert("a")
    given = Alert("a", after=[], ready=True, target="".join(["pa", "ge"]), actions=[], style="al" + "ert",
                  keyboard_adjust=0, duration=0, ttl=0.0, tags=[], lane="".join(["ma", "in"]))
    for name in ("after", "target", "style", "duration", "ttl", "tags", "lane", "state", "priority", "exclusive"):
        assert getattr(given, name) == getattr(plain, name), name
    with pytest.raises(TypeError, match="keyboard_adjust must be"):
        Alert("a", keyboard_adjust=None)  # type: ignore[arg-type]


def test_alert_settings_name_every_keyword_and_apply_as_written_out():
    settings: xyzalert.AlertSettings = {
        "after": ["login"], "ready": False, "target": "banner", "title": "Sale", "message": "Today only",
        "actions": [("ok", "OK")], "style": "toast", "meta": {"campaign": 7}, "avoid_keyboard": False,
        "keyboard_adjust": 4.0, "duration": 3.0, "ttl": 60.0, "tags": ["promo"], "on_duplicate": "replace",
        "lane": "toasts", "when_displaced": "drop", "preempt": "equal", "coverable": False, "cooldown": "1h",
        "on_capped": "wait", "on_outside": "drop", "show_after": 2, "min_visible": 1.5, "announce": "assertive",
    }
    parameters = inspect.signature(Alert.__init__).parameters
    assert list(parameters) == ["self", "id", "priority", "exclusive", "settings"]
    assert set(settings) == set(xyzalert.AlertSettings.__annotations__)
    alert = Alert("a", priority=3, **settings)
    assert (alert.after, alert.target, alert.title, alert.message) == (["login"], "banner", "Sale", "Today only")
    assert [action.id for action in alert.actions] == ["ok"] and alert.style == "toast"
    assert alert.meta == {"campaign": 7}
    assert (alert.duration, alert.ttl) == (3.0, 60.0)
    assert (alert.tags, alert.lane, alert.coverable) == (["promo"], "toasts", False)
    assert (alert.on_duplicate, alert.when_displaced, alert.preempt) == (
        OnDuplicate.REPLACE, WhenDisplaced.DROP, Preempt.EQUAL)
    assert (alert.avoid_keyboard, alert.keyboard_adjust, alert.priority) == (False, 4.0, 3)
    assert (alert.cooldown, alert.show_after, alert.min_visible) == (3600.0, 2.0, 1.5)
    assert (alert.on_capped, alert.on_outside, alert.announce) == (OnCapped.WAIT, OnOutside.DROP, Politeness.ASSERTIVE)
    assert Alert("a", duration="2s").duration == 2.0
    with pytest.raises(TypeError, match="unexpected keyword argument 'titel'"):
        Alert("a", titel="Sale")  # type: ignore[call-arg]


def test_ids_outside_ascii_take_the_checked_path_and_keep_their_text():
    assert Alert("café").id == "café"
    assert Alert("警告").id == "警告"
    with pytest.raises(ValueError, match="id is not valid Unicode text"):
        Alert("caf\udce9")


def test_an_alert_whose_arguments_do_not_bind_is_finalized_silently(monkeypatch):
    # Its __init__ never runs, but its __del__ does: nothing may be raised
    # there (Python would print "Exception ignored in ...").
    unraisable: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        Alert("a", bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="priority must be an int"):
        Alert("a", priority="high")  # type: ignore[arg-type]
    gc.collect()
    assert unraisable == []


def test_a_nul_in_a_string_is_an_error_not_a_cut(page):
    """C strings end at a NUL: 'a\\x00b' would reach the engine as 'a' (an
    id, a lane, the tag a cancel_tagged cancels). Every string argument
    with a NUL is a ValueError naming it, and nothing changes."""
    home = page("home")
    tagged = xyzalert.Alert("t", tags=["x"])
    home.add(tagged)
    for make in (lambda: xyzalert.Alert("a\x00b"), lambda: xyzalert.Alert("a", lane="to\x00ast"),
                 lambda: xyzalert.Alert("a", tags=["x\x00y"])):
        with pytest.raises(ValueError, match="NUL"):
            make()
    with pytest.raises(ValueError, match="tag contains a NUL"):
        home.cancel_tagged("x\x00-not-this-tag")
    assert tagged.state == xyzalert.State.SHOWING
    with pytest.raises(ValueError, match="NUL"):
        xyzalert.Scenario.load(b"examples/launch.json\x00.txt")
