"""Callbacks that call back into the engine, and exceptions raised in them."""

import gc

import pytest

import xyzalert
from xyzalert import Alert, Exclusive, State


def test_a_callback_may_dismiss_the_alert_it_shows(recorder, page):
    home = page("home")
    recorder.react = lambda line, alert: alert.dismiss() if line == "show a page" else None
    home.add([Alert("a"), Alert("b")])
    assert recorder.take() == ["show a page", "finish a dismissed", "show b page"]


def test_an_ending_alert_knows_its_dispatch_in_its_last_callbacks(recorder, page):
    home = page("home")
    seen = []
    recorder.react = lambda line, alert: seen.append((line, alert.dispatch is home)) if alert else None
    a = Alert("a")
    home.add(a)
    a.cancel()
    assert seen == [("show a page", True), ("remove a cancelled", True), ("finish a cancelled", True)]
    assert a.dispatch is None


def test_calls_from_callbacks_never_nest_a_pass(recorder, page):
    home = page("home")

    def react(line, alert):
        if line == "show a page":
            home.add(Alert("c", priority=10, exclusive=Exclusive.COVER))
            recorder.log.append("add returned")

    recorder.react = react
    home.add(Alert("a"))
    assert recorder.take() == ["show a page", "add returned", "show c page"]


def test_a_callback_may_close_its_own_dispatch(recorder, page):
    home = page("home")
    recorder.react = lambda line, alert: home.close() if line == "show a page" else None
    a, b = Alert("a"), Alert("b")
    home.add([a, b])
    assert recorder.take() == ["show a page", "remove a destroyed", "finish a destroyed", "finish b destroyed"]
    assert home.closed and a.state is State.FINISHED and b.state is State.FINISHED


def test_an_exception_in_a_callback_is_raised_from_the_call_that_caused_it(recorder, page):
    home = page("home")

    def react(line, alert):
        if line.startswith("show"):
            raise ValueError(f"host could not draw {alert.id}")

    recorder.react = react
    a = Alert("a")
    with pytest.raises(ValueError, match="host could not draw a"):
        home.add(a)
    # The engine went on: the alert is showing, and the next call is clean.
    assert a.state is State.SHOWING
    recorder.react = None
    a.dismiss()
    assert recorder.take() == ["show a page", "finish a dismissed"]


def test_the_first_of_several_callback_exceptions_wins(recorder, page):
    home = page("home")

    def react(line, alert):
        raise KeyError(line)

    recorder.react = react
    a = Alert("a", actions=[("ok", "OK")])
    with pytest.raises(KeyError, match="show a page"):
        home.add(a)
    with pytest.raises(KeyError, match="action a 0 ok"):
        a.trigger_action(0)
    assert a.state is State.FINISHED


def test_an_exception_in_a_provider_is_raised_from_the_call(recorder, page):
    tab, home = page("tab"), page("home")
    home.parent = tab
    home.add(Alert("h"))
    recorder.take()

    def provider(parent):
        raise RuntimeError("no tab selected")

    with pytest.raises(RuntimeError, match="no tab selected"):
        tab.set_active_child_provider(provider)
    # A provider that raised selected no child.
    assert recorder.take() == ["hide h page"]


def test_an_engine_error_inside_a_callback_surfaces_as_its_exception(recorder, page):
    home = page("home")
    recorder.react = lambda line, alert: alert.cancel() or alert.cancel() if line == "show a page" else None
    with pytest.raises(xyzalert.StateError, match="has finished"):
        home.add(Alert("a"))


def test_the_garbage_collector_destroys_dispatches_and_drops_host_exceptions(recorder, page):
    home = xyzalert.Dispatch(recorder, name="home")
    home.page_did_appear()
    home.add(Alert("a"))

    def react(line, alert):
        if line.startswith("finish"):
            raise RuntimeError("lost: raised during garbage collection")

    recorder.react = react
    del home
    gc.collect()
    assert recorder.take() == ["show a page", "remove a destroyed", "finish a destroyed"]
    # The exception raised during collection does not leak into a later call.
    recorder.react = None
    other = page("other")
    other.add(Alert("b"))
    assert recorder.take() == ["show b page"]


def test_objects_left_alive_at_interpreter_shutdown_are_finalized_quietly(tmp_path):
    import os
    import subprocess
    import sys

    script = tmp_path / "leave_alive.py"
    script.write_text(
        "import xyzalert\n"
        "class Loud(xyzalert.Host):\n"
        "    def finish(self, alert, reason):\n"
        "        raise RuntimeError('raised while shutting down')\n"
        "home = xyzalert.Dispatch(Loud(), name='home')\n"
        "home.page_did_appear()\n"
        "alert = xyzalert.Alert('a')\n"
        "home.add(alert)\n"
        "alerts = xyzalert.AlertSet.loads('{\"alerts\": [{\"id\": \"x\"}]}')\n"
        "scenario = xyzalert.Scenario.loads('{\"pages\": {\"p\": {}}, \"alerts\": [], \"steps\": []}')\n"
        "print('done')\n")
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": package})
    assert (result.returncode, result.stdout, result.stderr) == (0, "done\n", "")


def installed(dispatch):
    """The xyz_host callbacks a dispatch handed to the engine, by name (NULL ones left out)."""
    names = ("show", "hide", "unhide", "remove", "finish", "move", "action", "request_flush")
    return [name for name, function in zip(names, dispatch._callbacks) if function]


def test_only_the_methods_a_host_overrides_are_installed():
    class ShowOnly(xyzalert.Host):
        def show(self, alert, target, view):
            self.shown = alert.id

    host = ShowOnly()
    with xyzalert.Dispatch(host) as home:
        assert installed(home) == ["show"]
        home.page_did_appear()
        a = Alert("a")
        home.add(a)
        a.dismiss()  # finish is not installed: the engine calls nothing for it
        assert host.shown == "a" and a.state == State.FINISHED
    with xyzalert.Dispatch() as bare:
        assert installed(bare) == []


def test_a_method_set_on_the_instance_counts_as_overridden():
    host = xyzalert.Host()
    finished = []
    host.finish = lambda alert, reason: finished.append((alert.id, reason))
    with xyzalert.Dispatch(host) as home:
        assert installed(home) == ["finish"]
        home.page_did_appear()
        a = Alert("a")
        home.add(a)
        a.cancel()
    assert finished == [("a", xyzalert.EndReason.CANCELLED)]


def test_the_host_and_its_methods_are_read_when_the_dispatch_is_created():
    class Screen(xyzalert.Host):
        def __init__(self):
            self.seen = []

        def show(self, alert, target, view):
            self.seen.append(("show", alert.id))

        def finish(self, alert, reason):
            self.seen.append(("finish", alert.id))

    host = Screen()
    with xyzalert.Dispatch(host) as home:
        assert home.host is host
        with pytest.raises(AttributeError):
            home.host = Screen()  # type: ignore[misc]
        # Replacing a method afterwards changes nothing, as overriding one
        # afterwards installs nothing (the C host struct is copied the same way).
        host.show = lambda alert, target, view: host.seen.append(("replaced", alert.id))  # type: ignore[method-assign]
        home.page_did_appear()
        a = Alert("a")
        home.add(a)
        a.dismiss()
    assert host.seen == [("show", "a"), ("finish", "a")]


def test_a_dispatch_collected_in_a_reference_cycle_still_delivers_its_events():
    # The cycle collector clears weak references before it runs finalizers:
    # the events of the destroy that a collected dispatch's finalizer runs
    # must not depend on one.
    seen = []

    class Screen(xyzalert.Host):
        def show(self, alert, target, view):
            seen.append(("show", alert.id))

        def remove(self, alert, reason):
            seen.append(("remove", alert.id, reason))

        def finish(self, alert, reason):
            seen.append(("finish", alert.id, reason))

    host = Screen()
    home = xyzalert.Dispatch(host)
    host.page = home  # a cycle: dispatch -> host -> dispatch
    home.page_did_appear()
    home.add(Alert("a"))
    gc.collect()
    gc.disable()  # only the collection below may find the cycle
    try:
        del home, host
        assert seen == [("show", "a")]
        gc.collect()
    finally:
        gc.enable()
    destroyed = xyzalert.EndReason.DESTROYED
    assert seen == [("show", "a"), ("remove", "a", destroyed), ("finish", "a", destroyed)]


def test_deferred_mode_installs_request_flush_even_when_not_overridden():
    class Deferred(xyzalert.Host):
        deferred = True

    with xyzalert.Dispatch(Deferred()) as home:
        assert installed(home) == ["request_flush"]
        home.page_did_appear()
        a = Alert("a")
        home.add(a)
        assert a.state == State.READY  # waits for the flush
        home.flush()
        assert a.state == State.SHOWING


def test_an_exception_after_a_quiet_call_still_reaches_its_call(recorder, page):
    # Calls take a fast path while no exception is pending anywhere; the
    # first exception stored must still be raised by the call that caused it,
    # and the next call is quiet again.
    home = page("home")
    home.add(Alert("a"))

    def react(line, alert):
        if line == "show b page":
            raise KeyError("from show")

    recorder.react = react
    b = Alert("b", priority=5, exclusive=Exclusive.COVER)
    with pytest.raises(KeyError, match="from show"):
        home.add(b)
    recorder.react = None
    b.dismiss()
    assert b.state == State.FINISHED
    assert xyzalert._lib._stored[0] == 0
