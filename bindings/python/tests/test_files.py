"""Saving and loading histories as files: saves are atomic (two processes
saving one file never leave a torn one, a failed save keeps the old file),
and loads are bounded."""

import os
import subprocess
import sys
import textwrap

import pytest

import xyzalert
from xyzalert import History

# A process that saves one history to PATH again and again: session numbers
# and key counts differ between the two writers, so their files differ in
# size, and an interleaving would show as a file that does not load.
WRITER = textwrap.dedent("""
    import sys
    import xyzalert
    path, sessions, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    history = xyzalert.History(lambda: 1000.0)
    text = '{"version": 1, "session": %d, "keys": {%s}}' % (
        sessions, ", ".join('"tag:t%d": {"lifetime": %d}' % (i, i + 1) for i in range(keys)))
    history.loads(text)
    for _ in range(300):
        history.save(path)
""")


def test_two_processes_saving_one_file_never_leave_a_torn_one(tmp_path):
    path = tmp_path / "history.json"
    History(lambda: 1000.0).save(path)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(xyzalert.__file__)))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(sessions), str(keys)], env=env)
               for sessions, keys in ((3, 5), (7, 400))]
    reader = History(lambda: 1000.0)
    loads = 0
    while any(w.poll() is None for w in writers):
        reader.load(path)  # raises on a torn file
        assert reader.session in (1, 3, 7)
        loads += 1
    assert [w.wait() for w in writers] == [0, 0]
    assert loads > 0
    assert sorted(os.listdir(tmp_path)) == ["history.json"]  # no scratch file left


def test_a_failed_save_raises_and_keeps_the_old_file(tmp_path):
    history = History(lambda: 1000.0)
    history.begin_session()
    path = tmp_path / "history.json"
    history.save(path)
    with pytest.raises(xyzalert.ReadError, match="No such file or directory"):
        history.save(tmp_path / "missing" / "history.json")
    again = History(lambda: 1000.0)
    again.load(path)
    assert again.session == 1
    again.begin_session()  # the first after a load moves to the next number
    assert again.session == 2


def test_a_missing_history_file_is_a_new_history_when_asked(tmp_path):
    history = History(lambda: 1000.0)
    history.loads('{"version": 1, "session": 7, "keys": {"id:a": {"lifetime": 3}}}')
    missing = tmp_path / "first-launch" / "history.json"
    with pytest.raises(xyzalert.ReadError, match="No such file or directory"):
        history.load(missing)
    assert history.session == 7  # nothing changed
    history.load(missing, missing_ok=True)
    assert history.save() == '{"version": 1, "session": 1, "keys": {}}'
    history.begin_session()
    assert history.session == 1
    with pytest.raises(xyzalert.ReadError, match="Is a directory"):
        history.load(tmp_path, missing_ok=True)  # only a missing file is the first launch


def test_a_load_stops_at_the_file_size_limit():
    with pytest.raises(xyzalert.ReadError, match="larger than 268435456 bytes"):
        History().load("/dev/zero")


def test_scratch_names_are_never_shared(tmp_path):
    """Each save creates its scratch file exclusively under a name no file
    has: one left at the name a fixed scheme would use (PATH.tmp, a crashed
    writer's, or another process's in the middle of its save) is neither
    written through nor in the way."""
    path = tmp_path / "history.json"
    (tmp_path / "history.json.tmp").mkdir()
    blocker = tmp_path / ".history.json.{}.0.tmp".format(os.getpid())
    blocker.write_text("another writer's")
    history = History(lambda: 1000.0)
    history.save(path)
    assert blocker.read_text() == "another writer's"
    again = History(lambda: 1000.0)
    again.load(path)
    assert sorted(os.listdir(tmp_path)) == sorted(["history.json", "history.json.tmp", blocker.name])
