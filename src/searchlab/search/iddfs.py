"""Iterative deepening depth-first search."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search._path_dfs import CycleCheck, path_dfs
from searchlab.search._paths import solved, unsolved
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult, SearchStats


def iterative_deepening_search(
    problem: Problem[Any, Any],
    *,
    max_depth: int | None = None,
    cycle_check: CycleCheck = "path",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Depth-limited search with limits 0, 1, 2, ... until a solution appears.

    Guarantees a solution with the fewest actions, in ``O(b*d)`` memory. Unlike
    the textbook loop it **terminates on a finite unsolvable space**: when a
    pass ends without cutting off any node, deeper passes cannot find more,
    and the result is ``no_solution``. ``max_depth`` optionally caps the limit
    (status ``"limit"``, limit ``"depth_limit"``). Statistics accumulate over
    all passes; ``stats.iterations`` counts them.

    ``cycle_check`` chooses what each pass prunes: ``"path"`` (default) any
    state already on the current path; ``"parent"`` only a child equal to its
    grandparent (undoing the last action); ``"none"``: plain tree search, the
    convention of textbook node counts such as AIMA's Figure 3.29. Only
    ``"path"`` guarantees termination on a finite unsolvable space; with the
    others give ``max_depth`` or a limit.

    Notes
    -----
    ITERATIVE-DEEPENING-SEARCH, Russell & Norvig, AIMA 4th ed., Fig. 3.12;
    Korf (1985).
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    limit = 0
    while True:
        stats.iterations += 1
        out = path_dfs(
            problem, budget, stats, depth_limit=limit, observer=observer, cycle_check=cycle_check
        )
        if out.found:
            return solved("iddfs", out.actions, out.states, out.cost, stats, budget)
        if out.limit is not None:
            return unsolved("iddfs", stats, budget, out.limit)
        if not out.cutoff:
            return unsolved("iddfs", stats, budget)
        if max_depth is not None and limit >= max_depth:
            return unsolved("iddfs", stats, budget, "depth_limit")
        limit += 1
