"""Iterative-deepening A* (IDA*)."""

from __future__ import annotations

import math
from typing import Any, Unpack

from searchlab.search._path_dfs import path_dfs
from searchlab.search._paths import solved, unsolved
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult, SearchStats


def ida_star(problem: Problem[Any, Any], **options: Unpack[SearchOptions]) -> SearchResult:
    """IDA*: depth-first passes bounded by ``f = g + h``, raising the bound each pass.

    Requires non-negative step costs. With an admissible heuristic it returns
    an optimal solution using memory linear in the solution depth (``max_nodes``
    bounds that path, not the nodes generated). A child already on the current
    path is pruned (cycle check). Terminates with ``no_solution`` when a pass
    prunes nothing by the bound, i.e. the finite space has been exhausted.
    Statistics accumulate over passes (``stats.iterations``).

    Notes
    -----
    IDA*, Korf (1985), "Depth-first iterative-deepening: an optimal admissible
    tree search", Artificial Intelligence 27; AIMA 4th ed., §3.5.5. Each pass
    is the path DFS of :func:`~searchlab.search._path_dfs.path_dfs` with an
    ``f`` bound (an explicit stack of child iterators instead of recursion);
    the goal test is applied to nodes within the bound when they are generated.

    Dedicated domain solvers (e.g. the 15-puzzle's) use the same scheme with
    incremental heuristics; this generic version calls ``heuristic`` per node.
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    bound = problem.heuristic(problem.initial_state())
    while True:
        stats.iterations += 1
        out = path_dfs(problem, budget, stats, observer=observer, f_bound=bound)
        if out.found:
            return solved("idastar", out.actions, out.states, out.cost, stats, budget)
        if out.limit is not None:
            return unsolved("idastar", stats, budget, out.limit)
        if out.next_bound == math.inf:
            return unsolved("idastar", stats, budget)
        bound = out.next_bound
