"""Solve jobs that run in child processes, with live progress and cancellation.

A job is a picklable function ``run(cancel, progress) -> dict`` executed in a
child process of its own (:mod:`searchlab.web.worker`: the server's event
loop never shares its GIL with a search, each job has a hard memory cap, and a
job that ignores its cancel token can still be stopped). A lane thread starts
the child and watches it: it forwards cancellation, reads the child's progress
(``expanded``, ``generated``, ``seconds``, shared memory the browser polls) and
receives the result.

**Light solves run in warm processes.** The light lane's processes are started
ahead (``light_workers`` of them, at server start) and kept between jobs
(:func:`~searchlab.web.worker.serve_jobs`): a 1-move solve costs a pipe's round
trip, not a process start, which takes tens of milliseconds (33-78 ms measured
at load 7) and more on a busier machine. A worker whose job ran past the triage deadline,
did not stop when cancelled, failed, or grew past
:data:`~searchlab.web.worker.RECYCLE_MB` is ended and replaced in the background.
They run at ``nice`` +``light_niceness`` (:data:`LIGHT_NICENESS`): the server's
event loop, which every request needs, comes first.

**Two lanes, so a light solve never waits behind heavy ones.** Nobody can tell
a 1-move board from a 60-move one before searching, so every job is *triaged*:
it first runs on the light lane with a short deadline (``triage_seconds``,
half a second). Almost every solve a person makes in the player finishes there.
A job still running at the deadline is stopped and queued again, from scratch
and with its full limits, on the heavy lane, whose children run at a lower
priority (``nice`` +10) so that the light lane and the server stay responsive on
a busy machine. The price is at most ``triage_seconds`` of repeated work for a
long solve. Light and heavy admission are counted apart: ``max_light`` jobs may
wait for triage (then 429), ``max_heavy`` may be queued or running on the heavy
lane (a job promoted beyond that fails with a "busy" message instead of waiting).

**Clients share the lanes fairly.** Every job has a ``client`` (the caller's
address, whatever page id it sends: :func:`~searchlab.web.fair.client_key`). Each lane
is a :class:`~searchlab.web.fair.FairLane`: clients take turns, and none runs
more than one job at a time on the light lane or more than ``workers - 1`` on
the heavy one (so one slot is always another client's); a client may have
``max_light_per_client`` jobs waiting for triage (then 429) and
``max_heavy_per_client`` on the heavy lane (then the promoted job fails "busy").
A burst of solves from one client waits behind itself, not in front of others;
inside a client's turn its pages (the jobs' owners) take turns as well, so the
students behind one router share its address's part page by page.

**Pages own their jobs; unwatched jobs are abandoned.** A job may name an
``owner`` (the player page's random id). Starting a job cancels the owner's
earlier ones (a page runs one solve at a time), :meth:`JobManager.leave` cancels
them all (the page sends it when it goes away). Any job nobody has polled for
``abandon_seconds`` is cancelled, owned or not (its client hung up, crashed or
lost its network): nobody is waiting for its answer.

Finished jobs are kept for ``keep_seconds`` and at most ``max_kept`` of them, so
memory stays bounded.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from searchlab.web import worker
from searchlab.web.fair import FairLane
from searchlab.web.worker import PROGRESS_SLOTS, JobFn, Outcome

log = logging.getLogger(__name__)

MEMORY_MB = 1024
"""A job's hard memory cap (heap and anonymous mappings; the memory-mapped pattern
databases are file pages, shared, and not counted): past it the solve fails with
an "out of memory" message. The stored-node limits keep a job far below it."""

LIGHT_NICENESS = 3
"""The light lane's processes run this much below the server: under load the event
loop, which every request needs (``GET /`` among them), is scheduled first."""

BUSY_NICENESS = 5
"""Added to the priority of a client's light work while it has heavy work under way."""

CANCEL_GRACE = 2.0
"""Seconds a cancelled child has to send its partial result before it is killed."""


class TooBusyError(RuntimeError):
    """Too many solves are queued or running."""


@dataclass(slots=True)
class Warm:
    """A light-lane worker process started ahead, with its pipe, cancel event and
    progress array (:func:`~searchlab.web.worker.serve_jobs`)."""

    child: Any
    conn: Connection
    cancel: Any
    shared: Any


@dataclass(slots=True)
class Job:
    """One solve: its state ("queued", "running", "done", "failed"), lane, progress, result."""

    id: str
    family: str
    created: float
    fn: JobFn
    owner: str | None = None
    client: str = "addr:?"
    cancel: threading.Event = field(default_factory=threading.Event)
    state: str = "queued"
    lane: str = "light"
    shared: Any = None
    result: dict[str, Any] | None = None
    error: str | None = None
    finished: float | None = None
    last_seen: float = 0.0

    @property
    def progress(self) -> dict[str, Any]:
        """The child's last progress report (empty before the first one)."""
        s = self.shared
        if s is None or not s[3]:
            return {}
        return {"expanded": int(s[0]), "generated": int(s[1]), "seconds": round(s[2], 3)}

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "family": self.family,
            "state": self.state,
            "lane": self.lane,
            "cancelled": self.cancel.is_set(),
            "progress": self.progress,
            "elapsed": round((self.finished or time.monotonic()) - self.created, 3),
        }
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out

    @property
    def live(self) -> bool:
        return self.finished is None


class JobManager:
    """Runs jobs in child processes on a light and a heavy lane; keeps their outcome a while."""

    def __init__(
        self,
        workers: int = 2,
        *,
        light_workers: int = 2,
        triage_seconds: float = 0.5,
        max_light: int = 16,
        max_heavy: int = 6,
        max_light_per_client: int = 4,
        max_heavy_per_client: int = 2,
        max_kept: int = 64,
        keep_seconds: float = 900.0,
        abandon_seconds: float = 20.0,
        memory_mb: int | None = MEMORY_MB,
        light_niceness: int = LIGHT_NICENESS,
        heavy_niceness: int = 10,
    ) -> None:
        self._ctx = worker.context()
        self._warm: list[Warm] = []  # light-lane workers waiting for a job
        self._warm_lock = threading.Lock()
        self._warming = 0  # being started in the background
        self.light_workers = light_workers
        self._light = FairLane("light", light_workers, per_client=1)
        self._heavy = FairLane("heavy", workers, per_client=max(1, workers - 1))
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self.triage_seconds = triage_seconds
        self.max_light = max_light
        self.max_heavy = max_heavy
        self.max_light_per_client = max_light_per_client
        self.max_heavy_per_client = max_heavy_per_client
        self.max_kept = max_kept
        self.keep_seconds = keep_seconds
        self.abandon_seconds = abandon_seconds
        self.memory_mb = memory_mb
        self.light_niceness = light_niceness
        self.heavy_niceness = heavy_niceness

    def warm_up(self) -> None:
        """Start the forkserver (it imports the families: about a third of a second) and
        the light lane's workers now, so that the first solves find them ready."""
        child = self._ctx.Process(target=worker.noop, daemon=True)
        child.start()
        child.join(30)
        while not self._closed.is_set():
            with self._warm_lock:
                if len(self._warm) + self._warming >= self.light_workers:
                    return
                self._warming += 1
            self._add_warm()

    # -- the light lane's workers ---------------------------------------------------
    def _start_warm(self) -> Warm:
        here, there = self._ctx.Pipe(duplex=True)
        cancel = self._ctx.Event()
        shared = self._ctx.Array("d", PROGRESS_SLOTS, lock=False)
        child = self._ctx.Process(
            target=worker.serve_jobs,
            args=(there, cancel, shared, self.memory_mb, self.light_niceness),
            name="searchlab-solver",
            daemon=True,
        )
        child.start()
        there.close()
        return Warm(child, here, cancel, shared)

    def _add_warm(self) -> None:
        """Start a worker and put it with the waiting ones (``_warming`` counted it)."""
        try:
            w = self._start_warm()
        except Exception as exc:  # the server is stopping: a job starts its own
            log.debug("could not start a solve worker ahead: %s", exc)
            w = None
        with self._warm_lock:
            self._warming -= 1
            if w is not None and not self._closed.is_set():
                self._warm.append(w)
                return
        if w is not None:
            _end(w)

    def _take_warm(self) -> Warm:
        """A waiting worker still alive, else a new one."""
        with self._warm_lock:
            while self._warm:
                w = self._warm.pop()
                if w.child.is_alive():
                    return w
                _end(w)
        return self._start_warm()

    def _give_back(self, w: Warm, keep: bool) -> None:
        """Keep ``w`` for the next job, or end it and start a replacement behind it."""
        with self._warm_lock:
            if (
                keep
                and not self._closed.is_set()
                and w.child.is_alive()
                and len(self._warm) < self.light_workers
            ):
                self._warm.append(w)
                return
            refill = (
                not self._closed.is_set() and len(self._warm) + self._warming < self.light_workers
            )
            if refill:
                self._warming += 1
        _end(w)
        if refill:
            threading.Thread(target=self._add_warm, name="searchlab-warm", daemon=True).start()

    # -- admission ---------------------------------------------------------------
    def _pending(self, lane: str, client: str | None = None) -> int:
        return sum(
            1
            for j in self._jobs.values()
            if j.live and j.lane == lane and (client is None or j.client == client)
        )

    def submit(
        self, family: str, fn: JobFn, owner: str | None = None, client: str | None = None
    ) -> Job:
        """Queue ``fn`` (picklable) on the light lane for ``client`` (default: the
        owner's page), cancelling ``owner``'s earlier jobs; raise
        :class:`TooBusyError` when too many jobs wait there, or too many of the client's."""
        client = client or f"page:{owner}"
        with self._lock:
            self._prune()
            if owner is not None:
                for j in self._jobs.values():
                    if j.owner == owner and j.live:
                        j.cancel.set()
            self._check_room(client)
            # Unguessable ids: another page on this machine cannot read or cancel the job.
            now = time.monotonic()
            job = Job(secrets.token_urlsafe(16), family, now, fn, owner, client, last_seen=now)
            self._jobs[job.id] = job
        self._light.submit(client, lambda: self._triage(job), page=owner or "")
        return job

    def check_room(self, client: str) -> None:
        """Raise :class:`TooBusyError` now if ``client`` could not submit a job (the
        route asks before parsing the board: a flood is refused at little cost)."""
        with self._lock:
            self._check_room(client)

    def _check_room(self, client: str) -> None:
        mine = sum(
            1
            for j in self._jobs.values()
            if j.live and j.client == client and not j.cancel.is_set()
        )
        if mine >= self.max_light_per_client:
            raise TooBusyError(
                f"you already have {mine} solves under way; wait for them or cancel one"
            )
        pending = self._pending("light")
        if pending >= self.max_light:
            raise TooBusyError(f"{pending} solves are already waiting; try again shortly")

    # -- running -----------------------------------------------------------------
    def _triage(self, job: Job) -> None:
        # A client with long solves under way already gets its quick ones at a lower
        # priority: a flood of heavy work slows its own light work, not another's.
        with self._lock:
            busy = self._pending("heavy", job.client) > 0
        if busy:  # a process of its own at the lower priority (a warm one stays as it is)
            niceness = self.light_niceness + BUSY_NICENESS
            outcome = self._run(job, stop_after=self.triage_seconds, niceness=niceness)
        else:
            outcome = self._run_warm(job, stop_after=self.triage_seconds)
        if outcome == ("expired", None):
            self._promote(job)
        else:
            self._settle(job, outcome)

    def _promote(self, job: Job) -> None:
        with self._lock:
            busy = self._pending("heavy")
            mine = self._pending("heavy", job.client)
            if busy >= self.max_heavy or mine >= self.max_heavy_per_client:
                whose = f"{mine} of your" if mine >= self.max_heavy_per_client else f"{busy}"
                job.error = (
                    f"the server is busy with {whose} long solves: "
                    "try again shortly, or solve this board with the searchlab command"
                )
                job.state = "failed"
                job.finished = time.monotonic()
                return
            job.lane = "heavy"
            job.state = "queued"
            job.shared = None
        self._heavy.submit(
            job.client,
            lambda: self._settle(job, self._run(job, niceness=self.heavy_niceness)),
            page=job.owner or "",
        )

    def _run(self, job: Job, *, stop_after: float | None = None, niceness: int = 0) -> Outcome:
        """Run the job in a child process of its own and watch it (:meth:`_watch`)."""
        self._check_abandoned(job)
        if job.cancel.is_set() or self._closed.is_set():
            return ("input", "cancelled before it started")
        job.state = "running"
        receiver, sender = self._ctx.Pipe(duplex=False)
        cancel = self._ctx.Event()
        shared = self._ctx.Array("d", PROGRESS_SLOTS, lock=False)
        job.shared = shared
        child = self._ctx.Process(
            target=worker.run_child,
            args=(sender, job.fn, cancel, shared, self.memory_mb, niceness),
            name=f"searchlab-job-{job.family}",
            daemon=True,
        )
        child.start()
        sender.close()
        try:
            return self._watch(job, receiver, child, cancel, shared, stop_after)[0]
        finally:
            if child.is_alive():
                child.kill()
            child.join(5)
            receiver.close()

    def _run_warm(self, job: Job, *, stop_after: float) -> Outcome:
        """Run the job on a light-lane worker started ahead (:meth:`_watch`); keep the
        worker afterwards if its job ended of itself and it says it may be kept."""
        self._check_abandoned(job)
        if job.cancel.is_set() or self._closed.is_set():
            return ("input", "cancelled before it started")
        w = self._take_warm()
        w.cancel.clear()
        w.shared[0:PROGRESS_SLOTS] = [0.0] * PROGRESS_SLOTS
        job.state = "running"
        job.shared = w.shared
        outcome: Outcome = ("died", "")
        keep = False
        try:
            w.conn.send(job.fn)
            outcome, keep = self._watch(job, w.conn, w.child, w.cancel, w.shared, stop_after)
        except OSError:  # the worker died waiting
            outcome = _died(w.child)
        finally:
            job.shared = list(w.shared)  # this job's last progress: the worker moves on
            self._give_back(w, keep and outcome[0] in ("ok", "input"))
        return outcome

    def _watch(
        self,
        job: Job,
        receiver: Connection,
        child: Any,
        cancel: Any,
        shared: Any,
        stop_after: float | None,
    ) -> tuple[Outcome, bool]:
        """Watch the job's child: forward cancellation, stop waiting ``stop_after``
        seconds after its function started (``("expired", None)``), receive its outcome
        and whether the child may be kept (never, for an outcome made here)."""
        cancelled_at: float | None = None
        started: float | None = None
        while True:
            if receiver.poll(0.02):
                try:
                    got: tuple[Outcome, bool] = receiver.recv()
                except EOFError:
                    return _died(child), False
                return got
            if not child.is_alive() and not receiver.poll(0):
                return _died(child), False
            now = time.monotonic()
            if started is None and shared[4]:
                started = now
            expired = stop_after is not None and started is not None and now - started >= stop_after
            if expired and not job.cancel.is_set():
                return ("expired", None), False
            self._check_abandoned(job)
            if (job.cancel.is_set() or self._closed.is_set()) and cancelled_at is None:
                cancel.set()
                cancelled_at = now
            if cancelled_at is not None and now - cancelled_at > CANCEL_GRACE:
                return ("input", "cancelled (the solver did not stop in time)"), False

    def _check_abandoned(self, job: Job) -> None:
        if time.monotonic() - job.last_seen > self.abandon_seconds:
            job.cancel.set()

    def _settle(self, job: Job, outcome: Outcome) -> None:
        kind, value = outcome
        if kind == "ok":
            job.result = value
            job.state = "done"
        else:
            job.error = {
                "input": str(value),
                "wrong": f"internal error: {value} (please report it)",
                "memory": f"out of memory (over {self.memory_mb} MB): "
                "try a smaller board or a lower node limit",
                "died": f"{value} before it answered: try again",
            }.get(kind, f"internal error: {value}")
            if kind in ("bug", "wrong"):
                log.error("solve job %s failed: %s", job.id, value)
            job.state = "failed"
        job.finished = time.monotonic()

    # -- clients -----------------------------------------------------------------
    def get(self, job_id: str) -> Job | None:
        """The job (and a sign of life from its page: it is being watched)."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is not None:
            job.last_seen = time.monotonic()
        return job

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None:
            job.cancel.set()
        return job

    def leave(self, owner: str) -> int:
        """Cancel every live job of ``owner`` (its page went away); how many."""
        with self._lock:
            mine = [
                j
                for j in self._jobs.values()
                if j.owner == owner and j.live and not j.cancel.is_set()
            ]
        for j in mine:
            j.cancel.set()
        return len(mine)

    def _prune(self) -> None:
        now = time.monotonic()
        done = [j for j in self._jobs.values() if j.finished is not None]
        done.sort(key=lambda j: j.finished or 0.0)
        excess = len(done) - self.max_kept
        for i, j in enumerate(done):
            if i < excess or now - (j.finished or now) > self.keep_seconds:
                del self._jobs[j.id]

    def shutdown(self) -> None:
        """Cancel every job and stop the lanes (used when the server stops)."""
        self._closed.set()
        with self._lock:
            for j in self._jobs.values():
                j.cancel.set()
        self._light.shutdown()
        self._heavy.shutdown()
        with self._warm_lock:
            waiting, self._warm = self._warm, []
        for w in waiting:
            _end(w)


def _end(w: Warm) -> None:
    """End a light-lane worker (it may be busy with a job nobody waits for)."""
    w.conn.close()
    if w.child.is_alive():
        w.child.kill()
    w.child.join(5)


def _died(child: Any) -> Outcome:
    """The outcome of a child that ended without a word (killed, or crashed)."""
    child.join(1)
    code = child.exitcode
    if code is not None and code < 0:
        return ("died", f"the solver process was stopped by signal {-code}")
    return ("died", f"the solver process ended unexpectedly (exit code {code})")
