"""Scenarios loaded from JSON (docs/formats.md, "Scenarios"): pages,
alerts and steps, which :class:`ScenarioPlayer` plays."""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _check, _lib
from ._enums import ActionStyle, OnFull, Order, StepKind
from ._handle import Handle
from .alert import Action
from .alert_set import AlertSet, _json_text

lib = _lib.lib


@dataclass(frozen=True)
class Page:
    name: str
    parent: Optional[str]
    active: Optional[str]
    #: The dispatch's capacity (0: no limit).
    capacity: int = 0
    #: As a root (docs/rules.md §17): its duration scale (infinity: never)
    #: and its lanes' gaps in seconds.
    duration_scale: float = 1.0
    gaps: Dict[str, float] = field(default_factory=dict)
    #: docs/rules.md §19: its tie-break order, and as a root its lanes'
    #: limits: lane -> (visible, on_full).
    order: Order = Order.FIFO
    lanes: Dict[str, Tuple[int, OnFull]] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One step; fields a kind does not use are None."""

    kind: StepKind
    page: Optional[str] = None
    child: Optional[str] = None
    alert: Optional[str] = None
    alerts: Tuple[str, ...] = ()
    index: int = 0
    frame: Optional[Tuple[float, float, float, float]] = None
    duration: float = 0.0
    #: cancel_tagged: the tag (None: every alert).
    tag: Optional[str] = None
    #: update: the fields it sets, in the order the setters run ("title",
    #: "message", "style", "clear_actions", "add_action", "meta"), and their
    #: values (title, message and meta None when set to null).
    sets: Tuple[str, ...] = ()
    title: Optional[str] = None
    message: Optional[str] = None
    style: Optional[str] = None
    action: Optional[Action] = None
    meta: Optional[str] = None
    #: A recording's: the virtual clock's time during the step, and for a
    #: call made from inside a callback, the event of the step around it.
    at: Optional[float] = None
    during: Optional[int] = None
    #: gap: the lane (its seconds in ``duration``); duration_scale: the scale.
    lane: Optional[str] = None
    scale: float = 0.0
    #: lane_limit: the lane in ``lane``, the visible count in ``index``, and
    #: what a full lane does; order: the page's order.
    on_full: OnFull = OnFull.QUEUE
    order: Order = Order.FIFO
    #: track: the event's name; set_attribute: the attribute's name (their
    #: JSON, the properties or the value, is in ``meta``).
    id: Optional[str] = None


@dataclass
class Scenario(Handle):
    """A validated scenario: pages, alerts (with pages) and steps."""

    pages: List[Page]
    deferred: bool
    alerts: AlertSet
    steps: List[Step] = field(default_factory=list)
    #: The "expect" lines ("STEP EVENT ALERT [DETAIL]"), None without a list.
    expect: Optional[List[str]] = None
    #: The history it starts from, as JSON text (None: an empty one), and
    #: the wall clock at virtual time 0 (docs/rules.md §16).
    history: Optional[str] = None
    wall_clock: float = 0.0
    #: The root pages' attributes before the first step, as JSON text
    #: (docs/rules.md §21), or None.
    attributes: Optional[str] = None
    #: The user's local time (docs/rules.md §22): a fixed offset in seconds
    #: east of UTC, or a zone of the system's database; neither: UTC.
    utc_offset: Optional[float] = None
    time_zone: Optional[str] = None
    #: Offsets that change, as a recording read them ("utc_offsets"):
    #: ``(wall, seconds)`` pairs, walls rising; before the first, its offset.
    utc_offsets: List[Tuple[float, float]] = field(default_factory=list)
    #: The alert sets its "set_campaigns" steps name, by path as written.
    campaign_sets: Dict[str, AlertSet] = field(default_factory=dict)
    _handle: int = 0

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Scenario":
        """Loads a scenario file; raises ParseError, SchemaError or ReadError
        with the file, line, column and JSON pointer."""
        return cls._read(_lib.load("xyz_scenario_load_file", _check.path(path, "path")))

    @classmethod
    def loads(cls, text: Union[str, bytes]) -> "Scenario":
        """Loads a scenario from JSON text (source "<string>"). It reads no
        file: a ``set_campaigns`` step is a SchemaError at the step."""
        data = _json_text(text)
        return cls._read(_lib.load("xyz_scenario_load_string", data, len(data)))

    @classmethod
    def _read(cls, handle: int) -> "Scenario":
        pages = [Page(lib.xyz_scenario_page_name(handle, i).decode("utf-8"),
                      _lib.decode(lib.xyz_scenario_page_parent(handle, i)),
                      _lib.decode(lib.xyz_scenario_page_active(handle, i)),
                      int(lib.xyz_scenario_page_capacity(handle, i)),
                      float(lib.xyz_scenario_page_duration_scale(handle, i)),
                      {lib.xyz_scenario_page_gap_lane(handle, i, k).decode("utf-8"): float(lib.xyz_scenario_page_gap(handle, i, k))
                       for k in range(lib.xyz_scenario_page_gap_count(handle, i))},
                      Order(lib.xyz_scenario_page_order(handle, i)),
                      {lib.xyz_scenario_page_lane_limit_lane(handle, i, k).decode("utf-8"):
                       (int(lib.xyz_scenario_page_lane_limit_visible(handle, i, k)),
                        OnFull(lib.xyz_scenario_page_lane_limit_on_full(handle, i, k)))
                       for k in range(lib.xyz_scenario_page_lane_limit_count(handle, i))})
                 for i in range(lib.xyz_scenario_page_count(handle))]
        steps = []
        for i in range(lib.xyz_scenario_step_count(handle)):
            raw = _lib.step_info(handle, i)
            kind = StepKind(raw.kind)
            frame = (raw.frame.x, raw.frame.y, raw.frame.width, raw.frame.height)
            steps.append(Step(kind, _lib.decode(raw.page), _lib.decode(raw.child), _lib.decode(raw.alert),
                              tuple(_lib.step_alerts(raw)), int(raw.index),
                              frame if kind in (StepKind.KEYBOARD, StepKind.FRAME) else None, float(raw.duration),
                              _lib.decode(raw.tag), _update_fields(raw), _lib.decode(raw.title),
                              _lib.decode(raw.message), _lib.decode(raw.style),
                              Action(_lib.decode(raw.action_id) or "", _lib.decode(raw.action_title) or "",
                                     ActionStyle(raw.action_style), bool(raw.action_flags & 1)) if raw.action_id else None,
                              _lib.decode(raw.meta), raw.at if raw.has_at else None,
                              int(raw.during) if raw.during else None, _lib.decode(raw.lane), float(raw.scale),
                              OnFull(raw.on_full), Order(raw.order), _lib.decode(raw.id)))
        alerts = AlertSet(lib.xyz_scenario_catalog(handle))
        expect = None
        if lib.xyz_scenario_has_expect(handle):
            expect = [lib.xyz_scenario_expect(handle, i, None, None).decode("utf-8")
                      for i in range(lib.xyz_scenario_expect_count(handle))]
        scenario = cls(pages, bool(lib.xyz_scenario_is_deferred(handle)), alerts, steps, expect,
                       _lib.decode(lib.xyz_scenario_history_json(handle)), float(lib.xyz_scenario_wall_clock(handle)),
                       _lib.decode(lib.xyz_scenario_attributes_json(handle)))
        offset = ctypes.c_double()
        if lib.xyz_scenario_utc_offset(handle, ctypes.byref(offset)):
            scenario.utc_offset = offset.value
        scenario.time_zone = _lib.decode(lib.xyz_scenario_time_zone(handle))
        wall = ctypes.c_double()
        for i in range(lib.xyz_scenario_utc_offset_change_count(handle)):
            lib.xyz_scenario_utc_offset_change(handle, i, ctypes.byref(wall), ctypes.byref(offset))
            scenario.utc_offsets.append((wall.value, offset.value))
        for i, step in enumerate(steps):
            if step.kind == StepKind.SET_CAMPAIGNS and step.id not in scenario.campaign_sets:
                # Borrowed from the scenario, freed with it.
                scenario.campaign_sets[step.id or ""] = AlertSet(lib.xyz_scenario_step_catalog(handle, i), scenario)
        scenario._handle = handle
        alerts._owner = scenario  # the set is borrowed from the scenario: keep it alive
        return scenario

    def _free(self, handle: int) -> None:
        """Frees the scenario and its alert set (which is its own)."""
        self.alerts._handle = 0
        for borrowed in self.campaign_sets.values():
            borrowed._handle = 0
        lib.xyz_scenario_free(handle)


#: The update fields of xyz_step_info.sets, in the order their setters run.
_SETS = (("title", 1), ("message", 2), ("style", 4), ("clear_actions", 8), ("add_action", 16), ("meta", 32))


def _update_fields(raw: Any) -> Tuple[str, ...]:
    return tuple(name for name, bit in _SETS if raw.sets & bit)
