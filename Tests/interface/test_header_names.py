"""The header's naming conventions (its CONVENTIONS block) that a name can
break: a function of include/xyzalert.h returning a bool is a getter named
`xyz_<object>_is_<adjective>()` or `xyz_<object>_has_<noun>()`, the
deprecated 0.1 and 0.2 names aside."""
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_bool_getters_are_named_is_or_has():
    header = (REPO / "include/xyzalert.h").read_text()
    live = header[:header.index("/* ---------------------------------------------------------------- deprecated")]
    getters = re.findall(r"^(?:XYZ_API\s+)?bool\s+(xyz_\w+)\(", live, re.M)
    assert len(getters) >= 8  # (the read finds them: a declaration moved elsewhere would not be checked)
    assert [name for name in getters if not re.search(r"_(is|has)_", name)] == []
