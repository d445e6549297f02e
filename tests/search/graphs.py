"""Test problems for the engine: random weighted digraphs and an infinite line."""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Iterator
from heapq import heappop, heappush

from searchlab.search import Problem


class GraphProblem(Problem[int, tuple[int, int]]):
    """Search from node 0 to ``goal`` on an explicit weighted digraph."""

    def __init__(
        self,
        edges: dict[int, list[tuple[int, float]]],
        goal: int,
        h: dict[int, float] | None = None,
    ) -> None:
        self.edges = edges
        self.goal = goal
        self.h = h or {}
        self.reverse: dict[int, list[tuple[int, float]]] = {n: [] for n in edges}
        for u, out in edges.items():
            for v, c in out:
                self.reverse[v].append((u, c))

    def initial_state(self) -> int:
        return 0

    def is_goal(self, state: int) -> bool:
        return state == self.goal

    def successors(self, state: int) -> Iterator[tuple[tuple[int, int], int, float]]:
        for v, c in self.edges[state]:
            yield (state, v), v, c

    def heuristic(self, state: int) -> float:
        return self.h.get(state, 0)

    def goal_states(self) -> list[int]:
        return [self.goal]

    def predecessors(self, state: int) -> Iterator[tuple[tuple[int, int], int, float]]:
        for u, c in self.reverse[state]:
            yield (u, state), u, c


def random_graph(seed: int, n: int = 30, degree: int = 3, unit: bool = False) -> GraphProblem:
    """A random digraph on ``n`` nodes; costs 1..9 (or 1 when ``unit``); goal n-1."""
    rng = random.Random(seed)
    edges: dict[int, list[tuple[int, float]]] = {i: [] for i in range(n)}
    for u in range(n):
        for v in rng.sample(range(n), k=min(degree, n)):
            if v != u:
                edges[u].append((v, 1 if unit else rng.randint(1, 9)))
    return GraphProblem(edges, n - 1)


def dijkstra_to_goal(problem: GraphProblem) -> dict[int, float]:
    """Exact distance from every node to the goal (independent reference)."""
    dist = {n: math.inf for n in problem.edges}
    dist[problem.goal] = 0
    heap: list[tuple[float, int]] = [(0, problem.goal)]
    while heap:
        d, v = heappop(heap)
        if d > dist[v]:
            continue
        for u, c in problem.reverse[v]:
            if d + c < dist[u]:
                dist[u] = d + c
                heappush(heap, (d + c, u))
    return dist


def bfs_steps(problem: GraphProblem) -> float:
    """Fewest edges from 0 to the goal (independent reference)."""
    seen = {0: 0}
    queue = deque([0])
    while queue:
        u = queue.popleft()
        if u == problem.goal:
            return seen[u]
        for v, _ in problem.edges[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                queue.append(v)
    return math.inf


def path_cost(problem: GraphProblem, states: list[int]) -> float:
    """Replay ``states`` along real edges and return the cost (fails on a bad step)."""
    assert states[0] == 0
    total = 0.0
    for u, v in itertools.pairwise(states):
        costs = [c for w, c in problem.edges[u] if w == v]
        assert costs, f"no edge {u}->{v}"
        total += min(costs)
    return total


class Line(Problem[int, str]):
    """An infinite line 0, 1, 2, ... with an unreachable goal (for limit tests)."""

    def initial_state(self) -> int:
        return 0

    def is_goal(self, state: int) -> bool:
        return state < 0

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        yield "+1", state + 1, 1
        yield "+2", state + 2, 1

    def goal_states(self) -> list[int]:
        return [-1]

    def predecessors(self, state: int) -> Iterator[tuple[str, int, float]]:
        yield "-1", state - 1, 1
