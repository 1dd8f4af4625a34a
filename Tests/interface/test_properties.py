"""Every row of the property tables, through the Python binding (the mirror
furthest from the table: the C functions, the declarations and the
properties all come from the row): its default, a value set and read
back, and for an alert's when it may be set (idle only, or any state but
finished)."""
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts/interface"))
sys.path.insert(0, str(REPO / "bindings/python"))

import xyzalert  # noqa: E402
from enums import ENUMS  # noqa: E402
from properties import PAGE_PROPERTIES, PROPERTIES  # noqa: E402

ENUM_BY_SWIFT = {e["swift"]: e for e in ENUMS}


def sample(row):
    """A value of the row's type other than its default, and how the
    getter gives it back."""
    kind, default = row["type"], row["default"]
    if kind in ENUM_BY_SWIFT:
        word = next(v[0] for v in reversed(ENUM_BY_SWIFT[kind]["values"]) if v[0] != default)
        return word, word
    return {"bool": (not default, not default), "seconds": ("90s", 90.0), "number": (-8, -8.0), "int32": (7, 7),
            "name": ("other", "other"), "text": ("Some words", "Some words"), "label": ("home", "home"),
            "count": (3, 3), "scale": (2, 2.0), "json": ({"n": 1}, {"n": 1})}[kind]


def read(alert, key):
    value = getattr(alert, key)
    return str(value) if type(value).__module__.endswith("_enums") else value


ROWS = [pytest.param(row, id=row["key"]) for row in PROPERTIES]


@pytest.mark.parametrize("row", ROWS)
def test_a_new_alert_has_the_default_and_takes_a_value_while_idle(row):
    alert = xyzalert.Alert("a")
    assert read(alert, row["key"]) == row["default"]
    given, got = sample(row)
    setattr(alert, row["key"], given)
    assert read(alert, row["key"]) == got
    keyword = {} if row.get("created_with") else {row["key"]: given}
    assert read(xyzalert.Alert("b", **keyword), row["key"]) == (got if keyword else row["default"])


@pytest.mark.parametrize("row", ROWS)
def test_a_property_is_set_on_screen_only_when_live_and_never_once_finished(row):
    page = xyzalert.Dispatch(name="home")
    page.page_did_appear()
    alert = xyzalert.Alert("a")
    page.add(alert)
    assert alert.state == xyzalert.State.SHOWING
    given, got = sample(row)
    if row.get("settable") == "live":
        setattr(alert, row["key"], given)
        assert read(alert, row["key"]) == got
    else:
        with pytest.raises(xyzalert.StateError):
            setattr(alert, row["key"], given)
        assert read(alert, row["key"]) == row["default"]
    alert.dismiss()
    assert alert.state == xyzalert.State.FINISHED
    with pytest.raises(xyzalert.StateError):
        setattr(alert, row["key"], given)
    page.close()


@pytest.mark.parametrize("key", [row["key"] for row in PROPERTIES if row["type"] in ("text", "json")])
def test_a_text_goes_back_to_none(key):
    alert = xyzalert.Alert("a", **{key: "{}"})
    setattr(alert, key, None)
    assert getattr(alert, key) is None


@pytest.mark.parametrize("row", [pytest.param(row, id=row["key"]) for row in PAGE_PROPERTIES])
def test_a_page_has_the_default_and_takes_a_value(row):
    page = xyzalert.Dispatch()
    assert read(page, row["key"]) == row["default"]
    given, got = sample(row)
    setattr(page, row["key"], given)
    assert read(page, row["key"]) == got
    page.close()
