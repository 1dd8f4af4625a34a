"""The one module that talks to ctypes: finds ``libxyzalert.so``, declares
every C function of ``include/xyzalert.h`` (argtypes, restype, errcheck),
builds the callback trampolines, and turns failures into exceptions.

Exceptions raised inside Python callbacks never unwind into C: they are
stored per thread and re-raised by the errcheck of the C call that delivered
the callback.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import os
import threading
import weakref
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int, c_int32, c_size_t,
                    c_uint32, c_void_p)
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from . import _check
from .errors import ParseError, ReadError, SchemaError, XYZAlertError, error_for
from ._enums import Status

#: The header version these bindings were written against.
EXPECTED_MAJOR = 0
EXPECTED_MINOR = 2


# ---------------------------------------------------------------- structs

class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


SHOW = CFUNCTYPE(None, c_void_p, c_char_p, c_void_p, c_void_p)
HIDE = CFUNCTYPE(None, c_void_p, c_int, c_void_p)
UNHIDE = CFUNCTYPE(None, c_void_p, c_void_p)
END = CFUNCTYPE(None, c_void_p, c_int, c_void_p)
MOVE = CFUNCTYPE(None, c_void_p, c_double, c_double, c_void_p)
ACTION = CFUNCTYPE(None, c_void_p, c_size_t, c_void_p)
REQUEST_FLUSH = CFUNCTYPE(None, c_void_p, c_void_p)
DESTROY = CFUNCTYPE(None, c_void_p)
PROVIDER = CFUNCTYPE(c_void_p, c_void_p, c_void_p)
NOW = CFUNCTYPE(c_double, c_void_p)
SET_TIMER = CFUNCTYPE(None, c_void_p, c_double, c_void_p)


class Host(Structure):
    _fields_ = [("size", c_uint32), ("context", c_void_p), ("show", SHOW), ("hide", HIDE), ("unhide", UNHIDE),
                ("remove", END), ("finish", END), ("move", MOVE), ("action", ACTION),
                ("request_flush", REQUEST_FLUSH), ("destroy_context", DESTROY), ("now", NOW),
                ("set_timer", SET_TIMER), ("update", UNHIDE)]


class Error(Structure):
    _fields_ = [("status", c_int), ("line", c_int), ("column", c_int), ("position", c_size_t),
                ("source", c_char * 256), ("pointer", c_char * 256), ("message", c_char * 512)]


class Step(Structure):
    _fields_ = [("kind", c_int), ("page", c_char_p), ("child", c_char_p), ("alert", c_char_p),
                ("alerts", POINTER(c_char_p)), ("alert_count", c_size_t), ("index", c_size_t),
                ("frame", Rect), ("duration", c_double)]


# ---------------------------------------------------------------- discovery

def _candidates() -> Iterator[Tuple[str, str]]:
    override = os.environ.get("XYZALERT_LIBRARY")
    if override:
        yield "XYZALERT_LIBRARY", override
        return
    here = Path(__file__).resolve().parent
    yield "the package's own copy", str(here / "libxyzalert.so")
    root = here.parent.parent.parent
    for config in ("debug", "release"):
        for path in sorted(root.glob(f".build/*/{config}/libxyzalert.so")):
            yield f"the build tree ({config})", str(path)
    # An installed library, by its soname, wherever the dynamic linker looks
    # (LD_LIBRARY_PATH, its cache, the default directories).
    yield "the system library path", f"libxyzalert.so.{EXPECTED_MAJOR}"


def _load() -> ctypes.CDLL:
    tried: List[str] = []
    for where, path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(f"{where}: {path} (not found)")
            continue
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"{where}: {path} ({error})")
            continue
        library.xyz_version.restype = c_int
        version = library.xyz_version()
        major, minor = version // 1000000, version // 1000 % 1000
        if major != EXPECTED_MAJOR or minor < EXPECTED_MINOR:
            tried.append(f"{where}: {path} (version {major}.{minor}, need {EXPECTED_MAJOR}.{EXPECTED_MINOR} or a "
                         f"later {EXPECTED_MAJOR}.x)")
            continue
        return library
    raise ImportError("cannot load libxyzalert.so; tried:\n  " + "\n  ".join(tried)
                      + "\nSet XYZALERT_LIBRARY to the library's path (build it with `make lib`).")


_library = _load()

# ---------------------------------------------------------------- threads

#: Serializes every call into the engine (README, "Threads"): one re-entrant
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
    def call(*args: Any) -> Any:
        acquire()
        try:
            return function(*args)
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

# ---------------------------------------------------------------- callback exceptions

class _Pending(threading.local):
    """Per thread: the exception a callback raised, until the outermost C
    call of the thread raises it, and how deep in callbacks the thread is.
    (The depth is the one item of a list, so that a callback reads the
    thread-local once and counts in the list: each read or write of a
    thread-local attribute costs about as much as a foreign call.)"""

    exception: Optional[BaseException] = None

    def __init__(self) -> None:
        self.depth = [0]


_pending = _Pending()
# How many threads have an exception stored: while none has, a call's result
# check skips the thread-local look-up (the fast path of every call). Changed
# under the lock; read without it, which is safe: a thread's own store is
# always visible to itself, and another thread's only sends it the slow way.
_stored = [0]
_stored_lock = threading.Lock()


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
    that call alone."""
    saved_exception = _pending.exception
    depth = _pending.depth
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
    if _pending.depth[0] > 0:
        return None
    exception = _pending.exception
    if exception is not None:
        _pending.exception = None
        _count_stored(-1)
    return exception


def _in_callback(function: Callable[..., Any], *args: Any) -> Any:
    """Runs Python code called from C: depth-counted, exceptions deferred."""
    depth = _pending.depth
    depth[0] += 1
    try:
        return function(*args)
    except BaseException as exception:  # never unwind into C
        defer(exception)
        return None
    finally:
        depth[0] -= 1


def last_error() -> str:
    return lib.xyz_last_error().decode("utf-8", "replace")


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
    return _finish(error_for(result, last_error()) if result != Status.OK else None, result)


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


# ---------------------------------------------------------------- declarations

_P = c_void_p
_S = c_char_p
_FREE = CFUNCTYPE(None, c_void_p)

# Constructors and other calls whose NULL result means XYZ_EINVAL.
_non_null_or_invalid = _non_null(Status.EINVAL)
# xyz_dispatch_recording_json: NULL for a dispatch the bindings pass is XYZ_ESTATE.
_non_null_or_state = _non_null(Status.ESTATE)

#: name: (restype, argtypes, errcheck)
_DECLARATIONS = {
    "xyz_version": (c_int, [], _plain),
    "xyz_version_string": (_S, [], _plain),
    "xyz_status_name": (_S, [c_int], _plain),
    "xyz_state_name": (_S, [c_int], _plain),
    "xyz_exclusive_name": (_S, [c_int], _plain),
    "xyz_hide_reason_name": (_S, [c_int], _plain),
    "xyz_end_reason_name": (_S, [c_int], _plain),
    "xyz_action_style_name": (_S, [c_int], _plain),
    "xyz_on_duplicate_name": (_S, [c_int], _plain),
    "xyz_last_error": (_S, [], None),
    "xyz_free": (None, [c_void_p], None),
    "xyz_keyboard_offset": (c_double, [Rect, Rect, c_double], _plain),
    # dispatch
    "xyz_dispatch_create": (_P, [POINTER(Host), c_void_p], _non_null_or_invalid),
    "xyz_dispatch_destroy": (c_int, [_P], _status),
    "xyz_dispatch_set_name": (c_int, [_P, _S], _status),
    "xyz_dispatch_name": (_S, [_P], _plain),
    "xyz_dispatch_add": (c_int, [_P, POINTER(c_void_p), c_size_t], _status),
    "xyz_dispatch_page_did_appear": (c_int, [_P], _status),
    "xyz_dispatch_page_will_disappear": (c_int, [_P], _status),
    "xyz_dispatch_set_parent": (c_int, [_P, _P], _status),
    "xyz_dispatch_parent": (_P, [_P], _plain),
    "xyz_dispatch_set_active_child": (c_int, [_P, _P], _status),
    "xyz_dispatch_set_active_child_provider": (c_int, [_P, PROVIDER, c_void_p, _FREE], _status),
    "xyz_dispatch_active_child_context": (c_void_p, [_P], _plain),
    "xyz_dispatch_set_target": (c_int, [_P, _S, c_void_p], _status),
    "xyz_dispatch_keyboard_changed": (c_int, [_P, Rect, c_double], _status),
    "xyz_dispatch_flush": (c_int, [_P], _status),
    "xyz_dispatch_tick": (c_int, [_P], _status),
    "xyz_dispatch_suspend": (c_int, [_P], _status),
    "xyz_dispatch_set_capacity": (c_int, [_P, c_size_t], _status),
    "xyz_dispatch_capacity": (c_size_t, [_P], _plain),
    "xyz_dispatch_resume": (c_int, [_P], _status),
    "xyz_dispatch_is_suspended": (c_bool, [_P], _plain),
    "xyz_dispatch_cancel_tagged": (c_int, [_P, _S, POINTER(c_size_t)], _status),
    "xyz_dispatch_next_deadline": (c_double, [_P], _plain),
    "xyz_dispatch_find": (_P, [_P, _S], _plain),
    "xyz_dispatch_snapshot_json": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_dispatch_start_recording": (c_int, [_P], _status),
    "xyz_dispatch_stop_recording": (c_int, [_P], _status),
    "xyz_dispatch_recording_json": (c_void_p, [_P], _non_null_or_state),
    "xyz_dispatch_add_catalog": (c_int, [_P, _P], _status),
    # alert
    "xyz_alert_create": (_P, [_S], _non_null_or_invalid),
    "xyz_alert_create_with": (_P, [_S, c_int32, c_int], _non_null_or_invalid),
    "xyz_alert_retain": (_P, [_P], None),
    "xyz_alert_release": (None, [_P], None),
    "xyz_alert_id": (_S, [_P], _plain),
    "xyz_alert_set_priority": (c_int, [_P, c_int32], _status),
    "xyz_alert_priority": (c_int32, [_P], _plain),
    "xyz_alert_set_exclusive": (c_int, [_P, c_int], _status),
    "xyz_alert_exclusive": (c_int, [_P], _plain),
    "xyz_alert_state": (c_int, [_P], _plain),
    "xyz_alert_set_on_duplicate": (c_int, [_P, c_int], _status),
    "xyz_alert_set_lane": (c_int, [_P, _S], _status),
    "xyz_alert_lane": (_S, [_P], _plain),
    "xyz_alert_on_duplicate": (c_int, [_P], _plain),
    "xyz_alert_add_tag": (c_int, [_P, _S], _status),
    "xyz_alert_tag_count": (c_size_t, [_P], _plain),
    "xyz_alert_tag": (_S, [_P, c_size_t], _plain),
    "xyz_alert_has_tag": (c_bool, [_P, _S], _plain),
    "xyz_alert_set_duration": (c_int, [_P, c_double], _status),
    "xyz_alert_duration": (c_double, [_P], _plain),
    "xyz_alert_set_ttl": (c_int, [_P, c_double], _status),
    "xyz_alert_ttl": (c_double, [_P], _plain),
    "xyz_alert_dispatch": (_P, [_P], _plain),
    "xyz_alert_add_dependency": (c_int, [_P, _P], _status),
    "xyz_alert_add_dependency_id": (c_int, [_P, _S], _status),
    "xyz_alert_dependency_id_count": (c_size_t, [_P], _plain),
    "xyz_alert_dependency_id": (_S, [_P, c_size_t], _plain),
    "xyz_alert_set_waiting": (c_int, [_P], _status),
    "xyz_alert_set_ready": (c_int, [_P], _status),
    "xyz_alert_dismiss": (c_int, [_P], _status),
    "xyz_alert_cancel": (c_int, [_P], _status),
    "xyz_alert_trigger_action": (c_int, [_P, c_size_t], _status),
    "xyz_alert_explain": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_alert_set_target": (c_int, [_P, _S], _status),
    "xyz_alert_target": (_S, [_P], _plain),
    "xyz_alert_set_keyboard_avoidance": (c_int, [_P, c_bool, c_double], _status),
    "xyz_alert_set_frame": (c_int, [_P, POINTER(Rect)], _status),
    "xyz_alert_set_style": (c_int, [_P, _S], _status),
    "xyz_alert_style": (_S, [_P], _plain),
    "xyz_alert_set_title": (c_int, [_P, _S], _status),
    "xyz_alert_title": (_S, [_P], _plain),
    "xyz_alert_set_message": (c_int, [_P, _S], _status),
    "xyz_alert_message": (_S, [_P], _plain),
    "xyz_alert_add_action": (c_int, [_P, _S, _S, c_int], _status),
    "xyz_alert_clear_actions": (c_int, [_P], _status),
    "xyz_alert_action_count": (c_size_t, [_P], _plain),
    "xyz_alert_action_id": (_S, [_P, c_size_t], _plain),
    "xyz_alert_action_title": (_S, [_P, c_size_t], _plain),
    "xyz_alert_action_style": (c_int, [_P, c_size_t], _plain),
    "xyz_alert_set_meta": (c_int, [_P, _S], _status),
    "xyz_alert_meta": (_S, [_P], _plain),
    "xyz_alert_set_user_data": (c_int, [_P, c_void_p, _FREE], _status),
    "xyz_alert_user_data": (c_void_p, [_P], _plain),
    # catalogs (alert sets) and their definitions
    "xyz_catalog_load_file": (_P, [_S, POINTER(Error)], None),
    "xyz_catalog_load_string": (_P, [_S, c_size_t, POINTER(Error)], None),
    "xyz_catalog_free": (None, [_P], None),
    "xyz_catalog_count": (c_size_t, [_P], _plain),
    "xyz_catalog_definition": (_P, [_P, c_size_t], _plain),
    "xyz_catalog_find": (_P, [_P, _S], _plain),
    "xyz_catalog_create_alert": (_P, [_P, _S], _non_null(Status.ENOTFOUND)),
    "xyz_definition_id": (_S, [_P], _plain),
    "xyz_definition_priority": (c_int32, [_P], _plain),
    "xyz_definition_exclusive": (c_int, [_P], _plain),
    "xyz_definition_ready": (c_bool, [_P], _plain),
    "xyz_definition_page": (_S, [_P], _plain),
    "xyz_definition_target": (_S, [_P], _plain),
    "xyz_definition_style": (_S, [_P], _plain),
    "xyz_definition_title": (_S, [_P], _plain),
    "xyz_definition_message": (_S, [_P], _plain),
    "xyz_definition_meta": (_S, [_P], _plain),
    "xyz_definition_keyboard_avoidance": (c_bool, [_P, POINTER(c_double)], _plain),
    "xyz_definition_duration": (c_double, [_P], _plain),
    "xyz_definition_on_duplicate": (c_int, [_P], _plain),
    "xyz_definition_lane": (_S, [_P], _plain),
    "xyz_definition_tag_count": (c_size_t, [_P], _plain),
    "xyz_definition_tag": (_S, [_P, c_size_t], _plain),
    "xyz_definition_ttl": (c_double, [_P], _plain),
    "xyz_definition_after_count": (c_size_t, [_P], _plain),
    "xyz_definition_after": (_S, [_P, c_size_t], _plain),
    "xyz_definition_name": (_S, [_P], _plain),
    "xyz_definition_after_alert_count": (c_size_t, [_P], _plain),
    "xyz_definition_after_alert": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_count": (c_size_t, [_P], _plain),
    "xyz_definition_action_id": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_title": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_style": (c_int, [_P, c_size_t], _plain),
    # checking (xyzalert_tooling.h)
    "xyz_check_file": (c_int, [_S, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    "xyz_check_string": (c_int, [_S, c_size_t, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    # scenarios
    "xyz_scenario_load_file": (_P, [_S, POINTER(Error)], None),
    "xyz_scenario_load_string": (_P, [_S, c_size_t, POINTER(Error)], None),
    "xyz_scenario_free": (None, [_P], None),
    "xyz_scenario_catalog": (_P, [_P], _plain),
    "xyz_scenario_deferred": (c_bool, [_P], _plain),
    "xyz_scenario_page_count": (c_size_t, [_P], _plain),
    "xyz_scenario_page_name": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_page_parent": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_page_active": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_step_count": (c_size_t, [_P], _plain),
    "xyz_scenario_step": (c_int, [_P, c_size_t, POINTER(Step)], _status),
    "xyz_scenario_step_text": (_S, [_P, c_size_t, _S], _plain),
    "xyz_scenario_step_has": (c_bool, [_P, c_size_t, _S], _plain),
    "xyz_scenario_step_number": (c_bool, [_P, c_size_t, _S, POINTER(c_double)], _plain),
    "xyz_scenario_page_capacity": (c_size_t, [_P, c_size_t], _plain),
    "xyz_scenario_has_expect": (c_bool, [_P], _plain),
    "xyz_scenario_expect_count": (c_size_t, [_P], _plain),
    "xyz_scenario_expect": (_S, [_P, c_size_t, POINTER(c_int), POINTER(c_int)], _plain),
    "xyz_scenario_expect_span": (c_bool, [_P, POINTER(c_size_t), POINTER(c_size_t), POINTER(c_int), POINTER(c_int)],
                                 _plain),
}

def _declare(library: Any, name: str, with_errcheck: bool) -> None:
    restype, argtypes, errcheck = _DECLARATIONS[name]
    function = getattr(library, name)
    function.restype = restype
    function.argtypes = argtypes
    if with_errcheck and errcheck is not None:
        function.errcheck = errcheck


for _name in _DECLARATIONS:
    _declare(_library, _name, with_errcheck=True)


class _Locked:
    """The library's functions, each called with `lock` held (see
    `serialized`), as attributes of the same names."""

    def __init__(self, library: ctypes.CDLL, unlocked: Tuple[str, ...]) -> None:
        self._name = library._name
        for name in _DECLARATIONS:
            function = getattr(library, name)
            setattr(self, name, function if name in unlocked else serialized(function))

    def __getattr__(self, name: str) -> Any:  # (for the type checker: every xyz_* is set above)
        raise AttributeError(name)


#: Every C function, serialized. Not locked: what touches no domain and no
#: shared state (versions, names, the thread's last error, freeing a string,
#: the keyboard formula, creating an alert) and reference counting (atomic;
#: an alert the engine still uses it holds a reference of its own to).
lib: Any = _Locked(_library, ("xyz_version", "xyz_version_string", "xyz_status_name", "xyz_state_name",
                              "xyz_exclusive_name", "xyz_hide_reason_name", "xyz_end_reason_name",
                              "xyz_action_style_name", "xyz_on_duplicate_name", "xyz_last_error", "xyz_free",
                              "xyz_keyboard_offset", "xyz_alert_create", "xyz_alert_create_with",
                              "xyz_alert_retain", "xyz_alert_release"))

# The calls of every app's hot path (create with priority and exclusive
# behaviour, add, dismiss, release), declared a second time with neither
# errcheck nor argtypes: ctypes' errcheck hook costs more than the call
# itself, and converting each argument through argtypes about as much again. Without argtypes ctypes
# passes a Python int as a C int, so callers of `hot` pass every pointer as a
# ctypes object (an alert's or dispatch's `_param`, bytes or None for a
# string, `ONE` for a size_t count) and only range-checked int32 values as
# ints; they check results with `checked` / `created`. They are also loaded
# through `PyDLL`, which keeps the GIL during the call: each of these returns
# within microseconds and its callbacks need the GIL anyway, and releasing it
# and taking it back (once per call, again in each callback) cost about
# 2,200 of the 38,000 instructions of an add -> show -> dismiss cycle.
# Not serialized: callers of add and dismiss hold `lock` themselves (create
# and release need none, as for `lib`).
hot = ctypes.PyDLL(_library._name)
for _name, _restype in (("xyz_alert_create_with", c_void_p), ("xyz_dispatch_add", c_int),
                        ("xyz_alert_dismiss", c_int), ("xyz_alert_release", None)):
    getattr(hot, _name).restype = _restype
ONE = c_size_t(1)


def checked(status: int) -> None:
    """The check `_status` makes, for a status-returning call of `hot`
    (inline here for the common case: no error, nothing stored)."""
    if status or _stored[0]:
        _status(status, None, None)


def created(handle: Optional[int]) -> int:
    """The check `xyz_alert_create`'s errcheck makes, for the call of `hot`."""
    return _non_null_or_invalid(handle, None, None)


# ---------------------------------------------------------------- helpers

def encode(text: Optional[str]) -> Optional[bytes]:
    return None if text is None else text.encode("utf-8")


def decode(raw: Optional[bytes]) -> Optional[str]:
    return None if raw is None else raw.decode("utf-8")


def take_string(pointer: int) -> str:
    """A ``char *`` the caller owns: copied, then freed with xyz_free."""
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        lib.xyz_free(pointer)


def handle_array(handles: List[int]) -> Any:
    return (c_void_p * len(handles))(*handles)


def rect(values: Any, name: str) -> Rect:
    """An xyz_rect from (x, y, width, height); TypeError or ValueError naming `name`."""
    return Rect(*_check.rect(values, name))


def load(function_name: str, source: Any, *args: Any) -> int:
    """Calls a loader; raises ParseError, SchemaError or ReadError with the
    location the engine reports."""
    error = Error()
    handle = getattr(lib, function_name)(source, *args, ctypes.byref(error))
    if handle:
        return handle
    fields = dict(source=error.source.decode("utf-8", "replace"), line=error.line, column=error.column,
                  position=error.position, path=error.pointer.decode("utf-8", "replace"))
    message = error.message.decode("utf-8", "replace")
    if error.status == Status.ESCHEMA:
        raise SchemaError(message, Status.ESCHEMA, **fields)
    if error.status == Status.EIO:
        raise ReadError(message, Status.EIO, **fields)
    if error.status == Status.EPARSE:
        raise ParseError(message, Status.EPARSE, **fields)
    raise error_for(error.status, message)


def make_host(callbacks: Any, wanted: Any) -> Tuple[Host, List[Any]]:
    """An ``xyz_host`` whose callbacks call methods of `callbacks` (which
    receive raw handles), for the events `wanted` names ("show", "hide", ...;
    the others stay NULL, so the engine does not call into Python for them,
    and "request_flush" makes the dispatch deferred); returns it with the
    objects that must stay alive for as long as C may call them."""
    def guard(function: Callable[..., None]) -> Callable[..., None]:
        def call(*args: Any) -> None:
            _in_callback(function, *args[:-1])
        return call

    on_show = callbacks.on_show

    def call_show(alert: int, target: bytes, view: Optional[int], context: Any) -> None:
        # (`guard` and `_in_callback` in one, for the event every alert has.)
        depth = _pending.depth
        depth[0] += 1
        try:
            on_show(alert, target, view)
        except BaseException as exception:  # never unwind into C
            defer(exception)
        finally:
            depth[0] -= 1

    made = [
        SHOW(call_show) if "show" in wanted else SHOW(0),  # a function pointer made from 0 is NULL
        HIDE(guard(callbacks.on_hide)) if "hide" in wanted else HIDE(0),
        UNHIDE(guard(callbacks.on_unhide)) if "unhide" in wanted else UNHIDE(0),
        END(guard(callbacks.on_remove)) if "remove" in wanted else END(0),
        END(guard(callbacks.on_finish)) if "finish" in wanted else END(0),
        MOVE(guard(callbacks.on_move)) if "move" in wanted else MOVE(0),
        ACTION(guard(callbacks.on_action)) if "action" in wanted else ACTION(0),
        REQUEST_FLUSH(guard(callbacks.on_request_flush)) if "request_flush" in wanted else REQUEST_FLUSH(0),
    ]
    def read_clock(context: Any) -> float:
        reading = _in_callback(callbacks.on_now)
        # A clock that raised reads as NaN, which the engine takes as its last good reading.
        return math.nan if reading is None else reading

    clock = [
        NOW(read_clock) if "now" in wanted else NOW(0),
        SET_TIMER(guard(callbacks.on_set_timer)) if "set_timer" in wanted else SET_TIMER(0),
        UNHIDE(guard(callbacks.on_update)) if "update" in wanted else UNHIDE(0),  # same signature
    ]
    host = Host(ctypes.sizeof(Host), None, *made, DESTROY(0), *clock)
    return host, made + clock


# Providers the engine holds. Each trampoline is kept in its dispatch's
# `_providers`, under the token passed to the engine as the provider's
# context; the engine calls _free_provider with that token once it no longer
# calls the provider (replaced, removed, or its dispatch destroyed). So a
# provider replaced from inside a callback of the very call that set it
# stays alive until the engine lets go of it, and the dispatch can still be
# garbage-collected (the global table holds it weakly).
_provider_owners: Dict[int, Any] = {}
_provider_tokens = itertools.count(1)


def _free_provider(token: Optional[int]) -> None:
    owners = _provider_owners
    if owners is None:  # interpreter shutdown
        return
    owner_ref = owners.pop(token or 0, None)
    owner = owner_ref() if owner_ref is not None else None
    if owner is not None:
        owner._providers.pop(token, None)


_FREE_PROVIDER = _FREE(_free_provider)


def set_provider(owner: Any, function: Callable[[int], Optional[int]]) -> None:
    """Hands `function` to the engine as the active-child provider of the
    dispatch `owner`; raises as the C call does."""
    def call(parent: int, context: int) -> Optional[int]:
        return _in_callback(function, parent)
    token = next(_provider_tokens)
    owner._providers[token] = PROVIDER(call)
    _provider_owners[token] = weakref.ref(owner)
    try:
        lib.xyz_dispatch_set_active_child_provider(owner._handle, owner._providers[token], token, _FREE_PROVIDER)
    except BaseException:
        # A call that failed before setting the provider never frees it; one
        # whose passes did not settle has set it, and the engine frees it.
        if lib.xyz_dispatch_active_child_context(owner._handle) != token:
            _free_provider(token)
        raise


def new_step() -> Step:
    return Step()


def step_alerts(step: Step) -> List[str]:
    return [step.alerts[i].decode("utf-8") for i in range(step.alert_count)]


def by_reference(value: Any) -> Any:
    return ctypes.byref(value)

