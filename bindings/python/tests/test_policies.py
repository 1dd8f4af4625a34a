"""Queue policies (docs/rules.md §13) through the bindings: tags and cancel_tagged."""

import pytest

import xyzalert
from xyzalert import Alert, Exclusive


def test_section13_tags_are_kept_in_order_without_repeats():
    a = Alert("a", tags=["promo", "marketing", "promo"])
    assert a.tags == ["promo", "marketing"]
    a.add_tag("late")
    assert a.has_tag("late") and not a.has_tag("Late")
    with pytest.raises(xyzalert.InvalidArgumentError):
        a.add_tag("")
    with pytest.raises(TypeError, match="tags must be an iterable of str"):
        Alert("b", tags="promo")


def test_section13_cancel_tagged_ends_top_first_then_queued_in_candidate_order(recorder, page):
    home = page("home")
    home.add([Alert("low", priority=1, exclusive=Exclusive.COVER, tags=["promo"]), Alert("keep")])
    home.add(Alert("high", priority=5, exclusive=Exclusive.COVER, tags=["promo"]))
    home.add([Alert("q1", tags=["promo"]), Alert("q9", priority=9, tags=["promo"]), Alert("other")])
    recorder.take()
    assert home.cancel_tagged("promo") == 4
    assert recorder.take() == ["remove high cancelled", "finish high cancelled", "remove low cancelled",
                               "finish low cancelled", "finish q9 cancelled", "finish q1 cancelled", "show keep page"]
    assert home.cancel_tagged("promo") == 0
    assert home.cancel_tagged() == 2
    assert recorder.take() == ["remove keep cancelled", "finish keep cancelled", "finish other cancelled"]
    with pytest.raises(xyzalert.InvalidArgumentError):
        home.cancel_tagged("")


def test_section13_suspended_holds_the_page_for_a_with_block_and_resumes_however_it_ends(recorder, page):
    home = page("home")
    with home.suspended():
        home.add(Alert("rating"))
        assert home.is_suspended and recorder.take() == []
        assert home.find("rating").explain() == "'rating' is held: page 'home' is suspended"
    assert recorder.take() == ["show rating page"] and not home.is_suspended
    with pytest.raises(RuntimeError):
        with home.suspended():
            raise RuntimeError("onboarding failed")
    assert not home.is_suspended
    with pytest.raises(xyzalert.StateError, match="it is not suspended"):
        home.resume()


def test_section13_content_set_on_an_on_screen_alert_is_an_update(recorder, page):
    home = page("home")
    counter, queued = Alert("count"), Alert("queued")
    home.add([counter, queued])
    counter.title = "2 new messages"
    queued.message = "later"
    counter.add_action(("open", "Open"))
    assert recorder.take() == ["show count page", "update count 2 new messages", "update count 2 new messages"]
    assert queued.message == "later"


def test_section13_not_overriding_update_installs_no_callback(recorder):
    from xyzalert.callbacks import events_of as _events_of
    assert "update" in _events_of(recorder)
    assert "update" not in _events_of(xyzalert.Host())


def test_section13_over_capacity_the_lowest_ranked_queued_alert_is_dropped(recorder, page):
    home = page("home", visible=False)
    home.capacity = 2
    home.add([Alert("p1", priority=1), Alert("p3", priority=3), Alert("p0"), Alert("q3", priority=3)])
    assert recorder.take() == ["finish p0 dropped", "finish p1 dropped"]
    home.capacity = 1
    assert recorder.take() == ["finish q3 dropped"] and home.capacity == 1
    with pytest.raises(OverflowError, match="capacity must be between 0 and 2147483647, got -1"):
        home.capacity = -1


def test_section13_duplicates_are_rejected_ignored_or_replaced(recorder, page):
    from xyzalert import OnDuplicate
    home = page("home")
    first = Alert("msg", priority=1, exclusive="cover")
    home.add(first)
    with pytest.raises(xyzalert.DuplicateIdError):
        home.add(Alert("msg"))
    ignored = Alert("msg", on_duplicate="ignore")
    home.add([ignored, Alert("other")])
    assert ignored.state is xyzalert.State.FINISHED and ignored.on_duplicate is OnDuplicate.IGNORE
    newer = Alert("msg", priority=1, exclusive="cover", on_duplicate=OnDuplicate.REPLACE)
    home.add(newer)
    assert recorder.take() == ["show msg page", "finish msg duplicate", "remove msg replaced", "finish msg replaced",
                               "show msg page"]
    assert home.find("msg") is newer
    with pytest.raises(ValueError, match="on_duplicate must be one of"):
        Alert("x", on_duplicate="merge")


def test_section13_lanes_are_arbitrated_on_their_own(recorder, page):
    home = page("home")
    toast = Alert("toast", lane="toast")
    home.add([Alert("dialog"), toast, Alert("modal", priority=9, exclusive="hide_others")])
    assert recorder.take() == ["show modal page", "show toast page"]
    assert toast.lane == "toast" and toast.explain().endswith("(lane 'toast')")
    assert [entry["lane"] for entry in home.snapshot()["stack"]] == ["main", "toast"]


def test_section13_lanes_share_pages_keyboard_dependencies_and_suspension(recorder, page):
    home = page("home")
    dialog, toast = Alert("dialog"), Alert("toast", lane="toast", after=["dialog"])
    home.add([dialog, toast])
    assert recorder.take() == ["show dialog page"]
    dialog.set_frame((0, 500, 300, 200))
    home.keyboard_changed((0, 550, 400, 300), 0.25)
    home.page_will_disappear()
    home.page_did_appear()
    dialog.dismiss()
    assert recorder.take() == ["move dialog -150 0.25", "hide dialog page", "unhide dialog",
                               "finish dialog dismissed", "show toast page"]
    with home.suspended():
        home.add([Alert("t2", lane="toast", exclusive="cover", priority=1), Alert("m")])
        assert recorder.take() == []
    assert recorder.take() == ["show m page", "show t2 page"]


def test_section13_a_scenario_carries_its_expect_list():
    from conftest import REPO
    scenario = xyzalert.Scenario.load(REPO / "examples" / "toasts.json")
    assert scenario.expect[:3] == ["1 show saved editor", "1 announce saved polite", "4 hide saved covered"]
    assert xyzalert.Scenario.load(REPO / "examples" / "launch.json").expect is None
    scenario.close()
