"""Depth-first tree search with a cycle check on the current path.

The shared core of tree DFS, depth-limited search, iterative deepening, IDA*
and ordered backtracking. It keeps only the current path (states, keys, costs,
actions) and one iterator of untried children per level, so memory is
``O(b*d)`` and no recursion limit applies. A child already on the path is
pruned (it would close a cycle); states on other branches may be revisited.

Pseudocode followed: RECURSIVE-DLS / DEPTH-LIMITED-SEARCH, Russell & Norvig,
AIMA 4th ed., Fig. 3.12, written iteratively, with the goal test applied when
a node is generated; with an ``f_bound``, one iteration of IDA* (Korf 1985):
a child whose ``f = g + h`` exceeds the bound is pruned, and the least such
``f`` is the next iteration's bound.

Memory is the path alone, so ``max_nodes`` (stored nodes) is compared with the
path's length: a linear-memory search is never stopped by the nodes it
generated.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from searchlab.search.events import Observer, SearchEvent
from searchlab.search.limits import Budget
from searchlab.search.problem import Problem, Successor, checked_key
from searchlab.search.result import LimitName, SearchStats

CycleCheck = Literal["path", "parent", "none"]
"""Which children a depth-first pass prunes as cycles: any state on the current
path (``"path"``, the default: finite passes on finite spaces), only the
parent's parent, i.e. undoing the last action (``"parent"``), or none
(``"none"``: plain tree search, as in textbook node counts)."""

ChildOrder = Callable[[Any, list[Successor[Any, Any]]], list[Successor[Any, Any]]]
"""``order(state, children)`` returns the children in the order to try them."""


@dataclass(slots=True)
class PathOutcome:
    """What one depth-first pass found."""

    found: bool = False
    actions: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    cost: float = 0
    cutoff: bool = False  # some node was not expanded because of the depth limit
    limit: LimitName | None = None
    next_bound: float = math.inf  # the least f above ``f_bound`` (IDA*'s next bound)


def path_dfs(
    problem: Problem[Any, Any],
    budget: Budget,
    stats: SearchStats,
    *,
    depth_limit: int | None = None,
    order: ChildOrder | None = None,
    observer: Observer | None = None,
    cycle_check: CycleCheck = "path",
    f_bound: float | None = None,
) -> PathOutcome:
    """One depth-first pass from the start, updating ``stats`` in place.

    With ``f_bound``, children whose ``g + problem.heuristic(child)`` exceeds it are
    pruned (reported with their ``h``) and :attr:`PathOutcome.next_bound` is the
    least such value: one iteration of IDA*."""
    if cycle_check not in ("path", "parent", "none"):
        raise ValueError(f"cycle_check must be 'path', 'parent' or 'none', got {cycle_check!r}")
    check_path = cycle_check == "path"
    check_parent = cycle_check == "parent"
    key = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    heuristic = problem.heuristic
    bounded = f_bound is not None
    bound = math.inf if f_bound is None else f_bound
    next_bound = math.inf
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    stats.generated += 1
    if is_goal(start):
        return PathOutcome(True, [], [start], 0)
    h: float | None = heuristic(start) if bounded else None
    if depth_limit is not None and depth_limit <= 0:
        return PathOutcome(cutoff=True)

    def children(state: Any) -> Iterator[Successor[Any, Any]]:
        if order is None:
            return iter(successors(state))
        return iter(order(state, list(successors(state))))

    states: list[Any] = [start]
    keys: list[Hashable] = [k0]
    costs: list[float] = [0]
    actions: list[Any] = []
    on_path: set[Hashable] = {k0}
    if stats.expanded >= budget.next_check:
        reason = budget.check(stats)
        if reason is not None:
            return PathOutcome(limit=reason)
    stats.expanded += 1
    if observer is not None:
        observer(SearchEvent("expand", start, 0, 0, h))
    stack: list[Iterator[Successor[Any, Any]]] = [children(start)]
    cutoff = False
    while stack:
        nxt = next(stack[-1], None)
        if nxt is None:  # all children tried: backtrack
            stack.pop()
            on_path.discard(keys.pop())
            states.pop()
            costs.pop()
            if actions:
                actions.pop()
            continue
        action, child, cost = nxt
        stats.generated += 1
        depth = len(states)  # the child's depth
        g = costs[-1] + cost
        ck = key(child)
        if ck in on_path if check_path else check_parent and len(keys) > 1 and ck == keys[-2]:
            stats.duplicates += 1
            if observer is not None:
                observer(SearchEvent("prune", child, g, depth, None, action, states[-1]))
            continue
        if bounded:
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
            return PathOutcome(True, [*actions, action], [*states, child], g)
        if depth_limit is not None and depth >= depth_limit:
            cutoff = True
            continue
        if stats.expanded >= budget.next_check:
            reason = budget.check(stats)
            if reason is not None:
                return PathOutcome(limit=reason)
        if len(states) >= budget.max_nodes:
            return PathOutcome(limit="max_nodes")
        stats.expanded += 1
        if observer is not None:
            observer(SearchEvent("expand", child, g, depth, h))
        states.append(child)
        keys.append(ck)
        costs.append(g)
        actions.append(action)
        on_path.add(ck)
        stack.append(iter(successors(child)) if order is None else children(child))
        if len(stack) > stats.max_frontier:
            stats.max_frontier = len(stack)
    return PathOutcome(cutoff=cutoff, next_bound=next_bound)
