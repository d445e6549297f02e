"""Depth-limited search."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search._path_dfs import CycleCheck, path_dfs
from searchlab.search._paths import solved, unsolved
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult, SearchStats


def depth_limited_search(
    problem: Problem[Any, Any],
    *,
    depth_limit: int,
    cycle_check: CycleCheck = "path",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Depth-first tree search that does not expand nodes at ``depth_limit``.

    Finds a solution of at most ``depth_limit`` actions if one exists (not
    necessarily the shortest). Ends with ``no_solution`` when the whole space
    was explored within the limit, and with status ``"limit"`` (limit
    ``"depth_limit"``) when nodes were cut off, since a deeper solution may
    exist. Cycles on the current path are pruned (``cycle_check="path"``; or
    ``"parent"``: only undoing the last action; ``"none"``: plain tree
    search); memory is ``O(b*d)``.

    Notes
    -----
    DEPTH-LIMITED-SEARCH, Russell & Norvig, AIMA 4th ed., Fig. 3.12 ("cutoff"
    is reported as the ``depth_limit`` limit).
    """
    if depth_limit < 0:
        raise ValueError(f"depth_limit must be non-negative, got {depth_limit}")
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    out = path_dfs(
        problem, budget, stats, depth_limit=depth_limit, observer=observer, cycle_check=cycle_check
    )
    if out.found:
        return solved("dls", out.actions, out.states, out.cost, stats, budget)
    if out.limit is None and out.cutoff:
        return unsolved("dls", stats, budget, "depth_limit")
    return unsolved("dls", stats, budget, out.limit)
