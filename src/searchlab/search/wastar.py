"""Weighted A*."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search.best_first import TieBreak, best_first_search
from searchlab.search.options import SearchOptions
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult


def weighted_astar(
    problem: Problem[Any, Any],
    *,
    weight: float = 2.0,
    tie_break: TieBreak = "g_max",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Weighted A*: expand the open node of least ``f = g + weight * h``.

    Requires ``weight >= 1`` and non-negative step costs. With an admissible
    heuristic the solution costs at most ``weight`` times the optimum
    (``weight=1`` is A*); larger weights usually expand far fewer nodes.

    Notes
    -----
    Pohl (1970), "Heuristic search viewed as path finding in a graph"; AIMA 4th
    ed., §3.6.1 (weighted A* as BEST-FIRST-SEARCH with ``f = g + W*h``).
    """
    if not weight >= 1:  # NaN too
        raise ValueError(f"weight must be >= 1, got {weight}")
    return best_first_search(
        problem, g_weight=1, h_weight=weight, name="wastar", tie_break=tie_break, **options
    )
