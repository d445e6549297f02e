"""Ordered depth-first backtracking, where the caller orders the children."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Literal, Unpack

from searchlab.search._path_dfs import ChildOrder, path_dfs
from searchlab.search._paths import ParentTable, solved, unsolved, walk_back
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, checked_key
from searchlab.search.result import SearchResult, SearchStats

Memory = Literal["path", "seen"]


def backtracking_search(
    problem: Problem[Any, Any],
    *,
    order: ChildOrder | None = None,
    memory: Memory = "path",
    depth_limit: int | None = None,
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Depth-first search that tries children in the order ``order(state, children)`` gives.

    ``order`` receives the state and the list of ``(action, child, cost)``
    successors and returns them in the order to try (first tried first);
    ``None`` keeps the problem's own order. Not optimal: the first solution
    found is returned.

    ``memory="path"`` (default) is classic backtracking: only the current path
    is remembered and a child on it is pruned; after a dead end the search
    backs up and tries the next child. This is Warnsdorff's knight's tour
    search (the knight's tour backtracking article), where the order is "fewest onward moves first".

    ``memory="seen"`` is a stack search in which a state is never pushed twice:
    pop the top; stop if it is a goal; otherwise push its never-pushed children
    so that the first in ``order`` ends on top. This is the 3x3 puzzle program
    of the course's 3x3-puzzle stack-search assignment. Complete on finite spaces;
    ``observer`` sees ``expand`` events in pop order.

    Notes
    -----
    BACKTRACKING-SEARCH in the sense of AIMA 4th ed., §3.4.3 and Fig. 6.5
    (depth-first, one successor at a time, with value ordering supplied by the
    caller); Warnsdorff (1823) for the knight's tour ordering.
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    if memory == "path":
        out = path_dfs(
            problem, budget, stats, depth_limit=depth_limit, order=order, observer=observer
        )
        if out.found:
            return solved("backtrack", out.actions, out.states, out.cost, stats, budget)
        if out.limit is None and out.cutoff:
            return unsolved("backtrack", stats, budget, "depth_limit")
        return unsolved("backtrack", stats, budget, out.limit)
    if memory != "seen":
        raise ValueError(f"memory must be 'path' or 'seen', got {memory!r}")

    key = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    stats.generated = 1
    parents: ParentTable = {k0: (None, None, start, 0)}  # doubles as the "ever pushed" set
    stack: list[tuple[Any, Hashable, float, int]] = [(start, k0, 0, 0)]
    cutoff = False
    while stack:
        if len(stack) > stats.max_frontier:
            stats.max_frontier = len(stack)
        state, k, g, depth = stack.pop()
        if is_goal(state):
            if observer is not None:
                observer(SearchEvent("solution", state, g, depth))
            actions, states = walk_back(parents, k)
            return solved("backtrack", actions, states, g, stats, budget)
        if depth_limit is not None and depth >= depth_limit:
            cutoff = True
            continue
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved("backtrack", stats, budget, reason)
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", state, g, depth))
        children = list(successors(state))
        fresh = []
        batch: set[Hashable] = set()
        for action, child, cost in children:
            stats.generated += 1
            ck = key(child)
            if ck in parents or ck in batch:
                stats.duplicates += 1
                if observer is not None:
                    observer(SearchEvent("prune", child, g + cost, depth + 1, None, action, state))
                continue
            batch.add(ck)
            fresh.append((action, child, cost))
        if order is not None:
            fresh = order(state, fresh)
        for action, child, cost in reversed(fresh):  # first in order ends on top
            ck = key(child)
            if len(parents) >= budget.max_nodes:
                return unsolved("backtrack", stats, budget, "max_nodes")
            parents[ck] = (k, action, child, depth + 1)
            if depth + 1 > stats.max_depth:
                stats.max_depth = depth + 1
            if observer is not None:
                observer(SearchEvent("generate", child, g + cost, depth + 1, None, action, state))
            stack.append((child, ck, g + cost, depth + 1))
    return unsolved("backtrack", stats, budget, "depth_limit" if cutoff else None)
