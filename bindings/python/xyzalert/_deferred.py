"""Exceptions raised inside Python callbacks never unwind into C: they are
stored per thread and re-raised by the result check (ctypes' errcheck) of
the C call that delivered the callback. The result checks are here too.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Dict, Optional

from . import _locking
from ._enums import Status
from ._loading import library
from .errors import XYZAlertError, error_for


class _Pending(threading.local):
    """Per thread: the exception a callback raised, until the outermost C
    call of the thread raises it."""

    exception: Optional[BaseException] = None


_pending = _Pending()
#: How deep in callbacks the calling thread is, as the one item of a list.
#: Not per thread: callbacks run only inside calls that hold the package's
#: lock (`_locking.lock`, re-entrant), so the one thread that changes it is
#: the thread holding that lock; a thread stores a callback's exception and
#: takes it back (`_take_pending`, which reads the depth) inside one locked
#: call, so the depth it reads there is its own. A thread-local
#: would cost about two foreign calls per callback (its attribute look-up),
#: on every alert's show and finish.
depth = [0]
# How many threads have an exception stored: while none has, a call's result
# check skips the thread-local look-up (the fast path of every call). Changed
# under the lock; read without it, which is safe: a thread's own store is
# always visible to itself, and another thread's only sends it the slow way.
_stored = [0]
# (The package's one lock: a finalizer run by the garbage collector inside
# the update may make a C call, which takes that lock; a second lock could
# deadlock against a thread that holds it, see _handles.)
_stored_lock = _locking.lock


def _count_stored(change: int) -> None:
    with _stored_lock:
        _stored[0] += change


def defer(exception: BaseException) -> None:
    """Stores an exception raised in a callback (the first one wins)."""
    if _pending.exception is None:
        _pending.exception = exception
        _count_stored(1)


def call_from_finalizer(function: Callable[..., Any], *args: Any) -> None:
    """Runs a C call from a finalizer (``__del__``), which may run anywhere,
    even inside a callback of another call: exceptions raised by the
    callbacks it delivers are dropped (there is no call to raise them from),
    and an exception already pending for an enclosing call stays pending for
    that call alone. Holds the lock throughout: the callback depth it saves
    and restores is the lock holder's."""
    with _locking.lock:
        saved_exception = _pending.exception
        saved_depth = depth[0]
        _pending.exception, depth[0] = None, 0
        try:
            function(*args)
        except Exception:
            pass
        finally:
            if _pending.exception is not None:  # dropped
                _count_stored(-1)
            _pending.exception, depth[0] = saved_exception, saved_depth


def _take_pending() -> Optional[BaseException]:
    """The stored exception, for the outermost C call of this thread only:
    calls made from inside callbacks must not raise it."""
    if depth[0] > 0:
        return None
    exception = _pending.exception
    if exception is not None:
        _pending.exception = None
        _count_stored(-1)
    return exception


# The guard's source, made once per number of arguments: a call with a fixed
# argument list costs a Python frame, where one through *args costs a C
# call and a tuple (`collections.namedtuple` and `dataclasses` make their
# methods from source for the same reason). What it reads is bound as
# defaults, local to the call: C passes exactly `arity` arguments, so they
# are never overridden.
_GUARD_SOURCE = """\
def make(function, failed):
    def call({arguments}, function=function, failed=failed, depth=depth):
        depth[0] += 1
        try:
            return function({arguments})
        except BaseException as exception:  # never unwind into C
            defer(exception)
            return failed
        finally:
            depth[0] -= 1
    return call
"""
_guard_makers: Dict[int, Callable[..., Any]] = {}


def guarded(function: Callable[..., Any], arity: int, failed: Any = None) -> Callable[..., Any]:
    """`function` made safe for C to call with `arity` arguments: the
    callback depth counted, any exception stored for the C call that
    delivered the callback to raise (never unwinding into C); returns the
    function's result, or `failed` when it raised. `function` takes the C
    callback's arguments as they are, its context (the last) included.
    Every callback of the package goes through this one guard."""
    make = _guard_makers.get(arity)
    if make is None:
        namespace: Dict[str, Any] = {"depth": depth, "defer": defer}
        exec(_GUARD_SOURCE.format(arguments=", ".join("a%d" % i for i in range(arity))), namespace)
        make = _guard_makers[arity] = namespace["make"]
    return make(function, failed)


def last_error() -> str:
    return library.xyz_last_error().decode("utf-8", "replace")


def _finish(error: Optional[XYZAlertError], result: Any) -> Any:
    """Raises a callback's stored exception (chained to the call's own
    error, if any), else the call's error, else returns the result."""
    pending = _take_pending()
    if pending is not None:
        if error is not None:
            raise pending from error
        raise pending
    if error is not None:
        raise error
    return result


def _status(result: int, func: Any, args: Any) -> int:
    if result == 0 and not _stored[0]:
        return result
    error = None
    if result != Status.OK:
        error = error_for(result, last_error())
        error.took_effect = bool(library.xyz_last_error_has_effects())
    return _finish(error, result)


def _plain(result: Any, func: Any, args: Any) -> Any:
    if not _stored[0]:
        return result
    return _finish(None, result)


def _non_null(code: Status) -> Callable[[Any, Any, Any], Any]:
    def check(result: Any, func: Any, args: Any) -> Any:
        if result and not _stored[0]:
            return result
        return _finish(None if result else error_for(code, last_error()), result)
    return check
