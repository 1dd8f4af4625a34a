"""The keyboard avoidance formula (docs/rules.md §8), as the engine computes it."""

from __future__ import annotations

from typing import Sequence

from . import _check, _lib


def keyboard_offset(frame: Sequence[float], keyboard: Sequence[float], adjust: float = 0.0) -> float:
    """The keyboard avoidance formula, as the engine computes it."""
    return float(_lib.lib.xyz_keyboard_offset(_lib.rect(frame, "frame"), _lib.rect(keyboard, "keyboard"),
                                         _check.number(adjust, "adjust")))
