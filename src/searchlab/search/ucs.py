"""Uniform-cost search (Dijkstra's algorithm on an implicit graph)."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search.best_first import TieBreak, best_first_search
from searchlab.search.options import SearchOptions
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult


def uniform_cost_search(
    problem: Problem[Any, Any],
    *,
    tie_break: TieBreak = "fifo",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Uniform-cost graph search: expand the open node of least path cost g.

    Requires non-negative step costs; guarantees a minimum-cost solution, or
    ``no_solution`` after exhausting a finite space. The heuristic is ignored.

    Notes
    -----
    UNIFORM-COST-SEARCH, Russell & Norvig, AIMA 4th ed., Fig. 3.9 (best-first
    search with ``f = g``). Complexity ``O(b^(1 + C*/eps))``.
    """
    return best_first_search(
        problem, g_weight=1, h_weight=0, name="ucs", tie_break=tie_break, **options
    )
