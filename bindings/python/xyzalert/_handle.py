"""The base of the wrappers that own one C handle outright (AlertSet,
Scenario, Dispatch): ``close()``, ``closed``, ``with`` and the finalizer,
written once."""

from __future__ import annotations

import sys
from typing import Any, TypeVar

from ._locking import serialized

_Self = TypeVar("_Self", bound="Handle")


class Handle:
    """Owns one C handle. ``close()`` frees it now and is idempotent; a
    ``with`` block closes it at its end; the garbage collector closes it
    otherwise (:meth:`_finalize`), except at interpreter shutdown."""

    #: The C handle; 0 once closed (or before it exists).
    _handle: int = 0

    def _free(self, handle: int) -> None:
        """Frees `handle`, taken from the object already (``_handle`` is 0)."""
        raise NotImplementedError

    def _finalize(self, handle: int) -> None:
        """What the finalizer does with `handle`: `_free` unless overridden."""
        self._free(handle)

    @serialized
    def close(self) -> None:
        """Frees the handle now (the garbage collector would later);
        closing twice does nothing."""
        handle, self._handle = self._handle, 0
        if handle:
            self._free(handle)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` (or the end of a ``with`` block) freed it."""
        return not self._handle

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", 0)
        if handle and not sys.is_finalizing():
            self._handle = 0
            self._finalize(handle)
