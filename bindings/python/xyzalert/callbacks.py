"""How the engine's callbacks reach a Python :class:`Host`, in the order a
call runs them (as pygit2's ``callbacks`` module lays its own out):

1. ``Dispatch(host)`` asks :func:`events_of` which events the host
   overrides; the others stay NULL in the ``xyz_host``, so the engine never
   calls into Python for them.
2. :func:`make_host` makes a C function pointer per wanted event. Each runs
   its delivery through ``_deferred.guarded``, the one callback guard: the
   callback depth is counted and any exception is stored, never unwinding
   into C.
3. The delivery (a function of :func:`_life_events` or
   :func:`_other_events`) turns raw handles into the application's objects
   (``Alert``, ``Dispatch``, enums) and calls the host. The events of an
   alert's life (show, hide, unhide, remove, finish, action) are on every
   app's hot path: their deliveries read the host's methods once and take
   enum members from tuples (an enum's constructor costs more than the
   call).
4. When the C call that delivered the callbacks returns, its result check
   (``_deferred``'s ``_status`` and friends, installed as ctypes' errcheck)
   raises the stored exception in the caller.

Active-child providers take the same path (:func:`set_provider`); the
engine frees their trampolines through ``_free_provider``.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _check, _handles
from ._declarations import _FREE, lib
from ._deferred import guarded
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


# ---- 2 and 3. The C function pointers, each delivering to the host


def make_host(dispatch_of: "weakref.ref[Any]", host: Host, wanted: Any) -> Tuple[HostStruct, List[Any]]:
    """An ``xyz_host`` whose callbacks reach `host`, the host of the
    dispatch `dispatch_of` (weakly), for the events `wanted` names ("show",
    "hide", ...; the others stay NULL, so the engine does not call into
    Python for them, and "request_flush" makes the dispatch deferred);
    returns it with the objects that must stay alive for as long as C may
    call them."""
    deliver = {**_life_events(dispatch_of, host), **_other_events(dispatch_of, host)}

    def pointer(kind: Any, event: str, failed: Any = None) -> Any:
        """The C function pointer of `event`: its delivery, guarded (giving
        `failed` where it raised); NULL (made from 0) when the host does
        not handle it."""
        return kind(guarded(deliver[event], len(kind._argtypes_), failed)) if event in wanted else kind(0)

    made = [pointer(SHOW, "show"), pointer(HIDE, "hide"), pointer(UNHIDE, "unhide"), pointer(END, "remove"),
            pointer(END, "finish"), pointer(MOVE, "move"), pointer(ACTION, "action"),
            pointer(REQUEST_FLUSH, "request_flush")]
    clock = [
        # A clock or an offset that raised reads as NaN: the engine takes it
        # as its last good reading, or as UTC.
        pointer(NOW, "now", math.nan),
        pointer(SET_TIMER, "set_timer"),
        pointer(UNHIDE, "update"),  # (the same signature)
        pointer(ANNOUNCE, "announce"),
        pointer(CAMPAIGN, "campaign"),
        pointer(UTC_OFFSET, "utc_offset", math.nan),
    ]
    struct = HostStruct(ctypes.sizeof(HostStruct), None, *made, DESTROY(0), *clock)
    return struct, made + clock


def _life_events(dispatch_of: "weakref.ref[Any]", host: Host) -> Dict[str, Callable[..., None]]:
    """The deliveries of an alert's life (show, hide, unhide, remove,
    finish, action), on every app's hot path: the host's method is read
    here once (as the dispatch reads which methods the host overrides), the
    alert's wrapper found inline, a reason taken from a tuple (each Python
    call level or attribute look-up on the way costs about a fifth of a
    foreign call). Each takes the C callback's arguments, its context last."""
    show, unhide, action = host.show, host.unhide, host.action

    def call_show(alert: int, target: bytes, view: Optional[int], context: Any) -> None:
        ref = alert_refs.get(alert)  # (`Alert._wrap`'s look-up, inline)
        wrapped = ref() if ref is not None else None
        show(wrapped if wrapped is not None else Alert._wrap(alert), target.decode(),
             _view(dispatch_of, view) if view else None)

    def call_unhide(alert: int, context: Any) -> None:
        ref = alert_refs.get(alert)
        wrapped = ref() if ref is not None else None
        unhide(wrapped if wrapped is not None else Alert._wrap(alert))

    def call_action(alert: int, index: int, context: Any) -> None:
        # (A foreign call of its own for the action's id: `_wrap`'s look-up is not worth inlining.)
        action(Alert._wrap(alert), index, decode(lib.xyz_alert_action_id(alert, index)) or "")

    def with_reason(method: Callable[[Alert, Any], None], members: Tuple[Any, ...],
                    enum: Any) -> Callable[[int, int, Any], None]:
        """hide, remove and finish: the host's `method` with the alert and
        the member of `enum` (from `members`, by value) the engine passed."""
        def call(alert: int, reason: int, context: Any) -> None:
            ref = alert_refs.get(alert)
            wrapped = ref() if ref is not None else None
            try:  # (reasons are never negative; one this package does not know is looked up)
                member = members[reason]
            except IndexError:
                member = enum(reason)
            method(wrapped if wrapped is not None else Alert._wrap(alert), member)
        return call

    return {"show": call_show, "hide": with_reason(host.hide, _HIDE_REASONS, HideReason), "unhide": call_unhide,
            "remove": with_reason(host.remove, _END_REASONS, EndReason),
            "finish": with_reason(host.finish, _END_REASONS, EndReason), "action": call_action}


def _other_events(dispatch_of: "weakref.ref[Any]", host: Host) -> Dict[str, Callable[..., Any]]:
    """The other deliveries: the raw arguments turned into the
    application's objects (``Alert``, ``Dispatch``, enums), the host's
    method looked up at each call. A page-level event goes to the host of
    the page the engine names (its root), else of `dispatch_of`."""

    def page(root: int) -> Any:
        return _handles.dispatch(root) or dispatch_of()

    def call_move(alert: int, dy: float, duration: float, context: Any) -> None:
        host.move(Alert._wrap(alert), dy, duration)

    def call_request_flush(root: int, context: Any) -> None:
        dispatch = page(root)
        if dispatch is not None:
            dispatch.host.request_flush(dispatch)

    def call_update(alert: int, context: Any) -> None:
        host.update(Alert._wrap(alert))

    def call_announce(alert: int, politeness: int, text: bytes, context: Any) -> None:
        host.announce(Alert._wrap(alert), Politeness(politeness), text.decode("utf-8"))

    def call_campaign(root: int, campaign: bytes, kind: int, reason: Optional[bytes], alert: Optional[int],
                      context: Any) -> None:
        dispatch = page(root)
        if dispatch is not None:
            dispatch.host.campaign(dispatch, campaign.decode("utf-8"), CampaignEvent(kind),
                                   reason.decode("utf-8") if reason is not None else None,
                                   Alert._wrap(alert) if alert else None)

    def call_utc_offset(wall: float, context: Any) -> float:
        return _check.number(host.utc_offset(wall), "what Host.utc_offset() returned")

    def call_now(context: Any) -> float:
        return _check.number(host.now(), "what Host.now() returned")

    def call_set_timer(root: int, delay: float, context: Any) -> None:
        dispatch = page(root)
        if dispatch is not None:
            dispatch.host.set_timer(dispatch, delay)

    return {"move": call_move, "request_flush": call_request_flush, "update": call_update, "announce": call_announce,
            "campaign": call_campaign, "utc_offset": call_utc_offset, "now": call_now, "set_timer": call_set_timer}


def _view(dispatch_of: "weakref.ref[Any]", token: int) -> Any:
    """The view object behind a token the engine passed (None once the
    dispatch is gone)."""
    dispatch = dispatch_of()
    return dispatch._view(token) if dispatch is not None else None


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


def set_provider(owner: Any, function: Callable[[int, Any], Optional[int]]) -> None:
    """Hands `function` to the engine as the active-child provider of the
    dispatch `owner`; raises as the C call does."""
    token = next(_provider_tokens)
    owner._providers[token] = PROVIDER(guarded(function, 2))
    _provider_owners[token] = weakref.ref(owner)
    try:
        lib.xyz_dispatch_set_active_child_provider(owner._handle, owner._providers[token], token, _FREE_PROVIDER)
    except BaseException:
        # A call that failed before setting the provider never frees it; one
        # whose passes did not settle has set it, and the engine frees it.
        if lib.xyz_dispatch_active_child_context(owner._handle) != token:
            _free_provider(token)
        raise
