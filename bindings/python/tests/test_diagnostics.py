"""Diagnostics (docs/rules.md §16): what a host set up that works other
than it likely meant, noted once per domain and never printed."""

from xyzalert import Alert, Diagnostic, Dispatch, History, Host


def page(history=None):
    home = Dispatch(Host(), name="home")
    if history is not None:
        home.history = history
    home.page_did_appear()
    return home


def test_caps_and_windows_without_a_history_are_noted_once_each():
    home = page()
    home.add(Alert("plain"))
    assert home.diagnostics == []
    capped = Alert("capped")
    capped.add_limit(1, "day")
    home.add(capped)
    assert home.diagnostics == [Diagnostic.CAPS_WITHOUT_HISTORY]
    windowed = Alert("windowed")
    windowed.windows = [{"from": "09:00", "to": "18:00"}]
    home.add(windowed)
    again = Alert("again")
    again.add_limit(2, "session")
    home.add(again)
    assert home.diagnostics == [Diagnostic.CAPS_WITHOUT_HISTORY, Diagnostic.WINDOWS_WITHOUT_HISTORY]
    # The whole domain shares them: a child page reads the root's.
    child = Dispatch(Host(), name="child")
    child.parent = home
    assert child.diagnostics == home.diagnostics


def test_with_a_history_nothing_is_noted():
    home = page(History(lambda: 1_800_000_000.0))
    capped = Alert("capped")
    capped.add_limit(1, "day")
    capped.exclude = [{"from": "22:00", "to": "08:00"}]
    home.add(capped)
    assert home.diagnostics == []
