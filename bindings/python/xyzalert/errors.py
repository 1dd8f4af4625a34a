"""Exceptions: one per status, all derived from :class:`XYZAlertError`."""

from __future__ import annotations

from typing import Dict, Optional, Tuple, Type

from ._enums import Status


class XYZAlertError(Exception):
    """A failed engine call. ``code`` is the :class:`Status`, ``message`` the
    engine's explanation (``xyz_last_error()``). Nothing changed, unless
    ``took_effect`` is true: the :class:`StateError` of a call whose passes
    did not settle, whose events stand (``xyz_last_error_has_effects()``)."""

    code: Status = Status.EINVAL
    took_effect: bool = False

    def __init__(self, message: str, code: Optional[Status] = None) -> None:
        """`message` as the library wrote it; `code` overrides the class's status."""
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class InvalidArgumentError(XYZAlertError, ValueError):
    """A bad argument (``XYZ_EINVAL``)."""

    code = Status.EINVAL


class StateError(XYZAlertError):
    """The object is in the wrong state (``XYZ_ESTATE``)."""

    code = Status.ESTATE


class DuplicateIdError(XYZAlertError):
    """An id is already used by a live alert of the domain (``XYZ_EDUPLICATE``)."""

    code = Status.EDUPLICATE


class CycleError(XYZAlertError):
    """A dependency or parent cycle (``XYZ_ECYCLE``); the message names it."""

    code = Status.ECYCLE


class NotFoundError(XYZAlertError, LookupError):
    """Something named does not exist (``XYZ_ENOTFOUND``)."""

    code = Status.ENOTFOUND


class OwnerError(XYZAlertError):
    """A dispatch named as a child is not a child of that parent (``XYZ_EOWNER``)."""

    code = Status.EOWNER


class ParseError(XYZAlertError):
    """A JSON document could not be loaded: not well-formed (``XYZ_EPARSE``),
    or see :class:`SchemaError` and :class:`ReadError`.

    ``source`` is the file (or ``"<string>"``), ``line`` and ``column`` are
    1-based (0 when unknown), ``position`` the byte offset and ``path`` the
    JSON pointer of the offending value."""

    code = Status.EPARSE

    def __init__(self, message: str, code: Optional[Status] = None, *, source: str = "", line: int = 0,
                 column: int = 0, position: int = 0, path: str = "") -> None:
        """A parse error at `source`:`line`:`column` (byte `position`), at the
        JSON pointer `path`."""
        super().__init__(message, code)
        self.source = source
        self.line = line
        self.column = column
        self.position = position
        self.path = path

    def __str__(self) -> str:
        if self.line:
            at = self.path or '""'  # "" is the document root (RFC 6901)
            return f"{self.source}:{self.line}:{self.column}: error: {self.message} (at {at})"
        return f"{self.source}: error: {self.message}"


class SchemaError(ParseError):
    """Well-formed JSON that breaks the alert set or scenario schema (``XYZ_ESCHEMA``)."""

    code = Status.ESCHEMA


class ReadError(ParseError, OSError):
    """A file could not be read or written (``XYZ_EIO``)."""

    code = Status.EIO


_CLASSES: Tuple[Type[XYZAlertError], ...] = (InvalidArgumentError, StateError, DuplicateIdError, CycleError,
                                              NotFoundError, OwnerError, ParseError, SchemaError, ReadError)
_BY_STATUS: Dict[Status, Type[XYZAlertError]] = {
    cls.code: cls
    for cls in _CLASSES
}


def error_for(status: int, message: str) -> XYZAlertError:
    """The exception for a status code, carrying the engine's message."""
    code = Status(status) if status in Status._value2member_map_ else Status.EINVAL
    return _BY_STATUS.get(code, XYZAlertError)(message, code)
