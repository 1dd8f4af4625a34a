"""Display history, frequency caps and cool-downs (docs/rules.md §16)."""

from __future__ import annotations

import ctypes
import itertools
import math
import os
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Union

from . import _check, _lib
from ._deferred import guarded
from ._enums import LimitPer

lib = _lib.lib

#: What a limit counts displays over: "session", "lifetime", "day" or "week"
#: (local calendar periods, docs/rules.md §22), or a window of seconds (a
#: number, or a string with a unit: "90s", "30m", "12h", "90d").
Per = Union[str, float]

_PERIODS = {str(p): int(p) for p in LimitPer if p is not LimitPer.WINDOW}
_WINDOW = int(LimitPer.WINDOW)
_NAMES = {value: name for name, value in _PERIODS.items()}


def seconds(value: Union[str, float], name: str) -> float:
    """A number of seconds: a finite number, 0 or more (ValueError
    otherwise), or a string of digits, an optional fraction and a unit (s,
    m, h or d), read by the library's one parser (xyz_seconds_parse), as
    the JSON files are."""
    if isinstance(value, str):
        parsed = ctypes.c_double()
        if "\x00" in value or lib.xyz_seconds_parse(value.encode("utf-8"), ctypes.byref(parsed)) != 0:
            raise ValueError(f"{name} must be a number of seconds or a string of digits, an optional fraction and a unit "
                             f"(s, m, h or d: \"90s\", \"30m\", \"1.5h\", \"90d\"), got {value!r}")
        return parsed.value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or a string with a unit, got {type(value).__name__}")
    return _check.seconds(float(value), name)


def limit_arguments(count: int, per: Per) -> tuple:
    """(count, xyz_limit_per, window) for a limit of `count` displays `per` period."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be an int, got {type(count).__name__}")
    if not 1 <= count <= 0xFFFFFFFF:
        raise ValueError(f"count must be from 1 to 4294967295, got {count}")
    if isinstance(per, str) and per in _PERIODS:
        return count, _PERIODS[per], 0.0
    return count, _WINDOW, seconds(per, "per")


@dataclass(frozen=True)
class Limit:
    """At most `count` displays `per` "session", "lifetime" or window of seconds."""

    count: int
    per: Per


def limit_of(count: int, per: int, window: float) -> Limit:
    return Limit(count, window if per == _WINDOW else _NAMES[per])


#: Clock trampolines by token, until their history is freed.
_clocks: Dict[int, Any] = {}
_tokens = itertools.count(1)


def _forget(token: Optional[int]) -> None:
    _clocks.pop(token or 0, None)


_forget_clock = _lib._FREE(_forget)
_NO_DESTROY = _lib._FREE()

#: Live histories by handle, for :attr:`Dispatch.history`.
_histories: "weakref.WeakValueDictionary[int, History]" = weakref.WeakValueDictionary()


@_lib.serialize_methods()
class History:
    """When alerts were shown, under the keys ``id:ID``, ``tag:TAG``,
    ``lane:LANE`` and ``all``, across pages, dispatches and app launches;
    and the caps set on keys (docs/rules.md §16).

    ``clock`` gives wall-clock seconds since the Unix epoch (default: the
    system's real-time clock); it must not call xyzalert. Share one history
    among dispatches with ``Dispatch(..., history=h)``. Keep it across
    launches with :meth:`save` and :meth:`load` (or :meth:`loads`); call
    :meth:`begin_session` at each launch.
    """

    def __init__(self, clock: Optional[Callable[[], float]] = None) -> None:
        """An empty history. `clock()` gives the wall clock in seconds (caps
        and cool-downs count in it); default: the system's real-time clock."""
        self._handle = 0
        if clock is not None and not callable(clock):
            raise TypeError(f"clock must be callable, got {type(clock).__name__}")

        def reading(context: Any) -> float:
            # (Inside the callback guard: a reading that is no number, or an
            # int beyond a double's range, raises from the call that read it.)
            return _check.number(clock(), "what the History clock returned")  # type: ignore[misc]

        # A clock that raised reads as NaN, which the engine refuses.
        read = guarded(reading, 1, math.nan)

        if clock is None:
            self._handle = lib.xyz_history_create(_lib.WALL_CLOCK(), None, _NO_DESTROY)
        else:
            # The trampoline lives until the engine frees the history (a
            # dispatch may keep it after this object is gone).
            token = next(_tokens)
            _clocks[token] = _lib.WALL_CLOCK(read)
            self._handle = lib.xyz_history_create(_clocks[token], token, _forget_clock)
        _histories[self._handle] = self

    @classmethod
    def _lookup(cls, handle: Optional[int]) -> Optional["History"]:
        """The History of a handle: the live object, or a new one sharing it
        (the engine keeps the history, and its clock, while a domain uses it)."""
        if not handle:
            return None
        found = _histories.get(handle)
        if found is None:
            found = cls.__new__(cls)
            found._handle = lib.xyz_history_retain(handle)
            _histories[handle] = found
        return found

    def __del__(self) -> None:
        handle = getattr(self, "_handle", 0)
        if handle and _lib is not None and lib is not None:
            self._handle = 0
            lib.xyz_history_release(handle)

    def __repr__(self) -> str:
        return f"<xyzalert.History session {self.session}>"

    @property
    def session(self) -> int:
        """The current session's number (1 in a new history)."""
        return int(lib.xyz_history_session(self._handle))

    def begin_session(self) -> None:
        """Starts a new session: per-session counts restart, and alerts a
        per-session cap held may show (in every dispatch using it)."""
        lib.xyz_history_begin_session(self._handle)

    def set_limit(self, key: str, count: int, per: Per) -> None:
        """At most `count` displays of `key` per "session", "lifetime" or
        window of seconds (``3600``, ``"7d"``); replaces a limit of that period."""
        lib.xyz_history_set_limit(self._handle, _check.text(key, "key"), *limit_arguments(count, per))

    def set_cooldown(self, key: str, seconds_between: Union[str, float]) -> None:
        """At least this many seconds (or ``"30s"``, ``"1h"``) between two displays of `key`; 0: none."""
        lib.xyz_history_set_cooldown(self._handle, _check.text(key, "key"), seconds(seconds_between, "cooldown"))

    def clear_caps(self, key: Optional[str] = None) -> None:
        """Removes the caps set on `key` (None: on every key); counts stay."""
        lib.xyz_history_clear_caps(self._handle, None if key is None else _check.text(key, "key"))

    def save(self, path: Union[str, "os.PathLike[str]", None] = None) -> str:
        """The history in its persistence format (docs/formats.md,
        "History"), pruned of what no cap needs; also written to `path`
        when given, atomically: through a new file of its own beside it,
        flushed to disk and renamed over it, so that a crash, a full disk
        or another process saving at the same time never leaves part of a
        file (the library's xyz_file_write, the writer of xyz_history_save_file;
        called here with the text returned, so that the file and the text come
        from one reading of the clock). Raises ReadError (an I/O
        error naming the file and the reason) when it cannot be written;
        the old file then stays whole."""
        text = _lib.take_string(lib.xyz_history_json(self._handle))
        if path is not None:
            target = _check.path(path, "path")
            data = text.encode("utf-8")
            error = _lib.Error()
            if lib.xyz_file_write(target, data, len(data), ctypes.byref(error)):
                _lib.raise_load_error(error)
        return text

    def load(self, path: Union[str, "os.PathLike[str]"], missing_ok: bool = False) -> None:
        """Replaces the counts with a saved history's; caps set here stay.
        Raises ParseError, SchemaError (also for a newer version) or
        ReadError with the location, and then changes nothing. With
        `missing_ok`, no file at `path` (the first launch) makes this a new
        history instead (session 1, not begun; no counts)."""
        flags = 1 if missing_ok else 0  # XYZ_HISTORY_MISSING_OK
        self._load("xyz_history_load_file_flags", _check.path(path, "path"), flags)

    def loads(self, text: Union[str, bytes]) -> None:
        """:meth:`load` from JSON text (source "<string>")."""
        data = text if isinstance(text, bytes) else _check.text(text, "text")
        self._load("xyz_history_load_string", data, len(data))

    def _load(self, function: str, *args: Any) -> None:
        error = _lib.Error()
        status = getattr(lib, function)(self._handle, *args, ctypes.byref(error))
        if status and error.status:
            _lib.raise_load_error(error)
        _lib.checked(status)  # the passes the load ran: their error, or a callback's exception
