"""The one lock every call into the engine holds (docs/guide.md, "Threads").
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Tuple


#: Serializes every call into the engine (docs/guide.md, "Threads"): one re-entrant
#: lock for the whole library, held for the whole of a call, callbacks
#: included. The engine's contract is one thread at a time per domain, and
#: a Python callback lets other threads run in the middle of a call (as does
#: every call that releases the GIL), so without it two threads using one
#: Dispatch corrupt the engine's memory. Re-entrant: a callback's own calls
#: on the calling thread go straight through. A callback that waits for
#: another thread which calls into xyzalert deadlocks (that thread waits
#: for the lock the callback's thread holds).
lock = threading.RLock()
acquire, release = lock.acquire, lock.release


def serialized(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function`, called with `lock` held."""
    def call(*args: Any, **keywords: Any) -> Any:
        acquire()
        try:
            return function(*args, **keywords)
        finally:
            release()
    call.__name__ = getattr(function, "__name__", "call")
    call.__doc__ = function.__doc__
    return call


def serialize_methods(*locking_themselves: str) -> Callable[[Any], Any]:
    """Class decorator: every public method and property of the class (not
    inherited; ``__enter__``/``__exit__`` too) runs with `lock` held, so
    that a handle read in it cannot be freed by another thread's ``close()``
    before the call that uses it; except the methods named, which take the
    lock themselves (the hot path, inline). Private helpers are left alone:
    they run inside a public method or a callback, which holds the lock
    already."""
    return lambda cls: _serialize_methods(cls, locking_themselves)


def _serialize_methods(cls: Any, skipped: Tuple[str, ...]) -> Any:
    for name, member in list(vars(cls).items()):
        if name.startswith("_") and name not in ("__enter__", "__exit__") or name in skipped:
            continue
        if isinstance(member, property):
            setattr(cls, name, property(member.fget and serialized(member.fget),
                                        member.fset and serialized(member.fset), None, member.__doc__))
        elif isinstance(member, (classmethod, staticmethod)):
            continue
        elif callable(member) and not isinstance(member, type):
            wrapped = serialized(member)
            wrapped.__wrapped__ = member  # type: ignore[attr-defined]
            setattr(cls, name, wrapped)
    return cls
