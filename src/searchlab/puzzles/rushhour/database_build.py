"""Building the Rush Hour puzzle database: shards run by a runner, checkpointed in SQLite.

:func:`build` lists the shards of a board
(:func:`~searchlab.puzzles.rushhour.enumeration.shards`), skips those the database
already holds, runs the others on the :class:`~searchlab.families.parallel.Runner` it
is given (the CLI's: a Dask ``LocalCluster``, a distributed scheduler, or this
process; by default this process) and stores each one as it comes back (its rows and
its checkpoint in one transaction). A time limit or a cancel token stops it between
shards; what finished stays, and the next run resumes from there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from searchlab.families.parallel import InProcess, Runner
from searchlab.search.limits import CancelToken

from .database import PuzzleDatabase, Totals
from .enumeration import check, run_shard, shards, warm_up
from .kernel import prepare

WORKER_MEMORY = "2GB"
"""Memory limit of each worker process (the largest 6x6 shards use a few hundred MB)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a build stands: shards done (of all; ``done_now`` in this run), rows and
    clusters so far (finished shards, earlier runs included), time left."""

    done: int
    total: int
    done_now: int
    rows: int
    clusters: int
    seconds: float
    eta: float | None  # seconds, from this run's pace; None before the first shard


@dataclass(frozen=True, slots=True)
class Report:
    """The outcome of :func:`build`."""

    size: int
    walls: int
    done: int
    total: int
    done_now: int
    seconds: float
    stopped: str | None  # "time limit", "cancelled" or None when complete
    totals: Totals
    histogram: dict[int, int]

    @property
    def complete(self) -> bool:
        return self.done == self.total


class _Stop:
    """A cancel token that is also set once ``deadline`` (perf_counter) has passed."""

    def __init__(self, cancel: CancelToken | None, deadline: float | None) -> None:
        self.cancel = cancel
        self.deadline = deadline

    def timed_out(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def is_set(self) -> bool:
        return (self.cancel is not None and self.cancel.is_set()) or self.timed_out()


def build(
    size: int,
    walls: int,
    db: str | Path,
    *,
    runner: Runner | None = None,
    time_limit: float | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[Progress], None] | None = None,
    compiling: Callable[[], None] | None = None,
) -> Report:
    """Enumerate the puzzles of ``size`` x ``size`` with up to ``walls`` walls into ``db``.

    Parameters
    ----------
    runner : Runner, optional
        Where the shards run (default: this process, one after the other).
    time_limit : float, optional
        Seconds; no shard is started or waited for after that (finished ones stay).
    progress : callable, optional
        Called with a :class:`Progress` after each stored shard (and once at the start).
    compiling : callable, optional
        Called once when the compiled shard walk is being compiled rather than loaded
        from Numba's cache (the first run after an install: a minute or two), so a
        front end can say so. With a local runner the walk is compiled (or loaded) here,
        before any worker starts, so the workers load it from the cache instead of
        each compiling it.
    """
    check(size, walls)
    runner = InProcess() if runner is None else runner
    t0 = time.perf_counter()
    stop = _Stop(cancel, None if time_limit is None else t0 + time_limit)
    every = shards(size, walls)
    with PuzzleDatabase(db, create=True) as store:
        finished = store.done(size)
        todo = [s for s in every if s.key not in finished]
        done = len(every) - len(todo)
        before = store.totals(size, range(walls + 1))
        rows, clusters, done_now = before.rows, before.clusters, 0

        def report(eta: float | None) -> None:
            if progress is not None:
                elapsed = time.perf_counter() - t0
                progress(Progress(done, len(every), done_now, rows, clusters, elapsed, eta))

        if todo and not stop.is_set() and runner.local:
            prepare(warm_up, compiling or (lambda: None))
        report(None)
        if todo and not stop.is_set():
            results = runner.map(run_shard, todo, cancel=stop, memory_limit=WORKER_MEMORY)
            t_run = time.perf_counter()
            for result in results:
                store.save(result)
                done += 1
                done_now += 1
                rows += len(result.rows)
                clusters += result.clusters
                pace = (time.perf_counter() - t_run) / done_now
                report(pace * (len(every) - done))
                if stop.is_set():
                    break
        counts = range(walls + 1)
        totals = store.totals(size, counts)
        histogram = store.histogram(size, counts)
    stopped = None
    if done < len(every):
        stopped = "cancelled" if cancel is not None and cancel.is_set() else "time limit"
    return Report(
        size,
        walls,
        done,
        len(every),
        done_now,
        time.perf_counter() - t0,
        stopped,
        totals,
        histogram,
    )
