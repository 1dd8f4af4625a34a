"""Errors as exceptions, and JSON loading with every error attribute."""


import pytest

import xyzalert
from conftest import REPO
from xyzalert import Alert, AlertSet, Scenario

BAD = REPO / "Tests" / "data" / "bad"


def test_every_status_has_its_exception_class():
    pairs = [(xyzalert.InvalidArgumentError, 1), (xyzalert.StateError, 2), (xyzalert.DuplicateIdError, 3),
             (xyzalert.CycleError, 4), (xyzalert.NotFoundError, 5), (xyzalert.ParseError, 6),
             (xyzalert.SchemaError, 7), (xyzalert.ReadError, 8), (xyzalert.OwnerError, 9)]
    for cls, code in pairs:
        assert issubclass(cls, xyzalert.XYZAlertError)
        assert cls.code == code


def test_engine_errors_carry_code_and_message(page):
    home = page("home")
    home.add(Alert("a"))
    with pytest.raises(xyzalert.DuplicateIdError) as raised:
        home.add(Alert("a"))
    assert raised.value.code is xyzalert.Status.EDUPLICATE
    assert raised.value.message == "cannot add alert 'a': a live alert with that id is already in the domain of page 'home'"
    a, b = Alert("x"), Alert("y")
    b.add_dependency(a)
    with pytest.raises(xyzalert.CycleError, match="'x' -> 'y' -> 'x'"):
        a.add_dependency(b)
    stranger = page("stranger")
    with pytest.raises(xyzalert.OwnerError):
        home.active_child = stranger
    with pytest.raises(xyzalert.InvalidArgumentError):
        Alert("bad", keyboard_adjust=float("nan"))
    with pytest.raises(xyzalert.StateError):
        Alert("idle").dismiss()


def parse_expected(name: str):
    line = (BAD / f"{name}.expected").read_text().splitlines()[0]  # loading reports the first problem
    location, _, rest = line.partition(": error: ")
    _, row, column = location.rsplit(":", 2)
    message, _, pointer = rest.rpartition(" (at ")
    pointer = pointer[:-1]
    return int(row), int(column), message, "" if pointer == '""' else pointer


@pytest.mark.parametrize("name", sorted(p.stem for p in BAD.glob("*.json")))
def test_every_bad_file_raises_with_its_location(name):
    row, column, message, pointer = parse_expected(name)
    with pytest.raises(xyzalert.ParseError) as raised:
        AlertSet.load(BAD / f"{name}.json")
    error = raised.value
    assert (error.line, error.column, error.message, error.path) == (row, column, message, pointer)
    assert error.source == str(BAD / f"{name}.json")
    expected = xyzalert.ParseError if name.startswith(("syntax-", "not-utf8")) else xyzalert.SchemaError
    assert type(error) is expected
    text = (BAD / f"{name}.json").read_bytes()
    assert 0 <= error.position <= len(text)
    with pytest.raises(expected) as from_text:
        AlertSet.loads(text)
    assert (from_text.value.line, from_text.value.position, from_text.value.source) == (row, error.position, "<string>")


def test_an_unreadable_file_is_a_read_error():
    with pytest.raises(xyzalert.ReadError) as raised:
        AlertSet.load("/no/such/file.json")
    assert isinstance(raised.value, OSError)
    assert str(raised.value) == "/no/such/file.json: error: cannot open: No such file or directory"


def test_an_alert_set_creates_fresh_alerts(recorder, page):
    alerts = AlertSet.load(REPO / "examples" / "alerts.json")
    assert len(alerts) == 3 and alerts.ids == ["login", "promo", "rating"]
    promo = alerts.create_alert("promo")
    assert (promo.priority, promo.target, promo.after, promo.meta) == (10, "window", ["login"], {"image": "sale.png"})
    assert promo is not alerts.create_alert("promo")
    with pytest.raises(xyzalert.NotFoundError):
        alerts.create_alert("nope")
    home = page("home")
    home.add_set(alerts)
    assert recorder.take() == ["show login page"]
    with AlertSet.loads('{"alerts": [{"id": "solo"}]}') as solo:
        assert solo.ids == ["solo"]


def test_a_scenario_exposes_pages_and_steps():
    scenario = Scenario.load(REPO / "examples" / "tabs.json")
    assert [p.name for p in scenario.pages] == ["tabbar", "home", "profile"]
    assert scenario.pages[0].active == "home" and scenario.pages[1].parent == "tabbar"
    assert scenario.steps[5] == xyzalert.Step(xyzalert.StepKind.ADD, page="tabbar", alerts=("maintenance",))
    assert scenario.alerts.page_of("survey") == "home"
    with pytest.raises(xyzalert.SchemaError, match="not a scenario"):
        Scenario.load(REPO / "examples" / "alerts.json")
