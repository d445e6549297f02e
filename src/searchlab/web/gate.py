"""A bound on how many slow synchronous calls (board generation, hints) run at once.

:class:`Gate` lets ``running`` calls run on worker threads and ``waiting`` more
wait their turn; a further call is refused at once with
:class:`~searchlab.web.jobs.TooBusyError` (HTTP 429). Without it a flood of
generation requests would start one thread each, and every CPU-bound thread
takes its share of the GIL from the event loop that serves the pages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from searchlab.web.jobs import TooBusyError

T = TypeVar("T")


class Gate:
    """At most ``running`` calls at once on threads, ``waiting`` more queued."""

    def __init__(self, what: str, running: int, waiting: int) -> None:
        self.what = what
        self.running = running
        self.waiting = waiting
        self._inside = 0
        self._slots: asyncio.Semaphore | None = None

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` on a worker thread once a slot is free; TooBusyError when the queue is full."""
        if self._inside >= self.running + self.waiting:
            raise TooBusyError(
                f"{self._inside} {self.what} are already under way; try again shortly"
            )
        if self._slots is None:  # created in the event loop that serves the requests
            self._slots = asyncio.Semaphore(self.running)
        self._inside += 1
        try:
            async with self._slots:
                return await asyncio.to_thread(fn)
        finally:
            self._inside -= 1
