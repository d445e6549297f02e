"""Path bookkeeping shared by the algorithms: parent tables and result building."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from searchlab.search.limits import Budget
from searchlab.search.result import LimitName, SearchResult, SearchStats, Status

# key -> (parent key or None, action that led here, state, depth)
ParentTable = dict[Hashable, tuple[Hashable | None, Any, Any, int]]


def walk_back(parents: ParentTable, key: Hashable) -> tuple[list[Any], list[Any]]:
    """Actions and states from the root to ``key`` by following parent links."""
    actions: list[Any] = []
    states: list[Any] = []
    k: Hashable | None = key
    while k is not None:
        parent_key, action, state, _ = parents[k]
        states.append(state)
        if parent_key is not None:
            actions.append(action)
        k = parent_key
    actions.reverse()
    states.reverse()
    return actions, states


def solved(
    name: str,
    actions: list[Any],
    states: list[Any],
    cost: float,
    stats: SearchStats,
    budget: Budget,
) -> SearchResult:
    return SearchResult(name, "solved", actions, states, cost, budget.finish(stats))


def unsolved(
    name: str, stats: SearchStats, budget: Budget, limit: LimitName | None = None
) -> SearchResult:
    """``no_solution`` when ``limit`` is None, else ``limit`` with its name."""
    status: Status = "no_solution" if limit is None else "limit"
    return SearchResult(name, status, stats=budget.finish(stats), limit=limit)
