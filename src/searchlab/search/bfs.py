"""Breadth-first search."""

from __future__ import annotations

from collections import deque
from typing import Any, Unpack

from searchlab.search._paths import ParentTable, solved, unsolved, walk_back
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, checked_key
from searchlab.search.result import SearchResult, SearchStats


def breadth_first_search(
    problem: Problem[Any, Any], **options: Unpack[SearchOptions]
) -> SearchResult:
    """Breadth-first graph search with the goal test applied on generation.

    Guarantees a solution with the fewest actions (whatever the step costs;
    ``cost`` reports that path's cost), or ``no_solution`` after exhausting a
    finite space. Each state is stored once, in a parent table that doubles as
    the reached set, so duplicate detection is one dictionary lookup.

    Notes
    -----
    BREADTH-FIRST-SEARCH, Russell & Norvig, AIMA 4th ed., Fig. 3.9 (FIFO queue,
    early goal test). Time and memory ``O(b^d)``.
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats(generated=1)
    key = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    if is_goal(start):
        return solved("bfs", [], [start], 0, stats, budget)
    parents: ParentTable = {k0: (None, None, start, 0)}
    frontier: deque[tuple[Any, Any, float, int]] = deque([(start, k0, 0, 0)])
    while frontier:
        if len(frontier) > stats.max_frontier:
            stats.max_frontier = len(frontier)
        state, k, g, depth = frontier.popleft()
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved("bfs", stats, budget, reason)
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", state, g, depth))
        child_depth = depth + 1
        for action, child, cost in successors(state):
            stats.generated += 1
            ck = key(child)
            if ck in parents:
                stats.duplicates += 1
                if observer is not None:
                    observer(
                        SearchEvent("prune", child, g + cost, child_depth, None, action, state)
                    )
                continue
            if len(parents) >= budget.max_nodes:
                return unsolved("bfs", stats, budget, "max_nodes")
            parents[ck] = (k, action, child, child_depth)
            stats.max_depth = child_depth
            if observer is not None:
                observer(SearchEvent("generate", child, g + cost, child_depth, None, action, state))
            if is_goal(child):
                if observer is not None:
                    observer(SearchEvent("solution", child, g + cost, child_depth))
                actions, states = walk_back(parents, ck)
                return solved("bfs", actions, states, g + cost, stats, budget)
            frontier.append((child, ck, g + cost, child_depth))
    return unsolved("bfs", stats, budget)
