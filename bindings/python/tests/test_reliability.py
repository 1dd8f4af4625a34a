"""Regressions from an adversarial run: provider lifetimes, finalizers inside
callbacks, passes that do not settle, and strings that must stay bytes."""

import gc
import json

import pytest

import xyzalert
from xyzalert import Alert, State
from xyzalert import _lib


def test_a_provider_replaced_during_its_own_setting_pass_stays_alive(recorder, page):
    """A callback of set_active_child_provider(f1)'s pass sets f2: the engine
    then calls f2, whose trampoline must not be freed when the outer call
    returns (it used to be, and the next pass crashed in ctypes)."""
    tab = page("tab")
    a, b = page("a"), page("b")
    a.parent = tab
    b.parent = tab
    asked = []

    def f2(parent):
        asked.append("f2")
        return b

    def react(line, alert):
        if line == "show in-a page":
            tab.set_active_child_provider(f2)

    tab.active_child = b
    a.add(Alert("in-a"))
    b.add(Alert("in-b"))
    assert recorder.take() == ["show in-b page"]
    recorder.react = react
    tab.set_active_child_provider(lambda parent: a)
    recorder.react = None
    assert recorder.take() == ["hide in-b page", "show in-a page", "hide in-a page", "unhide in-b"]
    gc.collect()
    asked.clear()
    tab.page_will_disappear()
    tab.page_did_appear()  # asks the provider again: f2, alive
    assert asked and set(asked) == {"f2"}
    assert len(tab._providers) == 1


def test_providers_are_freed_when_replaced_or_when_the_dispatch_closes(page):
    tab = page("tab")
    for _ in range(5):
        tab.set_active_child_provider(lambda parent: None)
    assert len(tab._providers) == 1
    tab.active_child = None
    assert tab._providers == {}
    tab.set_active_child_provider(lambda parent: None)
    token = next(iter(tab._providers))
    tab.close()
    assert tab._providers == {} and token not in _lib._provider_owners


def test_a_failed_set_provider_keeps_nothing(page):
    """Setting a provider from inside a provider fails before the engine
    takes it: the bindings drop its trampoline themselves."""
    tab = page("tab")
    child = page("child")
    child.parent = tab
    child.add(Alert("c"))  # a domain without alerts runs no pass, and asks no provider
    tab.set_active_child_provider(lambda parent: child)
    kept = set(tab._providers)

    def nested(parent):
        tab.set_active_child_provider(lambda parent: None)
        return child

    with pytest.raises(xyzalert.StateError, match="active-child provider"):
        tab.set_active_child_provider(nested)
    # nested is the provider now; the one it tried to set was dropped.
    assert len(tab._providers) == 1 and not (set(tab._providers) & kept)


class _RaisingHost(xyzalert.Host):
    def finish(self, alert, reason):
        raise RuntimeError("from the collected dispatch")


def _doomed_dispatch() -> xyzalert.Dispatch:
    """A visible dispatch with one alert whose host raises when it finishes."""
    doomed = xyzalert.Dispatch(_RaisingHost(), name="doomed")
    doomed.page_did_appear()
    doomed.add(Alert("x"))
    return doomed


def test_a_collected_dispatch_keeps_its_exception_to_itself(recorder, page):
    """A dispatch collected inside another dispatch's callback: the exception
    its own host raises while it is destroyed is dropped, and the other
    dispatch's call raises nothing."""
    holder = [_doomed_dispatch()]
    home = page("home")

    def react(line, alert):
        if line == "show a page" and holder:
            holder.clear()  # the last reference: __del__ destroys it here
            gc.collect()

    recorder.react = react
    home.add(Alert("a"))  # must not raise
    assert recorder.take() == ["show a page"]


def test_an_exception_pending_for_the_outer_call_survives_a_finalizer(recorder, page):
    holder = [_doomed_dispatch()]
    home = page("home")
    home.add(Alert("below"))

    def react(line, alert):
        if line == "hide below covered":
            raise KeyError("the host's own error")
        if line == "show top page":
            holder.clear()
            gc.collect()

    recorder.react = react
    with pytest.raises(KeyError, match="the host's own error"):
        home.add(Alert("top", priority=5, exclusive=xyzalert.Exclusive.HIDE_OTHERS))
    assert not holder
    assert recorder.take()[-2:] == ["hide below covered", "show top page"]


def test_an_alternating_provider_raises_instead_of_hanging(page):
    tab = page("tab", visible=False)
    a, b = page("a"), page("b")
    a.parent = tab
    b.parent = tab
    a.add(Alert("in-a"))
    b.add(Alert("in-b"))
    answers = [a, b]
    calls = [0]

    def flip(parent):
        calls[0] += 1
        return answers[calls[0] % 2]

    tab.set_active_child_provider(flip)
    with pytest.raises(xyzalert.StateError, match="did not settle") as raised:
        tab.page_did_appear()
    assert raised.value.took_effect  # its events stand
    assert calls[0] < 10000
    with pytest.raises(xyzalert.StateError) as plain:
        Alert("idle").dismiss()
    assert not plain.value.took_effect
    tab.active_child = b
    assert b.find("in-b").state is State.SHOWING


def test_canonically_equivalent_ids_are_different(page):
    home = page("home")
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    home.add([Alert(composed), Alert(decomposed)])
    assert home.find(composed).id == composed
    assert home.find(decomposed).id == decomposed
    assert home.find(composed) != home.find(decomposed)


def test_titles_come_back_as_given():
    alert = Alert("a")
    alert.title = "caf\u00e9"
    alert.title = "cafe\u0301"
    assert alert.title == "cafe\u0301"


def test_a_host_normalising_content_in_update_does_not_recurse():
    """A change made from inside the alert's own update callback is
    delivered once more after the callback returns, and content equal to
    what the alert has delivers nothing (docs/guide.md, "Update in place")."""
    seen = []

    class Normalising(xyzalert.Host):
        def update(self, alert):
            seen.append(alert.title)
            alert.title = "normalised"

    with xyzalert.Dispatch(Normalising(), name="home") as home:
        home.page_did_appear()
        alert = Alert("a")
        home.add(alert)
        alert.title = "Hello"
        assert seen == ["Hello", "normalised"]
        alert.title = "normalised"
        assert seen == ["Hello", "normalised"]
        assert alert.title == "normalised"


def test_a_finalizer_run_inside_the_handle_table_does_not_deadlock(recorder, page):
    """The garbage collector may run a Dispatch's finalizer in the middle of
    the handle table's own operation, on the same thread: the finalizer
    closes the page, the pass asks a provider, and the provider's wrapper
    looks the parent up in that table (the thread test once hung there for
    good). Run on a thread, so that a deadlock fails the test instead of
    hanging the suite."""
    import threading

    from xyzalert import _handles

    tab = page("tab")
    child = page("child")
    child.parent = tab
    tab.set_active_child_provider(lambda parent: child)
    outcome = []

    def inside_the_table():
        with _handles._lock:  # as put_dispatch holds it when the collector runs
            child.add(Alert("a"))
            outcome.append(_handles.dispatch(tab._handle) is tab)

    worker = threading.Thread(target=inside_the_table, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "a call made while the handle table was locked deadlocked"
    assert outcome == [True]


def test_the_package_holds_one_lock_only():
    """Finalizers run by the garbage collector take the package's lock at
    any allocation, so any second lock held around Python code can deadlock
    against a thread that holds the first (the thread test hung so: one
    thread in the handle table's lock, its collector waiting for the
    package's; another in the package's, waiting for the table's). The
    handle table and the stored-exception count use the package's lock."""
    from xyzalert import _deferred as _callbacks, _handles, _locking

    assert _handles._lock is _locking.lock
    assert _callbacks._stored_lock is _locking.lock


@pytest.mark.parametrize("call", ["eval_rule rule", "eval_rule data", "set_attribute", "set_attributes", "track"])
def test_a_value_nested_deeper_than_json_can_write_is_an_invalid_argument(call):
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    home = xyzalert.Dispatch()
    home.set_attribute("kept", 1)
    run = {"eval_rule rule": lambda: xyzalert.eval_rule({"var": deep}),
           "eval_rule data": lambda: xyzalert.eval_rule({"var": "x"}, deep),
           "set_attribute": lambda: home.set_attribute("x", deep),
           "set_attributes": lambda: home.set_attributes({"x": deep}),
           "track": lambda: home.track("event", {"x": deep})}[call]
    with pytest.raises(xyzalert.InvalidArgumentError, match="nested too deep"):
        run()
    assert home.attributes == {"kept": 1}


#: Strings a host may pass as a user id or an event's property: every one
#: either refused at the call or written and read back as it was.
AWKWARD = {
    "nul": ("ada\u0000x", r"U\+0000|NUL character|NUL byte"),
    "nul alone": ("\u0000", r"U\+0000|NUL character|NUL byte"),
    "lone surrogate": ("ada\ud800x", "not JSON|not valid Unicode"),
    "low surrogate": ("\udfff", "not JSON|not valid Unicode"),
    "one megabyte": ("u" * (1 << 20), None),
    "controls": ("\u0001\u001f\t\n\r\b\f", None),
    "quotes and backslashes": ('"\\"\\\\u0000', None),
    "line separators": ("\u2028\u2029\u0085", None),
    "non-characters": ("\uffff\ufffe\U0010ffff", None),
    "astral": ("\U0001f600\U0001d11e", None),
}
EXPERIMENT = {"version": 1, "alerts": [{"id": "promo", "title": "Hi"}],
              "campaigns": [{"id": "c", "alert": "promo", "trigger": {"event": "open"},
                             "variants": [{"id": "a", "weight": 1}, {"id": "b", "weight": 1}]}]}


@pytest.mark.parametrize("name", list(AWKWARD))
def test_every_history_and_recording_the_engine_writes_loads_again(name, tmp_path):
    text, refused = AWKWARD[name]
    alerts = xyzalert.AlertSet.loads(json.dumps(EXPERIMENT))
    home = xyzalert.Dispatch(name="home")
    history = xyzalert.History(lambda: 1_000_000.0)
    home.history = history
    home.set_campaigns(alerts)
    home.page_did_appear()
    home.start_recording()
    home.set_attribute("user_id", "plain")
    before = (home.attributes, history.save())
    calls = [lambda: home.set_attribute("user_id", text), lambda: home.set_attributes({"user_id": text}),
             lambda: home.set_attribute(text, 1), lambda: home.track("open", {"p": text}),
             lambda: home.track("open", {text: 1})]
    if refused:
        for call in calls:
            with pytest.raises(ValueError, match=refused):  # InvalidArgumentError, or the name's own check
                call()
            assert (home.attributes, history.save()) == before  # nothing changed
        home.stop_recording()
        return
    home.set_attribute("user_id", text)
    home.track("open", {"p": text, text: [text, {text: text}]})
    recording = home.recording()
    home.stop_recording()
    path = tmp_path / "history.json"
    history.save(path)
    again = xyzalert.History()
    again.load(path)
    assert again.save() == history.save()
    assert text in json.loads(history.save())["campaigns"]["c"]["variants"]
    with xyzalert.Scenario.loads(recording) as scenario:  # the recording loads, with the value as it was
        steps = json.loads(recording)["steps"]
        assert any(s.get("set_attribute", {}).get("value") == text for s in steps)
        assert len(scenario.steps) == len(steps)
    home.close()
