"""The trace of a scenario played through the bindings (docs/rules.md
§10): the host every page of a :class:`ScenarioPlayer` has, which traces
each event as ``xyzalert simulate --format json`` prints it, and the trace
itself (events, virtual clock, local time, the latest instance of each
alert name)."""

from __future__ import annotations

import bisect
import datetime
import math
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from ._declarations import lib
from ._enums import CampaignEvent, EndReason, HideReason, Politeness, State
from .alert import Alert
from .host import Host

if TYPE_CHECKING:
    from .dispatch import Dispatch

Event = Dict[str, Any]


class _TraceHost(Host):
    """Traces one page's events, then hands each to the page's observer."""

    def __init__(self, page: str, trace: "_Trace", deferred: bool, observer: Optional[Host]) -> None:
        self.page = page
        self.trace = trace
        self.deferred = deferred
        self.observer = observer if observer is not None else Host()  # its methods do nothing

    def now(self) -> float:
        return self.trace.clock

    def utc_offset(self, wall: float) -> float:
        """The scenario's local time (docs/rules.md §22): its utc_offset, its
        time_zone through zoneinfo, else UTC."""
        return self.trace.utc_offset(wall)

    def show(self, alert: Alert, target: str, view: Any) -> None:
        self.trace.touched.add(self.page)
        lane = alert.lane
        extra = {} if lane == "main" else {"lane": lane}
        self.trace.emit("show", alert=self.trace.name(alert), page=self.page, target=target, **extra)
        self.observer.show(alert, target, view)

    def hide(self, alert: Alert, reason: HideReason) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("hide", alert=self.trace.name(alert), reason=reason.name.lower())
        self.observer.hide(alert, reason)

    def unhide(self, alert: Alert) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("unhide", alert=self.trace.name(alert))
        self.observer.unhide(alert)

    def remove(self, alert: Alert, reason: EndReason) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("remove", alert=self.trace.name(alert), reason=reason.name.lower())
        self.observer.remove(alert, reason)

    def finish(self, alert: Alert, reason: EndReason) -> None:
        self.trace.touched.add(self.page)
        word = reason.name.lower()
        why = alert.explain() if self.trace.explain else None
        if why is not None and why != f"'{self.trace.name(alert)}' finished: {word}":
            self.trace.emit("finish", alert=self.trace.name(alert), reason=word, why=why)
        else:
            self.trace.emit("finish", alert=self.trace.name(alert), reason=word)
        self.observer.finish(alert, reason)

    def move(self, alert: Alert, dy: float, duration: float) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("move", alert=self.trace.name(alert), dy=dy, duration=duration)
        self.observer.move(alert, dy, duration)

    def action(self, alert: Alert, index: int, action_id: str) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("action", alert=self.trace.name(alert), action=action_id)
        self.observer.action(alert, index, action_id)

    def update(self, alert: Alert) -> None:
        self.trace.touched.add(self.page)
        count = alert.occurrence_count
        if count > 1:  # a coalesced alert's update carries its occurrence count
            self.trace.emit("update", alert=self.trace.name(alert), count=count)
        else:
            self.trace.emit("update", alert=self.trace.name(alert))
        self.observer.update(alert)

    def announce(self, alert: Alert, politeness: Politeness, text: str) -> None:
        self.trace.touched.add(self.page)
        self.trace.emit("announce", alert=self.trace.name(alert), politeness=politeness.name.lower(), text=text)
        self.observer.announce(alert, politeness, text)

    def campaign(self, root: "Dispatch", campaign: str, kind: CampaignEvent, reason: Optional[str],
                 alert: Optional[Alert]) -> None:
        self.trace.touched.add(self.page)
        if alert is not None and kind == CampaignEvent.TRIGGER:  # later steps act on the instance, by its definition's name
            name = lib.xyz_alert_campaign_definition(alert._handle).decode("utf-8")
            current = self.trace.latest.get(name)
            if current is not None and current.state != State.FINISHED:
                self.trace.older[name] = current  # see ScenarioPlayer._instance
            self.trace.latest[name] = alert
        variant = alert.variant if alert is not None else None
        detail = None
        if self.trace.explain and kind in (CampaignEvent.SKIP, CampaignEvent.MISS):
            detail = root.campaign_why(campaign).detail
        if reason is not None and detail is not None:
            self.trace.emit(kind.name.lower(), alert=campaign, reason=reason, why=detail)
        elif reason is not None:
            self.trace.emit(kind.name.lower(), alert=campaign, reason=reason)
        elif variant is not None:
            self.trace.emit(kind.name.lower(), alert=campaign, variant=variant)
        else:
            self.trace.emit(kind.name.lower(), alert=campaign)
        self.observer.campaign(root, campaign, kind, reason, alert)


class _Trace:
    def __init__(self) -> None:
        self.events: List[Event] = []
        self.names = {}
        self.step = 0
        self.quiet = False
        #: Campaign misses traced, and why a skip, miss or finish happened.
        self.explain = False
        #: The virtual clock (docs/rules.md §12): scenarios never depend on the machine's speed.
        self.clock = 0.0
        #: The pages that had an event since `_advance` last looked: only their
        #: deadlines can have changed.
        self.touched: set = set()
        #: The latest instance of each alert name (campaigns add some).
        self.latest: Dict[str, Alert] = {}
        #: For a campaign's alert: the instance before the latest, while it
        #: was not finished when the latest came.
        self.older: Dict[str, Alert] = {}
        #: The scenario's local time (docs/rules.md §22): a fixed offset, or a zone.
        self.fixed_offset: Optional[float] = None
        self.zone: Any = None
        #: Or offsets that change ("utc_offsets"): their walls, their offsets.
        self.change_walls: List[float] = []
        self.change_offsets: List[float] = []

    def utc_offset(self, wall: float) -> float:
        if self.fixed_offset is not None:
            return self.fixed_offset
        if self.change_walls:
            return self.change_offsets[max(bisect.bisect_right(self.change_walls, wall) - 1, 0)]
        if self.zone is None or not -1e15 < wall < 1e15:
            return 0.0
        moment = datetime.datetime.fromtimestamp(math.floor(wall), datetime.timezone.utc)
        offset = moment.astimezone(self.zone).utcoffset()
        return offset.total_seconds() if offset is not None else 0.0

    #: The scenario's name of each alert without id, by its handle (the tool
    #: prints it where an alert with an id prints the id).
    names: Dict[int, str]

    def name(self, alert: Alert) -> str:
        return alert.id if alert.id is not None else self.names.get(alert._handle, "")

    def emit(self, event: str, **fields: Any) -> None:
        if not self.quiet:
            self.events.append({"step": self.step, "event": event, **fields})

    def error(self, code: str, message: str) -> None:
        self.emit("error", code=code, message=message)
