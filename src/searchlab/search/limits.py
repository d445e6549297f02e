"""Limits (time, expansions, stored nodes, cancellation) shared by all algorithms.

The performance trick: an algorithm compares its expansion count with
``budget.next_check`` (one integer comparison per expansion) and only calls
:meth:`Budget.check` every ``CHECK_EVERY`` expansions, where the clock, the
cancel token and the progress callback are consulted. A search with no limits
therefore pays almost nothing for them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Protocol

from searchlab.search.result import LimitName, SearchStats, peak_memory_mb

CHECK_EVERY = 1024


class CancelToken(Protocol):
    """Anything with ``is_set()``, such as :class:`threading.Event`."""

    def is_set(self) -> bool: ...


ProgressCallback = Callable[[SearchStats], None]


class Budget:
    """Tracks the limits of one search run.

    Parameters
    ----------
    max_expansions : int, optional
        Stop after this many expansions.
    time_limit : float, optional
        Stop after this many seconds of wall-clock time.
    max_nodes : int, optional
        Stop when this many nodes are stored (a memory bound).
    cancel : CancelToken, optional
        Stop as soon as ``cancel.is_set()`` (Ctrl-C in the CLI, a cancel button on the web).
    progress : callable, optional
        Called with the statistics so far every ``CHECK_EVERY`` expansions.
    """

    __slots__ = (
        "_deadline",
        "_start",
        "cancel",
        "max_expansions",
        "max_nodes",
        "next_check",
        "progress",
        "time_limit",
    )

    def __init__(
        self,
        max_expansions: int | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        cancel: CancelToken | None = None,
        progress: ProgressCallback | None = None,
    ) -> None:
        for name, value in (
            ("max_expansions", max_expansions),
            ("time_limit", time_limit),
            ("max_nodes", max_nodes),
        ):
            if value is not None and value < 0:
                raise ValueError(f"{name} must be non-negative, got {value}")
        self.max_expansions = math.inf if max_expansions is None else max_expansions
        self.time_limit = time_limit
        self.max_nodes: float = math.inf if max_nodes is None else max_nodes
        self.cancel = cancel
        self.progress = progress
        self._start = time.perf_counter()
        self._deadline = math.inf if time_limit is None else self._start + time_limit
        self.next_check: float = min(self.max_expansions, CHECK_EVERY)

    def elapsed(self) -> float:
        return time.perf_counter() - self._start

    def remaining(self) -> float | None:
        """Seconds left before the time limit (``None``: no time limit)."""
        return None if self.time_limit is None else max(0.0, self._deadline - time.perf_counter())

    def interrupted(self) -> LimitName | None:
        """The time limit or the cancel token, checked now: for solvers whose work is
        not counted in expansions (a construction, a level of positions, a generator's
        candidates). No progress report, nothing scheduled."""
        if time.perf_counter() >= self._deadline:
            return "time_limit"
        if self.cancel is not None and self.cancel.is_set():
            return "cancelled"
        return None

    def check(self, stats: SearchStats) -> LimitName | None:
        """Called when ``stats.expanded >= next_check``: the name of the limit
        reached, or ``None`` (and the next checkpoint is scheduled)."""
        if stats.expanded >= self.max_expansions:
            return "max_expansions"
        return self.poll(stats)

    def poll(self, stats: SearchStats) -> LimitName | None:
        """Check the clock and the cancel token, report progress, schedule the next check."""
        now = time.perf_counter()
        if now >= self._deadline:
            return "time_limit"
        if self.cancel is not None and self.cancel.is_set():
            return "cancelled"
        if self.progress is not None:
            stats.seconds = now - self._start
            self.progress(stats)
        self.next_check = min(self.max_expansions, stats.expanded + CHECK_EVERY)
        return None

    def finish(self, stats: SearchStats) -> SearchStats:
        """Stamp the elapsed time and peak memory on ``stats`` and return it."""
        stats.seconds = self.elapsed()
        stats.peak_memory_mb = peak_memory_mb()
        return stats
