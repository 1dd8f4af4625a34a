"""Backtests' speed and memory (docs/performance.md, "Backtests"), measured
side by side in one run: the synthetic fleet of scripts/make-fleet replayed
under examples/backtest's baseline and tighter cap, by the tool in one and
in two jobs and by Python's run; peak memory at 10x the users.

Usage: python3 Tests/bench/backtest.py TOOL [--users N] [--million]
(TOOL: the shipped build's xyzalert; XYZALERT_LIBRARY and XYZALERT_CLI for
Python's run). --million replays 1,000,000 users in 2 jobs (make
bench-backtest). Prints one line per figure with its target."""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BASELINE = "examples/backtest/baseline.json"
CANDIDATE = "examples/backtest/tighter-cap.json"
FOLDER = REPO / ".build" / "bench-backtest"
# The shipped tool finds the library beside it (its run path is an
# installation's ../lib): XYZALERT_LIBRARY's directory.
ENV = dict(os.environ)
if os.environ.get("XYZALERT_LIBRARY"):
    ENV["LD_LIBRARY_PATH"] = os.path.dirname(os.path.abspath(os.environ["XYZALERT_LIBRARY"]))


def fleet(users, seed=1):
    """The fleet's file of `users` users (made once, kept)."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"fleet-{users}-{seed}.jsonl"
    if not path.exists():
        scratch = path.with_suffix(".part")
        subprocess.run([sys.executable, str(REPO / "scripts" / "make-fleet"), "--users", str(users), "--seed",
                        str(seed), "--out", str(scratch)], check=True)
        scratch.rename(path)
    return str(path)


def replay(tool, corpus, jobs=1):
    """Seconds and peak resident kB of one run of the tool (GNU time's %M)."""
    command = ["/usr/bin/time", "-f", "%M", tool, "backtest", "--baseline", BASELINE, "--candidate", CANDIDATE,
               "--jobs", str(jobs), "--format", "json", *corpus]
    start = time.perf_counter()
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True, env=ENV)
    return time.perf_counter() - start, int(result.stderr.strip().splitlines()[-1])


def best(runs, measure):
    return min((measure() for _ in range(runs)), key=lambda r: r[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tool")
    parser.add_argument("--users", type=int, default=4000)
    parser.add_argument("--million", action="store_true")
    options = parser.parse_args()
    tool = os.path.abspath(options.tool)
    corpus = fleet(options.users)
    if options.million:
        ten = fleet(100_000)
        seconds, peak = replay(tool, [ten] * 10, jobs=2)
        print(f"backtest: 1,000,000 users (100,000 x 10) in 2 jobs: {seconds:.0f} s, peak {peak // 1024} MB "
              f"(target at most 300 s, goal 120 s)")
        return
    one, _ = best(3, lambda: replay(tool, [corpus], 1))
    two, _ = best(3, lambda: replay(tool, [corpus], 2))
    rate = options.users / one
    print(f"backtest: {rate:,.0f} users/s per core, both policies, {options.users} users of about 100 steps "
          f"(target at least 2,000, goal 10,000)")
    print(f"backtest: --jobs 2 is {one / two:.2f}x --jobs 1 (target at least 1.7x)")
    sys.path.insert(0, str(REPO / "bindings" / "python"))
    os.environ.update(ENV)
    os.environ["XYZALERT_CLI"] = tool
    from xyzalert import backtest

    def python_run():
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            backtest.run(str(REPO / BASELINE), str(REPO / CANDIDATE), corpus, executor=pool, parts=1).to_json()
        return time.perf_counter() - start, 0

    py, _ = best(3, python_run)
    print(f"backtest: Python's run is {py / one:.2f}x the tool per core (target at most 1.5x)")
    small = fleet(10_000)
    _, peak_small = replay(tool, [small], 1)
    _, peak_large = replay(tool, [small] * 10, 1)
    print(f"backtest: peak memory at 100,000 users is {peak_large / peak_small:.2f}x the peak at 10,000 "
          f"({peak_large // 1024} MB, {peak_small // 1024} MB; target at most 1.2x)")


if __name__ == "__main__":
    main()
