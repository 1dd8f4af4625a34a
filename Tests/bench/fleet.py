"""Fleet data's speed and memory (docs/performance.md, "Fleet data"),
measured side by side in one run: collected events (scripts/make-events)
made into sessions, per core, and peak memory at 10x the events; the
synthetic fleet (scripts/make-fleet) replayed by xyzalert.backtest.run on
a Dask LocalCluster of two worker processes against the local executor
with two processes, and on one worker against two.

Usage: python Tests/bench/fleet.py TOOL [--events N] [--ten-million]
(TOOL: the shipped build's xyzalert; XYZALERT_LIBRARY names the library;
the Python running it needs Dask: the tools' venv). --ten-million makes
sessions of 1,000,000 and 10,000,000 events instead (make bench-backtest).
Prints one line per figure with its target."""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / ".build" / "bench-fleet"
MAPPING = REPO / "examples" / "backtest" / "mapping.json"
BASELINE = str(REPO / "examples" / "backtest" / "baseline.json")
CANDIDATE = str(REPO / "examples" / "backtest" / "tighter-cap.json")
EVENTS_PER_USER = 33  # about, from scripts/make-events


def made(script, users, suffix):
    """The file of `script` for `users` users (made once, kept)."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"{script}-{users}{suffix}"
    if not path.exists():
        scratch = path.with_name(path.name + ".part")
        subprocess.run([sys.executable, str(REPO / "scripts" / script), "--users", str(users), "--out", str(scratch)],
                       check=True)
        scratch.rename(path)
    return path


def ingest(events):
    """Seconds, peak resident kB and records of one conversion (its own process)."""
    out = FOLDER / "sessions.jsonl"
    command = ["/usr/bin/time", "-f", "%M", sys.executable, "-m", "xyzalert.fleet", "sessions", "--mapping",
               str(MAPPING), str(events), "--out", str(out)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=True,
                            cwd=REPO / "bindings" / "python")
    seconds = time.perf_counter() - start
    out.unlink()
    records = int(result.stdout.split('"records": ')[1].split(",")[0])
    return seconds, int(result.stderr.strip().splitlines()[-1]), records


def ingestion(small_users, large_users):
    small = made("make-events", small_users, ".jsonl")
    large = made("make-events", large_users, ".jsonl")
    seconds, peak_small, records = ingest(small)
    print(f"fleet: {records / seconds:,.0f} events/s per core made into sessions ({records:,} events)")
    seconds_large, peak_large, records_large = ingest(large)
    print(f"fleet: {records_large:,} events in {seconds_large:.0f} s, peak {peak_large // 1024} MB, "
          f"{peak_large / peak_small:.2f}x the peak at {records:,} ({peak_small // 1024} MB; target flat once "
          f"past the partition budget, 32 MB of text; at most 2 GB at 10,000,000)")


def timed(run):
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def dask(tool):
    import distributed

    from xyzalert import backtest

    os.environ["XYZALERT_CLI"] = tool
    # The shipped tool finds the library beside it (its run path is an
    # installation's ../lib): XYZALERT_LIBRARY's directory.
    if os.environ.get("XYZALERT_LIBRARY"):
        os.environ["LD_LIBRARY_PATH"] = os.path.dirname(os.path.abspath(os.environ["XYZALERT_LIBRARY"]))
    os.environ["PYTHONPATH"] = str(REPO / "bindings" / "python")
    corpus = str(made("make-fleet", 16000, ".jsonl"))
    parts = 8

    def local():
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            return backtest.run(BASELINE, CANDIDATE, corpus, executor=pool, parts=parts, progress=False).to_json()

    def on(client):
        return lambda: backtest.run(BASELINE, CANDIDATE, corpus, executor=client, parts=parts, progress=False).to_json()

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as two, \
            distributed.Client(two) as client_two:
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as one, distributed.Client(one) as client_one:
            assert on(client_two)() == local()
            local_s = min(timed(local) for _ in range(3))
            two_s = min(timed(on(client_two)) for _ in range(3))
            one_s = min(timed(on(client_one)) for _ in range(3))
    print(f"fleet: Dask with 2 workers takes {two_s / local_s:.2f}x the local executor with 2 processes "
          f"({two_s:.2f} s, {local_s:.2f} s; 16,000 users in {parts} parts; target at most 1.3x)")
    print(f"fleet: Dask's 2 workers are {one_s / two_s:.2f}x one worker (target at least 1.7x)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tool")
    parser.add_argument("--ten-million", action="store_true")
    options = parser.parse_args()
    sys.path.insert(0, str(REPO / "bindings" / "python"))
    if options.ten_million:
        ingestion(1_000_000 // EVENTS_PER_USER, 10_000_000 // EVENTS_PER_USER)
        return
    ingestion(100_000 // EVENTS_PER_USER, 1_000_000 // EVENTS_PER_USER)
    dask(os.path.abspath(options.tool))


if __name__ == "__main__":
    main()
