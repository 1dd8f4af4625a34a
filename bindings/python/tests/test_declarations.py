"""Every function of the public headers is declared in xyzalert/_lib.py,
except the deprecated 0.1 names, and nothing else is: the bindings stay in
step with the headers."""

import re

from conftest import REPO
from xyzalert import _lib


def test_the_bindings_declare_exactly_the_headers_functions():
    headers = "".join((REPO / "include" / name).read_text() for name in ("xyzalert.h", "xyzalert_tooling.h"))
    declared = set(re.findall(r"^[^ *#/\n].*?\b(xyz_[a-z0-9_]+)\(", headers, re.MULTILINE))
    deprecated = set(re.findall(r"XYZ_DEPRECATED\(.*\)\n.*?\b(xyz_[a-z0-9_]+)\(", headers))
    assert deprecated and deprecated <= declared
    assert set(_lib._DECLARATIONS) == declared - deprecated
