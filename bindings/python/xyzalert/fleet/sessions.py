"""One user's events made into a session file (a scenario that replays
as a recording does): pages, the wall clock, local time, the policy the
app ran, and the steps (docs/fleet.md, "Sessions from events")."""

from __future__ import annotations

import functools
import json
import zoneinfo
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .events import Event
from .mapping import Mapping

#: The errors a summary names one by one (the rest are counted).
ERRORS_KEPT = 100
#: The unmapped names a summary counts one by one, the most frequent first.
NAMES_KEPT = 20
#: A scenario's UTC offsets lie within this many seconds of UTC.
_MAX_OFFSET = 64_800


@dataclass
class Summary:
    """What a conversion did: `records` read, `users` and `sessions`
    written, `steps` made, each event that could not be placed counted by
    kind in `skipped` (``malformed``, ``no_user``, ``bad_timestamp``,
    ``duplicate``, ``ignored`` (calls other than track, screen, page and
    identify), ``unmapped_event``, ``unmapped_screen``, ``unkept_traits``,
    ``unknown_alert``, ``unknown_action``), the unmapped event and screen
    names by count, and the first errors located (``FILE:LINE: ...``)."""

    records: int = 0
    users: int = 0
    sessions: int = 0
    steps: int = 0
    skipped: Dict[str, int] = field(default_factory=dict)
    unmapped: Dict[str, int] = field(default_factory=dict)
    errors: List[str] = field(default_factory=list)

    def skip(self, kind: str, name: Optional[str] = None) -> None:
        """Counts one event of `kind` (and its `name`, when unmapped)."""
        self.skipped[kind] = self.skipped.get(kind, 0) + 1
        if name is not None:
            self.unmapped[name] = self.unmapped.get(name, 0) + 1

    def error(self, where: str, message: str) -> None:
        """Names an error (up to ERRORS_KEPT of them)."""
        if len(self.errors) < ERRORS_KEPT:
            self.errors.append(f"{where}: {message}")

    def to_dict(self) -> Dict[str, Any]:
        """The summary as the tool prints it (JSON)."""
        names = sorted(self.unmapped.items(), key=lambda kv: (-kv[1], kv[0]))[:NAMES_KEPT]
        return {"records": self.records, "users": self.users, "sessions": self.sessions, "steps": self.steps,
                "skipped": dict(sorted(self.skipped.items())), "unmapped": dict(names), "errors": self.errors}


@functools.lru_cache(maxsize=256)
def _known_zone(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
        return True
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        return False


def _seconds(value: float) -> float:
    """A duration to the millisecond, as collected timestamps hold it."""
    rounded = round(value, 3)
    return int(rounded) if rounded == int(rounded) else rounded


def session_of(user: str, events: List[Event], mapping: Mapping, summary: Summary) -> Dict[str, Any]:
    """The session file of `user`'s `events` (sorted by time, then input
    order; duplicates by message id already dropped)."""
    first = events[0]
    doc: Dict[str, Any] = {"version": 1, "pages": mapping.pages, "wall_clock": _seconds(first.at)}
    zone = next((e.zone for e in events if e.zone), None)
    if zone and _known_zone(zone):
        doc["time_zone"] = zone
    elif abs(first.offset) <= _MAX_OFFSET:
        doc["utc_offset"] = first.offset
    doc.update(mapping.policy)
    doc["attributes"] = {"user_id": user}
    steps: List[Dict[str, Any]] = [{"appear": mapping.root}]
    place = _Place(mapping, steps)
    previous = 0.0
    sessions = 1
    for k, event in enumerate(events):
        now = event.at - first.at
        gap = _seconds(now - previous)
        opened = event.kind == "track" and event.name == mapping.opened
        if k > 0 and (gap > mapping.gap or opened):
            place.leave()
            _advance(steps, gap)
            steps += [{"session": {}}, {"appear": mapping.root}]
            sessions += 1
        else:
            _advance(steps, gap)
        previous = now
        place.event(event, summary)
    summary.sessions += sessions
    summary.steps += len(steps)
    doc["steps"] = steps
    return doc


def _advance(steps: List[Dict[str, Any]], seconds: float) -> None:
    """Moves the clock on: the last step, when it is an advance already
    (an event that made no step), else a new one."""
    if seconds <= 0:
        return
    if "advance" in steps[-1]:
        steps[-1]["advance"] = _seconds(steps[-1]["advance"] + seconds)
    else:
        steps.append({"advance": seconds})


class _Place:
    """Where a user is (the screen's page) and the steps their events make."""

    def __init__(self, mapping: Mapping, steps: List[Dict[str, Any]]) -> None:
        self.mapping = mapping
        self.steps = steps
        self.screen: Optional[str] = None  # the child page on view

    def leave(self) -> None:
        """The app closed: its screen and root disappear."""
        if self.screen is not None:
            self.steps.append({"disappear": self.screen})
            self.screen = None
        self.steps.append({"disappear": self.mapping.root})

    def event(self, event: Event, summary: Summary) -> None:
        if event.kind == "screen":
            self._screen(event, summary)
        elif event.kind == "identify":
            kept = [name for name in self.mapping.traits if name in event.data]
            if not kept:
                summary.skip("unkept_traits")
            for name in kept:
                self.steps.append({"set_attribute": {"name": name, "value": event.data[name]}})
        elif event.name in self.mapping.reactions:
            self._reaction(event, summary)
        elif event.name in self.mapping.events:
            rule = self.mapping.events[event.name]
            data = event.data if rule.props is None else {p: event.data[p] for p in rule.props if p in event.data}
            self.steps.append({"track": {"page": self.mapping.root, "event": rule.event, "props": data}})
        elif event.name != self.mapping.opened:
            summary.skip("unmapped_event", f"event {event.name}")

    def _screen(self, event: Event, summary: Summary) -> None:
        page = self.mapping.screens.get(event.name or "")
        if page is None:
            summary.skip("unmapped_screen", f"screen {event.name}")
            return
        if page == self.screen or (page == self.mapping.root and self.screen is None):
            return
        if self.screen is not None:
            self.steps.append({"disappear": self.screen})
        self.screen = None if page == self.mapping.root else page
        if self.screen is not None:
            self.steps.append({"appear": self.screen})

    def _reaction(self, event: Event, summary: Summary) -> None:
        kind, rule = self.mapping.reactions[event.name or ""]
        alert = event.data.get(rule.alert)
        actions = self.mapping.actions.get(alert) if isinstance(alert, str) else None
        if actions is None:
            summary.skip("unknown_alert")
            return
        if kind != "action":
            self.steps.append({kind: alert})
            return
        chosen = event.data.get(rule.index or "")
        if isinstance(chosen, str) and chosen in actions:
            index: Any = actions.index(chosen)
        elif isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < len(actions):
            index = chosen
        else:
            summary.skip("unknown_action")
            return
        self.steps.append({"action": {"alert": alert, "index": index}})


def session_text(doc: Dict[str, Any]) -> str:
    """A session file's compact JSON text (one line)."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), default=str)
