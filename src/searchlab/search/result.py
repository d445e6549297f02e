"""What every search returns: :class:`SearchResult` with :class:`SearchStats`."""

from __future__ import annotations

import resource
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from searchlab.i18n import N_

Status = Literal["solved", "impossible", "no_solution", "limit", "cancelled"]
"""The one status vocabulary of every solver, engine or dedicated, and every front end."""

STATUSES: tuple[Status, ...] = ("solved", "impossible", "no_solution", "limit", "cancelled")
LimitName = Literal["max_expansions", "time_limit", "max_nodes", "depth_limit", "cancelled"]


LIMIT_PHRASES = (
    N_("a limit"),
    N_("the time limit"),
    N_("the max nodes limit"),
    N_("the max expansions limit"),
    N_("the depth limit"),
    N_("the cancelled limit"),
)
"""Every phrase :func:`limit_phrase` answers, marked for the translation catalog (the
CLI and the page translate the phrase where they show it)."""

STAT_LABELS = {
    "expanded": N_("expanded"),
    "generated": N_("generated"),
    "duplicates": N_("duplicates"),
    "reopened": N_("reopened"),
    "max_frontier": N_("max frontier"),
    "max_depth": N_("max depth"),
    "iterations": N_("iterations"),
    "seconds": N_("seconds"),
    "peak_memory_mb": N_("peak memory mb"),
}
"""How reports name each :class:`SearchStats` field, marked for the catalog."""

STATUS_LABELS: dict[str, str] = {
    "solved": N_("solved"),
    "impossible": N_("impossible"),
    "no_solution": N_("no solution"),
    "limit": N_("stopped by a limit"),
    "cancelled": N_("cancelled"),
}
"""How human reports name each :data:`Status` (machine output keeps the status itself)."""


def limit_phrase(limit: str | None) -> str:
    """How a message names a limit: ``"time_limit"`` → "the time limit",
    ``"max_expansions"`` → "the max expansions limit", ``None`` → "a limit"."""
    if not limit:
        return "a limit"
    words = limit.replace("_", " ")
    return f"the {words}" if words.endswith(" limit") else f"the {words} limit"


@dataclass(slots=True)
class SearchStats:
    """Counters kept by every algorithm.

    Conventions: ``generated`` counts the start node and every child produced
    by ``successors()``; ``expanded`` counts nodes whose successors were
    generated (a goal is tested when selected and is not expanded);
    ``duplicates`` counts children discarded because their state was already
    known at no greater cost; ``reopened`` counts states expanded again after
    a cheaper path to them was found; ``max_frontier`` is the largest size of
    the open list (or stack); ``max_depth`` the deepest node generated;
    ``seconds`` the wall-clock time; ``peak_memory_mb`` the process's peak
    resident memory when the search ended (a process-wide figure).
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    reopened: int = 0
    max_frontier: int = 0
    max_depth: int = 0
    iterations: int = 0
    seconds: float = 0.0
    peak_memory_mb: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def peak_memory_mb() -> float | None:
    """Peak resident set size of this process in MiB, where the OS reports it."""
    try:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (AttributeError, OSError):  # pragma: no cover - non-POSIX
        return None
    # Linux reports KiB, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


@dataclass(slots=True)
class SearchResult:
    """The outcome of a search: of an engine algorithm or of a family's dedicated solver.

    ``status`` is one of :data:`STATUSES`:

    * ``"solved"``: ``actions`` and ``states`` hold a solution;
    * ``"impossible"``: proved unsolvable before or during the search (a parity,
      a position class, a theorem), ``reason`` says why;
    * ``"no_solution"``: the reachable space was exhausted without a goal;
    * ``"limit"``: a limit stopped the search, ``limit`` names it;
    * ``"cancelled"``: the cancel token stopped it (``limit`` is ``"cancelled"``
      too, so code that only asks for the limit's name keeps working).

    ``states`` starts with the start state and has one more element than
    ``actions``; both are empty unless solved. A family's ``solve`` fills them with
    move labels and the family's own states. ``extra`` holds what a solver
    reports beyond the shared fields (a tour, a rating, a method), JSON-ready.
    """

    algorithm: str
    status: Status
    actions: Sequence[Any] = field(default_factory=list)
    states: Sequence[Any] = field(default_factory=list)
    cost: float | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    limit: LimitName | None = None
    reason: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # One place turns "stopped by the cancel token" into its own status.
        if self.limit == "cancelled" and self.status == "limit":
            self.status = "cancelled"
        elif self.status == "cancelled":
            self.limit = "cancelled"

    @property
    def stopped(self) -> bool:
        """True when a limit or the cancel token ended the search (nothing was decided)."""
        return self.status in ("limit", "cancelled")

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def length(self) -> int:
        """Number of actions in the solution (0 when unsolved)."""
        return len(self.actions)

    def summary(self) -> str:
        """A one-line human-readable summary."""
        s = self.stats
        if self.solved:
            head = f"{self.algorithm}: solved, cost {self.cost:g}, {self.length} actions"
        elif self.status == "cancelled":
            head = f"{self.algorithm}: cancelled"
        elif self.status == "limit":
            head = f"{self.algorithm}: stopped by {limit_phrase(self.limit)}"
        elif self.status == "impossible":
            head = f"{self.algorithm}: impossible ({self.reason or 'proved'})"
        else:
            head = f"{self.algorithm}: no solution exists"
        return f"{head}; {s.expanded:,} expanded, {s.generated:,} generated in {s.seconds:.3f} s"
