"""Windows and calendar periods across clock changes, against Python's
``zoneinfo`` (docs/rules.md §22): the engine reads a zone only through the
host's ``utc_offset(wall)``; here that is zoneinfo's offset, and the
answers are compared with a second computation that lists the zone's
offset changes first (every change found by sampling and bisection) and
reasons over the stretches between them.

Rules checked: a local time in a gap (a skipped hour) is the first instant
after the gap; a repeated local time happens twice, and a window that
opens in the repeated hour opens again; a day is from the moment local
time reaches its midnight (from before it, not by a jump back onto it) to
the moment it reaches the next one.

Moments are drawn with a fixed seed, half of them within two days of a
change, in the zones the reliability run named and in random others."""

from __future__ import annotations

import bisect
import random
from datetime import datetime, timezone
from typing import List, Optional, Sequence, Tuple
from zoneinfo import ZoneInfo, available_timezones

import pytest

import xyzalert
from xyzalert import Alert, Dispatch, History, Host, WhyCode

SEED = 20261206
DAY = 86400
#: Zones with gaps and repeats at awkward moments (midnight, 30 minutes, a whole day).
NAMED = ["America/New_York", "Europe/Berlin", "Europe/Dublin", "Antarctica/Troll", "Australia/Lord_Howe",
         "America/Santiago", "Asia/Tehran", "America/Havana", "America/St_Johns", "Pacific/Apia",
         "America/Asuncion", "Asia/Beirut", "Europe/London", "Australia/Sydney"]
#: 2005-01-01 .. 2030-01-01
SPAN = (1104537600, 1893456000)


class Zone:
    """A zone's offsets and the wall times at which they change."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.info = ZoneInfo(name)
        self.cache: dict = {}

    def offset(self, wall: float) -> float:
        second = int(wall // 1)
        if second not in self.cache:
            moment = datetime.fromtimestamp(second, tz=timezone.utc).astimezone(self.info)
            delta = moment.utcoffset()
            assert delta is not None
            self.cache[second] = delta.total_seconds()
        return float(self.cache[second])

    def changes(self, start: int, end: int) -> List[int]:
        """Every second in (start, end] at which the offset differs from the
        second before (offsets sampled every 6 hours: no zone changes twice
        within that)."""
        found = []
        previous, at = self.offset(start), start
        for probe in range(start + 6 * 3600, end + 6 * 3600, 6 * 3600):
            now = self.offset(probe)
            if now != previous:
                low, high = at, probe
                while high - low > 1:
                    middle = (low + high) // 2
                    if self.offset(middle) == previous:
                        low = middle
                    else:
                        high = middle
                found.append(high)
                previous = now
            at = probe
        return found

    def stretches(self, start: int, end: int) -> List[Tuple[int, float, float]]:
        """(first wall second, offset, offset before it) of each stretch of
        one offset from `start` to `end`."""
        result = [(start, self.offset(start), self.offset(start))]
        for change in self.changes(start, end):
            result.append((change, self.offset(change), result[-1][1]))
        return result


def reached(stretches: Sequence[Tuple[int, float, float]], end: int, local: float) -> List[float]:
    """The wall times at which local time arrives at `local` from before it."""
    times = []
    for index, (first, offset, before) in enumerate(stretches):
        last = stretches[index + 1][0] if index + 1 < len(stretches) else end
        if index > 0 and first + before <= local <= first + offset:
            times.append(float(first))  # a jump forward over it (or onto it)
        elif first < local - offset < last:
            times.append(local - offset)
    return times


# Windows: (days bit mask Monday first, from minute, to minute), as the engine reads them.
def inside(window: Tuple[int, int, int], local: float) -> bool:
    days, start, end = window
    number = local // DAY
    second = local - number * DAY
    weekday = int((number + 3) % 7)
    if start < end:
        return bool(days >> weekday & 1) and start * 60 <= second < end * 60
    return (bool(days >> weekday & 1) and second >= start * 60) or \
        (bool(days >> ((weekday + 6) % 7) & 1) and second < end * 60)


def opening(zone: Zone, windows: Sequence[Tuple[int, int, int]], wall: int) -> Optional[float]:
    """The first wall time after `wall` at which local time is in a window."""
    stretches = zone.stretches(wall - 2 * DAY, wall + 10 * DAY)
    candidates = [float(first) for first, _, _ in stretches[1:]]
    for first, offset, _ in stretches:
        for day in range(int((first + offset) // DAY) - 1, int((wall + offset) // DAY) + 11):
            for _, start, end in windows:
                for minute in (start, end % 1440):
                    candidates.append(day * DAY + minute * 60 - offset)
    for candidate in sorted(c for c in candidates if c > wall):
        # Only the wall times that really read the edge (or a change).
        local = candidate + zone.offset(candidate)
        if any(inside(window, local) for window in windows):
            return candidate
    return None


def period(zone: Zone, wall: int, week: bool) -> Tuple[float, float]:
    """The local day (or week from Monday) holding `wall`, as wall times."""
    stretches = zone.stretches(wall - 9 * DAY, wall + 9 * DAY)
    local = wall + zone.offset(wall)
    number = local // DAY
    length = 1
    if week:
        number -= (number + 3) % 7
        length = 7
    starts = [t for t in reached(stretches, wall + 9 * DAY, number * DAY) if t <= wall]
    ends = [t for t in reached(stretches, wall + 9 * DAY, (number + length) * DAY) if t > wall]
    return max(starts), min(ends)


class ZoneHost(Host):
    def __init__(self, zone: Zone) -> None:
        self.zone = zone
        self.clock = 0.0
        self.shown: List[str] = []

    def now(self) -> float:
        return self.clock

    def utc_offset(self, wall: float) -> float:
        return self.zone.offset(wall)

    def show(self, alert, target, view):
        self.shown.append(alert.id)


def page(host: ZoneHost, start: int) -> Dispatch:
    home = Dispatch(host, name="home")
    home.history = History(lambda: start + host.clock)
    home.page_did_appear()
    return home


def moments(rng: random.Random, zone: Zone, count: int) -> List[int]:
    """`count` wall seconds, half of them within two days of a change."""
    changes = zone.changes(*SPAN)
    found = []
    for index in range(count):
        if changes and index % 2 == 0:
            found.append(rng.choice(changes) + rng.randint(-2 * DAY, DAY // 2))
        else:
            found.append(rng.randint(*SPAN))
    return found


def zones(rng: random.Random) -> List[str]:
    others = sorted(name for name in available_timezones() if "/" in name and not name.startswith(("Etc/", "posix/", "right/")))
    return NAMED + rng.sample(others, 16)


def random_window(rng: random.Random, zone: Zone, wall: int) -> Tuple[int, int, int]:
    """A window; most of them start near the local time of a change close
    to `wall` (in the gap, in the repeat, at its edges)."""
    near = [c for c in zone.changes(wall - 2 * DAY, wall + 3 * DAY)]
    if near and rng.random() < 0.7:
        change = rng.choice(near)
        local = change + zone.offset(change - 1)  # the local time the change leaves
        start = (int(local % DAY) // 60 + rng.choice([-90, -60, -30, -15, 0, 15, 30, 45, 60])) % 1440
    else:
        start = rng.choice([0, 30, 60, 90, 120, 150, 180, 1380, 1410]) if rng.random() < 0.7 else rng.randrange(1440)
    end = (start + rng.choice([15, 30, 60, 90, 150, 600])) % 1440 or 1440
    days = rng.randrange(1, 128)
    return days, start, end


def as_window(window: Tuple[int, int, int]) -> dict:
    days, start, end = window
    return {"days": [name for bit, name in enumerate(xyzalert.windows.DAYS) if days >> bit & 1],
            "from": f"{start // 60:02d}:{start % 60:02d}", "to": f"{end // 60:02d}:{end % 60:02d}"}


def test_the_next_opening_of_windows_matches_zoneinfo():
    rng = random.Random(SEED)
    cases = mismatches = 0
    failures = []
    for name in zones(rng):
        zone = Zone(name)
        for wall in moments(rng, zone, 16):
            windows = [random_window(rng, zone, wall) for _ in range(rng.choice([1, 1, 2]))]
            expected = opening(zone, windows, wall)
            host = ZoneHost(zone)
            home = page(host, wall)
            alert = Alert("a")
            alert.windows = [as_window(w) for w in windows]
            home.add(alert)
            cases += 1
            if expected is not None and expected - wall > 7 * DAY:
                continue  # beyond what the engine promises to look at (8 days of edges)
            if host.shown:
                got: Optional[float] = float(wall)  # open at `wall` itself: the oracle looks after it
                if any(inside(w, wall + zone.offset(wall)) for w in windows):
                    continue
            else:
                why = alert.why()
                assert why.code is WhyCode.OUTSIDE_WINDOW
                got = None if why.until is None else wall + why.until
            if got != expected:
                mismatches += 1
                failures.append(f"{name} at {wall} windows {windows}: engine {got}, zoneinfo {expected}")
            home.close()
    assert cases > 400
    assert not failures, f"seed {SEED}: {mismatches} of {cases} differ:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("week", [False, True], ids=["day", "week"])
def test_calendar_periods_match_zoneinfo(week):
    rng = random.Random(SEED + week)
    failures = []
    cases = 0
    for name in zones(rng):
        zone = Zone(name)
        for later in moments(rng, zone, 12):
            first = later - rng.randint(0, (8 if week else 2) * DAY)
            start, end = period(zone, later, week)
            host = ZoneHost(zone)
            home = page(host, first)
            shown = Alert("tip")
            shown.add_limit(1, "week" if week else "day")
            home.add(shown)
            shown.dismiss()
            host.clock = float(later - first)
            home.tick()
            again = Alert("tip")
            again.add_limit(1, "week" if week else "day")
            again.on_capped = "wait"
            home.add(again)
            why = again.why()
            cases += 1
            same = start <= first
            got = (why.code is WhyCode.CAPPED, None if why.until is None else later + why.until)
            want = (same, end if same else None)
            if not same and again.state is not xyzalert.State.SHOWING:
                failures.append(f"{name}: shown at {first}, again at {later}: engine {why.code}, zoneinfo a new period from {start}")
            elif same and got != want:
                failures.append(f"{name}: shown at {first}, again at {later}: engine {got}, zoneinfo {want} (period {start}..{end})")
            home.close()
    assert cases > 300
    assert not failures, f"seed {SEED + week}: {len(failures)} of {cases} differ:\n" + "\n".join(failures[:20])


def test_the_oracle_itself_knows_the_gaps_and_repeats():
    """The second computation on the two cases the issue names (so that a
    mistake shared by both computations would show here)."""
    santiago = Zone("America/Santiago")
    saturday = 1725753600  # 2024-09-07 20:00 -04, before the midnight that is skipped
    assert period(santiago, saturday, False)[1] == saturday + 4 * 3600  # 01:00 -03 on Sunday
    new_york = Zone("America/New_York")
    assert opening(new_york, [(64, 150, 240)], 1741500000) == 1741500000 + 3600  # sun 02:30-04:00: 03:00 EDT
    assert opening(new_york, [(64, 60, 90)], 1762062300) == 1762062300 + 900  # sun 01:00-01:30: 01:00 EST
