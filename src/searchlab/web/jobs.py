"""Solve jobs that run off the event loop, with live progress and cancellation.

A job is a function ``run(cancel, progress) -> dict`` executed on a small
thread pool (``workers`` threads; the engine releases the GIL often enough for
the event loop to keep answering). Each job has its own ``threading.Event``
cancel token and a progress snapshot that the progress callback overwrites
(``expanded``, ``generated``, ``seconds``), so the browser can poll it.

At most ``max_pending`` jobs may be queued or running at once (a further
request gets :class:`TooBusyError`, HTTP 429), finished jobs are kept for
``keep_seconds`` and at most ``max_kept`` of them, so memory stays bounded.
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

log = logging.getLogger(__name__)

JobFn = Callable[[threading.Event, Callable[[SearchStats], None]], dict[str, Any]]


class TooBusyError(RuntimeError):
    """Too many solves are queued or running."""


@dataclass(slots=True)
class Job:
    """One solve: its state ("queued", "running", "done", "failed"), progress and result."""

    id: str
    family: str
    created: float
    cancel: threading.Event = field(default_factory=threading.Event)
    state: str = "queued"
    progress: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    error: str | None = None
    finished: float | None = None

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "family": self.family,
            "state": self.state,
            "cancelled": self.cancel.is_set(),
            "progress": dict(self.progress),
            "elapsed": round((self.finished or time.monotonic()) - self.created, 3),
        }
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out


class JobManager:
    """Runs jobs on a thread pool and keeps their outcome for a while."""

    def __init__(
        self,
        workers: int = 2,
        max_pending: int = 8,
        max_kept: int = 64,
        keep_seconds: float = 900.0,
    ) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="searchlab-solve")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self.max_pending = max_pending
        self.max_kept = max_kept
        self.keep_seconds = keep_seconds

    def submit(self, family: str, fn: JobFn) -> Job:
        """Queue ``fn``; raise :class:`TooBusyError` when too many jobs are pending."""
        with self._lock:
            self._prune()
            pending = sum(1 for j in self._jobs.values() if j.state in ("queued", "running"))
            if pending >= self.max_pending:
                raise TooBusyError(
                    f"{pending} solves are already running or queued; try again shortly"
                )
            # Unguessable ids: another page on this machine cannot read or cancel the job.
            job = Job(id=secrets.token_urlsafe(16), family=family, created=time.monotonic())
            self._jobs[job.id] = job
        self._pool.submit(self._run, job, fn)
        return job

    def _run(self, job: Job, fn: JobFn) -> None:
        job.state = "running"

        def progress(stats: SearchStats) -> None:
            job.progress = {
                "expanded": stats.expanded,
                "generated": stats.generated,
                "seconds": round(stats.seconds, 3),
            }

        try:
            if job.cancel.is_set():
                raise InputError("cancelled before it started")
            job.result = fn(job.cancel, progress)
            job.state = "done"
        except InputError as exc:
            job.error = str(exc)
            job.state = "failed"
        except MemoryError:
            job.error = "out of memory: try a smaller board or a lower node limit"
            job.state = "failed"
        except Exception as exc:  # a bug: report it, keep the server alive
            log.exception("solve job %s failed", job.id)
            job.error = f"internal error: {type(exc).__name__}: {exc}"
            job.state = "failed"
        finally:
            job.finished = time.monotonic()

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None:
            job.cancel.set()
        return job

    def _prune(self) -> None:
        now = time.monotonic()
        done = [j for j in self._jobs.values() if j.finished is not None]
        done.sort(key=lambda j: j.finished or 0.0)
        excess = len(done) - self.max_kept
        for i, j in enumerate(done):
            if i < excess or now - (j.finished or now) > self.keep_seconds:
                del self._jobs[j.id]

    def shutdown(self) -> None:
        """Cancel every job and stop the pool (used when the server stops)."""
        with self._lock:
            for j in self._jobs.values():
                j.cancel.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
