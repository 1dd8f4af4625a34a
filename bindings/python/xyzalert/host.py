"""The host: what the engine asks of the application."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

from ._enums import CampaignEvent, EndReason, HideReason, Politeness

if TYPE_CHECKING:
    from .alert import Alert
    from .dispatch import Dispatch


class Host:
    """Override the methods your application needs; the defaults do nothing.

    Every method is called after the state change it reports, and may call
    back into the engine. An exception raised here does not reach the engine:
    it is re-raised from the Python call that caused the callback.

    Set ``deferred = True`` (class or instance attribute, read when a
    :class:`Dispatch` is created) for deferred mode: the engine then calls
    :meth:`request_flush` and the application calls :meth:`Dispatch.flush`
    from its main loop.

    Which methods you override is also read when the :class:`Dispatch` is
    created (a method of the subclass, or a function set on the instance):
    the engine calls into Python only for those, so an event you do not
    handle costs nothing. Overriding a method later, on a host already given
    to a dispatch, has no effect on that dispatch.
    """

    deferred: bool = False

    def show(self, alert: "Alert", target: str, view: Optional[Any]) -> None:
        """Put `alert` on screen on layer `target`, whose view is `view`."""

    def hide(self, alert: "Alert", reason: HideReason) -> None:
        """Hide an on-screen alert without ending it."""

    def unhide(self, alert: "Alert") -> None:
        """Show a hidden alert again."""

    def remove(self, alert: "Alert", reason: EndReason) -> None:
        """Take an alert off screen for good; :meth:`finish` follows."""

    def finish(self, alert: "Alert", reason: EndReason) -> None:
        """The alert ended and will never show again."""

    def move(self, alert: "Alert", dy: float, duration: float) -> None:
        """Offset the alert by `dy` (absolute) over `duration` seconds to clear the keyboard."""

    def action(self, alert: "Alert", index: int, action_id: str) -> None:
        """The user chose action `index` (id `action_id`); remove and finish follow."""

    def update(self, alert: "Alert") -> None:
        """The content of an on-screen alert was set (title, message, ...): redraw it."""

    def announce(self, alert: "Alert", politeness: Politeness, text: str) -> None:
        """What a screen reader should say for `alert` (docs/rules.md §17): after
        its first show and after a change of its title or message; `text` is
        the title and message joined by ". ". Hand it to the platform's
        announcement (a live region, ``UIAccessibility.post``,
        ``View.announceForAccessibility``)."""

    def campaign(self, root: "Dispatch", campaign: str, kind: CampaignEvent, reason: Optional[str],
                 alert: Optional["Alert"]) -> None:
        """A trigger of a campaign of `root`'s domain fired (docs/rules.md §21):
        ``TRIGGER`` with the instance it made (added right after this
        returns), or ``SKIP`` with `reason` ("not_started", "ended",
        "audience", "no_user", "no_page"). Called on the root's host."""

    def utc_offset(self, wall: float) -> float:
        """Seconds east of UTC of the user's local time at `wall` (seconds
        since the epoch), for windows and calendar caps (docs/rules.md §22).
        Not overriding it lets the library use the process's time zone
        (``time.localtime``'s); NaN reads as UTC, values beyond ±18 h as
        ±18 h. Asked of a domain's root; it must not call the engine."""
        return math.nan

    def request_flush(self, dispatch: "Dispatch") -> None:
        """Deferred mode: call ``dispatch.flush()`` soon, from the main loop."""

    def now(self) -> float:
        """The current time in seconds on any monotonic clock. Not
        overriding it lets the engine read the system's monotonic clock.
        Asked of a domain's root only, and only while it has alerts with a
        ``duration`` or ``ttl``; it must not call the engine."""
        raise NotImplementedError  # never called unless overridden

    def set_timer(self, root: "Dispatch", delay: float) -> None:
        """Call ``root.tick()`` once, `delay` seconds from now; each request
        replaces the last, and a negative delay means no timer is needed any
        more (:class:`AsyncioHost` does it with asyncio). Not overriding it: poll
        :meth:`Dispatch.next_deadline` instead."""
