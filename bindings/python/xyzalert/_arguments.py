"""The arguments of alerts checked before any C call: actions (:class:`Action`
and tuples), meta, and the rarely used keywords of ``Alert()`` as the calls
that apply them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, List, Mapping, Sequence, Tuple, Union

from . import _check, _lib
from ._enums import ActionStyle

lib = _lib.lib


@dataclass(frozen=True)
class Action:
    """One button of a system-style alert."""

    id: str
    title: str
    style: ActionStyle = ActionStyle.DEFAULT
    #: Choosing it delivers ``action`` only: the alert stays (an "Undo" button).
    keep_open: bool = False


ActionLike = Union[Action, Tuple[str, str], Tuple[str, str, Union[ActionStyle, str]]]

def _settings(after: Any, ready: Any, target: Any, title: Any, message: Any, actions: Any, style: Any, meta: Any,
              avoid_keyboard: Any, keyboard_adjust: Any, duration: Any, ttl: Any,
              tags: Any, lane: Any) -> List[Tuple[Any, ...]]:
    """Checks the rarely used arguments of :class:`Alert` and returns the
    calls that apply those that are not defaults, in order, each as
    (function, arguments after the handle)."""
    if isinstance(after, (str, bytes)):
        raise TypeError(f"after must be an iterable of ids, got {_check.described(after)}")
    dependencies = [_check.text(dependency, "each id of after") for dependency in after]
    ready = ready if ready is True else _check.flag(ready, "ready")
    raw_target = b"page" if target == "page" else _check.text(target, "target")
    raw_style = b"alert" if style == "alert" else _check.text(style, "style")
    raw_title = None if title is None else _check.text(title, "title")
    raw_message = None if message is None else _check.text(message, "message")
    buttons = [_action(action) for action in actions]
    raw_meta = None if meta is None else _meta(meta)
    avoid_keyboard = avoid_keyboard if avoid_keyboard is True else _check.flag(avoid_keyboard, "avoid_keyboard")
    keyboard_adjust = 0.0 if keyboard_adjust == 0 and type(keyboard_adjust) in (int, float) \
        else _check.number(keyboard_adjust, "keyboard_adjust")
    if isinstance(tags, (str, bytes)):
        raise TypeError(f"tags must be an iterable of str, got {_check.described(tags)}")
    raw_tags = [_check.text(tag, "each of tags") for tag in tags]
    raw_lane = b"main" if lane == "main" else _check.text(lane, "lane")
    duration = _check.seconds(duration, "duration")
    ttl = _check.seconds(ttl, "ttl")
    calls: List[Tuple[Any, ...]] = [(lib.xyz_alert_add_dependency_id, dependency) for dependency in dependencies]
    if not ready:
        calls.append((lib.xyz_alert_set_waiting,))
    if raw_target != b"page":
        calls.append((lib.xyz_alert_set_target, raw_target))
    if raw_style != b"alert":
        calls.append((lib.xyz_alert_set_style, raw_style))
    if raw_title is not None:
        calls.append((lib.xyz_alert_set_title, raw_title))
    if raw_message is not None:
        calls.append((lib.xyz_alert_set_message, raw_message))
    calls += [(lib.xyz_alert_add_action_flags, *button) for button in buttons]
    if raw_meta is not None:
        calls.append((lib.xyz_alert_set_meta, raw_meta))
    if not avoid_keyboard or keyboard_adjust != 0:
        calls.append((lib.xyz_alert_set_keyboard_avoidance, avoid_keyboard, keyboard_adjust))
    if duration != 0:
        calls.append((lib.xyz_alert_set_duration, duration))
    if ttl != 0:
        calls.append((lib.xyz_alert_set_ttl, ttl))
    calls += [(lib.xyz_alert_add_tag, tag) for tag in raw_tags]
    if raw_lane != b"main":
        calls.append((lib.xyz_alert_set_lane, raw_lane))
    return calls


_KEEP_OPEN = 1  # XYZ_ACTION_KEEP_OPEN


def _action(action: Any) -> Tuple[bytes, bytes, int, int]:
    """An action's id, title, style and flags as the C call takes them."""
    flags = 0
    if isinstance(action, Action):
        fields: Sequence[Any] = (action.id, action.title, action.style)
        flags = _KEEP_OPEN if _check.flag(action.keep_open, "an action's keep_open") else 0
    elif isinstance(action, tuple) and len(action) in (2, 3):
        fields = action
    else:
        raise TypeError(f"an action must be an Action or a tuple (id, title[, style]), got {_check.described(action)}")
    style = _check.choice(fields[2], ActionStyle, "an action's style") if len(fields) == 3 else ActionStyle.DEFAULT
    return _check.text(fields[0], "an action's id"), _check.text(fields[1], "an action's title"), int(style), flags


def _meta(meta: Any) -> bytes:
    """Meta as JSON object text: a mapping is serialised, a str passed as it is."""
    if isinstance(meta, str):
        return _check.text(meta, "meta")
    if isinstance(meta, Mapping):
        try:
            return json.dumps(meta).encode("utf-8")
        except (TypeError, ValueError) as error:
            raise TypeError(f"meta must be JSON-serialisable: {error}") from None
    raise TypeError(f"meta must be a mapping or JSON object text (str), got {_check.described(meta)}")
