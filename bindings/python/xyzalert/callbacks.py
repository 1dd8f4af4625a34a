"""How the engine's callbacks reach a Python :class:`Host`, in the order a
call runs them (as pygit2's ``callbacks`` module lays its own out):

1. ``Dispatch(host)`` asks :func:`events_of` which events the host
   overrides; the others stay NULL in the ``xyz_host``, so the engine never
   calls into Python for them.
2. :func:`make_host` makes a C function pointer per wanted event. Each runs
   its Python code through ``_deferred._in_callback``: the callback depth
   is counted and any exception is stored, never unwinding into C.
3. The pointer calls a method of :class:`HostCallbacks`, which turns raw
   handles into the application's objects (``Alert``, ``Dispatch``, enums)
   and calls the host.
4. When the C call that delivered the callbacks returns, its result check
   (``_deferred``'s ``_status`` and friends, installed as ctypes' errcheck)
   raises the stored exception in the caller.

Active-child providers take the same path (:func:`set_provider`); the
engine frees their trampolines through ``_free_provider``. The events of
an alert's life (show, hide, unhide, remove, finish, action) take a
fast path: steps 2 and 3 in one function each, made in
:func:`make_host`, with enum members taken from tuples (an enum's
constructor costs more than the call).
"""

from __future__ import annotations

import ctypes
import itertools
import math
import weakref
from typing import Any, Callable, List, Optional, Tuple

from . import _check, _handles
from ._declarations import _FREE, lib
from ._deferred import _in_callback, defer, depth
from ._enums import CampaignEvent, EndReason, HideReason, Politeness
from ._lib import decode
from ._types import (ACTION, ANNOUNCE, CAMPAIGN, UTC_OFFSET, END, HIDE, MOVE, NOW, PROVIDER, REQUEST_FLUSH, SET_TIMER, SHOW,
                     UNHIDE, DESTROY)
from ._types import Host as HostStruct
from .alert import Alert
from .host import Host

alert_refs = _handles.alert_refs
# Enum members by value (values run from 0 without a gap): indexing a tuple
# costs a fraction of the enum's constructor, on every hide, remove and finish.
_END_REASONS = tuple(sorted(EndReason, key=int))
_HIDE_REASONS = tuple(sorted(HideReason, key=int))
assert all(int(m) == i for i, m in enumerate(_END_REASONS))
assert all(int(m) == i for i, m in enumerate(_HIDE_REASONS))

# ---- 1. Which events

_EVENTS = ("show", "hide", "unhide", "remove", "finish", "move", "action", "update", "now", "set_timer", "announce",
           "campaign", "utc_offset")


def events_of(host: Host) -> List[str]:
    """Step 1: the events `host` handles: the methods its class (or the instance
    itself) overrides, plus "request_flush" in deferred mode. The engine
    calls into Python for these only."""
    events = [name for name in _EVENTS
              if name in getattr(host, "__dict__", ()) or getattr(type(host), name, None) is not getattr(Host, name)]
    if getattr(host, "deferred", False):
        events.append("request_flush")
    return events


# ---- 2. The C function pointers

def make_host(callbacks: "HostCallbacks", wanted: Any) -> Tuple[HostStruct, List[Any]]:
    """An ``xyz_host`` whose callbacks reach ``callbacks.host``, for the
    events `wanted` names ("show", "hide", ...; the others stay NULL, so
    the engine does not call into Python for them, and "request_flush"
    makes the dispatch deferred); returns it with the objects that must
    stay alive for as long as C may call them."""
    def guard(function: Callable[..., None]) -> Callable[..., None]:
        def call(*args: Any) -> None:
            _in_callback(function, *args[:-1])
        return call

    # The events of an alert's life, on every app's hot path, in one Python
    # function each: step 2's guard (`_in_callback`), step 3's look-up and
    # the host's method, read here once, as the dispatch reads which methods
    # the host overrides (each Python call level or attribute look-up on the
    # way costs about a fifth of a foreign call).
    host, dispatch_of = callbacks.host, callbacks.dispatch

    def call_show(alert: int, target: bytes, view: Optional[int], context: Any) -> None:
        depth[0] += 1
        try:
            ref = alert_refs.get(alert)  # (`Alert._wrap`'s look-up, inline)
            wrapped = ref() if ref is not None else None
            show(wrapped if wrapped is not None else Alert._wrap(alert), target.decode("utf-8"),
                 _view(dispatch_of, view) if view else None)
        except BaseException as exception:  # never unwind into C
            defer(exception)
        finally:
            depth[0] -= 1

    def call_unhide(alert: int, context: Any) -> None:
        depth[0] += 1
        try:
            ref = alert_refs.get(alert)
            wrapped = ref() if ref is not None else None
            unhide(wrapped if wrapped is not None else Alert._wrap(alert))
        except BaseException as exception:  # never unwind into C
            defer(exception)
        finally:
            depth[0] -= 1

    def call_action(alert: int, index: int, context: Any) -> None:
        depth[0] += 1
        try:  # (a foreign call of its own for the action's id: `_wrap`'s look-up is not worth inlining)
            action(Alert._wrap(alert), index, decode(lib.xyz_alert_action_id(alert, index)) or "")
        except BaseException as exception:  # never unwind into C
            defer(exception)
        finally:
            depth[0] -= 1

    def with_reason(method: Callable[[Alert, Any], None], members: Tuple[Any, ...],
                    enum: Any) -> Callable[[int, int, Any], None]:
        """hide, remove and finish: the host's `method` with the alert and
        the member of `enum` (from `members`, by value) the engine passed."""
        count = len(members)

        def call(alert: int, reason: int, context: Any) -> None:
            depth[0] += 1
            try:
                ref = alert_refs.get(alert)
                wrapped = ref() if ref is not None else None
                method(wrapped if wrapped is not None else Alert._wrap(alert),
                       members[reason] if 0 <= reason < count else enum(reason))
            except BaseException as exception:  # never unwind into C
                defer(exception)
            finally:
                depth[0] -= 1
        return call

    show, unhide, action = host.show, host.unhide, host.action
    made = [
        SHOW(call_show) if "show" in wanted else SHOW(0),  # a function pointer made from 0 is NULL
        HIDE(with_reason(host.hide, _HIDE_REASONS, HideReason)) if "hide" in wanted else HIDE(0),
        UNHIDE(call_unhide) if "unhide" in wanted else UNHIDE(0),
        END(with_reason(host.remove, _END_REASONS, EndReason)) if "remove" in wanted else END(0),
        END(with_reason(host.finish, _END_REASONS, EndReason)) if "finish" in wanted else END(0),
        MOVE(guard(callbacks.on_move)) if "move" in wanted else MOVE(0),
        ACTION(call_action) if "action" in wanted else ACTION(0),
        REQUEST_FLUSH(guard(callbacks.on_request_flush)) if "request_flush" in wanted else REQUEST_FLUSH(0),
    ]
    def read_clock(context: Any) -> float:
        reading = _in_callback(callbacks.on_now)
        # A clock that raised reads as NaN, which the engine takes as its last good reading.
        return math.nan if reading is None else reading

    def read_offset(wall: float, context: Any) -> float:
        offset = _in_callback(callbacks.on_utc_offset, wall)
        # An offset that raised reads as NaN, which the engine takes as UTC.
        return math.nan if offset is None else offset

    clock = [
        NOW(read_clock) if "now" in wanted else NOW(0),
        SET_TIMER(guard(callbacks.on_set_timer)) if "set_timer" in wanted else SET_TIMER(0),
        UNHIDE(guard(callbacks.on_update)) if "update" in wanted else UNHIDE(0),  # same signature
        ANNOUNCE(guard(callbacks.on_announce)) if "announce" in wanted else ANNOUNCE(0),
        CAMPAIGN(guard(callbacks.on_campaign)) if "campaign" in wanted else CAMPAIGN(0),
        UTC_OFFSET(read_offset) if "utc_offset" in wanted else UTC_OFFSET(0),
    ]
    struct = HostStruct(ctypes.sizeof(HostStruct), None, *made, DESTROY(0), *clock)
    return struct, made + clock


def _view(dispatch_of: "weakref.ref[Any]", token: int) -> Any:
    """The view object behind a token the engine passed (None once the
    dispatch is gone)."""
    dispatch = dispatch_of()
    return dispatch._view(token) if dispatch is not None else None


# ---- 3. Delivery to the host

class HostCallbacks:
    """Step 3: turns the raw arguments of C callbacks into the application's
    objects and calls the dispatch's :class:`Host` (`host`, the one it was
    created with) with them; `dispatch` is the dispatch, weakly."""

    def __init__(self, dispatch: "weakref.ref[Any]", host: Host) -> None:
        self.dispatch = dispatch
        self.host = host

    def on_move(self, alert: int, dy: float, duration: float) -> None:
        self.host.move(Alert._wrap(alert), dy, duration)

    def on_request_flush(self, root: int) -> None:
        dispatch = _handles.dispatch(root) or self.dispatch()
        if dispatch is not None:
            dispatch.host.request_flush(dispatch)

    def on_update(self, alert: int) -> None:
        self.host.update(Alert._wrap(alert))

    def on_announce(self, alert: int, politeness: int, text: bytes) -> None:
        self.host.announce(Alert._wrap(alert), Politeness(politeness), text.decode("utf-8"))

    def on_campaign(self, root: int, campaign: bytes, kind: int, reason: Optional[bytes], alert: Optional[int]) -> None:
        dispatch = _handles.dispatch(root) or self.dispatch()
        if dispatch is not None:
            dispatch.host.campaign(dispatch, campaign.decode("utf-8"), CampaignEvent(kind),
                                   reason.decode("utf-8") if reason is not None else None,
                                   Alert._wrap(alert) if alert else None)

    def on_utc_offset(self, wall: float) -> float:
        offset = self.host.utc_offset(wall)
        return _check.number(offset, "what Host.utc_offset() returned")

    def on_now(self) -> float:
        reading = self.host.now()
        return _check.number(reading, "what Host.now() returned")

    def on_set_timer(self, root: int, delay: float) -> None:
        dispatch = _handles.dispatch(root) or self.dispatch()
        if dispatch is not None:
            dispatch.host.set_timer(dispatch, delay)


# ---- Providers

# Providers the engine holds. Each trampoline is kept in its dispatch's
# `_providers`, under the token passed to the engine as the provider's
# context; the engine calls _free_provider with that token once it no longer
# calls the provider (replaced, removed, or its dispatch destroyed). So a
# provider replaced from inside a callback of the very call that set it
# stays alive until the engine lets go of it, and the dispatch can still be
# garbage-collected (the global table holds it weakly).
_provider_owners = _handles._provider_owners
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
