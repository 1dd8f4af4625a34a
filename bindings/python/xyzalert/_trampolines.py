"""Python functions made callable from C: a host's callbacks and the
active-child providers the engine holds.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._callbacks import _in_callback, _pending, defer
from ._declarations import _FREE, lib
from ._types import (ACTION, ANNOUNCE, END, HIDE, MOVE, NOW, PROVIDER, REQUEST_FLUSH, SET_TIMER, SHOW, UNHIDE,
                     DESTROY, Host)


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
        ANNOUNCE(guard(callbacks.on_announce)) if "announce" in wanted else ANNOUNCE(0),
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
