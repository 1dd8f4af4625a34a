"""Alerts: one alert instance, reference counted by the engine."""

from __future__ import annotations

import ctypes
import json
import weakref
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _check, _enums, _fast, _handles, _lib
from . import history as _history
from . import _why
from . import windows as _windows
from ._check import INT32_MAX, INT32_MIN
from ._properties import AlertProperties
from ._arguments import _KEEP_OPEN, Action, ActionLike, AlertSettings, _action, _settings
from ._enums import ActionStyle, Exclusive, OnCapped, OnOutside, Politeness, State
from ._keyboard import keyboard_offset
from ._why import Why

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .dispatch import Dispatch
    from .history import Limit

lib = _lib.lib
_stored = _lib._stored  # (the list itself: read by the hot paths' inline checks)
_create_with, _dismiss, _release = _fast.create_with, _fast.dismiss, _fast.release
_acquire_lock, _release_lock = _lib.acquire, _lib.release
_alert_refs = _handles.alert_refs  # (the dict itself, as a global)

# An enum member as a plain global: `Exclusive.WAIT` runs the enum class's
# attribute look-up, about as costly as a foreign call, at every use.
_WAIT = Exclusive.WAIT


class Alert(AlertProperties):
    """One alert. Keyword arguments set everything an alert set's JSON can.

    ``exclusive`` takes an :class:`Exclusive` or its name (``"cover"``).
    Arguments of the wrong type raise ``TypeError``, values out of range
    ``OverflowError`` or ``ValueError``, each naming the argument.

    The object holds one engine reference, released by the garbage
    collector; a dispatch keeps its own while the alert is live. Attributes
    you set on it stay with it, so it can carry the host's own data.
    """

    # 0 until the engine alert exists: `__del__` also runs on a wrapper
    # whose `__init__` never started (its arguments did not bind).
    _handle: int = 0
    _param: _fast.AlertPointer

    def __init__(self, id: Optional[str] = None, *, priority: int = 0, exclusive: Union[Exclusive, str] = _WAIT,
                 **settings: "Unpack[AlertSettings]") -> None:
        """A new alert, not yet in any dispatch. `id` names it for
        dependencies, duplicates and traces (None: anonymous); `priority`
        (higher shows first) and `exclusive` (how it treats the alerts on
        screen) are parameters of the creating call; the properties of
        those names change them while the alert is idle. The other keywords (:class:`AlertSettings`
        names them) set what the property or method of the same name sets;
        ``after`` lists the ids it waits for, ``ready=False`` keeps it out
        until :meth:`set_ready`. Everything is checked before the alert
        exists, so a bad argument raises ``TypeError`` or ``ValueError``
        (an unknown keyword ``TypeError``) and creates nothing."""
        # This is every app's hot path: the common arguments are checked
        # inline and the others gathered in `settings` (a keyword-only
        # parameter left at its default costs a dictionary look-up each
        # call, 18 of them about as much as the foreign call that creates
        # the alert).
        raw_id = (id.encode() if type(id) is str and id.isascii() and "\x00" not in id  # (UTF-8; naming it costs a look-up)
                  else _check.optional_text(id, "id"))
        if type(priority) is not int or not INT32_MIN <= priority <= INT32_MAX:
            priority = _check.int32(priority, "priority")
        if type(exclusive) is not Exclusive:
            exclusive = _check.choice(exclusive, Exclusive, "exclusive")
        calls = _settings(settings) if settings else None
        param = _create_with(raw_id, priority, exclusive._value_)
        if not param or _stored[0]:
            _lib.created(param.value)
        # (`_adopt`, inline.)
        self._param = param  # the handle as `_fast`'s calls take it (made by the call itself)
        self._handle = handle = param.value
        _alert_refs[handle] = weakref.ref(self)  # (`_handles.put_alert`)
        for function, *arguments in calls or ():
            function(handle, *arguments)

    def _adopt(self, handle: int) -> None:
        """Takes ownership of one reference to `handle`."""
        self._handle = handle
        self._param = _fast.AlertPointer(handle)  # the handle as `_fast`'s calls take it
        _handles.put_alert(handle, self)

    @classmethod
    def _wrap(cls, handle: int) -> "Alert":
        """The wrapper of a borrowed handle, made (with a new reference) if needed."""
        existing = _handles.alert(handle)
        if existing is not None:
            return existing
        alert = cls.__new__(cls)
        alert._adopt(lib.xyz_alert_retain(handle))
        return alert

    @classmethod
    def _own(cls, handle: int) -> "Alert":
        """A wrapper for a new (+1) handle."""
        alert = cls.__new__(cls)
        alert._adopt(handle)
        return alert

    def __del__(self) -> None:
        handle = self._handle
        if handle and _lib is not None and lib is not None:
            self._handle = 0
            # Its entry, unless a newer wrapper of the handle replaced it.
            ref = _alert_refs.get(handle)
            if ref is not None:
                current = ref()
                if current is None or current is self:
                    _alert_refs.pop(handle, None)
            _release(self._param)

    def __repr__(self) -> str:
        return f"<Alert {self.id!r} {self.state.name.lower()}>"

    # ---- identity and state

    @property
    def id(self) -> Optional[str]:
        """The id given at creation (None for an anonymous alert); never changes."""
        return _lib.decode(lib.xyz_alert_id(self._handle))

    @property
    def state(self) -> State:
        """Where the alert is in its life: idle, waiting, ready, showing, hidden or finished."""
        return State(lib.xyz_alert_state(self._handle))

    @property
    def campaign(self) -> Optional[str]:
        """The id of the campaign that made this alert (docs/rules.md §21), or None."""
        return _lib.decode(lib.xyz_alert_campaign(self._handle))

    @property
    def variant(self) -> Optional[str]:
        """The variant of its campaign this alert is, or None."""
        return _lib.decode(lib.xyz_alert_variant(self._handle))

    @property
    def occurrence_count(self) -> int:
        """How many adds the alert stands for: 1, plus one for each add of
        its id that ``on_duplicate=COALESCE`` folded into it."""
        return int(lib.xyz_alert_occurrence_count(self._handle))


    @property
    def tags(self) -> List[str]:
        """The tags, in the order added (see :meth:`Dispatch.cancel_tagged`)."""
        return [lib.xyz_alert_tag(self._handle, i).decode("utf-8") for i in range(lib.xyz_alert_tag_count(self._handle))]

    def add_tag(self, tag: str) -> None:
        """Adds a tag (twice does nothing), until the alert finishes."""
        lib.xyz_alert_add_tag(self._handle, _check.text(tag, "tag"))

    def has_tag(self, tag: str) -> bool:
        """Whether the alert carries `tag`."""
        return bool(lib.xyz_alert_has_tag(self._handle, _check.text(tag, "tag")))

    # ---- timing for people (docs/rules.md §17)

    def hold(self) -> None:
        """Holds its countdown (counted: hover, focus): the time left is kept."""
        lib.xyz_alert_hold(self._handle)

    def unhold(self) -> None:
        """Undoes one :meth:`hold` (StateError without one)."""
        lib.xyz_alert_unhold(self._handle)

    # ---- caps (docs/rules.md §16)

    @property
    def limits(self) -> List["Limit"]:
        """The alert's own limits, on its id."""
        count, per, window = ctypes.c_uint32(), ctypes.c_int(), ctypes.c_double()
        limits = []
        for i in range(lib.xyz_alert_limit_count(self._handle)):
            lib.xyz_alert_limit(self._handle, i, ctypes.byref(count), ctypes.byref(per), ctypes.byref(window))
            limits.append(_history.limit_of(count.value, per.value, window.value))
        return limits

    def add_limit(self, count: int, per: "_history.Per") -> None:
        """At most `count` displays of this alert's id per "session",
        "lifetime" or window of seconds (``86400``, ``"90d"``); replaces a
        limit of that period. Idle only. The alert needs an id to be added."""
        lib.xyz_alert_add_limit(self._handle, *_history.limit_arguments(count, per))

    def clear_caps(self) -> None:
        """Removes the alert's own limits and cool-down. Idle only."""
        lib.xyz_alert_clear_caps(self._handle)

    @property
    def windows(self) -> List["_windows.Window"]:
        """When the alert may be selected to show, in the user's local time
        (docs/rules.md §22): inside one of these (none: at every moment).
        Set a list of :class:`Window` or of mappings as alert sets write them
        (``{"days": ["tue"], "from": "09:00", "to": "18:00"}``). Idle only;
        a bad window raises and changes nothing."""
        return _windows.read(self._handle, False)

    @windows.setter
    def windows(self, value: Iterable["_windows.WindowLike"]) -> None:
        _windows.replace(self._handle, [_windows.window_of(w) for w in value], self.exclude)

    @property
    def exclude(self) -> List["_windows.Window"]:
        """When the alert is never selected (quiet hours), in the same shape as :attr:`windows`."""
        return _windows.read(self._handle, True)

    @exclude.setter
    def exclude(self, value: Iterable["_windows.WindowLike"]) -> None:
        _windows.replace(self._handle, self.windows, [_windows.window_of(w) for w in value])

    @property
    def dispatch(self) -> Optional["Dispatch"]:
        """The dispatch of a live alert."""
        return _handles.dispatch(lib.xyz_alert_dispatch(self._handle))

    @property
    def after(self) -> List[str]:
        """The id dependencies."""
        count = lib.xyz_alert_dependency_id_count(self._handle)
        return [lib.xyz_alert_dependency_id(self._handle, i).decode("utf-8") for i in range(count)]

    def explain(self) -> str:
        """One sentence on why the alert is in its state."""
        return _lib.take_string(lib.xyz_alert_explain(self._handle))

    def why(self) -> "Why":
        """Why the alert is where it is, as data (docs/rules.md §18): the
        code, its cause, the seconds until a timer changes it, and the
        sentence `explain()` gives. Reads the host's clock when a timer of
        the alert runs."""
        return _why.why_of(self)

    # ---- scheduling

    def set_ready(self) -> None:
        """Idle: it will be added ready. Waiting: it becomes ready and may show."""
        lib.xyz_alert_set_ready(self._handle)

    def dismiss(self) -> None:
        """The host took this on-screen alert off screen: it finishes."""
        _acquire_lock()  # (`_lib.lock`, inline: the hot path)
        try:
            status = _dismiss(self._param)
            if status or _stored[0]:
                _lib.checked(status)
        finally:
            _release_lock()

    def cancel(self) -> None:
        """Ends a live alert (removed first if on screen)."""
        lib.xyz_alert_cancel(self._handle)

    def trigger_action(self, index: int) -> None:
        """The user chose action `index` of this showing alert."""
        lib.xyz_alert_trigger_action(self._handle, _check.index(index, "index"))

    def add_dependency(self, alert: Union["Alert", str]) -> None:
        """Wait until `alert` finishes (an :class:`Alert`), or while a live
        alert with that id exists in the domain (a ``str``)."""
        if isinstance(alert, str):
            lib.xyz_alert_add_dependency_id(self._handle, _check.text(alert, "alert"))
        elif isinstance(alert, Alert):
            lib.xyz_alert_add_dependency(self._handle, alert._handle)
        else:
            raise TypeError(f"alert must be an Alert or an id (str), got {_check.described(alert)}")

    # ---- presentation

    @property
    def actions(self) -> List[Action]:
        """Its buttons, in order, as :class:`Action` values (copies)."""
        count = lib.xyz_alert_action_count(self._handle)
        return [Action(lib.xyz_alert_action_id(self._handle, i).decode("utf-8"),
                       lib.xyz_alert_action_title(self._handle, i).decode("utf-8"),
                       ActionStyle(lib.xyz_alert_action_style(self._handle, i)),
                       bool(lib.xyz_alert_action_flags(self._handle, i) & _KEEP_OPEN)) for i in range(count)]

    def add_action(self, action: ActionLike) -> None:
        """Appends a button: an :class:`Action` or a tuple ``(id, title[, style])``,
        the style an :class:`ActionStyle` or its name (``"cancel"``)."""
        lib.xyz_alert_add_action_flags(self._handle, *_action(action))

    def clear_actions(self) -> None:
        """Removes every button."""
        lib.xyz_alert_clear_actions(self._handle)

    def set_frame(self, frame: Optional[Sequence[float]]) -> None:
        """Reports the laid-out frame ``(x, y, width, height)``; None if unknown."""
        lib.xyz_alert_set_frame(self._handle, None if frame is None else _lib.by_reference(_lib.rect(frame, "frame")))

    def set_keyboard_avoidance(self, enabled: bool, adjust: float = 0.0) -> None:
        """Keyboard avoidance on or off, with a correction (negative moves up)."""
        lib.xyz_alert_set_keyboard_avoidance(self._handle, _check.flag(enabled, "enabled"),
                                             _check.number(adjust, "adjust"))
