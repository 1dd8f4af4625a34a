"""The scheduling rules (docs/rules.md §3) through the Python bindings."""

import pytest

import xyzalert
from conftest import Recorder
from xyzalert import Alert, Exclusive, State


def test_rule1_a_page_shows_alerts_only_when_visible(recorder, page):
    home = page("home", visible=False)
    home.add(Alert("a"))
    assert recorder.take() == []
    home.page_did_appear()
    assert recorder.take() == ["show a page"]


def test_rules3_and_4_priority_then_add_order_and_exclusive_behaviours(recorder, page):
    home = page("home", visible=False)
    x, y, z = Alert("x", priority=1), Alert("y", priority=5), Alert("z", priority=5)
    home.add([x, y, z])
    home.page_did_appear()
    home.add(Alert("cover_equal", priority=5, exclusive=Exclusive.COVER))
    login = Alert("login", priority=9, exclusive=Exclusive.HIDE_OTHERS)
    home.add(login)
    login.dismiss()
    y.dismiss()
    assert recorder.take() == ["show y page", "hide y covered", "show login page", "finish login dismissed",
                               "unhide y", "finish y dismissed", "show z page"]
    assert x.state is State.READY and login.state is State.FINISHED


def test_section4_dependencies_by_handle_and_by_id(recorder, page):
    home = page("home")
    login = Alert("login", ready=False)
    promo = Alert("promo", after=["login"], priority=9, exclusive=Exclusive.COVER)
    rating = Alert("rating")
    rating.add_dependency(promo)
    home.add([login, promo, rating])
    assert promo.explain() == "'promo' is waiting for dependency 'login' (waiting)"
    assert promo.after == ["login"]
    login.set_ready()
    login.dismiss()
    promo.dismiss()
    assert recorder.take() == ["show login page", "finish login dismissed", "show promo page",
                               "finish promo dismissed", "show rating page"]


def test_rule1_parents_active_children_and_providers(recorder, page):
    tab, home, me = page("tab"), page("home"), page("me")
    home.parent = tab
    me.parent = tab
    assert home.parent is tab
    tab.active_child = home
    assert tab.active_child is home
    me.add(Alert("m"))
    home.add(Alert("h"))
    assert recorder.take() == ["show h page"]
    selected = [me]
    tab.set_active_child_provider(lambda parent: selected[0])
    assert recorder.take() == ["hide h page", "show m page"]
    selected[0] = home
    tab.flush()
    assert recorder.take() == ["hide m page", "unhide h"]
    tab.set_active_child_provider(None)
    assert recorder.take() == ["unhide m"]
    home.parent = None
    assert home.parent is None


def test_section5_close_ends_alerts_and_re_arbitrates_the_rest(recorder, page):
    tab, home = page("tab"), page("home")
    home.parent = tab
    home.add(Alert("low"))
    home.add(Alert("high", priority=5, exclusive=Exclusive.COVER))
    tab.add(Alert("t"))
    recorder.take()
    home.close()
    assert recorder.take() == ["remove high destroyed", "finish high destroyed", "remove low destroyed",
                               "finish low destroyed", "show t page"]
    assert home.closed
    with pytest.raises(xyzalert.StateError):
        home.add(Alert("late"))


def test_section6_deferred_hosts_flush_from_their_loop(page):
    host = Recorder(deferred=True)
    home = page("home", host=host)
    home.flush()
    host.take()
    home.add(Alert("a"))
    home.add(Alert("b"))
    assert host.take() == ["flush? home"]
    home.flush()
    assert host.take() == ["show a page"]


def test_section6_targets_hand_back_the_registered_python_objects(recorder, page):
    window = object()
    tab = page("tab")
    home = page("home", view="home-view")
    home.parent = tab
    tab.set_target("window", window)
    home.add(Alert("a"))
    home.add(Alert("b", priority=1, exclusive=Exclusive.COVER, target="window"))
    assert recorder.views == {"a": "home-view", "b": window}


def test_section6_keyboard_avoidance_moves_visible_alerts(recorder, page):
    home = page("home")
    a = Alert("a", keyboard_adjust=-8)
    home.add(a)
    a.set_frame((0, 500, 300, 200))
    home.keyboard_changed((0, 600, 400, 300), 0.25)
    a.set_keyboard_avoidance(False)
    assert recorder.take() == ["show a page", "move a -108 0.25", "move a 0 0"]
    assert xyzalert.keyboard_offset((0, 500, 300, 200), (0, 600, 400, 300), -8) == -108


def test_section6_content_actions_and_meta(recorder, page):
    a = Alert("promo", title="Sale", message="-20%", style="sheet", meta={"image": "sale.png"},
              actions=[("open", "Open"), xyzalert.Action("close", "Later", xyzalert.ActionStyle.CANCEL)])
    assert (a.title, a.message, a.style, a.meta) == ("Sale", "-20%", "sheet", {"image": "sale.png"})
    assert [act.id for act in a.actions] == ["open", "close"]
    assert a.actions[1].style is xyzalert.ActionStyle.CANCEL
    home = page("home")
    home.add(a)
    a.trigger_action(1)
    assert recorder.take() == ["show promo page", "action promo 1 close", "remove promo dismissed",
                               "finish promo dismissed"]


def test_section6_find_snapshot_and_identity(recorder, page):
    home = page("home")
    a = Alert("a")
    home.add(a)
    assert home.find("a") is a
    assert home.find("nope") is None
    assert a.dispatch is home
    snapshot = home.snapshot()
    assert snapshot["pages"][0]["name"] == "home"
    assert [alert["id"] for alert in snapshot["stack"]] == ["a"]
