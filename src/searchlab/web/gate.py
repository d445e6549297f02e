"""Slow calls a request waits for (generation, hints, ratings, traces), each in a child process.

A :class:`Gate` runs every call in a worker process (see
:mod:`searchlab.web.worker` for why processes: no shared GIL, a memory cap, and
a call can be stopped at once). Workers are kept between calls (a family's
caches stay warm: an 8-puzzle board costs milliseconds, not the 0.6 s of
rebuilding its distance table); a worker whose call is stopped, or whose memory
grew past :data:`~searchlab.web.worker.RECYCLE_MB`, is ended and replaced. Calls
are bounded in two lanes:

* the **cheap lane** (``cheap`` calls at once, ``waiting`` more queued): every
  call starts here. Almost all calls (an 8-puzzle, peg, knight or maze board,
  a one-move hint) end within ``triage_seconds`` and never leave it. Its
  workers run ``cheap_niceness`` below the server (``nice`` +3 by default), so
  the event loop every request needs is scheduled first;
* the **heavy lane** (``heavy`` calls at once): a call still running after
  ``triage_seconds`` moves there, its process continuing at a lower priority,
  and frees its cheap slot (its worker is not kept afterwards: the memory a
  heavy call took goes back to the system with its process). A client with a
  heavy call under way gets its cheap calls at a lower priority too (``nice``
  +5): a flood slows itself first. When the heavy lane is full, or holds
  ``heavy_per_client`` of the same client's calls already (one by default), the
  call is stopped and answered 429.

So heavy work cannot fill the cheap lane for longer than ``triage_seconds``.
A client (:func:`~searchlab.web.fair.client_key`) may have ``per_client`` calls
in the cheap lane (then 429), so one client's burst leaves slots to others. The
request's ``gone`` callable is polled while the call runs: when its client has
hung up, the process is stopped (:class:`ClientGone`) instead of working for
nobody. ``time_cap`` seconds bound any call.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

from searchlab.errors import InputError, SolutionCheckError
from searchlab.web import worker
from searchlab.web.jobs import BUSY_NICENESS, LIGHT_NICENESS, MEMORY_MB, TooBusyError
from searchlab.web.worker import Outcome

POLL = 0.02
"""Seconds between looks at a running call (its answer, its client, its clock)."""


class ClientGone(Exception):
    """The client of a gated call hung up; its work was stopped."""


class WorkerDied(Exception):
    """The worker process of a call ended without answering (killed by a signal, or by
    the system for memory): the machine's doing, not the request's; answered 503, try
    again (a new worker replaces it)."""


def died(child: Any) -> Outcome:
    """The outcome of a worker that ended without a word: ``("died", message)``, a kind
    of :data:`~searchlab.web.worker.Outcome` only the parent gives (the child is gone)."""
    code = child.exitcode
    if code is not None and code < 0:
        return ("died", f"the worker process was stopped by signal {-code} before answering")
    return ("died", f"the worker process ended before answering (exit code {code})")


async def _never_gone() -> bool:
    return False


class Gate:
    """A cheap and a heavy lane of child processes for calls a request waits for."""

    def __init__(
        self,
        what: str,
        *,
        cheap: int = 3,
        waiting: int = 6,
        heavy: int = 2,
        per_client: int = 1,
        heavy_per_client: int = 1,
        triage_seconds: float = 0.5,
        time_cap: float = 60.0,
        memory_mb: int | None = MEMORY_MB,
        cheap_niceness: int = LIGHT_NICENESS,
        heavy_niceness: int = 10,
    ) -> None:
        self.what = what
        self.cheap = cheap
        self.waiting = waiting
        self.heavy = heavy
        self.per_client = per_client
        self.heavy_per_client = heavy_per_client
        self.triage_seconds = triage_seconds
        self.time_cap = time_cap
        self.memory_mb = memory_mb
        self.cheap_niceness = cheap_niceness
        self.heavy_niceness = heavy_niceness
        self._base = os.getpriority(os.PRIO_PROCESS, 0)  # the server's own niceness
        self._ctx = worker.context()
        self._slots: asyncio.Semaphore | None = None
        self._admitted: Counter[str] = Counter()  # per client, in the cheap lane
        self._heavy: Counter[str] = Counter()  # per client, in the heavy lane
        self._children: set[Any] = set()  # every worker alive
        self._idle: list[tuple[Any, Connection]] = []  # workers waiting for a call
        self._starting = 0  # spare workers being started
        self._tasks: set[asyncio.Task[None]] = set()

    def _admit(self, client: str) -> None:
        inside = self._admitted.total()
        if inside >= self.cheap + self.waiting:
            raise TooBusyError(f"{inside} {self.what} are already under way; try again shortly")
        if self._admitted[client] >= self.per_client:
            raise TooBusyError(
                f"you already have {self._admitted[client]} {self.what} under way; wait for them"
            )
        self._admitted[client] += 1

    def _leave(self, counter: Counter[str], client: str) -> None:
        counter[client] -= 1
        if counter[client] <= 0:
            del counter[client]

    async def run(
        self,
        fn: Callable[[], Outcome],
        client: str = "addr:?",
        gone: Callable[[], Awaitable[bool]] = _never_gone,
    ) -> Any:
        """``fn()`` (picklable, answering an Outcome) in a child process: its value, or
        its InputError raised here; TooBusyError when the lanes are full; ClientGone."""
        self._admit(client)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.cheap)
        slots = self._slots
        cheap_held = False
        heavy_held = False
        child = None
        reusable = False
        try:
            await slots.acquire()
            cheap_held = True
            if await gone():
                raise ClientGone
            child, pipe = await self._worker()
            lowered = bool(self._heavy[client])  # its long calls slow its own cheap ones
            if lowered:
                _renice(child.pid, self._base + self.cheap_niceness + BUSY_NICENESS)
            pipe.send(fn)
            started = time.monotonic()
            looks = 0
            while True:
                if pipe.poll():
                    outcome, keep = _receive(pipe, child)
                    # A worker is kept only after a cheap call that left its memory small
                    # (worker.RECYCLE_MB): after a heavy call its memory goes back.
                    reusable = (
                        keep
                        and outcome[0] not in ("bug", "died")
                        and not heavy_held
                        and (not lowered or _renice(child.pid, self._base + self.cheap_niceness))
                    )
                    break
                if not child.is_alive() and not pipe.poll():
                    outcome = died(child)
                    break
                looks += 1
                if looks % 5 == 0 and await gone():
                    raise ClientGone
                elapsed = time.monotonic() - started
                if elapsed > self.time_cap:
                    raise InputError(
                        f"this took longer than {self.time_cap:g} s and was stopped: "
                        "ask for something smaller"
                    )
                if cheap_held and elapsed > self.triage_seconds:
                    busy = self._heavy.total()
                    if busy >= self.heavy or self._heavy[client] >= self.heavy_per_client:
                        raise TooBusyError(
                            f"{busy} long {self.what} are under way; try again shortly"
                        )
                    self._heavy[client] += 1
                    heavy_held = True
                    slots.release()
                    cheap_held = False
                    self._leave(self._admitted, client)
                    _renice(child.pid, self._base + self.heavy_niceness)
                await asyncio.sleep(POLL)
        finally:
            if cheap_held:
                slots.release()
                self._leave(self._admitted, client)
            elif not heavy_held:
                self._leave(self._admitted, client)
            if heavy_held:
                self._leave(self._heavy, client)
            if child is not None:
                if reusable and child.is_alive() and len(self._idle) < self.cheap:
                    self._idle.append((child, pipe))
                else:
                    self._children.discard(child)
                    pipe.close()
                    if child.is_alive():
                        child.kill()
                    self._spare()
                    await asyncio.to_thread(child.join, 5)
        return _value(outcome)

    def _spare(self) -> None:
        """Start a worker in the background when fewer than ``cheap`` are idle, so that
        the next call finds one ready (a stopped call's worker is replaced at once)."""
        if len(self._idle) + self._starting >= self.cheap:
            return
        self._starting += 1

        async def start() -> None:
            try:
                self._idle.append(await asyncio.to_thread(self._start))
            except Exception:  # the server is stopping: the next call starts its own
                pass
            finally:
                self._starting -= 1

        task = asyncio.get_running_loop().create_task(start())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _worker(self) -> tuple[Any, Connection]:
        """An idle worker still alive, else a new one."""
        while self._idle:
            child, pipe = self._idle.pop()
            if child.is_alive():
                return child, pipe
            self._children.discard(child)
            pipe.close()
        return await asyncio.to_thread(self._start)

    def _start(self) -> tuple[Any, Connection]:
        """A new worker process and the server's end of its pipe."""
        here, there = self._ctx.Pipe(duplex=True)
        child = self._ctx.Process(
            target=worker.serve_calls,
            args=(there, self.memory_mb),
            name=f"searchlab-{self.what.replace(' ', '-')}",
            daemon=True,
        )
        child.start()
        there.close()
        _renice(child.pid, self._base + self.cheap_niceness)
        self._children.add(child)
        return child, here

    def warm_up(self) -> None:
        """Start the cheap lane's workers now (from a thread, at server start), so that
        the first calls do not wait for a process to start."""
        while len(self._idle) < self.cheap:
            self._idle.append(self._start())

    def shutdown(self) -> None:
        """Stop every call under way (the server is stopping)."""
        self._idle.clear()
        for child in list(self._children):
            if child.is_alive():
                child.kill()


def _receive(receiver: Connection, child: Any) -> tuple[Outcome, bool]:
    """The call's outcome and whether its worker may be kept (``serve_calls``)."""
    try:
        got: tuple[Outcome, bool] = receiver.recv()
    except (EOFError, OSError):
        child.join(1)
        return died(child), False
    return got


def _renice(pid: int | None, niceness: int) -> bool:
    """Set a worker's priority (lower for a heavy call, so cheap calls and the server
    stay responsive; back to normal after it); whether that was allowed."""
    if pid is None:
        return False
    try:
        os.setpriority(os.PRIO_PROCESS, pid, niceness)
    except OSError:  # it just ended, or raising a priority back needs privileges
        return False
    return True


def _value(outcome: Outcome) -> Any:
    kind, value = outcome
    if kind == "ok":
        return value
    if kind == "input":
        raise InputError(str(value))
    if kind == "memory":
        raise InputError("out of memory: ask for something smaller")
    if kind == "died":
        raise WorkerDied(f"{value}: try again")
    if kind == "wrong":  # a solver's answer failed its replay: said, never shown
        raise SolutionCheckError(str(value))
    raise RuntimeError(str(value))
