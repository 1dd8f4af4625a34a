"""Time on an asyncio event loop: a host whose clock is the loop's and whose
timers are the loop's ``call_later`` (docs/rules.md §12)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Dict, Optional, Set, Tuple

from ._enums import State
from .host import Host

if TYPE_CHECKING:
    from .alert import Alert
    from .dispatch import Dispatch


class Holds:
    """Turns a toolkit's events into the engine's counted holds
    (docs/rules.md §17), once per alert and reason however often the event
    repeats: ``start(alert, "pointer")`` on pointer-enter,
    ``stop(alert, "pointer")`` on pointer-leave, the same with ``"focus"``
    for keyboard focus, and ``window(root, hidden=True/False)`` when the
    window is minimised and restored (every countdown of the domain holds).
    An alert that finished meanwhile is simply forgotten."""

    def __init__(self) -> None:
        """No holds yet."""
        self._held: Dict[Tuple[int, str], "Alert"] = {}
        self._windows: Set[int] = set()

    def start(self, alert: "Alert", reason: str) -> None:
        """Holds `alert` for `reason` ("pointer", "focus", ...); a second start
        with the same reason, or an alert already finished, does nothing."""
        key = (id(alert), reason)
        if key not in self._held and alert.state != State.FINISHED:
            alert.hold()
            self._held[key] = alert

    def stop(self, alert: "Alert", reason: str) -> None:
        """Ends the hold of `alert` for `reason`, if :meth:`start` made one; the
        countdown goes on once no reason holds it."""
        held = self._held.pop((id(alert), reason), None)
        if held is not None and held.state != State.FINISHED:
            held.unhold()

    def window(self, root: "Dispatch", hidden: bool) -> None:
        """`hidden=True`: every countdown of `root`'s domain holds
        (``Dispatch.hold_timers``), once however often it is called;
        `hidden=False` ends that hold."""
        if hidden and id(root) not in self._windows:
            root.hold_timers()
            self._windows.add(id(root))
        elif not hidden and id(root) in self._windows:
            self._windows.discard(id(root))
            if not root.closed:
                root.unhold_timers()


class AsyncioHost(Host):
    """A :class:`Host` whose :meth:`now` is ``loop.time()`` and whose
    :meth:`set_timer` schedules ``root.tick()`` with ``loop.call_later``,
    one pending timer per domain root (a new request cancels the last one).
    Subclass it instead of :class:`Host` and override the events you draw::

        class Screen(xyzalert.AsyncioHost):
            def show(self, alert, target, view): ...

        async def main():
            with xyzalert.Dispatch(Screen(), name="home") as home:
                home.page_did_appear()
                home.add(xyzalert.Alert("saved", duration=2.0))
                await asyncio.sleep(3)        # the toast times out meanwhile

    `loop` defaults to the running loop at the first clock reading or timer
    request, so create the host anywhere and use it from a coroutine. A tick
    that raises (an exception from one of your callbacks) goes to the loop's
    exception handler, like any failing callback of ``call_later``.
    """

    def __init__(self, loop: Optional[asyncio.AbstractEventLoop] = None) -> None:
        """A host on `loop` (default: the loop running at the first clock
        reading or timer request)."""
        self._loop = loop
        self._timers: Dict[int, asyncio.TimerHandle] = {}
        #: Countdowns held for people (docs/rules.md §17): call these from
        #: your toolkit's pointer, focus and window events.
        self.holds = Holds()

    def pointer_entered(self, alert: "Alert") -> None:
        """The pointer is over the alert: its countdown holds (WCAG 2.2.1)."""
        self.holds.start(alert, "pointer")

    def pointer_left(self, alert: "Alert") -> None:
        """The pointer left the alert: the hold of :meth:`pointer_entered` ends."""
        self.holds.stop(alert, "pointer")

    def focus_gained(self, alert: "Alert") -> None:
        """The alert (or a control in it) has keyboard focus: its countdown holds."""
        self.holds.start(alert, "focus")

    def focus_lost(self, alert: "Alert") -> None:
        """The alert lost keyboard focus: the hold of :meth:`focus_gained` ends."""
        self.holds.stop(alert, "focus")

    def window_hidden(self, root: "Dispatch") -> None:
        """The window was minimised (or the app went to the background): every countdown of the domain holds."""
        self.holds.window(root, hidden=True)

    def window_shown(self, root: "Dispatch") -> None:
        """The window is shown again: the hold of :meth:`window_hidden` ends."""
        self.holds.window(root, hidden=False)

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop whose clock and timers the host uses."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    def now(self) -> float:
        """The loop's clock, ``loop.time()``."""
        return self.loop.time()

    def set_timer(self, root: "Dispatch", delay: float) -> None:
        """Schedules ``root.tick()`` `delay` seconds from now with
        ``loop.call_later``, cancelling the root's pending timer; a negative
        delay only cancels it."""
        pending = self._timers.pop(id(root), None)
        if pending is not None:
            pending.cancel()
        if delay >= 0:
            self._timers[id(root)] = self.loop.call_later(delay, self._fire, root)

    @property
    def pending_timers(self) -> int:
        """How many roots have a timer scheduled on the loop."""
        return len(self._timers)

    def _fire(self, root: "Dispatch") -> None:
        self._timers.pop(id(root), None)
        if not root.closed:
            root.tick()
