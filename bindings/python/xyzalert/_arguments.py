"""The arguments of alerts checked before any C call: actions (:class:`Action`
and tuples), meta, and the rarely used keywords of ``Alert()``
(:class:`AlertSettings`) as the calls that apply them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union

from . import _check, _enums, _lib
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

class AlertSettings(TypedDict, total=False):
    """The keywords of :class:`Alert` past `id`, `priority` and `exclusive`,
    as a type: ``Alert("promo", **settings)`` with ``settings:
    AlertSettings`` is checked by type checkers as the keywords written out
    are. A keyword left out keeps its default; each given one sets what the
    :class:`Alert` property, or the method named, of the same name sets."""

    #: Ids it waits for while a live alert has one (default: none).
    after: Iterable[str]
    #: False adds it waiting, until :meth:`Alert.set_ready` (default True).
    ready: bool
    #: Where the host draws it (default "page").
    target: str
    #: The text the host shows as its title (default: none).
    title: Optional[str]
    #: The text the host shows as its message (default: none).
    message: Optional[str]
    #: Buttons: :class:`Action` or (id, title[, style]) tuples.
    actions: Sequence[ActionLike]
    #: The host's name for how it looks (default "alert").
    style: str
    #: The host's own data: a JSON-serialisable mapping or JSON object text.
    meta: Optional[Union[Mapping[str, Any], str]]
    #: Whether it moves out of the keyboard's way (default True), as
    #: :meth:`Alert.set_keyboard_avoidance` sets it.
    avoid_keyboard: bool
    #: The correction, in points, added to that move (default 0).
    keyboard_adjust: float
    #: Seconds on screen before it ends by itself (0, the default: none).
    duration: float
    #: Seconds queued before it expires (0, the default: none).
    ttl: float
    #: Tags, for caps and for :meth:`Dispatch.cancel_tagged` (default: none).
    tags: Iterable[str]
    #: The lane it shows in (default "main").
    lane: str
    # BEGIN GENERATED alert property settings (scripts/interface: edit its tables, not this region)
    #: What an add does when the alert's id is already live in the domain (default
    #: OnDuplicate.REJECT).
    on_duplicate: Union[_enums.OnDuplicate, str]
    #: What happens where the alert would be hidden covered (by a hide_others alert or a lane's
    #: limit) (default WhenDisplaced.RESTORE).
    when_displaced: Union[_enums.WhenDisplaced, str]
    #: Which on-screen alerts the alert shows over when it is cover or hide_others (default
    #: Preempt.LOWER).
    preempt: Union[_enums.Preempt, str]
    #: Whether the alert may be covered (default True).
    coverable: bool
    # END GENERATED alert property settings


_SETTING_NAMES = frozenset(AlertSettings.__annotations__)


def _settings(settings: Mapping[str, Any]) -> List[Tuple[Any, ...]]:
    """Checks the keywords of :class:`Alert` beyond id, priority and
    exclusive (an :class:`AlertSettings`), and returns the calls that apply
    those that are not defaults, in order, each as (function, arguments
    after the handle). Raises before any call, so a bad one creates nothing."""
    unknown = [name for name in settings if name not in _SETTING_NAMES]
    if unknown:
        raise TypeError(f"Alert() got an unexpected keyword argument '{unknown[0]}'")
    get = settings.get
    after = get("after", ())
    if isinstance(after, (str, bytes)):
        raise TypeError(f"after must be an iterable of ids, got {_check.described(after)}")
    dependencies = [_check.text(dependency, "each id of after") for dependency in after]
    ready = _check.flag(get("ready", True), "ready")
    raw_target = _check.text(get("target", "page"), "target")
    title, message, meta = get("title"), get("message"), get("meta")
    raw_title = None if title is None else _check.text(title, "title")
    raw_message = None if message is None else _check.text(message, "message")
    buttons = [_action(action) for action in get("actions", ())]
    raw_style = _check.text(get("style", "alert"), "style")
    raw_meta = None if meta is None else _meta(meta)
    avoid_keyboard = _check.flag(get("avoid_keyboard", True), "avoid_keyboard")
    keyboard_adjust = _check.number(get("keyboard_adjust", 0.0), "keyboard_adjust")
    duration = _check.seconds(get("duration", 0.0), "duration")
    ttl = _check.seconds(get("ttl", 0.0), "ttl")
    tags = get("tags", ())
    if isinstance(tags, (str, bytes)):
        raise TypeError(f"tags must be an iterable of str, got {_check.described(tags)}")
    raw_tags = [_check.text(tag, "each of tags") for tag in tags]
    raw_lane = _check.text(get("lane", "main"), "lane")
    calls: List[Tuple[Any, ...]] = []
    # BEGIN GENERATED alert property calls (scripts/interface: edit its tables, not this region)
    on_duplicate = _check.choice(get("on_duplicate", _enums.OnDuplicate.REJECT), _enums.OnDuplicate, "on_duplicate")
    if on_duplicate is not _enums.OnDuplicate.REJECT:
        calls.append((lib.xyz_alert_set_on_duplicate, int(on_duplicate)))
    when_displaced = _check.choice(get("when_displaced", _enums.WhenDisplaced.RESTORE), _enums.WhenDisplaced, "when_displaced")
    if when_displaced is not _enums.WhenDisplaced.RESTORE:
        calls.append((lib.xyz_alert_set_when_displaced, int(when_displaced)))
    preempt = _check.choice(get("preempt", _enums.Preempt.LOWER), _enums.Preempt, "preempt")
    if preempt is not _enums.Preempt.LOWER:
        calls.append((lib.xyz_alert_set_preempt, int(preempt)))
    if _check.flag(get("coverable", True), "coverable") is not True:
        calls.append((lib.xyz_alert_set_coverable, False))
    # END GENERATED alert property calls
    calls += [(lib.xyz_alert_add_dependency_id, dependency) for dependency in dependencies]
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
