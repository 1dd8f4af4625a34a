"""The Python wrapper of each C handle, so that callbacks and getters hand
back the objects the application holds. Alerts and dispatches both look
each other up here, so neither module imports the other to do it."""

from __future__ import annotations

import weakref
from typing import Any, Dict, Optional

from . import _locking

# Weak: a wrapper lives as long as the application keeps it (or, for alerts,
# as long as the engine's callbacks are handing it out). Alerts are on every
# hot path, so their table is a plain dict of weak references, whose single
# operations are atomic under the GIL; each wrapper's finalizer drops its own
# entry (`Alert.__del__`) unless a newer wrapper of its handle replaced it.
# Dispatches are few and keep the locked weak dictionary.
# Its lock is the package's one lock (`_locking.lock`), re-entrant: the
# garbage collector may run a Dispatch's finalizer (which closes it, takes
# that lock, runs passes, asks providers that look dispatches up here) in
# the middle of this module's own operation. A lock of its own would
# deadlock there, on the same thread (a plain lock) or with a thread that
# holds the package's lock and waits for this one (any second lock).
#: (`Alert()`, its finalizer and the callbacks of an alert's life, on every
#: app's hot path, store, drop and look up here directly.)
alert_refs: Dict[int, "weakref.ref[Any]"] = {}
_dispatches: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_lock = _locking.lock
#: The dispatch (weakly) of each active-child provider token the engine
#: holds (callbacks.set_provider).
_provider_owners: Dict[int, "weakref.ref[Any]"] = {}


def put_alert(handle: int, alert: Any) -> None:
    alert_refs[handle] = weakref.ref(alert)


def alert(handle: int) -> Optional[Any]:
    """The :class:`Alert` wrapping `handle`, if one is alive."""
    ref = alert_refs.get(handle)
    return ref() if ref is not None else None


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
