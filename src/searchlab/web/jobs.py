"""Solve jobs that run off the event loop, with live progress and cancellation.

A job is a function ``run(cancel, progress) -> dict`` executed on worker
threads (the engine releases the GIL often enough for the event loop to keep
answering). Each job has its own ``threading.Event`` cancel token and a
progress snapshot that the progress callback overwrites (``expanded``,
``generated``, ``seconds``), so the browser can poll it.

**Two lanes, so a light solve never waits behind heavy ones.** Nobody can tell
a 1-move board from a 60-move one before searching, so every job is *triaged*:
it first runs on the light lane with a short deadline (``triage_seconds``,
half a second). Almost every solve a person makes in the player finishes there.
A job still running at the deadline is stopped (its cancel token reports set)
and queued again, from scratch and with its full limits, on the heavy lane.
The price is at most ``triage_seconds`` of repeated work for a long solve; the
gain is that ``light_workers`` threads are always free for short ones. Light
and heavy admission are counted apart: ``max_light`` jobs may wait for triage
(then 429), ``max_heavy`` may be queued or running on the heavy lane (a job
promoted beyond that fails with a "busy" message instead of waiting).

**Pages own their jobs.** A job may name an ``owner`` (the player page's
random id). Starting a job cancels the owner's earlier ones (a page runs one
solve at a time), :meth:`JobManager.leave` cancels them all (the page sends it
when it goes away), and an owned job nobody has polled for
``abandon_seconds`` is cancelled (the page crashed or lost its network).

Finished jobs are kept for ``keep_seconds`` and at most ``max_kept`` of them, so
memory stays bounded.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from searchlab.errors import InputError
from searchlab.search import SearchStats
from searchlab.search.limits import CancelToken

log = logging.getLogger(__name__)

JobFn = Callable[[CancelToken, Callable[[SearchStats], None]], dict[str, Any]]


class TooBusyError(RuntimeError):
    """Too many solves are queued or running."""


@dataclass(slots=True)
class Job:
    """One solve: its state ("queued", "running", "done", "failed"), lane, progress, result."""

    id: str
    family: str
    created: float
    fn: JobFn
    owner: str | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    state: str = "queued"
    lane: str = "light"
    progress: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    error: str | None = None
    finished: float | None = None
    last_seen: float = 0.0

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "family": self.family,
            "state": self.state,
            "lane": self.lane,
            "cancelled": self.cancel.is_set(),
            "progress": dict(self.progress),
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


@dataclass(slots=True)
class TriageToken:
    """The cancel token of a job's run on the light lane: set when the job is
    cancelled or when the triage deadline has passed."""

    job: threading.Event
    deadline: float

    def is_set(self) -> bool:
        return self.job.is_set() or time.monotonic() >= self.deadline

    @property
    def expired(self) -> bool:
        return not self.job.is_set() and time.monotonic() >= self.deadline


class JobManager:
    """Runs jobs on a light and a heavy lane of threads and keeps their outcome a while."""

    def __init__(
        self,
        workers: int = 2,
        *,
        light_workers: int = 2,
        triage_seconds: float = 0.5,
        max_light: int = 16,
        max_heavy: int = 6,
        max_kept: int = 64,
        keep_seconds: float = 900.0,
        abandon_seconds: float = 20.0,
    ) -> None:
        self._light = ThreadPoolExecutor(light_workers, thread_name_prefix="searchlab-light")
        self._heavy = ThreadPoolExecutor(workers, thread_name_prefix="searchlab-heavy")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self.triage_seconds = triage_seconds
        self.max_light = max_light
        self.max_heavy = max_heavy
        self.max_kept = max_kept
        self.keep_seconds = keep_seconds
        self.abandon_seconds = abandon_seconds

    # -- admission ---------------------------------------------------------------
    def _pending(self, lane: str) -> int:
        return sum(1 for j in self._jobs.values() if j.live and j.lane == lane)

    def submit(self, family: str, fn: JobFn, owner: str | None = None) -> Job:
        """Queue ``fn`` on the light lane (cancelling ``owner``'s earlier jobs);
        raise :class:`TooBusyError` when too many jobs wait there."""
        with self._lock:
            self._prune()
            if owner is not None:
                for j in self._jobs.values():
                    if j.owner == owner and j.live:
                        j.cancel.set()
            pending = self._pending("light")
            if pending >= self.max_light:
                raise TooBusyError(f"{pending} solves are already waiting; try again shortly")
            # Unguessable ids: another page on this machine cannot read or cancel the job.
            now = time.monotonic()
            job = Job(secrets.token_urlsafe(16), family, now, fn, owner=owner, last_seen=now)
            self._jobs[job.id] = job
        self._light.submit(self._triage, job)
        return job

    # -- running -----------------------------------------------------------------
    def _progress(self, job: Job) -> Callable[[SearchStats], None]:
        def progress(stats: SearchStats) -> None:
            job.progress = {
                "expanded": stats.expanded,
                "generated": stats.generated,
                "seconds": round(stats.seconds, 3),
            }
            self._check_abandoned(job)

        return progress

    def _check_abandoned(self, job: Job) -> None:
        if job.owner is not None and time.monotonic() - job.last_seen > self.abandon_seconds:
            job.cancel.set()

    def _triage(self, job: Job) -> None:
        token = TriageToken(job.cancel, time.monotonic() + self.triage_seconds)
        self._check_abandoned(job)
        job.state = "running"
        outcome = self._call(job, token)
        if outcome is not None and token.expired and _stopped_early(outcome):
            self._promote(job)
            return
        self._settle(job, outcome)

    def _promote(self, job: Job) -> None:
        with self._lock:
            busy = self._pending("heavy")
            if busy >= self.max_heavy:
                job.error = (
                    f"the server is busy with {busy} long solves: "
                    "try again shortly, or solve this board with the searchlab command"
                )
                job.state = "failed"
                job.finished = time.monotonic()
                return
            job.lane = "heavy"
            job.state = "queued"
            job.progress = {}
        self._heavy.submit(self._run_heavy, job)

    def _run_heavy(self, job: Job) -> None:
        self._check_abandoned(job)
        job.state = "running"
        self._settle(job, self._call(job, job.cancel))

    def _call(self, job: Job, token: CancelToken) -> dict[str, Any] | Exception | None:
        """Run the job's function; its result, or the exception it raised (None: cancelled
        before it started)."""
        if job.cancel.is_set():
            job.error = "cancelled before it started"
            return None
        try:
            return job.fn(token, self._progress(job))
        except (InputError, MemoryError) as exc:
            return exc
        except Exception as exc:  # a bug: report it, keep the server alive
            log.exception("solve job %s failed", job.id)
            return exc

    def _settle(self, job: Job, outcome: dict[str, Any] | Exception | None) -> None:
        if isinstance(outcome, dict):
            job.result = outcome
            job.state = "done"
        else:
            if isinstance(outcome, InputError):
                job.error = str(outcome)
            elif isinstance(outcome, MemoryError):
                job.error = "out of memory: try a smaller board or a lower node limit"
            elif outcome is not None:
                job.error = f"internal error: {type(outcome).__name__}: {outcome}"
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
        """Cancel every job and stop the pools (used when the server stops)."""
        with self._lock:
            for j in self._jobs.values():
                j.cancel.set()
        self._light.shutdown(wait=False, cancel_futures=True)
        self._heavy.shutdown(wait=False, cancel_futures=True)


def _stopped_early(outcome: dict[str, Any] | Exception) -> bool:
    """Whether a triage run was cut short by its deadline: a cancelled result, or an
    error raised because of the cancellation (e.g. a table build abandoned)."""
    if isinstance(outcome, dict):
        return outcome.get("status") == "cancelled"
    return isinstance(outcome, InputError) and "cancel" in str(outcome)
