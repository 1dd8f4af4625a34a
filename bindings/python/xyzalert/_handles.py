"""The Python wrapper of each C handle, so that callbacks and getters hand
back the objects the application holds. Alerts and dispatches both look
each other up here, so neither module imports the other to do it."""

from __future__ import annotations

import threading
import weakref
from typing import Any, Optional

# Weak: a wrapper lives as long as the application keeps it (or, for alerts,
# as long as the engine's callbacks are handing it out).
_alerts: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_dispatches: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_lock = threading.Lock()


def put_alert(handle: int, alert: Any) -> None:
    with _lock:
        _alerts[handle] = alert


def alert(handle: int) -> Optional[Any]:
    """The :class:`Alert` wrapping `handle`, if one is alive."""
    with _lock:
        return _alerts.get(handle)


def put_dispatch(handle: int, dispatch: Any) -> None:
    with _lock:
        _dispatches[handle] = dispatch


def forget_dispatch(handle: int) -> None:
    with _lock:
        _dispatches.pop(handle, None)


def dispatch(handle: Optional[int]) -> Optional[Any]:
    """The open :class:`Dispatch` wrapping `handle` (None for NULL or an unknown handle)."""
    if not handle:
        return None
    with _lock:
        return _dispatches.get(handle)
