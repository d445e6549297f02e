"""Depth-first search, as graph search or as tree search with a path cycle check."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Unpack

from searchlab.search._path_dfs import path_dfs
from searchlab.search._paths import ParentTable, solved, unsolved, walk_back
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, checked_key
from searchlab.search.result import SearchResult, SearchStats


def depth_first_search(
    problem: Problem[Any, Any],
    *,
    graph: bool = True,
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Depth-first search; not optimal, returns the first solution found.

    ``graph=True`` (default): graph search with a LIFO stack and an explored
    set, so each state is expanded at most once; complete on finite spaces and
    reports ``no_solution`` once the space is exhausted. Memory ``O(states)``.

    ``graph=False``: tree search that keeps only the current path and prunes a
    child already on it (a cycle). Memory ``O(b*d)``; complete on finite
    spaces, but may revisit states on different branches exponentially often.

    Notes
    -----
    DEPTH-FIRST search as BEST-FIRST-SEARCH with a LIFO frontier and a reached
    table (graph), or the path-checking tree search of AIMA 4th ed., §3.4.3.
    The graph version marks a state explored when it is popped, which keeps
    the true depth-first order; the goal test is applied when popped.
    """
    if not graph:
        budget, observer = budget_and_observer(options)
        stats = SearchStats()
        out = path_dfs(problem, budget, stats, observer=observer)
        if out.found:
            return solved("dfs", out.actions, out.states, out.cost, stats, budget)
        return unsolved("dfs", stats, budget, out.limit)

    budget, observer = budget_and_observer(options)
    stats = SearchStats(generated=1)
    key = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    parents: ParentTable = {}
    # Stack entries: (state, key, parent key, action, cost so far, depth)
    stack: list[tuple[Any, Hashable, Hashable | None, Any, float, int]] = [
        (start, k0, None, None, 0, 0)
    ]
    while stack:
        if len(stack) > stats.max_frontier:
            stats.max_frontier = len(stack)
        state, k, parent_key, action, g, depth = stack.pop()
        if k in parents:  # explored already through another path
            continue
        parents[k] = (parent_key, action, state, depth)
        if is_goal(state):
            if observer is not None:
                observer(SearchEvent("solution", state, g, depth))
            actions, states = walk_back(parents, k)
            return solved("dfs", actions, states, g, stats, budget)
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved("dfs", stats, budget, reason)
        if len(parents) + len(stack) >= budget.max_nodes:
            return unsolved("dfs", stats, budget, "max_nodes")
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", state, g, depth))
        # Push in reverse so the first successor is explored first.
        children = list(successors(state))
        for child_action, child, cost in reversed(children):
            stats.generated += 1
            ck = key(child)
            if ck in parents:
                stats.duplicates += 1
                if observer is not None:
                    observer(
                        SearchEvent("prune", child, g + cost, depth + 1, None, child_action, state)
                    )
                continue
            if depth + 1 > stats.max_depth:
                stats.max_depth = depth + 1
            if observer is not None:
                observer(
                    SearchEvent("generate", child, g + cost, depth + 1, None, child_action, state)
                )
            stack.append((child, ck, k, child_action, g + cost, depth + 1))
    return unsolved("dfs", stats, budget)
