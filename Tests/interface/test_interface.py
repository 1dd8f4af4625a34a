"""The interface's tables (scripts/interface): mirrors up to date, regions
rewritten in place, and the check that an enum word has one home."""
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts/interface"))
sys.path.insert(0, str(REPO / "bindings/python"))

import one_home  # noqa: E402
import regions  # noqa: E402
from enums import ENUMS  # noqa: E402


def test_every_mirror_is_up_to_date():
    run = subprocess.run([sys.executable, str(REPO / "scripts/interface"), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_region_is_replaced_between_its_markers_and_nothing_else_changes():
    text = "keep 1\n/* %s */\nold\nlines\n/* %s */\nkeep 2\n" % (regions.begin("x"), regions.end("x"))
    new = regions.replace_region(text, "x", "new body", "/* %s */")
    assert new == "keep 1\n/* %s */\nnew body\n/* %s */\nkeep 2\n" % (regions.begin("x"), regions.end("x"))
    assert regions.replace_region(new, "x", "new body", "/* %s */") == new


def test_a_word_spelled_by_hand_in_code_is_found_but_not_in_comments_or_generated_regions(tmp_path):
    source = tmp_path / "Sources/Thing"
    source.mkdir(parents=True)
    (source / "a.swift").write_text('// "hide_others" in a comment\nlet x = 1\nlet y = "evict_oldest"\n')
    (source / "b.c").write_text('/* %s */\nconst char *w = "coalesce";\n/* %s */\n' % (regions.begin("r"), regions.end("r")))
    python = tmp_path / "bindings/python/xyzalert"
    python.mkdir(parents=True)
    (python / "c.py").write_text('"""Says "lifo"."""\n\nORDER = "lifo"  # "fifo"\n')
    found = one_home.problems(tmp_path)
    assert [p.split(" spelled")[0] for p in found] == [
        'Sources/Thing/a.swift:3: "evict_oldest"', 'bindings/python/xyzalert/c.py:3: "lifo"']


def test_the_table_holds_each_words_once_per_enum_and_values_from_zero():
    for e in ENUMS:
        words = [v[0] for v in e["values"]]
        assert len(words) == len(set(words)), e["c"]
        assert all(w == w.lower() and " " not in w for w in words), e["c"]


def test_the_library_and_the_python_enums_say_the_tables_words():
    import ctypes
    import os
    import xyzalert._enums as python_enums
    library = ctypes.CDLL(os.environ.get("XYZALERT_LIBRARY", str(REPO / ".build/debug/libxyzalert.so")))
    for e in ENUMS:
        if not e["c"]:
            continue
        name_of = getattr(library, e["c"] + "_name")
        name_of.restype, name_of.argtypes = ctypes.c_char_p, [ctypes.c_int]
        words = [v[0] if e["c"] != "xyz_status" else "XYZ_" + v[3]["c"] for v in e["values"]]
        assert [name_of(i).decode() for i in range(len(words) + 1)] == words + ["unknown"], e["c"]
        if e["python"]:
            members = list(getattr(python_enums, e["python"]))
            assert [int(m) for m in members] == list(range(len(words))), e["python"]
            assert [str(m) for m in members] == words, e["python"]
