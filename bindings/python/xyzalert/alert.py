"""Alerts: one alert instance, reference counted by the engine."""

from __future__ import annotations

import json
import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _lib
from ._enums import ActionStyle, Exclusive, State

if TYPE_CHECKING:
    from .dispatch import Dispatch

lib = _lib.lib


@dataclass(frozen=True)
class Action:
    """One button of a system-style alert."""

    id: str
    title: str
    style: ActionStyle = ActionStyle.DEFAULT


ActionLike = Union[Action, Tuple[str, str], Tuple[str, str, ActionStyle]]

# Python wrappers by C handle, so that callbacks hand back the same objects.
_wrappers: "weakref.WeakValueDictionary[int, Alert]" = weakref.WeakValueDictionary()
_wrappers_lock = threading.Lock()


class Alert:
    """One alert. Keyword arguments set everything SPEC section 8 defines.

    The object holds one engine reference, released by the garbage
    collector; a dispatch keeps its own while the alert is live. Attributes
    you set on it stay with it, so it can carry the host's own data.
    """

    _handle: int

    def __init__(self, id: Optional[str] = None, *, priority: int = 0, exclusive: Exclusive = Exclusive.WAIT,
                 after: Iterable[str] = (), ready: bool = True, target: str = "page", title: Optional[str] = None,
                 message: Optional[str] = None, actions: Sequence[ActionLike] = (), style: str = "alert",
                 meta: Optional[Union[Mapping[str, Any], str]] = None, avoid_keyboard: bool = True,
                 keyboard_adjust: float = 0.0) -> None:
        self._handle = 0
        handle = lib.xyz_alert_create(_lib.encode(id))
        self._adopt(handle)
        # Defaults are the engine's own: only other values cost a call.
        if priority != 0:
            lib.xyz_alert_set_priority(handle, priority)
        if exclusive != Exclusive.WAIT:
            lib.xyz_alert_set_exclusive(handle, int(exclusive))
        for dependency in after:
            lib.xyz_alert_add_dependency_id(handle, _lib.encode(dependency))
        if not ready:
            lib.xyz_alert_set_waiting(handle)
        if target != "page":
            lib.xyz_alert_set_target(handle, _lib.encode(target))
        if style != "alert":
            lib.xyz_alert_set_style(handle, _lib.encode(style))
        if title is not None:
            lib.xyz_alert_set_title(handle, _lib.encode(title))
        if message is not None:
            lib.xyz_alert_set_message(handle, _lib.encode(message))
        for action in actions:
            self.add_action(action)
        if meta is not None:
            lib.xyz_alert_set_meta(handle, _lib.encode(meta if isinstance(meta, str) else json.dumps(meta)))
        if not avoid_keyboard or keyboard_adjust != 0:
            lib.xyz_alert_set_keyboard_avoidance(handle, avoid_keyboard, float(keyboard_adjust))

    def _adopt(self, handle: int) -> None:
        """Takes ownership of one reference to `handle`."""
        self._handle = handle
        with _wrappers_lock:
            _wrappers[handle] = self

    @classmethod
    def _wrap(cls, handle: int) -> "Alert":
        """The wrapper of a borrowed handle, made (with a new reference) if needed."""
        with _wrappers_lock:
            existing = _wrappers.get(handle)
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
        handle = getattr(self, "_handle", 0)
        if handle and _lib is not None and lib is not None:
            self._handle = 0
            lib.xyz_alert_release(handle)

    def __repr__(self) -> str:
        return f"<Alert {self.id!r} {self.state.name.lower()}>"

    # ---- identity and state

    @property
    def id(self) -> Optional[str]:
        return _lib.decode(lib.xyz_alert_id(self._handle))

    @property
    def state(self) -> State:
        return State(lib.xyz_alert_state(self._handle))

    @property
    def priority(self) -> int:
        return int(lib.xyz_alert_priority(self._handle))

    @property
    def exclusive(self) -> Exclusive:
        return Exclusive(lib.xyz_alert_exclusive(self._handle))

    @property
    def dispatch(self) -> Optional["Dispatch"]:
        """The dispatch of a live alert."""
        from .dispatch import Dispatch
        return Dispatch._lookup(lib.xyz_alert_dispatch(self._handle))

    @property
    def after(self) -> List[str]:
        """The id dependencies."""
        count = lib.xyz_alert_dependency_id_count(self._handle)
        return [lib.xyz_alert_dependency_id(self._handle, i).decode("utf-8") for i in range(count)]

    def explain(self) -> str:
        """One sentence on why the alert is in its state."""
        return _lib.take_string(lib.xyz_alert_explain(self._handle))

    # ---- scheduling

    def set_ready(self) -> None:
        """Idle: it will be added ready. Waiting: it becomes ready and may show."""
        lib.xyz_alert_set_ready(self._handle)

    def dismiss(self) -> None:
        """The host took this on-screen alert off screen: it finishes."""
        lib.xyz_alert_dismiss(self._handle)

    def cancel(self) -> None:
        """Ends a live alert (removed first if on screen)."""
        lib.xyz_alert_cancel(self._handle)

    def trigger_action(self, index: int) -> None:
        """The user chose action `index` of this showing alert."""
        lib.xyz_alert_trigger_action(self._handle, index)

    def add_dependency(self, alert: Union["Alert", str]) -> None:
        """Wait until `alert` finishes (an :class:`Alert`), or while a live
        alert with that id exists in the domain (a ``str``)."""
        if isinstance(alert, str):
            lib.xyz_alert_add_dependency_id(self._handle, _lib.encode(alert))
        else:
            lib.xyz_alert_add_dependency(self._handle, alert._handle)

    # ---- presentation

    @property
    def target(self) -> str:
        return lib.xyz_alert_target(self._handle).decode("utf-8")

    @target.setter
    def target(self, name: str) -> None:
        lib.xyz_alert_set_target(self._handle, _lib.encode(name))

    @property
    def style(self) -> str:
        return lib.xyz_alert_style(self._handle).decode("utf-8")

    @style.setter
    def style(self, style: str) -> None:
        lib.xyz_alert_set_style(self._handle, _lib.encode(style))

    @property
    def title(self) -> Optional[str]:
        return _lib.decode(lib.xyz_alert_title(self._handle))

    @title.setter
    def title(self, title: Optional[str]) -> None:
        lib.xyz_alert_set_title(self._handle, _lib.encode(title))

    @property
    def message(self) -> Optional[str]:
        return _lib.decode(lib.xyz_alert_message(self._handle))

    @message.setter
    def message(self, message: Optional[str]) -> None:
        lib.xyz_alert_set_message(self._handle, _lib.encode(message))

    @property
    def actions(self) -> List[Action]:
        count = lib.xyz_alert_action_count(self._handle)
        return [Action(lib.xyz_alert_action_id(self._handle, i).decode("utf-8"),
                       lib.xyz_alert_action_title(self._handle, i).decode("utf-8"),
                       ActionStyle(lib.xyz_alert_action_style(self._handle, i))) for i in range(count)]

    def add_action(self, action: ActionLike) -> None:
        """Appends a button: an :class:`Action` or a tuple ``(id, title[, style])``."""
        if not isinstance(action, Action):
            action = Action(*action)
        lib.xyz_alert_add_action(self._handle, _lib.encode(action.id), _lib.encode(action.title), int(action.style))

    @property
    def meta(self) -> Optional[Dict[str, Any]]:
        """Host data from JSON ``meta``, as a dict."""
        text = _lib.decode(lib.xyz_alert_meta(self._handle))
        return None if text is None else json.loads(text)

    def set_frame(self, frame: Optional[Sequence[float]]) -> None:
        """Reports the laid-out frame ``(x, y, width, height)``; None if unknown."""
        lib.xyz_alert_set_frame(self._handle, None if frame is None else _lib.by_reference(_lib.rect(frame)))

    def set_keyboard_avoidance(self, enabled: bool, adjust: float = 0.0) -> None:
        """Keyboard avoidance on or off, with a correction (negative moves up)."""
        lib.xyz_alert_set_keyboard_avoidance(self._handle, enabled, float(adjust))


def keyboard_offset(frame: Sequence[float], keyboard: Sequence[float], adjust: float = 0.0) -> float:
    """The avoidance formula of SPEC section 6, as the engine computes it."""
    return float(lib.xyz_keyboard_offset(_lib.rect(frame), _lib.rect(keyboard), float(adjust)))
