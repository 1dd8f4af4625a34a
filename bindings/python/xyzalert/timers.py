"""Time on an asyncio event loop: a host whose clock is the loop's and whose
timers are the loop's ``call_later`` (docs/rules.md §12)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Dict, Optional

from .host import Host

if TYPE_CHECKING:
    from .dispatch import Dispatch


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
        self._loop = loop
        self._timers: Dict[int, asyncio.TimerHandle] = {}

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    def now(self) -> float:
        return self.loop.time()

    def set_timer(self, root: "Dispatch", delay: float) -> None:
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
