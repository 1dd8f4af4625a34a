"""The hot path, in one place: the calls every app makes per alert
(create, add, dismiss, release) declared for speed, their inline result
checks, and the handles to them the plain API's hot methods use
(``Alert()``, ``Dispatch.add``, ``Alert.dismiss``, the finalizer). Everything
else goes through ``_declarations.lib``; docs/performance.md has the costs.
"""

from __future__ import annotations

import ctypes
from ctypes import c_size_t, c_void_p
from typing import Optional

from ._declarations import _DECLARATIONS, HOT, _library, _non_null_or_invalid, flags
from ._deferred import _status, _stored

#: The calls of every app's hot path (flagged HOT: create with priority and
#: exclusive behaviour, add, dismiss, release), declared a second time with
#: the same restype but neither errcheck nor argtypes: ctypes' errcheck hook
#: costs more than the call itself, and converting each argument through
#: argtypes about as much again. Without argtypes ctypes passes a Python int
#: as a C int, so callers of `hot` pass every pointer as a ctypes object (an
#: alert's or dispatch's `_param`, bytes or None for a string, `ONE` for a
#: size_t count) and only range-checked int32 values as ints; they check
#: results with `checked` / `created`. Loaded through `PyDLL`, which keeps
#: the GIL during the call: each returns within microseconds and its
#: callbacks need the GIL anyway (docs/performance.md has the cost).
#: Not serialized: callers of add and dismiss hold `lock` themselves (create
#: and release need none, as for `lib`).
hot = ctypes.PyDLL(_library._name)
for _name, _entry in _DECLARATIONS.items():
    if flags(_name) & HOT:
        getattr(hot, _name).restype = _entry[0]
ONE = c_size_t(1)


class AlertPointer(c_void_p):
    """An alert's handle as the calls of `hot` take it (`Alert._param`).
    The result type of `create_with`: ctypes converts a result of a
    subclass of a simple type into no Python int, so the call itself makes
    the object a wrapper keeps (its ``value`` is the handle as an int)."""


hot.xyz_alert_create_with.restype = AlertPointer


def checked(status: int) -> None:
    """The check `_status` makes, for a status-returning call of `hot`
    (inline here for the common case: no error, nothing stored)."""
    if status or _stored[0]:
        _status(status, None, None)


def created(handle: Optional[int]) -> int:
    """The check `xyz_alert_create`'s errcheck makes, for the call of `hot`."""
    return _non_null_or_invalid(handle, None, None)

# The functions as globals of the modules that call them: an attribute of
# a CDLL goes through its `__getattr__` hook at every use.
create_with = hot.xyz_alert_create_with
add = hot.xyz_dispatch_add
dismiss = hot.xyz_alert_dismiss
release = hot.xyz_alert_release
