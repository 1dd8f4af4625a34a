"""Arguments checked before they reach the C ABI. A wrong type is a
``TypeError`` and a value out of the C type's range an ``OverflowError`` (or
a ``ValueError`` for a bad choice), each naming the argument: never a ctypes
error, an ``AttributeError`` from deep inside, or a silent wrap-around."""

from __future__ import annotations

import ctypes
import enum
import json
import operator
import os
from typing import Any, Optional, Sequence, Tuple, Type, TypeVar

from .errors import InvalidArgumentError

INT32_MIN = -(2 ** 31)
INT32_MAX = 2 ** 31 - 1
SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1

E = TypeVar("E", bound=enum.IntEnum)


def described(value: Any) -> str:
    """``str 'high'``, ``int 5``: what a message says it got."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def integer(value: Any, name: str, low: int, high: int) -> int:
    """An int (or anything with ``__index__``, not a bool) within [low, high]."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {described(value)}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, got {described(value)}") from None
    if not low <= number <= high:
        raise OverflowError(f"{name} must be between {low} and {high}, got {number}")
    return number


def int32(value: Any, name: str) -> int:
    if type(value) is int and INT32_MIN <= value <= INT32_MAX:  # the common case, fast
        return value
    return integer(value, name, INT32_MIN, INT32_MAX)


def index(value: Any, name: str) -> int:
    """A size_t: a non-negative int."""
    if type(value) is int and 0 <= value <= SIZE_MAX:
        return value
    return integer(value, name, 0, SIZE_MAX)


def number(value: Any, name: str) -> float:
    """An int or float (not a bool); NaN and infinities are left to the engine."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, got {described(value)}")
    try:
        return float(value)
    except OverflowError:
        raise OverflowError(f"{name} is too large for a double, got {described(value)}") from None


def seconds(value: Any, name: str) -> float:
    """A duration in seconds: a finite number, 0 or more (ValueError
    otherwise, as the engine's XYZ_EINVAL would be)."""
    result = number(value, name)
    if not (result >= 0 and result != float("inf")):
        raise ValueError(f"{name} must be a finite number of seconds, 0 or more, got {result!r}")
    return result


def flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {described(value)}")
    return value


def text(value: Any, name: str) -> bytes:
    """A str, as UTF-8 (strings that cannot be encoded are a ValueError, and
    so are strings with a NUL, which a C string would cut there)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {described(value)}")
    if "\x00" in value:
        raise ValueError(f"{name} contains a NUL character at {value.index(chr(0))}, which a C string cannot hold")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{name} is not valid Unicode text: {error.reason} at {error.start}") from None


def optional_text(value: Any, name: str) -> Optional[bytes]:
    return None if value is None else text(value, name)


def choice(value: Any, kind: Type[E], name: str) -> E:
    """A member of `kind`: the member itself, its name as the JSON formats
    write it (``"cover"``, ``"hide_others"``; any case), or its int value."""
    if type(value) is kind or isinstance(value, kind):
        return value
    names = ", ".join(repr(member.name.lower()) for member in kind)
    if isinstance(value, str):
        for member in kind:
            if member.name.lower() == value.lower():
                return member
        raise ValueError(f"{name} must be one of {names}, got {value!r}")
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return kind(value)
        except ValueError:
            raise ValueError(f"{name} must be one of {names}, got {value!r}") from None
    raise TypeError(f"{name} must be a {kind.__name__} or one of {names}, got {described(value)}")


def instance(value: Any, kind: type, name: str) -> Any:
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {_article(kind.__name__)} {kind.__name__}, got {described(value)}")
    return value


def rect(value: Any, name: str) -> Tuple[float, float, float, float]:
    """(x, y, width, height): a sequence of four numbers."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence (x, y, width, height), got {described(value)}")
    if len(value) != 4:
        raise ValueError(f"{name} must have 4 numbers (x, y, width, height), got {len(value)}")
    x, y, width, height = (number(part, f"each number of {name}") for part in value)
    return x, y, width, height


def path(value: Any, name: str) -> bytes:
    """A file path: str, bytes or os.PathLike."""
    try:
        raw = os.fspath(value)
    except TypeError:
        raise TypeError(f"{name} must be a str or os.PathLike, got {described(value)}") from None
    if isinstance(raw, bytes):
        if b"\x00" in raw:
            raise ValueError(f"{name} contains a NUL byte, which a C string cannot hold")
        return raw
    return text(raw, name)


def json_text(value: Any, name: str) -> bytes:
    """`value` as JSON text (UTF-8); InvalidArgumentError for what JSON
    cannot hold (NaN, sets, objects) and for nesting deeper than Python's
    own JSON writer goes (its RecursionError never reaches the caller)."""
    try:
        return json.dumps(value, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError) as failure:
        raise InvalidArgumentError(f"{name} is not JSON: {failure}") from None
    except RecursionError:
        raise InvalidArgumentError(f"{name} is nested too deep to be written as JSON") from None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
