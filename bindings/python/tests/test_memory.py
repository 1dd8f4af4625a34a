"""Creating and releasing 100,000 alerts, with host callbacks attached,
leaves resident memory flat."""

import gc
import os

import xyzalert
from xyzalert import Alert


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class CountingHost(xyzalert.Host):
    def __init__(self):
        self.shown = 0
        self.finished = 0

    def show(self, alert, target, view):
        self.shown += 1
        alert.note = "drawn"  # host data on the wrapper

    def finish(self, alert, reason):
        self.finished += 1


def cycle(home, count):
    for i in range(count):
        alert = Alert(f"a{i % 7}", title="Hello", actions=[("ok", "OK")], meta={"n": i})
        home.add(alert)
        alert.trigger_action(0)


def test_100000_alerts_leave_memory_flat():
    host = CountingHost()
    with xyzalert.Dispatch(host, name="home") as home:
        home.page_did_appear()
        cycle(home, 10_000)  # warm up caches and allocator pools
        gc.collect()
        before = resident_bytes()
        cycle(home, 100_000)
        gc.collect()
        after = resident_bytes()
    assert host.shown == host.finished == 110_000
    growth = after - before
    assert growth < 4 * 1024 * 1024, f"resident memory grew by {growth / 1e6:.1f} MB"
