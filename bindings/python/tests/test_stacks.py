"""Stacks, upserts and dialog-manager controls (docs/rules.md §19) through
the bindings: lane limits, eviction, upserts, actions that keep the alert
open, the lifo order, displaced alerts and cancel_queued."""

import pytest

import xyzalert
from conftest import REPO
from xyzalert import (Action, Alert, AlertSet, EndReason, Exclusive, OnDuplicate, OnFull, Order, Preempt, Scenario,
                      StepKind, WhenDisplaced, WhyCode)


def test_section19_a_lane_with_a_limit_shows_a_stack_and_queues_the_rest(recorder, page):
    app = page("app")
    app.set_lane_limit("toast", 2)
    assert app.lane_limit("toast") == (2, OnFull.QUEUE) and app.lane_limit("main") == (1, OnFull.QUEUE)
    app.add([Alert("a", lane="toast"), Alert("b", lane="toast"), Alert("c", lane="toast")])
    assert recorder.take() == ["show a page", "show b page"]
    why = app.find("c").why()
    assert why.code == WhyCode.BEHIND and why.cause is app.find("a")
    assert "lane 'toast' is full (2 of 2 visible" in why.sentence
    app.find("a").dismiss()
    assert recorder.take() == ["finish a dismissed", "show c page"]
    with pytest.raises(xyzalert.InvalidArgumentError):
        app.set_lane_limit("", 2)


def test_section19_a_full_lane_that_evicts_ends_its_oldest_visible_alert(recorder, page):
    app = page("app")
    app.set_lane_limit("toast", 1, "evict_oldest")
    app.add(Alert("one", lane="toast"))
    app.add(Alert("two", lane="toast"))
    assert recorder.take() == ["show one page", "remove one evicted", "finish one evicted", "show two page"]


def test_section19_lane_limits_belong_to_the_root(page):
    root, child = page("root"), page("child")
    child.parent = root
    with pytest.raises(xyzalert.StateError, match="not the root"):
        child.set_lane_limit("toast", 3)
    root.set_lane_limit("toast", 3)
    assert child.lane_limit("toast") == (3, OnFull.QUEUE)


def test_section19_an_upsert_updates_the_live_alert_then_finishes_the_new_one(recorder, page):
    app = page("app")
    live = Alert("inbox", title="1 new message")
    app.add(live)
    new = Alert("inbox", title="3 new messages", on_duplicate="update")
    assert new.on_duplicate == OnDuplicate.UPDATE
    app.add(new)
    assert recorder.take() == ["show inbox page", "update inbox 3 new messages", "finish inbox duplicate"]
    assert live.title == "3 new messages" and live.state == xyzalert.State.SHOWING
    assert new.state == xyzalert.State.FINISHED and new.why().end_reason == EndReason.DUPLICATE


def test_section19_coalesce_counts_restarts_and_announces_again(recorder, page):
    app = page("app")
    live = Alert("offline", title="Connection lost", duration=4)
    app.add(live)
    assert live.occurrence_count == 1 and recorder.take() == ["show offline page"]
    for n in range(2, 5):
        again = Alert("offline", title="Connection lost", on_duplicate=OnDuplicate.COALESCE)
        app.add(again)
        assert recorder.take() == ["update offline Connection lost", "finish offline duplicate"]
        assert live.occurrence_count == n and again.occurrence_count == 1 and again.state == xyzalert.State.FINISHED
    assert str(OnDuplicate.COALESCE) == "coalesce" and 3.9 < live.why().until <= 4  # restarted


def test_section19_an_action_that_keeps_the_alert_open_delivers_action_only(recorder, page):
    app = page("app")
    alert = Alert("archived", actions=[Action("undo", "Undo", keep_open=True), ("close", "Close")])
    assert alert.actions[0].keep_open and not alert.actions[1].keep_open
    app.add(alert)
    alert.trigger_action(0)
    assert recorder.take() == ["show archived page", "action archived 0 undo"]
    assert alert.state == xyzalert.State.SHOWING
    alert.trigger_action(1)
    assert recorder.take() == ["action archived 1 close", "remove archived dismissed", "finish archived dismissed"]


def test_section19_lifo_shows_the_later_add_first_among_equal_priorities(recorder, page):
    home = page("home", visible=False)
    assert home.order == Order.FIFO
    home.order = "lifo"
    home.add([Alert("first"), Alert("second"), Alert("urgent", priority=5)])
    home.page_did_appear()
    assert recorder.take() == ["show urgent page"]
    home.find("urgent").dismiss()
    assert recorder.take() == ["finish urgent dismissed", "show second page"]


def test_section19_a_displaced_alert_that_drops_ends_instead_of_hiding(recorder, page):
    app = page("app")
    tip = Alert("tip", when_displaced=WhenDisplaced.DROP)
    assert tip.when_displaced == WhenDisplaced.DROP
    app.add(tip)
    app.add(Alert("login", priority=9, exclusive=Exclusive.HIDE_OTHERS))
    assert recorder.take() == ["show tip page", "remove tip displaced", "finish tip displaced", "show login page"]


def test_section19_preempt_equal_is_priority_dialogs_newest_of_equal_priority_wins(recorder, page):
    # PriorityDialog: a lifo page whose dialogs hide the others and pre-empt equals.
    app = page("app")
    app.order = "lifo"
    first = Alert("first", priority=5, exclusive="hide_others", preempt="equal")
    assert first.preempt == Preempt.EQUAL and Alert("x").preempt == Preempt.LOWER
    app.add(first)
    app.add(Alert("second", priority=5, exclusive="hide_others", preempt=Preempt.EQUAL))
    app.add(Alert("plain", priority=5, exclusive="hide_others"))
    assert recorder.take() == ["show first page", "hide first covered", "show second page"]
    why = app.find("plain").why()
    assert why.code == WhyCode.BEHIND and why.cause is app.find("first")
    app.find("second").dismiss()
    assert recorder.take() == ["finish second dismissed", "unhide first"]
    with pytest.raises(xyzalert.StateError):
        first.preempt = "lower"


def test_priority_dialogs_cannot_be_replaced_is_a_cover_newcomer_not_coverable_false(recorder, page):
    # PriorityDialog's CanBeReplaceTest.showTwoDialogAtTheSameTime: a dialog
    # with isCanBeReplace = false stays on screen under a higher newcomer, and
    # shows alone again when the newcomer is dismissed. In XYZAlert the
    # newcomer decides: `cover` shows over it and leaves it visible;
    # `coverable: false` would make the newcomer wait instead.
    app = page("app")
    first = Alert("first")
    app.add(first)
    second = Alert("second", priority=1, exclusive="cover")
    app.add(second)
    assert recorder.take() == ["show first page", "show second page"]
    assert first.state == xyzalert.State.SHOWING and second.state == xyzalert.State.SHOWING
    second.dismiss()
    assert recorder.take() == ["finish second dismissed"]
    assert first.state == xyzalert.State.SHOWING


def test_section19_an_uncoverable_alert_makes_a_higher_cover_wait(recorder, page):
    app = page("app")
    consent = Alert("consent", coverable=False)
    assert not consent.coverable and Alert("x").coverable
    app.add(consent)
    app.add(Alert("outage", priority=10, exclusive="cover"))
    assert recorder.take() == ["show consent page"]
    why = app.find("outage").why()
    assert why.code == WhyCode.BEHIND and why.cause is consent
    assert why.sentence == "'outage' is blocked by 'consent': it is not coverable"
    consent.dismiss()
    assert recorder.take() == ["finish consent dismissed", "show outage page"]
    with pytest.raises(xyzalert.StateError):
        consent.coverable = True


def test_section19_preempt_and_coverable_load_from_an_alert_set():
    alerts = AlertSet.loads('{"version": 1, "alerts": [{"id": "a", "exclusive": "cover", "preempt": "equal",'
                            ' "coverable": false}, {"id": "b"}]}')
    a, b = alerts.create_alert("a"), alerts.create_alert("b")
    assert (a.preempt, a.coverable) == (Preempt.EQUAL, False)
    assert (b.preempt, b.coverable) == (Preempt.LOWER, True)
    with pytest.raises(xyzalert.SchemaError, match=r'preempt must be "lower" or "equal", got string "same" \(at /alerts/0/preempt\)'):
        AlertSet.loads('{"version": 1, "alerts": [{"id": "a", "preempt": "same"}]}')


def test_section19_cancel_queued_keeps_the_screen(recorder, page):
    app = page("app")
    app.add(Alert("showing", tags=["promo"]))
    app.add([Alert("p1", tags=["promo"]), Alert("news")])
    recorder.take()
    assert app.cancel_queued("promo") == 1
    assert app.cancel_queued() == 1
    assert recorder.take() == ["finish p1 cancelled", "finish news cancelled"]
    assert app.find("showing").state == xyzalert.State.SHOWING


def test_section19_scenarios_carry_lanes_order_and_the_new_steps():
    scenario = Scenario.load(REPO / "examples" / "stacks" / "evict.json")
    assert scenario.pages[0].lanes == {"toast": (2, OnFull.EVICT_OLDEST)}
    lifo = Scenario.load(REPO / "examples" / "stacks" / "lifo.json")
    assert lifo.pages[0].order == Order.LIFO
    steps = Scenario.loads('{"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "actions": [{"id": "x", "title": "X"}]}],'
                           ' "steps": [{"cancel_queued": {"page": "p", "tag": "t"}},'
                           ' {"lane_limit": {"page": "p", "lane": "toast", "visible": 3, "on_full": "evict_oldest"}},'
                           ' {"order": {"page": "p", "order": "lifo"}},'
                           ' {"update": {"alert": "a", "add_action": {"id": "u", "title": "Undo", "keep_open": true}}}]}').steps
    assert [s.kind for s in steps] == [StepKind.CANCEL_QUEUED, StepKind.LANE_LIMIT, StepKind.ORDER, StepKind.UPDATE]
    assert steps[0].tag == "t"
    assert (steps[1].lane, steps[1].index, steps[1].on_full) == ("toast", 3, OnFull.EVICT_OLDEST)
    assert steps[2].order == Order.LIFO
    assert steps[3].action == Action("u", "Undo", keep_open=True)
