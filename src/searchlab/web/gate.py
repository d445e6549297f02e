"""A bound on how many slow calls (board generation, hints) run at once, in worker processes.

:class:`Gate` runs calls on a small pool of worker processes (``running`` of
them; see :mod:`searchlab.web.worker` for why processes) and lets ``waiting``
more wait their turn; a further call is refused at once with
:class:`~searchlab.web.jobs.TooBusyError` (HTTP 429). Without it a flood of
generation requests would start one thread each, all competing with the event
loop that serves the pages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from searchlab.errors import InputError
from searchlab.web import worker
from searchlab.web.jobs import TooBusyError
from searchlab.web.worker import Outcome


def process_pool(running: int, memory_mb: int | None) -> ProcessPoolExecutor:
    """``running`` worker processes from the warm forkserver, each under the memory cap."""
    return ProcessPoolExecutor(
        running,
        mp_context=worker.context(),
        initializer=worker.pool_initializer,
        initargs=(memory_mb,),
    )


class Gate:
    """At most ``running`` calls at once, ``waiting`` more queued, the rest refused."""

    def __init__(
        self, what: str, running: int, waiting: int, executor: Callable[[], Executor]
    ) -> None:
        self.what = what
        self.running = running
        self.waiting = waiting
        self._make = executor
        self._executor: Executor | None = None
        self._inside = 0

    async def run(self, fn: Callable[[], Outcome]) -> Any:
        """``fn()`` (picklable) in a worker: its value, or its InputError raised here;
        TooBusyError when the queue is full."""
        if self._inside >= self.running + self.waiting:
            busy = f"{self._inside} {self.what} are already under way"
            raise TooBusyError(f"{busy}; try again shortly")
        if self._executor is None:
            self._executor = self._make()
        self._inside += 1
        try:
            kind, value = await asyncio.get_running_loop().run_in_executor(self._executor, fn)
        except BrokenProcessPool:  # a worker was killed (out of memory): start afresh
            self._executor = None
            raise InputError("the worker stopped unexpectedly; try again") from None
        finally:
            self._inside -= 1
        if kind == "ok":
            return value
        if kind == "input":
            raise InputError(str(value))
        if kind == "memory":
            raise InputError("out of memory: ask for something smaller")
        raise RuntimeError(str(value))

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
