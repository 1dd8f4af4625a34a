"""xyzalert.backtest.run on a Dask cluster (docs/backtest.md, "More than
one machine"): a LocalCluster of two worker processes gives the bytes of
the one-process run, and still does when a worker is killed mid-run (Dask
runs its tasks again). Dask is the optional extra xyzalert[dask], which
scripts/install-deps installs for the tests."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from xyzalert import backtest

from conftest import REPO, cli_path, split_corpus

distributed = pytest.importorskip("distributed")

BASELINE = str(REPO / "examples" / "backtest" / "baseline.json")
CANDIDATE = str(REPO / "examples" / "backtest" / "tighter-cap.json")
USERS = 300


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    path = tmp_path_factory.mktemp("fleet") / "fleet.jsonl"
    subprocess.run([sys.executable, str(REPO / "scripts" / "make-fleet"), "--users", str(USERS), "--seed", "5",
                    "--out", str(path)], check=True)
    return str(path)


@pytest.fixture(scope="module")
def client():
    mp = pytest.MonkeyPatch()
    # The workers are new processes: they find the package and the tool as
    # this one does.
    mp.setenv("XYZALERT_CLI", str(cli_path()))
    mp.setenv("PYTHONPATH", os.pathsep.join([str(REPO / "bindings" / "python"), os.environ.get("PYTHONPATH", "")]))
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as connected:
        yield connected
    cluster.close()
    mp.undo()


@pytest.fixture(scope="module")
def one_process(fleet):
    mp = pytest.MonkeyPatch()
    mp.setenv("XYZALERT_CLI", str(cli_path()))
    report = backtest.run(BASELINE, CANDIDATE, fleet, parts=1).to_json()
    mp.undo()
    return report


def test_the_cluster_gives_the_one_process_bytes(client, fleet, one_process, capsys):
    report = backtest.run(BASELINE, CANDIDATE, fleet, executor=client, parts=7, progress=True)
    assert report.to_json() == one_process
    assert "100% Completed" in capsys.readouterr().out  # Dask's own bar
    assert f'"sessions": {USERS}' in one_process


def test_files_are_shared_out_whole(client, fleet, one_process, tmp_path):
    paths = split_corpus(fleet, 4, tmp_path)
    whole = backtest.run(BASELINE, CANDIDATE, paths, parts=1).to_dict()
    spread = backtest.run(BASELINE, CANDIDATE, paths, executor=client, parts=3).to_dict()
    assert spread == whole
    assert spread["alerts"] == json.loads(one_process)["alerts"]


def test_a_worker_killed_mid_run_still_gives_the_whole_report(client, fleet):
    # Tasks long enough to be caught running (a few hundred sessions each
    # even with the shipped tool): the fleet six times, in three shares.
    corpus = [fleet] * 6
    whole = backtest.run(BASELINE, CANDIDATE, corpus, parts=1).to_json()
    result = {}

    def replay():
        try:
            result["report"] = backtest.run(BASELINE, CANDIDATE, corpus, executor=client, parts=3).to_json()
        except BaseException as error:  # handed to the test's thread
            result["error"] = error

    runner = threading.Thread(target=replay)
    runner.start()
    killed = None
    deadline = time.monotonic() + 60
    while killed is None and time.monotonic() < deadline and runner.is_alive():
        busy = [worker for worker, keys in client.processing().items() if keys]
        if busy:
            pids = client.run(os.getpid)
            killed = pids[busy[0]]
            os.kill(killed, signal.SIGKILL)
        else:
            time.sleep(0.01)
    runner.join(120)
    assert killed is not None, "no task was seen running: nothing was killed"
    assert "error" not in result, result.get("error")
    assert result["report"] == whole
    client.wait_for_workers(2, timeout=60)  # the nanny started another


def test_the_example_fleets_sessions_on_the_cluster(client, tmp_path):
    from xyzalert import fleet as events

    sessions = tmp_path / "sessions.jsonl"
    examples = REPO / "examples" / "backtest"
    events.sessions_from_segment(examples / "events.jsonl", examples / "mapping.json", sessions)
    one = backtest.run(BASELINE, CANDIDATE, str(sessions), parts=1).to_json()
    assert backtest.run(BASELINE, CANDIDATE, str(sessions), executor=client, parts=3).to_json() == one
    assert '"sessions": 4' in one
