"""A* search."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search.best_first import TieBreak, best_first_search
from searchlab.search.options import SearchOptions
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult


def astar(
    problem: Problem[Any, Any],
    *,
    tie_break: TieBreak = "g_max",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """A* graph search: expand the open node of least ``f = g + h``.

    Requires non-negative step costs. Guarantees an optimal solution when
    ``problem.heuristic`` is admissible (never overestimates); closed states
    reached by a cheaper path are re-opened, so consistency is not required.
    Reports ``no_solution`` after exhausting a finite space.

    Parameters
    ----------
    problem : Problem
    tie_break : {"g_max", "g_min", "fifo", "lifo"}
        Order among nodes of equal f (default: prefer larger g).
    **options
        Limits, cancellation, progress and observer (:class:`SearchOptions`).

    Notes
    -----
    Follows A*-SEARCH as BEST-FIRST-SEARCH with ``f = g + h`` (Russell &
    Norvig, AIMA 4th ed., Fig. 3.7 and §3.5.2; Hart, Nilsson & Raphael 1968).
    See :mod:`searchlab.search.best_first` for the heap and table tricks.

    Examples
    --------
    >>> from searchlab.search import solve
    >>> result = solve(problem, "astar", time_limit=10)  # doctest: +SKIP
    """
    return best_first_search(
        problem, g_weight=1, h_weight=1, name="astar", tie_break=tie_break, **options
    )
