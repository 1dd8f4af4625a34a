"""Windows and excludes of alerts (docs/rules.md §22): when, in the user's
local time, an alert may be selected to show."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from typing import Any, List, Mapping, Sequence, Tuple, Union

from . import _lib

lib = _lib.lib

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_TIME = re.compile(r"([0-9]{2}):([0-9]{2})\Z")


@dataclass(frozen=True)
class Window:
    """Open on `days` (names "mon" ... "sun"; all seven by default) from
    `start` to `end` ("HH:MM"; `end` exclusive, up to "24:00"; a `start`
    after `end` wraps past midnight and belongs to the day of its start).
    Alert sets write `start` and `end` as "from" and "to"."""

    start: str
    end: str
    days: Tuple[str, ...] = DAYS


#: A window as :class:`Window` or as alert sets write it: ``{"days": [...], "from": "HH:MM", "to": "HH:MM"}``.
WindowLike = Union[Window, Mapping[str, Any]]


def _minutes(text: Any, what: str) -> int:
    match = _TIME.match(text) if isinstance(text, str) else None
    if not match:
        raise ValueError(f"a window's {what} must be a time \"HH:MM\", got {text!r}")
    return int(match.group(1)) * 60 + int(match.group(2))


def _words(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def window_of(value: WindowLike) -> Window:
    """`value` as a :class:`Window`; a mapping takes the keys "days", "from", "to"."""
    if isinstance(value, Window):
        return value
    if not isinstance(value, Mapping):
        raise TypeError(f"a window must be a Window or a mapping with \"from\" and \"to\", got {type(value).__name__}")
    unknown = set(value) - {"days", "from", "to"}
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r} in a window (known: \"days\", \"from\", \"to\")")
    if "from" not in value or "to" not in value:
        raise ValueError("a window needs \"from\" and \"to\" (\"HH:MM\")")
    days = value.get("days", DAYS)
    if isinstance(days, str) or not isinstance(days, Sequence):
        raise TypeError(f"a window's days must be a list of day names, got {type(days).__name__}")
    return Window(value["from"], value["to"], tuple(days))


def arguments(window: Window) -> Tuple[int, int, int]:
    """(days mask, from, to) for the C calls; ValueError for unknown days or bad times."""
    mask = 0
    for day in window.days:
        if day not in DAYS:
            raise ValueError(f"unknown day {day!r} (days are {', '.join(DAYS)})")
        mask |= 1 << DAYS.index(day)
    return mask, _minutes(window.start, "from"), _minutes(window.end, "to")


def read(handle: Any, exclude: bool) -> List[Window]:
    """The windows (or excludes) of the alert `handle`."""
    days, start, end = ctypes.c_uint(), ctypes.c_int(), ctypes.c_int()
    found = []
    for i in range(lib.xyz_alert_window_count(handle, exclude)):
        lib.xyz_alert_window(handle, exclude, i, ctypes.byref(days), ctypes.byref(start), ctypes.byref(end))
        names = tuple(name for bit, name in enumerate(DAYS) if days.value & (1 << bit))
        found.append(Window(_words(start.value), _words(end.value), names))
    return found


def replace(handle: Any, windows: Sequence[Window], exclude: Sequence[Window]) -> None:
    """Sets both lists; on an error the alert keeps the lists it had."""
    new = [arguments(w) for w in windows], [arguments(w) for w in exclude]
    old = [arguments(w) for w in read(handle, False)], [arguments(w) for w in read(handle, True)]

    def apply(lists: Tuple[List[Tuple[int, int, int]], List[Tuple[int, int, int]]]) -> None:
        lib.xyz_alert_clear_windows(handle)
        for entry in lists[0]:
            lib.xyz_alert_add_window(handle, *entry)
        for entry in lists[1]:
            lib.xyz_alert_add_exclude(handle, *entry)

    try:
        apply(new)
    except BaseException:
        if lib.xyz_alert_window_count(handle, False) or lib.xyz_alert_window_count(handle, True) or old[0] or old[1]:
            try:
                apply(old)
            except Exception:  # the alert is no longer idle: it kept its lists (the clear failed first)
                pass
        raise
