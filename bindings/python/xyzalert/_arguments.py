"""The arguments of alerts checked before any C call: actions (:class:`Action`
and tuples), meta, and the rarely used keywords of ``Alert()``
(:class:`AlertSettings`) as the calls that apply them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union

from . import _check, _enums, _lib
from . import history as _history
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
    #: Buttons: :class:`Action` or (id, title[, style]) tuples.
    actions: Sequence[ActionLike]
    #: Tags, for caps and for :meth:`Dispatch.cancel_tagged` (default: none).
    tags: Iterable[str]
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
    #: The layer the alert shows on: the page itself, or a layer its page or an ancestor registered
    #: (default "page").
    target: str
    #: The presentation hint: "alert", "sheet", "toast" or any word the host knows (default
    #: "alert").
    style: str
    #: The title the host draws (default none).
    title: Optional[str]
    #: The message the host draws (default none).
    message: Optional[str]
    #: The host's own data: the text of one JSON object, handed back as it was given, or made
    #: compact when read from an alert set (default none).
    meta: Optional[Union[Mapping[str, Any], str]]
    #: Whether the alert moves clear of the keyboard (default True).
    avoid_keyboard: bool
    #: The points added to the keyboard offset, a negative number moving the alert further up
    #: (default 0).
    keyboard_adjust: float
    #: The lane the alert is arbitrated in (default "main").
    lane: str
    #: The seconds the alert may be showing, in total, before it ends by itself with reason timeout
    #: (default 0: none).
    duration: Union[str, float]
    #: The seconds from its add within which the alert must first be on screen, or it ends with
    #: reason expired (finish only) (default 0: none).
    ttl: Union[str, float]
    #: The alert's own cool-down: the seconds at least between two displays of its id (default 0:
    #: none).
    cooldown: Union[str, float]
    #: What the alert does when a cap holds it (default OnCapped.DROP).
    on_capped: Union[_enums.OnCapped, str]
    #: What the alert does when it would be selected outside its windows or inside an exclude
    #: (default OnOutside.WAIT).
    on_outside: Union[_enums.OnOutside, str]
    #: The seconds the alert stays waiting after its add before it becomes ready by itself (default
    #: 0: none).
    show_after: Union[str, float]
    #: The seconds from its first show before which a dismiss or cancel waits (default 0: none).
    min_visible: Union[str, float]
    #: How the host's announce callback is told to say the alert (default Politeness.POLITE).
    announce: Union[_enums.Politeness, str]
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
    buttons = [_action(action) for action in get("actions", ())]
    tags = get("tags", ())
    if isinstance(tags, (str, bytes)):
        raise TypeError(f"tags must be an iterable of str, got {_check.described(tags)}")
    raw_tags = [_check.text(tag, "each of tags") for tag in tags]
    calls: List[Tuple[Any, ...]] = []
    # BEGIN GENERATED alert property calls (scripts/interface: edit its tables, not this region)
    on_duplicate = int(_check.choice(get("on_duplicate", _enums.OnDuplicate.REJECT), _enums.OnDuplicate, "on_duplicate"))
    if on_duplicate != _enums.OnDuplicate.REJECT:
        calls.append((lib.xyz_alert_set_on_duplicate, on_duplicate))
    when_displaced = int(_check.choice(get("when_displaced", _enums.WhenDisplaced.RESTORE), _enums.WhenDisplaced, "when_displaced"))
    if when_displaced != _enums.WhenDisplaced.RESTORE:
        calls.append((lib.xyz_alert_set_when_displaced, when_displaced))
    preempt = int(_check.choice(get("preempt", _enums.Preempt.LOWER), _enums.Preempt, "preempt"))
    if preempt != _enums.Preempt.LOWER:
        calls.append((lib.xyz_alert_set_preempt, preempt))
    coverable = _check.flag(get("coverable", True), "coverable")
    if coverable is not True:
        calls.append((lib.xyz_alert_set_coverable, coverable))
    target = _check.text(get("target", "page"), "target")
    if target != b"page":
        calls.append((lib.xyz_alert_set_target, target))
    style = _check.text(get("style", "alert"), "style")
    if style != b"alert":
        calls.append((lib.xyz_alert_set_style, style))
    title = _check.optional_text(get("title", None), "title")
    if title is not None:
        calls.append((lib.xyz_alert_set_title, title))
    message = _check.optional_text(get("message", None), "message")
    if message is not None:
        calls.append((lib.xyz_alert_set_message, message))
    meta = meta_text(get("meta", None), "meta")
    if meta is not None:
        calls.append((lib.xyz_alert_set_meta, meta))
    avoid_keyboard = _check.flag(get("avoid_keyboard", True), "avoid_keyboard")
    if avoid_keyboard is not True:
        calls.append((lib.xyz_alert_set_avoid_keyboard, avoid_keyboard))
    keyboard_adjust = _check.number(get("keyboard_adjust", 0), "keyboard_adjust")
    if keyboard_adjust != 0:
        calls.append((lib.xyz_alert_set_keyboard_adjust, keyboard_adjust))
    lane = _check.text(get("lane", "main"), "lane")
    if lane != b"main":
        calls.append((lib.xyz_alert_set_lane, lane))
    duration = _history.seconds(get("duration", 0), "duration")
    if duration != 0:
        calls.append((lib.xyz_alert_set_duration, duration))
    ttl = _history.seconds(get("ttl", 0), "ttl")
    if ttl != 0:
        calls.append((lib.xyz_alert_set_ttl, ttl))
    cooldown = _history.seconds(get("cooldown", 0), "cooldown")
    if cooldown != 0:
        calls.append((lib.xyz_alert_set_cooldown, cooldown))
    on_capped = int(_check.choice(get("on_capped", _enums.OnCapped.DROP), _enums.OnCapped, "on_capped"))
    if on_capped != _enums.OnCapped.DROP:
        calls.append((lib.xyz_alert_set_on_capped, on_capped))
    on_outside = int(_check.choice(get("on_outside", _enums.OnOutside.WAIT), _enums.OnOutside, "on_outside"))
    if on_outside != _enums.OnOutside.WAIT:
        calls.append((lib.xyz_alert_set_on_outside, on_outside))
    show_after = _history.seconds(get("show_after", 0), "show_after")
    if show_after != 0:
        calls.append((lib.xyz_alert_set_show_after, show_after))
    min_visible = _history.seconds(get("min_visible", 0), "min_visible")
    if min_visible != 0:
        calls.append((lib.xyz_alert_set_min_visible, min_visible))
    announce = int(_check.choice(get("announce", _enums.Politeness.POLITE), _enums.Politeness, "announce"))
    if announce != _enums.Politeness.POLITE:
        calls.append((lib.xyz_alert_set_announce, announce))
    # END GENERATED alert property calls
    calls += [(lib.xyz_alert_add_dependency_id, dependency) for dependency in dependencies]
    if not ready:
        calls.append((lib.xyz_alert_set_waiting,))
    calls += [(lib.xyz_alert_add_action_flags, *button) for button in buttons]
    calls += [(lib.xyz_alert_add_tag, tag) for tag in raw_tags]
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


def meta_text(meta: Any, name: str) -> Optional[bytes]:
    """Meta as the C call takes it: a mapping serialised, a str as JSON
    object text, None as none (the library checks the text is one object)."""
    if meta is None:
        return None
    if isinstance(meta, str):
        return _check.text(meta, name)
    if isinstance(meta, Mapping):
        try:
            return json.dumps(meta).encode("utf-8")
        except (TypeError, ValueError) as error:
            raise TypeError(f"{name} must be JSON-serialisable: {error}") from None
    raise TypeError(f"{name} must be a mapping or JSON object text (str), got {_check.described(meta)}")


def meta_dict(text: Optional[bytes]) -> Optional[Dict[str, Any]]:
    """The meta the library gives (JSON object text, or NULL) as a dict."""
    return None if text is None else json.loads(text)
