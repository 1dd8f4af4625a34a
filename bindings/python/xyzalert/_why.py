"""Reasons as data (docs/rules.md §18): :class:`Why`, what
:meth:`Alert.why` returns, :class:`CampaignWhy`, what
:meth:`Dispatch.campaign_why` returns, and reading them from the engine."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from . import _handles, _lib
from ._enums import CampaignWhyCode, EndReason, WhyCode

if TYPE_CHECKING:
    from .alert import Alert
    from .dispatch import Dispatch


@dataclass(frozen=True)
class Why:
    """Why an alert is where it is (:meth:`Alert.why`, docs/rules.md §18)."""

    code: WhyCode
    #: What causes it: an :class:`Alert` (covered by, behind, lower priority
    #: than, waiting for), a :class:`Dispatch` (the page not visible, not the
    #: active child, suspended), an id (waiting while a live alert has it;
    #: the id's holder is the alert's own business), or None.
    cause: Union["Alert", "Dispatch", str, None]
    #: Seconds until one of the engine's timers changes it (the rest of a
    #: showing alert's duration, of a queued alert's ttl), or None.
    until: Optional[float]
    #: For FINISHED: why the alert ended.
    end_reason: Optional[EndReason]
    #: The same reason in words (:meth:`Alert.explain`).
    sentence: str
    #: For CAPPED and COOLING_DOWN: the cap key that holds it ("tag:promo",
    #: also the `cause`) and its rule, worded ("3 of 3 displays this session");
    #: for FINISHED with CAPPED or OUTSIDE_WINDOW: the cap that ended it, or
    #: "windows" and its windows; with INELIGIBLE: "audience" and the part of
    #: its campaign's audience rule that failed.
    key: Optional[str] = None
    rule: Optional[str] = None


def why_of(alert: "Alert") -> Why:
    """`alert.why()`: the engine's ``xyz_alert_why`` as a :class:`Why`."""
    from .alert import Alert  # (alert.py imports this module)
    info = _lib.WhyInfo()
    info.size = ctypes.sizeof(_lib.WhyInfo)
    _lib.lib.xyz_alert_why(alert._handle, ctypes.byref(info))
    cause: Union["Alert", "Dispatch", str, None] = None
    key = _lib.decode(info.key)
    if key is not None:
        cause = key
    elif info.id is not None:
        cause = info.id.decode("utf-8")
    elif info.alert:
        cause = Alert._wrap(info.alert)
    elif info.page:
        cause = _handles.dispatch(info.page)
    code = WhyCode(info.code)
    return Why(code, cause, None if info.until < 0 else info.until,
               EndReason(info.end_reason) if code == WhyCode.FINISHED else None, alert.explain(),
               key, _lib.decode(info.rule))


@dataclass(frozen=True)
class CampaignWhy:
    """What the last event a campaign's triggers named did
    (:meth:`Dispatch.campaign_why`, docs/rules.md §21)."""

    code: CampaignWhyCode
    #: The event tracked (None for UNTRACKED).
    event: Optional[str]
    #: The position in the campaign's "triggers" the code is about (None for
    #: codes about the campaign as a whole: dates, audience, user, page).
    trigger: Optional[int]
    #: WHERE, AUDIENCE: the smallest part of the rule that failed, with the
    #: values it read; COUNT: the count and what the trigger fires at;
    #: NOT_STARTED, ENDED: the dates; None otherwise.
    detail: Optional[str]
    #: The same in words (:meth:`Dispatch.explain_campaign`).
    sentence: str


def campaign_why_of(dispatch: "Dispatch", campaign: bytes) -> CampaignWhy:
    """`dispatch.campaign_why(campaign)`: ``xyz_dispatch_campaign_why`` as a :class:`CampaignWhy`."""
    info = _lib.CampaignWhyInfo()
    info.size = ctypes.sizeof(_lib.CampaignWhyInfo)
    _lib.lib.xyz_dispatch_campaign_why(dispatch._require_open(), campaign, ctypes.byref(info))
    code, event, trigger, detail = CampaignWhyCode(info.code), _lib.decode(info.event), info.trigger, _lib.decode(info.detail)
    sentence = _lib.take_string(_lib.lib.xyz_dispatch_explain_campaign(dispatch._require_open(), campaign))
    return CampaignWhy(code, event, None if trigger < 0 else trigger, detail, sentence)
