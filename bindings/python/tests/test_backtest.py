"""xyzalert.backtest (docs/rules.md §23): each rule of a backtest, through
Python, on the sessions of Tests/data/backtest (each session shows one
rule: Tests/cli/backtest.sh, the tool's tests, says which), and the
report's algebra: parts merge, in any grouping, into the whole run's bytes."""

import concurrent.futures
import gzip
import json
import pickle
import subprocess

import pytest

import xyzalert
from xyzalert import backtest

from conftest import REPO, cli_path, split_corpus

DATA = REPO / "Tests" / "data" / "backtest"
BASELINE, CANDIDATE = str(DATA / "baseline.json"), str(DATA / "candidate.json")
SESSIONS = str(DATA / "sessions.jsonl")


@pytest.fixture(autouse=True)
def the_tool(monkeypatch):
    monkeypatch.setenv("XYZALERT_CLI", str(cli_path()))


def tool_json(*arguments):
    return subprocess.run([str(cli_path()), "backtest", "--baseline", BASELINE, "--candidate", CANDIDATE,
                           "--format", "json", *arguments], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def report(request):
    mp = pytest.MonkeyPatch()
    mp.setenv("XYZALERT_CLI", str(cli_path()))
    request.addfinalizer(mp.undo)
    return backtest.run(BASELINE, CANDIDATE, SESSIONS, parts=3)


def test_run_prints_the_tools_bytes(report):
    assert report.to_json() == tool_json(SESSIONS)


def test_any_executor_and_any_parts_give_the_same_bytes(report):
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert backtest.run(BASELINE, CANDIDATE, [SESSIONS], executor=pool, parts=4).to_json() == report.to_json()
    assert backtest.run(BASELINE, CANDIDATE, SESSIONS, parts=1).to_json() == report.to_json()


def test_parts_merge_in_any_grouping():
    inputs = backtest._Inputs((BASELINE, CANDIDATE), None, 100)
    a, b, c = (backtest.replay_part(inputs, [SESSIONS], k, 3) for k in range(3))
    whole = tool_json(SESSIONS)
    assert ((a + b) + c).to_json() == (a + (b + c)).to_json() == (c + a + b).to_json() == whole


def test_many_parts_are_added_up_by_the_tool():
    inputs = backtest._Inputs((BASELINE, CANDIDATE), None, 100)
    parts = [backtest.replay_part(inputs, [SESSIONS], k, 20) for k in range(20)]
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    assert len(total._states) <= backtest._STATES_KEPT
    assert total.to_json() == tool_json(SESSIONS)


def test_a_report_pickles(report):
    again = pickle.loads(pickle.dumps(report))
    assert again.to_json() == report.to_json()


def test_reports_of_other_inputs_do_not_add(report):
    other = backtest.run(BASELINE, BASELINE, SESSIONS, parts=1)
    with pytest.raises(ValueError, match="do not add up"):
        report + other


def test_the_outcomes(report):
    data = report.to_dict()
    assert (data["sessions"], data["unchanged"], data["changed"], data["not_replayable"]) == (9, 2, 5, 2)


def test_a_reaction_moves_with_its_alert(report):
    data = report.to_dict()
    assert data["alerts"]["y"]["time_to_show"]["p50"] == [0, 2]  # x is dismissed 4 s after its later show
    assert report.changed_sessions()[0] == backtest.ChangedSession(
        f"{SESSIONS}:1", (backtest.Change("x", "shifted", delta=2), backtest.Change("y", "shifted", delta=2)))


def test_a_reaction_to_an_alert_not_on_screen_is_dropped(report):
    data = report.to_dict()
    assert data["reactions_dropped"] == [0, 1]
    assert data["alerts"]["t"]["ended"] == {"dismissed": [1, 0], "timeout": [0, 1]}


def test_the_models_reactions(tmp_path):
    default = backtest.run(BASELINE, CANDIDATE, SESSIONS, parts=2).to_dict()
    assert default["alerts"]["u"]["time_to_show"]["p90"] == [4, 4]  # m dismissed after 5 s
    model = tmp_path / "model.json"
    model.write_text(json.dumps({"version": 1, "alerts": {"m": {"dismiss_after": "2s", "actions": {"0": 1}}}}))
    modelled = backtest.run(BASELINE, CANDIDATE, SESSIONS, model=model, parts=2).to_dict()
    assert modelled["alerts"]["u"]["time_to_show"]["p90"] == [1, 1]
    assert modelled["alerts"]["m"]["actions"] == {"open": [1, 1]}
    again = backtest.run(BASELINE, CANDIDATE, SESSIONS, model=model, parts=3).to_dict()
    assert again == modelled


def test_removed_definitions_and_the_policys_campaigns_and_caps(report):
    sessions = {s.session.rsplit(":", 1)[1]: s.changes for s in report.changed_sessions()}
    assert sessions["4"] == (backtest.Change("gone", "newly_suppressed", "removed_by_policy"),)
    assert sessions["7"] == (backtest.Change("rating", "newly_suppressed", "not_triggered", campaign="rate"),)
    assert sessions["8"] == (backtest.Change("promo", "newly_suppressed", "capped"),)
    assert report.to_dict()["removed_by_policy"] == [0, 1]


def test_a_session_that_cannot_be_replayed_says_why(report):
    errors = report.to_dict()["errors"]
    assert errors[0]["session"] == f"{SESSIONS}:6" and errors[0]["message"].startswith("does not load (column 4)")
    assert errors[1] == {"session": f"{SESSIONS}:9", "message": "under the candidate: step 3 (add): duplicate: cannot "
                         "add alert 'd': a live alert with that id is already in the domain of page 'home'"}


def test_gzip_and_directories(tmp_path, report):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "s.jsonl.gz").write_bytes(gzip.compress(open(SESSIONS, "rb").read()))
    data = backtest.run(BASELINE, CANDIDATE, corpus, parts=2).to_dict()
    assert data["alerts"] == report.to_dict()["alerts"] and data["sessions"] == 9


def test_html_and_text(report):
    html = report.to_html()
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 4 and "<script" not in html
    assert report.to_text().startswith("backtest of 9 sessions: 2 unchanged, 5 changed, 2 not replayable")


def test_a_model_with_an_unknown_member_is_located(tmp_path):
    model = tmp_path / "model.json"
    model.write_text('{"version": 1, "default": {"dismis_after": 2}}')
    with pytest.raises(xyzalert.SchemaError) as raised:
        backtest.run(BASELINE, CANDIDATE, SESSIONS, model=model, parts=1)
    error = raised.value
    assert (error.source, error.line, error.column, error.path) == (str(model), 1, 28, "/default/dismis_after")
    assert 'did you mean "dismiss_after"' in error.message


def test_a_missing_baseline_is_a_read_error(tmp_path):
    with pytest.raises(xyzalert.ReadError, match="cannot open"):
        backtest.run(tmp_path / "missing.json", CANDIDATE, SESSIONS, parts=1)


def test_no_tool_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("XYZALERT_CLI", "")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(backtest, "__file__", str(tmp_path / "xyzalert" / "backtest.py"))
    with pytest.raises(FileNotFoundError, match="needs the xyzalert tool"):
        backtest.tool()


def test_a_local_run_shows_a_bar_when_asked_and_none_otherwise(capsys):
    backtest.run(BASELINE, CANDIDATE, SESSIONS, parts=3, progress=True)
    shown = capsys.readouterr().err
    assert shown.endswith("] 3/3 parts\n") and "0/3 parts" in shown
    backtest.run(BASELINE, CANDIDATE, SESSIONS, parts=3, progress=False)
    assert capsys.readouterr().err == ""


def test_at_least_as_many_files_as_parts_are_shared_out_whole(tmp_path):
    paths = split_corpus(SESSIONS, 3, tmp_path)
    from xyzalert import _backtest_tasks

    assert [t.paths for t in _backtest_tasks.plan(paths, 2)] == [[paths[0], paths[2]], [paths[1]]]
    assert {t.parts for t in _backtest_tasks.plan(paths, 4)} == {4}  # fewer files than parts: --part
    whole = backtest.run(BASELINE, CANDIDATE, paths, parts=1).to_json()
    assert backtest.run(BASELINE, CANDIDATE, paths, parts=2).to_json() == whole
    assert backtest.run(BASELINE, CANDIDATE, paths, parts=4).to_json() == whole
