"""Bidirectional search (breadth-first on unit costs, uniform-cost in general)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from heapq import heappop, heappush
from typing import Any, Unpack

from searchlab.search._paths import ParentTable, solved, unsolved, walk_back
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, Successor, checked_key
from searchlab.search.result import SearchResult, SearchStats

Heap = list[tuple[float, int, Any, Hashable]]


def _top(heap: Heap, dist: dict[Hashable, float]) -> float:
    """Least live g on ``heap``, discarding stale entries; ``inf`` when empty."""
    while heap and heap[0][0] > dist[heap[0][3]]:
        heappop(heap)
    return heap[0][0] if heap else math.inf


def bidirectional_search(
    problem: Problem[Any, Any], **options: Unpack[SearchOptions]
) -> SearchResult:
    """Search forward from the start and backward from the goals until the frontiers meet.

    Requires ``goal_states()`` and ``predecessors()`` on the problem and
    non-negative step costs. Each side is a uniform-cost search (on unit costs
    this is breadth-first search layer by layer); the side with the smaller
    open list is expanded next. Every time a state reached by one side is
    reached by the other, the meeting cost ``mu`` is updated, and the search
    stops when ``top_forward + top_backward >= mu``, the stopping rule that
    makes the returned cost optimal (a first meeting alone does not).
    Reports ``no_solution`` when either side is exhausted without a meeting.

    Notes
    -----
    Bidirectional search, Pohl (1971); AIMA 4th ed., §3.4.5 and Fig. 3.14
    (BIBF-SEARCH with ``f = g``); stopping rule of bidirectional Dijkstra
    (Goldberg & Harrelson 2005).
    """
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    key = problem.key
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    stats.generated = 1
    if problem.is_goal(start):
        return solved("bibfs", [], [start], 0, stats, budget)

    fwd_parents: ParentTable = {k0: (None, None, start, 0)}
    bwd_parents: ParentTable = {}  # key -> (next key toward a goal, action, state, depth)
    fwd_dist: dict[Hashable, float] = {k0: 0}
    bwd_dist: dict[Hashable, float] = {}
    fwd_heap: Heap = [(0, 0, start, k0)]
    bwd_heap: Heap = []
    seq = 0
    for goal in problem.goal_states():
        gk = checked_key(problem, goal)
        if gk not in bwd_dist:
            seq += 1
            bwd_dist[gk] = 0
            bwd_parents[gk] = (None, None, goal, 0)
            bwd_heap.append((0, seq, goal, gk))
            stats.generated += 1
    mu = math.inf
    meet: Hashable | None = None
    if k0 in bwd_dist:
        mu, meet = 0, k0

    while True:
        top_f, top_b = _top(fwd_heap, fwd_dist), _top(bwd_heap, bwd_dist)
        if top_f + top_b >= mu or top_f == math.inf or top_b == math.inf:
            break
        stats.max_frontier = max(stats.max_frontier, len(fwd_heap) + len(bwd_heap))
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved("bibfs", stats, budget, reason)
        forward = len(fwd_heap) <= len(bwd_heap)
        heap, dist, parents, other = (
            (fwd_heap, fwd_dist, fwd_parents, bwd_dist)
            if forward
            else (bwd_heap, bwd_dist, bwd_parents, fwd_dist)
        )
        expand: Callable[[Any], Iterable[Successor[Any, Any]]] = (
            problem.successors if forward else problem.predecessors
        )
        g, _, state, k = heappop(heap)
        stats.expanded += 1
        depth = parents[k][3]
        if observer is not None:
            observer(SearchEvent("expand", state, g, depth))
        for action, nbr, cost in expand(state):
            stats.generated += 1
            g2 = g + cost
            nk = key(nbr)
            if g2 >= dist.get(nk, math.inf):
                stats.duplicates += 1
                continue
            if len(fwd_dist) + len(bwd_dist) >= budget.max_nodes:
                return unsolved("bibfs", stats, budget, "max_nodes")
            dist[nk] = g2
            parents[nk] = (k, action, nbr, depth + 1)
            stats.max_depth = max(stats.max_depth, depth + 1)
            seq += 1
            heappush(heap, (g2, seq, nbr, nk))
            if observer is not None:
                observer(SearchEvent("generate", nbr, g2, depth + 1, None, action, state))
            if nk in other and g2 + other[nk] < mu:
                mu, meet = g2 + other[nk], nk

    if meet is None:
        return unsolved("bibfs", stats, budget)
    actions, states = walk_back(fwd_parents, meet)
    k = meet
    while True:  # follow the backward links from the meeting state to a goal
        next_key, action, _, _ = bwd_parents[k]
        if next_key is None:
            break
        actions.append(action)
        states.append(bwd_parents[next_key][2])
        k = next_key
    if observer is not None:
        observer(SearchEvent("solution", states[-1], mu, len(actions)))
    return solved("bibfs", actions, states, mu, stats, budget)
