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
from ._arguments import _KEEP_OPEN, Action, ActionLike, AlertSettings, _action, _meta, _settings
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


class Alert:
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
        screen) never change. The other keywords (:class:`AlertSettings`
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
    def priority(self) -> int:
        """The priority given at creation: higher shows first; never changes."""
        return int(lib.xyz_alert_priority(self._handle))

    @property
    def exclusive(self) -> Exclusive:
        """How it treats the alerts on screen when it shows: wait, cover or hide the others."""
        return Exclusive(lib.xyz_alert_exclusive(self._handle))

    @property
    def lane(self) -> str:
        """The lane it is arbitrated in ("main" by default; settable while idle)."""
        return lib.xyz_alert_lane(self._handle).decode("utf-8")

    @lane.setter
    def lane(self, lane: str) -> None:
        lib.xyz_alert_set_lane(self._handle, _check.text(lane, "lane"))

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

    # BEGIN GENERATED alert properties (scripts/interface: edit its tables, not this region)
    @property
    def on_duplicate(self) -> _enums.OnDuplicate:
        """What an add does when the alert's id is already live in the domain (default
        OnDuplicate.REJECT). Two alerts of one batch with the same id are a duplicate error whatever
        their policy. Settable while idle."""
        return _enums.OnDuplicate(lib.xyz_alert_on_duplicate(self._handle))

    @on_duplicate.setter
    def on_duplicate(self, value: Union[_enums.OnDuplicate, str]) -> None:
        lib.xyz_alert_set_on_duplicate(self._handle, int(_check.choice(value, _enums.OnDuplicate, "on_duplicate")))

    @property
    def when_displaced(self) -> _enums.WhenDisplaced:
        """What happens where the alert would be hidden covered (by a hide_others alert or a lane's
        limit) (default WhenDisplaced.RESTORE). Settable while idle."""
        return _enums.WhenDisplaced(lib.xyz_alert_when_displaced(self._handle))

    @when_displaced.setter
    def when_displaced(self, value: Union[_enums.WhenDisplaced, str]) -> None:
        lib.xyz_alert_set_when_displaced(self._handle, int(_check.choice(value, _enums.WhenDisplaced, "when_displaced")))

    @property
    def preempt(self) -> _enums.Preempt:
        """Which on-screen alerts the alert shows over when it is cover or hide_others (default
        Preempt.LOWER). It changes nothing for a wait alert. Settable while idle."""
        return _enums.Preempt(lib.xyz_alert_preempt(self._handle))

    @preempt.setter
    def preempt(self, value: Union[_enums.Preempt, str]) -> None:
        lib.xyz_alert_set_preempt(self._handle, int(_check.choice(value, _enums.Preempt, "preempt")))

    @property
    def coverable(self) -> bool:
        """Whether the alert may be covered (default True). While an alert that is not coverable is
        on screen on a participating page, no candidate of its lane covers it, hides it or evicts
        it: they wait until it leaves (docs/rules.md §19). Settable while idle."""
        return bool(lib.xyz_alert_is_coverable(self._handle))

    @coverable.setter
    def coverable(self, value: bool) -> None:
        lib.xyz_alert_set_coverable(self._handle, _check.flag(value, "coverable"))

    @property
    def duration(self) -> float:
        """The seconds the alert may be showing, in total, before it ends by itself with reason
        timeout (default 0: none). The count runs only while the alert is showing and pauses while
        it is hidden, so a toast is never used up unseen. Settable while idle."""
        return float(lib.xyz_alert_duration(self._handle))

    @duration.setter
    def duration(self, value: Union[str, float]) -> None:
        lib.xyz_alert_set_duration(self._handle, _history.seconds(value, "duration"))

    @property
    def ttl(self) -> float:
        """The seconds from its add within which the alert must first be on screen, or it ends with
        reason expired (finish only) (default 0: none). Once it has been on screen the ttl no longer
        applies. Settable while idle."""
        return float(lib.xyz_alert_ttl(self._handle))

    @ttl.setter
    def ttl(self, value: Union[str, float]) -> None:
        lib.xyz_alert_set_ttl(self._handle, _history.seconds(value, "ttl"))

    @property
    def cooldown(self) -> float:
        """The alert's own cool-down: the seconds at least between two displays of its id (default
        0: none). See docs/rules.md §16. Settable while idle."""
        return float(lib.xyz_alert_cooldown(self._handle))

    @cooldown.setter
    def cooldown(self, value: Union[str, float]) -> None:
        lib.xyz_alert_set_cooldown(self._handle, _history.seconds(value, "cooldown"))

    @property
    def on_capped(self) -> _enums.OnCapped:
        """What the alert does when a cap holds it (default OnCapped.DROP). See docs/rules.md §16.
        Settable while idle."""
        return _enums.OnCapped(lib.xyz_alert_on_capped(self._handle))

    @on_capped.setter
    def on_capped(self, value: Union[_enums.OnCapped, str]) -> None:
        lib.xyz_alert_set_on_capped(self._handle, int(_check.choice(value, _enums.OnCapped, "on_capped")))

    @property
    def on_outside(self) -> _enums.OnOutside:
        """What the alert does when it would be selected outside its windows or inside an exclude
        (default OnOutside.WAIT). See docs/rules.md §22. Settable while idle."""
        return _enums.OnOutside(lib.xyz_alert_on_outside(self._handle))

    @on_outside.setter
    def on_outside(self, value: Union[_enums.OnOutside, str]) -> None:
        lib.xyz_alert_set_on_outside(self._handle, int(_check.choice(value, _enums.OnOutside, "on_outside")))

    @property
    def show_after(self) -> float:
        """The seconds the alert stays waiting after its add before it becomes ready by itself
        (default 0: none). Ending it earlier means it never shows; an alert added waiting must still
        be marked ready (docs/rules.md §17). Settable while idle."""
        return float(lib.xyz_alert_show_after(self._handle))

    @show_after.setter
    def show_after(self, value: Union[str, float]) -> None:
        lib.xyz_alert_set_show_after(self._handle, _history.seconds(value, "show_after"))

    @property
    def min_visible(self) -> float:
        """The seconds from its first show before which a dismiss or cancel waits (default 0: none).
        The call succeeds and the alert ends at the minimum, with that call's reason, remove before
        finish (for a dismiss too; docs/rules.md §17). Settable while idle."""
        return float(lib.xyz_alert_min_visible(self._handle))

    @min_visible.setter
    def min_visible(self, value: Union[str, float]) -> None:
        lib.xyz_alert_set_min_visible(self._handle, _history.seconds(value, "min_visible"))

    @property
    def announce(self) -> _enums.Politeness:
        """How the host's announce callback is told to say the alert (default Politeness.POLITE).
        See docs/rules.md §17. Settable while idle."""
        return _enums.Politeness(lib.xyz_alert_announce(self._handle))

    @announce.setter
    def announce(self, value: Union[_enums.Politeness, str]) -> None:
        lib.xyz_alert_set_announce(self._handle, int(_check.choice(value, _enums.Politeness, "announce")))
    # END GENERATED alert properties

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
    def target(self) -> str:
        """The name of the view it shows in ("page", the default: its page's view)."""
        return lib.xyz_alert_target(self._handle).decode("utf-8")

    @target.setter
    def target(self, name: str) -> None:
        lib.xyz_alert_set_target(self._handle, _check.text(name, "target"))

    @property
    def style(self) -> str:
        """A free-form word for the host's drawing ("alert", "sheet", "toast", ...)."""
        return lib.xyz_alert_style(self._handle).decode("utf-8")

    @style.setter
    def style(self, style: str) -> None:
        lib.xyz_alert_set_style(self._handle, _check.text(style, "style"))

    @property
    def title(self) -> Optional[str]:
        """The title the host draws (None: none)."""
        return _lib.decode(lib.xyz_alert_title(self._handle))

    @title.setter
    def title(self, title: Optional[str]) -> None:
        lib.xyz_alert_set_title(self._handle, _check.optional_text(title, "title"))

    @property
    def message(self) -> Optional[str]:
        """The message the host draws (None: none)."""
        return _lib.decode(lib.xyz_alert_message(self._handle))

    @message.setter
    def message(self, message: Optional[str]) -> None:
        lib.xyz_alert_set_message(self._handle, _check.optional_text(message, "message"))

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

    @property
    def meta(self) -> Optional[Dict[str, Any]]:
        """Host data from JSON ``meta``, as a dict."""
        text = _lib.decode(lib.xyz_alert_meta(self._handle))
        return None if text is None else json.loads(text)

    @meta.setter
    def meta(self, meta: Optional[Union[Mapping[str, Any], str]]) -> None:
        """Sets host data: a dict (or other mapping) or a JSON object's text;
        None removes it."""
        lib.xyz_alert_set_meta(self._handle, None if meta is None else _meta(meta))

    def set_frame(self, frame: Optional[Sequence[float]]) -> None:
        """Reports the laid-out frame ``(x, y, width, height)``; None if unknown."""
        lib.xyz_alert_set_frame(self._handle, None if frame is None else _lib.by_reference(_lib.rect(frame, "frame")))

    def set_keyboard_avoidance(self, enabled: bool, adjust: float = 0.0) -> None:
        """Keyboard avoidance on or off, with a correction (negative moves up)."""
        lib.xyz_alert_set_keyboard_avoidance(self._handle, _check.flag(enabled, "enabled"),
                                             _check.number(adjust, "adjust"))
