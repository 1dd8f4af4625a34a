"""xyzalert.fleet: collected Segment-Spec events made into backtest
sessions (docs/fleet.md, "Sessions from events"; the mapping:
docs/formats.md, "Event mappings"), and what it counts, names and refuses."""

import gzip
import json
import subprocess
import sys

import pytest

import xyzalert
from xyzalert import fleet

from conftest import REPO

EXAMPLES = REPO / "examples" / "backtest"
MAPPING = EXAMPLES / "mapping.json"
PYTHON_PATH = str(REPO / "bindings" / "python")


def call(kind, user, second, message=None, **fields):
    """A Segment call of `user` at `second` past 2026-12-01T10:00:00Z."""
    minute, sec = divmod(second, 60)
    hour, minute = divmod(minute, 60)
    body = {"type": kind, "userId": user, "timestamp": f"2026-12-01T{10 + hour:02d}:{minute:02d}:{sec:06.3f}Z"}
    if message:
        body["messageId"] = message
    body.update(fields)
    return body


def write_lines(path, calls):
    path.write_text("".join((c if isinstance(c, str) else json.dumps(c)) + "\n" for c in calls))
    return path


def convert(tmp_path, calls, mapping=MAPPING, **options):
    events = write_lines(tmp_path / "events.jsonl", calls)
    out = tmp_path / "sessions.jsonl"
    summary = fleet.sessions_from_segment([events], mapping, out, **options)
    return summary, [json.loads(line) for line in out.read_text().splitlines()]


def steps(session):
    return session["steps"]


def test_a_session_carries_the_policy_the_user_and_the_clock(tmp_path):
    summary, sessions = convert(tmp_path, [call("track", "ann", 5, event="Order Completed", properties={"total": 3})])
    (session,) = sessions
    assert session["attributes"] == {"user_id": "ann"}
    assert session["wall_clock"] == 1796119205
    assert session["utc_offset"] == 0
    assert [a["id"] for a in session["alerts"]] == ["consent", "update", "rate", "promo", "saved"]
    assert all(a["page"] == "app" for a in session["alerts"])
    assert session["campaigns"][0]["id"] == "rate-after-purchases"
    assert session["pages"] == {"app": {}, "settings": {"parent": "app"}, "shop": {"parent": "app"}}
    assert steps(session) == [{"appear": "app"},
                              {"track": {"page": "app", "event": "purchase", "props": {"total": 3}}}]
    assert (summary.records, summary.users, summary.sessions) == (1, 1, 1)
    xyzalert.Scenario.loads(json.dumps(session))  # the library loads it


def test_events_are_sorted_by_time_and_duplicates_dropped_by_message_id(tmp_path):
    order = call("track", "ann", 20, "m2", event="Order Completed")
    summary, (session,) = convert(tmp_path, [order, call("track", "ann", 10, "m1", event="Order Completed",
                                                         properties={"first": True}), order])
    tracks = [s["track"]["props"] for s in steps(session) if "track" in s]
    assert tracks == [{"first": True}, {}]
    assert {"advance": 10} in steps(session)
    assert summary.skipped == {"duplicate": 1}


def test_an_inactivity_gap_or_the_opened_event_starts_a_session(tmp_path):
    calls = [call("track", "ann", 0, event="Order Completed"), call("track", "ann", 1801, event="Order Completed"),
             call("track", "ann", 1900, event="Application Opened"), call("track", "ann", 1910, event="x")]
    summary, (session,) = convert(tmp_path, calls)
    kinds = [next(iter(s)) for s in steps(session)]
    assert kinds == ["appear", "track", "disappear", "advance", "session", "appear", "track",
                     "disappear", "advance", "session", "appear", "advance"]
    assert steps(session)[3] == {"advance": 1801}
    assert summary.sessions == 3
    assert summary.skipped == {"unmapped_event": 1}
    assert summary.unmapped == {"event x": 1}


def test_a_gap_of_the_mappings_own(tmp_path):
    mapping = json.loads(MAPPING.read_text())
    mapping["session"] = {"gap": 60}
    path = tmp_path / "mapping.json"
    path.write_text(json.dumps(mapping))
    (tmp_path / "baseline.json").write_text((EXAMPLES / "baseline.json").read_text())
    summary, _ = convert(tmp_path, [call("track", "ann", 0, event="Order Completed"),
                                    call("track", "ann", 61, event="Order Completed")], mapping=path)
    assert summary.sessions == 2


def test_screens_are_pages_and_traits_attributes(tmp_path):
    calls = [call("screen", "ann", 0, name="Shop"), call("screen", "ann", 1, name="Settings"),
             call("screen", "ann", 2, name="Home"), call("screen", "ann", 3, name="Unknown"),
             call("page", "ann", 4, name="Shop"),
             call("identify", "ann", 5, traits={"plan": "pro", "email": "a@b"}),
             call("identify", "ann", 6, traits={"email": "c@d"})]
    summary, (session,) = convert(tmp_path, calls)
    assert [s for s in steps(session) if "advance" not in s] == [
        {"appear": "app"}, {"appear": "shop"}, {"disappear": "shop"}, {"appear": "settings"},
        {"disappear": "settings"}, {"appear": "shop"}, {"set_attribute": {"name": "plan", "value": "pro"}}]
    assert summary.skipped == {"unkept_traits": 1, "unmapped_screen": 1}
    assert summary.unmapped == {"screen Unknown": 1}


def test_the_apps_alert_events_are_adds_dismisses_and_actions(tmp_path):
    def alert(second, event, **props):
        return call("track", "ann", second, event=event, properties=props)

    calls = [alert(0, "Alert Requested", alert_id="update"), alert(1, "Alert Action", alert_id="update", action=1),
             alert(2, "Alert Requested", alert_id="consent"),
             alert(3, "Alert Action", alert_id="consent", action="reject"),
             alert(4, "Alert Dismissed", alert_id="promo"), alert(5, "Alert Dismissed", alert_id="nope"),
             alert(6, "Alert Action", alert_id="consent", action="maybe"),
             alert(7, "Alert Action", alert_id="consent", action=2)]
    summary, (session,) = convert(tmp_path, calls)
    assert [s for s in steps(session) if "advance" not in s] == [
        {"appear": "app"}, {"add": "update"}, {"action": {"alert": "update", "index": 1}}, {"add": "consent"},
        {"action": {"alert": "consent", "index": 1}}, {"dismiss": "promo"}]
    assert summary.skipped == {"unknown_action": 2, "unknown_alert": 1}


def test_what_cannot_be_placed_is_counted_and_located(tmp_path):
    calls = ["{not json", json.dumps([1, 2]), call("track", "ann", 0, event="Order Completed"),
             {"type": "track", "event": "x", "timestamp": "2026-12-01T10:00:00Z"},
             {"type": "track", "userId": "bob", "event": "x", "timestamp": "yesterday"},
             {"type": "track", "userId": "bob", "event": "x", "timestamp": "2026-12-01T10:00:00"},
             {"type": "alias", "userId": "bob", "timestamp": "2026-12-01T10:00:00Z"}, ""]
    summary, sessions = convert(tmp_path, calls)
    assert len(sessions) == 1
    assert summary.records == 7
    assert summary.skipped == {"bad_timestamp": 2, "ignored": 1, "malformed": 2, "no_user": 1}
    where = str(tmp_path / "events.jsonl")
    assert summary.errors[0].startswith(f"{where}:1: not JSON: ")
    assert summary.errors[1] == f"{where}:2: a record must be a JSON object"
    assert summary.errors[2] == f'{where}:5: not an RFC 3339 timestamp: "yesterday"'
    assert summary.errors[3] == f"{where}:6: a timestamp needs its offset (Z or +HH:MM): 2026-12-01T10:00:00"


def test_local_time_comes_from_the_context_or_the_timestamp(tmp_path):
    paris = call("track", "ann", 0, event="x", context={"timezone": "Europe/Paris"})
    tokyo = {"type": "track", "userId": "bob", "event": "x", "timestamp": "2026-12-01T19:00:00+09:00"}
    unknown = call("track", "cy", 0, event="x", context={"timezone": "Mars/Olympus"})
    _, sessions = convert(tmp_path, [paris, tokyo, unknown])
    by_user = {s["attributes"]["user_id"]: s for s in sessions}
    assert by_user["ann"]["time_zone"] == "Europe/Paris" and "utc_offset" not in by_user["ann"]
    assert by_user["bob"]["utc_offset"] == 32400
    assert by_user["cy"]["utc_offset"] == 0


def test_partitions_on_disk_give_the_same_bytes(tmp_path):
    events = tmp_path / "events.jsonl"
    subprocess.run([sys.executable, str(REPO / "scripts" / "make-events"), "--users", "60", "--seed", "3",
                    "--out", str(events)], check=True)
    whole, tiny = tmp_path / "whole.jsonl", tmp_path / "tiny.jsonl"
    first = fleet.sessions_from_segment([events], MAPPING, whole)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    second = fleet.sessions_from_segment([events], MAPPING, tiny, partition_bytes=4096, scratch=scratch)
    assert whole.read_bytes() == tiny.read_bytes()
    assert first.to_dict() == second.to_dict()
    assert first.users == 60
    assert list(scratch.iterdir()) == []  # the partitions are gone


def test_a_directory_gets_a_file_per_user_and_gzip_is_read(tmp_path):
    events = tmp_path / "events.jsonl.gz"
    with gzip.open(events, "wt") as file:
        for user in ("ann", "../etc", ".hidden", "é"):
            file.write(json.dumps(call("track", user, 0, event="Order Completed")) + "\n")
    out = tmp_path / "sessions"
    summary = fleet.sessions_from_segment(events, MAPPING, out)
    assert sorted(p.name for p in out.iterdir()) == ["%2E%2E%2Fetc.json", "%2Ehidden.json", "%C3%A9.json",
                                                    "ann.json"]
    assert summary.users == 4


def test_parquet_gives_the_same_sessions(tmp_path):
    parquet = pytest.importorskip("pyarrow.parquet")
    import pyarrow

    lines = (EXAMPLES / "events.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    # A warehouse's columns: snake_case ids, properties and traits as JSON text.
    rows = [{"type": r["type"], "user_id": r.get("userId"), "message_id": r.get("messageId"),
             "timestamp": r["timestamp"], "event": r.get("event"), "name": r.get("name"),
             "properties": json.dumps(r["properties"]) if "properties" in r else None,
             "traits": json.dumps(r["traits"]) if "traits" in r else None} for r in records]
    parquet.write_table(pyarrow.Table.from_pylist(rows), tmp_path / "events.parquet")
    fleet.sessions_from_segment(tmp_path / "events.parquet", MAPPING, tmp_path / "from-parquet.jsonl")
    fleet.sessions_from_segment(EXAMPLES / "events.jsonl", MAPPING, tmp_path / "from-json.jsonl")
    assert (tmp_path / "from-parquet.jsonl").read_bytes() == (tmp_path / "from-json.jsonl").read_bytes()


def test_parquet_without_pyarrow_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    (tmp_path / "events.parquet").write_bytes(b"PAR1")
    with pytest.raises(ImportError, match=r"pip install 'xyzalert\[parquet\]'"):
        fleet.sessions_from_segment(tmp_path / "events.parquet", MAPPING, tmp_path / "out.jsonl")


@pytest.mark.parametrize("mapping, message, line, column, pointer", [
    ('{"version": 1, "policy": "baseline.json", "screens": {"Home": 3}}',
     'screen "Home" must be a non-empty string, got 3', 1, 63, "/screens/Home"),
    ('{"version": 1,\n "policy": "baseline.json",\n "session": {"gap": -5}}',
     "\"gap\" must be a number of seconds above 0, got -5", 3, 21, "/session/gap"),
    ('{"version": 1, "policy": "baseline.json", "reactions": {"like": {}}}',
     'unknown reaction "like" (one of add, dismiss, action)', 1, 65, "/reactions/like"),
    ('{"version": 1, "policy": "baseline.json", "events": {"A": "a"},\n'
     ' "reactions": {"add": {"event": "A", "alert": "id"}}}', 'event "A" is mapped twice', 2, 33,
     "/reactions/add/event"),
    ('{"version": 1, "policy": "missing.json"}', 'cannot read policy "missing.json": ', 1, 26, "/policy"),
    ('{"version": 1}', 'a mapping needs "policy"', 1, 1, ""),
    ('{"version": 2, "policy": "baseline.json"}', '"version" must be 1', 1, 13, "/version"),
    ('{"version": 1, "policy": "baseline.json", "trait": []}', 'unknown member "trait"', 1, 52, "/trait"),
])
def test_a_mapping_is_checked_with_located_errors(tmp_path, mapping, message, line, column, pointer):
    (tmp_path / "baseline.json").write_text((EXAMPLES / "baseline.json").read_text())
    path = tmp_path / "mapping.json"
    path.write_text(mapping)
    with pytest.raises(xyzalert.SchemaError) as caught:
        fleet.load_mapping(path)
    error = caught.value
    assert message in error.message
    assert (error.source, error.line, error.column, error.path) == (str(path), line, column, pointer)


def test_a_mapping_that_is_not_json_or_repeats_a_key(tmp_path):
    path = tmp_path / "mapping.json"
    path.write_text('{"version": 1,\n "version": 1}')
    with pytest.raises(xyzalert.ParseError) as caught:
        fleet.load_mapping(path)
    assert (caught.value.line, caught.value.column) == (2, 2)
    assert 'duplicate key "version"' in caught.value.message
    path.write_text('{"version": 1,\n "policy" "x"}')
    with pytest.raises(xyzalert.ParseError) as caught:
        fleet.load_mapping(path)
    assert (caught.value.line, caught.value.column) == (2, 11)


def test_a_bad_policy_is_located_in_its_own_file(tmp_path):
    (tmp_path / "baseline.json").write_text('{"version": 1, "alerts": [{"id": "a", "priority": "high"}]}')
    path = tmp_path / "mapping.json"
    path.write_text('{"version": 1, "policy": "baseline.json"}')
    with pytest.raises(xyzalert.SchemaError) as caught:
        fleet.load_mapping(path)
    assert caught.value.source.endswith("baseline.json")
    assert caught.value.path == "/alerts/0/priority"


def run_module(*arguments):
    return subprocess.run([sys.executable, "-m", "xyzalert.fleet", *arguments], capture_output=True, text=True,
                          cwd=PYTHON_PATH)


def test_the_command_prints_the_summary_and_exits_1_on_a_bad_mapping(tmp_path):
    out = tmp_path / "sessions"
    done = run_module("sessions", "--mapping", str(MAPPING), str(EXAMPLES / "events.jsonl"), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["users"] == 4
    assert len(list(out.iterdir())) == 4
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "policy": 3}')
    failed = run_module("sessions", "--mapping", str(bad), str(EXAMPLES / "events.jsonl"), "--out",
                        str(tmp_path / "other"))
    assert failed.returncode == 1
    assert failed.stderr.strip() == f'{bad}:1:26: error: "policy" must be a non-empty string, got 3 (at /policy)'
    assert not (tmp_path / "other").exists()
    missing = run_module("sessions", "--mapping", str(MAPPING), str(tmp_path / "none.jsonl"), "--out",
                         str(tmp_path / "third"))
    assert missing.returncode == 1 and "none.jsonl" in missing.stderr
    assert not (tmp_path / "third").exists()
    assert run_module("sessions", "--mapping", str(MAPPING)).returncode == 2


def test_the_example_fleet_replays(tmp_path):
    from xyzalert import backtest

    out = tmp_path / "sessions.jsonl"
    fleet.sessions_from_segment(EXAMPLES / "events.jsonl", MAPPING, out)
    report = backtest.run(EXAMPLES / "baseline.json", EXAMPLES / "tighter-cap.json", out, parts=1).to_dict()
    assert report["sessions"] == 4
    assert report["alerts"]["promo"]["shown"][0] > report["alerts"]["promo"]["shown"][1]


def test_the_policys_alerts_go_on_the_root_page(tmp_path):
    (tmp_path / "baseline.json").write_text('{"version": 1, "alerts": [{"id": "a"}, {"id": "b"}]}')
    path = tmp_path / "mapping.json"
    path.write_text('{"version": 1, "policy": "baseline.json", "root": "main", "screens": {"Shop": "shop"}}')
    mapping = fleet.load_mapping(path)
    assert [a["page"] for a in mapping.policy["alerts"]] == ["main", "main"]
    assert mapping.pages == {"main": {}, "shop": {"parent": "main"}}


def test_the_example_events_are_the_scripts():
    made = subprocess.run([sys.executable, str(REPO / "scripts" / "make-events"), "--users", "4", "--seed", "7"],
                          check=True, capture_output=True).stdout
    assert made == (EXAMPLES / "events.jsonl").read_bytes()


def test_timestamps_are_read_as_rfc_3339_says_on_every_python():
    # (datetime.fromisoformat before Python 3.11 refused "Z" and fractions of
    # other than 3 or 6 digits: every timestamp of examples/backtest/events.jsonl.)
    from xyzalert.fleet.events import parse_time
    assert parse_time("2026-11-16T21:20:12.585Z") == (pytest.approx(1794864012.585), 0)
    assert parse_time("2026-11-16t21:20:12z") == (1794864012.0, 0)
    assert parse_time("2026-11-16 22:20:12.5+01:00") == (1794864012.5, 3600)
    assert parse_time("2026-11-16T16:50:12.123456789-04:30") == (pytest.approx(1794864012.123456), -16200)
    for bad in ("2026-11-16T21:20Z", "2026-02-30T10:00:00Z", "2026-11-16T21:20:12+0100", "2026-11-16T21:20:12.Z",
                "20261116T212012Z", " 2026-11-16T21:20:12Z"):
        with pytest.raises(ValueError, match="not an RFC 3339 timestamp"):
            parse_time(bad)
    with pytest.raises(ValueError, match="needs its offset"):
        parse_time("2026-11-16T21:20:12.585")
