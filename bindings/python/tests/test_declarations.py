"""Every function of the public headers is declared in xyzalert/_lib.py,
except the deprecated 0.1 names, and nothing else is: the bindings stay in
step with the headers."""

import ctypes
import re

from conftest import REPO
from xyzalert import _fast, _lib


def test_the_bindings_declare_exactly_the_headers_functions():
    headers = "".join((REPO / "include" / name).read_text() for name in ("xyzalert.h", "xyzalert_tooling.h"))
    declared = set(re.findall(r"^[^ *#/\n].*?\b(xyz_[a-z0-9_]+)\(", headers, re.MULTILINE))
    deprecated = set(re.findall(r"XYZ_DEPRECATED\(.*\)\n.*?\b(xyz_[a-z0-9_]+)\(", headers))
    assert deprecated and deprecated <= declared
    assert set(_lib._DECLARATIONS) == declared - deprecated


def test_the_hot_path_declarations_come_from_the_same_table():
    """`hot` declares exactly the functions flagged HOT, each with the
    restype of its row and no argtypes, and the package calls through `hot`
    no other function."""
    flagged = {name for name in _lib._DECLARATIONS if _lib.flags(name) & _lib.HOT}
    assert flagged == {"xyz_alert_create_with", "xyz_dispatch_add", "xyz_alert_dismiss", "xyz_alert_release"}
    for name in flagged:
        function = getattr(_lib.hot, name)
        restype = _lib._DECLARATIONS[name][0]
        if name == "xyz_alert_create_with":  # the class of `Alert._param`, which the call itself makes
            assert function.restype is _fast.AlertPointer and issubclass(_fast.AlertPointer, restype)
        else:
            assert function.restype is restype, name
        assert function.argtypes is None, name
    package = REPO / "bindings" / "python" / "xyzalert"
    called = set()
    for path in package.glob("*.py"):
        called |= set(re.findall(r"\bhot\.(xyz_[a-z0-9_]+)", path.read_text()))
    assert called and called <= flagged


def test_unlocked_functions_are_the_ones_that_touch_no_domain():
    """`lib` takes the lock for every function but the flagged ones, which
    read constants, the thread's last error, or count references, or
    evaluate a rule (no state at all)."""
    unlocked = {name for name in _lib._DECLARATIONS if _lib.flags(name) & _lib.UNLOCKED}
    assert all(name.endswith("_name") or name in {
        "xyz_version", "xyz_version_string", "xyz_last_error", "xyz_last_error_has_effects", "xyz_last_error_pointer",
        "xyz_free", "xyz_keyboard_offset", "xyz_rule_eval_json", "xyz_rule_explain_json",
        "xyz_alert_create", "xyz_alert_create_with", "xyz_alert_retain", "xyz_alert_release"} for name in unlocked)
    for name in _lib._DECLARATIONS:
        raw = isinstance(getattr(_lib.lib, name), ctypes._CFuncPtr)
        assert raw == (name in unlocked), name
