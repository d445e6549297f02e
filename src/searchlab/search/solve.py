"""``solve(problem, algorithm)``: one entry point dispatching on algorithm names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from searchlab.search.astar import astar
from searchlab.search.backtrack import backtracking_search
from searchlab.search.bfs import breadth_first_search
from searchlab.search.bibfs import bidirectional_search
from searchlab.search.dfs import depth_first_search
from searchlab.search.dls import depth_limited_search
from searchlab.search.greedy import greedy_best_first_search
from searchlab.search.idastar import ida_star
from searchlab.search.iddfs import iterative_deepening_search
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult
from searchlab.search.ucs import uniform_cost_search
from searchlab.search.wastar import weighted_astar

ALGORITHMS: dict[str, Callable[..., SearchResult]] = {
    "bfs": breadth_first_search,
    "dfs": depth_first_search,
    "dls": depth_limited_search,
    "iddfs": iterative_deepening_search,
    "ucs": uniform_cost_search,
    "greedy": greedy_best_first_search,
    "astar": astar,
    "wastar": weighted_astar,
    "idastar": ida_star,
    "bibfs": bidirectional_search,
    "backtrack": backtracking_search,
}
"""Algorithm names accepted by :func:`solve`, mapped to their functions."""

OPTIMAL = frozenset({"ucs", "astar", "idastar", "bibfs"})
"""Algorithms that return a minimum-cost solution (with an admissible heuristic)."""

SHORTEST = frozenset({"bfs", "iddfs"})
"""Algorithms that return a solution with the fewest actions."""


def solve(problem: Problem[Any, Any], algorithm: str = "astar", **options: Any) -> SearchResult:
    """Solve ``problem`` with the algorithm named ``algorithm``.

    Parameters
    ----------
    problem : Problem
    algorithm : str
        One of ``ALGORITHMS``: "bfs", "dfs", "dls", "iddfs", "ucs", "greedy",
        "astar", "wastar", "idastar", "bibfs", "backtrack".
    **options
        Passed to the algorithm: the limits ``max_expansions``, ``time_limit``,
        ``max_nodes``; ``cancel``, ``progress``, ``observer``; and the
        algorithm's own options (``tie_break``, ``weight``, ``depth_limit``,
        ``graph``, ``order``, ``memory``, ``max_depth``).

    Raises
    ------
    ValueError
        For an unknown algorithm name (the message lists the valid ones).

    Examples
    --------
    >>> from searchlab.search import solve
    >>> result = solve(problem, "astar", time_limit=5)  # doctest: +SKIP
    >>> result.status, result.cost, result.stats.expanded  # doctest: +SKIP
    """
    try:
        fn = ALGORITHMS[algorithm]
    except KeyError:
        raise ValueError(
            f"unknown algorithm {algorithm!r}; valid names: {', '.join(ALGORITHMS)}"
        ) from None
    return fn(problem, **options)
