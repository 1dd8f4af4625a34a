"""Every function of include/xyzalert.h is declared in xyzalert/_lib.py, and
nothing else is: the bindings stay in step with the header."""

import re

from conftest import REPO
from xyzalert import _lib


def test_the_bindings_declare_exactly_the_headers_functions():
    header = (REPO / "include" / "xyzalert.h").read_text()
    declared_in_header = set(re.findall(r"\b(xyz_[a-z_]+)\(", header)) - {"xyz_host"}
    assert set(_lib._DECLARATIONS) == declared_in_header
