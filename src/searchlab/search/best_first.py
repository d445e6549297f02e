"""Best-first graph search, the shared core of UCS, greedy, A* and weighted A*.

Pseudocode followed: BEST-FIRST-SEARCH, Russell & Norvig, *Artificial
Intelligence: A Modern Approach*, 4th ed., Figure 3.7, with the
evaluation function ``f(n) = g_weight * g(n) + h_weight * h(n)``.

Performance tricks, each named where it lives below:

* **Binary heap with lazy deletion.** The open list is a ``heapq`` of
  ``(f, tie, seq, g, depth, state, key)`` tuples. Improving a state's cost
  pushes a new entry; the old one is recognised as *stale* when popped
  (``g > best_g[key]``) and skipped. No linear membership scan ever happens.
* **Best-g table.** ``best_g`` maps each state key to the cheapest cost found;
  a child no cheaper than its table entry is a duplicate and is dropped at once.
* **Re-opening.** A closed state reached again by a strictly cheaper path is
  pushed again (and counted in ``stats.reopened``), so A* stays optimal with an
  admissible but inconsistent heuristic.
* **Tie-breaking** among equal ``f`` is a policy (see :data:`TIE_BREAKS`);
  the default, ``"g_max"``, prefers deeper nodes, which on unit-cost puzzles
  reaches the goal after expanding far fewer nodes of the last f-layer.
"""

from __future__ import annotations

from collections.abc import Hashable
from heapq import heappop, heappush
from typing import Any, Literal, Unpack

from searchlab.search._paths import ParentTable, solved, unsolved, walk_back
from searchlab.search.events import SearchEvent
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem, checked_key
from searchlab.search.result import SearchResult, SearchStats

TieBreak = Literal["g_max", "g_min", "fifo", "lifo"]
TIE_BREAKS: dict[str, str] = {
    "g_max": "prefer the larger g (deeper nodes) among equal f; the default",
    "g_min": "prefer the smaller g among equal f",
    "fifo": "prefer the node generated first",
    "lifo": "prefer the node generated last",
}


def best_first_search(
    problem: Problem[Any, Any],
    *,
    g_weight: float,
    h_weight: float,
    name: str,
    reopen: bool = True,
    tie_break: TieBreak = "g_max",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Graph search that always expands the open node of least ``g_weight*g + h_weight*h``.

    Requires non-negative step costs. With ``g_weight=1`` and an admissible
    heuristic (``h_weight=1``) the first goal selected for expansion is optimal
    (re-opening makes this hold for inconsistent heuristics too). The goal test
    is applied when a node is selected, not when it is generated.

    ``options`` are the engine's limits, cancel token, progress callback and
    observer (:class:`~searchlab.search.options.SearchOptions`); a misspelt one
    raises :class:`TypeError`.

    Complexity: ``O(b^d)`` time and memory in the worst case; each heap
    operation costs ``O(log n)``.
    """
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"unknown tie_break {tie_break!r}; choose one of {', '.join(TIE_BREAKS)}")
    budget, observer = budget_and_observer(options)
    stats = SearchStats()
    successors = problem.successors
    is_goal = problem.is_goal
    key = problem.key
    use_h = h_weight != 0
    heuristic = problem.heuristic

    start = problem.initial_state()
    k0 = checked_key(problem, start)
    h0 = heuristic(start) if use_h else 0
    parents: ParentTable = {k0: (None, None, start, 0)}
    best_g: dict[Hashable, float] = {k0: 0}
    closed: set[Hashable] = set()
    seq = 0
    # Tie component: smaller sorts first, so "g_max" stores -g and "lifo" stores -seq.
    by_g_max = tie_break == "g_max"
    by_g_min = tie_break == "g_min"
    lifo = tie_break == "lifo"
    heap: list[tuple[float, float, int, float, int, Any, Hashable]] = [
        (h_weight * h0, 0, 0, 0, 0, start, k0)
    ]
    stats.generated = 1
    if observer is not None:
        observer(SearchEvent("generate", start, 0, 0, h0 if use_h else None))

    while heap:
        if len(heap) > stats.max_frontier:
            stats.max_frontier = len(heap)
        _, _, _, g, depth, state, k = heappop(heap)
        if g > best_g[k]:  # stale entry: a cheaper path to this state was pushed later
            continue
        if is_goal(state):
            if observer is not None:
                observer(SearchEvent("solution", state, g, depth))
            actions, states = walk_back(parents, k)
            return solved(name, actions, states, g, stats, budget)
        if k in closed:  # re-opened: expanded before, now reached more cheaply
            stats.reopened += 1
        else:
            closed.add(k)
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return unsolved(name, stats, budget, reason)
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", state, g, depth))
        child_depth = depth + 1
        for action, child, cost in successors(state):
            stats.generated += 1
            g2 = g + cost
            ck = key(child)
            old = best_g.get(ck)
            if old is not None and (g2 >= old or not reopen):
                stats.duplicates += 1
                if observer is not None:
                    observer(SearchEvent("prune", child, g2, child_depth, None, action, state))
                continue
            if old is None and len(best_g) >= budget.max_nodes:
                return unsolved(name, stats, budget, "max_nodes")
            best_g[ck] = g2
            parents[ck] = (k, action, child, child_depth)
            h = heuristic(child) if use_h else 0
            seq += 1
            tie = -g2 if by_g_max else g2 if by_g_min else -seq if lifo else 0
            heappush(heap, (g_weight * g2 + h_weight * h, tie, seq, g2, child_depth, child, ck))
            if child_depth > stats.max_depth:
                stats.max_depth = child_depth
            if observer is not None:
                observer(
                    SearchEvent(
                        "generate", child, g2, child_depth, h if use_h else None, action, state
                    )
                )
    return unsolved(name, stats, budget)
