"""What the rest of the package uses of the C library, in one place: the
declared functions (`_declarations`), the lock (`_locking`), callback
exceptions (`_deferred`), and small helpers
for strings, rects, loaders and steps (here).
"""

from __future__ import annotations

import ctypes
from ctypes import c_void_p
from typing import Any, List, NoReturn, Optional

from . import _check
from ._deferred import _stored, call_from_finalizer, defer, last_error  # noqa: F401
from ._declarations import _DECLARATIONS, _FREE, HOT, UNLOCKED, flags, lib  # noqa: F401
from ._fast import ONE, checked, created, hot  # noqa: F401
from ._enums import Status
from ._loading import EXPECTED_MAJOR, EXPECTED_MINOR  # noqa: F401
from ._locking import acquire, lock, release, serialize_methods, serialized  # noqa: F401
from ._handles import _provider_owners  # noqa: F401
from ._types import PROVIDER, WALL_CLOCK, CampaignWhyInfo, Error, Host, Rect, StepInfo, WhyInfo  # noqa: F401
from .errors import ParseError, ReadError, SchemaError, error_for


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
    raise_load_error(error)


def raise_load_error(error: Error) -> NoReturn:
    """Raises the exception of a loader's filled xyz_error (XYZ_EINVAL and
    others: the engine's error for that status)."""
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


def step_info(handle: int, index: int) -> StepInfo:
    """Step `index` of a scenario, whole (xyz_scenario_step_info)."""
    info = StepInfo()
    info.size = ctypes.sizeof(StepInfo)
    lib.xyz_scenario_step_info(handle, index, ctypes.byref(info))
    return info


def step_alerts(step: StepInfo) -> List[str]:
    return [step.alerts[i].decode("utf-8") for i in range(step.alert_count)]


def by_reference(value: Any) -> Any:
    return ctypes.byref(value)
