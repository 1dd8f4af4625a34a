"""Python costs, printed by `make bench`: one add -> show -> dismiss cycle
through the bindings, beside a bare ctypes call to a trivial function (the
floor of any binding call), and their ratio (target: at most 40 bare calls)."""

import ctypes
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


def cycles(count):
    for _ in range(count):
        alert = xyzalert.Alert("top", priority=100, exclusive=xyzalert.Exclusive.COVER)
        home.add(alert)
        alert.dismiss()


def bare_calls(count):
    version = ctypes.CDLL(_lib.lib._name).xyz_version  # no errcheck: the floor of any binding call
    version.restype = ctypes.c_int
    for _ in range(count):
        version()


class Screen(xyzalert.Host):
    def show(self, alert, target, view):
        pass


home = xyzalert.Dispatch(Screen(), name="bench")
home.page_did_appear()
home.add(xyzalert.Alert("base"))
print("Python bindings (best of 5, measured alternately)")
cycle, bare = float("inf"), float("inf")
for _ in range(5):
    cycle = min(cycle, best_of(1, 20_000, cycles))
    bare = min(bare, best_of(1, 200_000, bare_calls))
print(f"  add -> show -> dismiss cycle:       {cycle:10.0f} ns")
print(f"  bare ctypes call (xyz_version):     {bare:10.0f} ns")
calls = cycle / bare
verdict = "ok, at most 40" if calls <= 40 else "NOT MET, target: at most 40"
print(f"  cycle / bare call:                  {calls:10.1f}  ({verdict})")
home.close()
