"""Python costs, printed by `make bench`: one add -> show -> dismiss cycle
through the bindings, for a host that overrides `show` only and for one that
overrides `show` and `finish` (as every real host does), beside a bare ctypes
call to a trivial function (the floor of any binding call), and their
ratios (target: at most 40 bare calls each). `make bench` runs it on the
shipped library, the one the wheel carries; best of 15 short runs each,
alternately, so that a burst of noise on a shared machine spoils one run
of each and not the figure.

``bench.py --loop KIND COUNT`` (KIND: show, finish, bare) runs COUNT of one
loop and prints nothing, for counting instructions: run it under callgrind
with two counts and divide the difference (docs/performance.md)."""

import ctypes
import os
import sys
import time

import xyzalert
from xyzalert import _lib


def best_of(runs, count, body):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        body(count)
        best = min(best, time.perf_counter() - start)
    return best / count * 1e9


def cycles_on(page):
    def cycles(count):
        for _ in range(count):
            alert = xyzalert.Alert("top", priority=100, exclusive=xyzalert.Exclusive.COVER)
            page.add(alert)
            alert.dismiss()
    return cycles


def bare_calls(count):
    version = ctypes.CDLL(_lib.lib._name).xyz_version  # no errcheck: the floor of any binding call
    version.restype = ctypes.c_int
    for _ in range(count):
        version()


class Screen(xyzalert.Host):
    def show(self, alert, target, view):
        pass


class FullScreen(Screen):
    def finish(self, alert, reason):
        pass


def page(host, name):
    made = xyzalert.Dispatch(host, name=name)
    made.page_did_appear()
    made.add(xyzalert.Alert("base"))
    return made


home, full = page(Screen(), "bench"), page(FullScreen(), "bench-finish")
if sys.argv[1:2] == ["--loop"]:
    kind, count = sys.argv[2], int(sys.argv[3])
    {"show": cycles_on(home), "finish": cycles_on(full), "bare": bare_calls}[kind](count)
    sys.exit(0)
print(f"Python bindings ({os.path.basename(_lib.lib._name)}; best of 15, measured alternately)")
cycle, cycle_full, bare = float("inf"), float("inf"), float("inf")
for _ in range(15):
    cycle = min(cycle, best_of(1, 10_000, cycles_on(home)))
    cycle_full = min(cycle_full, best_of(1, 10_000, cycles_on(full)))
    bare = min(bare, best_of(1, 100_000, bare_calls))
print(f"  add -> show -> dismiss cycle:       {cycle:10.0f} ns  (host overrides show)")
print(f"  the same, host overrides finish too:{cycle_full:10.0f} ns")
print(f"  bare ctypes call (xyz_version):     {bare:10.0f} ns")
for label, value in (("cycle / bare call:", cycle), ("with finish / bare call:", cycle_full)):
    calls = value / bare
    verdict = "ok, at most 40" if calls <= 40 else "NOT MET, target: at most 40"
    print(f"  {label:<36}{calls:10.1f}  ({verdict})")
home.close()
full.close()
