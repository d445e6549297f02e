"""Iterative-deepening A* (IDA*)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from typing import Any, Unpack

from searchlab.search._paths import solved, unsolved
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, Successor, checked_key
from searchlab.search.result import SearchResult, SearchStats


def ida_star(problem: Problem[Any, Any], **options: Unpack[SearchOptions]) -> SearchResult:
    """IDA*: depth-first passes bounded by ``f = g + h``, raising the bound each pass.

    Requires non-negative step costs. With an admissible heuristic it returns
    an optimal solution using memory linear in the solution depth. A child
    already on the current path is pruned (cycle check). Terminates with
    ``no_solution`` when a pass prunes nothing by the bound, i.e. the finite
    space has been exhausted. Statistics accumulate over passes
    (``stats.iterations``).

    Notes
    -----
    IDA*, Korf (1985), "Depth-first iterative-deepening: an optimal admissible
    tree search", Artificial Intelligence 27; AIMA 4th ed., §3.5.5. Written
    with an explicit stack of child iterators instead of recursion. The goal
    test is applied to nodes within the bound when they are generated.

    Dedicated domain solvers (e.g. the 15-puzzle's) use the same scheme with
    incremental heuristics; this generic version calls ``heuristic`` per node.
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    key = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    heuristic = problem.heuristic
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    h0 = heuristic(start)
    bound = h0
    while True:
        stats.iterations += 1
        stats.generated += 1
        if is_goal(start):
            return solved("idastar", [], [start], 0, stats, budget)
        next_bound = math.inf
        states: list[Any] = [start]
        keys: list[Hashable] = [k0]
        costs: list[float] = [0]
        actions: list[Any] = []
        on_path: set[Hashable] = {k0}
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved("idastar", stats, budget, reason)
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", start, 0, 0, h0))
        stack: list[Iterator[Successor[Any, Any]]] = [iter(successors(start))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                on_path.discard(keys.pop())
                states.pop()
                costs.pop()
                if actions:
                    actions.pop()
                continue
            action, child, cost = nxt
            stats.generated += 1
            g = costs[-1] + cost
            depth = len(states)
            ck = key(child)
            if ck in on_path:
                stats.duplicates += 1
                continue
            h = heuristic(child)
            f = g + h
            if f > bound:
                if f < next_bound:
                    next_bound = f
                if observer is not None:
                    observer(SearchEvent("prune", child, g, depth, h, action, states[-1]))
                continue
            if depth > stats.max_depth:
                stats.max_depth = depth
            if observer is not None:
                observer(SearchEvent("generate", child, g, depth, h, action, states[-1]))
            if is_goal(child):
                if observer is not None:
                    observer(SearchEvent("solution", child, g, depth, h))
                return solved("idastar", [*actions, action], [*states, child], g, stats, budget)
            if stats.expanded >= budget.next_check:
                reason = budget.check(stats)
                if reason is not None:
                    return unsolved("idastar", stats, budget, reason)
            if len(states) >= budget.max_nodes:
                return unsolved("idastar", stats, budget, "max_nodes")
            stats.expanded += 1
            if observer is not None:
                observer(SearchEvent("expand", child, g, depth, h))
            states.append(child)
            keys.append(ck)
            costs.append(g)
            actions.append(action)
            on_path.add(ck)
            stack.append(iter(successors(child)))
            if len(stack) > stats.max_frontier:
                stats.max_frontier = len(stack)
        if next_bound == math.inf:
            return unsolved("idastar", stats, budget)
        bound = next_bound
