"""Dispatches: the scheduler of one page."""

from __future__ import annotations

import contextlib
import ctypes
import json
import weakref
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _check, _fast, _handles, _lib, callbacks
from ._enums import Diagnostic, OnFull, Order
from ._handle import Handle
from ._properties import DispatchProperties
from ._why import CampaignWhy, campaign_why_of
from .alert import Alert
from .alert_set import AlertSet
from .errors import StateError
from .history import History
from .host import Host

lib = _lib.lib
_stored = _lib._stored  # (the list itself: read by `add`'s inline check)
alert_refs = _handles.alert_refs
_add = _fast.add
byref = ctypes.byref
ONE = _lib.ONE
_acquire, _release = _lib.acquire, _lib.release


@_lib.serialize_methods("add")
class Dispatch(Handle, DispatchProperties):
    """The scheduler of one page, alone in its domain until given a parent.

    ``close()`` (or leaving a ``with`` block) destroys it: its live alerts end
    with :attr:`EndReason.DESTROYED` and the host sees every event. If the
    garbage collector gets there first, it is destroyed the same way, events
    included, but an exception raised by the host then is dropped (there is
    no call to raise it from). At interpreter shutdown nothing is delivered.
    """

    def __init__(self, host: Optional[Host] = None, page_view: Any = None, *, name: str = "",
                 history: Optional[History] = None) -> None:
        """A new page's dispatch. `host` receives the events (default: a
        :class:`Host` that draws nothing); `page_view` is the object handed
        back as the page's own view; `name` names it in traces and errors;
        `history` (a root page only) holds the display history its caps and
        cool-downs read. The page starts invisible: call
        :meth:`page_did_appear` once it is on screen."""
        self._handle = 0
        if host is not None:
            _check.instance(host, Host, "host")
        raw_name = _check.text(name, "name")
        self._host = host if host is not None else Host()
        self._views: Dict[int, Any] = {}
        self._active_child: Optional[Dispatch] = None
        #: Provider trampolines the engine may still call, by token (see callbacks.set_provider).
        self._providers: Dict[int, Any] = {}
        host_struct, self._callbacks = callbacks.make_host(weakref.ref(self), self._host,
                                                           callbacks.events_of(self._host))
        self._handle = lib.xyz_dispatch_create(_lib.by_reference(host_struct), self._view_token(page_view))
        self._param = ctypes.c_void_p(self._handle)  # the handle as `_lib.hot`'s calls take it
        _handles.put_dispatch(self._handle, self)
        if raw_name:
            lib.xyz_dispatch_set_name(self._handle, raw_name)
        if history is not None:
            self.history = history

    @property
    def host(self) -> Host:
        """The host given at creation, which receives this page's events.
        Fixed for the dispatch's life: which of its methods it overrides,
        and the methods of an alert's life themselves (show, hide, unhide,
        remove, finish, action), are read once, when the dispatch is created."""
        return self._host

    @classmethod
    def _lookup(cls, handle: Optional[int]) -> Optional["Dispatch"]:
        found = _handles.dispatch(handle)
        return found if isinstance(found, Dispatch) else None

    def _view_token(self, view: Any) -> Optional[int]:
        if view is None:
            return None
        self._views[id(view)] = view
        return id(view)

    def _view(self, token: Optional[int]) -> Any:
        """The object behind a view token: views registered on this page or an ancestor."""
        dispatch: Optional[Dispatch] = self
        while token and dispatch is not None:
            if token in dispatch._views:
                return dispatch._views[token]
            dispatch = dispatch.parent if dispatch._handle else None
        return None

    def _require_open(self) -> int:
        if not self._handle:
            raise StateError("the dispatch is closed")
        return self._handle

    # ---- lifecycle

    def _free(self, handle: int) -> None:
        """Destroys the dispatch (docs/rules.md §5): `close()`."""
        try:
            lib.xyz_dispatch_destroy(handle)
        finally:
            _handles.forget_dispatch(handle)

    def _finalize(self, handle: int) -> None:
        # The host's exceptions have no call to be raised from: dropped.
        _lib.call_from_finalizer(lib.xyz_dispatch_destroy, handle)

    def __repr__(self) -> str:
        return f"<Dispatch {self.name!r}>" if self._handle else "<Dispatch (closed)>"

    def page_did_appear(self) -> None:
        """The page is on screen: its alerts may show (docs/rules.md §1)."""
        lib.xyz_dispatch_page_did_appear(self._require_open())

    def page_will_disappear(self) -> None:
        """The page is leaving the screen: its alerts on screen are hidden and
        come back when it appears again."""
        lib.xyz_dispatch_page_will_disappear(self._require_open())

    # ---- alerts

    def add(self, alerts: Union[Alert, Iterable[Alert]]) -> None:
        """Adds one alert or several at once, all or none."""
        if isinstance(alerts, Alert):
            _acquire()  # (`serialize_methods`, inline)
            try:
                if not self._handle:
                    self._require_open()
                status = _add(self._param, byref(alerts._param), ONE)
                if status or _stored[0]:
                    _lib.checked(status)
            finally:
                _release()
            return
        if isinstance(alerts, (str, bytes)) or not isinstance(alerts, Iterable):
            raise TypeError(f"alerts must be an Alert or an iterable of Alerts, got {_check.described(alerts)}")
        batch = [_check.instance(alert, Alert, "each of alerts") for alert in alerts]
        handles = _lib.handle_array([a._handle for a in batch])
        with _lib.lock:
            lib.xyz_dispatch_add(self._require_open(), handles, len(batch))

    def add_set(self, alert_set: "AlertSet") -> None:
        """Adds a fresh instance of every definition of `alert_set`, all at once."""
        _check.instance(alert_set, AlertSet, "alert_set")
        lib.xyz_dispatch_add_catalog(self._require_open(), alert_set._handle)

    def find(self, id: str) -> Optional[Alert]:
        """The live alert of this dispatch with this id."""
        handle = lib.xyz_dispatch_find(self._require_open(), _check.text(id, "id"))
        return Alert._wrap(handle) if handle else None

    def flush(self) -> None:
        """Runs the domain's passes now (both modes)."""
        lib.xyz_dispatch_flush(self._require_open())

    def cancel_tagged(self, tag: Optional[str] = None) -> int:
        """Cancels every live alert of the domain carrying `tag` (None:
        every live alert), on-screen ones top first, then queued ones in
        candidate order, then one pass; returns how many ended."""
        raw_tag = None if tag is None else _check.text(tag, "tag")
        count = ctypes.c_size_t(0)
        lib.xyz_dispatch_cancel_tagged(self._require_open(), raw_tag, ctypes.byref(count))
        return int(count.value)

    def cancel_queued(self, tag: Optional[str] = None) -> int:
        """Cancels the queued alerts of the domain (waiting or ready, not on
        screen) carrying `tag` (None: all of them), in candidate order, then
        one pass; on-screen alerts stay. Returns how many ended."""
        raw_tag = None if tag is None else _check.text(tag, "tag")
        count = ctypes.c_size_t(0)
        lib.xyz_dispatch_cancel_queued(self._require_open(), raw_tag, ctypes.byref(count))
        return int(count.value)

    def set_lane_limit(self, lane: str, visible: int, on_full: Union[OnFull, str] = OnFull.QUEUE) -> None:
        """Up to `visible` alerts of `lane` show at once in this root's
        domain, as a stack; `on_full` says what a ``wait`` candidate does
        when the lane is full (docs/rules.md §19). StateError on a page that
        is not a root."""
        if type(visible) is not int or visible < 1:
            raise ValueError(f"visible must be an int of 1 or more, got {_check.described(visible)}")
        lib.xyz_dispatch_set_lane_limit(self._require_open(), _check.text(lane, "lane"), visible,
                                        int(_check.choice(on_full, OnFull, "on_full")))

    def lane_limit(self, lane: str) -> Tuple[int, OnFull]:
        """The visible limit of `lane` in this domain and what a full lane does."""
        on_full = ctypes.c_int(0)
        visible = lib.xyz_dispatch_lane_limit(self._require_open(), _check.text(lane, "lane"), ctypes.byref(on_full))
        return int(visible), OnFull(on_full.value)

    def suspend(self) -> None:
        """Holds back the candidates of this page and its descendants until
        the matching :meth:`resume` (counted). See also :meth:`suspended`."""
        lib.xyz_dispatch_suspend(self._require_open())

    def resume(self) -> None:
        """Undoes one :meth:`suspend`; the last one runs a pass."""
        lib.xyz_dispatch_resume(self._require_open())

    @property
    def is_suspended(self) -> bool:
        """Whether this page itself is suspended (an ancestor may hold it too)."""
        return bool(lib.xyz_dispatch_is_suspended(self._require_open()))

    @contextlib.contextmanager
    def suspended(self) -> Iterator["Dispatch"]:
        """Suspends the page for a ``with`` block (resumed however the block
        ends)::

            with home.suspended():
                run_onboarding()      # no alert of home or its children shows
        """
        self.suspend()
        try:
            yield self
        finally:
            self.resume()

    def tick(self) -> None:
        """Ends every alert of the domain whose timer is due at the host's
        :meth:`Host.now`: showing ones whose ``duration`` is spent
        (:attr:`EndReason.TIMEOUT`), queued ones whose ``ttl`` ran out
        (:attr:`EndReason.EXPIRED`), soonest first; then a pass. Early: nothing."""
        lib.xyz_dispatch_tick(self._require_open())

    def next_deadline(self) -> Optional[float]:
        """Seconds until the domain's next deadline (0 when due), or None
        when no timer runs; for hosts that do not override :meth:`Host.set_timer`."""
        seconds = lib.xyz_dispatch_next_deadline(self._require_open())
        return None if seconds < 0 else float(seconds)

    def snapshot(self) -> Dict[str, Any]:
        """The domain's pages, stack and queues (see ``xyz_dispatch_snapshot_json``)."""
        return json.loads(_lib.take_string(lib.xyz_dispatch_snapshot_json(self._require_open())))

    # ---- recording

    def start_recording(self) -> None:
        """Records everything done to this page's domain from now on (pages
        joining later too), as a scenario that ``xyzalert simulate`` replays
        to the same events; a new start discards the last recording.
        Raises :class:`StateError` while the domain has live alerts or an
        active-child provider (docs/formats.md, "Recordings")."""
        lib.xyz_dispatch_start_recording(self._require_open())

    def stop_recording(self) -> None:
        """Stops the recording started here; it stays readable."""
        lib.xyz_dispatch_stop_recording(self._require_open())

    def recording(self) -> str:
        """The recording started here (running or stopped) as scenario JSON
        text. Raises :class:`StateError` when none was started, or when
        something happened that a file cannot replay (the message says what)."""
        return _lib.take_string(lib.xyz_dispatch_recording_json(self._require_open()))

    # ---- domains

    # ---- timing for people (docs/rules.md §17); a root's

    def hold_timers(self) -> None:
        """Holds every countdown of the domain (counted: the window minimised)."""
        lib.xyz_dispatch_hold_timers(self._require_open())

    def unhold_timers(self) -> None:
        """Undoes one :meth:`hold_timers` (StateError without one)."""
        lib.xyz_dispatch_unhold_timers(self._require_open())

    @contextlib.contextmanager
    def timers_held(self) -> Iterator["Dispatch"]:
        """``with d.timers_held():`` holds the domain's countdowns for the block."""
        self.hold_timers()
        try:
            yield self
        finally:
            self.unhold_timers()

    def set_gap(self, lane: str, seconds: Union[str, float]) -> None:
        """After an alert of `lane` leaves the screen, the next show there waits `seconds` (0: none)."""
        from .history import seconds as to_seconds
        lib.xyz_dispatch_set_gap(self._require_open(), _check.text(lane, "lane"), to_seconds(seconds, "seconds"))

    def gap(self, lane: str) -> float:
        """The gap of `lane` (0: none)."""
        return float(lib.xyz_dispatch_gap(self._require_open(), _check.text(lane, "lane")))

    # ---- campaigns (docs/rules.md §21)

    def set_campaigns(self, alert_set: Optional[AlertSet]) -> None:
        """Attaches the campaigns of `alert_set` (its "campaigns" member) to
        this root's domain; None, or a set without campaigns, detaches them.
        The domain keeps what it needs (the set may be freed after)."""
        if alert_set is not None:
            _check.instance(alert_set, AlertSet, "alert_set")
        lib.xyz_dispatch_set_campaigns(self._require_open(), alert_set._handle if alert_set is not None else None)

    def track(self, event: str, props: Optional[Dict[str, Any]] = None) -> None:
        """Tracks `event` on this page with its properties (a dict of
        JSON-able values; None: ``{}``): the campaigns' triggers that name it
        count it; those that fire make instances, cancel pending ones or
        report skips (:meth:`Host.campaign`); then a pass. Raises
        InvalidArgumentError for an empty name or props that are not a dict
        of JSON values, and nothing changes."""
        if props is not None:
            _check.instance(props, dict, "props")
        lib.xyz_dispatch_track(self._require_open(), _check.text(event, "event"),
                               _check.json_text(props, "track: props") if props is not None else None)

    def campaign_why(self, campaign: str) -> CampaignWhy:
        """What the last event the triggers of `campaign` named on this
        domain did (docs/rules.md §21): FIRED, or the code of why it made no
        instance, with the trigger, and for a rule the smallest part of it
        that failed with the values it read (``detail``); UNTRACKED when no
        such event was tracked since the campaigns were set. Raises
        NotFoundError for a campaign the domain's set does not have."""
        return campaign_why_of(self, _check.text(campaign, "campaign"))

    def explain_campaign(self, campaign: str) -> str:
        """:meth:`campaign_why` as one sentence."""
        return self.campaign_why(campaign).sentence

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """What this page's domain has noted that works other than a host
        likely meant (docs/rules.md §16, "Diagnostics"), each once, in the
        enum's order: an alert with a limit or cool-down, or with windows,
        added while the domain had no history. Never printed by the library."""
        mask = int(lib.xyz_dispatch_diagnostics(self._require_open()))
        return [d for d in Diagnostic if mask & (1 << d.value)]

    def set_attribute(self, name: str, value: Any) -> None:
        """Sets the attribute `name` of this root's domain to `value` (any
        JSON-able value; None is JSON null). Pending campaign instances whose
        audience stops passing end (``INELIGIBLE``); a new "app_version"
        tracks "version_changed" first."""
        lib.xyz_dispatch_set_attribute(self._require_open(), _check.text(name, "name"),
                                       _check.json_text(value, "set_attribute: value"))

    def set_attributes(self, attributes: Dict[str, Any]) -> None:
        """Sets every attribute of `attributes` on this root's domain, tracking
        no event: an "app_version" among them is recorded as seen (restoring
        attributes at launch)."""
        _check.instance(attributes, dict, "attributes")
        lib.xyz_dispatch_set_attributes_json(self._require_open(), _check.json_text(attributes, "set_attributes: attributes"))

    def remove_attribute(self, name: str) -> None:
        """Removes the attribute `name` of this root's domain (as
        :meth:`set_attribute` does, pending instances are tested again)."""
        lib.xyz_dispatch_set_attribute(self._require_open(), _check.text(name, "name"), None)

    @property
    def attributes(self) -> Dict[str, Any]:
        """The attributes of this page's domain, as a new dict."""
        value = json.loads(_lib.take_string(lib.xyz_dispatch_attributes_json(self._require_open())))
        assert isinstance(value, dict)
        return value

    @property
    def history(self) -> Optional[History]:
        """The display history of this page's domain (docs/rules.md §16), or
        None. Set it on a root page (None detaches); several dispatches may
        share one. Joining two domains with different histories raises
        StateError."""
        return History._lookup(lib.xyz_dispatch_history(self._require_open()))

    @history.setter
    def history(self, history: Optional[History]) -> None:
        if history is not None:
            _check.instance(history, History, "history")
        lib.xyz_dispatch_set_history(self._require_open(), history._handle if history is not None else None)

    @property
    def parent(self) -> Optional["Dispatch"]:
        """The parent page (a tab bar for its tabs), or None for a root; setting
        it joins the two domains, None splits the page off."""
        return Dispatch._lookup(lib.xyz_dispatch_parent(self._require_open()))

    @parent.setter
    def parent(self, parent: Optional["Dispatch"]) -> None:
        if parent is not None:
            _check.instance(parent, Dispatch, "parent")
        lib.xyz_dispatch_set_parent(self._require_open(), parent._require_open() if parent else None)

    @property
    def active_child(self) -> Optional["Dispatch"]:
        """The child set as the only active one (None: every child is active)."""
        child = self._active_child
        return child if child is not None and child.parent is self else None

    @active_child.setter
    def active_child(self, child: Optional["Dispatch"]) -> None:
        if child is not None:
            _check.instance(child, Dispatch, "child")
        lib.xyz_dispatch_set_active_child(self._require_open(), child._require_open() if child else None)
        self._active_child = child

    def set_active_child_provider(self, provider: Optional[Callable[["Dispatch"], Optional["Dispatch"]]]) -> None:
        """A function asked at every pass for the active child (None removes
        it). A domain without live alerts runs no pass, so asks no provider."""
        handle = self._require_open()
        if provider is not None and not callable(provider):
            raise TypeError(f"provider must be callable or None, got {_check.described(provider)}")
        if provider is None:
            lib.xyz_dispatch_set_active_child_provider(handle, _lib.PROVIDER(0), None, _lib._FREE(0))
        else:
            chosen = provider

            def ask(parent_handle: int, context: Any) -> Optional[int]:
                child = chosen(Dispatch._lookup(parent_handle) or self)
                return child._handle if child is not None else None

            callbacks.set_provider(self, ask)
        self._active_child = None

    def set_target(self, name: str, view: Any) -> None:
        """Registers `view` under `name` for this page and its descendants
        (None removes it); "page" replaces the page view."""
        lib.xyz_dispatch_set_target(self._require_open(), _check.text(name, "name"), self._view_token(view))

    def keyboard_changed(self, frame: Sequence[float], duration: float = 0.0) -> None:
        """Reports the keyboard frame ``(x, y, width, height)``; zero height means hidden."""
        lib.xyz_dispatch_keyboard_changed(self._require_open(), _lib.rect(frame, "frame"),
                                          _check.number(duration, "duration"))

